import Foundation
import Testing
import TestSupport
import Transmark

/// Reading back what `json-tree` wrote gives the same tree: on every fixture input, every corpus
/// file, a document with every kind and style property, and trees a million levels deep.
@Suite struct RoundTripTests {
    /// Every fixture input once (profile subfolders reuse their parent's input).
    static let fixtures: [Fixture] = {
        var seen = Set<String>()
        return ((try? FixtureSuite.discover()) ?? []).filter { seen.insert($0.input.path).inserted }
    }()

    static let corpusFiles: [String] = {
        let web = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.corpus("web").path)) ?? []
        return ["corpus.md", "corpus_from_md.html", "corpus_spec.html"] + web.filter { $0.hasSuffix(".html") }.sorted().map { "web/" + $0 }
    }()

    /// Writes, reads back and compares: tree dumps byte for byte, documents with `==`, a second
    /// write byte for byte; the pretty and streamed forms read back the same; the output is valid
    /// UTF-8 and, for trees shallow enough for `JSONSerialization`, valid against the schema.
    static func checkIdentity(_ document: Document, _ name: String) throws {
        let json = try JSONTree.write(document)
        #expect(String(validating: json, as: UTF8.self) != nil, "\(name): output is not valid UTF-8")
        let back = try JSONTree.read(json)
        let before = try JSONTree.dump(document), after = try JSONTree.dump(back)
        #expect(before == after, "\(name): tree dumps differ\n\(TextDiff.describe(expected: String(decoding: before, as: UTF8.self), actual: String(decoding: after, as: UTF8.self)))")
        #expect(back == document, "\(name): documents differ")
        #expect(try JSONTree.write(back) == json, "\(name): a second write differs")
        #expect(try JSONTree.read(JSONTree.write(document, pretty: true)) == document, "\(name): pretty form reads back differently")
        var streamed: [UInt8] = []
        try JSONTree.backend.render(document, options: .init()) { streamed.append(contentsOf: $0) }
        #expect(streamed == json, "\(name): streamed output differs")
        if JSONTree.depth(document) < 150 {
            let problems = JSONTree.schema.validate(try JSONSerialization.jsonObject(with: Data(json)))
            #expect(problems.isEmpty, "\(name): \(problems.prefix(5).joined(separator: "\n"))")
        }
    }

    @Test func everyFixtureIsFound() {
        #expect(Self.fixtures.count >= 300)
        print("json-tree round trip: \(Self.fixtures.count) fixture inputs, \(Self.corpusFiles.count) corpus files")
    }

    @Test(arguments: fixtures)
    func fixtureRoundTrips(_ fixture: Fixture) throws {
        let registry = Registry.standard
        let readKeys = registry.formats.first { $0.format.name == fixture.inputFormat }!.readOptions.map(\.key)
        let options = fixture.options.filter { readKeys.contains($0.key) }
        let document = try registry.parse(Array(try Data(contentsOf: fixture.input)), from: fixture.inputFormat, options: options)
        try Self.checkIdentity(document, fixture.name)
    }

    @Test(arguments: corpusFiles)
    func corpusRoundTrips(_ name: String) throws {
        let url = TestPaths.corpus(name)
        try #require(FileManager.default.fileExists(atPath: url.path), "missing corpus file \(url.path)")
        let format = name.hasSuffix(".md") ? "markdown" : "html"
        let document = try Registry.standard.parse(Array(try Data(contentsOf: url)), from: format, options: [])
        try Self.checkIdentity(document, name)
    }

    /// Every kind with non-default values, every style property, repeated attributes and text
    /// that needs escaping.
    static func everything() -> Document {
        var b = DocumentBuilder()
        var style = Style()
        style.color = .rgba(RGBAColor(red: 255, green: 0, blue: 16))
        style.backgroundColor = .rgba(RGBAColor(red: 1, green: 2, blue: 3, alpha: 128))
        style.fontWeight = .weight(650)
        style.fontStyle = .oblique
        style.fontSize = .length(.pt(10.5))
        style.fontFamily = ["Helvetica Neue", "serif", "\"Odd\" \\ name"]
        style.textDecoration = [.underline, .lineThrough, .overline]
        style.textAlign = .justify
        style.verticalAlign = .length(.percent(-33.25))
        style.lineHeight = .multiple(1.15)
        style.letterSpacing = .px(0)
        style.wordSpacing = .em(-0.0)
        style.textTransform = .capitalize
        style.whiteSpace = .preWrap
        style.display = .inlineBlock
        style.visibility = .collapse
        var other = Style()
        other.color = .currentColor
        other.fontWeight = .bolder
        other.fontSize = .keyword(.xxxLarge)
        other.textDecoration = TextDecoration.none
        other.verticalAlign = .textBottom
        other.lineHeight = .length(.rem(1e-7))
        other.letterSpacing = .px(1e300)
        other.wordSpacing = .px(.infinity)
        var third = Style()
        third.fontWeight = .lighter
        third.lineHeight = .normal
        third.verticalAlign = .super
        third.wordSpacing = .px(-.infinity)
        third.letterSpacing = .px(0.1 + 0.2)

        b.open(.heading(level: 6), attributes: [Attribute("id", "h"), Attribute("class", "a"), Attribute("class", "b")], style: style)
        b.text("Heading \"quoted\" \\ back\u{2028}line\u{2029}para\u{0}nul\u{1F}\u{7F} tab\t 😀 é")
        b.close()
        b.open(.blockQuote, style: other)
        b.open(.paragraph, style: third)
        b.text("a")
        b.leaf(.softBreak)
        b.text("b")
        b.leaf(.lineBreak)
        for kind: NodeKind in [.emphasis, .strong, .strikethrough, .underline, .superscript, .subscript, .highlight, .span] {
            b.open(kind)
            b.text("x")
            b.close()
        }
        b.leaf(.code, text: "let x = 1")
        b.leaf(.htmlInline, text: "<b>")
        b.open(.link(destination: "https://example.com/?a=1&b=\"2\"", title: "Title"))
        b.text("link")
        b.close()
        b.open(.link(destination: "", title: ""))
        b.close()
        b.open(.image(source: "a.png", title: "t", size: ImageSize(width: 10, height: 20)))
        b.text("alt")
        b.close()
        b.leaf(.image(source: "b.png", title: "", size: ImageSize()))
        b.leaf(.image(source: "c.png", title: "", size: ImageSize(height: 3)))
        b.leaf(.image(source: "d.png", title: "", size: nil))
        b.leaf(.footnoteReference(label: "1"))
        b.leaf(.custom(name: "math"), text: "x^2")
        b.leaf(.inlineMath, text: "a_1 < b")
        b.leaf(.displayMath, text: "\\int_0^1 f\n\\,dx")
        b.text("", attributes: [Attribute("data-x", "")], style: nil)
        b.leaf(.text, text: "")
        b.leaf(.text, text: "two")
        b.leaf(.text, text: "adjacent")
        b.close()
        b.close()
        b.open(.list(ListAttributes(isOrdered: true, start: -3, isTight: false, marker: ")", numbering: .upperRoman, isReversed: true)))
        b.open(.listItem(task: .checked))
        b.open(.paragraph)
        b.text("done")
        b.close()
        b.close()
        b.open(.listItem(task: .unchecked))
        b.close()
        b.open(.listItem(task: nil))
        b.close()
        b.close()
        b.open(.list(ListAttributes(isOrdered: false, marker: "👍🏽")))
        b.close()
        b.open(.list(.bullet))
        b.open(.listItem(task: nil))
        b.close()
        b.close()
        b.leaf(.codeBlock(info: "swift title=\"x\""), text: "print(1)\n")
        b.leaf(.codeBlock(info: ""), text: "")
        b.leaf(.htmlBlock, text: "<div>\n</div>")
        b.leaf(.thematicBreak)
        b.open(.table(alignments: [.none, .left, .center, .right]))
        b.open(.division(tag: "caption"))
        b.text("Caption")
        b.close()
        b.open(.tableRow(isHeader: true))
        b.open(.tableCell(TableCellAttributes(alignment: .center, columnSpan: 2, rowSpan: 3, isHeader: true)))
        b.text("h")
        b.close()
        b.open(.tableCell(.plain))
        b.close()
        b.close()
        b.open(.tableRow(isHeader: false))
        b.close()
        b.close()
        b.open(.table(alignments: []))
        b.close()
        b.open(.footnoteDefinition(label: "1"))
        b.open(.paragraph)
        b.text("Note")
        b.close()
        b.close()
        b.open(.definitionList)
        b.open(.term)
        b.text("T")
        b.close()
        b.open(.definition)
        b.text("D")
        b.close()
        b.close()
        b.open(.division(tag: "section"), attributes: [Attribute("ÜML", "välue\n")])
        b.open(.custom(name: "widget"))
        b.close()
        b.close()
        return b.finish()
    }

    @Test func everyKindAndStyleRoundTrips() throws {
        let document = Self.everything()
        var seen = Set<NodeKind.Tag>()
        for case .enter(let node) in document.events() { seen.insert(node.tag) }
        #expect(seen == Set(NodeKind.Tag.allCases))
        try Self.checkIdentity(document, "everything")
    }

    @Test func outputShape() throws {
        var b = DocumentBuilder()
        var style = Style()
        style.fontSize = .length(.px(12))
        style.lineHeight = .multiple(1.5)
        b.open(.heading(level: 2), attributes: [Attribute("id", "x")], style: style)
        b.text("Hi \u{2028}\"")
        b.close()
        b.leaf(.image(source: "a.png", title: "", size: ImageSize(width: 5)))
        let json = String(decoding: try JSONTree.write(b.finish()), as: UTF8.self)
        #expect(json == #"{"transmark-json-tree":1,"root":{"kind":"document","children":[{"kind":"heading","level":2,"attributes":[["id","x"]],"style":{"fontSize":{"px":12},"lineHeight":1.5},"children":[{"kind":"text","text":"Hi \u2028\""}]},{"kind":"image","source":"a.png","title":"","size":{"width":5}}]}}"# + "\n")
    }

    @Test func prettyOutputPutsEveryNodeOnItsOwnLine() throws {
        let document = try Registry.standard.parse(Array("# A\n\n- b\n".utf8), from: "markdown", options: [])
        let json = String(decoding: try JSONTree.write(document, pretty: true), as: UTF8.self)
        #expect(json == """
        {"transmark-json-tree":1,"root":
        {"kind":"document","children":[
          {"kind":"heading","level":1,"children":[
            {"kind":"text","text":"A"}]},
          {"kind":"list","ordered":false,"start":1,"tight":true,"marker":"-","numbering":"decimal","reversed":false,"children":[
            {"kind":"listItem","children":[
              {"kind":"paragraph","children":[
                {"kind":"text","text":"b"}]}]}]}]}}

        """)
    }

    @Test func invalidUTF8InTheTreeIsWrittenAsReplacementCharacters() throws {
        var b = DocumentBuilder()
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82, 0x63, 0xED, 0xA0, 0x80]
        bytes.withUnsafeBufferPointer { _ = b.leaf(.code, bytes: $0) }
        let json = try JSONTree.write(b.finish())
        #expect(String(validating: json, as: UTF8.self) != nil)
        let back = try JSONTree.read(json)
        #expect(back.root.firstChild?.text == "a\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    @Test func escapesReadBack() throws {
        let json = JSONTree.wrap(#"{"kind":"text","text":"\"\\\/\b\f\n\r\t\u00e9\u20AC\ud83d\ude00\u0000"}"#)
        let document = try JSONTree.read(json)
        #expect(document.root.firstChild?.text == "\"\\/\u{8}\u{C}\n\r\té€😀\u{0}")
    }

    @Test func keysInAnyOrderAndDefaultsRead() throws {
        // A filter may add members after `children`, and may leave out members with defaults.
        let json = JSONTree.wrap(##"{"children":[{"text":"x","kind":"text"}],"kind":"list","style":{"color":"#FF0000"}}"##.replacingOccurrences(of: #""kind":"list""#, with: #""kind":"paragraph""#))
        let document = try JSONTree.read(json)
        #expect(String(decoding: try JSONTree.dump(document), as: UTF8.self) == "document\n  paragraph {color: #ff0000}\n    text \"x\"\n")
        let list = try JSONTree.read(JSONTree.wrap(#"{"kind":"list","children":[{"kind":"listItem"}]}"#))
        #expect(list.root.firstChild?.kind == .list(ListAttributes(isOrdered: false)))
        let cell = try JSONTree.read(JSONTree.wrap(#"{"kind":"table","children":[{"kind":"tableRow","children":[{"kind":"tableCell"}]}]}"#))
        #expect(cell.root.firstChild?.firstChild?.firstChild?.kind == .tableCell(.plain))
    }

    /// The schema is not a rubber stamp: it refuses what the reader refuses, where it can tell.
    @Test func schemaRefusesImpossibleTrees() throws {
        for node in [
            #"{"kind":"tableCell"}"#, #"{"kind":"para"}"#, #"{"kind":"text"}"#, #"{"kind":"heading","level":7}"#,
            #"{"kind":"paragraph","level":1}"#, #"{"kind":"list","children":[{"kind":"paragraph"}]}"#,
            #"{"kind":"span","attributes":[["id"]]}"#, #"{"kind":"span","style":{"color":"red"}}"#,
            #"{"kind":"span","style":{"letterSpacing":{"px":1,"em":2}}}"#, #"{"kind":"code","text":"x","children":[{"kind":"text","text":"y"}]}"#,
        ] {
            let json = try JSONSerialization.jsonObject(with: Data(JSONTree.wrap(node).utf8))
            #expect(!JSONTree.schema.validate(json).isEmpty, "the schema accepts \(node)")
            #expect(JSONTree.error(JSONTree.wrap(node)) != nil, "the reader accepts \(node)")
        }
        let good = try JSONSerialization.jsonObject(with: Data(JSONTree.wrap(#"{"kind":"paragraph","children":[{"kind":"text","text":"x"}]}"#).utf8))
        #expect(JSONTree.schema.validate(good).isEmpty)
    }

    @Test func aMillionLevelsRoundTrip() throws {
        let levels = 1_000_000
        var b = DocumentBuilder(estimatedNodes: levels + 2)
        for i in 0 ..< levels { b.open(i % 2 == 0 ? .blockQuote : .division(tag: "div")) }
        b.text("deep")
        let document = b.finish()
        let json = try JSONTree.write(document)
        let back = try JSONTree.read(json, maxDepth: levels + 2)
        #expect(back == document)
        #expect(try JSONTree.write(back) == json)
        // The same input past the default limit is a typed error.
        #expect(JSONTree.error(json) == .nestingTooDeep(depth: 100_001, limit: 100_000, option: "maxDepth"))
    }

    @Test func depthLimitIsExact() throws {
        func nested(_ n: Int) -> Document {
            var b = DocumentBuilder()
            for _ in 0 ..< n { b.open(.span) }
            return b.finish()
        }
        // The root and 9 spans: depth 10.
        let json = try JSONTree.write(nested(9))
        #expect(try JSONTree.read(json, maxDepth: 10) == nested(9))
        #expect(JSONTree.error(json, maxDepth: 9) == .nestingTooDeep(depth: 10, limit: 9, option: "maxDepth"))
    }
}
