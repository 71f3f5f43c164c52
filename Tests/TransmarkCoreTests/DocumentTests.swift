import Testing
import TransmarkCore
import Foundation

@Suite struct DocumentTests {
    static func sample() -> Document {
        var b = DocumentBuilder()
        b.open(.heading(level: 2), attributes: [Attribute("id", "intro")])
        b.text("Hello ")
        b.open(.emphasis)
        b.text("big")
        b.close()
        b.text(" world")
        b.close()
        b.open(.paragraph)
        b.leaf(.code, text: "x < y")
        b.leaf(.softBreak)
        var style = Style()
        style.color = .rgba(RGBAColor(red: 255, green: 0, blue: 0))
        style.fontWeight = .bold
        b.open(.span, style: style)
        b.text("red")
        b.close()
        b.close()
        b.leaf(.codeBlock(info: "swift"), text: "let a = 1\n")
        return b.finish()
    }

    @Test func readAPI() {
        let doc = Self.sample()
        let root = doc.root
        #expect(root.kind == .document)
        let children = Array(root.children)
        #expect(children.map(\.tag) == [.heading, .paragraph, .codeBlock])
        #expect(children[0].kind == .heading(level: 2))
        #expect(children[0].attribute("id") == "intro")
        #expect(children[0].plainText == "Hello big world")
        #expect(Array(children[0].children).map(\.tag) == [.text, .emphasis, .text])
        #expect(children[1].firstChild?.text == "x < y")
        #expect(children[1].plainText == "x < y\nred")
        let span = Array(children[1].children)[2]
        #expect(span.style?.fontWeight == .bold)
        #expect(span.parent == children[1])
        #expect(children[2].kind == .codeBlock(info: "swift"))
        #expect(children[2].text == "let a = 1\n")
        #expect(children[2].nextSibling == nil)
        #expect(doc.nodeCount == 12)
    }

    @Test func adjacentTextMerges() {
        var b = DocumentBuilder()
        b.open(.paragraph)
        b.text("a")
        b.text("b")
        b.leaf(.softBreak)
        b.text("c")
        let doc = b.finish()
        let texts = Array(doc.root.firstChild!.children).map(\.text)
        #expect(texts == ["ab", "", "c"])
    }

