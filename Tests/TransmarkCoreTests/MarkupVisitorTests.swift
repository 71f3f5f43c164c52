import Foundation
import Testing
import TransmarkCore

/// A document with a node of every `NodeKind` case (shared by the visitor and rewriter tests).
enum EveryKind {
    static func document() -> Document {
        var b = DocumentBuilder()
        b.open(.heading(level: 2), attributes: [Attribute("id", "top")])
        b.text("Title")
        b.close()
        b.open(.paragraph)
        b.text("a")
        b.leaf(.softBreak)
        b.leaf(.lineBreak)
        b.open(.emphasis)
        b.open(.strong)
        b.open(.strikethrough)
        b.open(.underline)
        b.open(.superscript)
        b.open(.subscript)
        b.open(.highlight)
        b.leaf(.code, text: "c")
        for _ in 0..<7 { b.close() }
        b.open(.link(destination: "https://example.com", title: "T"))
        b.text("l")
        b.close()
        b.open(.image(source: "i.png", title: "", size: ImageSize(width: 4, height: nil)))
        b.text("alt")
        b.close()
        b.leaf(.htmlInline, text: "<kbd>")
        var style = Style()
        style.fontWeight = .bold
        b.open(.span, style: style)
        b.text("s")
        b.close()
        b.leaf(.footnoteReference(label: "n"))
        b.leaf(.inlineMath, text: "x^2")
        b.leaf(.displayMath, text: "\\int f")
        b.open(.custom(name: "story"))
        b.text("x")
        b.close()
        b.close()
        b.open(.blockQuote)
        b.leaf(.thematicBreak)
        b.close()
        b.open(.list(ListAttributes(isOrdered: true, start: 3)))
        b.open(.listItem(task: .checked))
        b.leaf(.codeBlock(info: "swift"), text: "let x = 1\n")
        b.close()
        b.close()
        b.leaf(.htmlBlock, text: "<hr>")
        b.open(.table(alignments: [.left, .none]))
        b.open(.tableRow(isHeader: true))
        b.open(.tableCell(TableCellAttributes(alignment: .left, columnSpan: 2, isHeader: true)))
        b.text("h")
        for _ in 0..<3 { b.close() }
        b.open(.footnoteDefinition(label: "n"))
        b.open(.paragraph)
        b.text("note")
        b.close()
        b.close()
        b.open(.definitionList)
        b.open(.term)
        b.text("t")
        b.close()
        b.open(.definition)
        b.text("d")
        b.close()
        b.close()
        b.open(.division(tag: "section"))
        b.close()
        return b.finish()
    }

    /// `visit`/`didVisit` and the tag name, as a visitor implementing only the defaults sees them.
    static func events(of document: Document, from start: NodeID = .root) -> [String] {
        document.events(from: start).map { event in
            switch event {
            case .enter(let node): "visit " + node.tag.name
            case .exit(let node): "didVisit " + node.tag.name
            }
        }
    }
}

/// Implements every per-kind method: logs the method, the node's tag and the values handed over.
struct RecordingVisitor: MarkupVisitor {
    var log: [String] = []
    var skip: Set<NodeKind.Tag> = []

    mutating func record(_ method: String, _ node: Node, _ values: [String]) -> WalkAction {
        log.append(([method, node.tag.name] + values).joined(separator: " "))
        return skip.contains(node.tag) ? .skipChildren : .proceed
    }

    mutating func defaultVisit(_ node: Node) -> WalkAction {
        Issue.record("defaultVisit reached for \(node.tag.name)")
        return .proceed
    }

    mutating func defaultDidVisit(_ node: Node) {
        Issue.record("defaultDidVisit reached for \(node.tag.name)")
    }

