/// A walk over a document with one method per node kind: `visitHeading(_:level:)` when the walk
/// enters a heading, `didVisitHeading(_:level:)` when it leaves it, and so on for every `NodeKind`
/// (kinds with associated values hand them over as arguments).
///
/// Every method has a default: entering calls `defaultVisit(_:)`, which returns `.proceed` (visit
/// the children), and leaving calls `defaultDidVisit(_:)`, which does nothing. So a visitor
/// implements only what it cares about, and can catch every other kind in one place by
/// implementing `defaultVisit(_:)`. An enter method returns a `WalkAction`: `.proceed`,
/// `.skipChildren` (the matching `didVisit…` still comes) or `.stop` (nothing more is called).
///
/// The walk is driven by the document's enter/exit events with an explicit cursor, never by
/// recursion, so any depth can be visited.
///
/// ```swift
/// /// Counts the words of the headings and the links of a document.
/// struct Census: MarkupVisitor {
///     var headingWords = 0
///     var links: [String] = []
///
///     mutating func visitHeading(_ node: Node, level: Int) -> WalkAction {
///         headingWords += node.plainText.split(separator: " ").count
///         return .skipChildren            // no link inside a heading is counted
///     }
///
///     mutating func visitLink(_ node: Node, destination: String, title: String) -> WalkAction {
///         links.append(destination)
///         return .proceed
///     }
/// }
///
/// var census = Census()
/// census.visit(document)                  // or: document.accept(&census)
/// ```
public protocol MarkupVisitor {
    /// Called when the walk enters a node whose kind's `visit…` method is not implemented.
    /// The default returns `.proceed`.
    mutating func defaultVisit(_ node: Node) -> WalkAction

    /// Called when the walk leaves a node whose kind's `didVisit…` method is not implemented.
    /// The default does nothing.
    mutating func defaultDidVisit(_ node: Node)

    /// Called when the walk enters the root of the document; the default calls `defaultVisit(_:)`.
    mutating func visitDocument(_ node: Node) -> WalkAction

    /// Called when the walk leaves the root of the document; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitDocument(_ node: Node)

    /// Called when the walk enters a paragraph; the default calls `defaultVisit(_:)`.
    mutating func visitParagraph(_ node: Node) -> WalkAction

    /// Called when the walk leaves a paragraph; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitParagraph(_ node: Node)

    /// Called when the walk enters a heading; the default calls `defaultVisit(_:)`.
    mutating func visitHeading(_ node: Node, level: Int) -> WalkAction

    /// Called when the walk leaves a heading; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitHeading(_ node: Node, level: Int)

    /// Called when the walk enters a block quote; the default calls `defaultVisit(_:)`.
    mutating func visitBlockQuote(_ node: Node) -> WalkAction

    /// Called when the walk leaves a block quote; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitBlockQuote(_ node: Node)

    /// Called when the walk enters a list; the default calls `defaultVisit(_:)`.
    mutating func visitList(_ node: Node, attributes: ListAttributes) -> WalkAction

    /// Called when the walk leaves a list; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitList(_ node: Node, attributes: ListAttributes)

    /// Called when the walk enters a list item; the default calls `defaultVisit(_:)`.
    mutating func visitListItem(_ node: Node, task: TaskState?) -> WalkAction

    /// Called when the walk leaves a list item; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitListItem(_ node: Node, task: TaskState?)

    /// Called when the walk enters a code block (its code is `node.text`); the default calls `defaultVisit(_:)`.
    mutating func visitCodeBlock(_ node: Node, info: String) -> WalkAction

    /// Called when the walk leaves a code block (its code is `node.text`); the default calls `defaultDidVisit(_:)`.
    mutating func didVisitCodeBlock(_ node: Node, info: String)

    /// Called when the walk enters a block of raw HTML (its markup is `node.text`); the default calls `defaultVisit(_:)`.
    mutating func visitHTMLBlock(_ node: Node) -> WalkAction

    /// Called when the walk leaves a block of raw HTML (its markup is `node.text`); the default calls `defaultDidVisit(_:)`.
    mutating func didVisitHTMLBlock(_ node: Node)

