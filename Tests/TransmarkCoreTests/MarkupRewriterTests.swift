import Foundation
import Testing
import TransmarkCore

/// Logs what it is asked about and answers from a table of tags (`.keep` otherwise).
struct LoggingRewriter: MarkupRewriter {
    var actions: [NodeKind.Tag: RewriteAction] = [:]
    var log: [String] = []

    mutating func rewrite(_ node: Node) -> RewriteAction {
        log.append("rewrite " + node.tag.name)
        return actions[node.tag] ?? .keep
    }

    mutating func didRewrite(_ node: Node) {
        log.append("didRewrite " + node.tag.name)
    }
}

struct RewriteFailure: Error {}

/// The example of `MarkupRewriter`'s documentation.
struct MarkExternalLinks: MarkupRewriter {
    var count = 0

    mutating func rewrite(_ node: Node) -> RewriteAction {
        switch node.kind {
        case .link(let destination, _) where destination.hasPrefix("https://"):
            count += 1
            return .insertText(after: " ↗")
        case .image:
            return .drop
        default:
            return .keep
        }
    }
}

@Suite struct MarkupRewriterTests {
    static func sample() -> Document {
        var b = DocumentBuilder()
        b.open(.heading(level: 1), attributes: [Attribute("id", "intro")])
        b.text("Hello ")
        b.open(.emphasis)
        b.text("big")
        b.close()
        b.close()
        b.open(.paragraph)
        b.text("See ")
        var style = Style()
        style.fontStyle = .italic
        b.open(.span, attributes: [Attribute("class", "x")], style: style)
        b.text("this")
        b.close()
        b.text(" ")
        b.open(.image(source: "a.png", title: "", size: nil))
        b.text("pic")
        b.close()
        b.leaf(.code, text: "x<y")
        b.close()
        return b.finish()
    }

    static let sampleDump = """
        document
          heading level=1 [id="intro"]
            text "Hello "
            emphasis
              text "big"
          paragraph
            text "See "
            span [class="x"] {font-style: italic}
              text "this"
            text " "
            image source="a.png"
              text "pic"
            code "x<y"

        """

    /// Rewrites `sample()` with one action for the nodes of one tag.
    static func rewrite(_ tag: NodeKind.Tag, _ action: RewriteAction) -> Document {
        sample().rewritten { $0.tag == tag ? action : .keep }
    }

