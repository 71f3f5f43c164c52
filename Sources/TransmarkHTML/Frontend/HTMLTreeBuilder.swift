@_spi(TransmarkStorage) import TransmarkCore

/// Builds the Markup tree straight from HTML tokens, repairing the markup as browsers do where
/// the tree can express it: implied end tags (`p`, `li`, `dt`/`dd`, rows, cells, `option`,
/// headings), void elements, misnested inline formatting split and reopened, stray end tags
/// ignored, rows without `tbody`, a list nested directly in a list attached to the previous
/// item, and an isolated start tag that names no element kept as literal text.
///
/// There is no intermediate DOM and nothing recurses: one stack of open elements, one bounded list
/// of active formatting elements (at most three identical entries, as in the WHATWG "Noah's Ark"
/// clause, and at most ``formattingLimit`` in all), and `DocumentBuilder`. Each token does
/// amortized constant work, so building is linear in the input.
struct HTMLTreeBuilder {
    /// The most active formatting elements kept after the last marker.
    static let formattingLimit = 24

    let options: HTMLFrontend.Options
    let registry: HTMLTagRegistry
    let names = HTMLElementNameTable.shared
    let traits = HTMLElementTraits.table
    /// The valid UTF-8 input, line endings as they came (borrowed for the duration of `build()`).
    let input: UnsafeBufferPointer<UInt8>
    var tokenizer: HTMLTokenizer
    var builder: DocumentBuilder

    var stack: [HTMLOpenElement] = []
    /// Topmost open element per key, or -1.
    var topByKey: [Int32]
    /// Keys of names that are no known element.
    var customKeys: [String: Int32] = [:]
    /// Topmost open scope boundary (table, cell, caption, …), or -1.
    var topBoundary: Int32 = -1
    var formatting: [HTMLFormattingEntry] = []
    var needsReconstruction = false
    var suppressDepth = 0
    var preserveDepth = 0
    var foreignDepth = 0
    var spacing = HTMLSpacing.start
    var collector = HTMLTextCollector.idle
    var isCollecting = false
    /// A list item whose end tag came but whose node is still open, in case a list nested
    /// directly in the list follows and belongs in it.
    var lingeringItem: Int32 = -1
    /// Whether a list item with the `id` of a note was met (see `namesANote`): only then are
    /// footnotes looked for (`HTMLFootnotes`).
    var sawNoteItem = false