    mutating func visitDocument(_ node: Node) -> WalkAction { record("visitDocument", node, []) }
    mutating func didVisitDocument(_ node: Node) { _ = record("didVisitDocument", node, []) }
    mutating func visitParagraph(_ node: Node) -> WalkAction { record("visitParagraph", node, []) }
    mutating func didVisitParagraph(_ node: Node) { _ = record("didVisitParagraph", node, []) }
    mutating func visitHeading(_ node: Node, level: Int) -> WalkAction { record("visitHeading", node, [String(describing: level)]) }
    mutating func didVisitHeading(_ node: Node, level: Int) { _ = record("didVisitHeading", node, [String(describing: level)]) }
    mutating func visitBlockQuote(_ node: Node) -> WalkAction { record("visitBlockQuote", node, []) }
    mutating func didVisitBlockQuote(_ node: Node) { _ = record("didVisitBlockQuote", node, []) }
    mutating func visitList(_ node: Node, attributes: ListAttributes) -> WalkAction { record("visitList", node, [String(describing: attributes)]) }
    mutating func didVisitList(_ node: Node, attributes: ListAttributes) { _ = record("didVisitList", node, [String(describing: attributes)]) }
    mutating func visitListItem(_ node: Node, task: TaskState?) -> WalkAction { record("visitListItem", node, [String(describing: task)]) }
    mutating func didVisitListItem(_ node: Node, task: TaskState?) { _ = record("didVisitListItem", node, [String(describing: task)]) }
    mutating func visitCodeBlock(_ node: Node, info: String) -> WalkAction { record("visitCodeBlock", node, [String(describing: info)]) }
    mutating func didVisitCodeBlock(_ node: Node, info: String) { _ = record("didVisitCodeBlock", node, [String(describing: info)]) }
    mutating func visitHTMLBlock(_ node: Node) -> WalkAction { record("visitHTMLBlock", node, []) }
    mutating func didVisitHTMLBlock(_ node: Node) { _ = record("didVisitHTMLBlock", node, []) }
    mutating func visitThematicBreak(_ node: Node) -> WalkAction { record("visitThematicBreak", node, []) }
    mutating func didVisitThematicBreak(_ node: Node) { _ = record("didVisitThematicBreak", node, []) }
    mutating func visitTable(_ node: Node, alignments: [TableAlignment]) -> WalkAction { record("visitTable", node, [String(describing: alignments)]) }
    mutating func didVisitTable(_ node: Node, alignments: [TableAlignment]) { _ = record("didVisitTable", node, [String(describing: alignments)]) }
    mutating func visitTableRow(_ node: Node, isHeader: Bool) -> WalkAction { record("visitTableRow", node, [String(describing: isHeader)]) }
    mutating func didVisitTableRow(_ node: Node, isHeader: Bool) { _ = record("didVisitTableRow", node, [String(describing: isHeader)]) }
    mutating func visitTableCell(_ node: Node, attributes: TableCellAttributes) -> WalkAction { record("visitTableCell", node, [String(describing: attributes)]) }
    mutating func didVisitTableCell(_ node: Node, attributes: TableCellAttributes) { _ = record("didVisitTableCell", node, [String(describing: attributes)]) }
    mutating func visitFootnoteDefinition(_ node: Node, label: String) -> WalkAction { record("visitFootnoteDefinition", node, [String(describing: label)]) }
    mutating func didVisitFootnoteDefinition(_ node: Node, label: String) { _ = record("didVisitFootnoteDefinition", node, [String(describing: label)]) }
    mutating func visitDefinitionList(_ node: Node) -> WalkAction { record("visitDefinitionList", node, []) }
    mutating func didVisitDefinitionList(_ node: Node) { _ = record("didVisitDefinitionList", node, []) }
    mutating func visitTerm(_ node: Node) -> WalkAction { record("visitTerm", node, []) }
    mutating func didVisitTerm(_ node: Node) { _ = record("didVisitTerm", node, []) }
    mutating func visitDefinition(_ node: Node) -> WalkAction { record("visitDefinition", node, []) }
    mutating func didVisitDefinition(_ node: Node) { _ = record("didVisitDefinition", node, []) }
    mutating func visitDivision(_ node: Node, tag: String) -> WalkAction { record("visitDivision", node, [String(describing: tag)]) }
    mutating func didVisitDivision(_ node: Node, tag: String) { _ = record("didVisitDivision", node, [String(describing: tag)]) }
    mutating func visitText(_ node: Node) -> WalkAction { record("visitText", node, []) }
    mutating func didVisitText(_ node: Node) { _ = record("didVisitText", node, []) }
    mutating func visitSoftBreak(_ node: Node) -> WalkAction { record("visitSoftBreak", node, []) }
    mutating func didVisitSoftBreak(_ node: Node) { _ = record("didVisitSoftBreak", node, []) }
    mutating func visitLineBreak(_ node: Node) -> WalkAction { record("visitLineBreak", node, []) }
    mutating func didVisitLineBreak(_ node: Node) { _ = record("didVisitLineBreak", node, []) }
    mutating func visitEmphasis(_ node: Node) -> WalkAction { record("visitEmphasis", node, []) }
    mutating func didVisitEmphasis(_ node: Node) { _ = record("didVisitEmphasis", node, []) }
    mutating func visitStrong(_ node: Node) -> WalkAction { record("visitStrong", node, []) }
    mutating func didVisitStrong(_ node: Node) { _ = record("didVisitStrong", node, []) }
    mutating func visitStrikethrough(_ node: Node) -> WalkAction { record("visitStrikethrough", node, []) }
    mutating func didVisitStrikethrough(_ node: Node) { _ = record("didVisitStrikethrough", node, []) }
    mutating func visitUnderline(_ node: Node) -> WalkAction { record("visitUnderline", node, []) }
    mutating func didVisitUnderline(_ node: Node) { _ = record("didVisitUnderline", node, []) }
    mutating func visitSuperscript(_ node: Node) -> WalkAction { record("visitSuperscript", node, []) }
    mutating func didVisitSuperscript(_ node: Node) { _ = record("didVisitSuperscript", node, []) }
    mutating func visitSubscript(_ node: Node) -> WalkAction { record("visitSubscript", node, []) }
    mutating func didVisitSubscript(_ node: Node) { _ = record("didVisitSubscript", node, []) }
    mutating func visitHighlight(_ node: Node) -> WalkAction { record("visitHighlight", node, []) }
    mutating func didVisitHighlight(_ node: Node) { _ = record("didVisitHighlight", node, []) }
    mutating func visitCode(_ node: Node) -> WalkAction { record("visitCode", node, []) }
    mutating func didVisitCode(_ node: Node) { _ = record("didVisitCode", node, []) }
    mutating func visitLink(_ node: Node, destination: String, title: String) -> WalkAction { record("visitLink", node, [String(describing: destination), String(describing: title)]) }
    mutating func didVisitLink(_ node: Node, destination: String, title: String) { _ = record("didVisitLink", node, [String(describing: destination), String(describing: title)]) }
    mutating func visitImage(_ node: Node, source: String, title: String, size: ImageSize?) -> WalkAction { record("visitImage", node, [String(describing: source), String(describing: title), String(describing: size)]) }
    mutating func didVisitImage(_ node: Node, source: String, title: String, size: ImageSize?) { _ = record("didVisitImage", node, [String(describing: source), String(describing: title), String(describing: size)]) }
    mutating func visitHTMLInline(_ node: Node) -> WalkAction { record("visitHTMLInline", node, []) }
    mutating func didVisitHTMLInline(_ node: Node) { _ = record("didVisitHTMLInline", node, []) }
    mutating func visitSpan(_ node: Node) -> WalkAction { record("visitSpan", node, []) }
    mutating func didVisitSpan(_ node: Node) { _ = record("didVisitSpan", node, []) }
    mutating func visitFootnoteReference(_ node: Node, label: String) -> WalkAction { record("visitFootnoteReference", node, [String(describing: label)]) }
    mutating func didVisitFootnoteReference(_ node: Node, label: String) { _ = record("didVisitFootnoteReference", node, [String(describing: label)]) }
    mutating func visitInlineMath(_ node: Node) -> WalkAction { record("visitInlineMath", node, []) }
    mutating func didVisitInlineMath(_ node: Node) { _ = record("didVisitInlineMath", node, []) }
    mutating func visitDisplayMath(_ node: Node) -> WalkAction { record("visitDisplayMath", node, []) }
    mutating func didVisitDisplayMath(_ node: Node) { _ = record("didVisitDisplayMath", node, []) }
    mutating func visitCustom(_ node: Node, name: String) -> WalkAction { record("visitCustom", node, [String(describing: name)]) }
    mutating func didVisitCustom(_ node: Node, name: String) { _ = record("didVisitCustom", node, [String(describing: name)]) }
}

