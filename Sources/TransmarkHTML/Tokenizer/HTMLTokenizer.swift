@_spi(TransmarkStorage) import TransmarkCore

/// A WHATWG HTML tokenizer over UTF-8 bytes.
///
/// Drive it by pulling tokens one at a time:
///
/// ```swift
/// var tokenizer = HTMLTokenizer(bytes: data)          // detects the encoding, normalizes input
/// while let token = tokenizer.next() {
///     switch token {
///     case .text(let bytes): …                         // a slice, no copy
///     case .startTag(let tag): …
///     default: …
///     }
/// }
/// ```
///
/// or with ``forEachToken(_:)``, or as a `Sequence`. Nothing is buffered beyond the token(s)
/// produced by the current markup construct.
///
/// **Content states.** After a start tag named `title`/`textarea` the tokenizer switches to
/// RCDATA, after `style`/`xmp`/`iframe`/`noembed`/`noframes` to RAWTEXT, after `script` to script
/// data and after `plaintext` to PLAINTEXT, as a tree builder would. A tree builder that knows
/// better (say, `<title>` inside `<svg>`) turns that off with
/// ``Options/switchesContentStateAutomatically`` or overrides it after receiving the tag with
/// ``switchTo(_:)``; ``lastStartTagName`` decides which end tag closes RCDATA, RAWTEXT and
/// script data. Set ``allowsCDATASections`` while the current node is in foreign content.
///
/// **NUL.** The WHATWG spec keeps U+0000 in data-state text (and has the tree builder deal
/// with it); the project rule is that NUL becomes U+FFFD. ``Options/replacesNullInData`` (default
/// `true`) applies the project rule here; set it to `false` for spec behaviour, as the html5lib
/// conformance tests do. Everywhere else NUL becomes U+FFFD as the spec says (CDATA sections keep it).
///
/// Parse errors are not reported. Any byte sequence is valid input; work is linear in its size.
public struct HTMLTokenizer: IteratorProtocol, Sequence, Sendable {
    /// Behaviour switches.
    public struct Options: Sendable, Equatable {
        /// Switch to RCDATA / RAWTEXT / script data / PLAINTEXT after the start tags that call for it.
        public var switchesContentStateAutomatically: Bool
        /// Turn NUL in data-state text into U+FFFD (project rule) instead of keeping it (spec).
        public var replacesNullInData: Bool

        /// Emit a tag cut off by the end of input (`text<div class="x`) as text instead of dropping
        /// it as the spec does, so that no input character is lost.
        public var keepsUnfinishedTagAsText: Bool

        /// Options; the defaults are what the HTML frontend uses.
        public init(switchesContentStateAutomatically: Bool = true, replacesNullInData: Bool = true,
                    keepsUnfinishedTagAsText: Bool = false) {
            self.switchesContentStateAutomatically = switchesContentStateAutomatically
            self.replacesNullInData = replacesNullInData
            self.keepsUnfinishedTagAsText = keepsUnfinishedTagAsText
        }
    }

    /// The preprocessed UTF-8 input that text tokens slice into.
    public let input: [UInt8]
    /// The input when it is borrowed rather than owned (see ``init(borrowing:options:)``).
    nonisolated(unsafe) let borrowed: UnsafeBufferPointer<UInt8>?

    /// The number of input bytes.
    var inputCount: Int { borrowed?.count ?? input.count }
    /// The index of the input's first CR (`inputCount` when there is none): where normalizing
    /// line endings can start to matter (see `HTMLTokenizer+LineEndings.swift`).
    let firstCR: Int
    /// The options this tokenizer was created with.
    public let options: Options
    /// Whether `<![CDATA[` opens a CDATA section (true in foreign content: SVG, MathML) rather
    /// than a bogus comment. A tree builder sets this as the adjusted current node changes.
    public var allowsCDATASections = false
    /// Whether U+0000 in data-state text is dropped (what a tree builder does with it in HTML
    /// content; in foreign content it becomes U+FFFD). Takes precedence over
    /// ``Options/replacesNullInData``; a tree builder sets it as the adjusted current node changes.
    public var dropsNullInData = false

    /// Whether the tokenizer is in RCDATA, RAWTEXT, script data or PLAINTEXT.
    var isInContentState: Bool {
        switch state {
        case .rcdata, .rawtext, .scriptData, .plaintext: true
        default: false
        }
    }

