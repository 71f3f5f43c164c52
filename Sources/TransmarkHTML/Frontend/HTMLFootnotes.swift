@_spi(TransmarkStorage) import TransmarkCore

/// Footnotes as HTML writers write them, read back as footnotes (`HTMLFrontend.Options.footnotes`):
/// a list of notes in a footnotes container, and links to its items in the text.
///
/// - **Containers**: an element whose classes include `footnotes` or `footnote`, or with
///   `role="doc-endnotes"` or `data-footnotes` — pandoc, GitHub and cmark-gfm, kramdown, Hugo,
///   Python-Markdown and markdown-it all write one of these. (Wikipedia's `references` lists
///   are citations, whose markers and back links are text readers see: they stay as they are.) Its
///   list items whose `id` names a note (`fn1`, `fn:1`, `footnote-2`; see
///   `HTMLTreeBuilder.namesANote`) are the notes, and the tree is looked at only when the
///   builder met one; its rule (`<hr>`, or markdown-it's `hr.footnotes-sep` before it) and
///   visually hidden heading go.
/// - **References**: a link to a note's `id` (`<a href="#fn1">`), with the `<sup>` around it or
///   inside it, becomes a footnote reference. Notes are numbered in the order they are listed,
///   and their definitions go to the end of the document, as Markdown readers put them.
/// - **Back links** inside a note (to a reference's `id`, with a class or role of a back link, or
///   an arrow or caret as text) go.
///
/// Nothing changes in a document without such a container, and a link to anything else stays
/// a link.
enum HTMLFootnotes {
    /// The document with its footnotes read, or the same document when it has none.
    static func read(_ document: Document) -> Document {
        // Every container has `footnote` in an attribute (`class="footnotes"`, `data-footnotes`)
        // or `role="doc-endnotes"`: a document whose attribute bytes hold neither has none, and
        // its nodes need not be looked at.
        let attributeBytes = document.storage.attributeBytes
        let mayHoldNotes = attributeBytes.withUnsafeBufferPointer {
            HorspoolSearch.footnote.occurs(in: $0) || HorspoolSearch.endnotes.occurs(in: $0)
        }
        guard mayHoldNotes else { return document }
        let records = document.storage.records
        // Notes: the list items (whose id names a note) of the lists in (or being) footnote
        // containers. A container inside a container or a note is part of it, not one of its
        // own (records are in document order, a parent before its children: one pass, flags
        // carried down, whatever the depth).
        var labels: [String: String] = [:]
        var noteItems: [Int32: String] = [:]
        var containers = Set<Int32>()
        var inContainer = [Bool](repeating: false, count: records.count)
        for index in 0..<Int32(records.count) {
            let parent = records.parent(index)
            if parent >= 0 { inContainer[Int(index)] = inContainer[Int(parent)] || containers.contains(parent) }
            let tag = records.tag(index)
            guard tag == .division || tag == .list, !inContainer[Int(index)], mayBeContainer(index, document.storage),
                  isContainer(document.attributes(at: index)) else { continue }
            var found = false
            for list in lists(in: index, records) {
                var item = records.firstChild(list)
                while item >= 0 {
                    // Ids are compared as links name them: normalized as the reader stores
                    // destinations (`#fn:%C3%A9` for `fn:é`). The first of two equal ids wins, as
                    // in a browser.
                    if records.tag(item) == .listItem, let id = attribute("id", of: item, document),
                       Array(id.utf8).withUnsafeBufferPointer({ HTMLTreeBuilder.namesANote($0) }) {
                        let key = HTMLURLNormalization.normalized(id)
                        if labels[key] == nil {
                            let label = String(labels.count + 1)
                            labels[key] = label
                            noteItems[item] = label
                            found = true
                        }
                    }
                    item = records.nextSibling(item)
                }
            }
            if found { containers.insert(index) }
        }
        guard !labels.isEmpty else { return document }
        // Which nodes are inside a container, and inside a note.
        var inNote = [Bool](repeating: false, count: records.count)
        for index in 1..<Int32(records.count) {
            let parent = records.parent(index)
            guard parent >= 0 else { continue }
            inContainer[Int(index)] = inContainer[Int(parent)] || containers.contains(parent)
            inNote[Int(index)] = inNote[Int(parent)] || noteItems[parent] != nil
        }

        // References: links to a note; the ids they (or their `<sup>`) carry are what back
        // links point to.
        var references: [Int32: String] = [:]
        var referenceIDs = Set<String>()
        for index in 0..<Int32(records.count) where records.tag(index) == .link {
            guard case .link(let destination, _) = document.kind(at: index), destination.hasPrefix("#"),
                  let label = labels[String(destination.dropFirst())], !inNote[Int(index)] else { continue }
            var node = index
            let parent = records.parent(index)
            let inSuperscript = parent >= 0 && records.tag(parent) == .superscript && onlyChild(index, of: parent, document)
            if inSuperscript { node = parent }
            // A marker (`1`, `[2]`, `*`, a `<sup>`, a footnote class or role) is a reference; a
            // link with words (`see note one`) stays a link and keeps them.
            guard inSuperscript || isMarker(index, document) else { continue }
            references[node] = label
            for holder in [index, node] {
                if let id = attribute("id", of: holder, document) { referenceIDs.insert(HTMLURLNormalization.normalized(id)) }
            }
        }

        var fragment = DocumentBuilder()
        var referenceNodes: [String: Node] = [:]
        for label in Set(references.values).sorted(by: { Int($0) ?? 0 < Int($1) ?? 0 }) {
            fragment.leaf(.footnoteReference(label: label))
        }
        let built = fragment.finish()
        for node in built.root.children { if case .footnoteReference(let label) = node.kind { referenceNodes[label] = node } }

        let read = document.rewritten { node in
            let index = node.id.index
            if let label = references[index], let reference = referenceNodes[label] { return .replace(with: .subtree(reference)) }
            if let label = noteItems[index] { return .replaceKind(.footnoteDefinition(label: label)) }
            if containers.contains(index) { return .unwrap }
            // markdown-it's rule before its footnotes section.
            if node.tag == .thematicBreak && node.hasClass("footnotes-sep") { return .drop }
            guard inContainer[Int(index)] else { return .keep }
            switch node.tag {
            case .list where noteList(index, noteItems, records): return .unwrap
            case .thematicBreak: return .drop
            case .heading where isVisuallyHidden(node): return .drop
            case .link where inNote[Int(index)] && isBackLink(node, referenceIDs): return .drop
            default: return .keep
            }
        }
        return definitionsAtTheEnd(read)
    }