    /// Called when the walk enters a thematic break; the default calls `defaultVisit(_:)`.
    mutating func visitThematicBreak(_ node: Node) -> WalkAction

    /// Called when the walk leaves a thematic break; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitThematicBreak(_ node: Node)

    /// Called when the walk enters a table; the default calls `defaultVisit(_:)`.
    mutating func visitTable(_ node: Node, alignments: [TableAlignment]) -> WalkAction

    /// Called when the walk leaves a table; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitTable(_ node: Node, alignments: [TableAlignment])

    /// Called when the walk enters a table row; the default calls `defaultVisit(_:)`.
    mutating func visitTableRow(_ node: Node, isHeader: Bool) -> WalkAction

    /// Called when the walk leaves a table row; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitTableRow(_ node: Node, isHeader: Bool)

    /// Called when the walk enters a table cell; the default calls `defaultVisit(_:)`.
    mutating func visitTableCell(_ node: Node, attributes: TableCellAttributes) -> WalkAction

    /// Called when the walk leaves a table cell; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitTableCell(_ node: Node, attributes: TableCellAttributes)

    /// Called when the walk enters a footnote definition; the default calls `defaultVisit(_:)`.
    mutating func visitFootnoteDefinition(_ node: Node, label: String) -> WalkAction

    /// Called when the walk leaves a footnote definition; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitFootnoteDefinition(_ node: Node, label: String)

    /// Called when the walk enters a definition list; the default calls `defaultVisit(_:)`.
    mutating func visitDefinitionList(_ node: Node) -> WalkAction

    /// Called when the walk leaves a definition list; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitDefinitionList(_ node: Node)

    /// Called when the walk enters a term of a definition list; the default calls `defaultVisit(_:)`.
    mutating func visitTerm(_ node: Node) -> WalkAction

    /// Called when the walk leaves a term of a definition list; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitTerm(_ node: Node)

    /// Called when the walk enters a definition of a definition list; the default calls `defaultVisit(_:)`.
    mutating func visitDefinition(_ node: Node) -> WalkAction

    /// Called when the walk leaves a definition of a definition list; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitDefinition(_ node: Node)

    /// Called when the walk enters a generic block container; the default calls `defaultVisit(_:)`.
    mutating func visitDivision(_ node: Node, tag: String) -> WalkAction

    /// Called when the walk leaves a generic block container; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitDivision(_ node: Node, tag: String)

    /// Called when the walk enters a run of text (its content is `node.text`); the default calls `defaultVisit(_:)`.
    mutating func visitText(_ node: Node) -> WalkAction

    /// Called when the walk leaves a run of text (its content is `node.text`); the default calls `defaultDidVisit(_:)`.
    mutating func didVisitText(_ node: Node)

    /// Called when the walk enters a soft line break; the default calls `defaultVisit(_:)`.
    mutating func visitSoftBreak(_ node: Node) -> WalkAction

    /// Called when the walk leaves a soft line break; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitSoftBreak(_ node: Node)

    /// Called when the walk enters a hard line break; the default calls `defaultVisit(_:)`.
    mutating func visitLineBreak(_ node: Node) -> WalkAction

    /// Called when the walk leaves a hard line break; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitLineBreak(_ node: Node)

    /// Called when the walk enters emphasis; the default calls `defaultVisit(_:)`.
    mutating func visitEmphasis(_ node: Node) -> WalkAction

    /// Called when the walk leaves emphasis; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitEmphasis(_ node: Node)

    /// Called when the walk enters strong emphasis; the default calls `defaultVisit(_:)`.
    mutating func visitStrong(_ node: Node) -> WalkAction

    /// Called when the walk leaves strong emphasis; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitStrong(_ node: Node)

    /// Called when the walk enters strikethrough; the default calls `defaultVisit(_:)`.
    mutating func visitStrikethrough(_ node: Node) -> WalkAction

    /// Called when the walk leaves strikethrough; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitStrikethrough(_ node: Node)

    /// Called when the walk enters underline; the default calls `defaultVisit(_:)`.
    mutating func visitUnderline(_ node: Node) -> WalkAction

    /// Called when the walk leaves underline; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitUnderline(_ node: Node)

