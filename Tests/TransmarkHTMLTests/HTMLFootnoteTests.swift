import Testing
import TransmarkCore
@testable import TransmarkHTML

/// Footnotes as HTML writers write them are read back as footnotes: the references, the notes
/// (numbered in their order), without the back links, rules and hidden headings around them.
@Suite struct HTMLFootnoteTests {
    /// The footnote references' labels and the definitions' labels and plain text.
    func footnotes(_ html: String, _ configure: (inout HTMLFrontend.Options) -> Void = { _ in })
        throws -> (references: [String], definitions: [String]) {
        let document = try HTMLFrontendInputs.parse(html, configure)
        var references: [String] = [], definitions: [String] = []
        for case .enter(let node) in document.events() {
            switch node.kind {
            case .footnoteReference(let label): references.append(label)
            case .footnoteDefinition(let label):
                definitions.append(label + ": " + node.plainText.split(whereSeparator: \.isWhitespace).joined(separator: " "))
            default: break
            }
        }
        return (references, definitions)
    }

    static let writers: [(name: String, html: String)] = [
        ("pandoc", """
            <p>a<a href="#fn1" class="footnote-ref" id="fnref1" role="doc-noteref"><sup>1</sup></a> b</p>
            <section class="footnotes footnotes-end-of-document" role="doc-endnotes"><hr />
            <ol><li id="fn1" role="doc-endnote"><p>The note.<a href="#fnref1" class="footnote-back" role="doc-backlink">↩︎</a></p></li></ol></section>
            """),
        ("GitHub", """
            <p>a<sup><a href="#user-content-fn-x" id="user-content-fnref-x" data-footnote-ref="">1</a></sup> b</p>
            <section data-footnotes="" class="footnotes"><h2 id="footnote-label" class="sr-only">Footnotes</h2>
            <ol><li id="user-content-fn-x"><p>The note. <a href="#user-content-fnref-x" data-footnote-backref="" class="data-footnote-backref">↩</a></p></li></ol></section>
            """),
        ("kramdown", """
            <p>a<sup id="fnref:1"><a href="#fn:1" class="footnote" rel="footnote" role="doc-noteref">1</a></sup> b</p>
            <div class="footnotes" role="doc-endnotes"><ol><li id="fn:1" role="doc-endnote">
            <p>The note.&nbsp;<a href="#fnref:1" class="reversefootnote" role="doc-backlink">&#8617;</a></p></li></ol></div>
            """),
        ("Python-Markdown", """
            <p>a<sup id="fnref:n"><a class="footnote-ref" href="#fn:n">1</a></sup> b</p>
            <div class="footnote"><hr /><ol><li id="fn:n"><p>The note.&#160;<a class="footnote-backref" href="#fnref:n" title="Jump back">&#8617;</a></p></li></ol></div>
            """),
        ("markdown-it", """
            <p>a<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup> b</p>
            <hr class="footnotes-sep"><section class="footnotes"><ol class="footnotes-list">
            <li id="fn1" class="footnote-item"><p>The note. <a href="#fnref1" class="footnote-backref">↩︎</a></p></li></ol></section>
            """),
    ]

    @Test(arguments: writers)
    func eachWritersFootnotesAreRead(_ name: String, _ html: String) throws {
        let found = try footnotes(html)
        #expect(found.references == ["1"], "\(name)")
        #expect(found.definitions == ["1: The note."], "\(name)")
        // Nothing of the machinery is left: no rule, no list, no link, no hidden heading.
        let document = try HTMLFrontendInputs.parse(html)
        for case .enter(let node) in document.events() {
            #expect(![.thematicBreak, .list, .link, .heading, .superscript].contains(node.tag), "\(name): \(node.tag)")
        }
        // The markers and back links are gone; the text is the text and the note.
        let text = document.root.plainText
        #expect(text.hasPrefix("a b") && text.contains("The note."), "\(name): \(text)")
        #expect(!text.contains("1") && !text.contains("↩"), "\(name): \(text)")
    }

    @Test func notesAreNumberedInOrderAndReferencesMayRepeat() throws {
        let found = try footnotes("""
            <p>x<a href="#fn-b">[b]</a> y<a href="#footnote-a">[a]</a> z<a href="#fn-b">[b]</a> <a href="#top">top</a> <a href="#other">o</a></p>
            <ul><li id="other">not a note</li></ul>
            <div class="footnotes"><ol><li id="footnote-a">First listed.</li><li id="fn-b">Second listed.</li><li>No id.</li></ol></div>
            """)
        #expect(found.references == ["2", "1", "2"])
        #expect(found.definitions == ["1: First listed.", "2: Second listed."])
    }

