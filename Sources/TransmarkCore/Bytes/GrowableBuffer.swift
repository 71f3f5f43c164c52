#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable run of plain values in memory that the holder frees: the one pointer buffer behind
/// the hot byte writers (the HTML tokenizer's per-token buffers, the styled JSON writer's
/// output).
///
/// `[UInt8]` checks uniqueness and takes a generic path on every append (about a hundred
/// instructions for a short piece) and on `removeAll`; here an append is a capacity check and a
/// copy, and emptying sets the count. Everything but growing is `@inlinable`, so other modules
/// get these appends inlined.
///
/// The value does not own its memory: whoever holds it calls ``deallocate()`` once (in a `deinit`
/// or a `defer`), and copies of the value must not outlive that or write after another copy has
/// grown (use ``copy()`` for an independent buffer).
@_spi(TransmarkStorage)
public struct GrowableBuffer<Element: BitwiseCopyable> {
    @usableFromInline var _base: UnsafeMutablePointer<Element>
    @usableFromInline var _count = 0
    @usableFromInline var _capacity: Int

    /// An empty buffer with room for `capacity` elements (at least one) before it grows.
    @inlinable
    public init(capacity: Int) {
        _capacity = max(capacity, 1)
        _base = .allocate(capacity: _capacity)
    }

    /// Frees the memory; the holder calls this once, and uses no copy of the value afterwards.
    @inlinable
    public func deallocate() { _base.deallocate() }

    /// A copy with its own memory (which the caller frees).
    @inlinable
    public func copy() -> GrowableBuffer {
        var other = GrowableBuffer(capacity: _capacity)
        other._base.initialize(from: _base, count: _count)
        other._count = _count
        return other
    }

    /// The start of the memory (valid until the buffer grows).
    @inlinable
    public var base: UnsafeMutablePointer<Element> {
        @inline(__always) get { _base }
    }

    /// How many elements are written.
    @inlinable
    public var count: Int {
        @inline(__always) get { _count }
    }

    /// How many elements fit before the buffer grows.
    @inlinable
    public var capacity: Int {
        @inline(__always) get { _capacity }
    }

    /// Whether nothing is written.
    @inlinable
    public var isEmpty: Bool {
        @inline(__always) get { _count == 0 }
    }

    /// The elements, valid until the next change.
    @inlinable
    public var elements: UnsafeBufferPointer<Element> {
        @inline(__always) get { UnsafeBufferPointer(start: _base, count: _count) }
    }

    /// The elements `range`, valid until the next change.
    @inlinable @inline(__always)
    public func elements(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        precondition(range.lowerBound >= 0 && range.upperBound <= _count, "range out of bounds")
        return UnsafeBufferPointer(start: _base + range.lowerBound, count: range.count)
    }

    /// The element at `i` (which must be written).
    @inlinable
    public subscript(i: Int) -> Element {
        @inline(__always) get {
            precondition(i >= 0 && i < _count, "index out of range")
            return _base[i]
        }
        @inline(__always) nonmutating set {
            precondition(i >= 0 && i < _count, "index out of range")
            _base[i] = newValue
        }
    }

    /// Forgets the elements, keeping the memory.
    @inlinable @inline(__always)
    public mutating func removeAll() { _count = 0 }

    /// Drops the elements from `newCount` on.
    @inlinable @inline(__always)
    public mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= _count, "count out of range")
        _count = newCount
    }

    /// Appends one element.
    @inlinable @inline(__always)
    public mutating func append(_ element: Element) {
        if _count == _capacity { grow(toAtLeast: _count + 1) }
        _base[_count] = element
        _count += 1
    }

    /// Appends a copy of `elements` (which must not be this buffer's own memory: see
    /// ``appendOwn(_:)``).
    @inlinable @inline(__always)
    public mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        let n = elements.count
        guard n > 0, let source = elements.baseAddress else { return }
        if _capacity - _count < n { grow(toAtLeast: _count + n) }
        (_base + _count).initialize(from: source, count: n)
        _count += n
    }

    /// Appends the elements of a collection (by one copy when they are contiguous).
    @inlinable
    public mutating func append<C: Collection>(contentsOf elements: C) where C.Element == Element {
        if elements.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
        for e in elements { append(e) }
    }

    /// Appends a copy of this buffer's own elements `range` (no aliasing trouble: growing keeps them).
    @inlinable
    public mutating func appendOwn(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= _count, "range out of bounds")
        let n = range.count
        if _capacity - _count < n { grow(toAtLeast: _count + n) }
        (_base + _count).update(from: _base + range.lowerBound, count: n)
        _count += n
    }

    /// Moves the elements to memory with room for at least `needed` (twice the capacity at least).
    @usableFromInline
    mutating func grow(toAtLeast needed: Int) {
        let newCapacity = max(needed, _capacity * 2)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.initialize(from: _base, count: _count)
        _base.deallocate()
        _base = newBase
        _capacity = newCapacity
    }
}

@_spi(TransmarkStorage)
extension GrowableBuffer where Element == UInt8 {
    /// Appends the UTF-8 bytes of a string literal.
    @inlinable @inline(__always)
    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// Appends the decimal digits of `n` (with a `-` when negative).
    @inlinable @inline(__always)
    public mutating func append(int n: Int) {
        if n >= 0 && n < 10 {
            append(UInt8(truncatingIfNeeded: 0x30 + n))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let start = ByteOutput.writeDigits(of: n, endingAt: 20, in: digits)
            append(UnsafeBufferPointer(rebasing: digits[start ..< 20]))
        }
    }

    /// Whether the bytes equal `other`'s.
    @inlinable @inline(__always)
    public func elementsEqual(_ other: GrowableBuffer<UInt8>) -> Bool {
        _count == other._count && (_count == 0 || memcmp(_base, other._base, _count) == 0)
    }

    /// The bytes as a `String` (invalid UTF-8 repaired).
    @inlinable
    public var string: String { String(decoding: elements, as: UTF8.self) }
}
