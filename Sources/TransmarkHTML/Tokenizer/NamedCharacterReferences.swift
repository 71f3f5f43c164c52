/// The WHATWG named character references (`&amp;`, `&notin;`, legacy `&not` …), with a
/// longest-prefix lookup over bytes.
///
/// The 2,231 names are kept sorted by their bytes in one flat byte array; a lookup narrows the
/// range of candidate names one input byte at a time with two binary searches, so it costs
/// O(length × log 2231) byte comparisons and never hashes or builds a `String`.
public struct NamedCharacterReferences: Sendable {
    /// The result of a successful lookup.
    public struct Match: Sendable, Equatable {
        /// Number of input bytes the name occupies (without the leading `&`, with the `;` if any).
        public var length: Int
        /// Index of the entry; pass it to ``NamedCharacterReferences/replacement(of:)``.
        public var entry: Int
        /// Whether the matched name ends with `;` (legacy names such as `&amp` do not).
        public var endsWithSemicolon: Bool
    }

    /// The table built from the generated entity list.
    public static let standard = NamedCharacterReferences()

    /// Names and replacement values, as UTF-8 bytes.
    let bytes: [UInt8]
    /// For entry `i`: the name is `bytes[nameStart[i] ..< valueStart[i] - 1]`, the replacement
    /// is `bytes[valueStart[i] ..< valueEnd[i]]`.
    let nameStart: [Int32]
    let valueStart: [Int32]
    let valueEnd: [Int32]

    /// The number of named references (2,231).
    public var count: Int { nameStart.count }

    private init() {
        let packed = Array(Self.packedTable.utf8)
        var nameStart: [Int32] = []
        var valueStart: [Int32] = []
        var valueEnd: [Int32] = []
        nameStart.reserveCapacity(Self.packedEntryCount)
        valueStart.reserveCapacity(Self.packedEntryCount)
        valueEnd.reserveCapacity(Self.packedEntryCount)
        var start = 0
        var index = 0
        while index < packed.count {
            let byte = packed[index]
            if byte == 0x01 {
                nameStart.append(Int32(start))
                valueStart.append(Int32(index + 1))
            } else if byte == 0x02 {
                valueEnd.append(Int32(index))
                start = index + 1
            }
            index += 1
        }
        precondition(nameStart.count == Self.packedEntryCount && valueEnd.count == nameStart.count,
                     "generated named character reference table is malformed")
        self.bytes = packed
        self.nameStart = nameStart
        self.valueStart = valueStart
        self.valueEnd = valueEnd
    }

    /// The name of entry `entry`, without the leading `&`.
    public func name(of entry: Int) -> String {
        String(decoding: bytes[Int(nameStart[entry]) ..< Int(valueStart[entry]) - 1], as: UTF8.self)
    }

    /// The UTF-8 bytes that entry `entry` stands for (a slice of the shared table, no copy).
    public func replacement(of entry: Int) -> ArraySlice<UInt8> {
        bytes[Int(valueStart[entry]) ..< Int(valueEnd[entry])]
    }

    /// Finds the longest name that is a prefix of `input` (the bytes after an `&`).
    public func longestMatch(in input: UnsafeBufferPointer<UInt8>) -> Match? {
        bytes.withUnsafeBufferPointer { table in
            nameStart.withUnsafeBufferPointer { starts in
                valueStart.withUnsafeBufferPointer { values in
                    Self.longestMatch(in: input, table: table, starts: starts, values: values)
                }
            }
        }
    }

    /// Convenience for tests and tools: the longest match at the start of `input`.
    public func longestMatch(in input: [UInt8]) -> Match? {
        input.withUnsafeBufferPointer { longestMatch(in: $0) }
    }

    private static func longestMatch(
        in input: UnsafeBufferPointer<UInt8>,
        table: UnsafeBufferPointer<UInt8>,
        starts: UnsafeBufferPointer<Int32>,
        values: UnsafeBufferPointer<Int32>
    ) -> Match? {
        @inline(__always) func length(_ entry: Int) -> Int { Int(values[entry]) - 1 - Int(starts[entry]) }
        @inline(__always) func byte(_ entry: Int, _ offset: Int) -> UInt8 { table[Int(starts[entry]) + offset] }

        // Invariant: every entry in lo..<hi starts with input[0..<k]; since the entries are sorted,
        // one that is exactly k bytes long sorts first and the others are ordered by their byte k.
        var lo = 0
        var hi = starts.count
        var k = 0
        var best: Match?
        while lo < hi {
            if length(lo) == k {
                if k > 0 { best = Match(length: k, entry: lo, endsWithSemicolon: byte(lo, k - 1) == 0x3B) }
                lo += 1
                if lo == hi { break }
            }
            guard k < input.count else { break }
            let c = input[k]
            // First entry whose byte k is >= c.
            var a = lo, b = hi
            while a < b {
                let mid = (a + b) >> 1
                if byte(mid, k) < c { a = mid + 1 } else { b = mid }
            }
            let newLo = a
            // First entry whose byte k is > c.
            b = hi
            while a < b {
                let mid = (a + b) >> 1
                if byte(mid, k) <= c { a = mid + 1 } else { b = mid }
            }
            lo = newLo
            hi = a
            k += 1
        }
        return best
    }
}