    @Test func walkEventsAreBalancedAndOrdered() {
        let doc = Self.sample()
        var trace: [String] = []
        for event in doc.events() {
            switch event {
            case .enter(let n): trace.append("+\(n.tag.name)")
            case .exit(let n): trace.append("-\(n.tag.name)")
            }
        }
        #expect(trace == [
            "+document", "+heading", "+text", "-text", "+emphasis", "+text", "-text", "-emphasis", "+text", "-text", "-heading",
            "+paragraph", "+code", "-code", "+softBreak", "-softBreak", "+span", "+text", "-text", "-span", "-paragraph",
            "+codeBlock", "-codeBlock", "-document",
        ])
    }

    @Test func walkCanSkipChildrenAndStop() {
        let doc = Self.sample()
        var entered: [String] = []
        doc.walk { event in
            guard case .enter(let n) = event else { return .proceed }
            entered.append(n.tag.name)
            if n.tag == .heading { return .skipChildren }
            if n.tag == .span { return .stop }
            return .proceed
        }
        #expect(entered == ["document", "heading", "paragraph", "code", "softBreak", "span"])
    }

    @Test func subtreeWalkStaysInside() {
        let doc = Self.sample()
        let heading = doc.root.firstChild!
        let names = doc.events(from: heading.id).compactMap { e -> String? in
            if case .enter(let n) = e { return n.tag.name } else { return nil }
        }
        #expect(names == ["heading", "text", "emphasis", "text", "text"])
    }

    @Test func equality() {
        #expect(Self.sample() == Self.sample())
        var b = DocumentBuilder()
        b.open(.heading(level: 3))
        let other = b.finish()
        #expect(Self.sample() != other)
        // Same text split differently into the buffer still compares equal.
        var x = DocumentBuilder()
        x.leaf(.code, text: "zz")
        x.text("abc")
        var z = DocumentBuilder()
        z.leaf(.code, text: "zz")
        z.text("ab")
        z.text("c")
        #expect(x.finish() == z.finish())
    }

    @Test func treeDump() throws {
        let dump = Self.sample().treeDump
        #expect(dump == """
            document
              heading level=2 [id="intro"]
                text "Hello "
                emphasis
                  text "big"
                text " world"
              paragraph
                code "x < y"
                softBreak
                span {color: #ff0000; font-weight: 700}
                  text "red"
              codeBlock info="swift" "let a = 1\\n"

            """)
    }

    /// Strings in the tree dump are JSON strings: a JSON parser reads each one back as it was.
    @Test func treeDumpQuotesStringsAsJSON() throws {
        var b = DocumentBuilder()
        _ = b.open(.paragraph)
        _ = b.open(.link(destination: "a\"b\\c", title: "tab\there"))
        b.text("bell\u{7} del\u{7F} nl\n sep\u{2028} é")
        b.close()
        b.close()
        let dump = b.finish().treeDump
        #expect(dump.contains(#"link destination="a\"b\\c" title="tab\there""#))
        #expect(dump.contains(#"text "bell\u0007 del\u007f nl\n sep\u2028 é""#))
        let line = try #require(dump.split(separator: "\n").first { $0.contains("text ") })
        let quoted = line.drop { $0 != "\"" }
        let decoded = try JSONDecoder().decode(String.self, from: Data(quoted.utf8))
        #expect(decoded == "bell\u{7} del\u{7F} nl\n sep\u{2028} é")
    }

    /// A document one million levels deep can be built, walked, compared and dumped.
    @Test func appendCopyReproducesSubtrees() throws {
        let source = Self.sample()
        // Copying every child of the root into a new document gives the same document.
        var b = DocumentBuilder()
        for child in source.root.children { b.appendCopy(of: child.id, in: source) }
        #expect(b.finish() == source)
        // A copied subtree lands inside the open container, attributes and style included.
        var c = DocumentBuilder()
        c.open(.blockQuote)
        let paragraph = Array(source.root.children)[1]
        c.appendCopy(of: paragraph.id, in: source)
        c.close()
        let copy = c.finish()
        let quoted = Array(copy.root.children)[0]
        #expect(quoted.kind == .blockQuote)
        #expect(try TreeBackend().renderString(copy).contains("span"))
        #expect(Array(quoted.children)[0].plainText == paragraph.plainText)
        // Deep subtrees copy without recursion.
        var deep = DocumentBuilder()
        for _ in 0..<200_000 { deep.open(.blockQuote) }
        deep.text("bottom")
        let deepDocument = deep.finish()
        var d = DocumentBuilder()
        d.appendCopy(of: Array(deepDocument.root.children)[0].id, in: deepDocument)
        #expect(d.finish() == deepDocument)
    }

    @Test func millionLevelsDeep() throws {
        let depth = 1_000_000
        func build() -> Document {
            var b = DocumentBuilder(estimatedNodes: depth + 2)
            for _ in 0..<depth { b.open(.blockQuote) }
            b.text("deep")
            return b.finish()
        }
        let doc = build()
        #expect(doc.nodeCount == depth + 2)
        var maxDepth = 0
        var current = 0
        var exits = 0
        doc.walk { event in
            switch event {
            case .enter: current += 1; maxDepth = max(maxDepth, current)
            case .exit: current -= 1; exits += 1
            }
            return .proceed
        }
        #expect(maxDepth == depth + 2)
        #expect(exits == depth + 2)
        #expect(doc == build())
        #expect(doc.root.plainText == "deep")
        let dump = try TreeBackend().renderString(doc)
        #expect(dump.hasSuffix("[depth 1000001] " + String(repeating: "  ", count: 64) + "text \"deep\"\n"))
    }
}