    // Machine state.
    var state: State = .data
    var pos = 0
    var finished = false
    /// Tokens produced but not yet returned. One step of the machine produces at most a few
    /// (text before markup, the markup), so three slots hold them; `overflow` is only a safety net.
    /// They are plain values: a tag, comment or doctype token's data stays in `buffers`
    /// (`tagName`, `rawAttributes`, `commentData`, …) until the next step, which runs only once
    /// every queued token has been taken.
    var slot0 = RawToken.none
    var slot1 = RawToken.none
    var slot2 = RawToken.none
    var overflow: [RawToken] = []
    /// The per-token byte buffers: tag name and attributes, comment data, decoded text, the last
    /// start tag's name (see ``HTMLTokenizerScratch``).
    var scratchOwner = HTMLTokenizerScratch()
    /// `scratchOwner.buffers`, kept here to save a load per access.
    nonisolated(unsafe) var scratch: UnsafeMutablePointer<HTMLTokenizerBuffers>
    /// The per-token buffers, used in place (no copy is made to read or change one).
    var buffers: HTMLTokenizerBuffers {
        unsafeAddress { UnsafePointer(scratch) }
        nonmutating unsafeMutableAddress { scratch }
    }
    /// How many tokens are queued, and how many of those were returned.
    var queued = 0
    var taken = 0
    /// Pending text: a run of input bytes not yet emitted.
    var runStart = 0
    var runEnd = 0
    /// Position of the `<` that started the current markup.
    var markupStart = 0
    /// Where the source of the last tag emitted starts and ends (after its `>`), in `input`.
    var lastTagStart = 0
    var lastTagEnd = 0

    // The tag being built.
    var tagIsEnd = false
    var tagSelfClosing = false
    /// Where the name of the attribute being read starts in `attributeBytes`, and its value (-1
    /// until its `=`); the value runs to the end of `attributeBytes`.
    var pendingNameStart = 0
    var pendingValueStart = -1
    var hasPendingAttribute = false
    /// Whether every name in `rawAttributes` is ASCII.
    var attributeNamesAreASCII = true
    /// Whether the tag has an attribute that can contribute to an element's style (`style`,
    /// `align`, `color`, …; see `HTMLTreeBuilder.isStyleAttribute`): tags without one need no
    /// style work.
    var tagHasStyleAttribute = false
    /// Names of `rawAttributes`, kept only once a tag has many attributes (duplicate detection
    /// stays linear for tags with 100,000 attributes).
    var attributeNameSet: Set<String> = []

    // The comment or doctype being built.
    var doctypeName: [UInt8]?
    var doctypePublicIdentifier: [UInt8]?
    var doctypeSystemIdentifier: [UInt8]?
    var doctypeForceQuirks = false

    let references = NamedCharacterReferences.standard
    let replacementCharacter = UTF8Encoding.replacementCharacter[...]

    /// Tokenizes `bytes`, decoding them first with ``HTMLInputDecoder`` (encoding detection
    /// unless `encoding` is given, BOM skipping, invalid UTF-8 to U+FFFD, CRLF/CR to LF).
    public init(bytes: [UInt8], encoding: HTMLInputEncoding? = nil, options: Options = Options()) throws(TransmarkError) {
        self.init(decodedUTF8: try HTMLInputDecoder.decode(bytes, encoding: encoding).bytes, options: options)
    }

    /// Tokenizes a string. It is already characters, so only line endings are normalized
    /// (see ``HTMLInputDecoder/preprocess(utf8:)``); a leading U+FEFF is kept, as for `innerHTML`.
    public init(_ string: String, options: Options = Options()) {
        self.init(decodedUTF8: HTMLInputDecoder.preprocess(utf8: Array(string.utf8)), options: options)
    }

    /// Tokenizes bytes that are already valid UTF-8, such as the output of
    /// ``HTMLInputDecoder/decode(_:encoding:)``. CRLF and lone CR are normalized to LF as they
    /// are read; other bytes do not crash the tokenizer, but invalid UTF-8 reaches the tokens
    /// unchanged.
    public init(decodedUTF8 input: [UInt8], options: Options = Options()) {
        self.input = input
        self.borrowed = nil
        self.firstCR = input.withUnsafeBufferPointer { Self.firstCarriageReturn(in: $0, from: 0) }
        self.options = options
        scratch = scratchOwner.buffers
    }

    /// Tokenizes valid UTF-8 bytes owned by the caller, which keeps them alive and unchanged for
    /// as long as the tokenizer is used (the tree builder, within one `parse` call). ``input`` is
    /// then empty. `firstCR` is the index of the first CR when the caller knows it (else it is
    /// searched for).
    init(borrowing bytes: UnsafeBufferPointer<UInt8>, firstCR: Int? = nil, options: Options) {
        self.input = []
        self.borrowed = bytes
        self.firstCR = firstCR ?? Self.firstCarriageReturn(in: bytes, from: 0)
        self.options = options
        scratch = scratchOwner.buffers
    }