/// Implements only the catch-all methods.
struct DefaultsVisitor: MarkupVisitor {
    var log: [String] = []
    var stopAt: NodeKind.Tag?

    mutating func defaultVisit(_ node: Node) -> WalkAction {
        log.append("visit " + node.tag.name)
        return node.tag == stopAt ? .stop : .proceed
    }

    mutating func defaultDidVisit(_ node: Node) {
        log.append("didVisit " + node.tag.name)
    }
}

/// Overrides one kind, leaves the rest to the catch-all.
struct SkipEmphasis: MarkupVisitor {
    var log: [String] = []

    mutating func defaultVisit(_ node: Node) -> WalkAction {
        log.append("visit " + node.tag.name)
        return .proceed
    }

    mutating func defaultDidVisit(_ node: Node) {
        log.append("didVisit " + node.tag.name)
    }

    mutating func visitEmphasis(_ node: Node) -> WalkAction {
        log.append("EMPHASIS " + node.plainText)
        return .skipChildren
    }
}

/// Counts nodes and the deepest nesting, from enter and exit alone.
struct DepthCounter: MarkupVisitor {
    var depth = 0
    var deepest = 0
    var entered = 0
    var exited = 0
    var text = ""

    mutating func defaultVisit(_ node: Node) -> WalkAction {
        entered += 1
        depth += 1
        deepest = max(deepest, depth)
        return .proceed
    }

