#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `ApproximateTokenCounter`'s machine run once over a text (an output to be cut into chunks),
/// its state kept every `stride` bytes, with each line's count as the counter counts the line
/// alone. A text holding long ranges of the recorded one is then counted exactly, as the counter
/// would count its bytes, without running over those ranges again (`weigh`): a run started at a
/// range's start reaches the recorded run's state within a few bytes (at the next word, number or
/// punctuation), and from there the recorded weights apply.
package struct RecordedRun: Sendable {
    /// The machine that made the run.
    package let machine: RunWeightMachine
    /// The run's state before byte `k * stride`, for each `k` up to the text's end.
    private let checkpoints: [RunWeightMachine.Tally]
    /// The offset where each line starts (after a line feed), then the text's length.
    package let lineStarts: [Int]
    /// `lineTokens[k]`: the tokens of lines `0..<k`, each counted alone.
    package let lineTokens: [Int]

    /// The distance between two kept states.
    package static let stride = 64

    /// Runs `counter`'s machine over `text`.
    package init(_ text: UnsafeBufferPointer<UInt8>, counter: ApproximateTokenCounter) {
        let machine = counter.machine
        self.machine = machine
        let stride = Self.stride
        var checkpoints: [RunWeightMachine.Tally] = [RunWeightMachine.Tally()]
        checkpoints.reserveCapacity(text.count / stride + 2)
        var lineStarts = [0], lineTokens = [0]
        if let base = text.baseAddress {
            var run = RunWeightMachine.Tally()
            var start = 0
            var total = 0
            while start < text.count {
                var end = text.count
                if let found = memchr(base + start, 0x0A, text.count - start) {
                    end = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                }
                // The line counted alone starts in the first state; the recorded run is in the
                // state the line before left. Both step together until they are in one state.
                var alone = RunWeightMachine.Tally()
                var k = start
                while k < end, alone.row != run.row {
                    machine.step(text[k], &alone)
                    machine.step(text[k], &run)
                    k += 1
                    if k % stride == 0 { checkpoints.append(run) }
                }
                let joined = run
                // On to the line's end, keeping the state at each multiple of the stride.
                while k < end {
                    let boundary = (k / stride + 1) * stride
                    let stop = min(end, boundary)
                    machine.run(UnsafeBufferPointer(rebasing: text[k..<stop]), &run)
                    k = stop
                    if k == boundary { checkpoints.append(run) }
                }
                total += ApproximateTokenCounter.tokens(ofWeight: alone.continued(from: joined, to: run).weight)
                lineStarts.append(end)
                lineTokens.append(total)
                start = end
            }
        }
        self.checkpoints = checkpoints
        self.lineStarts = lineStarts
        self.lineTokens = lineTokens
    }

    /// Runs `tally` on over `range` of `text` (the recorded text), from the recorded run: to the
    /// recorded state at the range's start, step by step until `tally` is in the recorded run's
    /// state, then the recorded weights to the range's end.
    package func weigh(_ range: Range<Int>, of text: UnsafeBufferPointer<UInt8>, onto tally: inout RunWeightMachine.Tally) {
        let stride = Self.stride
        let first = range.lowerBound / stride * stride
        var recorded = checkpoints[range.lowerBound / stride]
        machine.run(UnsafeBufferPointer(rebasing: text[first..<range.lowerBound]), &recorded)
        var k = range.lowerBound
        while k < range.upperBound, tally.row != recorded.row {
            machine.step(text[k], &tally)
            machine.step(text[k], &recorded)
            k += 1
        }
        guard k < range.upperBound else { return }
        let joined = recorded
        let last = range.upperBound / stride * stride
        if last > k {
            recorded = checkpoints[range.upperBound / stride]
            machine.run(UnsafeBufferPointer(rebasing: text[last..<range.upperBound]), &recorded)
        } else {
            machine.run(UnsafeBufferPointer(rebasing: text[k..<range.upperBound]), &recorded)
        }
        tally = tally.continued(from: joined, to: recorded)
    }
}
