import TransmarkCore

/// Tagged strings (`"Hi <b>\(name)</b>"`, see `TaggedString`) as a format of the shared tree
/// (`tagged`), so they convert to every backend: `transmark convert -f tagged -t html`.
///
/// Known tags become node kinds as the HTML frontend maps them: `b`/`strong` → strong, `i`/`em`
/// → emphasis, `u`/`ins` → underline, `s`/`del`/`strike` → strikethrough, `mark` → highlight,
/// `sup`, `sub`, `code` (its text), `a href` → link, `span` → span, `br` → line break; a `style`
/// attribute becomes the node's style, other attributes are kept. Other tags follow
/// `unknownTags` (`HTMLUnknownTagPolicy`, as in the HTML frontend); whatever the policy, an
/// unknown start tag that is never closed is kept as text (`a <lonely> tag` stays as written). Entities are decoded, so a
/// `<` escaped with `TaggedString.escape` stays text; a `<` that starts no tag is text. Each
/// `\n` ends a paragraph; tags open across it are closed and reopened in the next one, as are the
/// tags inside a misnested end tag (`<b><i>x</b>y</i>`). As in HTML's list of active formatting
/// elements, at most `TaggedTreeBuilder.carriedLimit` (24) open tags are reopened, the outermost,
/// and at most three with the same node (kind, attributes and style): deeper ones end where their
/// paragraph does, so that reopening stays linear in the input (`<b>` × 4,000 then 4,000 lines
/// built 16 million nodes).
///
/// With `customNodes`, every tag becomes a `custom(name:)` node carrying its attributes instead,
/// for callers that give tags their meaning (this is how `TaggedString.styledText(_:)` reads).
public struct TaggedFrontend: Frontend {
    /// Options of the tagged-string frontend.
    public struct Options: FormatOptions, Hashable {
        // option: .choice(summary: "tags without a node kind: unwrap them, drop them with their content, or keep them as text")
        /// What happens to tags without a node kind.
        public var unknownTags: HTMLUnknownTagPolicy = .keepChildren
        // option: .bool(summary: "malformed markup is an error naming its byte offset")
        /// Whether malformed markup (a stray or misnested end tag, an unclosed tag, a `<` that
        /// starts no tag) throws `TransmarkError.malformedInput` naming the byte offset.
        public var strict = false
        // option: .bool(summary: "every tag becomes a custom node carrying its attributes")
        /// Whether every tag becomes a `custom(name:)` node with its attributes (no node kinds,
        /// no unknown tags), and every line a paragraph, empty lines included.
        public var customNodes = false
        // option: .int(range: 0...Int.max, summary: "largest input in bytes")
        /// The largest input, in bytes.
        public var maxInputSize = 1 << 30

        /// The defaults.
        public init() {}
    }

    /// The options every conversion through this tagged-string reader starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// The format: its name, aliases, file extensions and media type.
    public var format: FormatDescriptor {
        FormatDescriptor(name: "tagged", aliases: ["tagged-string"], fileExtensions: [], mediaType: "text/plain",
                         summary: "tagged strings: text with caller-defined tags (<b>, <a href>, <user id=\"1\">), entities decoded")
    }

    /// Parses `input` with `options` into a document.
    public func parse(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        guard input.count <= options.maxInputSize else {
            throw TransmarkError.inputTooLarge(bytes: input.count, limit: options.maxInputSize, option: "maxInputSize")
        }
        // UTF-16 after its byte order mark is read too.
        if let decoded = try InputDecoder.decodedCopy(input) {
            return try decoded.withUnsafeBufferPointer { try parse($0, options: options) }
        }
        if UTF8Validation.isValid(input) && !input.contains(0) { return try Self.build(input, options: options) }
        // Repair first: invalid UTF-8 and NUL become U+FFFD.
        var repaired = String(decoding: input, as: UTF8.self).replacingNUL()
        return try repaired.withUTF8 { try Self.build($0, options: options) }
    }

    static func build(_ bytes: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        var tree = TaggedTreeBuilder(bytes: bytes, options: options)
        if !options.customNodes { tree.findLastEndTags() }
        try TaggedStringScanner(bytes: bytes, isStrict: options.strict).scan(
            text: { tree.text($0) },
            start: { tag, selfClosing, range in try tree.start(tag, selfClosing: selfClosing, range: range) },
            end: { name, range in try tree.end(name, range: range) })
        return try tree.finish()
    }
}

extension String {
    func replacingNUL() -> String {
        guard utf8.contains(0) else { return self }
        var out = ""
        out.unicodeScalars.append(contentsOf: unicodeScalars.map { $0.value == 0 ? "\u{FFFD}" : $0 })
        return out
    }
}

/// Builds the tree of a tagged string from scanner events: an explicit stack of open tags,
/// whose nodes are opened lazily inside the current paragraph (and reopened in the next one).
struct TaggedTreeBuilder {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: TaggedFrontend.Options
    var builder: DocumentBuilder

