import TransmarkCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable run of plain values in memory owned elsewhere (by ``HTMLTokenizerScratch``): the
/// tokenizer's per-token buffers (tag name, attribute bytes, comment data, decoded text).
///
/// `[UInt8]` checks uniqueness and takes generic paths on every append and `removeAll`, which
/// cost about a third of tokenizing a tag; here an append is a capacity check and a copy, and
/// emptying sets the count. The memory is freed by the owner's `deinit`, never by this value, so
/// copies of it must not outlive the owner (they don't: only the owner holds them).
struct ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the memory; the owner calls this once, in its `deinit`.
    func deallocate() { base.deallocate() }

    /// A copy with its own memory (for a copied tokenizer that writes).
    func copy() -> ScratchBuffer {
        var other = ScratchBuffer(capacity: capacity)
        other.base.initialize(from: base, count: count)
        other.count = count
        return other
    }

    var isEmpty: Bool {
        @inline(__always) get { count == 0 }
    }

    /// The elements, valid until the next change.
    var elements: UnsafeBufferPointer<Element> {
        @inline(__always) get { UnsafeBufferPointer(start: base, count: count) }
    }

    /// The elements `range`, valid until the next change.
    @inline(__always)
    func elements(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    subscript(i: Int) -> Element {
        @inline(__always) get {
            precondition(i >= 0 && i < count, "index out of range")
            return base[i]
        }
        @inline(__always) nonmutating set {
            precondition(i >= 0 && i < count, "index out of range")
            base[i] = newValue
        }
    }

    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Drops the elements from `newCount` on.
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "count out of range")
        count = newCount
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(toAtLeast: count + 1) }
        base[count] = element
        count += 1
    }

    @inline(__always)
    mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        let n = elements.count
        guard n > 0, let source = elements.baseAddress else { return }
        if capacity - count < n { grow(toAtLeast: count + n) }
        (base + count).initialize(from: source, count: n)
        count += n
    }

    mutating func append<C: Collection>(contentsOf elements: C) where C.Element == Element {
        if elements.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
        for e in elements { append(e) }
    }

    /// Appends a copy of this buffer's own elements `range` (no aliasing trouble: growing keeps them).
    mutating func appendOwn(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        let n = range.count
        if capacity - count < n { grow(toAtLeast: count + n) }
        (base + count).update(from: base + range.lowerBound, count: n)
        count += n
    }

    private mutating func grow(toAtLeast needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

extension ScratchBuffer where Element == UInt8 {
    /// Whether the bytes equal `other`'s.
    @inline(__always)
    func elementsEqual(_ other: ScratchBuffer<UInt8>) -> Bool {
        count == other.count && (count == 0 || memcmp(base, other.base, count) == 0)
    }

    /// The bytes as a `String` (invalid UTF-8 repaired).
    var string: String { String(decoding: elements, as: UTF8.self) }
}

/// The tokenizer's per-token buffers.
struct HTMLTokenizerBuffers {
    /// The name of the tag being built, ASCII-lowercased.
    var tagName = ScratchBuffer<UInt8>(capacity: 32)
    /// Name of the last start tag emitted (or set by the caller), lowercase bytes.
    var lastStartTag = ScratchBuffer<UInt8>(capacity: 32)
    /// The attributes of the tag being built, in source order without duplicates: ranges of `attributeBytes`.
    var rawAttributes = ScratchBuffer<AttributeSpan>(capacity: 16)
    /// The names and values of `rawAttributes`, each name followed by its value.
    var attributeBytes = ScratchBuffer<UInt8>(capacity: 256)
    /// The comment (or bogus comment) being built.
    var commentData = ScratchBuffer<UInt8>(capacity: 64)
    /// Decoded text (character references, U+FFFD) of the queued text tokens.
    var decodedText = ScratchBuffer<UInt8>(capacity: 64)

    /// A copy with its own memory.
    func copy() -> HTMLTokenizerBuffers {
        HTMLTokenizerBuffers(tagName: tagName.copy(), lastStartTag: lastStartTag.copy(),
                             rawAttributes: rawAttributes.copy(), attributeBytes: attributeBytes.copy(),
                             commentData: commentData.copy(), decodedText: decodedText.copy())
    }

    func deallocate() {
        tagName.deallocate()
        lastStartTag.deallocate()
        rawAttributes.deallocate()
        attributeBytes.deallocate()
        commentData.deallocate()
        decodedText.deallocate()
    }
}

/// Owns the tokenizer's ``HTMLTokenizerBuffers``: one object, so that one uniqueness check per
/// step keeps a copied tokenizer's value semantics (a copy that steps gets its own buffers). The
/// tokenizer reaches the buffers through ``buffers``, a pointer: a class's stored `var`s would
/// cost a dynamic exclusivity check on every access.
final class HTMLTokenizerScratch: @unchecked Sendable {
    let buffers: UnsafeMutablePointer<HTMLTokenizerBuffers>

    init(_ contents: HTMLTokenizerBuffers = HTMLTokenizerBuffers()) {
        buffers = .allocate(capacity: 1)
        buffers.initialize(to: contents)
    }

    /// A copy with its own memory.
    func copy() -> HTMLTokenizerScratch { HTMLTokenizerScratch(buffers.pointee.copy()) }

    deinit {
        buffers.pointee.deallocate()
        buffers.deinitialize(count: 1)
        buffers.deallocate()
    }
}
