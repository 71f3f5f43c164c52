import ArgumentParser
import Foundation
import TransmarkCore

/// The `transmark` command.
public struct TransmarkCommand: ParsableCommand {
    /// The command's name, help and subcommands (`convert`, the default, `select`, `formats`, `transforms`).
    public static let configuration = CommandConfiguration(
        commandName: "transmark",
        abstract: "Convert markup between formats: Markdown, HTML, tree dumps and more.",
        subcommands: [ConvertCommand.self, SelectCommand.self, FormatsCommand.self, TransformsCommand.self],
        defaultSubcommand: ConvertCommand.self)

    /// The defaults.
    public init() {}
}

/// The registry and streams the commands use; set by `CommandLineTool.run`.
enum CommandContext {
    nonisolated(unsafe) static var registry = Registry()
    nonisolated(unsafe) static var environment = CommandEnvironment.process
}

/// Runs the `transmark` command line against any registry: the executable passes
/// `Registry.standard`, tests pass their own.
public enum CommandLineTool {
    private static let lock = NSLock()

    /// Parses `arguments` (without the program name), runs the command and returns the exit code.
    /// Every error becomes one line on standard error and a non-zero code. With no arguments and
    /// standard input a terminal, the help is written instead (exit code 0).
    public static func run(arguments: [String], registry: Registry, environment: CommandEnvironment = .process) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        CommandContext.registry = registry
        CommandContext.environment = environment
        if environment.handlesInterrupts { InterruptCleanup.install() }
        // No arguments on a terminal: nobody is typing a document, so say how to use the tool
        // rather than wait silently. (Piped input with no arguments is converted as before.)
        if arguments.isEmpty && environment.standardInputIsTerminal() {
            do {
                try environment.writeStandardOutput(Array((TransmarkCommand.helpMessage() + "\n").utf8))
            } catch {
                environment.writeStandardError("transmark: error: \(error)\n")
                return 1
            }
            return 0
        }
        do {
            var command = try TransmarkCommand.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let exit as ExitCode {
            // The command has already said why (a folder run's summary).
            return exit.rawValue
        } catch let error as TransmarkError {
            environment.writeStandardError("transmark: error: \(error.description)\n")
            return 1
        } catch {
            let code = TransmarkCommand.exitCode(for: error)
            let message = TransmarkCommand.fullMessage(for: error)
            if code == .success {
                do {
                    try environment.writeStandardOutput(Array((message + "\n").utf8))
                } catch {
                    environment.writeStandardError("transmark: error: \(error)\n")
                    return 1
                }
                return 0
            }
            environment.writeStandardError(message.hasSuffix("\n") ? message : message + "\n")
            return code.rawValue
        }
    }
}
