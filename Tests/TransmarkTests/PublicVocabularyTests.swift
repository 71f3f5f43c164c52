import Testing
import Transmark

/// The public vocabulary as a user sees it with `import Transmark` alone: every option type is
/// reachable unqualified by module (this file does not compile if two modules declare one name),
/// raw HTML has one option with one meaning everywhere, and old spellings are named in errors.
@Suite struct PublicVocabularyTests {
    /// Names every public option type, and each of its nested enumerations, with `import
    /// Transmark` only. A name declared in two modules would make this ambiguous.
    @Test func everyOptionTypeIsReachableUnqualified() throws {
        var markdownWriter = MarkdownBackend.Options(profile: MarkdownBackend.Options.Profile.turndown)
        markdownWriter.headingStyle = MarkdownBackend.Options.HeadingStyle.atx
        markdownWriter.codeBlockStyle = MarkdownBackend.Options.CodeBlockStyle.fenced
        markdownWriter.linkStyle = MarkdownBackend.Options.LinkStyle.reference
        markdownWriter.linkReferenceStyle = MarkdownBackend.Options.LinkReferenceStyle.collapsed
        markdownWriter.hardBreak = MarkdownBackend.Options.HardBreakStyle.backslash
        markdownWriter.escaping = MarkdownBackend.Options.Escaping.exact
        markdownWriter.span = MarkdownBackend.Options.Fallback.html
        markdownWriter.superscript = MarkdownBackend.Options.ScriptFallback.unicode
        markdownWriter.wikilinks = MarkdownBackend.Options.WikilinkStyle.titleAfterPipe
        markdownWriter.imagesInHeadingsAndCells = MarkdownBackend.Options.ImageInText.altText
        markdownWriter.rawHTML = RawHTMLPolicy.text
        markdownWriter.listNumbering = MarkdownBackend.Options.ListNumberingStyle.source
        markdownWriter.complexTable = MarkdownBackend.Options.ComplexTable.grid
        markdownWriter.tableHeader = MarkdownBackend.Options.TableHeader.promote
        markdownWriter.tableColumnStyle = MarkdownBackend.Options.TableColumnStyle.compact
        markdownWriter.captionStyle = MarkdownBackend.Options.CaptionStyle.pandoc

        var htmlWriter = HTMLBackend.Options()
        htmlWriter.softBreak = HTMLBackend.Options.SoftBreak.space
        htmlWriter.rawHTML = RawHTMLPolicy.keep

        var styledReader = StyledJSONFrontend.Options()
        styledReader.resolvedStyles = StyledJSONFrontend.Options.ResolvedStyles.ignore

        var tagged = TaggedFrontend.Options()
        tagged.unknownTags = HTMLUnknownTagPolicy.keepChildren

        var markdownReader = MarkdownFrontend.Options()
        markdownReader.extensions = [MarkdownExtension.table]

        var htmlReader = HTMLFrontend.Options()
        htmlReader.encoding = HTMLFrontend.Options.Encoding.utf8

        var text = TextBackend.Options()
        text.mode = TextBackend.Options.Mode.flat
        text.tables = TextBackend.Options.TableBorderStyle.ascii
        text.links = TextBackend.Options.LinkStyle.references
        text.markers = TextBackend.Options.MarkerStyle.ascii
        text.rawHTML = RawHTMLPolicy.text

        var ansi = ANSIBackend.Options()
        ansi.color = ANSIBackend.Options.ColorMode.never
        ansi.colors = ANSIColorDepth.ansi256
        ansi.rawHTML = .drop

        var styled = StyledTextOptions()
        styled.precedence = StyledTextOptions.Precedence.themeWins
        styled.unit = OffsetUnit.utf8
        styled.rawHTML = .text
        let styledBackend: StyledJSONBackend.Options = styled

        let tree = TreeBackend.Options()

        #expect(markdownWriter.profile == .turndown)
        #expect(markdownWriter.value(of: "complexTable") == "grid")
        #expect(markdownWriter.value(of: "tableColumnStyle") == "compact")
        #expect(htmlWriter.value(of: "softBreak") == "space")
        #expect(styledReader.resolvedStyles == .ignore)
        #expect(tagged.unknownTags == .keepChildren)
        #expect(markdownReader.extensions == [.table])
        #expect(htmlReader.encoding.rawValue == "utf-8")
        #expect(text.value(of: "rawHTML") == "text")
        #expect(ansi.value(of: "color") == "never")
        #expect(styledBackend.value(of: "precedence") == "themeWins")
        #expect(tree.value(of: "attributes") == "true")
    }

    /// `rawHTML` is the one raw-HTML option of every backend that meets raw HTML.
    @Test func everyBackendThatMeetsRawHTMLTakesRawHTML() {
        let registry = Registry.standard
        for name in ["markdown", "text", "ansi", "styled-json"] {
            let help = registry.formats.first { $0.format.name == name }?.writeOptions ?? []
            #expect(help.contains { $0.key == "rawHTML" }, "\(name)")
            #expect(!help.contains { $0.key == "html" }, "\(name)")
        }
    }

