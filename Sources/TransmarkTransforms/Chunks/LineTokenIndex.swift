import TransmarkCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Token counts of ranges of one output, from the counts of its lines added up: the output is
/// counted once, line by line, and a range's count is the sum of its whole lines (looked up) plus
/// its partial first and last lines (counted), so that nested blocks are not counted again at
/// every level. The sum is an estimate for packing; a chunk's reported count is its own.
///
/// With the approximate counter, the lines are counted by one run of its machine over the whole
/// output (`RecordedRun`), which also counts a text made of long ranges of the output exactly
/// without running over them again (`exactCount`).
struct LineTokenIndex {
    /// The offset where each line starts, then the output's length.
    private var lineStarts: [Int] = [0]
    /// `prefix[k]`: the tokens of lines `0..<k`.
    private var prefix: [Int] = [0]
    private let counter: any TokenCounter
    /// The approximate counter's run over the output, when that is the counter.
    private let recorded: RecordedRun?

    /// Ranges shorter than this are counted directly.
    private static let directLimit = 256

    init(_ bytes: [UInt8], counter: any TokenCounter) {
        self.counter = counter
        if let approximate = counter as? ApproximateTokenCounter {
            let recorded = bytes.withUnsafeBufferPointer { RecordedRun($0, counter: approximate) }
            self.recorded = recorded
            lineStarts = recorded.lineStarts
            prefix = recorded.lineTokens
            return
        }
        recorded = nil
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            var total = 0
            guard let base = all.baseAddress else { return }
            while start < all.count {
                let end = Self.lineEnd(all, base, from: start)
                total += counter.tokenCount(ofUTF8: UnsafeBufferPointer(rebasing: all[start..<end]))
                lineStarts.append(end)
                prefix.append(total)
                start = end
            }
        }
    }

    /// The end of the line starting at `start` (after its line feed), found by memchr.
    private static func lineEnd(_ all: UnsafeBufferPointer<UInt8>, _ base: UnsafePointer<UInt8>, from start: Int) -> Int {
        guard let found = memchr(base + start, 0x0A, all.count - start) else { return all.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
    }

    /// The estimated tokens of `range` of `bytes` (the output the index was made from); a line
    /// that the range holds up to its line feed counts whole, line feed included.
    func tokens(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        func direct(_ r: Range<Int>) -> Int {
            r.isEmpty ? 0 : bytes.withUnsafeBufferPointer { counter.tokenCount(ofUTF8: UnsafeBufferPointer(rebasing: $0[r])) }
        }
        guard range.count >= Self.directLimit else { return direct(range) }
        // a: the first line starting at or after the range's start; c: the last line starting at
        // or before its end. Lines a..<c lie wholly inside.
        let a = firstLine(atOrAfter: range.lowerBound)
        var c = firstLine(atOrAfter: range.upperBound + 1) - 1
        var tail = lineStarts[c]..<range.upperBound
        if range.upperBound < bytes.count, bytes[range.upperBound] == 0x0A {
            // The range ends with its last line (a block ends before its line feed): that line is whole.
            c += 1
            tail = range.upperBound..<range.upperBound
        }
        guard a < c else { return direct(range) }
        return direct(range.lowerBound..<lineStarts[a]) + prefix[c] - prefix[a] + direct(tail)
    }

    /// The index of the first line start at or after `offset` (binary search).
    private func firstLine(atOrAfter offset: Int) -> Int {
        var low = 0, high = lineStarts.count
        while low < high {
            let mid = (low + high) / 2
            if lineStarts[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The exact token count of `text`, as the counter counts its bytes, given `spans`: ranges
    /// of `text` (in order, not overlapping) that are copies of ranges of `output` (the bytes the
    /// index was made from), as (offset in `text`, offset in `output`, length). With the
    /// approximate counter, the long spans are weighed from the recorded run; the rest of the
    /// text is run over.
    func exactCount(of text: [UInt8], spans: [(text: Int, output: Int, count: Int)], output: [UInt8]) -> Int {
        guard let recorded, !text.isEmpty else { return counter.tokenCount(ofUTF8: text) }
        let machine = recorded.machine
        var tally = RunWeightMachine.Tally()
        text.withUnsafeBufferPointer { text in
            output.withUnsafeBufferPointer { output in
                var at = 0
                for span in spans where span.count >= Self.directLimit {
                    machine.run(UnsafeBufferPointer(rebasing: text[at..<span.text]), &tally)
                    recorded.weigh(span.output..<(span.output + span.count), of: output, onto: &tally)
                    at = span.text + span.count
                }
                machine.run(UnsafeBufferPointer(rebasing: text[at...]), &tally)
            }
        }
        return ApproximateTokenCounter.tokens(ofWeight: tally.weight)
    }
}
