/// `ApproximateTokenCounter`'s weighing of runs as a table-driven machine that reads two bytes a
/// step: one 16-bit load, one lookup of the pair's classes, one lookup of the transition, one add,
/// no branch on the bytes. Its state is the kind of run the byte before was in (and how long a
/// word is so far, how many digits, whether white space held a line break, how many bytes of a
/// multi-byte scalar are left); each byte moves it to the next state and adds the part of its
/// run's weight that the byte settles. Summed, the parts are the runs' weights: a word of `n`
/// letters adds `word[n-1]` (each letter the difference from one letter less, each letter past
/// the longest weighed word `longWordExtra`), digits a group weight every third digit, white
/// space `spaceRun` on its second blank and `newlineRun` (in place of it) at its first line break,
/// punctuation its run weight on its first character and its character weight on each, a
/// scalar's lead byte its weight (the bytes it announces are skipped, whatever they hold).
///
/// Weights are summed in whole thousandths of a token (every fitted weight has three decimals),
/// so the sum is exact and does not depend on where a text is cut or in which order its parts
/// are added.
package struct RunWeightMachine: @unchecked Sendable {
    /// A transition: the weight the step adds, in thousandths, in the low 48 bits (two's
    /// complement: a step may take weight back), and the next state's row in the high 16 bits.
    /// Summing whole entries leaves the weights' sum, modulo 2⁴⁸, in the low bits.
    @usableFromInline typealias Entry = UInt64

    /// Transitions over two bytes, by `state row | pair class` (rows of 128).
    @usableFromInline let pairTable: UnsafeMutablePointer<Entry>
    /// Transitions over one byte (the last of an odd count), by `state row >> 3 | class` (rows of 16).
    @usableFromInline let singleTable: UnsafeMutablePointer<Entry>
    /// The pair class (`first class * classCount + second class`) of two bytes by
    /// `first | second << 8` (the pair read as a little-endian `UInt16`).
    @usableFromInline let pairClasses: UnsafeMutablePointer<UInt8>
    /// The class of each byte.
    @usableFromInline let classes: UnsafeMutablePointer<UInt8>

    /// What a byte is to the machine: `ApproximateTokenCounter.ByteClass` with line breaks apart
    /// from other white space.
    private enum Class: Int, CaseIterable {
        case letter, digit, blank, lineBreak, punctuation, lead2, lead3, lead4, continuation
    }

    private static let rowWidth = 128
    @usableFromInline static let lowBits: UInt64 = (1 << 48) - 1

    init(weights w: ApproximateTokenCounter.Weights, classes byteClasses: [ApproximateTokenCounter.ByteClass], longestWord: Int) {
        func thousandths(_ weight: Double) -> Int { Int((weight * 1000).rounded()) }
        let word = w.word.map(thousandths)
        let longWordExtra = thousandths(w.longWordExtra), digitGroup = thousandths(w.digitGroup)
        let punctuationRun = thousandths(w.punctuationRun), punctuation = thousandths(w.punctuation)
        let newlineRun = thousandths(w.newlineRun), spaceRun = thousandths(w.spaceRun)
        let scalar = [thousandths(w.twoByteScalar), thousandths(w.threeByteScalar), thousandths(w.fourByteScalar)]
        // States: 0 none (start, after a scalar), then letters 1…longestWord+1 (the last: longer),
        // digits 1…3, white space (one blank, two or more, with a line break), punctuation,
        // bytes left of a scalar 1…3.
        let letterState = 1, digitState = letterState + longestWord + 1, blankState = digitState + 3
        let blanksState = blankState + 1, brokenState = blankState + 2
        let punctuationState = brokenState + 1, skipState = punctuationState + 1, stateCount = skipState + 3
        precondition(stateCount * Self.rowWidth < 1 << 16 && Class.allCases.count * Class.allCases.count <= Self.rowWidth)

        /// One byte of class `c` read in `state`: the next state and the weight it adds.
        func step(_ state: Int, _ c: Class) -> (next: Int, weight: Int) {
            if state >= skipState { return (state == skipState ? 0 : state - 1, 0) }
            switch c {
            case .letter:
                let length = state >= letterState && state < digitState ? state - letterState + 2 : 1
                let next = letterState + min(length, longestWord + 1) - 1
                if length == 1 { return (next, word[0]) }
                return (next, length <= longestWord ? word[length - 1] - word[length - 2] : longWordExtra)
            case .digit:
                let count = state >= digitState && state < blankState ? state - digitState + 2 : 1
                return (digitState + (count - 1) % 3, (count - 1) % 3 == 0 ? digitGroup : 0)
            case .blank:
                switch state {
                case brokenState: return (brokenState, 0)
                case blanksState: return (blanksState, 0)
                case blankState: return (blanksState, spaceRun)
                default: return (blankState, 0)
                }
            case .lineBreak:
                switch state {
                case brokenState: return (brokenState, 0)
                case blanksState: return (brokenState, newlineRun - spaceRun)
                default: return (brokenState, newlineRun)
                }
            case .punctuation:
                return (punctuationState, state == punctuationState ? punctuation : punctuationRun + punctuation)
            case .lead2: return (skipState, scalar[0])
            case .lead3: return (skipState + 1, scalar[1])
            case .lead4: return (skipState + 2, scalar[2])
            case .continuation: return (0, scalar[0])
            }
        }
        func entry(next: Int, weight: Int) -> Entry {
            UInt64(next * Self.rowWidth) << 48 | UInt64(bitPattern: Int64(weight)) & Self.lowBits
        }

        let classCount = Class.allCases.count
        let byteClass: [Class] = (0..<256).map { b in
            switch byteClasses[b] {
            case .letter: .letter
            case .digit: .digit
            case .space: b == 0x0A || b == 0x0D ? .lineBreak : .blank
            case .punctuation: .punctuation
            case .lead2: .lead2
            case .lead3: .lead3
            case .lead4: .lead4
            case .continuation: .continuation
            }
        }
        classes = .allocate(capacity: 256)
        for b in 0..<256 { classes[b] = UInt8(byteClass[b].rawValue) }
        pairClasses = .allocate(capacity: 1 << 16)
        for value in 0..<(1 << 16) {
            let first = value & 0xFF, second = value >> 8
            pairClasses[value] = UInt8(byteClass[first].rawValue * classCount + byteClass[second].rawValue)
        }
        pairTable = .allocate(capacity: stateCount * Self.rowWidth)
        pairTable.initialize(repeating: 0, count: stateCount * Self.rowWidth)
        singleTable = .allocate(capacity: stateCount * Self.rowWidth >> 3)
        singleTable.initialize(repeating: 0, count: stateCount * Self.rowWidth >> 3)
        for state in 0..<stateCount {
            for first in Class.allCases {
                let one = step(state, first)
                singleTable[state * Self.rowWidth >> 3 | first.rawValue] = entry(next: one.next, weight: one.weight)
                for second in Class.allCases {
                    let two = step(one.next, second)
                    pairTable[state * Self.rowWidth | first.rawValue * classCount + second.rawValue] =
                        entry(next: two.next, weight: one.weight + two.weight)
                }
            }
        }
    }

    /// A run paused between two bytes: the state it is in (as its row) and the entries summed
    /// so far, whose low 48 bits are the weights' sum. The state after a byte depends only on
    /// the state before it and the byte, so two runs in the same state add the same weights from
    /// there on: what lets a count be composed from a recorded run (see `RecordedRun`).
    package struct Tally: Sendable {
        /// The state's row (0: the state a text starts in).
        package var row = 0
        /// The entries summed (modulo 2⁶⁴; the weights' sum modulo 2⁴⁸ in the low bits).
        package var total: UInt64 = 0

        /// A run before its first byte.
        @inlinable
        package init() {}

        /// The weights summed, in thousandths of a token. (The sum of a text's weights is never
        /// negative, every run weighing more than nothing, and far below 2⁴⁷.)
        @inlinable
        package var weight: Int { Int(truncatingIfNeeded: total & 0xFFFF_FFFF_FFFF) }

        /// This run, then the bytes that took `from` to `to` in a run that was in this run's
        /// state at `from` (so takes the same steps): the weights between them added, `to`'s state.
        @inlinable
        package func continued(from: Tally, to: Tally) -> Tally {
            var next = self
            next.total = total &+ (to.total &- from.total)
            next.row = to.row
            return next
        }
    }

    /// Runs on over `utf8` from `tally`: two bytes a step, the last of an odd count alone.
    @inlinable @inline(__always)
    package func run(_ utf8: UnsafeBufferPointer<UInt8>, _ tally: inout Tally) {
        guard let bytes = utf8.baseAddress else { return }
        let raw = UnsafeRawPointer(bytes)
        let count = utf8.count
        var total = tally.total
        var row = tally.row
        var offset = 0
        let pairsEnd = count & ~1
        while offset < pairsEnd {
            let pair = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
            let entry = pairTable[row | Int(pairClasses[Int(pair)])]
            total &+= entry
            row = Int(truncatingIfNeeded: entry >> 48)
            offset &+= 2
        }
        if pairsEnd < count {
            let entry = singleTable[row >> 3 | Int(classes[Int(bytes[pairsEnd])])]
            total &+= entry
            row = Int(truncatingIfNeeded: entry >> 48)
        }
        tally.total = total
        tally.row = row
    }

    /// Runs on over one byte from `tally`.
    @inlinable @inline(__always)
    package func step(_ byte: UInt8, _ tally: inout Tally) {
        let entry = singleTable[tally.row >> 3 | Int(classes[Int(byte)])]
        tally.total &+= entry
        tally.row = Int(truncatingIfNeeded: entry >> 48)
    }

    /// The weighed runs of `utf8`, in thousandths of a token.
    @inline(__always)
    func sum(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var tally = Tally()
        run(utf8, &tally)
        return tally.weight
    }
}
