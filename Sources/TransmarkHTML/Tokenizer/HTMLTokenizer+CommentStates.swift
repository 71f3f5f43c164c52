// Markup declaration open, bogus comment and the comment states (with every odd ending:
// `<!-->`, `<!--->`, `--!>`, end of input).

@_spi(TransmarkStorage) import TransmarkCore

extension HTMLTokenizer {
    /// Whether `p[at...]` starts with `literal`; `caseInsensitive` compares ASCII letters
    /// case-insensitively (`literal` must then be lowercase).
    static func hasPrefix(_ p: UnsafeBufferPointer<UInt8>, at i: Int, _ literal: StaticString, caseInsensitive: Bool) -> Bool {
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

    /// At the `>` that ends a comment.
    @inline(__always)
    mutating func consumeCommentEnd() {
        pos += 1
        emitComment()
    }

    /// Appends comment data from `pos` up to the next `stop` byte (a NUL becomes U+FFFD and ends
    /// the call); true when it reached `stop`, which is then consumed.
    @inline(__always)
    mutating func consumeCommentData(_ p: UnsafeBufferPointer<UInt8>, upTo stop: UInt8) -> Bool {
        let i = ByteScanner.firstIndex(in: p, from: pos, of: stop, 0, 0)
        if i > pos { Self.appendKeptInput(p, pos, i, firstCR: firstCR, to: &buffers.commentData) }
        pos = i
        guard i < p.count else { return false }
        pos += 1
        if p[i] == 0 {
            buffers.commentData.append(contentsOf: UTF8Encoding.replacementCharacter)
            return false
        }
        return true
    }

    mutating func commentStates(_ p: UnsafeBufferPointer<UInt8>) {
        let n = p.count
        if state == .markupDeclarationOpen {
            buffers.commentData.removeAll()
            if Self.hasPrefix(p, at: pos, "--", caseInsensitive: false) {
                pos += 2
                state = .commentStart
            } else if Self.hasPrefix(p, at: pos, "doctype", caseInsensitive: true) {
                pos += 7
                state = .doctype
            } else if Self.hasPrefix(p, at: pos, "[CDATA[", caseInsensitive: false) {
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
            if consumeCommentData(p, upTo: 0x3E) { emitComment() }
        case .commentStart:
            switch b {
            case 0x2D: consume(switchingTo: .commentStartDash)
            case 0x3E: consumeCommentEnd() // <!-->
            default: state = .comment
            }
        case .commentStartDash:
            switch b {
            case 0x2D: consume(switchingTo: .commentEnd)
            case 0x3E: consumeCommentEnd() // <!--->
            default:
                buffers.commentData.append(0x2D)
                state = .comment
            }
        case .comment:
            if consumeCommentData(p, upTo: 0x2D) { state = .commentEndDash }
        case .commentEndDash:
            if b == 0x2D {
                consume(switchingTo: .commentEnd)
            } else {
                buffers.commentData.append(0x2D)
                state = .comment
            }
        case .commentEnd:
            switch b {
            case 0x3E: consumeCommentEnd()
            case 0x21: consume(switchingTo: .commentEndBang)
            case 0x2D:
                pos += 1
                buffers.commentData.append(0x2D)
            default:
                buffers.commentData.append(contentsOf: "--".utf8)
                state = .comment
            }
        case .commentEndBang:
            if b == 0x3E { // --!>
                consumeCommentEnd()
            } else {
                buffers.commentData.append(contentsOf: "--!".utf8)
                if b == 0x2D { consume(switchingTo: .commentEndDash) } else { state = .comment }
            }
        default:
            preconditionFailure("commentStates called in \(state)")
        }
    }
}
