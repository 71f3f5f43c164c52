/// Bytes collected by copying into place: an array whose capacity is claimed as elements up front
/// and written only as bytes arrive. `Array.append(contentsOf:)` takes a generic path costing
/// about a hundred instructions a call, which adds up when text arrives in many short pieces;
/// here an append is a capacity check and a copy. Capacity that is never written costs no
/// memory (large blocks are mapped lazily), and only written bytes are ever read.
///
/// Why this is not Core's pointer buffer `GrowableBuffer`: the bytes end up as an array (the
/// document's text, handed over by `take()` without a copy) and live in values that are copied
/// (`DocumentBuilder` is a public struct), which an `Array` handles by copy-on-write. A pointer
/// buffer would copy the text once more at the end; measured (release `transmark`, whole process,
/// `/usr/bin/time`): HTML → tree on corpus_from_md.html peaks at 68.1 MiB instead of 58.1, HTML →
/// Markdown at 68.2 instead of 56.4 MiB.
package struct ByteAccumulator: Sendable {
    private var storage: [UInt8] = []
    /// How many bytes were appended.
    package private(set) var count = 0

    /// An accumulator with room for `capacity` bytes before it grows (by copying).
    package init(capacity: Int = 0) {
        if capacity > 0 { storage = Self.unwrittenBytes(capacity) }
    }

    package var isEmpty: Bool { count == 0 }

    @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0, let source = bytes.baseAddress else { return }
        if storage.count - count < n { grow(toAtLeast: count + n) }
        let at = count
        storage.withUnsafeMutableBufferPointer { buffer in
            (buffer.baseAddress! + at).update(from: source, count: n)
        }
        count += n
    }

    /// Forgets the last `n` bytes appended (all of them if fewer).
    package mutating func removeLast(_ n: Int) {
        count -= min(max(n, 0), count)
    }

    /// Calls `body` with the bytes appended so far.
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0 ..< count])) }
    }

    /// The bytes as an array (no copy: the unwritten capacity is cut off), leaving this empty.
    package mutating func take() -> [UInt8] {
        var bytes: [UInt8] = []
        swap(&bytes, &storage)
        bytes.removeSubrange(count...)
        count = 0
        return bytes
    }

    private mutating func grow(toAtLeast needed: Int) {
        var grown = Self.unwrittenBytes(max(needed, storage.count * 2, 256))
        let used = count
        storage.withUnsafeBufferPointer { old in
            grown.withUnsafeMutableBufferPointer { new in
                if used > 0 { new.baseAddress!.update(from: old.baseAddress!, count: used) }
            }
        }
        storage = grown
    }

    /// `count` bytes whose values are not set.
    private static func unwrittenBytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }
}