    /// The document with its footnote definitions moved to its end, in their order: where
    /// Markdown readers put them (a page's notes may stand in a section inside its article).
    static func definitionsAtTheEnd(_ document: Document) -> Document {
        // The outermost definitions only: one inside another goes with it.
        var definitions: [Node] = []
        var depth = 0
        for event in document.events() {
            switch event {
            case .enter(let node) where node.tag == .footnoteDefinition:
                if depth == 0 { definitions.append(node) }
                depth += 1
            case .exit(let node) where node.tag == .footnoteDefinition:
                depth -= 1
            default:
                break
            }
        }
        let body = document.rewritten { $0.tag == .footnoteDefinition ? .drop : .keep }
        var builder = DocumentBuilder(estimatedNodes: document.nodeCount)
        builder.metadata = document.metadata
        for child in body.root.children { builder.appendCopy(of: child.id, in: body) }
        for definition in definitions { builder.appendCopy(of: definition.id, in: document) }
        return builder.finish()
    }

    /// Whether a node's attributes may mark it as a footnotes container: a `class` holding
    /// `footnote`, a `role`, or `data-footnotes`. Read from the bytes, without making strings:
    /// it is asked of every division and list of every page.
    static func mayBeContainer(_ index: Int32, _ storage: DocumentStorage) -> Bool {
        let list = storage.records.attributes(index)
        guard list >= 0 else { return false }
        let range = storage.attributeLists[Int(list)]
        return storage.attributeBytes.withUnsafeBufferPointer { bytes in
            for span in storage.attributeSpans[range.spans] {
                let name = UnsafeBufferPointer(rebasing: bytes[span.name])
                if name.elementsEqual("class".utf8) {
                    if contains(UnsafeBufferPointer(rebasing: bytes[span.value]), "footnote") { return true }
                } else if name.elementsEqual("role".utf8) || name.elementsEqual("data-footnotes".utf8) {
                    return true
                }
            }
            return false
        }
    }

