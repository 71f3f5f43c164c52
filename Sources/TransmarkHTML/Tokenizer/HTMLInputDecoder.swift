import TransmarkCore

/// Turns the bytes of an HTML document into the clean UTF-8 that ``HTMLTokenizer`` reads.
///
/// It does the WHATWG "preprocessing the input stream" work once, up front:
/// - picks the encoding: an explicit one if given; else a byte order mark; else a
///   `<meta charset>` / `<meta http-equiv=content-type content="…charset=…">` in the first
///   1024 bytes (see ``sniffMetaCharset(_:)``), unless the bytes are valid UTF-8 with some
///   above 0x7F (a page stored again as UTF-8 under its old `<meta>`); else, for bytes that are
///   not valid UTF-8, such a `<meta>` further on in the head (browsers decode again when they
///   reach it);
///   else UTF-8. Every
///   encoding of the WHATWG Encoding Standard is read: UTF-8, UTF-16 and Windows-1252 here, the
///   other legacy ones through `InputDecoder` (the C library's `iconv`, used only when such a
///   page arrives);
/// - skips the byte order mark;
/// - replaces invalid UTF-8 (and unpaired UTF-16 surrogates) with U+FFFD, one per maximal
///   invalid subsequence, as the WHATWG UTF-8 decoder does;
/// - turns CRLF and lone CR into LF.
///
/// NUL bytes are kept: the tokenizer decides, state by state, what they become.
/// ``HTMLFrontend`` reads valid UTF-8 without a BOM in place, CRs included (the tokenizer
/// normalizes line endings as it reads), and decodes only other input.
public enum HTMLInputDecoder {
    /// The result of decoding: clean UTF-8 and the encoding that was used.
    public struct Decoded: Sendable {
        /// UTF-8 bytes with line endings normalized to LF.
        public var bytes: [UInt8]
        /// The encoding the input was decoded from.
        public var encoding: HTMLInputEncoding
    }

    /// Decodes `input`, detecting the encoding unless `encoding` is given.
    ///
    /// - Throws: `TransmarkError.unsupportedEncoding` when the input declares an encoding that
    ///   cannot be decoded (one of the WHATWG *replacement* labels such as `iso-2022-kr`, or a
    ///   legacy encoding the C library has no converter for).
    public static func decode(_ input: [UInt8], encoding: HTMLInputEncoding? = nil) throws(TransmarkError) -> Decoded {
        try input.withUnsafeBufferPointer { source throws(TransmarkError) in
            let (chosen, bomLength) = try chooseEncoding(source, explicit: encoding)
            let bytes: [UInt8]
            switch chosen {
            case .utf8:
                bytes = decodeUTF8(source, from: bomLength, original: input)
            default:
                bytes = try decodeOther(source, chosen, from: bomLength)
            }
            return Decoded(bytes: bytes, encoding: chosen)
        }
    }

    /// The encoding to read `source` in and the length of the byte order mark to skip: an
    /// explicit encoding wins (a UTF-8 byte order mark is still skipped under `utf-8`), else
    /// detection.
    @inline(__always)
    static func chooseEncoding(_ source: UnsafeBufferPointer<UInt8>, explicit: HTMLInputEncoding?) throws(TransmarkError)
        -> (HTMLInputEncoding, Int) {
        if let explicit { return (explicit, explicit == .utf8 && hasUTF8BOM(source) ? 3 : 0) }
        return try detectEncoding(source)
    }

    /// `source[start...]` decoded from an encoding other than UTF-8, line endings normalized.
    static func decodeOther(_ source: UnsafeBufferPointer<UInt8>, _ encoding: HTMLInputEncoding, from start: Int) throws(TransmarkError) -> [UInt8] {
        switch encoding {
        case .windows1252:
            return decodeWindows1252(source, from: start)
        case .utf16LittleEndian:
            return InputDecoder.decodeUTF16(source, from: start, bigEndian: false, normalizingNewlines: true)
        case .utf16BigEndian:
            return InputDecoder.decodeUTF16(source, from: start, bigEndian: true, normalizingNewlines: true)
        default:
            // Other legacy encodings: decoded to UTF-8 by the core, then CRs normalized.
            let utf8 = try InputDecoder.decode(source, as: encoding, from: start)
            return utf8.withUnsafeBufferPointer { decodeUTF8($0, from: 0, original: utf8) }
        }
    }