    /// The node a known tag makes: compared whole to find identical ones.
    struct TagNode: Hashable {
        var kind: NodeKind
        var attributes: [Attribute]
        var style: Style?
    }

    /// An open tag: its name, the node it makes (nil: unwrapped) and where it starts.
    struct Entry {
        var name: String
        var node: TagNode?
        var offset: Int
        /// Closed by an end tag while tags above it stayed open (kept in place, so that closing
        /// it does not move the entries above).
        var isClosed = false
    }

    /// The most open tags reopened in a new paragraph or after a misnested end tag.
    static let carriedLimit = 24
    /// The most open tags with the same node reopened.
    static let identicalCarriedLimit = 3

    /// Open tags, outermost first (closed ones in the middle are marked, the last is open).
    var stack: [Entry] = []
    /// The indices in `stack` of the open tags of each name, in order.
    var openByName: [String: [Int]] = [:]
    /// The indices in `stack` of the tags reopened in new paragraphs, in order (see
    /// `carriedLimit`), and how many of them make each node.
    var carried: [Int] = []
    var carriedNodes: [TagNode: Int] = [:]
    /// The indices in `stack` of the tags whose nodes are open in the document being built, in
    /// order (innermost last).
    var openNodes: [Int] = []
    var paragraphOpen = false
    /// Inside `<code>`: the code's text so far, and how deep nested `<code>` tags go.
    var code: [UInt8]?
    var codeDepth = 0
    /// Inside a dropped tag: its name and depth.
    var dropping: (name: String, depth: Int)?
    /// The offset of the last end tag per name (for unclosed unknown tags, kept as text).
    var lastEndTag: [String: Int] = [:]

    init(bytes: UnsafeBufferPointer<UInt8>, options: TaggedFrontend.Options) {
        self.bytes = bytes
        self.options = options
        builder = DocumentBuilder(estimatedNodes: bytes.count / 8, estimatedTextBytes: bytes.count)
    }

    /// Records where each name's last end tag is (one scan, before building).
    mutating func findLastEndTags() {
        var last: [String: Int] = [:]
        try? TaggedStringScanner(bytes: bytes, isStrict: false).scan(text: { _ in }, start: { _, _, _ in },
                                                                      end: { name, range in last[name] = range.lowerBound })
        lastEndTag = last
    }

    // MARK: Paragraphs

    mutating func openParagraph() {
        guard !paragraphOpen else { return }
        builder.open(.paragraph)
        paragraphOpen = true
        for k in carried { openNode(k) }
    }

    mutating func closeParagraph() {
        guard paragraphOpen else { return }
        closeNodes(from: 0)
        builder.close()
        paragraphOpen = false
    }

    /// Opens the node of the tag at `k` in the paragraph.
    mutating func openNode(_ k: Int) {
        guard let node = stack[k].node else { return }
        builder.open(node.kind, attributes: node.attributes, style: node.style)
        openNodes.append(k)
    }

    /// Closes the open nodes of the tags from `k` on.
    mutating func closeNodes(from k: Int) {
        while let last = openNodes.last, last >= k {
            builder.close()
            openNodes.removeLast()
        }
    }

    /// Adds a tag to the open ones.
    mutating func push(_ entry: Entry) {
        let k = stack.count
        stack.append(entry)
        openByName[entry.name, default: []].append(k)
        if let node = entry.node, carried.count < Self.carriedLimit, carriedNodes[node, default: 0] < Self.identicalCarriedLimit {
            carried.append(k)
            carriedNodes[node, default: 0] += 1
        }
    }

    /// Closes the last open tag named `name`, returning its index, or nil when none is open.
    mutating func pop(_ name: String) -> Int? {
        guard let k = openByName[name]?.popLast() else { return nil }
        stack[k].isClosed = true
        if let c = carried.lastIndex(of: k) {
            carried.remove(at: c)
            carriedNodes[stack[k].node!]! -= 1
        }
        while stack.last?.isClosed == true { stack.removeLast() }
        return k
    }

    // MARK: Events

    mutating func text(_ chunk: UnsafeBufferPointer<UInt8>) {
        if dropping != nil { return }
        if code != nil {
            code!.append(contentsOf: chunk.map { $0 == 0x0A ? 0x20 : $0 })
            return
        }
        var from = 0
        for i in 0..<chunk.count where chunk[i] == 0x0A {
            if i > from {
                openParagraph()
                builder.text(bytes: UnsafeBufferPointer(rebasing: chunk[from..<i]))
            }
            if options.customNodes { openParagraph() }
            closeParagraph()
            from = i + 1
        }
        if from < chunk.count {
            openParagraph()
            builder.text(bytes: UnsafeBufferPointer(rebasing: chunk[from...]))
        }
    }