    mutating func defaultDidVisit(_ node: Node) {
        exited += 1
        depth -= 1
    }

    mutating func visitText(_ node: Node) -> WalkAction {
        text += node.text
        return defaultVisit(node)
    }
}

/// The example of `MarkupVisitor`'s documentation.
struct Census: MarkupVisitor {
    var headingWords = 0
    var links: [String] = []

    mutating func visitHeading(_ node: Node, level: Int) -> WalkAction {
        headingWords += node.plainText.split(separator: " ").count
        return .skipChildren            // no link inside a heading is counted
    }

    mutating func visitLink(_ node: Node, destination: String, title: String) -> WalkAction {
        links.append(destination)
        return .proceed
    }
}

@Suite struct MarkupVisitorTests {
    @Test func documentationExample() {
        var b = DocumentBuilder()
        b.open(.heading(level: 1))
        b.text("Two ")
        b.open(.link(destination: "/skipped", title: ""))
        b.text("words")
        b.close()
        b.close()
        b.open(.paragraph)
        b.open(.link(destination: "/counted", title: ""))
        b.text("here")
        b.close()
        b.close()
        let document = b.finish()
        var census = Census()
        census.visit(document)
        #expect(census.headingWords == 2)
        #expect(census.links == ["/counted"])
        var again = Census()
        document.accept(&again)
        #expect(again.links == census.links)
    }

    @Test func everyKindReachesItsOwnMethod() {
        let document = EveryKind.document()
        var visitor = RecordingVisitor()
        visitor.visit(document)
        // Each call went to the method named after the node's kind (`visitHTMLBlock` for
        // `htmlBlock`, …), in walk order, once per enter and once per exit.
        let calls = visitor.log.map { line in
            let parts = line.split(separator: " ")
            let method = String(parts[0])
            let name = method.hasPrefix("didVisit") ? method.dropFirst("didVisit".count) : method.dropFirst("visit".count)
            #expect(name.lowercased() == parts[1].lowercased(), "\(method) called for \(parts[1])")
            return (method.hasPrefix("didVisit") ? "didVisit " : "visit ") + parts[1]
        }
        #expect(calls == EveryKind.events(of: document))
        #expect(visitor.log.count == 2 * document.nodeCount)
        // The document holds every kind, so every per-kind method was called.
        let tags = Set(document.events().map(\.node.tag))
        #expect(tags == Set(NodeKind.Tag.allCases))
    }

