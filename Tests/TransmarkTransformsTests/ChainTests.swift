import Testing
import Transmark

@Suite struct TransformSpecTests {
    @Test func commasStartAPairOnlyBeforeAKey() throws {
        let remove = try TransformSpec(parsing: "remove:selector=nav, footer, .share")
        #expect(remove.name == "remove")
        #expect(remove.options.map(\.key) == ["selector"] && remove.options.map(\.value) == ["nav, footer, .share"])
        let sanitize = try TransformSpec(parsing: "sanitize:schemes=http,https,mailto,attributes=id, class, relative=false")
        #expect(sanitize.options.map(\.key) == ["schemes", "attributes", "relative"])
        #expect(sanitize.options.map(\.value) == ["http,https,mailto", "id, class", "false"])
        let attribute = try TransformSpec(parsing: "keep:selector=a[href=x], b")
        #expect(attribute.options.map(\.value) == ["a[href=x], b"])
        #expect(try TransformSpec(parsing: "toc").options.isEmpty)
        #expect(try TransformSpec(parsing: "toc:").options.isEmpty)
        #expect(try TransformSpec(parsing: "toc:title=").options.map(\.value) == [""])
        #expect(throws: TransmarkError.malformedOption("nav")) { try TransformSpec(parsing: "remove:nav") }
        #expect(remove.description == "remove:selector=nav, footer, .share")
    }
}

@Suite struct ChainTests {
    let page = "<h1>Title</h1><h2>Part</h2><p>Text</p><h3>Sub</h3>"

    func headings(_ document: Document) -> [String] {
        nodes(document).compactMap { if case .heading(let l) = $0.kind { "h\(l) \($0.plainText)" } else { nil } }
    }

    @Test func transformsApplyInTheOrderGiven() throws {
        let document = try html(page)
        let keepThenShift = try Registry.standard.applyTransforms(["keep:selector=h1", "shift-headings:by=1"], to: document)
        #expect(headings(keepThenShift) == ["h2 Title"])
        let shiftThenKeep = try Registry.standard.applyTransforms(["shift-headings:by=1", "keep:selector=h1"], to: document)
        #expect(headings(shiftThenKeep).isEmpty)
        let converted: String = try Registry.standard.convert(page, from: "html", to: "markdown",
                                                              options: ConversionOptions(transforms: ["remove:selector=p", "shift-headings:by=-1", "toc:title=,position=top"]))
        #expect(converted == "- [Title](#title)\n- [Part](#part)\n  - [Sub](#sub)\n\n# Title\n\n# Part\n\n## Sub\n")
    }

    @Test func eachStepHasItsOwnOptions() throws {
        let document = try html(page)
        let twice = try Registry.standard.applyTransforms(["remove:selector=h1", "remove:selector=h3"], to: document)
        #expect(headings(twice) == ["h2 Part"])
        // `-O remove.selector=…` reaches every remove step; a step's own options come after it.
        let out: String = try Registry.standard.convert(page, from: "html", to: "markdown",
                                                        options: ConversionOptions([("remove.selector", "h1")], transforms: ["remove", "remove:selector=h2"]))
        #expect(out == "Text\n\n### Sub\n")
    }

    @Test func optionErrorsAreTyped() throws {
        let document = try html(page)
        do {
            _ = try Registry.standard.applyTransforms(["toc:depth=2"], to: document)
            Issue.record("expected an error")
        } catch let error as TransmarkError {
            guard case .unknownOption(let key, let formats, let accepted) = error else { Issue.record("\(error)"); return }
            #expect(key == "depth" && formats == ["toc"] && accepted.contains("maxLevel"))
        }
        #expect(throws: TransmarkError.invalidOptionValue(key: "alt", value: "maybe", accepted: "true|false")) {
            _ = try Registry.standard.applyTransforms(["drop-images:alt=maybe"], to: document)
        }
        #expect(throws: TransmarkError.unknownTransform("nope", known: Registry.standard.transforms.map(\.name))) {
            _ = try Registry.standard.applyTransforms(["nope:x=1"], to: document)
        }
        #expect(throws: TransmarkError.self) {
            let _: String = try Registry.standard.convert(page, from: "html", to: "markdown",
                                                          options: ConversionOptions([("selector", "[")], transforms: ["remove"]))
        }
    }

    @Test func everyTransformIsRegisteredWithHelp() {
        let names = Registry.standard.transforms.map(\.name)
        #expect(names == ["remove", "unwrap", "keep", "shift-headings", "resolve-links", "clean-urls", "drop-images", "toc", "main-content", "sanitize"])
        for t in Registry.standard.transforms { #expect(!t.summary.isEmpty && t.optionHelp.allSatisfy { !$0.summary.isEmpty }) }
    }
}

@Suite struct DeepTreeTests {
    /// 200,000 nested divisions (every tenth a blockquote, a list item in a list, a link), with a
    /// heading, a paragraph and an image at the bottom.
    static func deep(_ depth: Int = 200_000) -> Document {
        var b = DocumentBuilder()
        for i in 0..<depth {
            switch i % 10 {
            case 3: b.open(.blockQuote)
            case 5: b.open(.list(.bullet)); b.open(.listItem(task: nil))
            default: b.open(.division(tag: "div"), attributes: i % 7 == 0 ? [Attribute("class", "content")] : [])
            }
        }
        b.open(.heading(level: 1)); b.text("Deep title"); b.close()
        b.open(.paragraph)
        b.text("A paragraph at the bottom, long enough, with commas, to score as prose. ")
        b.open(.link(destination: "../x", title: "")); b.text("link"); b.close()
        b.open(.image(source: "i.png", title: "", size: nil)); b.text("alt"); b.close()
        b.close()
        return b.finish()
    }

    @Test func everyTransformHandlesDeepTrees() throws {
        let document = Self.deep()
        let steps = ["remove:selector=blockquote", "unwrap:selector=div", "keep:selector=p", "shift-headings:by=2",
                     "resolve-links:base=https://example.com/a/b", "drop-images", "toc", "main-content", "sanitize"]
        for step in steps {
            let result = try Registry.standard.applyTransforms([step], to: document)
            #expect(result.root.plainText.contains("A paragraph at the bottom") || step.hasPrefix("remove"), "\(step)")
        }
        let article = try Registry.standard.applyTransforms(["main-content"], to: document)
        #expect(article.root.plainText.contains("Deep title"))
        let resolved = try Registry.standard.applyTransforms(["resolve-links:base=https://example.com/a/b"], to: document)
        #expect(nodes(resolved).contains { $0.kind == .link(destination: "https://example.com/x", title: "") })
    }

    @Test func wideTreesStayLinear() throws {
        var b = DocumentBuilder()
        for i in 0..<100_000 {
            b.open(.division(tag: "div"), attributes: [Attribute("class", i % 2 == 0 ? "post" : "share")])
            b.open(.paragraph); b.text("Paragraph \(i), with a comma, and some more words to count."); b.close()
            b.close()
        }
        let document = b.finish()
        let start = ContinuousClock.now
        let article = try MainContentTransform().apply(to: document, options: .init())
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(article.nodeCount > 1)
    }
}