    mutating func literal(_ range: Range<Int>) {
        text(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// The node a known tag becomes, or nil for an unknown tag.
    func node(for tag: TaggedStringTag) -> (kind: NodeKind, attributes: [Attribute], style: Style?)? {
        var style: Style?
        var attributes: [Attribute] = []
        for a in tag.attributes {
            if a.name == "style" {
                let s = CSSStyleParser.parse(a.value)
                style = s.isEmpty ? nil : s
            } else {
                attributes.append(a)
            }
        }
        if options.customNodes { return (.custom(name: tag.name), tag.attributes, nil) }
        let kind: NodeKind
        switch tag.name {
        case "b", "strong": kind = .strong
        case "i", "em": kind = .emphasis
        case "u", "ins": kind = .underline
        case "s", "del", "strike": kind = .strikethrough
        case "mark": kind = .highlight
        case "sup": kind = .superscript
        case "sub": kind = .subscript
        case "span": kind = .span
        case "a":
            guard let href = tag.attribute("href") else { kind = .span; break }
            kind = .link(destination: href, title: tag.attribute("title") ?? "")
            attributes.removeAll { $0.name == "href" || $0.name == "title" }
        default: return nil
        }
        return (kind, attributes, style)
    }

    mutating func start(_ tag: TaggedStringTag, selfClosing: Bool, range: Range<Int>) throws {
        if var drop = dropping {
            if tag.name == drop.name && !selfClosing { drop.depth += 1 }
            dropping = drop
            return
        }
        if code != nil {
            if tag.name == "code" && !selfClosing { codeDepth += 1 }
            return
        }
        if !options.customNodes {
            if tag.name == "br" {
                openParagraph()
                builder.leaf(.lineBreak)
                return
            }
            if tag.name == "code" {
                if !selfClosing {
                    code = []
                    codeDepth = 1
                    push(Entry(name: "code", node: nil, offset: range.lowerBound))
                }
                return
            }
        }
        let node = node(for: tag).map { TagNode(kind: $0.kind, attributes: $0.attributes, style: $0.style) }
        if selfClosing {
            if options.customNodes, let node {
                openParagraph()
                builder.open(node.kind, attributes: node.attributes, style: node.style)
                builder.close()
            } else if node == nil && options.unknownTags == .literalText {
                literal(range)
            }
            return
        }
        if node == nil && !options.strict {
            // An unknown tag never closed is most likely text that looks like a tag.
            if (lastEndTag[tag.name] ?? -1) < range.lowerBound {
                literal(range)
                return
            }
            switch options.unknownTags {
            case .dropWithContent:
                dropping = (tag.name, 1)
                return
            case .literalText:
                literal(range)
            case .keepChildren:
                break
            }
        }
        push(Entry(name: tag.name, node: node, offset: range.lowerBound))
        if paragraphOpen { openNode(stack.count - 1) }
    }

    mutating func end(_ name: String, range: Range<Int>) throws {
        if var drop = dropping {
            if name == drop.name {
                drop.depth -= 1
                dropping = drop.depth == 0 ? nil : drop
            }
            return
        }
        if var text = code {
            guard name == "code" else { return }
            codeDepth -= 1
            if codeDepth > 0 { return }
            code = nil
            _ = pop("code")
            openParagraph()
            if text.isEmpty { text = [] }
            builder.leaf(.code, text: String(decoding: text, as: UTF8.self))
            return
        }
        guard let k = openByName[name]?.last else {
            if options.strict { throw TransmarkError.malformedInput(message: "end tag </\(name)> closes no open tag", offset: range.lowerBound) }
            if !options.customNodes && options.unknownTags == .literalText && node(for: TaggedStringTag(name: name)) == nil {
                literal(range)
            }
            return
        }
        if k != stack.count - 1 && options.strict {
            throw TransmarkError.malformedInput(message: "end tag </\(name)> while <\(stack[stack.count - 1].name)> is still open",
                                                offset: range.lowerBound)
        }
        // Close the tags above (misnested ones), this one, then reopen those above inside its
        // parent (the carried ones: see `carriedLimit`).
        if paragraphOpen { closeNodes(from: k) }
        let closed = stack[k]
        _ = pop(name)
        if closed.node == nil && !options.customNodes && options.unknownTags == .literalText {
            literal(range)
        }
        if paragraphOpen {
            var c = carried.count
            while c > 0 && carried[c - 1] > k { c -= 1 }
            for j in carried[c...] { openNode(j) }
        }
    }

    mutating func finish() throws -> Document {
        if options.strict, let unclosed = stack.last {
            throw TransmarkError.malformedInput(message: "tag <\(unclosed.name)> is never closed", offset: unclosed.offset)
        }
        if let text = code {
            openParagraph()
            builder.leaf(.code, text: String(decoding: text, as: UTF8.self))
            code = nil
            while pop("code") != nil {}
        }
        closeParagraph()
        return builder.finish()
    }
}
