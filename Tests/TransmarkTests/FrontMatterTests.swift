import Testing
import Transmark

/// YAML front matter: read from Markdown input into the document's metadata, written back by the
/// Markdown writer's `frontMatter` option.
@Suite struct FrontMatterTests {
    func parse(_ markdown: String, _ options: MarkdownFrontend.Options = .init()) throws -> Document {
        try MarkdownFrontend().parse(markdown, options: options)
    }

    func markdown(_ document: Document, frontMatter: MarkdownBackend.Options.FrontMatterPolicy = .auto) throws -> String {
        var options = MarkdownBackend.Options()
        options.frontMatter = frontMatter
        return try MarkdownBackend().renderString(document, options: options)
    }

    @Test func scalarsListsAndNestedValuesAreRead() throws {
        let doc = try parse("""
            ---
            title: "Quoted: \\"yes\\" \\u00e9"
            plain: value with spaces # a comment
            single: 'it''s'
            empty:
            nothing: ~
            tags: [a, "b, c", 'd']
            author:
              - Ann
              - "Bob"
            nested:
              x: 1
              y: [2]
            folded: >
              one
              two
            literal: |
              line 1
              line 2
            # a comment line
            ---
            # Body
            """)
        let m = doc.metadata
        #expect(m["title"] == .text("Quoted: \"yes\" é"))
        #expect(m["plain"] == .text("value with spaces"))
        #expect(m["single"] == .text("it's"))
        #expect(m["empty"] == .text(""))
        #expect(m["nothing"] == .text(""))
        #expect(m["tags"] == .list(["a", "b, c", "d"]))
        #expect(m.authors == ["Ann", "Bob"])
        #expect(m["nested"] == .yaml("\n  x: 1\n  y: [2]"))
        #expect(m["folded"] == .text("one two"))
        #expect(m["literal"] == .text("line 1\nline 2"))
        #expect(try HTMLBackend().renderString(doc) == "<h1>Body</h1>\n")
    }

    @Test(arguments: [
        "---\ntitle: A\ntags: [x, y]\nnested:\n  k: v\n---\n\n# Body\n\ntext\n",
        "---\r\ntitle: 'CRLF'\r\n---\r\nBody\r\n",
        "---\ntitle: Dots end it\n...\nBody\n",
        "\u{FEFF}---\nkey: value\n---\nBody\n",
    ])
    func markdownToMarkdownKeepsTheBlockAsWritten(input: String) throws {
        let out = try markdown(try parse(input))
        let block = input.hasPrefix("\u{FEFF}") ? String(input.dropFirst()) : input
        let close = block.range(of: "\n---", options: .backwards) ?? block.range(of: "\n...")!
        let yaml = block[block.index(after: block.startIndex) ..< close.lowerBound].dropFirst(3)
        #expect(out.hasPrefix("---\n"))
        #expect(out.contains(String(yaml.drop(while: { $0 == "\r" || $0 == "\n" }))))
        #expect(out.contains("Body"))
    }

    @Test func roundTripIsByteForByteForAnLFBlock() throws {
        let input = "---\ntitle: Round trip\nauthor: [Ann, Bob]\ndate: 2024-01-02\nmeta:\n  a: 1\n---\n\n# Heading\n\nParagraph.\n"
        #expect(try markdown(try parse(input)) == input)
    }

    @Test(arguments: [
        "---\nFoo\n---\nBar\n",             // the CommonMark spec's setext example: no key
        "---\ntitle: never closed\n\nBody\n",  // no closing line
        "---\n---\nBody\n",                   // nothing inside
        " ---\ntitle: x\n---\n",              // not at the very start
        "---\n- a list\n---\n",               // a sequence, not a mapping
        "---\ntitle: \"unbalanced\n---\n",
    ])
    func anythingElseStaysMarkdown(input: String) throws {
        var off = MarkdownFrontend.Options()
        off.frontMatter = false
        let doc = try parse(input)
        #expect(doc.metadata.isEmpty)
        #expect(doc == (try parse(input, off)))
    }

    @Test func theOptionTurnsReadingOff() throws {
        var off = MarkdownFrontend.Options()
        off.frontMatter = false
        let doc = try parse("---\ntitle: x\n---\nBody\n", off)
        #expect(doc.metadata.isEmpty)
        #expect(try HTMLBackend().renderString(doc).hasPrefix("<hr />"))
        #expect(throws: Never.self) { try Registry.standard.conversion(from: "markdown", to: "html", options: ConversionOptions(["frontMatter": "false"])) }
    }