    /// The same value means the same thing in every backend: `drop` leaves the markup out, `text`
    /// shows it as text a reader sees, `keep` (Markdown) passes it through.
    @Test func rawHTMLValuesMeanTheSameEverywhere() throws {
        let markdown = "a <b>bold</b> c\n"
        func convert(_ to: String, _ value: String) throws -> String {
            try Registry.standard.convert(markdown, from: "markdown", to: to,
                                          options: ConversionOptions([("rawHTML", value)]))
        }
        for format in ["text", "ansi", "styled-json"] {
            #expect(try !convert(format, "drop").contains("<b>"), "\(format)")
            #expect(try convert(format, "text").contains("<b>"), "\(format)")
        }
        #expect(try convert("markdown", "keep") == "a <b>bold</b> c\n")
        #expect(try convert("markdown", "drop") == "a bold c\n")
        #expect(try convert("markdown", "text") == "a `<b>`bold`</b>` c\n")
        let block = "<div>\nhi\n</div>\n\npara\n"
        func md(_ value: String) throws -> String {
            try Registry.standard.convert(block, from: "markdown", to: "markdown", options: ConversionOptions([("rawHTML", value)]))
        }
        #expect(try md("keep") == block)
        #expect(try md("text") == "```html\n<div>\nhi\n</div>\n```\n\npara\n")
        #expect(try md("drop") == "para\n")
    }

    /// `keep` is for Markdown and HTML output: backends with no markup to pass it into refuse it
    /// by key, naming what they accept.
    @Test func keepIsRefusedWhereThereIsNoMarkup() {
        for format in ["text", "ansi", "styled-json"] {
            #expect(throws: TransmarkError.invalidOptionValue(key: "rawHTML", value: "keep", accepted: "drop|text")) {
                try Registry.standard.convert("x", from: "markdown", to: format,
                                              options: ConversionOptions([("rawHTML", "keep")]))
            }
        }
    }

    /// Spellings of earlier versions are errors that name the current spelling.
    @Test func oldSpellingsNameTheNewOne() {
        let cases: [(format: String, key: String, value: String, replacement: String)] = [
            ("text", "html", "verbatim", "rawHTML=text"),
            ("ansi", "html", "drop", "rawHTML=drop"),
            ("markdown", "rawHTML", "html", "rawHTML=keep"),
        ]
        for c in cases {
            let error = TransmarkError.renamedOption(key: c.key, value: c.value, replacement: c.replacement)
            #expect(throws: error) {
                try Registry.standard.convert("x", from: "markdown", to: c.format,
                                              options: ConversionOptions([(c.key, c.value)]))
            }
            #expect(error.description == "option '\(c.key)=\(c.value)' has been renamed: use '\(c.replacement)'")
        }
    }

    /// Retired spellings are not listed in help.
    @Test func retiredSpellingsAreNotListed() {
        #expect(!TextBackend.Options.optionKeys.contains("html"))
        #expect(!ANSIBackend.Options.optionHelp.contains { $0.key == "html" })
        #expect(TextBackend.Options.accepts("html"))
    }
}

/// HTML output's `rawHTML` and `unsafe`: raw nodes and the tree's URLs are separate policies, and
/// `unsafe=true` alone passes raw HTML as cmark's `--unsafe` does.
@Suite struct HTMLRawHTMLTests {
    static let markdown = "a <b onclick=\"x()\">bold</b> [l](javascript:alert(1))\n\n<div>\nblock\n</div>\n"

    func html(_ options: [(String, String)]) throws -> String {
        try Registry.standard.convert(Self.markdown, from: "markdown", to: "html", options: ConversionOptions(options))
    }

    @Test func dropIsTheDefaultAndWritesCmarksComment() throws {
        #expect(try html([]) == "<p>a <!-- raw HTML omitted -->bold<!-- raw HTML omitted --> <a href=\"\">l</a></p>\n<!-- raw HTML omitted -->\n")
        #expect(try html([("rawHTML", "drop")]) == html([]))
    }

    @Test func textShowsTheMarkupEscaped() throws {
        #expect(try html([("rawHTML", "text")]) == "<p>a <code>&lt;b onclick=&quot;x()&quot;&gt;</code>bold<code>&lt;/b&gt;</code> <a href=\"\">l</a></p>\n<pre>&lt;div&gt;\nblock\n&lt;/div&gt;</pre>\n")
    }

    @Test func keepPassesRawHTMLCleanedByThePolicy() throws {
        // Kept raw HTML is cleaned by the sanitizer policy (the handler goes), the tree's
        // dangerous URL is emptied; `sanitize=none` keeps the markup as written.
        #expect(try html([("rawHTML", "keep")]) == "<p>a <b>bold</b> <a href=\"\">l</a></p>\n<div>\nblock\n</div>\n")
        #expect(try html([("rawHTML", "keep"), ("sanitize", "none")]) == "<p>a <b onclick=\"x()\">bold</b> <a href=\"javascript:alert(1)\">l</a></p>\n<div>\nblock\n</div>\n")
    }

    @Test func unsafeAloneKeepsRawHTMLAsCmarkDoes() throws {
        #expect(try html([("unsafe", "true")]) == "<p>a <b onclick=\"x()\">bold</b> <a href=\"javascript:alert(1)\">l</a></p>\n<div>\nblock\n</div>\n")
    }

    @Test func rawHTMLGivenWithUnsafeWinsInAnyOrder() throws {
        let expected = "<p>a <!-- raw HTML omitted -->bold<!-- raw HTML omitted --> <a href=\"javascript:alert(1)\">l</a></p>\n<!-- raw HTML omitted -->\n"
        #expect(try html([("rawHTML", "drop"), ("unsafe", "true")]) == expected)
        #expect(try html([("unsafe", "true"), ("rawHTML", "drop")]) == expected)
        var options = HTMLBackend.Options()
        options.unsafe = true
        #expect(options.rawHTML == .keep)
        options.rawHTML = .drop
        #expect(options.unsafe && options.rawHTML == .drop)
        #expect(HTMLBackend.Options.SoftBreak.allCases.count == 3)
    }
}
