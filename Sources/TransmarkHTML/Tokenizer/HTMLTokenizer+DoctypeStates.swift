// The DOCTYPE states: name, PUBLIC / SYSTEM identifiers, force-quirks, bogus DOCTYPE.

extension HTMLTokenizer {
    mutating func emitDoctype(forceQuirks: Bool = false) {
        if forceQuirks { doctypeForceQuirks = true }
        flushText()
        push(RawToken(kind: .doctype))
        state = .data
    }

    mutating func doctypeStates(_ p: UnsafeBufferPointer<UInt8>) {
        if state == .doctype {
            doctypeName = nil
            doctypePublicIdentifier = nil
            doctypeSystemIdentifier = nil
            doctypeForceQuirks = false
        }
        guard pos < p.count else {
            emitDoctype(forceQuirks: state != .bogusDoctype)
            finish()
            return
        }
        let b = p[pos]
        let isSpace = ASCII.isWhitespace(b)
        switch state {
        case .doctype:
            if isSpace { pos += 1 }
            state = .beforeDoctypeName
        case .beforeDoctypeName:
            if isSpace {
                pos += 1
            } else if b == 0x3E {
                pos += 1
                emitDoctype(forceQuirks: true)
            } else {
                doctypeName = []
                state = .doctypeName
            }
        case .doctypeName:
            let n = p.count
            var i = pos
            while i < n {
                let c = p[i]
                if ASCII.isWhitespace(c) || c == 0x3E || c == 0 { break }
                doctypeName!.append(ASCII.lowercased(c))
                i += 1
            }
            pos = i
            guard i < n else { return }
            pos += 1
            switch p[i] {
            case 0x3E: emitDoctype()
            case 0: doctypeName!.append(contentsOf: UTF8Encoding.replacementCharacter)
            default: state = .afterDoctypeName
            }
        case .afterDoctypeName:
            if isSpace {
                pos += 1
            } else if b == 0x3E {
                pos += 1
                emitDoctype()
            } else if hasPrefix(p, at: pos, "public", caseInsensitive: true) {
                pos += 6
                state = .afterDoctypePublicKeyword
            } else if hasPrefix(p, at: pos, "system", caseInsensitive: true) {
                pos += 6
                state = .afterDoctypeSystemKeyword
            } else {
                doctypeForceQuirks = true
                state = .bogusDoctype
            }
        case .afterDoctypePublicKeyword, .beforeDoctypePublicIdentifier:
            if isSpace {
                pos += 1
                state = .beforeDoctypePublicIdentifier
            } else if b == 0x22 || b == 0x27 {
                pos += 1
                doctypePublicIdentifier = []
                state = b == 0x22 ? .doctypePublicIdentifierDoubleQuoted : .doctypePublicIdentifierSingleQuoted
            } else if b == 0x3E {
                pos += 1
                emitDoctype(forceQuirks: true)
            } else {
                doctypeForceQuirks = true
                state = .bogusDoctype
            }
        case .afterDoctypeSystemKeyword, .beforeDoctypeSystemIdentifier:
            if isSpace {
                pos += 1
                state = .beforeDoctypeSystemIdentifier
            } else if b == 0x22 || b == 0x27 {
                pos += 1
                doctypeSystemIdentifier = []
                state = b == 0x22 ? .doctypeSystemIdentifierDoubleQuoted : .doctypeSystemIdentifierSingleQuoted
            } else if b == 0x3E {
                pos += 1
                emitDoctype(forceQuirks: true)
            } else {
                doctypeForceQuirks = true
                state = .bogusDoctype
            }
        case .doctypePublicIdentifierDoubleQuoted, .doctypePublicIdentifierSingleQuoted,
             .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted:
            let isPublic = state == .doctypePublicIdentifierDoubleQuoted || state == .doctypePublicIdentifierSingleQuoted
            let quote: UInt8 = (state == .doctypePublicIdentifierDoubleQuoted || state == .doctypeSystemIdentifierDoubleQuoted) ? 0x22 : 0x27
            pos += 1
            if b == quote {
                state = isPublic ? .afterDoctypePublicIdentifier : .afterDoctypeSystemIdentifier
            } else if b == 0x3E {
                emitDoctype(forceQuirks: true)
            } else if b == 0 {
                if isPublic {
                    doctypePublicIdentifier!.append(contentsOf: UTF8Encoding.replacementCharacter)
                } else {
                    doctypeSystemIdentifier!.append(contentsOf: UTF8Encoding.replacementCharacter)
                }
            } else if let kept = Self.keptByte(p, at: pos - 1) {
                if isPublic { doctypePublicIdentifier!.append(kept) } else { doctypeSystemIdentifier!.append(kept) }
            }
        case .afterDoctypePublicIdentifier, .betweenDoctypePublicAndSystemIdentifiers:
            if isSpace {
                pos += 1
                state = .betweenDoctypePublicAndSystemIdentifiers
            } else if b == 0x3E {
                pos += 1
                emitDoctype()
            } else if b == 0x22 || b == 0x27 {
                pos += 1
                doctypeSystemIdentifier = []
                state = b == 0x22 ? .doctypeSystemIdentifierDoubleQuoted : .doctypeSystemIdentifierSingleQuoted
            } else {
                doctypeForceQuirks = true
                state = .bogusDoctype
            }
        case .afterDoctypeSystemIdentifier:
            if isSpace {
                pos += 1
            } else if b == 0x3E {
                pos += 1
                emitDoctype()
            } else {
                state = .bogusDoctype // not force-quirks, as the spec says
            }
        case .bogusDoctype:
            var i = pos
            while i < p.count && p[i] != 0x3E { i += 1 }
            pos = i
            if i < p.count {
                pos += 1
                emitDoctype()
            }
        default:
            preconditionFailure("doctypeStates called in \(state)")
        }
    }
}
