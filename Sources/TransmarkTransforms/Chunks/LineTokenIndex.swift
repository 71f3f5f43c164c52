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
/// With the approximate counter, the index also records its machine's run over the whole output
/// (`RunWeightMachine.Tally` every `stride` bytes), made while the lines are counted. A text
/// holding long ranges of the output (a chunk) is then counted exactly, as the counter would
/// count its bytes, without running over those ranges again (`exactCount`): a run started at a
/// range's start reaches the recorded run's state within a few bytes (at the next word, number
/// or punctuation), and from there the recorded weights apply.
struct LineTokenIndex {
    /// The offset where each line starts, then the output's length.
    private var lineStarts: [Int] = [0]
    /// `prefix[k]`: the tokens of lines `0..<k`.
    private var prefix: [Int] = [0]
    private let counter: any TokenCounter
    /// The approximate counter's machine, when that is the counter.
    private let machine: RunWeightMachine?
    /// The machine's run over the output at every `stride`-th byte (entry `k` before byte
    /// `k * stride`).
    private var checkpoints: [RunWeightMachine.Tally] = []

    /// Ranges shorter than this are counted directly.
    private static let directLimit = 256
    /// The distance between two recorded states of the run.
    private static let stride = 64

    init(_ bytes: [UInt8], counter: any TokenCounter) {
        self.counter = counter
        machine = (counter as? ApproximateTokenCounter)?.machine
        if let machine {
            recordRun(bytes, machine: machine)
            return
        }
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

    /// Counts the lines (each as the counter counts it alone) while running the machine once over
    /// the whole output and recording its states.
    private mutating func recordRun(_ bytes: [UInt8], machine: RunWeightMachine) {
        var checkpoints: [RunWeightMachine.Tally] = [RunWeightMachine.Tally()]
        checkpoints.reserveCapacity(bytes.count / Self.stride + 2)
        var lineStarts = [0], prefix = [0]
        bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            var run = RunWeightMachine.Tally()
            var start = 0
            var total = 0
            while start < all.count {
                let end = Self.lineEnd(all, base, from: start)
                // The line counted alone starts in the first state; the recorded run is in the
                // state the line before left. Both step together until they are in one state.
                var alone = RunWeightMachine.Tally()
                var k = start
                while k < end, alone.row != run.row {
                    machine.step(all[k], &alone)
                    machine.step(all[k], &run)
                    k += 1
                    if k % Self.stride == 0 { checkpoints.append(run) }
                }
                let joined = run
                Self.advance(all, from: k, to: end, machine: machine, run: &run, checkpoints: &checkpoints)
                total += ApproximateTokenCounter.tokens(ofWeight: alone.continued(from: joined, to: run).weight)
                lineStarts.append(end)
                prefix.append(total)
                start = end
            }
        }
        self.checkpoints = checkpoints
        self.lineStarts = lineStarts
        self.prefix = prefix
    }

    /// Runs `run` on over `all[from..<to]`, appending its state at each multiple of `stride`.
    @inline(__always)
    private static func advance(_ all: UnsafeBufferPointer<UInt8>, from: Int, to: Int, machine: RunWeightMachine,
                                run: inout RunWeightMachine.Tally, checkpoints: inout [RunWeightMachine.Tally]) {
        var at = from
        while at < to {
            let boundary = (at / stride + 1) * stride
            let stop = min(to, boundary)
            machine.run(UnsafeBufferPointer(rebasing: all[at..<stop]), &run)
            at = stop
            if at == boundary { checkpoints.append(run) }
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

    /// The exact token count of `text`, as the counter counts its bytes, given `spans`: ranges
    /// of `text` (in order, not overlapping) that are copies of ranges of `output` (the bytes the
    /// index was made from), as (offset in `text`, offset in `output`, length). With the
    /// approximate counter, the long spans are weighed from the recorded run; the rest of the
    /// text is run over.
    func exactCount(of text: [UInt8], spans: [(text: Int, output: Int, count: Int)], output: [UInt8]) -> Int {
        guard let machine, !text.isEmpty else { return counter.tokenCount(ofUTF8: text) }
        var tally = RunWeightMachine.Tally()
        text.withUnsafeBufferPointer { text in
            output.withUnsafeBufferPointer { output in
                var at = 0
                for span in spans where span.count >= Self.directLimit {
                    machine.run(UnsafeBufferPointer(rebasing: text[at..<span.text]), &tally)
                    weigh(span.output..<(span.output + span.count), of: output, machine: machine, onto: &tally)
                    at = span.text + span.count
                }
                machine.run(UnsafeBufferPointer(rebasing: text[at...]), &tally)
            }
        }
        return ApproximateTokenCounter.tokens(ofWeight: tally.weight)
    }

    /// Runs `tally` on over `range` of the output, from the recorded run: to the recorded state
    /// at the range's start, step by step until `tally` is in the recorded run's state, then the
    /// recorded weights to the range's end.
    private func weigh(_ range: Range<Int>, of output: UnsafeBufferPointer<UInt8>, machine: RunWeightMachine,
                       onto tally: inout RunWeightMachine.Tally) {
        let stride = Self.stride
        let first = range.lowerBound / stride * stride
        var recorded = checkpoints[range.lowerBound / stride]
        machine.run(UnsafeBufferPointer(rebasing: output[first..<range.lowerBound]), &recorded)
        var k = range.lowerBound
        while k < range.upperBound, tally.row != recorded.row {
            machine.step(output[k], &tally)
            machine.step(output[k], &recorded)
            k += 1
        }
        guard k < range.upperBound else { return }
        let joined = recorded
        let last = range.upperBound / stride * stride
        if last > k {
            recorded = checkpoints[range.upperBound / stride]
            machine.run(UnsafeBufferPointer(rebasing: output[last..<range.upperBound]), &recorded)
        } else {
            machine.run(UnsafeBufferPointer(rebasing: output[k..<range.upperBound]), &recorded)
        }
        tally = tally.continued(from: joined, to: recorded)
    }
}
