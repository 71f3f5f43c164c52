import TransmarkCore

/// What the block nesting says about one paragraph: its presentation intent, the lists and quotes
/// it is in and its heading level.
struct AppleBlockContext {
    var intent: ApplePresentationIntent
    var textLists: [AppleTextList]
    var blockQuoteDepth: Int
    var headingLevel: Int?
}

/// Rebuilds the block containers of styled text paragraph by paragraph, as `StyledTextReader`
/// does (quote depths and list levels from the runs, a list item wherever a list marker opens a
/// paragraph, the next marker deciding whether its list goes on), and gives every block an
/// identity in the order blocks begin. One pass, with an explicit stack of open containers.
struct AppleBlockNesting {
    enum ContainerKind { case quote, list, item, table }

    /// An open container, with the depths counted up to and including it.
    struct Container {
        var kind: ContainerKind
        var component: ApplePresentationIntent.Component
        var quotes: Int
        var lists: Int
        var list = ListAttributes.bullet
        var items = 0
        var textList: AppleTextList?
        var lastRow = -1
    }

    private(set) var open: [Container] = []
    /// The components of `open`, outermost first, and its text lists: kept in step with `open`
    /// and handed to paragraphs as they are (shared, copied only when a block opens or closes
    /// after a paragraph took them), so that deep nesting costs no copy per paragraph.
    private var enclosing: [ApplePresentationIntent.Component] = []
    private var textLists: [AppleTextList] = []
    private var nextIdentity = 1

    /// A new identity, never given before in this text.
    mutating func newIdentity() -> Int {
        defer { nextIdentity += 1 }
        return nextIdentity
    }

    /// The context of the next paragraph: `context` is its first run after any list marker (the
    /// run that says how deep in quotes and lists it is), `marker` the list marker run that opens
    /// it, if any.
    mutating func enter(_ paragraph: ParagraphAttributes, context: RunAttributes, marker: RunAttributes?) -> AppleBlockContext {
        let quotes = max(0, context.blockQuoteDepth ?? 0)
        let lists = max(0, context.listLevel ?? 0)
        var role = paragraph.role
        // Editors mark headings on the runs only.
        if role == .paragraph, context.headingLevel != nil { role = .heading }
        if role != .tableRow { closeTables() }
        // A marker outside lists numbers a footnote, which Apple's intents have no kind for.
        if let marker, let level = marker.listLevel, level > 0 {
            openItem(marker.listMarker ?? "", quotes: max(0, marker.blockQuoteDepth ?? 0), level: level)
        }
        enterContext(quotes: quotes, lists: lists)

        let leaf: ApplePresentationIntent.Kind
        var headingLevel: Int?
        switch role {
        case .heading:
            let level = min(6, max(1, context.headingLevel ?? 1))
            headingLevel = level
            leaf = .header(level: level)
        case .codeBlock:
            leaf = .codeBlock(languageHint: nil)
        case .thematicBreak:
            leaf = .thematicBreak
        case .tableRow:
            leaf = enterRow(context: context, paragraph: paragraph, hasMarker: marker != nil)
        case .paragraph, .listItem, .footnote, .term, .definition, .html:
            leaf = paragraph.hasRule ? .thematicBreak : .paragraph
        }
        let intent = ApplePresentationIntent(innermost: .init(kind: leaf, identity: newIdentity()), enclosing: enclosing)
        return AppleBlockContext(intent: intent, textLists: textLists, blockQuoteDepth: quotes, headingLevel: headingLevel)
    }

    // MARK: Containers

    private var depths: (quotes: Int, lists: Int) {
        open.last.map { ($0.quotes, $0.lists) } ?? (0, 0)
    }

