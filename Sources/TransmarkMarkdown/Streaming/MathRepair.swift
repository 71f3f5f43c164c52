/// Open math at the end of a stream's open part (see `UnfinishedSyntaxRepair`): follows `$…$`,
/// `$$…$$`, `\(…\)` and `\[…\]` by the reader's rules while the repair scans the last paragraph,
/// so that math still arriving is shown as math (closed) rather than as raw delimiters, and its
/// content is not taken for emphasis. An opening `$` followed by a digit is not closed (`$5` is
/// probably money: it stays text until a closing `$` arrives).
struct MathRepair {
    /// The delimiter that would close the open math, if any.
    private(set) var closer: [UInt8]?
    /// Where the open math's opening delimiter and its content start.
    private(set) var opener = 0
    private(set) var start = 0

    /// Reads the byte at `index`: returns the index to go on from when the byte belongs to math
    /// (a delimiter, or content of open math), nil when the scan should treat it as usual.
    mutating func step(_ bytes: [UInt8], at index: Int) -> Int? {
        let count = bytes.count
        let byte = bytes[index]
        let next: UInt8? = index + 1 < count ? bytes[index + 1] : nil
        let dollar = UInt8(ascii: "$"), backslash = UInt8(ascii: "\\")
        if let open = closer {
            if byte == backslash {
                if let next, open.count == 2, open[0] == backslash, next == open[1] {
                    closer = nil
                    return index + 2
                }
                return index + 2
            }
            if byte == dollar && open == [dollar, dollar] && next == dollar {
                closer = nil
                return index + 2
            }
            // The first `$` after an inline opener ends it: as math or, when it cannot close, by
            // making the opener text.
            if byte == dollar && open == [dollar] { closer = nil }
            return index + 1
        }
        if byte == dollar {
            if next == dollar {
                closer = [dollar, dollar]
                opener = index
                start = index + 2
                return index + 2
            }
            guard let next, !Self.isSpace(next), !(next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) else { return nil }
            closer = [dollar]
            opener = index
            start = index + 1
            return index + 1
        }
        if byte == backslash, let next, next == UInt8(ascii: "(") || next == UInt8(ascii: "[") {
            closer = [backslash, next == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")]
            opener = index
            start = index + 2
            return index + 2
        }
        return nil
    }

    /// Closes open math at the end of `bytes`: its closing delimiter appended, or, while it has
    /// no content yet, its opening delimiter held back.
    func close(_ bytes: inout [UInt8]) {
        guard let closer else { return }
        if bytes[min(start, bytes.count)...].allSatisfy(Self.isSpace) {
            bytes.removeSubrange(opener...)
            while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
            return
        }
        // A half-typed command's backslash would escape the closer.
        if bytes.last == UInt8(ascii: "\\") && bytes.count - 1 > start { bytes.removeLast() }
        bytes += closer
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}