    /// Called when the walk enters superscript; the default calls `defaultVisit(_:)`.
    mutating func visitSuperscript(_ node: Node) -> WalkAction

    /// Called when the walk leaves superscript; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitSuperscript(_ node: Node)

    /// Called when the walk enters subscript; the default calls `defaultVisit(_:)`.
    mutating func visitSubscript(_ node: Node) -> WalkAction

    /// Called when the walk leaves subscript; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitSubscript(_ node: Node)

    /// Called when the walk enters highlighted text; the default calls `defaultVisit(_:)`.
    mutating func visitHighlight(_ node: Node) -> WalkAction

    /// Called when the walk leaves highlighted text; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitHighlight(_ node: Node)

    /// Called when the walk enters inline code (its code is `node.text`); the default calls `defaultVisit(_:)`.
    mutating func visitCode(_ node: Node) -> WalkAction

    /// Called when the walk leaves inline code (its code is `node.text`); the default calls `defaultDidVisit(_:)`.
    mutating func didVisitCode(_ node: Node)

    /// Called when the walk enters a link; the default calls `defaultVisit(_:)`.
    mutating func visitLink(_ node: Node, destination: String, title: String) -> WalkAction

    /// Called when the walk leaves a link; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitLink(_ node: Node, destination: String, title: String)

    /// Called when the walk enters an image (its children are the alternative text); the default calls `defaultVisit(_:)`.
    mutating func visitImage(_ node: Node, source: String, title: String, size: ImageSize?) -> WalkAction

    /// Called when the walk leaves an image (its children are the alternative text); the default calls `defaultDidVisit(_:)`.
    mutating func didVisitImage(_ node: Node, source: String, title: String, size: ImageSize?)

    /// Called when the walk enters inline raw HTML (its markup is `node.text`); the default calls `defaultVisit(_:)`.
    mutating func visitHTMLInline(_ node: Node) -> WalkAction

    /// Called when the walk leaves inline raw HTML (its markup is `node.text`); the default calls `defaultDidVisit(_:)`.
    mutating func didVisitHTMLInline(_ node: Node)

    /// Called when the walk enters a span; the default calls `defaultVisit(_:)`.
    mutating func visitSpan(_ node: Node) -> WalkAction

    /// Called when the walk leaves a span; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitSpan(_ node: Node)

    /// Called when the walk enters a footnote reference; the default calls `defaultVisit(_:)`.
    mutating func visitFootnoteReference(_ node: Node, label: String) -> WalkAction

    /// Called when the walk leaves a footnote reference; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitFootnoteReference(_ node: Node, label: String)

    /// Called when the walk enters inline math (its TeX source is `node.text`); the default calls `defaultVisit(_:)`.
    mutating func visitInlineMath(_ node: Node) -> WalkAction

    /// Called when the walk leaves inline math (its TeX source is `node.text`); the default calls `defaultDidVisit(_:)`.
    mutating func didVisitInlineMath(_ node: Node)

    /// Called when the walk enters display math (its TeX source is `node.text`); the default calls `defaultVisit(_:)`.
    mutating func visitDisplayMath(_ node: Node) -> WalkAction

    /// Called when the walk leaves display math (its TeX source is `node.text`); the default calls `defaultDidVisit(_:)`.
    mutating func didVisitDisplayMath(_ node: Node)

    /// Called when the walk enters a custom node; the default calls `defaultVisit(_:)`.
    mutating func visitCustom(_ node: Node, name: String) -> WalkAction

    /// Called when the walk leaves a custom node; the default calls `defaultDidVisit(_:)`.
    mutating func didVisitCustom(_ node: Node, name: String)
}

// MARK: Defaults

extension MarkupVisitor {
    /// Returns `.proceed`: visit the node's children.
    public mutating func defaultVisit(_ node: Node) -> WalkAction { .proceed }

    /// Does nothing.
    public mutating func defaultDidVisit(_ node: Node) {}