    /// Only the "preprocessing the input stream" part, for input that is already known to be
    /// characters rather than bytes of a document (a string, `innerHTML`): invalid UTF-8 becomes
    /// U+FFFD and CRLF / CR become LF, but a leading U+FEFF is kept and no encoding is sniffed.
    public static func preprocess(utf8 input: [UInt8]) -> [UInt8] {
        input.withUnsafeBufferPointer { decodeUTF8($0, from: 0, original: input) }
    }

    /// The encoding of `input` from its byte order mark or its `<meta>` charset, and the length of
    /// the byte order mark to skip. A `<meta>` naming an encoding other than UTF-8 is passed over
    /// when the bytes are valid UTF-8 and some are above 0x7F: the page was stored or served
    /// again as UTF-8 (a browser would show it garbled; a crawler's copy reads as written).
    ///
    /// - Throws: `TransmarkError.unsupportedEncoding` when the `<meta>` names one of the WHATWG
    ///   *replacement* encodings (`iso-2022-kr`, `hz-gb-2312`, …), which browsers refuse to decode.
    public static func detectEncoding(_ input: UnsafeBufferPointer<UInt8>) throws(TransmarkError) -> (encoding: HTMLInputEncoding, bomLength: Int) {
        if input.count >= 2, input[0] >= 0xEF, let (encoding, length) = InputDecoder.byteOrderMark(input) {
            return (encoding, length)
        }
        switch sniffMetaLabel(input) {
        case .none:
            // A `<meta>` past the first 1024 bytes, in a long head of scripts and styles: a
            // browser, still unsure of the encoding, honours it when its parser reaches the tag
            // and decodes again. Only bytes that are not UTF-8 need it; the head alone is read.
            if validUTF8PrefixEnd(input, from: 0) != input.count,
               case .encoding(let late)? = sniffMetaLabel(input, limit: input.count, stopsAtBody: true), late != .utf8 {
                return (late, 0)
            }
            return (.utf8, 0)
        case .encoding(let encoding):
            // A page stored or served again as UTF-8 often keeps the `<meta>` of the encoding it
            // was written in. Text in a legacy encoding that uses bytes above 0x7F is all but
            // never valid UTF-8 as well, so such bytes read as UTF-8.
            if encoding != .utf8 && isMultibyteUTF8(input) { return (.utf8, 0) }
            return (encoding, 0)
        case .replacement(let label):
            throw TransmarkError.unsupportedEncoding(
                label: label, reason: "the WHATWG Encoding Standard maps it to its replacement encoding, which browsers refuse to decode")
        }
    }

    /// Whether `input` holds at least one byte above 0x7F and is valid UTF-8 throughout.
    static func isMultibyteUTF8(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        input.contains { $0 >= 0x80 } && UTF8Validation.isValid(input)
    }

    private static func hasUTF8BOM(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF
    }

    // MARK: UTF-8

    /// Length of the valid UTF-8 sequence at `i`, or minus the number of bytes that make up one
    /// maximal invalid subsequence (each becomes one U+FFFD).
    @inline(__always)
    static func utf8SequenceLength(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        UTF8Validation.sequenceLength(s, at: i)
    }

