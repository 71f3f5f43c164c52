/// What a type selector can call a node: its node-kind name (`heading`, `table-cell`, written in
/// kebab case or as in tree dumps, `tableCell`) or the HTML element names it stands for (`h2`,
/// `td`; `b` for `strong`, `i` for `emphasis`, `del`/`s`/`strike` for `strikethrough`).
enum SelectorTypeNames {
    /// The HTML names a node of this kind answers to; the first is its type for `:nth-of-type`.
    static func htmlNames(of kind: NodeKind) -> [String] {
        switch kind {
        case .heading(let level): ["h\(min(max(level, 1), 6))"]
        case .list(let attributes): [attributes.isOrdered ? "ol" : "ul"]
        case .codeBlock: ["pre"]
        case .tableCell(let cell): [cell.isHeader ? "th" : "td"]
        case .division(let tag): [tag.lowercased()]
        case .custom(let name): [name.lowercased()]
        default: kind.tag.htmlElementNames  // the table's element, variants and aliases
        }
    }

    /// The kind's name folded for comparison: lowercased, without hyphens (`tablecell`).
    static func foldedKindName(_ tag: NodeKind.Tag) -> String {
        tag.name.lowercased()
    }

    /// A type selector's name folded the same way.
    static func foldedSelectorName(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" })
    }

    /// Whether `selectorName` (lowercased) names a node of `kind`; `kindTags` are the kinds
    /// whose names fold to the selector's (see `kindTags(named:)`).
    static func matches(_ selectorName: String, kindTags: Set<NodeKind.Tag>, kind: NodeKind) -> Bool {
        if kindTags.contains(kind.tag) { return true }
        switch kind {
        case .heading(let level):
            return selectorName.utf8.count == 2 && selectorName == "h\(min(max(level, 1), 6))"
        case .division(let tag):
            return tag.count == selectorName.count && tag.lowercased() == selectorName
        case .custom(let name):
            return name.count == selectorName.count && name.lowercased() == selectorName
        default:
            return htmlNames(of: kind).contains(selectorName)
        }
    }

    /// The kinds whose names fold to the same text as `selectorName`.
    static func kindTags(named selectorName: String) -> Set<NodeKind.Tag> {
        let folded = foldedSelectorName(selectorName)
        return Set(NodeKind.Tag.allCases.filter { foldedKindName($0) == folded })
    }

    /// The name `:nth-of-type` counts by: the node's first HTML name, else its kind name.
    static func typeKey(of kind: NodeKind) -> String {
        htmlNames(of: kind).first ?? kind.tag.name
    }
}

/// The attributes a selector sees on a node: those the node carries (from HTML), then those its
/// kind holds as values: `href` and `title` of links, `src`, `title`, `alt`, `width` and `height`
/// of images, `start` of ordered lists, `colspan`, `rowspan` and `align` of table cells, and
/// `class="language-x"` of code blocks whose info string names a language.
enum SelectorAttributes {
    /// Attributes whose values HTML compares without regard to ASCII case in selectors (the
    /// list of the HTML standard, as browsers apply it): `[lang=EN]` matches `lang="en"`.
    static let caseInsensitiveValues: Set<String> = [
        "accept", "accept-charset", "align", "alink", "axis", "bgcolor", "charset", "checked", "clear",
        "codetype", "color", "compact", "declare", "defer", "dir", "direction", "disabled", "enctype",
        "face", "frame", "hreflang", "http-equiv", "lang", "language", "link", "media", "method",
        "multiple", "nohref", "noresize", "noshade", "nowrap", "readonly", "rel", "rev", "rules",
        "scope", "scrolling", "selected", "shape", "target", "text", "type", "valign", "valuetype", "vlink",
    ]

    /// Whether values of the attribute `name` (lowercased) compare without regard to case when the
    /// selector gives no `i` or `s` flag.
    static func valuesIgnoreCase(of name: String) -> Bool { caseInsensitiveValues.contains(name) }

    static func all(of node: Node) -> [Attribute] {
        var attributes = node.attributes
        func add(_ name: String, _ value: String) {
            if !attributes.contains(where: { $0.name == name }) { attributes.append(Attribute(name, value)) }
        }
        switch node.kind {
        case .link(let destination, let title):
            add("href", destination)
            if !title.isEmpty { add("title", title) }
        case .image(let source, let title, let size):
            add("src", source)
            if !title.isEmpty { add("title", title) }
            add("alt", node.plainText)
            if let w = size?.width { add("width", String(w)) }
            if let h = size?.height { add("height", String(h)) }
        case .list(let list) where list.isOrdered:
            add("start", String(list.start))
        case .tableCell(let cell):
            if cell.columnSpan > 1 { add("colspan", String(cell.columnSpan)) }
            if cell.rowSpan > 1 { add("rowspan", String(cell.rowSpan)) }
            if cell.alignment != .none { add("align", cell.alignment.rawValue) }
        case .codeBlock(let info):
            if let language = info.split(separator: " ", maxSplits: 1).first, !language.isEmpty {
                add("class", "language-" + language)
            }
        default:
            break
        }
        return attributes
    }
}