    /// Whether an `id` is one footnote writers give notes: it holds `fn` or `footnote` (pandoc and
    /// markdown-it `fn1`, kramdown, Hugo and Python-Markdown `fn:1`, GitHub `user-content-fn-x`,
    /// Transmark and cmark-gfm `fn-x`, `footnote-1`).
    static func namesANote(_ id: UnsafeBufferPointer<UInt8>) -> Bool {
        let f = UInt8(ascii: "f"), n = UInt8(ascii: "n")
        let footnote = Array("footnote".utf8)
        var i = 0
        while i + 1 < id.count {
            if id[i] == f {
                if id[i + 1] == n { return true }
                if i + footnote.count <= id.count && id[i ..< i + footnote.count].elementsEqual(footnote) { return true }
            }
            i += 1
        }
        return false
    }
    /// The node of the last item opened for content directly in a list (not by `<li>`), or -1.
    var impliedItemNode: Int32 = -1
    var tables: [HTMLTableContext] = []
    /// The cells opened for content misplaced in a table, in document order, and the rows
    /// opened for them (see `HTMLFosterParenting`).
    var fostering = HTMLFosterParenting()
    /// Languages that open wrapping `div`s give code blocks inside them (`highlight-source-x`,
    /// …), with the stack index of the div, innermost last.
    var codeHints: [(stackIndex: Int32, language: String)] = []
    /// Open videos and audios without a link yet, waiting for a `<source>`: stack index, poster
    /// and title.
    var mediaTags: [(stackIndex: Int32, poster: String?, title: String?)] = []
    /// Media elements whose link is labelled with its URL or an untitled poster, waiting for
    /// their end to take a plain text fallback as the label: stack index, the labelled node.
    var mediaLabels: [(stackIndex: Int32, labelNode: Int32)] = []
    /// How many open media elements wrote a link (`.mediaLinked`).
    var linkedMediaDepth = 0
    /// The open `q` elements, innermost last: for each, the stack index of the open element
    /// whose pop closes it and writes its closing mark. That is the `q` entry itself, or, once a
    /// block inside split it from the stack (see `closeInlineElements`), the element the block
    /// opened in. The outermost quotes read “ ”, the ones inside ‘ ’. The indices never
    /// decrease along the array.
    var quotes: [Int32] = []
    /// The open `noscript` elements, innermost last: for each, the stack index of the open
    /// element whose pop closes it. That is the `noscript` entry itself, or, once a block inside
    /// split it from the stack (see `closeInlineElements`), the element the block opened in: a
    /// browser keeps the `noscript` open around the block until its end tag or until an
    /// ancestor closes. The indices never decrease along the array.
    var noscripts: [Int32] = []
    /// The largest `srcset` candidate of the first `<source>` of the open `picture`.
    var pictureSource: String?
    /// The sources of images read from a lazy loader's attribute (not `src`): the same image in
    /// a `<noscript>` (the page's fallback without scripts) is not shown a second time.
    var lazyImageSources: Set<String> = []
    var lists: [HTMLListContext] = []
    /// For the isolated unknown start tag rule: per unknown name, where the next `</name` after
    /// `searchedFrom` starts (-1: none), and how many more bytes such searches may read before
    /// `lastEndTagPositions` is built instead (see `hasLaterEndTag`).
    var nextEndTags: [String: (position: Int, searchedFrom: Int)] = [:]
    var endTagSearchBudget: Int
    /// Where the last `</name` of each unknown name starts, once searching name by name has read
    /// too much.
    var lastEndTagPositions: [String: Int]?
    /// How many more bytes may be read a second time because an isolated unknown start tag held
    /// an end tag (see `emitIsolatedUnknownTag`): past it, such a tag is all literal text.
    var literalSplitBudget: Int
    /// Styles already computed (see `style(of:name:_:)`).
    var styleCache: [HTMLStyleCacheKey: Style?] = [:]

    /// The math being read (see `HTMLMathCapture`), if any.
    var mathCapture: HTMLMathCapture?

    /// Whether anything outside the head has been seen (a later `<head>` is ignored).
    var bodyStarted = false

    /// What the page says about itself (`<title>`, `<meta>`, JSON-LD, …), collected as it is read.
    var metadataReader = HTMLMetadataReader()

    /// Reads `input`, which must stay valid and unchanged until `build()` returns.
    /// `firstCR` is the index of the input's first CR (its count when it has none).
    init(input: UnsafeBufferPointer<UInt8>, firstCR: Int, options: HTMLFrontend.Options) {
        self.input = input
        self.options = options
        self.registry = options.tagRegistry
        tokenizer = HTMLTokenizer(borrowing: input, firstCR: firstCR, options: .init(keepsUnfinishedTagAsText: true))
        tokenizer.dropsNullInData = true
        // Text is at most about the input's size; reserving that much costs no resident memory
        // until written (large blocks are mapped lazily), while growing past a smaller guess
        // would copy the whole text buffer and hold both copies at once.
        builder = DocumentBuilder(estimatedNodes: input.count / 8 + 16, estimatedTextBytes: input.count + 16)
        topByKey = [Int32](repeating: -1, count: HTMLElement.allCases.count)
        endTagSearchBudget = input.count / 4 + 4096
        literalSplitBudget = input.count + 4096
        stack.reserveCapacity(64)
    }

    /// Builds the document from the whole input.
    mutating func build() -> Document {
        let input = self.input
        while handle(tokenizer.nextRaw(), input: input) {}
        finishCollector()
        settleLingeringItem()
        while !stack.isEmpty { pop() }
        builder.metadata = metadataReader.metadata()
        let document = builder.finish()
        return fostering.isEmpty ? document : fostering.apply(to: document)
    }

