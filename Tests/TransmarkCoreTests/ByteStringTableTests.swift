import Testing
@testable import TransmarkCore

/// `ByteStringTable` (the element ids `clean-urls` checks fragments against, a tokenizer's
/// vocabulary) against a `Dictionary` of the same strings.
@Suite struct ByteStringTableTests {
    func insert(_ table: inout ByteStringTable, _ bytes: [UInt8]) -> (index: Int, inserted: Bool) {
        bytes.withUnsafeBufferPointer { table.insert($0) }
    }

    func index(_ table: ByteStringTable, _ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { table.index(of: $0) }
    }

    @Test func entriesAreNumberedInOrderAndFoundByTheirBytes() {
        var table = ByteStringTable()
        #expect(table.count == 0)
        #expect(index(table, Array("a".utf8)) == nil)
        #expect(insert(&table, Array("top".utf8)) == (0, true))
        #expect(insert(&table, []) == (1, true))
        #expect(insert(&table, Array("café".utf8)) == (2, true))
        #expect(insert(&table, Array("top".utf8)) == (0, false))
        #expect(insert(&table, []) == (1, false))
        #expect(table.count == 3)
        #expect(index(table, Array("café".utf8)) == 2)
        #expect(index(table, []) == 1)
        #expect(index(table, Array("to".utf8)) == nil)
        #expect(index(table, Array("topp".utf8)) == nil)
        #expect(table.contains("top") && table.contains("café") && !table.contains("cafe"))
        #expect(table.insert("x y") == (3, true))
    }

    /// Ten thousand strings, many sharing prefixes and lengths (so hashes collide in the small
    /// tables the growth passes through), each inserted twice: the same numbers as a dictionary.
    @Test func aGrowingTableAgreesWithADictionary() {
        var table = ByteStringTable(capacity: 1)
        var reference: [[UInt8]: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<2 {
            for n in 0..<10_000 {
                let string = Array("id-\(n % 7_000)-\(n % 3)".utf8) + (n % 11 == 0 ? [0xFF, 0x00] : [])
                let expected = reference[string]
                let (index, inserted) = insert(&table, string)
                if let expected {
                    #expect(index == expected && !inserted)
                } else {
                    #expect(round == 0 && inserted && index == reference.count)
                    reference[string] = index
                }
            }
        }
        #expect(table.count == reference.count)
        for (string, expected) in reference.shuffled(using: &generator).prefix(2_000) {
            #expect(index(table, string) == expected)
        }
        #expect(index(table, Array("id-7000-0".utf8)) == nil)
    }
}