    @Test func notesAreItemsWhoseIdNamesANote() throws {
        // Every writer names its notes `fn…` or `footnote…`; items named otherwise (`cite_note-1`,
        // Wikipedia's citations, `footer-info`) are not looked at.
        let html = ##"<p>x<a href="#note-1">1</a></p><div class="footnotes"><ol><li id="note-1">N</li></ol></div>"##
        #expect(try footnotes(html).references.isEmpty)
        for (id, names) in [("user-content-fn-x", true), ("fn:1", true), ("footnote-2", true), ("cite_note-1", false),
                            ("info", false), ("form-1", false), ("footer-info", false), ("f", false)] {
            #expect(Array(id.utf8).withUnsafeBufferPointer { HTMLTreeBuilder.namesANote($0) } == names, "\(id)")
        }
    }

    @Test func withoutAContainerOrWhenOffNothingChanges() throws {
        let plain = ##"<p>a<sup><a href="#fn1">1</a></sup></p><ol><li id="fn1">Note</li></ol>"##
        #expect(try footnotes(plain).references.isEmpty)
        let html = Self.writers[0].html
        let off = try footnotes(html) { $0.footnotes = false }
        #expect(off.references.isEmpty && off.definitions.isEmpty)
        #expect(try HTMLFrontendInputs.tree(html) { $0.footnotes = false }.contains(##"link destination="#fn1""##))
    }

    @Test func theHTMLWritersOwnFootnotesReadBack() throws {
        var builder = DocumentBuilder()
        builder.open(.paragraph)
        builder.text("see")
        builder.leaf(.footnoteReference(label: "note"))
        builder.close()
        builder.open(.footnoteDefinition(label: "note"))
        builder.open(.paragraph)
        builder.text("The ")
        builder.open(.emphasis)
        builder.text("note")
        builder.close()
        builder.close()
        builder.close()
        let html = try HTMLBackend().renderString(builder.finish())
        let found = try footnotes(html)
        #expect(found.references == ["1"], "\(html)")
        #expect(found.definitions == ["1: The note"], "\(html)")
    }

    @Test func theQuickSearchFindsTheWordAnywhere() {
        let search = HorspoolSearch("footnote")
        for text in ["footnote", "xfootnotes", "class=\"a footnote\"", "fffootnote", "notefootnote"] {
            #expect(Array(text.utf8).withUnsafeBufferPointer { search.occurs(in: $0) }, "\(text)")
        }
        for text in ["", "footnot", "Footnote", "foot note", "ootnote f", "footnotx"] {
            #expect(!Array(text.utf8).withUnsafeBufferPointer { search.occurs(in: $0) }, "\(text)")
        }
    }

    @Test func awkwardShapesStayLinear() throws {
        let reference = "<p>a<a href=\"#fn1\"><sup>1</sup></a></p>"
        // A footnotes section inside a note is part of that note (it was read again per level,
        // the output growing with the square of the depth).
        var nested = "<section class=\"footnotes\"><ol>"
        for k in 1...600 { nested += "<li id=\"fn\(k)\"><p>n\(k)</p><div class=\"footnotes\"><ol>" }
        nested += String(repeating: "</ol></div></li>", count: 600) + "</ol></section>"
        let document = try HTMLFrontendInputs.parse(reference + nested)
        #expect(try footnotes(reference + nested).definitions.count == 1)
        #expect(document.nodeCount < 10_000)
        // Many references in one `<sup>` after a long run of spaces: each was checked against
        // every child of the `<sup>`.
        let links = String(repeating: "<a href=\"#fn1\">1</a>", count: 4000)
        let many = "<p><sup>" + String(repeating: "&nbsp;", count: 40_000) + links + "</sup></p>"
            + "<section class=\"footnotes\"><ol><li id=\"fn1\">x</li></ol></section>"
        let clock = ContinuousClock()
        let elapsed = try clock.measure { _ = try HTMLFrontendInputs.parse(many) }
        #expect(elapsed < .seconds(10), "\(elapsed)")
    }

    @Test func linksWithWordsMixedListsAndEncodedIds() throws {
        let notes = "<div class=\"footnotes\"><ol><li id=\"fn1\">N</li></ol></div>"
        // A link with words stays a link; a marker beside it is the reference.
        let words = try footnotes("<p>x <a href=\"#fn1\">see note one</a> y<a href=\"#fn1\">1</a></p>" + notes)
        #expect(words.references == ["1"])
        #expect(try HTMLFrontendInputs.tree("<p>x <a href=\"#fn1\">see note one</a></p>" + notes).contains("see note one"))
        // A list with other items keeps them as a list.
        let mixed = try HTMLFrontendInputs.tree(
            "<p>a<a href=\"#fn1\">1</a></p><div class=\"footnotes\"><ol><li id=\"fn1\">note</li><li>plain item</li></ol></div>")
        #expect(mixed.contains("list ordered") && mixed.contains("plain item") && mixed.contains("footnoteDefinition"), "\(mixed)")
        // Ids are matched as links name them (percent-encoded).
        let encoded = try footnotes(
            "<p>b<sup><a href=\"#fn:é\">2</a></sup></p><div class=\"footnote\"><ol><li id=\"fn:é\">two</li></ol></div>")
        #expect(encoded.references == ["1"] && encoded.definitions == ["1: two"])
    }
}
