import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkHTML
@testable import TransmarkMarkdown
import TransmarkText

/// Math in Markdown (`MarkdownFrontend.Options.math`): what is read as math and what stays text
/// (the currency rule), and how each writer writes it back.
@Suite struct MarkdownMathTests {
    /// The math and text nodes of `markdown` read with math on, as `kind:text` strings.
    static func inlines(_ markdown: String, math: Bool = true) throws -> [String] {
        var options = MarkdownFrontend.Options()
        options.math = math
        let document = try MarkdownFrontend().parse(Array(markdown.utf8), options: options)
        var result: [String] = []
        for event in document.events() {
            guard case .enter(let node) = event else { continue }
            switch node.kind {
            case .inlineMath: result.append("inline:" + node.text)
            case .displayMath: result.append("display:" + node.text)
            case .text: result.append("text:" + node.text)
            case .code: result.append("code:" + node.text)
            case .codeBlock: result.append("codeBlock:" + node.text)
            case .emphasis: result.append("emphasis")
            default: break
            }
        }
        return result
    }

    static func convert(_ markdown: String, to backend: String, math: Bool = true) throws -> String {
        let conversion = StreamingSupport.conversion(to: backend, markdown: math ? .chat : MarkdownFrontend.Options())
        return try conversion.convert(markdown)
    }

    // MARK: The currency rule

    @Test(arguments: [
        // An opening `$` needs a non-space after it; the closing `$` a non-space before it and no
        // digit after it; the first `$` after the opener decides.
        ("$5 and $10", ["text:$5 and $10"]),
        ("costs $5.", ["text:costs $5."]),
        ("from $5 to $10 or $20", ["text:from $5 to $10 or $20"]),
        ("$x$", ["inline:x"]),
        ("a $x$, b", ["text:a ", "inline:x", "text:, b"]),
        ("$ x$", ["text:$ x$"]),
        ("$x $", ["text:$x $"]),
        ("$x$5", ["text:$x$5"]),
        ("$$\n x \n$$", ["display:x"]),
        ("$$x$$ and $$ $$", ["display:x", "text: and $$ $$"]),
        ("$$ unclosed", ["text:$$ unclosed"]),
        ("\\$x\\$", ["text:$x$"]),
    ])
    func currencyStaysText(input: String, expected: [String]) throws {
        #expect(try Self.inlines(input).joinedText == expected)
    }

    @Test func mathIsReadAsItIs() throws {
        // No emphasis and no backslash escapes inside math.
        #expect(try Self.inlines("$a_1 * b_2$ and $a*b*c$") == ["inline:a_1 * b_2", "text: and ", "inline:a*b*c"])
        #expect(try Self.inlines("$\\{x\\} \\\\ y$") == ["inline:\\{x\\} \\\\ y"])
        #expect(try Self.inlines("*em $a*b$*") == ["emphasis", "text:em ", "inline:a*b"])
        // `\$` inside math does not close it.
        #expect(try Self.inlines("$a\\$b$") == ["inline:a\\$b"])
    }

    @Test func bracketDelimiters() throws {
        #expect(try Self.inlines("see \\(a \\cdot b\\) here") == ["text:see ", "inline:a \\cdot b", "text: here"])
        #expect(try Self.inlines("\\[\nx = \\frac{1}{2}\n\\]") == ["display:x = \\frac{1}{2}"])
        // A lone `\(` is CommonMark's escaped parenthesis, as without math.
        #expect(try Self.inlines("f\\(x) and [a](b\\(c)").joinedText == Self.inlines("f\\(x) and [a](b\\(c)", math: false).joinedText)
    }

    @Test func codeIsNotMath() throws {
        #expect(try Self.inlines("`$x$ \\(y\\)`") == ["code:$x$ \\(y\\)"])
        #expect(try Self.inlines("```\n$x$ \\(z\\)\n```") == ["codeBlock:$x$ \\(z\\)\n"])
    }

    /// With the option off nothing changes: the same output as the reader without it.
    @Test func offByDefault() throws {
        let input = "$x$ and \\(y\\) and $$z$$ and \\[w\\]"
        #expect(try Self.inlines(input, math: false) == ["text:$x$ and (y) and $$z$$ and [w]"])
        #expect(MarkdownFrontend.Options().math == false && MarkdownFrontend.Options.chat.math == true)
    }

    // MARK: Writers

