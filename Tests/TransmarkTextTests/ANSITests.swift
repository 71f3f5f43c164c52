import Testing
import TransmarkCore
@testable import TransmarkText

@Suite struct ANSITests {
    @Test func innerCloseRestoresOuterStyle() throws {
        let d = makeDocument { b in
            b.block(.paragraph) { b in
                b.block(.strong) { b in
                    b.text("bold ")
                    b.inline(.emphasis, "both")
                    b.text(" bold")
                }
                b.text(" plain")
            }
        }
        #expect(try ansi(d) == "\u{1B}[1mbold \u{1B}[3mboth\u{1B}[23m bold\u{1B}[0m plain\n")
    }

    @Test func closingBoldKeepsDim() throws {
        let d = makeDocument { b in
            b.block(.paragraph) { b in
                b.block(.span, style: { var s = Style(); s.fontWeight = .weight(300); return s }()) { b in
                    b.text("dim ")
                    b.inline(.strong, "dim+bold")
                    b.text(" dim")
                }
            }
        }
        // SGR 22 turns off both bold and dim, so dim is turned on again.
        #expect(try ansi(d) == "\u{1B}[2mdim \u{1B}[1mdim+bold\u{1B}[22;2m dim\u{1B}[0m\n")
    }

    @Test func everyLineEndsResetAndTheNextReopens() throws {
        let d = makeDocument { b in
            b.block(.paragraph) { b in b.inline(.strong, "one two three four") }
        }
        #expect(try ansi(d, ["width=9"]) == "\u{1B}[1mone two\u{1B}[0m\n\u{1B}[1mthree\u{1B}[0m\n\u{1B}[1mfour\u{1B}[0m\n")
    }

