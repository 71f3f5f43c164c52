import Testing
import TransmarkCore
import TransmarkText

/// `color=auto` through a pipe (`transmark … -t ansi | less -R`): off, unless `CLICOLOR_FORCE` or
/// `FORCE_COLOR` forces it; `-O color=always` always works.
@Suite struct ForcedColorTests {
    static func depth(_ variables: [String: String], terminal: Bool = false, options: ANSIBackend.Options = .init()) -> ANSIColorDepth {
        options.resolvedColorDepth(in: TerminalEnvironment(isTerminal: terminal, variables: variables))
    }

    @Test func aPipeHasNoColorsUnlessForced() {
        #expect(Self.depth([:]) == .none)
        #expect(Self.depth(["TERM": "xterm-256color"]) == .none)
        #expect(Self.depth(["CLICOLOR_FORCE": "1", "TERM": "xterm-256color"]) == .ansi256)
        #expect(Self.depth(["FORCE_COLOR": "1", "COLORTERM": "truecolor"]) == .ansi16, "FORCE_COLOR=1 names 16 colors")
        #expect(Self.depth(["FORCE_COLOR": "", "COLORTERM": "truecolor"]) == .truecolor, "no level: the depth is detected")
        #expect(Self.depth(["FORCE_COLOR": "true", "TERM": "xterm"]) == .ansi16)
        #expect(Self.depth(["FORCE_COLOR": "3"]) == .truecolor)
        #expect(Self.depth(["FORCE_COLOR": "2"]) == .ansi256)
    }

    @Test func zeroDoesNotForce() {
        #expect(Self.depth(["CLICOLOR_FORCE": "0", "TERM": "xterm"]) == .none)
        #expect(Self.depth(["CLICOLOR_FORCE": "", "TERM": "xterm"]) == .none)
        #expect(Self.depth(["FORCE_COLOR": "0", "TERM": "xterm"]) == .none)
        #expect(Self.depth(["FORCE_COLOR": "false", "TERM": "xterm"]) == .none)
        #expect(Self.depth(["TERM": "xterm"], terminal: true) == .ansi16)
    }

    @Test func forcingWinsOverNoColorAndDumbButNotOverNever() {
        #expect(Self.depth(["CLICOLOR_FORCE": "1", "NO_COLOR": "1", "TERM": "dumb"]) == .ansi16)
        #expect(Self.depth(["NO_COLOR": "1"], terminal: true) == .none)
        var never = ANSIBackend.Options()
        never.color = .never
        #expect(Self.depth(["CLICOLOR_FORCE": "1"], options: never) == .none)
        var explicit = ANSIBackend.Options()
        explicit.colors = .ansi256
        #expect(Self.depth(["FORCE_COLOR": "3"], options: explicit) == .ansi256, "an explicit depth wins")
    }

    /// The README's example: colors and hyperlinks in the output written to a pipe.
    @Test func colorAlwaysThroughAPipeWritesEscapesAndHyperlinks() throws {
        var b = DocumentBuilder()
        b.open(.paragraph)
        b.open(.strong); b.text("bold"); b.close()
        b.text(" and ")
        b.open(.link(destination: "https://example.com", title: "")); b.text("a link"); b.close()
        b.close()
        let document = b.finish()
        var always = ANSIBackend.Options()
        always.color = .always
        let piped = TerminalEnvironment(isTerminal: false, variables: ["TERM": "xterm-256color"])
        let written = String(decoding: try ANSIBackend(environment: piped).render(document, options: always), as: UTF8.self)
        #expect(written.contains("\u{1B}["))
        #expect(written.contains("\u{1B}]8;") && written.contains("https://example.com"))
        let forced = TerminalEnvironment(isTerminal: false, variables: ["CLICOLOR_FORCE": "1", "TERM": "xterm-256color"])
        let auto = String(decoding: try ANSIBackend(environment: forced).render(document, options: .init()), as: UTF8.self)
        #expect(auto == written)
        let plain = String(decoding: try ANSIBackend(environment: piped).render(document, options: .init()), as: UTF8.self)
        #expect(!plain.contains("\u{1B}]8;"))
        #expect(plain.contains("(https://example.com)"), "without colors the target is shown as text")
    }
}
