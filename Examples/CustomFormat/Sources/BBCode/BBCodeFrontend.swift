import Transmark

/// Reads BBCode into a Transmark document.
///
/// Any input is valid: a tag that is unknown, never closed or closed where it cannot be is kept
/// as the text it was, so no character is lost. Tags close in the order they were opened; a
/// closing tag closes what was opened inside it too (`[b]x[i]y[/b]` is bold `x` and bold italic
/// `y`). Reading is linear in the input: tags are matched with one stack, literal content
/// (`[code]`, `[icode]`, `[noparse]`, `[img]`, `[url]` without argument) is found with one
/// forward search, and nothing recurses, so any nesting is read (up to `maxDepth`, past which
/// opening tags are kept as text).
public struct BBCodeFrontend: Frontend {
    /// How BBCode is read.
    public struct Options: FormatOptions {
        /// The deepest nesting of tags; deeper opening tags are kept as text. Default 1000.
        public var maxDepth = 1000

        /// The default options.
        public init() {}

        /// `maxDepth`, settable as `maxDepth=N`.
        public static var optionSpecs: [OptionSpec<Options>] {
            [.int("maxDepth", \.maxDepth, range: 1...1_000_000,
                  summary: "the deepest tag nesting read; deeper opening tags stay text")]
        }
    }

    /// A BBCode frontend.
    public init() {}

    /// The `bbcode` format.
    public var format: FormatDescriptor { BBCode.format }

    /// Parses BBCode. Invalid UTF-8 and NUL read as U+FFFD.
    public func parse(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        var text = String(decoding: input, as: UTF8.self)
        if text.utf8.contains(0) { text = text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") }
        return text.withUTF8 { bytes in
            var reader = BBCodeReader(bytes: bytes, maxDepth: options.maxDepth)
            return reader.read()
        }
    }
}

/// One piece of the input.
private enum Token {
    /// Text, as a byte range.
    case text(Range<Int>)
    /// A line end (`\n`, `\r\n` or `\r`).
    case newline
    /// An opening tag of a tag with content; `raw` is how it was written.
    case open(BBTag, argument: String?, raw: Range<Int>)
    /// A closing tag.
    case close(BBTag, raw: Range<Int>)
    /// `[*]`, a list item.
    case item(raw: Range<Int>)
    /// `[hr]`.
    case rule
    /// A tag with literal content: the content's byte range.
    case literal(BBTag, argument: String?, content: Range<Int>)
}

/// What a container opened in the builder is.
private enum FrameKind {
    /// The document, a quote or a list item: holds blocks.
    case block
    /// A list: holds items.
    case list
    /// A paragraph or heading: holds inlines.
    case inlineBlock
    /// An inline tag (`[b]`, `[url=…]`, …).
    case inline
}

/// A container open in the builder, with the token that opened it (-1 for implicit ones).
private struct Frame {
    var kind: FrameKind
    var token: Int
    var node: NodeKind
    var style: Style?
}

/// Tokenizes, matches tags, then builds, each in one pass.
private struct BBCodeReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var tokens: [Token] = []
    /// For each opening token, the closing token that matches it (or -1: it is text).
    var closer: [Int] = []
    /// For each closing token, the opening token it closes (or -1: it is text).
    var opener: [Int] = []
    var builder = DocumentBuilder()
    var frames: [Frame] = [Frame(kind: .block, token: -1, node: .document, style: nil)]
    /// Whether each opening token's node is open in the builder now.
    var isOpen: [Bool] = []
    /// Line ends seen since the last content.
    var pendingNewlines = 0
    /// Inline tags a blank line closed, reopened when the next paragraph starts.
    var carried: [Frame] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func read() -> Document {
        tokenize()
        match()
        build()
        return builder.finish()
    }

    // MARK: Tokens

    mutating func tokenize() {
        var textStart = 0
        var index = 0
        /// For each literal tag, a position from which its closing tag is known to be absent.
        var noCloseFrom: [BBTag: Int] = [:]
        func flushText(_ tokens: inout [Token], upTo end: Int) {
            if end > textStart { tokens.append(.text(textStart..<end)) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                flushText(&tokens, upTo: index)
                tokens.append(.newline)
                index += (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) ? 2 : 1
                textStart = index
                continue
            }
            guard byte == UInt8(ascii: "["), let scanned = ScannedTag.scan(bytes, at: index) else {
                index += 1
                continue
            }
            let raw = index..<(index + scanned.length)
            guard let tag = scanned.tag else {
                flushText(&tokens, upTo: index)
                tokens.append(.item(raw: raw))
                index = raw.upperBound
                textStart = index
                continue
            }
            if scanned.isClosing {
                flushText(&tokens, upTo: index)
                tokens.append(.close(tag, raw: raw))
            } else if tag == .hr {
                flushText(&tokens, upTo: index)
                tokens.append(.rule)
            } else if tag.hasLiteralContent || (tag == .url && scanned.argument == nil) {
                let from = raw.upperBound
                if let known = noCloseFrom[tag], from >= known {
                    index += 1
                    continue
                }
                guard let end = findClosing(tag, from: from) else {
                    noCloseFrom[tag] = from
                    index += 1
                    continue
                }
                flushText(&tokens, upTo: index)
                tokens.append(.literal(tag, argument: scanned.argument, content: from..<end))
                index = end + tag.rawValue.utf8.count + 3   // "[/" name "]"
                textStart = index
                continue
            } else {
                flushText(&tokens, upTo: index)
                tokens.append(.open(tag, argument: scanned.argument, raw: raw))
            }
            index = raw.upperBound
            textStart = index
        }
        flushText(&tokens, upTo: bytes.count)
    }

