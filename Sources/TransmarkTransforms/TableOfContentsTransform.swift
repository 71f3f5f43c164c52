@_spi(TransmarkStorage) import TransmarkCore

/// `toc`: inserts a table of contents, a nested list of links to the document's headings, and
/// gives every heading that has no `id` a GitHub-style anchor (see `HeadingSlugs`).
///
/// The list sits in a `nav` division (class `toc`) under an optional title. With
/// `position=afterTitle` (the default) it goes right after the document's title, its first
/// heading when that is of level 1 (the title is then not listed), else at the top.
///
/// ```swift
/// let withTOC = try TableOfContentsTransform().apply(to: doc, options: .init(minLevel: 2, maxLevel: 3))
/// ```
public struct TableOfContentsTransform: Transform {
    /// Where the table of contents goes.
    public enum Position: String, CaseIterable, Sendable {
        /// Before everything else.
        case top
        /// After the first heading when it is of level 1 (the title), else at the top.
        case afterTitle
    }

    /// The options of `toc`.
    public struct Options: FormatOptions {
        // option: .int(range: 1...6, summary: "shallowest heading level listed")
        /// The shallowest heading level listed.
        public var minLevel = 1
        // option: .int(range: 1...6, summary: "deepest heading level listed")
        /// The deepest heading level listed.
        public var maxLevel = 3
        // option: .choice(summary: "top, or after the title (a first heading of level 1)")
        /// Where the table goes.
        public var position = Position.afterTitle
        // option: .string(summary: "heading above the list (empty: none)")
        /// The text of the heading above the list (none when empty).
        public var title = "Contents"

        /// The defaults: levels 1 to 3, after the title, titled "Contents".
        public init() {}
    }

    /// The options every conversion through this transform starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// `toc`.
    public var name: String { "toc" }
    /// One line of help.
    public var summary: String { "Insert a table of contents linking to the headings, adding anchors to them." }

    struct Entry {
        var level: Int
        var text: String
        var anchor: String
    }

    /// Returns a copy of `document` with anchored headings and a table of contents.
    public func apply(to document: Document, options: Options) throws -> Document {
        guard options.minLevel <= options.maxLevel else {
            throw TransmarkError.invalidOptionValue(key: "maxLevel", value: String(options.maxLevel),
                                                    accepted: "a level from minLevel (\(options.minLevel)) to 6")
        }
        let records = document.storage.records
        // Headings in document order, and ids already taken.
        var headings: [Int32] = []
        var reserved: [String] = []
        for i in 0..<Int32(records.count) {
            if records.attributes(i) >= 0, let id = document[NodeID(index: i)].attribute("id") { reserved.append(id) }
            if records.tag(i) == .heading { headings.append(i) }
        }
        var slugs = HeadingSlugs(reserved: reserved)
        var anchors: [Int32: String] = [:]
        var entries: [Entry] = []
        var title: Int32 = -1
        if options.position == .afterTitle, let first = headings.first, case .heading(1) = document.kind(at: first) {
            title = first
        }
        for h in headings {
            let node = document[NodeID(index: h)]
            guard case .heading(let level) = node.kind else { continue }
            let text = node.plainText.trimmingSpaces
            let anchor: String
            if let id = node.attribute("id"), !id.isEmpty {
                anchor = id
            } else {
                anchor = slugs.next(for: text)
                anchors[h] = anchor
            }
            if h != title && (options.minLevel...options.maxLevel).contains(level) && !text.isEmpty {
                entries.append(Entry(level: level, text: text, anchor: anchor))
            }
        }
        let toc = Self.tableDocument(entries, title: options.title)
        let anchored = document.rewritten { node in
            let index = node.id.index
            var replacement = node
            if let anchor = anchors[index] {
                var b = DocumentBuilder()
                b.open(node.kind, attributes: node.attributes + [Attribute("id", anchor)], style: node.style)
                for child in node.children { b.appendCopy(of: child.id, in: document) }
                b.close()
                replacement = b.finish().root.firstChild!
            }
            if index == title, let toc {
                var b = DocumentBuilder()
                b.appendCopy(of: replacement.id, in: replacement.document)
                for child in toc.root.children { b.appendCopy(of: child.id, in: toc) }
                return .replace(with: .children(of: b.finish().root))
            }
            return replacement == node ? .keep : .replace(with: .subtree(replacement))
        }
        guard title < 0, let toc else { return anchored }
        var b = DocumentBuilder(estimatedNodes: anchored.nodeCount + toc.nodeCount)
        b.metadata = anchored.metadata
        for child in toc.root.children { b.appendCopy(of: child.id, in: toc) }
        for child in anchored.root.children { b.appendCopy(of: child.id, in: anchored) }
        return b.finish()
    }

    /// The table as a document holding one `nav` division; `nil` when there is nothing to list.
    static func tableDocument(_ entries: [Entry], title: String) -> Document? {
        guard !entries.isEmpty else { return nil }
        var b = DocumentBuilder()
        b.open(.division(tag: "nav"), attributes: [Attribute("class", "toc")])
        if !title.isEmpty {
            b.open(.heading(level: 2))
            b.text(title)
            b.close()
        }
        var levels: [Int] = []  // the level of each open list; each has an open item once started
        let list = NodeKind.list(ListAttributes(isOrdered: false, isTight: true))
        for entry in entries {
            if levels.isEmpty || entry.level > levels[levels.count - 1] {
                b.open(list)
                levels.append(entry.level)
            } else {
                b.close()  // the previous item
                while levels.count > 1 && entry.level <= levels[levels.count - 2] {
                    b.close()  // the nested list
                    levels.removeLast()
                    b.close()  // the item holding it
                }
            }
            b.open(.listItem(task: nil))
            b.open(.paragraph)
            b.open(.link(destination: "#" + entry.anchor, title: ""))
            b.text(entry.text)
            b.close()
            b.close()
        }
        for _ in levels {
            b.close()  // item
            b.close()  // list
        }
        b.close()
        return b.finish()
    }
}
