/// Values stored once each, numbered in the order they were first added, with a hash index that
/// holds only element numbers (open addressing, linear probing; hashes from `InternHasher`). A
/// `Dictionary<Element, Int>` kept a second copy of every key (run attributes are about 250 bytes; a page with thousands of
/// links has thousands of them); here the elements are stored once and hashed once.
///
/// Elements can also be added without the index (`appendUnindexed`, for values that are known
/// to be new and are needed only for a while), and the newest elements can be removed again
/// (`removeLast(downTo:)`), so a table can serve as a stack of scopes.
struct InternTable<Element: InternHashable> {
    /// The elements, by number.
    private(set) var elements: [Element] = []
    /// Each element's hash value, or `nil` when it is not in the index.
    private var hashes: [Int?] = []
    /// Element numbers, -1 for an empty slot; the count is a power of two, at most half full.
    private var slots: [Int32] = Array(repeating: -1, count: 16)
    /// How many elements are in the index.
    private var indexedCount = 0

    var count: Int { elements.count }

    /// The element numbered `index`, read in place (no copy of the element).
    subscript(index: Int) -> Element {
        _read { yield elements[index] }
    }

    /// The number of `element`, adding it if no equal element is in the index.
    mutating func index(of element: Element) -> Int {
        let hash = element.internHashValue
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let existing = Int(slots[slot])
            if existing < 0 { break }
            if hashes[existing] == hash && elements[existing] == element { return existing }
            slot = (slot + 1) & mask
        }
        let index = elements.count
        elements.append(element)
        hashes.append(hash)
        slots[slot] = Int32(index)
        indexedCount += 1
        if indexedCount * 2 > slots.count { rebuild(slotCount: slots.count * 2) }
        return index
    }

    /// Adds `element` without looking it up or indexing it (a later equal element gets its own
    /// number); returns its number.
    mutating func appendUnindexed(_ element: Element) -> Int {
        elements.append(element)
        hashes.append(nil)
        return elements.count - 1
    }

    /// Removes the elements numbered `count` and up (the newest ones), index entries included.
    mutating func removeLast(downTo count: Int) {
        guard count < elements.count else { return }
        for index in stride(from: elements.count - 1, through: count, by: -1) {
            if let hash = hashes[index] { removeFromIndex(Int32(index), hash: hash) }
        }
        elements.removeSubrange(count...)
        hashes.removeSubrange(count...)
    }

    /// Takes `index` out of its slot, moving later entries of its probe run back (no tombstones,
    /// so lookups stay short however many scopes come and go).
    private mutating func removeFromIndex(_ index: Int32, hash: Int) {
        let mask = slots.count - 1
        var hole = hash & mask
        while slots[hole] != index { hole = (hole + 1) & mask }
        var next = hole
        while true {
            next = (next + 1) & mask
            let moving = slots[next]
            if moving < 0 { break }
            let home = hashes[Int(moving)]! & mask
            // `moving` may fill the hole when its home slot is not in (hole, next], cyclically.
            let fills = hole <= next ? (home <= hole || home > next) : (home <= hole && home > next)
            if fills {
                slots[hole] = moving
                hole = next
            }
        }
        slots[hole] = -1
        indexedCount -= 1
    }

    /// The longest distance of an indexed element from its home slot: how long the longest
    /// lookup probes (tests check that the hash spreads structured keys).
    var longestProbe: Int {
        let mask = slots.count - 1
        var longest = 0
        for (slot, element) in slots.enumerated() where element >= 0 {
            let home = hashes[Int(element)]! & mask
            longest = max(longest, (slot - home) & mask)
        }
        return longest
    }

    private mutating func rebuild(slotCount: Int) {
        slots = Array(repeating: -1, count: slotCount)
        let mask = slotCount - 1
        for (index, hash) in hashes.enumerated() {
            guard let hash else { continue }
            var slot = hash & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }
}
