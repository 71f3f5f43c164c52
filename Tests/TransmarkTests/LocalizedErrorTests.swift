import Foundation
import Testing
import Transmark
import TransmarkCLI

/// `TransmarkError` is a `LocalizedError` (with `import Transmark`): `localizedDescription` is the
/// line the command line prints, not Foundation's "The operation could not be completed".
@Suite struct LocalizedErrorTests {
    @Test func localizedDescriptionIsTheMessage() {
        let errors: [TransmarkError] = [
            .unknownFormat("docx", known: ["html", "markdown"]),
            .malformedOption("width"),
            .invalidSelector("li >", message: "a selector is missing after the combinator", offset: 4),
        ]
        for error in errors {
            let erased: any Error = error
            #expect(erased.localizedDescription == error.description)
            #expect((erased as? any LocalizedError)?.errorDescription == error.description)
        }
    }

    @Test func aThrownErrorReadsAsTheCommandLineLine() throws {
        do {
            _ = try Transmark.convert("x", from: "docx", to: "html")
            Issue.record("expected an error")
        } catch {
            let streams = CapturedStreams(stdin: "x")
            _ = CommandLineTool.run(arguments: ["convert", "-f", "docx"], registry: .standard, environment: streams.environment)
            #expect("transmark: error: \(error.localizedDescription)\n" == streams.errors)
            #expect(!error.localizedDescription.contains("could not be completed"))
        }
    }
}
