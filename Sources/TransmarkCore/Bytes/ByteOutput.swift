/// A growing UTF-8 output buffer that backends append to; cheap to append to from static strings,
/// strings and byte slices.
///
/// Why this is an `Array` and not Core's pointer buffer `GrowableBuffer`: `bytes` is public API
/// (callers read it, append to it and index it as an array; backends return it as their `[UInt8]`
/// result without a copy). A pointer buffer would copy the whole output once more to hand it out
/// — measured with the same change to the document text (`ByteAccumulator`), a final copy raised
/// the whole-process peak of HTML → Markdown on corpus_from_md.html from 56 to 68 MiB.
public struct ByteOutput: Sendable {
    /// The bytes written so far.
    public var bytes: [UInt8]

    /// Creates an empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends a string literal.
    @inlinable public mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a string. (String literals go to the `StaticString` overload, which copies their
    /// bytes without creating a `String`.)
    @_disfavoredOverload
    @inlinable public mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends one byte.
    @inlinable public mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends bytes.
    @inlinable public mutating func append<C: Collection>(contentsOf c: C) where C.Element == UInt8 {
        bytes.append(contentsOf: c)
    }

    /// Appends the decimal digits of `n` (with a `-` when negative).
    public mutating func append(int n: Int) {
        if n >= 0 && n < 10 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + n))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let end = Self.writeDigits(of: n, endingAt: digits.count, in: digits)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[end ..< digits.count]))
        }
    }

    /// Writes the decimal digits of `n` (and its `-`) so that they end just before `end` in
    /// `buffer`, which must have room for 20 bytes there; returns where they start.
    @inlinable @inline(__always)
    package static func writeDigits(of n: Int, endingAt end: Int, in buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var i = end
        var m = n.magnitude
        repeat {
            i -= 1
            buffer[i] = UInt8(truncatingIfNeeded: 0x30 &+ m % 10)
            m /= 10
        } while m > 0
        if n < 0 {
            i -= 1
            buffer[i] = 0x2D
        }
        return i
    }

    /// The last byte written, if any.
    @inlinable public var last: UInt8? { bytes.last }

    /// Whether nothing has been written.
    @inlinable public var isEmpty: Bool { bytes.isEmpty }

    /// Appends a newline unless the buffer is empty or already ends with one (cmark's `cr`).
    @inlinable public mutating func ensureNewline() {
        if let l = bytes.last, l != 0x0A { bytes.append(0x0A) }
    }

    /// The bytes as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
