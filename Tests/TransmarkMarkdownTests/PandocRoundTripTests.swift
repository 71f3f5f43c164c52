import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// The `pandoc` profile read back by pandoc itself: for each fixture below, pandoc's HTML of the
/// Markdown written with `profile=pandoc` equals pandoc's HTML of the source HTML, after a
/// normalization (whitespace runs, `<p>` tags, which pandoc drops in tight places the HTML has
/// none, the `uri`/`email` classes pandoc gives autolinks, `<br />`, a decimal list's `type="1"`, comments,
/// and table column widths, alignment styles and row classes, which pandoc derives from the
/// source's layout). Skipped, with the reason printed,
/// when `pandoc` is not on the PATH (Debian's package: `apt-get install pandoc`).
@Suite struct PandocRoundTripTests {
    /// Fixtures (folders under `Fixtures/html-to-markdown/`) whose structure pandoc reads back.
    /// (Not listed: spans, which pandoc 2.17's pipe and grid tables cannot hold; tables written as
    /// HTML, which pandoc passes through as raw HTML; HTML pandoc's reader builds differently.)
    static let fixtures = [
        "pandoc-constructs", "pandoc-escaping", "table-basic", "table-alignment",
        "table-caption", "table-headerless-empty-header", "pandoc-grid-tables",
        "pandoc-blocks-and-runs", "pandoc-image-sizes", "pandoc-fancy-lists", "pandoc-fancy-lists-css",
        "headings-atx", "emphasis-basic", "blockquote-nested", "code-block-language",
        "links-basic", "strikethrough", "escape-markdown-like-text",
    ]

    static let pandoc: URL? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent("pandoc")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }()

    static func run(_ arguments: [String], input: [UInt8]) throws -> String {
        let process = Process()
        process.executableURL = pandoc
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func normalized(_ html: String) -> String {
        var s = html.replacingOccurrences(of: " class=\"uri\"", with: "")
            .replacingOccurrences(of: " class=\"email\"", with: "")
            .replacingOccurrences(of: "<p>", with: " ").replacingOccurrences(of: "</p>", with: " ")
        s = s.replacingOccurrences(of: "<br />", with: "<br>")
        // `type="1"`: pandoc marks lists read from `1.` markers decimal, those from HTML default
        // (both show decimal numbers).
        // Comments (`<!-- -->` ends a list before another) show nothing.
        for pattern in [#"<colgroup>.*?</colgroup>"#, #" class="(odd|even|header)""#, #" style="[^"]*""#, #" type="1""#,
                        #"<!--.*?-->"#] {
            s = s.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        s = s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        // Whitespace next to a tag means nothing here (block tags; inline edges checked by text).
        s = s.replacingOccurrences(of: "> ", with: ">").replacingOccurrences(of: " <", with: "<")
        return s
    }

    @Test(arguments: fixtures)
    func pandocReadsItBack(_ name: String) throws {
        guard Self.pandoc != nil else {
            print("PandocRoundTripTests skipped: pandoc is not on the PATH (apt-get install pandoc)")
            return
        }
        let input = TestPaths.fixtures.appendingPathComponent("html-to-markdown/\(name)/input.html")
        let html = Array(try Data(contentsOf: input))
        let markdown = try MarkdownBackend().render(try HTMLFrontend().parse(html), options: .init(profile: .pandoc))
        let viaMarkdown = Self.normalized(try Self.run(["-f", "markdown-implicit_figures", "-t", "html"], input: markdown))
        let direct = Self.normalized(try Self.run(["-f", "html", "-t", "html"], input: html))
        #expect(viaMarkdown == direct, "\(name):\n\(String(decoding: markdown, as: UTF8.self))")
    }
}
