import Testing
import TransmarkHTML

/// The tokenizer keeps a tag's name and attributes in buffers shared by copies until one of them
/// reads on; copies must still behave as independent values.
@Suite("Tokenizer copies")
struct TokenizerCopyTests {
    static let input = #"lead<a href="x&amp;y" class=c>link</a> tail &lt; <b id='1' title=t>bold</b><!-- note --><i>"#

    @Test("A copy taken between tokens yields the same tokens as the original, interleaved")
    func interleavedCopies() {
        var reference = HTMLTokenizer(Self.input)
        var expected: [HTMLToken] = []
        while let token = reference.next() { expected.append(token) }
        #expect(expected.count > 8)

        // Copy after each number of tokens taken; advance the two copies in turns.
        for split in 0 ... expected.count {
            var first = HTMLTokenizer(Self.input)
            for _ in 0 ..< split { _ = first.next() }
            var second = first
            var fromFirst: [HTMLToken] = []
            var fromSecond: [HTMLToken] = []
            while true {
                let a = first.next()
                let b = second.next()
                if let a { fromFirst.append(a) }
                if let b { fromSecond.append(b) }
                if a == nil && b == nil { break }
            }
            #expect(fromFirst == Array(expected[split...]), "first copy, split at \(split)")
            #expect(fromSecond == Array(expected[split...]), "second copy, split at \(split)")
        }
    }

    @Test("A copy iterated as a sequence leaves the original where it was")
    func sequenceCopy() {
        var tokenizer = HTMLTokenizer(Self.input)
        _ = tokenizer.next()
        let rest = Array(tokenizer)
        var again: [HTMLToken] = []
        while let token = tokenizer.next() { again.append(token) }
        #expect(rest == again)
        #expect(!rest.isEmpty)
    }
}