    /// Calls `defaultVisit(_:)`.
    public mutating func visitDocument(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitDocument(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitParagraph(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitParagraph(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitHeading(_ node: Node, level: Int) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitHeading(_ node: Node, level: Int) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitBlockQuote(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitBlockQuote(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitList(_ node: Node, attributes: ListAttributes) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitList(_ node: Node, attributes: ListAttributes) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitListItem(_ node: Node, task: TaskState?) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitListItem(_ node: Node, task: TaskState?) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitCodeBlock(_ node: Node, info: String) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitCodeBlock(_ node: Node, info: String) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitHTMLBlock(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitHTMLBlock(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitThematicBreak(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitThematicBreak(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitTable(_ node: Node, alignments: [TableAlignment]) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitTable(_ node: Node, alignments: [TableAlignment]) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitTableRow(_ node: Node, isHeader: Bool) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitTableRow(_ node: Node, isHeader: Bool) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitTableCell(_ node: Node, attributes: TableCellAttributes) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitTableCell(_ node: Node, attributes: TableCellAttributes) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitFootnoteDefinition(_ node: Node, label: String) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitFootnoteDefinition(_ node: Node, label: String) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitDefinitionList(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitDefinitionList(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitTerm(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitTerm(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitDefinition(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitDefinition(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitDivision(_ node: Node, tag: String) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitDivision(_ node: Node, tag: String) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitText(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitText(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitSoftBreak(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitSoftBreak(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitLineBreak(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitLineBreak(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitEmphasis(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitEmphasis(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitStrong(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitStrong(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitStrikethrough(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitStrikethrough(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitUnderline(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitUnderline(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitSuperscript(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitSuperscript(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitSubscript(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitSubscript(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitHighlight(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitHighlight(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitCode(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitCode(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitLink(_ node: Node, destination: String, title: String) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitLink(_ node: Node, destination: String, title: String) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitImage(_ node: Node, source: String, title: String, size: ImageSize?) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitImage(_ node: Node, source: String, title: String, size: ImageSize?) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitHTMLInline(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitHTMLInline(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitSpan(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitSpan(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitFootnoteReference(_ node: Node, label: String) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitFootnoteReference(_ node: Node, label: String) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitInlineMath(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitInlineMath(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitDisplayMath(_ node: Node) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitDisplayMath(_ node: Node) { defaultDidVisit(node) }
    /// Calls `defaultVisit(_:)`.
    public mutating func visitCustom(_ node: Node, name: String) -> WalkAction { defaultVisit(node) }
    /// Calls `defaultDidVisit(_:)`.
    public mutating func didVisitCustom(_ node: Node, name: String) { defaultDidVisit(node) }
}

// MARK: Driving a visitor

extension MarkupVisitor {
    /// Visits every node of `document`, the root included, in document order.
    public mutating func visit(_ document: Document) {
        visit(document.root)
    }

    /// Visits `node` and everything under it, in document order. Iterative: any depth is fine.
    public mutating func visit(_ node: Node) {
        let document = node.document
        let records = document.storage.records
        var cursor = WalkCursor(start: node.id.index)
        while let (index, entering) = cursor.next(records) {
            let current = Node(document: document, id: NodeID(index))
            guard entering else {
                exit(current)
                continue
            }
            switch enter(current) {
            case .proceed: break
            case .skipChildren: cursor.skipChildren(of: index)
            case .stop: return
            }
        }
    }

    /// Calls the method for one walk event: `visit…` for `.enter`, `didVisit…` for `.exit`
    /// (which returns `.proceed`). For driving a visitor from a walk of your own, such as
    /// `document.walk { visitor.dispatch($0) }`.
    public mutating func dispatch(_ event: WalkEvent) -> WalkAction {
        switch event {
        case .enter(let node):
            return enter(node)
        case .exit(let node):
            exit(node)
            return .proceed
        }
    }

    /// Calls the enter method of the node's kind.
    private mutating func enter(_ node: Node) -> WalkAction {
        switch node.kind {
        case .document: visitDocument(node)
        case .paragraph: visitParagraph(node)
        case .heading(let level): visitHeading(node, level: level)
        case .blockQuote: visitBlockQuote(node)
        case .list(let attributes): visitList(node, attributes: attributes)
        case .listItem(let task): visitListItem(node, task: task)
        case .codeBlock(let info): visitCodeBlock(node, info: info)
        case .htmlBlock: visitHTMLBlock(node)
        case .thematicBreak: visitThematicBreak(node)
        case .table(let alignments): visitTable(node, alignments: alignments)
        case .tableRow(let isHeader): visitTableRow(node, isHeader: isHeader)
        case .tableCell(let attributes): visitTableCell(node, attributes: attributes)
        case .footnoteDefinition(let label): visitFootnoteDefinition(node, label: label)
        case .definitionList: visitDefinitionList(node)
        case .term: visitTerm(node)
        case .definition: visitDefinition(node)
        case .division(let tag): visitDivision(node, tag: tag)
        case .text: visitText(node)
        case .softBreak: visitSoftBreak(node)
        case .lineBreak: visitLineBreak(node)
        case .emphasis: visitEmphasis(node)
        case .strong: visitStrong(node)
        case .strikethrough: visitStrikethrough(node)
        case .underline: visitUnderline(node)
        case .superscript: visitSuperscript(node)
        case .`subscript`: visitSubscript(node)
        case .highlight: visitHighlight(node)
        case .code: visitCode(node)
        case .link(let destination, let title): visitLink(node, destination: destination, title: title)
        case .image(let source, let title, let size): visitImage(node, source: source, title: title, size: size)
        case .htmlInline: visitHTMLInline(node)
        case .span: visitSpan(node)
        case .footnoteReference(let label): visitFootnoteReference(node, label: label)
        case .inlineMath: visitInlineMath(node)
        case .displayMath: visitDisplayMath(node)
        case .custom(let name): visitCustom(node, name: name)
        }
    }

    /// Calls the exit method of the node's kind.
    private mutating func exit(_ node: Node) {
        switch node.kind {
        case .document: didVisitDocument(node)
        case .paragraph: didVisitParagraph(node)
        case .heading(let level): didVisitHeading(node, level: level)
        case .blockQuote: didVisitBlockQuote(node)
        case .list(let attributes): didVisitList(node, attributes: attributes)
        case .listItem(let task): didVisitListItem(node, task: task)
        case .codeBlock(let info): didVisitCodeBlock(node, info: info)
        case .htmlBlock: didVisitHTMLBlock(node)
        case .thematicBreak: didVisitThematicBreak(node)
        case .table(let alignments): didVisitTable(node, alignments: alignments)
        case .tableRow(let isHeader): didVisitTableRow(node, isHeader: isHeader)
        case .tableCell(let attributes): didVisitTableCell(node, attributes: attributes)
        case .footnoteDefinition(let label): didVisitFootnoteDefinition(node, label: label)
        case .definitionList: didVisitDefinitionList(node)
        case .term: didVisitTerm(node)
        case .definition: didVisitDefinition(node)
        case .division(let tag): didVisitDivision(node, tag: tag)
        case .text: didVisitText(node)
        case .softBreak: didVisitSoftBreak(node)
        case .lineBreak: didVisitLineBreak(node)
        case .emphasis: didVisitEmphasis(node)
        case .strong: didVisitStrong(node)
        case .strikethrough: didVisitStrikethrough(node)
        case .underline: didVisitUnderline(node)
        case .superscript: didVisitSuperscript(node)
        case .`subscript`: didVisitSubscript(node)
        case .highlight: didVisitHighlight(node)
        case .code: didVisitCode(node)
        case .link(let destination, let title): didVisitLink(node, destination: destination, title: title)
        case .image(let source, let title, let size): didVisitImage(node, source: source, title: title, size: size)
        case .htmlInline: didVisitHTMLInline(node)
        case .span: didVisitSpan(node)
        case .footnoteReference(let label): didVisitFootnoteReference(node, label: label)
        case .inlineMath: didVisitInlineMath(node)
        case .displayMath: didVisitDisplayMath(node)
        case .custom(let name): didVisitCustom(node, name: name)
        }
    }
}

extension Document {
    /// Lets `visitor` visit every node of the document (the same as `visitor.visit(document)`).
    public func accept<Visitor: MarkupVisitor>(_ visitor: inout Visitor) {
        visitor.visit(self)
    }
}
