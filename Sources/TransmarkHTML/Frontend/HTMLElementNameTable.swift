/// Finds the `HTMLElement` for a lowercase tag name without hashing a `String`: the name's bytes
/// are packed into two words and looked up in a small open-addressing table built once.
struct HTMLElementNameTable: Sendable {
    private static let slotCount = 1024
    private var keys: [UInt64]       // two words per slot
    private var elements: [UInt8]    // raw values; 0 marks an empty slot

    static let shared = HTMLElementNameTable()

    private init() {
        keys = [UInt64](repeating: 0, count: Self.slotCount * 2)
        elements = [UInt8](repeating: 0, count: Self.slotCount)
        // `element(_:)` turns raw values back into elements by bit pattern, which is right only
        // while raw values are the cases' indexes (the default for a `UInt8` enum).
        for (index, element) in HTMLElement.allCases.enumerated() {
            precondition(Int(element.rawValue) == index, "HTMLElement raw values must be the case indexes")
        }
        for element in HTMLElement.allCases where element != .unknown {
            var name = element.name
            let (lo, hi) = name.withUTF8 { Self.pack($0)! }
            var slot = Self.slot(lo, hi)
            while elements[slot] != 0 { slot = (slot + 1) & (Self.slotCount - 1) }
            keys[slot * 2] = lo
            keys[slot * 2 + 1] = hi
            elements[slot] = element.rawValue
        }
    }

    /// Packs up to 16 bytes into two little-endian words; `nil` for longer or empty names.
    @inline(__always)
    static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        let n = bytes.count
        guard n > 0 && n <= 16 else { return nil }
        var lo: UInt64 = 0
        var hi: UInt64 = 0
        for i in 0..<min(n, 8) { lo |= UInt64(bytes[i]) << (UInt64(i) * 8) }
        if n > 8 { for i in 8..<n { hi |= UInt64(bytes[i]) << (UInt64(i - 8) * 8) } }
        return (lo, hi)
    }

    @inline(__always)
    private static func slot(_ lo: UInt64, _ hi: UInt64) -> Int {
        let h = (lo &* 0x9E37_79B9_7F4A_7C15) ^ (hi &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: (h ^ (h >> 29)) >> 54) & (slotCount - 1)
    }

    /// The element named by the lowercase UTF-8 `bytes`, or `.unknown`.
    @inline(__always)
    func element(_ bytes: UnsafeBufferPointer<UInt8>) -> HTMLElement {
        guard let (lo, hi) = Self.pack(bytes) else { return .unknown }
        var slot = Self.slot(lo, hi)
        return keys.withUnsafeBufferPointer { k in
            elements.withUnsafeBufferPointer { e in
                while true {
                    let raw = e[slot]
                    if raw == 0 { return .unknown }
                    if k[slot * 2] == lo && k[slot * 2 + 1] == hi {
                        // A raw value stored by `init` (raw values are the case indexes, checked
                        // there): no failable conversion per tag.
                        return unsafeBitCast(raw, to: HTMLElement.self)
                    }
                    slot = (slot + 1) & (Self.slotCount - 1)
                }
            }
        }
    }

    /// The element named `name` (lowercase), or `.unknown`.
    @inline(__always)
    func element(named name: String) -> HTMLElement {
        var name = name
        return name.withUTF8 { element($0) }
    }
}
