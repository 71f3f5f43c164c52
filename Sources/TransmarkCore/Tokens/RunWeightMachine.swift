/// `ApproximateTokenCounter`'s weighing of runs as a table-driven machine: one lookup per byte,
/// no branch on the byte's class. Its state is the kind of run the byte before was in (and how
/// long a word is so far, how many digits, whether white space held a line break, how many bytes
/// of a multi-byte scalar are left); each byte moves it to the next state and adds the part of its
/// run's weight that the byte settles. Summed, the parts are the runs' weights: a word of `n`
/// letters adds `word[n-1]` (each letter the difference from one letter less, each letter past
/// the longest weighed word `longWordExtra`), digits a group weight every third digit, white
/// space `spaceRun` on its second blank and `newlineRun` (in place of it) at its first line break,
/// punctuation its run weight on its first character and its character weight on each, a
/// scalar's lead byte its weight (the bytes it announces are skipped, whatever they hold).
struct RunWeightMachine: @unchecked Sendable {
    /// `(next state << 8) | weight index` by `state << 8 | byte`.
    private let table: UnsafeMutablePointer<UInt16>
    /// The weights the table's entries add.
    private let weights: UnsafeMutablePointer<Double>

    typealias ByteClass = ApproximateTokenCounter.ByteClass

    init(weights w: ApproximateTokenCounter.Weights, classes: [ByteClass], longestWord: Int) {
        // States: 0 none (start, after a scalar), then letters 1…longestWord+1 (the last: longer),
        // digits 1…3, white space (one blank, two or more, with a line break), punctuation,
        // bytes left of a scalar 1…3.
        let letter = 1, digit = letter + longestWord + 1, blank = digit + 3, blanks = blank + 1, broken = blank + 2
        let punctuation = broken + 1, skip = punctuation + 1, stateCount = skip + 3
        var values: [Double] = [0]
        func index(_ value: Double) -> Int {
            if let i = values.firstIndex(of: value) { return i }
            values.append(value)
            return values.count - 1
        }
        table = .allocate(capacity: stateCount << 8)
        for state in 0..<stateCount {
            for byte in 0..<256 {
                var next = 0
                var weight = 0.0
                if state >= skip {
                    // A byte a scalar's lead announced: skipped.
                    next = state == skip ? 0 : state - 1
                } else {
                    let isBreak = byte == 0x0A || byte == 0x0D
                    switch classes[byte] {
                    case .letter:
                        let length = state >= letter && state < digit ? state - letter + 2 : 1
                        next = letter + min(length, longestWord + 1) - 1
                        if length == 1 { weight = w.word[0] }
                        else if length <= longestWord { weight = w.word[length - 1] - w.word[length - 2] }
                        else { weight = w.longWordExtra }
                    case .digit:
                        let count = state >= digit && state < blank ? state - digit + 2 : 1
                        next = digit + (count - 1) % 3
                        if (count - 1) % 3 == 0 { weight = w.digitGroup }
                    case .space:
                        switch state {
                        case broken:
                            next = broken
                        case blanks:
                            next = isBreak ? broken : blanks
                            if isBreak { weight = w.newlineRun - w.spaceRun }
                        case blank:
                            next = isBreak ? broken : blanks
                            weight = isBreak ? w.newlineRun : w.spaceRun
                        default:
                            next = isBreak ? broken : blank
                            if isBreak { weight = w.newlineRun }
                        }
                    case .punctuation:
                        next = punctuation
                        weight = state == punctuation ? w.punctuation : w.punctuationRun + w.punctuation
                    case .lead2:
                        next = skip
                        weight = w.twoByteScalar
                    case .lead3:
                        next = skip + 1
                        weight = w.threeByteScalar
                    case .lead4:
                        next = skip + 2
                        weight = w.fourByteScalar
                    case .continuation:
                        next = 0
                        weight = w.twoByteScalar
                    }
                }
                table[state << 8 | byte] = UInt16(next << 8 | index(weight))
            }
        }
        precondition(values.count <= 256 && stateCount <= 256)
        weights = .allocate(capacity: values.count)
        weights.initialize(from: values, count: values.count)
    }

    /// The weighed runs of `utf8`.
    @inline(__always)
    func sum(_ utf8: UnsafeBufferPointer<UInt8>) -> Double {
        guard let bytes = utf8.baseAddress else { return 0 }
        var total = 0.0
        var state = 0
        for i in 0..<utf8.count {
            let entry = Int(table[state | Int(bytes[i])])
            total += weights[entry & 0xFF]
            state = entry & 0xFF00
        }
        return total
    }
}
