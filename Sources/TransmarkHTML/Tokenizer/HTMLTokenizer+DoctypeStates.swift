// The DOCTYPE states: name, PUBLIC / SYSTEM identifiers, force-quirks, bogus DOCTYPE.

import TransmarkCore

extension HTMLTokenizer {
    mutating func emitDoctype(forceQuirks: Bool = false) {
        if forceQuirks { doctypeForceQuirks = true }
        flushText()
        push(RawToken(kind: .doctype))
        state = .data
    }

    /// At the `>` that ends a DOCTYPE.
    mutating func consumeDoctypeEnd(forceQuirks: Bool = false) {
        pos += 1
        emitDoctype(forceQuirks: forceQuirks)
    }

    /// At the quote that opens the public or system identifier.
    mutating func startDoctypeIdentifier(isPublic: Bool, quote: UInt8) {
        pos += 1
        if isPublic {
            doctypePublicIdentifier = []
            state = quote == 0x22 ? .doctypePublicIdentifierDoubleQuoted : .doctypePublicIdentifierSingleQuoted
        } else {
            doctypeSystemIdentifier = []
            state = quote == 0x22 ? .doctypeSystemIdentifierDoubleQuoted : .doctypeSystemIdentifierSingleQuoted
        }
    }

    /// Appends `bytes` to the public or system identifier being read.
    mutating func appendToDoctypeIdentifier(isPublic: Bool, _ bytes: some Collection<UInt8>) {
        if isPublic {
            doctypePublicIdentifier!.append(contentsOf: bytes)
        } else {
            doctypeSystemIdentifier!.append(contentsOf: bytes)
        }
    }

    /// Reconsumes in the bogus DOCTYPE state.
    mutating func bogusDoctype(forceQuirks: Bool) {
        if forceQuirks { doctypeForceQuirks = true }
        state = .bogusDoctype
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
                consumeDoctypeEnd(forceQuirks: true)
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
                consumeDoctypeEnd()
            } else if Self.hasPrefix(p, at: pos, "public", caseInsensitive: true) {
                pos += 6
                state = .afterDoctypePublicKeyword
            } else if Self.hasPrefix(p, at: pos, "system", caseInsensitive: true) {
                pos += 6
                state = .afterDoctypeSystemKeyword
            } else {
                bogusDoctype(forceQuirks: true)
            }
        case .afterDoctypePublicKeyword, .beforeDoctypePublicIdentifier,
             .afterDoctypeSystemKeyword, .beforeDoctypeSystemIdentifier:
            let isPublic = state == .afterDoctypePublicKeyword || state == .beforeDoctypePublicIdentifier
            if isSpace {
                pos += 1
                state = isPublic ? .beforeDoctypePublicIdentifier : .beforeDoctypeSystemIdentifier
            } else if b == 0x22 || b == 0x27 {
                startDoctypeIdentifier(isPublic: isPublic, quote: b)
            } else if b == 0x3E {
                consumeDoctypeEnd(forceQuirks: true)
            } else {
                bogusDoctype(forceQuirks: true)
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
                appendToDoctypeIdentifier(isPublic: isPublic, UTF8Encoding.replacementCharacter)
            } else if let kept = Self.keptByte(p, at: pos - 1) {
                appendToDoctypeIdentifier(isPublic: isPublic, CollectionOfOne(kept))
            }
        case .afterDoctypePublicIdentifier, .betweenDoctypePublicAndSystemIdentifiers:
            if isSpace {
                pos += 1
                state = .betweenDoctypePublicAndSystemIdentifiers
            } else if b == 0x3E {
                consumeDoctypeEnd()
            } else if b == 0x22 || b == 0x27 {
                startDoctypeIdentifier(isPublic: false, quote: b)
            } else {
                bogusDoctype(forceQuirks: true)
            }
        case .afterDoctypeSystemIdentifier:
            if isSpace {
                pos += 1
            } else if b == 0x3E {
                consumeDoctypeEnd()
            } else {
                bogusDoctype(forceQuirks: false) // as the spec says
            }
        case .bogusDoctype:
            var i = pos
            while i < p.count && p[i] != 0x3E { i += 1 }
            pos = i
            if i < p.count {
                consumeDoctypeEnd()
            }
        default:
            preconditionFailure("doctypeStates called in \(state)")
        }
    }
}