    /// Switches the tokenizer to `state` for what follows the last token returned, as a tree
    /// builder does after some start tags.
    public mutating func switchTo(_ state: ContentState) {
        self.state = State(state)
    }

    /// The content state the tokenizer is in between tokens, or `nil` while it is inside markup
    /// or in a script-escape sub-state.
    public var contentState: ContentState? {
        switch state {
        case .data: return .data
        case .rcdata: return .rcdata
        case .rawtext: return .rawtext
        case .scriptData: return .scriptData
        case .plaintext: return .plaintext
        case .cdataSection: return .cdataSection
        default: return nil
        }
    }

    /// Reads on from `position`, inside the source of the tag just returned (after its `<`,
    /// before its end), in the data state: the caller took the start of the tag as text and has
    /// what follows read as markup again. Returns false, changing nothing, unless the tag was
    /// the last token queued and has been taken.
    mutating func resumeInsideLastTag(at position: Int) -> Bool {
        guard taken == queued, !finished, lastTagStart < position, position < lastTagEnd else { return false }
        pos = position
        runStart = position
        runEnd = position
        state = .data
        return true
    }

    /// The tag name of the last start tag emitted, which decides what an "appropriate end tag" is
    /// in RCDATA, RAWTEXT and script data. Set it when starting in one of those states.
    public var lastStartTagName: String? {
        get { buffers.lastStartTag.isEmpty ? nil : buffers.lastStartTag.string }
        set {
            makeScratchUnique()
            buffers.lastStartTag.removeAll()
            buffers.lastStartTag.append(contentsOf: (newValue ?? "").utf8.map(ASCII.lowercased))
        }
    }

    /// The next token, or `nil` at the end of input.
    public mutating func next() -> HTMLToken? {
        let raw = nextRaw()
        switch raw.kind {
        case .none:
            return nil
        case .text:
            if let borrowed { return .text(ArraySlice(borrowed[raw.start ..< raw.end])) }
            return .text(input[raw.start ..< raw.end])
        case .decodedText:
            return .text(ArraySlice(buffers.decodedText.elements(raw.start ..< raw.end)))
        case .startTag:
            return .startTag(currentTag)
        case .endTag:
            return .endTag(currentTag)
        case .comment:
            return .comment(buffers.commentData.string)
        case .doctype:
            let text = { (bytes: [UInt8]?) in bytes.map { String(decoding: $0, as: UTF8.self) } }
            return .doctype(HTMLDoctype(
                name: text(doctypeName),
                publicIdentifier: text(doctypePublicIdentifier),
                systemIdentifier: text(doctypeSystemIdentifier),
                forceQuirks: doctypeForceQuirks))
        }
    }

    /// The next token without its data (kind `.none` at the end of input). A tag's name and
    /// attributes (`buffers.tagName`, `buffers.rawAttributes`), a comment's `buffers.commentData` and
    /// the doctype fields stay valid until the next call; text is a range of `input` or of
    /// `buffers.decodedText`.
    @inline(__always)
    mutating func nextRaw() -> RawToken {
        if taken == queued {
            if finished { return .none }
            queued = 0
            taken = 0
            if !overflow.isEmpty { overflow.removeAll() }
            makeScratchUnique()
            buffers.decodedText.removeAll()
            if let borrowed {
                while queued == 0 && !finished { step(borrowed) }
            } else {
                let input = self.input
                input.withUnsafeBufferPointer { p in
                    while queued == 0 && !finished { step(p) }
                }
            }
            if queued == 0 { return .none }
        }
        taken += 1
        switch taken {
        case 1: return slot0
        case 2: return slot1
        case 3: return slot2
        default: return overflow[taken - 4]
        }
    }

    /// The tag of the last `.startTag` / `.endTag` raw token, as a public value.
    var currentTag: HTMLTag {
        HTMLTag(name: buffers.tagName.string, attributes: buffers.attributes, isSelfClosing: tagSelfClosing)
    }

    /// Queues a token for ``next()``.
    @inline(__always)
    mutating func push(_ token: RawToken) {
        switch queued {
        case 0: slot0 = token
        case 1: slot1 = token
        case 2: slot2 = token
        default: overflow.append(token)
        }
        queued += 1
    }

    /// Calls `body` with every remaining token, in order.
    public mutating func forEachToken(_ body: (HTMLToken) throws -> Void) rethrows {
        while let token = next() { try body(token) }
    }