    @Test func writers() throws {
        let input = "Energy $E = mc^2$ here.\n\n$$\n\\int_0^1 x\\,dx < 1\n$$\n"
        #expect(try Self.convert(input, to: "markdown") == input)
        #expect(try Self.convert(input, to: "html") == """
            <p>Energy <span class="math inline">\\(E = mc^2\\)</span> here.</p>
            <p><span class="math display">\\[\\int_0^1 x\\,dx &lt; 1\\]</span></p>

            """)
        #expect(try Self.convert(input, to: "text") == "Energy E = mc^2 here.\n\n\\int_0^1 x\\,dx < 1\n")
        #expect(try Self.convert("a \\[x\\] b", to: "text") == "a\nx\nb\n")
    }

    @Test func markdownWriterChoosesSafeDelimiters() throws {
        // Brackets read back as dollars; a source that can't stand between dollars gets `\(…\)`.
        #expect(try Self.convert("\\(a\\) and \\[b\\] c", to: "markdown") == "$a$ and $$b$$ c\n")
        #expect(try Self.convert("\\(a $ b\\)", to: "markdown") == "\\(a $ b\\)\n")
        #expect(try Self.convert("\\(x\\)5", to: "markdown") == "\\(x\\)5\n")
        // Written and read back: the same tree.
        for input in ["\\(a $ b\\)", "\\(x\\)5", "$$a$$ b", "\\[a $$ b\\]", "| a |\n|---|\n| $x|y$ |"] {
            let once = try Self.convert(input, to: "markdown")
            #expect(try Self.inlines(once) == Self.inlines(input), "\(input) → \(once)")
        }
    }

    // MARK: Streaming

    @Test(arguments: [
        ("Let $x + y", "<p>Let <span class=\"math inline\">\\(x + y\\)</span></p>\n"),
        ("Let $$\\int", "<p>Let <span class=\"math display\">\\[\\int\\]</span></p>\n"),
        ("Let \\(a_1 * b", "<p>Let <span class=\"math inline\">\\(a_1 * b\\)</span></p>\n"),
        ("costs $", "<p>costs</p>\n"),
        ("costs $5", "<p>costs $5</p>\n"),
        ("Let $$", "<p>Let</p>\n"),
        ("Let $x\\", "<p>Let <span class=\"math inline\">\\(x\\)</span></p>\n"),
    ])
    func openMathIsShownAsMath(input: String, expected: String) throws {
        var options = MarkdownStream.Options()
        options.minimumGrowth = 1
        options.markdown = .chat
        var stream = try MarkdownStream(conversion: StreamingSupport.conversion(to: "html", markdown: .chat), options: options)
        let update = try stream.append(input)
        let open = try #require(update.openBlock).outputString
        #expect(open == expected, "\(open)")
    }

    @Test func streamedMathEqualsOneShot() throws {
        let input = Array("Costs $5 and $10.\n\nLet $a_1 * b_2$ be \\(x\\) and\n$$\nx^2\n$$\n\n\\[\ny\n\\]\nend $z$.\n".utf8)
        var options = MarkdownStream.Options()
        options.markdown = .chat
        for backend in StreamingSupport.backendNames {
            let conversion = StreamingSupport.conversion(to: backend, markdown: .chat)
            let oneShot = try conversion.convert(input)
            for cut in 1 ..< input.count {
                let run = try StreamingSupport.stream(input, cuts: [cut], conversion: conversion, options: options)
                #expect(run.output == oneShot, "\(backend), cut at \(cut)")
            }
            let bytewise = try StreamingSupport.stream(input, cuts: Array(1 ..< input.count), conversion: conversion, options: options)
            #expect(bytewise.output == oneShot, "\(backend), byte by byte")
        }
    }

    // MARK: Bad input

    @Test func manyDollarsAndUnclosedDelimiters() throws {
        for input in [String(repeating: "$", count: 100_000), String(repeating: "$a ", count: 30_000),
                      String(repeating: "$$a", count: 30_000), String(repeating: "\\(", count: 30_000) + "\\)",
                      String(repeating: "\\[a\\]", count: 20_000), "$", "$$", "\\(", "\\[\n\n\\]"] {
            let output = try Self.convert(input, to: "html")
            #expect(!output.isEmpty)
        }
    }
}

private extension Array where Element == String {
    /// The text of the inline strings concatenated, kinds kept (`text:a`, `text:b` → `text:ab`).
    var joinedText: [String] {
        var out: [String] = []
        for item in self {
            if item.hasPrefix("text:"), let last = out.last, last.hasPrefix("text:") {
                out[out.count - 1] = last + item.dropFirst(5)
            } else {
                out.append(item)
            }
        }
        return out
    }
}

