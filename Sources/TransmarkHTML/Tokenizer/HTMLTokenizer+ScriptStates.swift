// Script data and its escaped / double-escaped sub-states. Everything they emit is the input
// itself (only NUL becomes U+FFFD), so they share one run of text and one loop.

@_spi(TransmarkStorage) import TransmarkCore

extension HTMLTokenizer {
    private static let script: [UInt8] = Array("script".utf8)

    /// If ASCII letters start at `start`, their end and whether they spell `script`
    /// (case-insensitively) followed by whitespace, `/` or `>`.
    private static func scriptWord(_ p: UnsafeBufferPointer<UInt8>, at start: Int) -> (end: Int, isScript: Bool) {
        var j = start
        var matches = true
        while j < p.count && ASCII.isAlpha(p[j]) {
            let k = j - start
            if k >= 6 || ASCII.lowercased(p[j]) != Self.script[k] { matches = false }
            j += 1
        }
        guard matches, j - start == 6, j < p.count else { return (j, false) }
        let b = p[j]
        return (j, ASCII.isWhitespace(b) || b == 0x2F || b == 0x3E)
    }

    mutating func scriptDataStates(_ p: UnsafeBufferPointer<UInt8>) {
        let n = p.count
        let runFrom = pos
        var i = pos
        var s = state
        while i < n {
            let b = p[i]
            if b == 0 {
                appendInputText(runFrom, i)
                emitText(replacementCharacter)
                pos = i + 1
                switch s {
                case .scriptData: state = .scriptData
                case .scriptDataEscaped, .scriptDataEscapedDash, .scriptDataEscapedDashDash: state = .scriptDataEscaped
                default: state = .scriptDataDoubleEscaped
                }
                return
            }
            switch s {
            case .scriptData:
                guard b == 0x3C else {
                    i = ByteScanner.firstIndex(in: p, from: i + 1, of: 0x3C, 0, 0)
                    continue
                }
                if let nameEnd = Self.appropriateEndTagNameEnd(p, lessThan: i, lastStartTag: buffers.lastStartTag.elements) {
                    appendInputText(runFrom, i)
                    beginEndTagFromLastStartTag(markupAt: i, nameEnd: nameEnd)
                    return
                }
                if i + 3 < n && p[i + 1] == 0x21 && p[i + 2] == 0x2D && p[i + 3] == 0x2D { // <!--
                    i += 4
                    s = .scriptDataEscapedDashDash
                } else {
                    i += 1
                }
            case .scriptDataEscaped, .scriptDataEscapedDash, .scriptDataEscapedDashDash:
                switch b {
                case 0x2D: // -
                    s = s == .scriptDataEscaped ? .scriptDataEscapedDash : .scriptDataEscapedDashDash
                    i += 1
                case 0x3C: // <
                    if let nameEnd = Self.appropriateEndTagNameEnd(p, lessThan: i, lastStartTag: buffers.lastStartTag.elements) {
                        appendInputText(runFrom, i)
                        beginEndTagFromLastStartTag(markupAt: i, nameEnd: nameEnd)
                        return
                    }
                    let word = Self.scriptWord(p, at: i + 1)
                    s = word.isScript ? .scriptDataDoubleEscaped : .scriptDataEscaped
                    i = Swift.max(word.end, i + 1)
                case 0x3E: // >
                    s = s == .scriptDataEscapedDashDash ? .scriptData : .scriptDataEscaped
                    i += 1
                default:
                    s = .scriptDataEscaped
                    i += 1
                }
            default: // double escaped
                switch b {
                case 0x2D:
                    s = s == .scriptDataDoubleEscaped ? .scriptDataDoubleEscapedDash : .scriptDataDoubleEscapedDashDash
                    i += 1
                case 0x3C:
                    s = .scriptDataDoubleEscaped
                    if i + 1 < n && p[i + 1] == 0x2F {
                        let word = Self.scriptWord(p, at: i + 2)
                        if word.isScript {
                            s = .scriptDataEscaped
                            i = word.end
                            continue
                        }
                    }
                    i += 1
                case 0x3E:
                    s = s == .scriptDataDoubleEscapedDashDash ? .scriptData : .scriptDataDoubleEscaped
                    i += 1
                default:
                    s = .scriptDataDoubleEscaped
                    i += 1
                }
            }
        }
        appendInputText(runFrom, n)
        pos = n
        state = s
        finish()
    }

    /// Starts the appropriate end tag found at `markupAt`; the tag name state continues at `nameEnd`.
    private mutating func beginEndTagFromLastStartTag(markupAt start: Int, nameEnd: Int) {
        beginTag(isEnd: true, markupAt: start)
        buffers.tagName.append(buffers.lastStartTag.elements)
        pos = nameEnd
        state = .tagName
    }
}