    // Methods of this (large) struct are `mutating` even when they only read: a non-mutating
    // method called from a mutating one gets a copy of the whole builder (hundreds of bytes,
    // per token).

    /// Handles one token; false at the end of input.
    @inline(__always)
    mutating func handle(_ token: RawToken, input p: UnsafeBufferPointer<UInt8>) -> Bool {
        switch token.kind {
        case .none:
            return false
        case .text:
            handleText(UnsafeBufferPointer(rebasing: p[token.start ..< token.end]))
        case .decodedText:
            handleText(tokenizer.buffers.decodedText.elements(token.start ..< token.end))
        case .startTag:
            let element = currentElement()
            let tag = HTMLStartTag(name: currentName(element), isSelfClosing: tokenizer.tagSelfClosing,
                                   bytes: tokenizer.buffers.attributeBytes.elements,
                                   spans: tokenizer.buffers.rawAttributes.elements)
            if HTMLMetadataReader.isMetadataElement(element) {
                metadataReader.startTag(tag, element: element, inForeignContent: foreignDepth > 0)
            }
            handleStartTagReadingMath(tag, element: element)
            updateTokenizerForContent()
        case .endTag:
            let element = currentElement()
            if metadataReader.capture != .none { metadataReader.endTag(element) }
            handleEndTag(HTMLTag(name: currentName(element)), element: element)
            updateTokenizerForContent()
        case .comment:
            if options.keepComments { handleComment(tokenizer.buffers.commentData.string) }
        case .doctype:
            break
        }
        return true
    }

    /// The element named by the tag token just read (no `String` is made).
    @inline(__always)
    mutating func currentElement() -> HTMLElement {
        names.element(tokenizer.buffers.tagName.elements)
    }

    /// The name of the tag token just read: the element's own name when it is one.
    @inline(__always)
    mutating func currentName(_ element: HTMLElement) -> String {
        element != .unknown ? element.name : tokenizer.buffers.tagName.string
    }

    // MARK: Keys

    /// The key of a tag: the element's raw value, or an interned key for unknown names.
    @inline(__always)
    mutating func key(of element: HTMLElement, name: String) -> Int32 {
        if element != .unknown { return Int32(element.rawValue) }
        if let key = customKeys[name] { return key }
        let key = Int32(topByKey.count)
        customKeys[name] = key
        topByKey.append(-1)
        return key
    }

    /// The stack index of the topmost open element with this key, or -1.
    @inline(__always)
    mutating func top(_ element: HTMLElement) -> Int32 { topByKey[Int(element.rawValue)] }

    // MARK: The stack

    /// Pushes an open element whose node (if any) was just opened.
    mutating func push(_ element: HTMLElement, key: Int32, node: Int32, flags: HTMLOpenElement.Flags) {
        let index = Int32(stack.count)
        let entry = HTMLOpenElement(key: key, element: element, node: node, previousSameKey: topByKey[Int(key)],
                                    previousBoundary: topBoundary, flags: flags)
        stack.append(entry)
        topByKey[Int(key)] = index
        if element != .unknown && traits[Int(element.rawValue)].contains(.isScopeBoundary) { topBoundary = index }
        if flags.contains(.suppresses) { suppressDepth += 1 }
        if flags.contains(.preservesWhitespace) { preserveDepth += 1 }
        if flags.contains(.foreign) { foreignDepth += 1 }
    }

