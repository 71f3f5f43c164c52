import CCmarkExtensions
import Foundation

/// Prepares `\(…\)` and `\[…\]` for the math extension (see `TransmarkMath.h`): libcmark-gfm reads
/// `\(` as an escaped `(` before any extension sees it, so the backslash of each pair is replaced,
/// before the parse, by a marker (U+FDD1) the extension matches.
///
/// One pass over the input pairs each unescaped `\(` with the next `\)` (and `\[` with `\]`) before a
/// blank line; a later opener before the closer replaces an earlier one, which stays as it was. Only
/// paired delimiters are marked, so a lone `\(` (in a link destination, say) reads as CommonMark
/// reads it. The scan does not know code spans or code blocks: a marker that lands in one is given
/// back as `\` by the tree converter (`restoreRaw`); one in a link destination, title or info
/// string, where CommonMark would have taken the escape, is removed (`removeEscaped`). An input that
/// already holds U+FDD1 is not marked: there, `\(` and `\[` are escapes as in CommonMark.
enum MathBracketMarking {
    static let marker: [UInt8] = [UInt8(TRANSMARK_MATH_MARKER_0), UInt8(TRANSMARK_MATH_MARKER_1), UInt8(TRANSMARK_MATH_MARKER_2)]

    /// The input with the backslash of each pair replaced by the marker, or nil when there is no
    /// pair (or the input holds the marker).
    static func marked(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let n = input.count
        var positions: [Int] = []
        var openParen = -1, openBracket = -1
        var lineHasContent = false
        var i = 0
        while i < n {
            let b = input[i]
            switch b {
            case 0x5C where i + 1 < n:
                lineHasContent = true
                switch input[i + 1] {
                case UInt8(ascii: "("): openParen = i
                case UInt8(ascii: "["): openBracket = i
                case UInt8(ascii: ")") where openParen >= 0:
                    positions.append(openParen); positions.append(i); openParen = -1
                case UInt8(ascii: "]") where openBracket >= 0:
                    positions.append(openBracket); positions.append(i); openBracket = -1
                default: break
                }
                i += 2
                continue
            case 0x0D where i + 1 < n && input[i + 1] == 0x0A:
                break
            case 0x0A, 0x0D:
                // A blank line ends the paragraph: nothing pairs across it.
                if !lineHasContent { openParen = -1; openBracket = -1 }
                lineHasContent = false
            case 0x20, 0x09:
                break
            case marker[0] where i + 2 < n && input[i + 1] == marker[1] && input[i + 2] == marker[2]:
                return nil
            default:
                lineHasContent = true
            }
            i += 1
        }
        guard !positions.isEmpty else { return nil }
        positions.sort()
        var out: [UInt8] = []
        out.reserveCapacity(n + 2 * positions.count)
        var copied = 0
        for p in positions {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied ..< p]))
            out.append(contentsOf: marker)
            copied = p + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied...]))
        return out
    }

    /// Whether `bytes` may hold a marker (holds its first byte).
    static func mayHoldMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.contains(marker[0]) }

    /// `bytes` with each marker given back as the backslash it replaced (raw content: code, HTML).
    static func restoreRaw(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        var i = 0
        while i < bytes.count {
            if i + 2 < bytes.count && bytes[i] == marker[0] && bytes[i + 1] == marker[1] && bytes[i + 2] == marker[2] {
                out.append(0x5C)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
    }

    /// `text` without markers, raw or percent-encoded (where CommonMark would have taken `\(` as
    /// an escape: link destinations and titles, info strings, labels).
    static func removeEscaped(_ text: String) -> String {
        let raw = String(Unicode.Scalar(0xFDD1 as UInt32)!)
        guard text.contains(raw) || text.contains("%EF%B7%91") else { return text }
        return text.replacingOccurrences(of: raw, with: "").replacingOccurrences(of: "%EF%B7%91", with: "")
    }
}
