import Testing
import TransmarkCore

@Suite struct OptionsTests {
    struct SampleOptions: FormatOptions {
        enum Mode: String, CaseIterable, Sendable { case fast, careful }
        var verbose = false
        var width = 80
        var mode = Mode.fast
        var name = "x"
        init() {}
        static var optionSpecs: [OptionSpec<SampleOptions>] {
            [
                .bool("verbose", \.verbose, summary: "talk more"),
                .int("width", \.width, range: 0...1000, summary: "wrap width"),
                .choice("mode", \.mode, summary: "how"),
                .string("name", \.name, summary: "a name"),
            ]
        }
    }

    @Test func parsesKeyValues() throws {
        let o = try SampleOptions(parsing: ["verbose=yes", "width=1_000", "mode=careful", "name=a=b"])
        #expect(o.verbose)
        #expect(o.width == 1000)
        #expect(o.mode == .careful)
        #expect(o.name == "a=b")
    }

    @Test func unknownKeyNamesAcceptedKeys() {
        #expect(throws: TransmarkError.unknownOption(key: "colour", formats: ["sample"], accepted: ["verbose", "width", "mode", "name"])) {
            _ = try SampleOptions(parsing: ["colour=red"], format: "sample")
        }
    }

    @Test(arguments: ["verbose=maybe", "width=-1", "width=abc", "width=1001", "mode=slow"])
    func badValuesAreTypedErrors(_ text: String) {
        #expect(throws: TransmarkError.self) { _ = try SampleOptions(parsing: [text]) }
        do {
            _ = try SampleOptions(parsing: [text])
        } catch let error as TransmarkError {
            guard case .invalidOptionValue(let key, _, let accepted) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(text.hasPrefix(key))
            #expect(!accepted.isEmpty)
        } catch {
            Issue.record("untyped error \(error)")
        }
    }

    @Test func malformed() {
        #expect(throws: TransmarkError.malformedOption("width")) { _ = try SampleOptions(parsing: ["width"]) }
    }

    @Test func helpShowsDefaults() {
        let help = SampleOptions.optionHelp
        #expect(help.map(\.key) == ["verbose", "width", "mode", "name"])
        #expect(help.map(\.defaultValue) == ["false", "80", "fast", "x"])
        #expect(help[2].accepted == "fast|careful")
    }
}
