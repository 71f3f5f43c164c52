// Line endings. Valid UTF-8 input with CRs is read in place rather than decoded into a copy
// (which held a second input-sized buffer for the whole parse), so the tokenizer does the
// "normalize newlines" part of preprocessing itself: CR is whitespace wherever LF is (see
// `ASCII.isWhitespace`), and wherever input bytes are kept (text runs, attribute values,
// comments, DOCTYPE identifiers) CRLF and a lone CR become LF. A `&#13;` reference is not a
// line ending: it is decoded, never read back as input, so it still yields U+000D.
//
// The rule at every place that keeps bytes: a CR becomes LF, and an LF right after a CR in the
// input is dropped. Whatever consumes a CR in kept text also consumes the LF after it (no
// construct ends between the two), so the rule gives what the normalized input would.

@_spi(TransmarkStorage) import TransmarkCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTMLTokenizer {
    /// The index of the first CR of `p` at or after `start`, or `p.count`.
    @inline(__always)
    static func firstCarriageReturn(in p: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < p.count, let base = p.baseAddress,
              let found = memchr(base + start, 0x0D, p.count - start) else { return p.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Whether `p[start ..< end]` reads differently once line endings are normalized: it holds a
    /// CR, or starts with the LF of a CRLF. `firstCR` (the input's first CR) makes this free for
    /// input without CRs, the usual case, and before the first one.
    @inline(__always)
    static func needsLineEndingNormalization(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                                             firstCR: Int) -> Bool {
        if end <= firstCR { return false }
        if start > 0 && p[start] == 0x0A && p[start - 1] == 0x0D { return true }
        return firstCarriageReturn(in: UnsafeBufferPointer(rebasing: p[..<end]), from: Swift.max(start, firstCR)) < end
    }

    /// Calls `body` with the pieces of `p[start ..< end]` once CRLF and lone CR are turned into
    /// LF (an LF right after a CR, even one before `start`, is dropped).
    static func forEachNormalizedPiece(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                                       _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var i = start
        if i > 0 && i < end && p[i] == 0x0A && p[i - 1] == 0x0D { i += 1 }
        while i < end {
            let cr = firstCarriageReturn(in: UnsafeBufferPointer(rebasing: p[..<end]), from: i)
            if cr > i { body(UnsafeBufferPointer(rebasing: p[i ..< cr])) }
            guard cr < end else { return }
            withUnsafeBytes(of: UInt8(0x0A)) { body($0.assumingMemoryBound(to: UInt8.self)) }
            i = cr + 1
            if i < end && p[i] == 0x0A { i += 1 }
        }
    }

    /// Appends kept input bytes `p[start ..< end]` to `buffer`, normalizing line endings.
    @inline(__always)
    static func appendKeptInput(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, firstCR: Int,
                                to buffer: inout GrowableBuffer<UInt8>) {
        if needsLineEndingNormalization(p, start, end, firstCR: firstCR) {
            forEachNormalizedPiece(p, start, end) { buffer.append($0) }
        } else {
            buffer.append(UnsafeBufferPointer(rebasing: p[start ..< end]))
        }
    }

    /// The byte to keep for the input byte at `i`, read one at a time (DOCTYPE identifiers): LF
    /// for a CR, `nil` for the LF of a CRLF.
    @inline(__always)
    static func keptByte(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt8? {
        let b = p[i]
        if b == 0x0D { return 0x0A }
        if b == 0x0A && i > 0 && p[i - 1] == 0x0D { return nil }
        return b
    }

    /// Calls `body` with the input.
    @inline(__always)
    func withInput<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let borrowed { return body(borrowed) }
        return input.withUnsafeBufferPointer(body)
    }

    /// Emits the run `start ..< end` of input text that holds a line ending to normalize: as
    /// decoded text, or nothing when only the LF of a CRLF is left.
    mutating func pushNormalizedRun(_ start: Int, _ end: Int) {
        let textStart = buffers.decodedText.count
        withInput { p in Self.forEachNormalizedPiece(p, start, end) { buffers.decodedText.append($0) } }
        if buffers.decodedText.count > textStart {
            push(RawToken(kind: .decodedText, start: textStart, end: buffers.decodedText.count))
        }
    }
}
