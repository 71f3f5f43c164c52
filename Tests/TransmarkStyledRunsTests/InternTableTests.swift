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
    struct Key: InternHashable {
        var value: Int
        var buckets: Int
        static func == (a: Key, b: Key) -> Bool { a.value == b.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value % buckets) }
        func internHash(into hasher: inout InternHasher) { hasher.mix(value % buckets) }
    }

    /// A string element.
    struct Name: InternHashable {
        var text: String
        func internHash(into hasher: inout InternHasher) { hasher.mix(text) }
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
        var table = InternTable<Name>()
        #expect(table.index(of: Name(text: "b")) == 0)
        #expect(table.index(of: Name(text: "a")) == 1)
        #expect(table.index(of: Name(text: "b")) == 0)
        #expect(table.appendUnindexed(Name(text: "a")) == 2)
        #expect(table.index(of: Name(text: "a")) == 1)
        table.removeLast(downTo: 1)
        #expect(table.count == 1)
        #expect(table.index(of: Name(text: "a")) == 1)
        #expect(table.elements.map(\.text) == ["b", "a"])
        // Canonically equivalent strings are one element.
        #expect(table.index(of: Name(text: "e\u{301}")) == table.index(of: Name(text: "\u{E9}")))
        #expect(table.index(of: Name(text: "\u{212A}elvin")) == table.index(of: Name(text: "Kelvin")))
    }

    /// Strings equal under `==` (canonical equivalence) must get equal intern hashes, whichever
    /// path each takes.
    @Test func equalStringsHashAlike() {
        let pairs: [(String, String)] = [
            ("Kelvin", "\u{212A}elvin"), ("a;b", "a\u{037E}b"), ("`x`", "\u{1FEF}x\u{1FEF}"), ("caf\u{E9}", "cafe\u{301}"),
            ("\u{212B}ngstr\u{F6}m", "A\u{30A}ngstro\u{308}m"), ("https://example.com/K", "https://example.com/\u{212A}"),
            ("0123456789abcdefK", "0123456789abcdef\u{212A}"), ("", ""),
        ]
        for (a, b) in pairs {
            #expect(a == b)
            #expect(Name(text: a).internHashValue == Name(text: b).internHashValue, "\(a.debugDescription)")
        }
        #expect(Name(text: "abc").internHashValue != Name(text: "abd").internHashValue)
        #expect(Name(text: "abcdefgh1").internHashValue != Name(text: "abcdefgh2").internHashValue)
    }

    /// The fast path relies on `K`, `;` and `` ` `` being the only ASCII characters that a
    /// non-ASCII character is canonically equivalent to: checked over every scalar.
    @Test func onlyThreeNonASCIIScalarsEqualAnASCIICharacter() {
        let ascii = Dictionary(uniqueKeysWithValues: (0 ..< 128).map { (String(UnicodeScalar(UInt8($0))), $0) })
        var twins: [UInt32: Int] = [:]
        for value in UInt32(0x80) ... 0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if let match = ascii[String(scalar)] { twins[value] = match }
        }
        #expect(twins == [0x212A: 0x4B, 0x037E: 0x3B, 0x1FEF: 0x60])
    }

    /// Run attributes that differ in one URL byte, one number or one column (what a page of links
    /// and table cells holds) spread over the slots: no long probe runs, so interning stays linear.
    @Test func structuredRunAttributesSpreadOverTheSlots() {
        var table = InternTable<RunAttributes>()
        var count = 0
        for i in 0 ..< 20_000 {
            var a = RunAttributes()
            a.link = LinkTarget(url: "https://example.com/item?id=\(i)", title: "")
            #expect(table.index(of: a) == count)
            count += 1
            var b = RunAttributes()
            b.tableRow = i / 16
            b.tableColumn = i % 16
            #expect(table.index(of: b) == count)
            count += 1
        }
        #expect(table.count == 40_000)
        #expect(table.longestProbe < 64, "longest probe \(table.longestProbe)")
    }

    @Test func runAttributesThatAreEqualHashAlike() {
        var a = RunAttributes(font: FontDescriptor(family: "system", size: 16))
        a.link = LinkTarget(url: "/caf\u{E9}", title: "")
        a.baselineOffset = 0
        var b = a
        b.link = LinkTarget(url: "/cafe\u{301}", title: "")
        b.baselineOffset = -0.0
        #expect(a == b)
        #expect(a.internHashValue == b.internHashValue)
        b.tableColumn = 2
        #expect(a.internHashValue != b.internHashValue)
    }
}
