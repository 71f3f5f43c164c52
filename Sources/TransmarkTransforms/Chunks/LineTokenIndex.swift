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
struct LineTokenIndex {
    /// The offset where each line starts, then the output's length.
    private var lineStarts: [Int] = [0]
    /// `prefix[k]`: the tokens of lines `0..<k`.
    private var prefix: [Int] = [0]
    private let counter: any TokenCounter

    /// Ranges shorter than this are counted directly.
    private static let directLimit = 256

    init(_ bytes: [UInt8], counter: any TokenCounter) {
        self.counter = counter
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            var total = 0
            guard let base = all.baseAddress else { return }
            while start < all.count {
                // The next line feed, found by memchr.
                var end = all.count
                if let found = memchr(base + start, 0x0A, all.count - start) {
                    end = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                }
                total += counter.tokenCount(ofUTF8: UnsafeBufferPointer(rebasing: all[start..<end]))
                lineStarts.append(end)
                prefix.append(total)
                start = end
            }
        }
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
}