    /// Runs the current state once: consumes at least one byte, changes state, or finishes.
    @inline(__always)
    mutating func step(_ p: UnsafeBufferPointer<UInt8>) {
        switch state {
        case .data: dataState(p)
        case .rcdata: rcdataState(p)
        case .rawtext: rawtextState(p)
        case .plaintext: plaintextState(p)
        case .cdataSection: cdataSectionState(p)
        case .scriptData, .scriptDataEscaped, .scriptDataEscapedDash, .scriptDataEscapedDashDash,
             .scriptDataDoubleEscaped, .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash:
            scriptDataStates(p)
        case .tagOpen, .endTagOpen, .tagName, .beforeAttributeName, .attributeName, .afterAttributeName,
             .beforeAttributeValue, .attributeValueDoubleQuoted, .attributeValueSingleQuoted,
             .attributeValueUnquoted, .afterAttributeValueQuoted, .selfClosingStartTag:
            tagStates(p)
        case .markupDeclarationOpen, .bogusComment, .commentStart, .commentStartDash, .comment,
             .commentEndDash, .commentEnd, .commentEndBang:
            commentStates(p)
        case .doctype, .beforeDoctypeName, .doctypeName, .afterDoctypeName, .afterDoctypePublicKeyword,
             .beforeDoctypePublicIdentifier, .doctypePublicIdentifierDoubleQuoted,
             .doctypePublicIdentifierSingleQuoted, .afterDoctypePublicIdentifier,
             .betweenDoctypePublicAndSystemIdentifiers, .afterDoctypeSystemKeyword,
             .beforeDoctypeSystemIdentifier, .doctypeSystemIdentifierDoubleQuoted,
             .doctypeSystemIdentifierSingleQuoted, .afterDoctypeSystemIdentifier, .bogusDoctype:
            doctypeStates(p)
        }
    }

    // MARK: Emitting

    /// Adds input bytes `start..<end` to the pending text, extending the current run when contiguous.
    @inline(__always)
    mutating func appendInputText(_ start: Int, _ end: Int) {
        if runEnd != start || runStart == runEnd {
            flushText()
            runStart = start
        }
        runEnd = end
    }

    /// Emits the pending run of input text, if any.
    @inline(__always)
    mutating func flushText() {
        if runStart < runEnd {
            if runEnd > firstCR && withInput({ Self.needsLineEndingNormalization($0, runStart, runEnd, firstCR: firstCR) }) {
                pushNormalizedRun(runStart, runEnd)
            } else {
                push(RawToken(kind: .text, start: runStart, end: runEnd))
            }
        }
        runStart = runEnd
    }

    /// Emits text that is not a run of input bytes (a decoded reference, U+FFFD).
    mutating func emitText(_ bytes: ArraySlice<UInt8>) {
        flushText()
        let start = buffers.decodedText.count
        buffers.decodedText.append(contentsOf: bytes)
        push(RawToken(kind: .decodedText, start: start, end: buffers.decodedText.count))
    }

    /// Gives this tokenizer its own scratch buffers if a copy of it shares them, before it
    /// writes to them (once per step: the buffers are written only while stepping).
    @inline(__always)
    mutating func makeScratchUnique() {
        if !isKnownUniquelyReferenced(&scratchOwner) {
            scratchOwner = scratchOwner.copy()
            scratch = scratchOwner.buffers
        }
    }

    /// Emits pending text and ends the token stream.
    mutating func finish() {
        flushText()
        finished = true
    }
}

extension HTMLTokenizerBuffers {
    /// The attributes of the last tag token, as public values.
    var attributes: [Attribute] {
        if rawAttributes.isEmpty { return [] }
        let p = attributeBytes.elements
        return rawAttributes.elements.map { a in
            Attribute(String(decoding: UnsafeBufferPointer(rebasing: p[Int(a.nameStart) ..< Int(a.valueStart)]), as: UTF8.self),
                      String(decoding: UnsafeBufferPointer(rebasing: p[Int(a.valueStart) ..< Int(a.valueEnd)]), as: UTF8.self))
        }
    }
}

/// A token without its data, as ``HTMLTokenizer/nextRaw()`` returns it.
struct RawToken {
    enum Kind: UInt8 {
        /// The end of input.
        case none
        /// Text: `input[start ..< end]`.
        case text
        /// Decoded text: `buffers.decodedText[start ..< end]`.
        case decodedText
        case startTag
        case endTag
        case comment
        case doctype
    }

    var kind: Kind
    var start: Int
    var end: Int

    static let none = RawToken(kind: .none, start: 0, end: 0)

    @inline(__always)
    init(kind: Kind, start: Int = 0, end: Int = 0) {
        self.kind = kind
        self.start = start
        self.end = end
    }
}
