import Foundation
import Synchronization
import Testing
import Transmark
import TransmarkCLI

/// `transmark` with no arguments on a terminal prints its help instead of waiting silently for
/// standard input; piped input with no arguments is still converted.
@Suite struct NoArgumentsHelpTests {
    func run(_ arguments: [String], stdin: String, terminal: Bool) -> (code: Int32, out: String, err: String, read: Bool) {
        let streams = CapturedStreams(stdin: stdin)
        let read = Mutex(false)
        var environment = streams.environment
        let original = environment.readStandardInput
        environment.readStandardInput = { read.withLock { $0 = true }; return try original() }
        environment.standardInputIsTerminal = { terminal }
        let code = CommandLineTool.run(arguments: arguments, registry: .standard, environment: environment)
        return (code, streams.output, streams.errors, read.withLock { $0 })
    }

    @Test func aTerminalWithNoArgumentsGetsTheHelp() {
        let r = run([], stdin: "# never read\n", terminal: true)
        #expect(r.code == 0)
        #expect(!r.read)
        #expect(r.out.contains("USAGE: transmark"))
        #expect(r.out.contains("SUBCOMMANDS:"))
        #expect(r.err.isEmpty)
    }

    @Test func pipedInputWithNoArgumentsIsConverted() {
        let r = run([], stdin: "# Hi\n", terminal: false)
        #expect(r.code == 0)
        #expect(r.read)
        #expect(r.out == "<h1>Hi</h1>\n")
    }

    @Test func argumentsOnATerminalStillRun() {
        let r = run(["-t", "text"], stdin: "*a*\n", terminal: true)
        #expect(r.out == "a\n")
    }
}