    /// Which values are written plain and which quoted (each reading back as itself): YAML's
    /// indicators at the start, `: ` and ` #` inside, spaces or a colon at the end, control
    /// characters, `<` and a byte order mark anywhere, words and numbers YAML reads as another type.
    @Test(arguments: [
        ("plain words", true), ("Zoë and 東京", true), ("2nd place", true), ("a:b", true), ("x#y", true),
        ("one-two", true), ("yesterday", true), ("Nope", true),
        ("true", false), ("No", false), ("TRUE", false), ("~", false), ("Null", false),
        ("12:30", false), ("2024-01-02", false), ("+1.5e3", false), ("a: b", false), ("x #y", false),
        ("-lead", false), ("[list", false), ("'quoted'", false), ("trailing ", false), (" leading", false),
        ("ends:", false), ("a <tag>", false), ("\u{FEFF}bom", false), ("tab\there", false), ("é: x", false),
    ])
    func plainOrQuoted(_ value: String, plain: Bool) throws {
        var metadata = DocumentMetadata()
        metadata["key"] = .text(value)
        let written = try markdown(try parse("Body\n").withMetadata(metadata), frontMatter: .always)
        let line = written.split(separator: "\n")[1]
        #expect((line == "key: " + value) == plain, "\(line)")
        #expect(line.hasPrefix("key: \"") == !plain, "\(line)")
        #expect(try parse(written).metadata["key"] == .text(value))
    }

    @Test func metadataFromElsewhereIsWrittenOnlyWhenAsked() throws {
        var metadata = DocumentMetadata()
        metadata.title = "A <script>alert(1)</script> & more"
        metadata.authors = ["Ann", "Bob"]
        metadata.published = "2024-01-02"
        metadata["flag"] = .text("true")
        metadata["colon"] = .text("a: b")
        metadata["multi"] = .text("line 1\nline 2")
        let doc = try parse("Body\n").withMetadata(metadata)
        #expect(try markdown(doc) == "Body\n")
        #expect(try markdown(doc, frontMatter: .never) == "Body\n")
        let written = try markdown(doc, frontMatter: .always)
        #expect(written == """
            ---
            title: "A \\u003Cscript>alert(1)\\u003C/script> & more"
            author:
              - Ann
              - Bob
            published: "2024-01-02"
            flag: "true"
            colon: "a: b"
            multi: "line 1\\nline 2"
            ---

            Body

            """)
        // What is written reads back as the same fields.
        #expect(try parse(written).metadata.fields == metadata.fields)
        // No raw tag for a renderer that shows the block as Markdown.
        #expect(!written.contains("<script"))
    }

    @Test func aBlockReadWithATagIsWrittenFromItsFieldsEscaped() throws {
        let doc = try parse("---\ntitle: <img src=x onerror=alert(1)>\n---\nBody\n")
        #expect(doc.metadata.title == "<img src=x onerror=alert(1)>")
        let out = try markdown(doc)
        #expect(out.hasPrefix("---\ntitle: \"\\u003Cimg src=x onerror=alert(1)>\"\n---\n"))
    }

    @Test func htmlMetadataBecomesFrontMatter() throws {
        let out = try Registry.standard.convert(
            "<head><title>Page</title><meta name=description content='About it'><meta name=author content='Zoë'></head><p>Hi</p>",
            from: "html", to: "markdown", options: ConversionOptions(["frontMatter": "true"]))
        #expect(out == "---\ntitle: Page\ndescription: About it\nauthor: Zoë\n---\n\nHi\n")
        #expect(try Registry.standard.convert("<title>Page</title><p>Hi</p>", from: "html", to: "markdown") == "Hi\n")
    }

    @Test func oneOptionServesMarkdownToMarkdown() throws {
        let input = "---\ntitle: x\n---\nBody\n"
        let kept = "---\ntitle: x\n---\n\nBody\n"
        for (value, expected) in [("auto", kept), ("always", kept), ("true", kept), ("never", "---\n\n## title: x\n\nBody\n")] {
            #expect(try Registry.standard.convert(input, from: "markdown", to: "markdown",
                                                  options: ConversionOptions(["frontMatter": value])) == expected, "\(value)")
        }
        // Reading off: the block is Markdown (a rule and a setext heading), nothing is lost.
        #expect(try Registry.standard.convert(input, from: "markdown", to: "markdown",
                                              options: ConversionOptions(["frontMatter": "false"])) == "---\n\n## title: x\n\nBody\n")
    }

    @Test func aBadValueForTheOptionIsATypedError() {
        #expect(throws: TransmarkError.self) {
            try Registry.standard.conversion(from: "html", to: "markdown", options: ConversionOptions(["frontMatter": "sometimes"]))
        }
    }
}
