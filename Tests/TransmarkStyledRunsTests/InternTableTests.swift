import Testing
import TestSupport
@testable import TransmarkStyledRuns

/// `InternTable` against a plain reference (an array searched from the start), under random
/// lookups, unindexed appends and removals of the newest elements, with hashes forced to collide
/// so probe runs are long and wrap around the end of the slot array.
@Suite("Intern table")
struct InternTableTests {
    /// A value whose hash is only its bucket (`value` modulo the bucket count), so many values
    /// share a probe run.
    struct Key: Hashable {
        var value: Int
        var buckets: Int
        static func == (a: Key, b: Key) -> Bool { a.value == b.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value % buckets) }
    }

    @Test("Lookups, unindexed appends and removals agree with a reference", arguments: 0 ..< 8)
    func randomOperations(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var table = InternTable<Key>()
        // The reference: each element and whether it can be found by lookup.
        var reference: [(key: Key, indexed: Bool)] = []
        let buckets = Int(generator.next() % 7) + 1
        for _ in 0 ..< 3000 {
            let key = Key(value: Int(generator.next() % 200), buckets: buckets)
            switch generator.next() % 10 {
            case 0 ..< 6:
                let expected = reference.firstIndex { $0.indexed && $0.key == key }
                let got = table.index(of: key)
                if let expected {
                    #expect(got == expected)
                } else {
                    #expect(got == reference.count)
                    reference.append((key, true))
                }
            case 6 ..< 8:
                #expect(table.appendUnindexed(key) == reference.count)
                reference.append((key, false))
            default:
                let keep = reference.isEmpty ? 0 : Int(generator.next() % UInt64(reference.count + 1))
                table.removeLast(downTo: max(keep, reference.count - 40))
                reference.removeSubrange(max(keep, reference.count - 40)...)
            }
            #expect(table.count == reference.count)
        }
        for (i, entry) in reference.enumerated() {
            #expect(table[i] == entry.key)
            if entry.indexed, reference.firstIndex(where: { $0.indexed && $0.key == entry.key }) == i {
                #expect(table.index(of: entry.key) == i)
            }
        }
    }

    @Test func numbersFollowFirstUse() {
        var table = InternTable<String>()
        #expect(table.index(of: "b") == 0)
        #expect(table.index(of: "a") == 1)
        #expect(table.index(of: "b") == 0)
        #expect(table.appendUnindexed("a") == 2)
        #expect(table.index(of: "a") == 1)
        table.removeLast(downTo: 1)
        #expect(table.count == 1)
        #expect(table.index(of: "a") == 1)
        #expect(table.elements == ["b", "a"])
    }
}