    private mutating func push(_ kind: ContainerKind, _ component: ApplePresentationIntent.Kind,
                               list: ListAttributes = .bullet, firstMarker: String = "") {
        let (quotes, lists) = depths
        let identity = newIdentity()
        var container = Container(kind: kind, component: .init(kind: component, identity: identity),
                                  quotes: quotes + (kind == .quote ? 1 : 0), lists: lists + (kind == .list ? 1 : 0))
        if kind == .list {
            container.list = list
            container.textList = AppleTextList(markerFormat: AppleTextList.format(for: list, firstMarker: firstMarker),
                                               startingItemNumber: list.isOrdered ? list.start : 1, identity: identity)
        }
        open.append(container)
        enclosing.append(container.component)
        if let list = container.textList { textLists.append(list) }
    }

    private mutating func pop() {
        guard let container = open.popLast() else { return }
        enclosing.removeLast()
        if container.textList != nil { textLists.removeLast() }
    }

    private mutating func pushList(_ list: ListAttributes, firstMarker: String) {
        push(.list, list.isOrdered ? .orderedList : .unorderedList, list: list, firstMarker: firstMarker)
    }

    /// Closes containers until the innermost is no deeper than the given depths.
    private mutating func popTo(quotes: Int, lists: Int) {
        while let top = open.last, top.quotes > quotes || top.lists > lists { pop() }
    }

    private mutating func closeTables() {
        while open.last?.kind == .table { pop() }
    }

    /// Closes deeper containers, then opens the quotes (and, for list levels without a marker,
    /// lists) still missing.
    private mutating func enterContext(quotes: Int, lists: Int) {
        popTo(quotes: quotes, lists: lists)
        while depths.quotes < quotes { push(.quote, .blockQuote) }
        while depths.lists < lists { pushList(.bullet, firstMarker: ListMarkers.bullet(level: depths.lists + 1)) }
    }

    /// Opens the item a list marker starts: in the open list of its level when the marker
    /// continues that list, else in a new one.
    private mutating func openItem(_ marker: String, quotes: Int, level: Int) {
        popTo(quotes: quotes, lists: level)
        while let top = open.last, top.lists == level, top.kind != .list { pop() }
        if let top = open.last, top.kind == .list, top.lists == level,
           top.quotes != quotes || !StyledTextReader.continues(top.list, items: top.items, with: marker) {
            pop()
        }
        if let top = open.last, top.kind == .list, top.lists == level {
            let parsed = StyledTextReader.parseMarker(marker)
            if parsed.task == nil, StyledTextReader.countsDown(top.list, items: top.items, secondMarker: marker) {
                open[open.count - 1].list.isReversed = true
            }
            open[open.count - 1].items += 1
        } else {
            while depths.quotes < quotes { push(.quote, .blockQuote) }
            while depths.lists < level - 1 {
                pushList(.bullet, firstMarker: ListMarkers.bullet(level: depths.lists + 1))
                push(.item, .listItem(ordinal: 1))
            }
            pushList(StyledTextReader.parseMarker(marker).attributes, firstMarker: marker)
            open[open.count - 1].items = 1
        }
        let list = open[open.count - 1]
        let position = list.items - 1
        let ordinal = list.list.isOrdered ? list.list.number(ofItemAt: position) : position + 1  // saturates at Int.max
        push(.item, .listItem(ordinal: ordinal))
    }

    // MARK: Tables

    /// Opens the table of a row when none is open (or the row numbers start again), and returns
    /// the row's kind.
    private mutating func enterRow(context: RunAttributes, paragraph: ParagraphAttributes,
                                   hasMarker: Bool) -> ApplePresentationIntent.Kind {
        let row = max(0, context.tableRow ?? 0)
        if let top = open.last, top.kind == .table, row <= top.lastRow { pop() }
        if open.last?.kind != .table {
            var stops = paragraph.tabStops
            if hasMarker && !stops.isEmpty { stops.removeFirst() }
            let columns = [ApplePresentationIntent.TableColumnAlignment.left] + stops.map { stop in
                switch stop.alignment {
                case .center: .center
                case .right: .right
                case .natural, .left, .justified: .left
                }
            }
            push(.table, .table(columns: columns))
        }
        open[open.count - 1].lastRow = row
        return context.traits.contains(.tableHeader) ? .tableHeaderRow : .tableRow(rowIndex: row)
    }
}
