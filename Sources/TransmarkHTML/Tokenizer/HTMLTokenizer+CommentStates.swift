// Markup declaration open, bogus comment and the comment states (with every odd ending:
// `<!-->`, `<!--->`, `--!>`, end of input).

@_spi(TransmarkStorage) import TransmarkCore

extension HTMLTokenizer {
    /// Whether `p[at...]` starts with `literal`; `caseInsensitive` compares ASCII letters
    /// case-insensitively (`literal` must then be lowercase).
    mutating func hasPrefix(_ p: UnsafeBufferPointer<UInt8>, at i: Int, _ literal: StaticString, caseInsensitive: Bool) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard i + count <= p.count else { return false }
        let bytes = literal.utf8Start
        for k in 0 ..< count {
            let b = caseInsensitive ? ASCII.lowercased(p[i + k]) : p[i + k]
            if b != bytes[k] { return false }
        }
        return true
    }

    mutating func emitComment() {
        flushText()
        push(RawToken(kind: .comment))
        state = .data
    }

    mutating func commentStates(_ p: UnsafeBufferPointer<UInt8>) {
        let n = p.count
        if state == .markupDeclarationOpen {
            buffers.commentData.removeAll()
            if hasPrefix(p, at: pos, "--", caseInsensitive: false) {
                pos += 2
                state = .commentStart
            } else if hasPrefix(p, at: pos, "doctype", caseInsensitive: true) {
                pos += 7
                state = .doctype
            } else if hasPrefix(p, at: pos, "[CDATA[", caseInsensitive: false) {
                pos += 7
                if allowsCDATASections {
                    state = .cdataSection
                } else {
                    buffers.commentData.append(contentsOf: "[CDATA[".utf8)
                    state = .bogusComment
                }
            } else {
                state = .bogusComment
            }
            return
        }
        guard pos < n else {
            emitComment()
            finish()
            return
        }
        let b = p[pos]
        switch state {
        case .bogusComment:
            let i = ByteScanner.firstIndex(in: p, from: pos, of: 0x3E, 0, 0)
            if i > pos { Self.appendKeptInput(p, pos, i, firstCR: firstCR, to: &buffers.commentData) }
            pos = i
            guard i < n else { return }
            pos += 1
            if p[i] == 0 {
                buffers.commentData.append(contentsOf: UTF8Encoding.replacementCharacter)
            } else {
                emitComment()
            }
        case .commentStart:
            if b == 0x2D {
                pos += 1
                state = .commentStartDash
            } else if b == 0x3E { // <!-->
                pos += 1
                emitComment()
            } else {
                state = .comment
            }
        case .commentStartDash:
            if b == 0x2D {
                pos += 1
                state = .commentEnd
            } else if b == 0x3E { // <!--->
                pos += 1
                emitComment()
            } else {
                buffers.commentData.append(0x2D)
                state = .comment
            }
        case .comment:
            let i = ByteScanner.firstIndex(in: p, from: pos, of: 0x2D, 0, 0)
            if i > pos { Self.appendKeptInput(p, pos, i, firstCR: firstCR, to: &buffers.commentData) }
            pos = i
            guard i < n else { return }
            pos += 1
            if p[i] == 0 {
                buffers.commentData.append(contentsOf: UTF8Encoding.replacementCharacter)
            } else {
                state = .commentEndDash
            }
        case .commentEndDash:
            if b == 0x2D {
                pos += 1
                state = .commentEnd
            } else {
                buffers.commentData.append(0x2D)
                state = .comment
            }
        case .commentEnd:
            if b == 0x3E {
                pos += 1
                emitComment()
            } else if b == 0x21 {
                pos += 1
                state = .commentEndBang
            } else if b == 0x2D {
                pos += 1
                buffers.commentData.append(0x2D)
            } else {
                buffers.commentData.append(0x2D)
                buffers.commentData.append(0x2D)
                state = .comment
            }
        case .commentEndBang:
            if b == 0x2D {
                pos += 1
                buffers.commentData.append(contentsOf: "--!".utf8)
                state = .commentEndDash
            } else if b == 0x3E { // --!>
                pos += 1
                emitComment()
            } else {
                buffers.commentData.append(contentsOf: "--!".utf8)
                state = .comment
            }
        default:
            preconditionFailure("commentStates called in \(state)")
        }
    }
}