    @Test func documentationExamples() {
        var b = DocumentBuilder()
        b.open(.paragraph)
        for destination in ["https://a.example", "/local", "https://b.example"] {
            b.open(.link(destination: destination, title: ""))
            b.open(.emphasis)
            b.text("Go")
            b.close()
            b.close()
            b.text(",")
        }
        b.open(.image(source: "x.png", title: "", size: nil))
        b.text("x")
        b.close()
        b.close()
        let document = b.finish()
        var marker = MarkExternalLinks()
        let marked = marker.rewrite(document)
        #expect(marker.count == 2)
        #expect(marked.treeDump == """
            document
              paragraph
                link destination="https://a.example"
                  emphasis
                    text "Go"
                text " ↗,"
                link destination="/local"
                  emphasis
                    text "Go"
                text ","
                link destination="https://b.example"
                  emphasis
                    text "Go"
                text " ↗,"

            """)
        let plain = document.rewritten { node in
            node.tag == .emphasis || node.tag == .strong ? .unwrap : .keep
        }
        #expect(plain.root.plainText == "Go,Go,Go,x")
        #expect(!plain.treeDump.contains("emphasis"))
    }

    @Test func sampleDumpIsWhatTheTestsStartFrom() {
        #expect(Self.sample().treeDump == Self.sampleDump)
    }

    @Test func keepingEverythingCopiesTheTree() {
        for document in [Self.sample(), EveryKind.document()] {
            let copy = document.rewritten { _ in .keep }
            #expect(copy == document)
            #expect(copy.treeDump == document.treeDump)
            #expect(copy.nodeCount == document.nodeCount)
        }
        var keepAll = LoggingRewriter()
        #expect(keepAll.rewrite(EveryKind.document()) == EveryKind.document())
    }

    @Test func dropLeavesOutTheNodeAndItsContent() {
        #expect(Self.rewrite(.image, .drop).treeDump == """
            document
              heading level=1 [id="intro"]
                text "Hello "
                emphasis
                  text "big"
              paragraph
                text "See "
                span [class="x"] {font-style: italic}
                  text "this"
                text " "
                code "x<y"

            """)
    }

    @Test func unwrapKeepsTheChildrenAndMergesText() {
        let unwrapped = Self.rewrite(.span, .unwrap)
        #expect(unwrapped.treeDump == """
            document
              heading level=1 [id="intro"]
                text "Hello "
                emphasis
                  text "big"
              paragraph
                text "See this "
                image source="a.png"
                  text "pic"
                code "x<y"

            """)
        // A node with literal text leaves its text.
        let codeAsText = Self.sample().rewritten { node in
            switch node.tag {
            case .image: .drop
            case .code, .span: .unwrap
            default: .keep
            }
        }
        #expect(codeAsText.treeDump == """
            document
              heading level=1 [id="intro"]
                text "Hello "
                emphasis
                  text "big"
              paragraph
                text "See this x<y"

            """)
    }

    @Test func replaceKindKeepsAttributesStyleAndChildren() {
        #expect(Self.rewrite(.heading, .replaceKind(.paragraph)).treeDump.hasPrefix("""
            document
              paragraph [id="intro"]
                text "Hello "
                emphasis
                  text "big"
              paragraph

            """))
        #expect(Self.rewrite(.span, .replaceKind(.strong)).treeDump.contains("""
                strong [class="x"] {font-style: italic}
                  text "this"

            """))
        // A literal-text node keeps its text under its new kind.
        #expect(Self.rewrite(.code, .replaceKind(.htmlInline)).treeDump.hasSuffix("""
                htmlInline "x<y"

            """))
    }

    @Test func replaceWithText() {
        let document = Self.sample().rewritten { node in
            if case .image(let source, _, _) = node.kind { return .replace(with: .text("[\(node.plainText): \(source)]")) }
            return .keep
        }
        #expect(document.treeDump.hasSuffix("""
              paragraph
                text "See "
                span [class="x"] {font-style: italic}
                  text "this"
                text " [pic: a.png]"
                code "x<y"

            """))
    }

    @Test func replaceWithASubtreeOrTheChildrenOfAFragment() {
        var b = DocumentBuilder()
        b.open(.strong, attributes: [Attribute("data-k", "v")])
        b.text("BIG")
        b.close()
        b.leaf(.lineBreak)
        let fragment = b.finish()

        let subtree = Self.rewrite(.emphasis, .replace(with: .subtree(fragment.root.firstChild!)))
        #expect(subtree.treeDump.hasPrefix("""
            document
              heading level=1 [id="intro"]
                text "Hello "
                strong [data-k="v"]
                  text "BIG"
              paragraph

            """))
        let children = Self.rewrite(.emphasis, .replace(with: .children(of: fragment.root)))
        #expect(children.treeDump.hasPrefix("""
            document
              heading level=1 [id="intro"]
                text "Hello "
                strong [data-k="v"]
                  text "BIG"
                lineBreak
              paragraph

            """))
    }

    @Test func wrapPutsANewParentAround() {
        let wrapped = Self.rewrite(.paragraph, .wrap(.blockQuote, attributes: [Attribute("class", "q")]))
        #expect(wrapped.treeDump.hasSuffix("""
              blockQuote [class="q"]
                paragraph
                  text "See "
                  span [class="x"] {font-style: italic}
                    text "this"
                  text " "
                  image source="a.png"
                    text "pic"
                  code "x<y"

            """))
        // Nested: a heading becomes a paragraph of strong text.
        #expect(Self.rewrite(.heading, .wrap(.paragraph, inner: .replaceKind(.strong))).treeDump.hasPrefix("""
            document
              paragraph
                strong [id="intro"]
                  text "Hello "
                  emphasis
                    text "big"
              paragraph

            """))
    }

    @Test func insertTextBeforeAndAfterInTheOrderOfNesting() {
        let outside = Self.rewrite(.emphasis, .insertText(before: "<", after: ">", inner: .wrap(.strong)))
        #expect(outside.treeDump.hasPrefix("""
            document
              heading level=1 [id="intro"]
                text "Hello <"
                strong
                  emphasis
                    text "big"
                text ">"

            """))
        let inside = Self.rewrite(.emphasis, .wrap(.strong, inner: .insertText(before: "<", after: ">")))
        #expect(inside.treeDump.hasPrefix("""
            document
              heading level=1 [id="intro"]
                text "Hello "
                strong
                  text "<"
                  emphasis
                    text "big"
                  text ">"

            """))
        let code = Self.rewrite(.code, .insertText(before: "`", after: "`", inner: .unwrap))
        #expect(code.treeDump.hasSuffix("""
                text " "
                image source="a.png"
                  text "pic"
                text "`x<y`"

            """))
    }

    @Test func onlyNodesThatAreCopiedNodeByNodeAreAskedAbout() {
        var rewriter = LoggingRewriter()
        rewriter.actions = [.heading: .keepSubtree, .span: .drop, .image: .replace(with: .text("i"))]
        let result = rewriter.rewrite(Self.sample())
        #expect(rewriter.log == [
            "rewrite heading", "didRewrite heading",
            "rewrite paragraph",
            "rewrite text", "didRewrite text",
            "rewrite span", "didRewrite span",
            "rewrite text", "didRewrite text",
            "rewrite image", "didRewrite image",
            "rewrite code", "didRewrite code",
            "didRewrite paragraph",
        ])
        #expect(result.treeDump == """
            document
              heading level=1 [id="intro"]
                text "Hello "
                emphasis
                  text "big"
              paragraph
                text "See  i"
                code "x<y"

            """)
    }

    @Test func droppingEverythingLeavesAnEmptyDocument() {
        #expect(Self.sample().rewritten { _ in .drop } == Document.empty)
        #expect(Document.empty.rewritten { _ in .wrap(.paragraph) } == Document.empty)
    }

    @Test func aThrowingClosureStopsTheRewrite() {
        var asked = 0
        #expect(throws: RewriteFailure.self) {
            _ = try Self.sample().rewritten { node in
                asked += 1
                if node.tag == .span { throw RewriteFailure() }
                return .keep
            }
        }
        #expect(asked == 7)
    }

    @Test func aMillionNestedElementsAreRewritten() {
        let depth = 1_000_000
        var b = DocumentBuilder(estimatedNodes: depth + 2)
        for _ in 0..<depth { b.open(.span, attributes: [Attribute("k", "v")]) }
        b.text("bottom")
        let document = b.finish()
        let start = Date()
        let copy = document.rewritten { _ in .keep }
        #expect(copy == document)
        let flat = document.rewritten { $0.tag == .span ? .unwrap : .keep }
        #expect(flat.treeDump == "document\n  text \"bottom\"\n")
        let quoted = document.rewritten { $0.tag == .span ? .replaceKind(.blockQuote) : .keep }
        var counter = DepthCounter()
        counter.visit(quoted)
        #expect(counter.deepest == depth + 2)
        #expect(quoted.root.firstChild?.kind == .blockQuote)
        #expect(quoted.root.firstChild?.attribute("k") == "v")
        #expect(Date().timeIntervalSince(start) < 120)
    }
}