    /// Pops the current element, closing its node. `removingEmptyNode`: a node that got no
    /// content is removed (an inline element a block splits before any content: see
    /// `closeInlineElements`).
    mutating func pop(removingEmptyNode: Bool = false) {
        if !quotes.isEmpty { closeQuotes(endingAt: Int32(stack.count - 1)) }
        let entry = stack.removeLast()
        if !codeHints.isEmpty && codeHints[codeHints.count - 1].stackIndex >= Int32(stack.count) { codeHints.removeLast() }
        if !mediaTags.isEmpty && mediaTags[mediaTags.count - 1].stackIndex >= Int32(stack.count) { mediaTags.removeLast() }
        if !mediaLabels.isEmpty { labelMediaLinkWithFallback() }
        topByKey[Int(entry.key)] = entry.previousSameKey
        topBoundary = entry.previousBoundary
        if !noscripts.isEmpty { closePoppedNoscripts() }
        let flags = entry.flags
        if flags.contains(.suppresses) { suppressDepth -= 1 }
        if flags.contains(.preservesWhitespace) { preserveDepth -= 1 }
        if flags.contains(.foreign) { foreignDepth -= 1 }
        if flags.contains(.mediaLinked) { linkedMediaDepth -= 1 }
        if entry.node >= 0 {
            if removingEmptyNode && !flags.contains(.tableRow) {
                _ = builder.closeRemovingIfEmpty()
            } else {
                closeNode(entry)
            }
        }
        if flags.contains(.isFormatting) {
            let index = Int32(stack.count)
            for i in stride(from: formatting.count - 1, through: 0, by: -1) where formatting[i].stackIndex == index {
                formatting[i].stackIndex = -1
                needsReconstruction = true
                break
            }
        }
        if flags.contains(.formattingMarker) { clearFormattingToMarker() }
        if flags.contains(.separatesText) { separateText() }
        if flags.contains(.blockNode) { spacing = .start }
        if mathCapture != nil { mathElementPopped() }
    }

    /// Whether content is inside an open `noscript` element.
    var isInNoscript: Bool { !noscripts.isEmpty }

    /// Forgets the `noscript` elements closed by the pop just done (whose closing element is no
    /// longer on the stack).
    @inline(__always)
    mutating func closePoppedNoscripts() {
        let count = Int32(stack.count)
        while let last = noscripts.last, last >= count { noscripts.removeLast() }
    }

    /// Pops elements until the one at `index` has been popped.
    mutating func pop(through index: Int32, removingEmptyNode: Bool = false) {
        while Int32(stack.count) > index { pop(removingEmptyNode: removingEmptyNode) }
    }

    /// Closes the builder node of a popped element and finishes what it knows only now.
    mutating func closeNode(_ entry: HTMLOpenElement) {
        let flags = entry.flags
        if flags.contains(.tableRow) { finishRow() }
        builder.close()
        if flags.contains(.tableContext) { finishTable() }
        if flags.contains(.listContext) { finishList() }
    }

    /// Opens a builder node unless content is suppressed or the depth limit is reached
    /// (then the element is flattened into its ancestor). Returns the node index or -1.
    /// `element` is the element the node is read from: `s`, `strike` and `ins` are recorded on
    /// their strikethrough and underline nodes, so writers of HTML write the same element.
    mutating func openNode(_ kind: NodeKind, attributes: AttributeListID, style: Style?,
                           element: HTMLElement = .unknown) -> Int32 {
        if suppressDepth > 0 || builder.depth >= options.maxDepth { return -1 }
        let node = builder.open(kind, attributeList: attributes, style: style)
        if element == .s || element == .strike || element == .ins {
            let variant: UInt8 = element == .strike ? 2 : 1
            if kind.tag == (element == .ins ? .underline : .strikethrough) { builder.setVariant(variant, of: node) }
        }
        return node.index
    }

    /// Closes the node of a list item kept open after its end tag.
    @inline(__always)
    mutating func settleLingeringItem() {
        if lingeringItem >= 0 {
            lingeringItem = -1
            builder.close()
            spacing = .start
        }
    }

    /// Whether the current element has a node that is a block (or is the root).
    var currentIsBlockContainer: Bool {
        mutating get {
            guard let last = stack.last else { return true }
            return last.flags.contains(.blockNode) || (last.node < 0 && !last.flags.contains(.inline))
        }
    }

    // MARK: Comments

    mutating func handleComment(_ text: String) {
        guard options.keepComments, !isCollecting, suppressDepth == 0 else { return }
        settleLingeringItem()
        let raw = "<!--" + text + "-->"
        if spacing == .start && currentIsBlockContainer {
            builder.leaf(.htmlBlock, text: raw)
        } else {
            builder.leaf(.htmlInline, text: raw)
        }
    }
}