    @Test func associatedValuesAreHandedOver() {
        var visitor = RecordingVisitor()
        EveryKind.document().accept(&visitor)
        let withValues = visitor.log.filter { $0.hasPrefix("visit") && $0.split(separator: " ").count > 2 }
        #expect(withValues == [
            "visitHeading heading 2",
            "visitLink link https://example.com T",
            "visitImage image i.png  Optional(TransmarkCore.ImageSize(width: Optional(4), height: nil))",
            "visitFootnoteReference footnoteReference n",
            "visitCustom custom story",
            "visitList list ListAttributes(isOrdered: true, start: 3, isTight: true, marker: nil, numbering: TransmarkCore.ListNumbering.decimal, isReversed: false)",
            "visitListItem listItem Optional(TransmarkCore.TaskState.checked)",
            "visitCodeBlock codeBlock swift",
            "visitTable table [TransmarkCore.TableAlignment.left, TransmarkCore.TableAlignment.none]",
            "visitTableRow tableRow true",
            "visitTableCell tableCell TableCellAttributes(alignment: TransmarkCore.TableAlignment.left, columnSpan: 2, rowSpan: 1, isHeader: true)",
            "visitFootnoteDefinition footnoteDefinition n",
            "visitDivision division section",
        ])
        // Exits get the same values.
        #expect(visitor.log.contains("didVisitHeading heading 2"))
        #expect(visitor.log.contains("didVisitDivision division section"))
    }

    @Test func defaultsVisitEverythingInWalkOrder() {
        let document = EveryKind.document()
        var visitor = DefaultsVisitor()
        visitor.visit(document)
        #expect(visitor.log == EveryKind.events(of: document))
    }

    @Test func oneOverrideLeavesTheRestToTheCatchAll() {
        var b = DocumentBuilder()
        b.open(.paragraph)
        b.text("a ")
        b.open(.emphasis)
        b.text("b ")
        b.open(.strong)
        b.text("c")
        b.close()
        b.close()
        b.close()
        var visitor = SkipEmphasis()
        visitor.visit(b.finish())
        // The emphasis's children are skipped; its exit still comes, through the catch-all.
        #expect(visitor.log == [
            "visit document", "visit paragraph", "visit text", "didVisit text",
            "EMPHASIS b c", "didVisit emphasis", "didVisit paragraph", "didVisit document",
        ])
    }

    @Test func skippingChildrenOfEveryKindStillExitsIt() {
        let document = EveryKind.document()
        var visitor = RecordingVisitor()
        visitor.skip = [.paragraph, .list, .table]
        visitor.visit(document)
        let visited = Set(visitor.log.map { String($0.split(separator: " ")[1]) })
        #expect(!visited.contains("emphasis"))
        #expect(!visited.contains("listItem"))
        #expect(!visited.contains("tableCell"))
        #expect(visitor.log.contains("didVisitParagraph paragraph"))
        #expect(visitor.log.contains("didVisitList list ListAttributes(isOrdered: true, start: 3, isTight: true, marker: nil, numbering: TransmarkCore.ListNumbering.decimal, isReversed: false)"))
        // The footnote's paragraph is a paragraph too: its children are skipped as well.
        #expect(visitor.log.filter { $0.hasPrefix("visitText") } == ["visitText text", "visitText text", "visitText text"])
    }

    @Test func stopEndsTheWalk() {
        var visitor = DefaultsVisitor()
        visitor.stopAt = .blockQuote
        visitor.visit(EveryKind.document())
        #expect(visitor.log.last == "visit blockQuote")
        #expect(!visitor.log.contains("didVisit blockQuote"))
        #expect(!visitor.log.contains("didVisit document"))
        #expect(!visitor.log.contains("visit list"))
    }

    @Test func visitingANodeVisitsItsSubtreeOnly() {
        let document = EveryKind.document()
        let list = document.root.children.first { $0.tag == .list }!
        var visitor = DefaultsVisitor()
        visitor.visit(list)
        #expect(visitor.log == [
            "visit list", "visit listItem", "visit codeBlock", "didVisit codeBlock",
            "didVisit listItem", "didVisit list",
        ])
        #expect(visitor.log == EveryKind.events(of: document, from: list.id))
    }

    @Test func dispatchDrivesAVisitorFromAWalk() {
        let document = EveryKind.document()
        var driven = RecordingVisitor()
        driven.skip = [.emphasis]
        document.walk { driven.dispatch($0) }
        var direct = RecordingVisitor()
        direct.skip = [.emphasis]
        direct.visit(document)
        #expect(driven.log == direct.log)
        #expect(!driven.log.contains { $0.hasPrefix("visitStrong") })
    }

    @Test func aMillionNestedElementsAreVisited() {
        let depth = 1_000_000
        var b = DocumentBuilder(estimatedNodes: depth + 2)
        for _ in 0..<depth { b.open(.span) }
        b.text("bottom")
        let document = b.finish()
        let start = Date()
        var counter = DepthCounter()
        counter.visit(document)
        #expect(counter.deepest == depth + 2)   // the root, the spans, the text
        #expect(counter.entered == depth + 2)
        #expect(counter.exited == depth + 2)
        #expect(counter.depth == 0)
        #expect(counter.text == "bottom")
        #expect(Date().timeIntervalSince(start) < 60)
    }
}
