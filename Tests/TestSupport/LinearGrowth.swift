/// Times a piece of work at several sizes, to tell linear growth from quadratic on a shared,
/// noisy machine: compare a size with four times it and allow a generous factor (quadratic work
/// grows 16×, linear 4×), with a floor so that timings too small to measure do not count.
public enum LinearGrowth {
    /// The time of `work(size)` for each size, in order.
    public static func times(_ sizes: [Int], _ work: (Int) throws -> Void) rethrows -> [Duration] {
        let clock = ContinuousClock()
        return try sizes.map { size in try clock.measure { try work(size) } }
    }

    /// Whether each time is at most `factor` times the one before it (scaled by the ratio of their
    /// sizes over 4), once both exceed `floor`; the message describes the times either way.
    public static func isLinear(_ sizes: [Int], _ times: [Duration], factor: Double = 10,
                                floor: Duration = .seconds(1)) -> (Bool, String) {
        var linear = true
        for k in 1..<times.count {
            let allowed = times[k - 1] * (factor * Double(sizes[k]) / Double(sizes[k - 1]) / 4)
            if times[k] > floor && times[k] > allowed { linear = false }
        }
        let described = zip(sizes, times).map { "\($0): \($1)" }.joined(separator: ", ")
        return (linear, described)
    }

    /// Times `work` at each size and judges the growth, as `isLinear`. A run judged not linear is
    /// timed once more and judged again: on a shared machine one size can stall (another process,
    /// a page-in) where the work is linear, while work that truly grows faster fails both times.
    public static func check(_ sizes: [Int], factor: Double = 10, floor: Duration = .seconds(1),
                             _ work: (Int) throws -> Void) rethrows -> (Bool, String) {
        let first = isLinear(sizes, try times(sizes, work), factor: factor, floor: floor)
        if first.0 { return first }
        let second = isLinear(sizes, try times(sizes, work), factor: factor, floor: floor)
        return (second.0, "\(second.1) (timed again after \(first.1))")
    }
}
