#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of byte strings numbered in the order they were added: the bytes one after the other in
/// one buffer, with an open-addressing hash table over them. A lookup hashes the bytes
/// where they lie and allocates nothing, and an insertion copies them once: no `String` and no
/// array per entry (a tokenizer's vocabulary, a page's element ids).
package struct ByteStringTable: Sendable {
    /// Every entry's bytes, one after the other.
    private var bytes: [UInt8] = []
    /// Entry `i` spans `bytes[starts[i] ..< starts[i + 1]]`.
    private var starts: [Int32] = [0]
    /// Slots holding an entry's number plus one (0: empty); a power of two long, at most half full.
    private var slots: [Int32]
    /// Each entry's hash, so that growing places the entries again without hashing their bytes.
    private var hashes: [Int] = []

    /// An empty table with room for `capacity` entries before it grows.
    package init(capacity: Int = 8) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        starts.reserveCapacity(capacity + 1)
        hashes.reserveCapacity(capacity)
    }

    /// The number of entries.
    package var count: Int { starts.count - 1 }

    /// Adds `string` unless an equal one is there. Returns the entry's number (the existing one's,
    /// or the new one's: entries are numbered from 0 in the order they were added) and whether it
    /// was added.
    @discardableResult
    package mutating func insert(_ string: UnsafeBufferPointer<UInt8>) -> (index: Int, inserted: Bool) {
        let hash = Self.hash(string)
        if let index = index(of: string, hash: hash) { return (index, false) }
        if (count + 1) * 2 > slots.count { grow() }
        let index = count
        bytes.append(contentsOf: string)
        starts.append(Int32(bytes.count))
        hashes.append(hash)
        place(index, hash: hash)
        return (index, true)
    }

    /// Adds the UTF-8 of `string` (see `insert(_:)` on bytes).
    @discardableResult
    package mutating func insert(_ string: String) -> (index: Int, inserted: Bool) {
        var string = string
        return string.withUTF8 { insert($0) }
    }

    /// The number of the entry equal to `string`, or nil.
    package func index(of string: UnsafeBufferPointer<UInt8>) -> Int? {
        index(of: string, hash: Self.hash(string))
    }

    /// The number of the entry equal to `string`, whose hash is `hash`, or nil.
    @inline(__always)
    private func index(of string: UnsafeBufferPointer<UInt8>, hash: Int) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            bytes.withUnsafeBufferPointer { all in
                let mask = slots.count - 1
                var slot = hash & mask
                while true {
                    let entry = Int(slots[slot])
                    if entry == 0 { return nil }
                    let start = Int(starts[entry - 1]), end = Int(starts[entry])
                    if hashes[entry - 1] == hash, end - start == string.count,
                       string.count == 0 || Self.equal(all.baseAddress! + start, string.baseAddress!, string.count) {
                        return entry - 1
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Whether an entry equals the UTF-8 of `string`.
    package func contains(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { index(of: $0) != nil }
    }

    /// Doubles the slots and places every entry again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for index in 0..<count { place(index, hash: hashes[index]) }
    }

    /// Puts entry `index` in the first free slot from its hash.
    private mutating func place(_ index: Int, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index + 1)
    }

    /// A multiply-and-fold hash over the bytes read eight at a time (the last up to seven as one
    /// word), seeded with the length: URLs and ids are tens of bytes, which a byte-at-a-time hash
    /// (FNV-1a) takes four times as many steps over.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(count)
        guard let base = bytes.baseAddress else { return Int(truncatingIfNeeded: h) }
        let raw = UnsafeRawPointer(base)
        func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
            let m = (h ^ word) &* 0x9E37_79B9_7F4A_7C15
            return m ^ (m >> 32)
        }
        var offset = 0
        while offset + 8 <= count {
            h = mix(h, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        if offset < count { h = mix(h, PartialWord.load(base + offset, count: count - offset)) }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// Whether `count` bytes at `a` and `b` are equal.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }
}
