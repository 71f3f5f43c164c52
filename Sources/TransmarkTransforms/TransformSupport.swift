@_spi(TransmarkStorage) import TransmarkCore

extension OptionSpec {
    /// A CSS selector option (see `Selector`); an empty value unsets it. Its size is not limited
    /// here: the transform compares it with its own `maxSimpleSelectors` when it applies.
    static func selector(_ key: String, _ path: WritableKeyPath<Options, Selector?> & Sendable, summary: String) -> Self {
        Self(key: key, accepted: "a CSS selector (see Selector)", summary: summary,
             read: { $0[keyPath: path]?.source ?? "" },
             write: { options, value in
                 if value.allSatisfy({ $0 == " " }) {
                     options[keyPath: path] = nil
                     return true
                 }
                 guard let selector = try? Selector(value, maxSimpleSelectors: .max) else { return false }
                 options[keyPath: path] = selector
                 return true
             })
    }

    /// A comma-separated list of names, kept in order without empty entries.
    static func list(_ key: String, _ path: WritableKeyPath<Options, [String]> & Sendable, accepted: String,
                     summary: String, validate: @escaping @Sendable (String) -> Bool = { _ in true }) -> Self {
        Self(key: key, accepted: accepted, summary: summary,
             read: { $0[keyPath: path].joined(separator: ",") },
             write: { options, value in
                 let items = value.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
                 guard items.allSatisfy(validate) else { return false }
                 options[keyPath: path] = items
                 return true
             })
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" { s.removeLast() }
        return String(s)
    }
}

/// The error a transform reports when an option it cannot do without is not set.
func missingOption(_ key: String, of transform: String, example: String) -> TransmarkError {
    TransmarkError.invalidOptionValue(key: key, value: "", accepted: "required by \(transform), e.g. --transform '\(transform):\(key)=\(example)'")
}

/// One flag per node of a document, indexed by preorder position.
struct NodeFlags {
    private(set) var bits: [Bool]

    init(count: Int) { bits = Array(repeating: false, count: count) }

    /// Flags for the nodes a selector matches.
    init(matching selector: Selector, in document: Document) {
        self.init(count: document.nodeCount)
        for node in selector.matches(in: document) { bits[Int(node.id.index)] = true }
    }

    subscript(_ node: Node) -> Bool {
        get { bits[Int(node.id.index)] }
        set { bits[Int(node.id.index)] = newValue }
    }

    subscript(_ index: Int32) -> Bool {
        get { bits[Int(index)] }
        set { bits[Int(index)] = newValue }
    }

    /// Sets the flag of every proper ancestor of the nodes flagged in `other` (linear: a walk up
    /// stops at the first ancestor already flagged).
    mutating func markAncestors(of other: NodeFlags, in document: Document) {
        let records = document.storage.records
        for i in 0..<other.bits.count where other.bits[i] {
            var p = records.parent(Int32(i))
            while p >= 0 && !bits[Int(p)] {
                bits[Int(p)] = true
                p = records.parent(p)
            }
        }
    }
}

extension NodeKind.Tag {
    /// Whether nodes of this kind are inline content (text and what wraps it).
    var isInline: Bool { !isBlock }
}