    /// The position of the first `[/tag]` (any case) at or after `from`.
    func findClosing(_ tag: BBTag, from: Int) -> Int? {
        let name = Array(tag.rawValue.utf8)
        var index = from
        while index + name.count + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "/"),
               bytes[index + name.count + 2] == UInt8(ascii: "]") {
                var same = true
                for (offset, letter) in name.enumerated() where bytes[index + 2 + offset] | 0x20 != letter {
                    same = false
                    break
                }
                if same { return index }
            }
            index += 1
        }
        return nil
    }

    // MARK: Matching

    /// Pairs opening and closing tags with one stack. A closing tag with no opening tag of its
    /// name on the stack is text; one with it closes everything above it too.
    mutating func match() {
        closer = Array(repeating: -1, count: tokens.count)
        opener = Array(repeating: -1, count: tokens.count)
        var stack: [Int] = []
        var openCount: [BBTag: Int] = [:]
        for (index, token) in tokens.enumerated() {
            switch token {
            case .open(let tag, _, _):
                guard stack.count < maxDepth else { continue }
                stack.append(index)
                openCount[tag, default: 0] += 1
            case .close(let tag, _):
                guard openCount[tag, default: 0] > 0 else { continue }
                while let top = stack.popLast() {
                    guard case .open(let openTag, _, _) = tokens[top] else { continue }
                    openCount[openTag, default: 0] -= 1
                    closer[top] = index
                    if openTag == tag {
                        opener[index] = top
                        break
                    }
                }
            default:
                continue
            }
        }
        isOpen = Array(repeating: false, count: tokens.count)
    }

    // MARK: Building

    mutating func build() {
        for index in tokens.indices {
            switch tokens[index] {
            case .text(let range):
                // White space between blocks (around `[*]`, after `[quote]`, on a blank line) is layout, not text.
                if (!inInlineContext || pendingNewlines >= 2) && bytes[range].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                inline { $0.builder.text(bytes: UnsafeBufferPointer(rebasing: $0.bytes[range])) }
            case .newline:
                pendingNewlines += 1
            case .open(let tag, let argument, let raw):
                if closer[index] < 0 {
                    inline { $0.builder.text(bytes: UnsafeBufferPointer(rebasing: $0.bytes[raw])) }
                } else {
                    open(tag, argument: argument, token: index)
                }
            case .close(_, let raw):
                let first = opener[index]
                if first < 0 {
                    inline { $0.builder.text(bytes: UnsafeBufferPointer(rebasing: $0.bytes[raw])) }
                } else {
                    closeFrames(downTo: first)
                }
            case .item(let raw):
                guard let list = frames.lastIndex(where: { $0.kind == .list }) else {
                    inline { $0.builder.text(bytes: UnsafeBufferPointer(rebasing: $0.bytes[raw])) }
                    continue
                }
                popFrames(to: list + 1)
                pendingNewlines = 0
                carried = []
                push(Frame(kind: .block, token: -1, node: .listItem(task: nil), style: nil))
            case .rule:
                startBlock()
                builder.leaf(.thematicBreak)
            case .literal(let tag, let argument, let content):
                literal(tag, argument: argument, content: content)
            }
        }
        popFrames(to: 1)
    }

    /// Opens the node of a matched opening tag.
    mutating func open(_ tag: BBTag, argument: String?, token: Int) {
        if let level = tag.headingLevel {
            startBlock()
            push(Frame(kind: .inlineBlock, token: token, node: .heading(level: level), style: nil))
            return
        }
        switch tag {
        case .quote:
            startBlock()
            let attributes = argument.map { [Attribute("data-author", $0)] } ?? []
            builder.open(.blockQuote, attributes: attributes)
            frames.append(Frame(kind: .block, token: token, node: .blockQuote, style: nil))
            isOpen[token] = true
        case .list:
            startBlock()
            var attributes = ListAttributes.bullet
            switch argument {
            case "1": attributes = .ordered
            case "a": attributes = ListAttributes(isOrdered: true, numbering: .lowerAlpha)
            case "A": attributes = ListAttributes(isOrdered: true, numbering: .upperAlpha)
            case "i": attributes = ListAttributes(isOrdered: true, numbering: .lowerRoman)
            case "I": attributes = ListAttributes(isOrdered: true, numbering: .upperRoman)
            default: break
            }
            push(Frame(kind: .list, token: token, node: .list(attributes), style: nil))
        default:
            let node: NodeKind
            var style: Style?
            switch tag {
            case .b: node = .strong
            case .i: node = .emphasis
            case .u: node = .underline
            case .s: node = .strikethrough
            case .sup: node = .superscript
            case .sub: node = .subscript
            case .url: node = .link(destination: argument ?? "", title: "")
            case .color:
                node = .span
                if let argument, let color = CSSColorParser.parse(argument) {
                    var colored = Style()
                    colored.color = color
                    style = colored
                }
            default: node = .span
            }
            let frame = Frame(kind: .inline, token: token, node: node, style: style)
            inline { $0.push(frame) }
        }
    }

    /// Adds the node of a tag with literal content.
    mutating func literal(_ tag: BBTag, argument: String?, content: Range<Int>) {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[content]), as: UTF8.self)
        switch tag {
        case .code:
            startBlock()
            var code = Substring(text)
            if code.hasPrefix("\r\n") { code = code.dropFirst(2) } else if code.hasPrefix("\n") { code = code.dropFirst() }
            var literal = String(code)
            if !literal.hasSuffix("\n") { literal += "\n" }
            builder.leaf(.codeBlock(info: argument ?? ""), text: literal)
        case .icode:
            inline { $0.builder.leaf(.code, text: text) }
        case .img:
            inline {
                $0.builder.open(.image(source: text, title: "", size: nil))
                $0.builder.close()
            }
        case .url:
            inline {
                $0.builder.open(.link(destination: text, title: ""))
                $0.builder.text(text)
                $0.builder.close()
            }
        default:
            inline { $0.builder.text(text) }
        }
    }

    /// Opens a frame's node in the builder and pushes it.
    mutating func push(_ frame: Frame) {
        builder.open(frame.node, style: frame.style)
        frames.append(frame)
        if frame.token >= 0 { isOpen[frame.token] = true }
    }

    /// Closes frames until `count` are left.
    mutating func popFrames(to count: Int) {
        while frames.count > max(count, 1) {
            let frame = frames.removeLast()
            if frame.token >= 0 { isOpen[frame.token] = false }
            builder.close()
        }
    }

    /// Closes the node opened by token `first` and everything inside it, if it is still open.
    mutating func closeFrames(downTo first: Int) {
        carried.removeAll { $0.token == first }
        guard isOpen[first], let position = frames.lastIndex(where: { $0.token == first }) else { return }
        // Line ends before a closing inline tag still count; before the end of a block they do not.
        if frames[position].kind != .inline { pendingNewlines = 0 }
        popFrames(to: position)
    }

    /// Ends the paragraph (and inline tags) before a block, so the block is a sibling of it.
    mutating func startBlock() {
        if let last = frames.lastIndex(where: { $0.kind == .block || $0.kind == .list }) {
            popFrames(to: last + 1)
        }
        if frames.last?.kind == .list {
            push(Frame(kind: .block, token: -1, node: .listItem(task: nil), style: nil))
        }
        carried = []
        pendingNewlines = 0
    }

    /// Whether the innermost open container holds inlines (a paragraph, heading or inline tag).
    var inInlineContext: Bool {
        frames.last.map { $0.kind == .inline || $0.kind == .inlineBlock } ?? false
    }

    /// Runs `add` inside a paragraph: applies the pending line ends (one is a line break, more end
    /// the paragraph), then opens a paragraph (and list item) if none is open, and reopens the
    /// inline tags a blank line closed.
    mutating func inline(_ add: (inout BBCodeReader) -> Void) {
        if pendingNewlines >= 2 && inInlineContext {
            let block = frames.lastIndex { $0.kind == .block || $0.kind == .list } ?? 0
            carried = frames[(block + 1)...].filter { $0.kind == .inline }
            if frames[(block + 1)...].contains(where: { $0.node.tag == .heading }) { carried = [] }
            popFrames(to: block + 1)
        } else if pendingNewlines == 1 && inInlineContext {
            builder.leaf(.lineBreak)
        }
        pendingNewlines = 0
        if let last = frames.last, last.kind == .block || last.kind == .list {
            if last.kind == .list {
                push(Frame(kind: .block, token: -1, node: .listItem(task: nil), style: nil))
            }
            push(Frame(kind: .inlineBlock, token: -1, node: .paragraph, style: nil))
            let reopened = carried
            carried = []
            for frame in reopened where frame.token < 0 || !isOpen[frame.token] { push(frame) }
        }
        add(&self)
    }
}
