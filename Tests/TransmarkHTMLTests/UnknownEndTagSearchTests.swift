import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkHTML

/// The isolated-unknown-tag rule asks whether `</name` follows a tag. The tree builder searches
/// forward name by name and falls back to one table of last end-tag positions; both must answer
/// alike at every tag end.
@Suite("Unknown end tag search")
struct UnknownEndTagSearchTests {
    static let pieces = ["<x>", "</x>", "</X >", "<yy a=1>", "</yy", "</yyz>", "text ", "</x/>", "<p>", "</p>",
                         "<", "</", "</1>", "<zz>", "</Zz\n>", "&lt;", ">", "</x", "\u{E9}", "</\u{E9}t>", "<\u{E9}t>"]

    /// Where the searches may start: just after a `>`, as after every tag the tree builder sees.
    static func tagEnds(_ bytes: [UInt8]) -> [Int] {
        bytes.indices.filter { bytes[$0] == UInt8(ascii: ">") }.map { $0 + 1 }
    }

    @Test("Searching forward agrees with the table of last positions", arguments: 0 ..< 40)
    func searchAgreesWithTable(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let count = Int(generator.next() % 60) + 1
        let html = (0 ..< count).map { _ in Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }.joined()
        let bytes = Array(html.utf8)
        let names = HTMLElementNameTable.shared
        bytes.withUnsafeBufferPointer { input in
            let table = HTMLTreeBuilder.unknownEndTagPositions(input, from: 0, names: names)
            for from in Self.tagEnds(bytes) {
                let fromHere = HTMLTreeBuilder.unknownEndTagPositions(input, from: from, names: names)
                for name in ["x", "yy", "yyz", "zz", "\u{E9}t", "q"] {
                    var budget = Int.max
                    let target = Array(name.utf8)
                    let found = target.withUnsafeBufferPointer {
                        HTMLTreeBuilder.firstEndTag(named: $0, in: input, from: from, budget: &budget)
                    }
                    let expected = (table[name] ?? -1) >= from
                    #expect(((found ?? -1) >= 0) == expected, "\(html) from \(from) name \(name)")
                    #expect(((fromHere[name] ?? -1) >= from) == expected, "\(html) table from \(from) name \(name)")
                }
            }
        }
    }

    @Test("A search that reads more than its budget gives up")
    func budget() {
        let bytes = Array(("<x>" + String(repeating: "<b>text</b>", count: 100) + "</x>").utf8)
        bytes.withUnsafeBufferPointer { input in
            var small = 50
            let target = Array("x".utf8)
            let found = target.withUnsafeBufferPointer {
                HTMLTreeBuilder.firstEndTag(named: $0, in: input, from: 3, budget: &small)
            }
            #expect(found == nil)
            var large = 10_000
            let foundLarge = target.withUnsafeBufferPointer {
                HTMLTreeBuilder.firstEndTag(named: $0, in: input, from: 3, budget: &large)
            }
            #expect(foundLarge == bytes.count - 4)
            #expect(large == 10_000 - (bytes.count - 4 - 3))
        }
    }

    @Test("Many distinct unknown names: isolated ones stay text, closed ones are elements")
    func manyNames() throws {
        var html = ""
        for i in 0 ..< 300 {
            html += i % 3 == 0 ? "<n\(i)>closed \(i)</n\(i)> " : "<n\(i)> open \(i) "
        }
        let tree = try HTMLFrontendInputs.tree(html)
        #expect(tree.contains("<n1>"))
        #expect(tree.contains("<n299>"))
        #expect(!tree.contains("<n0>"))
        #expect(!tree.contains("<n297>"))
        #expect(tree.contains("closed 297"))
    }
}
