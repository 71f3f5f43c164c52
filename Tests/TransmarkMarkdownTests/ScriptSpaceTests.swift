import Foundation
import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// pandoc's `^superscript^` and `~subscript~` (and markdown-it's sup/sub plugins) end at a plain
/// space: a space inside is written `\ `, a line break inside becomes one, and wrapping never
/// breaks a line inside them. Edge spaces still move outside the delimiters.
@Suite struct ScriptSpaceTests {
    func markdown(_ html: String, _ options: [String]) throws -> String {
        let document = try HTMLFrontend().parse(Array(html.utf8))
        let parsed = try MarkdownBackend.Options(parsing: options)
        return String(decoding: try MarkdownBackend().render(document, options: parsed), as: UTF8.self)
    }

    @Test func spacesInsideAreEscaped() throws {
        let html = "<p>x<sup>a b</sup> y<sub>c d</sub> z<sup><em>e</em> f</sup> w<sup> g h </sup>. v<sup>a\nb</sup></p>"
        #expect(try markdown(html, ["profile=pandoc"]) == #"x^a\ b^ y~c\ d~ z^*e*\ f^ w ^g\ h^ . v^a\ b^"# + "\n")
        // Any dialect with the symbol fallback; with HTML fallbacks spaces stay plain.
        #expect(try markdown(html, ["superscript=symbol", "subscript=symbol"])
                == #"x^a\ b^ y~c\ d~ z^*e*\ f^ w ^g\ h^ . v^a\ b^"# + "\n")
        #expect(try markdown("<p>x<sup>a b</sup></p>", []) == "x<sup>a b</sup>\n")
        // A no-break space is no space to these readers: it stays as it is.
        #expect(try markdown("<p>t<sup>a&nbsp;b</sup></p>", ["profile=pandoc"]) == "t^a\u{A0}b^\n")
    }

    @Test func noLineBreaksInside() throws {
        let out = try markdown("<p>one two <sup>three four five six</sup> seven eight</p>", ["profile=pandoc", "lineWidth=12"])
        // The unbreakable run may pass the width (a break inside would end it); wrapping goes on
        // after it.
        #expect(out == #"one two ^three\ four\ five\ six^"# + "\nseven eight\n")
    }

    @Test func pandocReadsThemBack() throws {
        guard PandocRoundTripTests.pandoc != nil else {
            print("ScriptSpaceTests skipped: pandoc is not on the PATH (apt-get install pandoc)")
            return
        }
        let md = try markdown("<p>x<sup>a b</sup> y<sub>c d</sub> z<sup><em>e</em> f</sup> and a long line that wraps <sub>here and there</sub> ok</p>",
                              ["profile=pandoc", "lineWidth=30"])
        let html = try PandocRoundTripTests.run(["-f", "markdown", "-t", "html"], input: Array(md.utf8))
        // pandoc reads `\ ` as a no-break space (its own writer's choice): whitespace here.
        let flat = html.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("x<sup>a b</sup>"), "\(md)\n\(html)")
        #expect(flat.contains("y<sub>c d</sub>"), "\(html)")
        #expect(flat.contains("z<sup><em>e</em> f</sup>"), "\(html)")
        #expect(flat.contains("<sub>here and there</sub>"), "\(html)")
    }
}
