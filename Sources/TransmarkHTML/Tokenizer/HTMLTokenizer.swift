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

        public init(switchesContentStateAutomatically: Bool = true, replacesNullInData: Bool = true,
                    keepsUnfinishedTagAsText: Bool = false) {
            self.switchesContentStateAutomatically = switchesContentStateAutomatically
            self.replacesNullInData = replacesNullInData
            self.keepsUnfinishedTagAsText = keepsUnfinishedTagAsText
        }
    }

    /// The preprocessed UTF-8 input that text tokens slice into.
    public let input: [UInt8]
    /// The options this tokenizer was created with.
    public let options: Options
    /// Whether `<![CDATA[` opens a CDATA section (true in foreign content: SVG, MathML) rather
    /// than a bogus comment. A tree builder sets this as the adjusted current node changes.
    public var allowsCDATASections = false

    // Machine state.
    var state: State = .data
    var pos = 0
    var finished = false
    /// Tokens produced but not yet returned. One step of the machine produces at most a few
    /// (text before markup, the markup), so three slots hold them; `overflow` is only a safety net.
    var slot0: HTMLToken?
    var slot1: HTMLToken?
    var slot2: HTMLToken?
    var overflow: [HTMLToken] = []
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
    /// Name of the last start tag emitted (or set by the caller), lowercase bytes.
    var lastStartTag: [UInt8] = []

    // The tag being built.
    var tagIsEnd = false
    var tagName: [UInt8] = []
    var tagSelfClosing = false
    var attributes: [HTMLAttribute] = []
    var attributeName: [UInt8] = []
    var attributeValue: [UInt8] = []
    var hasPendingAttribute = false
    /// Names of `attributes`, kept only once a tag has many attributes (duplicate detection
    /// stays linear for tags with 100,000 attributes).
    var attributeNameSet: Set<String> = []

    // The comment or doctype being built.
    var commentData: [UInt8] = []
    var doctypeName: [UInt8]?
    var doctypePublicIdentifier: [UInt8]?
    var doctypeSystemIdentifier: [UInt8]?
    var doctypeForceQuirks = false

    let references = NamedCharacterReferences.standard
    let replacementCharacter = UTF8Encoding.replacementCharacter[...]

    /// Tokenizes `bytes`, decoding them first with ``HTMLInputDecoder`` (encoding detection
    /// unless `encoding` is given, BOM skipping, invalid UTF-8 to U+FFFD, CRLF/CR to LF).
    public init(bytes: [UInt8], encoding: HTMLInputEncoding? = nil, options: Options = Options()) {
        self.init(decodedUTF8: HTMLInputDecoder.decode(bytes, encoding: encoding).bytes, options: options)
    }

    /// Tokenizes a string. It is already characters, so only line endings are normalized
    /// (see ``HTMLInputDecoder/preprocess(utf8:)``); a leading U+FEFF is kept, as for `innerHTML`.
    public init(_ string: String, options: Options = Options()) {
        self.init(decodedUTF8: HTMLInputDecoder.preprocess(utf8: Array(string.utf8)), options: options)
    }

    /// Tokenizes bytes that are already clean UTF-8 with LF line endings, such as the output of
    /// ``HTMLInputDecoder/decode(_:encoding:)``. Other bytes do not crash the tokenizer, but a CR
    /// is then treated as an ordinary character and invalid UTF-8 reaches the tokens unchanged.
    public init(decodedUTF8 input: [UInt8], options: Options = Options()) {
        self.input = input
        self.options = options
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

    /// The tag name of the last start tag emitted, which decides what an "appropriate end tag" is
    /// in RCDATA, RAWTEXT and script data. Set it when starting in one of those states.
    public var lastStartTagName: String? {
        get { lastStartTag.isEmpty ? nil : String(decoding: lastStartTag, as: UTF8.self) }
        set { lastStartTag = newValue.map { Array($0.utf8).map(ASCII.lowercased) } ?? [] }
    }

    /// The next token, or `nil` at the end of input.
    public mutating func next() -> HTMLToken? {
        if taken == queued {
            if finished { return nil }
            queued = 0
            taken = 0
            if !overflow.isEmpty { overflow.removeAll() }
            let input = self.input
            input.withUnsafeBufferPointer { p in
                while queued == 0 && !finished { step(p) }
            }
            if queued == 0 { return nil }
        }
        taken += 1
        switch taken {
        case 1: return slot0.take()
        case 2: return slot1.take()
        case 3: return slot2.take()
        default:
            var token = HTMLToken.comment("") // owns no storage
            swap(&token, &overflow[taken - 4])
            return token
        }
    }

    /// Queues a token for ``next()``.
    @inline(__always)
    mutating func push(_ token: HTMLToken) {
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
            push(.text(input[runStart ..< runEnd]))
        }
        runStart = runEnd
    }

    /// Emits text that is not a run of input bytes (a decoded reference, U+FFFD).
    mutating func emitText(_ bytes: ArraySlice<UInt8>) {
        flushText()
        push(.text(bytes))
    }

    /// Emits pending text and ends the token stream.
    mutating func finish() {
        flushText()
        finished = true
    }
}