    /// Whether `bytes` hold `needle` (ASCII).
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let n = needle.utf8CodeUnitCount
        guard bytes.count >= n else { return false }
        let first = needle.utf8Start[0]
        var i = 0
        while i + n <= bytes.count {
            if bytes[i] == first && memcmpEqual(bytes.baseAddress! + i, needle.utf8Start, n) { return true }
            i += 1
        }
        return false
    }

    @inline(__always)
    private static func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        for k in 0..<n where a[k] != b[k] { return false }
        return true
    }

    /// Whether an element's attributes mark it as a footnotes container.
    static func isContainer(_ attributes: [Attribute]) -> Bool {
        for a in attributes {
            switch a.name {
            case "class":
                if a.value.split(whereSeparator: \.isWhitespace).contains(where: { $0 == "footnotes" || $0 == "footnote" }) {
                    return true
                }
            case "role": if a.value == "doc-endnotes" { return true }
            case "data-footnotes": return true
            default: break
            }
        }
        return false
    }

    /// The lists that hold a container's notes: the container itself, or lists at most two
    /// levels below it.
    static func lists(in container: Int32, _ records: NodeRecords) -> [Int32] {
        if records.tag(container) == .list { return [container] }
        var found: [Int32] = []
        var child = records.firstChild(container)
        while child >= 0 {
            if records.tag(child) == .list { found.append(child) }
            if records.tag(child) == .division {
                var grandchild = records.firstChild(child)
                while grandchild >= 0 {
                    if records.tag(grandchild) == .list { found.append(grandchild) }
                    grandchild = records.nextSibling(grandchild)
                }
            }
            child = records.nextSibling(child)
        }
        return found
    }

    /// Whether a list holds notes only (its items become the definitions, so it goes; a list
    /// with other items too stays, without its notes).
    static func noteList(_ list: Int32, _ noteItems: [Int32: String], _ records: NodeRecords) -> Bool {
        var item = records.firstChild(list)
        var any = false
        while item >= 0 {
            guard records.tag(item) != .listItem || noteItems[item] != nil else { return false }
            any = any || noteItems[item] != nil
            item = records.nextSibling(item)
        }
        return any
    }

    static func attribute(_ name: String, of index: Int32, _ document: Document) -> String? {
        guard document.storage.records.attributes(index) >= 0 else { return nil }
        return document.attributes(at: index).first { $0.name == name }?.value
    }

    /// Whether `child` is the only child of `parent` but for short whitespace text (a few
    /// children looked at: a `<sup>` with more holds more than one reference).
    static func onlyChild(_ child: Int32, of parent: Int32, _ document: Document) -> Bool {
        let records = document.storage.records
        var node = records.firstChild(parent)
        var looked = 0
        while node >= 0 {
            looked += 1
            if looked > 4 { return false }
            if node != child {
                guard records.tag(node) == .text else { return false }
                let text = document.textBytes(at: node)
                guard text.count <= 16, text.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0xC2 || $0 == 0xA0 }) else {
                    return false
                }
            }
            node = records.nextSibling(node)
        }
        return true
    }

    /// Whether a link to a note reads as a footnote marker: a footnote class or role, a
    /// `<sup>` inside, or a short text (`1`, `[2]`, `*`, `†`).
    static func isMarker(_ link: Int32, _ document: Document) -> Bool {
        if let classes = attribute("class", of: link, document), classes.contains("footnote") { return true }
        if attribute("role", of: link, document) == "doc-noteref" || attribute("data-footnote-ref", of: link, document) != nil {
            return true
        }
        let node = document[NodeID(index: link)]
        if node.children.contains(where: { $0.tag == .superscript }) { return true }
        return node.plainText.filter { !$0.isWhitespace }.count <= 4
    }

    /// A heading only screen readers see (GitHub's "Footnotes" above its notes).
    static func isVisuallyHidden(_ node: Node) -> Bool {
        node.hasClass("sr-only") || node.hasClass("visually-hidden")
    }

    /// A link from a note back to its reference: to a reference's id, marked as a back link, or
    /// an arrow or caret alone.
    static func isBackLink(_ node: Node, _ referenceIDs: Set<String>) -> Bool {
        if case .link(let destination, _) = node.kind, destination.hasPrefix("#"), referenceIDs.contains(String(destination.dropFirst())) {
            return true
        }
        if node.attribute("role") == "doc-backlink" || node.attribute("data-footnote-backref") != nil { return true }
        if let classes = node.attribute("class"), classes.contains("backref") || classes.contains("footnote-back") { return true }
        let text = node.plainText.filter { !$0.isWhitespace }
        return ["↩", "↩︎", "^", "↑"].contains(text)
    }
}

extension Node {
    /// Whether the node's `class` attribute lists `name`.
    fileprivate func hasClass(_ name: String) -> Bool {
        attribute("class")?.split(whereSeparator: \.isWhitespace).contains { $0 == name } ?? false
    }
}

/// Whether a byte string occurs in a buffer, by Horspool's method: the window moves by up to the
/// needle's length at each step, so a megabyte of attributes is looked at in well under a
/// million steps.
struct HorspoolSearch {
    let needle: [UInt8]
    let shift: [Int]

    init(_ needle: String) {
        self.needle = Array(needle.utf8)
        var shift = [Int](repeating: self.needle.count, count: 256)
        for (k, b) in self.needle.dropLast().enumerated() { shift[Int(b)] = self.needle.count - 1 - k }
        self.shift = shift
    }

    static let footnote = HorspoolSearch("footnote")
    static let endnotes = HorspoolSearch("doc-endnotes")

    func occurs(in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = needle.count
        guard n > 0, haystack.count >= n else { return false }
        return needle.withUnsafeBufferPointer { needle in
            shift.withUnsafeBufferPointer { shift in
                var i = 0
                while i + n <= haystack.count {
                    let last = haystack[i + n - 1]
                    if last == needle[n - 1] {
                        var k = n - 2
                        while k >= 0 && haystack[i + k] == needle[k] { k -= 1 }
                        if k < 0 { return true }
                    }
                    i += shift[Int(last)]
                }
                return false
            }
        }
    }
}