    @Test func hyperlinksAreClosedAtLineEndsAndReopened() throws {
        let d = makeDocument { b in
            b.block(.paragraph) { b in b.inline(.link(destination: "https://x.org", title: ""), "aaa bbb") }
        }
        let out = try ansi(d, ["width=4"])
        #expect(out == "\u{1B}]8;id=tm0;https://x.org\u{1B}\\\u{1B}[4;94maaa\u{1B}]8;;\u{1B}\\\u{1B}[0m\n"
            + "\u{1B}]8;id=tm0;https://x.org\u{1B}\\\u{1B}[4;94mbbb\u{1B}]8;;\u{1B}\\\u{1B}[0m\n")
        #expect(stripEscapes(try ansi(d, ["hyperlinks=false"])) == "aaa bbb (https://x.org)\n")
    }

    @Test func cssColorsInEveryDepth() throws {
        var style = Style()
        style.color = .rgba(RGBAColor(red: 255, green: 0, blue: 0))
        style.backgroundColor = .rgba(RGBAColor(red: 0, green: 0, blue: 128))
        let d = makeDocument { b in b.block(.paragraph) { $0.inline(.span, "red", style: style) } }
        #expect(try ansi(d, ["colors=truecolor"]) == "\u{1B}[38;2;255;0;0;48;2;0;0;128mred\u{1B}[0m\n")
        #expect(try ansi(d, ["colors=256"]) == "\u{1B}[38;5;196;48;5;18mred\u{1B}[0m\n")
        #expect(try ansi(d, ["colors=16"]) == "\u{1B}[91;44mred\u{1B}[0m\n")
        #expect(try ansi(d, ["colors=none"]) == "red\n")
        #expect(try ansi(d, ["color=never"]) == "red\n")
    }

    @Test func cssWeightStyleAndDecoration() throws {
        var style = Style()
        style.fontWeight = .weight(600)
        style.fontStyle = .italic
        style.textDecoration = [.underline, .lineThrough]
        let d = makeDocument { b in b.block(.paragraph) { $0.inline(.span, "x", style: style) } }
        #expect(try ansi(d) == "\u{1B}[1;3;4;9mx\u{1B}[0m\n")
    }

    @Test func downsampling() {
        #expect(ANSIColor.rgb(255, 0, 0).downsampled(to: .ansi256) == .indexed(196))
        #expect(ANSIColor.rgb(128, 128, 128).downsampled(to: .ansi256) == .indexed(244))
        #expect(ANSIColor.rgb(0, 0, 0).downsampled(to: .ansi256) == .indexed(16))
        #expect(ANSIColor.rgb(255, 255, 255).downsampled(to: .ansi256) == .indexed(231))
        #expect(ANSIColor.rgb(0, 200, 0).downsampled(to: .ansi16) == .basic(2))
        #expect(ANSIColor.rgb(250, 250, 0).downsampled(to: .ansi16) == .basic(11))
        #expect(ANSIColor.indexed(236).downsampled(to: .ansi16) == .basic(0))
        #expect(ANSIColor.indexed(196).downsampled(to: .ansi16) == .basic(9))
        #expect(ANSIColor.indexed(5).downsampled(to: .ansi16) == .basic(5))
        #expect(ANSIColor.basic(3).downsampled(to: .ansi256) == .basic(3))
        #expect(ANSIColor.rgb(1, 2, 3).downsampled(to: .none) == nil)
    }

    @Test func autoColorFollowsTheEnvironment() {
        var options = ANSIBackend.Options()
        #expect(options.resolvedColorDepth(in: TerminalEnvironment(isTerminal: false)) == .none)
        #expect(options.resolvedColorDepth(in: TerminalEnvironment(isTerminal: true, noColor: true)) == .none)
        #expect(options.resolvedColorDepth(in: TerminalEnvironment(isTerminal: true, term: "dumb")) == .none)
        #expect(options.resolvedColorDepth(in: TerminalEnvironment(isTerminal: true, colorTerm: "truecolor")) == .truecolor)
        #expect(options.resolvedColorDepth(in: TerminalEnvironment(isTerminal: true, colorTerm: "24bit")) == .truecolor)
        #expect(options.resolvedColorDepth(in: TerminalEnvironment(isTerminal: true, term: "xterm-256color")) == .ansi256)
        #expect(options.resolvedColorDepth(in: TerminalEnvironment(isTerminal: true, term: "xterm")) == .ansi16)
        options.colors = .ansi16
        #expect(options.resolvedColorDepth(in: TerminalEnvironment(isTerminal: true, colorTerm: "truecolor")) == .ansi16,
                "an explicit depth wins over COLORTERM")
        options.color = .always
        #expect(options.resolvedColorDepth(in: TerminalEnvironment(isTerminal: false, noColor: true)) == .ansi16)
        options.color = .never
        #expect(options.resolvedColorDepth(in: TerminalEnvironment(isTerminal: true)) == .none)
    }

    @Test func noColorStillHasAttributesButNoHyperlinks() throws {
        let d = makeDocument { b in
            b.block(.paragraph) { b in
                b.inline(.strong, "b")
                b.text(" ")
                b.inline(.link(destination: "https://x.org", title: ""), "x")
            }
        }
        #expect(try ansi(d, ["color=never"]) == "\u{1B}[1mb\u{1B}[0m \u{1B}[4mx\u{1B}[0m \u{1B}[2m(https://x.org)\u{1B}[0m\n")
    }

    @Test func inputEscapesNeverReachTheTerminal() throws {
        let d = makeDocument { b in
            b.paragraph("evil \u{1B}[31mred\u{1B}]8;;http://x\u{7}")
            b.leaf(.codeBlock(info: ""), text: "\u{1B}[2J")
        }
        let out = try ansi(d)
        #expect(!stripEscapes(out).contains("\u{1B}"))
        #expect(try plain(d) == "evil ␛[31mred␛]8;;http://x␇\n\n    ␛[2J\n")
    }

    @Test func themeIsUsed() throws {
        var options = ANSIBackend.Options()
        options.color = .always
        options.colors = .ansi16
        options.theme.strong = ANSIStyle(bold: true, foreground: .red)
        options.theme.markers.bullets = ["-"]
        let d = makeDocument { b in
            b.block(.list(.bullet)) { b in b.block(.listItem(task: nil)) { $0.block(.paragraph) { $0.inline(.strong, "x") } } }
        }
        #expect(try ANSIBackend().renderString(d, options: options) == "\u{1B}[33m- \u{1B}[1;31mx\u{1B}[0m\n")
    }

    @Test func headingsDifferPerLevel() throws {
        let d = makeDocument { b in
            for level in 1...6 { b.block(.heading(level: level)) { $0.text("H") } }
        }
        let lines = try ansi(d).split(separator: "\n").filter { $0.contains("H") }
        #expect(Set(lines).count == 6)
    }
}