    /// Whether the eight bytes of `word` are all ASCII and none is CR.
    @inline(__always)
    private static func isPlainASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let x = word ^ (ones &* 0x0D)
        let hasCR = (x &- ones) & ~x & highs
        return (word & highs) | hasCR == 0
    }

    /// How ``HTMLFrontend`` reads an input: in place, or as a decoded copy.
    enum Prepared {
        /// Valid UTF-8 without a byte order mark: read as it is; the tokenizer normalizes line
        /// endings itself, from `firstCR` (the index of the first CR, or the input's count).
        case inPlace(firstCR: Int)
        /// Anything else, decoded as ``decode(_:encoding:)`` does.
        case decoded([UInt8])
    }

    /// Whether `source` can be read in place (valid UTF-8, no byte order mark, CRs allowed:
    /// copying a page only to turn its CRLFs into LFs held a second input-sized buffer for the
    /// whole parse), else its decoded copy.
    static func prepare(_ source: UnsafeBufferPointer<UInt8>, encoding: HTMLInputEncoding?) throws(TransmarkError) -> Prepared {
        let (chosen, bomLength) = try chooseEncoding(source, explicit: encoding)
        guard chosen == .utf8 else { return .decoded(try decodeOther(source, chosen, from: bomLength)) }
        // One check for validity (CRs allowed), then `memchr` for the first CR: cheaper than
        // one scan that also looks for CRs.
        if bomLength == 0 && validUTF8PrefixEnd(source, from: 0) == source.count {
            return .inPlace(firstCR: HTMLTokenizer.firstCarriageReturn(in: source, from: 0))
        }
        let clean = cleanUTF8PrefixEnd(source, from: bomLength)
        return .decoded(decodeUTF8(source, from: bomLength, cleanUpTo: clean, original: []))
    }

    static func decodeUTF8(_ s: UnsafeBufferPointer<UInt8>, from start: Int, original: [UInt8]) -> [UInt8] {
        decodeUTF8(s, from: start, cleanUpTo: cleanUTF8PrefixEnd(s, from: start), original: original)
    }

    /// The end of the longest prefix of `s[start...]` that needs no change.
    static func cleanUTF8PrefixEnd(_ s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        utf8PrefixEnd(s, from: start, stopsAtCR: true)
    }

    /// The end of the longest prefix of `s[start...]` that is valid UTF-8 (CRs included).
    static func validUTF8PrefixEnd(_ s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        utf8PrefixEnd(s, from: start, stopsAtCR: false)
    }

    @inline(__always)
    private static func utf8PrefixEnd(_ s: UnsafeBufferPointer<UInt8>, from start: Int, stopsAtCR: Bool) -> Int {
        let n = s.count
        var i = start
        // Phase 1: skip everything that needs no change.
        scan: while i < n {
            // Without CRs to look for, 32 bytes are checked at once (text is mostly ASCII).
            if !stopsAtCR {
                let base = UnsafeRawPointer(s.baseAddress!)
                while i + 32 <= n {
                    let a = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let b = base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                    let c = base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                    let d = base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
                    if (a | b | c | d) & 0x8080_8080_8080_8080 != 0 { break }
                    i += 32
                }
            }
            while i + 8 <= n, case let word = UnsafeRawPointer(s.baseAddress! + i).loadUnaligned(as: UInt64.self),
                  stopsAtCR ? isPlainASCII(word) : word & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < n else { break }
            let b = s[i]
            if b < 0x80 {
                if stopsAtCR && b == 0x0D { break scan }
                i += 1
            } else {
                let length = utf8SequenceLength(s, at: i)
                if length < 0 { break scan }
                i += length
            }
        }
        return i
    }

    /// Decodes `s[start...]` whose bytes before `clean` need no change; `original` is returned
    /// when nothing needs to change and `start` is 0.
    static func decodeUTF8(_ s: UnsafeBufferPointer<UInt8>, from start: Int, cleanUpTo clean: Int, original: [UInt8]) -> [UInt8] {
        let n = s.count
        var i = clean
        if i == n { return start == 0 ? original : Array(s[start...]) }
        // Phase 2: copy the clean prefix, then fix the rest, copying clean runs whole.
        var out = [UInt8]()
        out.reserveCapacity(n - start + 16)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: s[start ..< i]))
        while i < n {
            let b = s[i]
            if b == 0x0D {
                out.append(0x0A)
                i += (i + 1 < n && s[i + 1] == 0x0A) ? 2 : 1
            } else {
                // Not CR, so the prefix scan stopped at an invalid sequence.
                let length = b < 0x80 ? 1 : utf8SequenceLength(s, at: i)
                if length > 0 {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: s[i ..< i + length]))
                    i += length
                } else {
                    out.append(contentsOf: UTF8Encoding.replacementCharacter)
                    i -= length
                }
            }
            let clean = cleanUTF8PrefixEnd(s, from: i)
            if clean > i {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: s[i ..< clean]))
                i = clean
            }
        }
        return out
    }

    // MARK: Windows-1252 and UTF-16

    static func decodeWindows1252(_ s: UnsafeBufferPointer<UInt8>, from start: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(s.count - start + 16)
        var i = start
        while i < s.count {
            let b = s[i]
            i += 1
            if b == 0x0D {
                out.append(0x0A)
                if i < s.count && s[i] == 0x0A { i += 1 }
            } else if b < 0x80 {
                out.append(b)
            } else {
                UTF8Encoding.append(Windows1252.codePoint(of: b), to: &out)
            }
        }
        return out
    }
}
