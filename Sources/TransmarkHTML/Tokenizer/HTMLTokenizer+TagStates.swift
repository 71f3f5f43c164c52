// Tag open, end tag open, tag name, the attribute states and self-closing start tag.

@_spi(TransmarkStorage) import TransmarkCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTMLTokenizer {
    /// How many attributes a tag may have before duplicate detection switches from a linear scan
    /// to a set.
    static let linearDuplicateCheckLimit = 12

    mutating func beginTag(isEnd: Bool, markupAt start: Int) {
        markupStart = start
        tagIsEnd = isEnd
        buffers.tagName.removeAll()
        tagSelfClosing = false
        buffers.rawAttributes.removeAll()
        buffers.attributeBytes.removeAll()
        attributeNamesAreASCII = true
        tagHasStyleAttribute = false
        if !attributeNameSet.isEmpty { attributeNameSet = [] }
        hasPendingAttribute = false
    }

    mutating func beginAttribute() {
        finishAttribute()
        pendingNameStart = buffers.attributeBytes.count
        pendingValueStart = -1
        hasPendingAttribute = true
    }

    /// Adds the pending attribute to the tag unless one with the same name came first.
    mutating func finishAttribute() {
        guard hasPendingAttribute else { return }
        hasPendingAttribute = false
        let end = buffers.attributeBytes.count
        let valueStart = pendingValueStart >= 0 ? pendingValueStart : end
        if !tagHasStyleAttribute && valueStart - pendingNameStart <= 8 {
            var packed: UInt64 = 0
            for (k, b) in buffers.attributeBytes.elements(pendingNameStart ..< valueStart).enumerated() {
                packed |= UInt64(b) << (8 * UInt64(k))
            }
            tagHasStyleAttribute = HTMLTreeBuilder.isStyleAttribute(packed: packed)
        }
        let duplicate: Bool
        if buffers.rawAttributes.count < Self.linearDuplicateCheckLimit {
            duplicate = isDuplicateAttributeName(pendingNameStart, valueStart)
        } else {
            if attributeNameSet.isEmpty {
                attributeNameSet = Set(buffers.attributes.lazy.map(\.name))
            }
            let name = String(decoding: buffers.attributeBytes.elements(pendingNameStart ..< valueStart), as: UTF8.self)
            duplicate = !attributeNameSet.insert(name).inserted
        }
        if duplicate {
            buffers.attributeBytes.truncate(to: pendingNameStart)
            return
        }
        buffers.rawAttributes.append(AttributeSpan(nameStart: Int32(pendingNameStart), valueStart: Int32(valueStart),
                                                   valueEnd: Int32(end)))
    }

    /// Whether the name `buffers.attributeBytes[start ..< end]` is already in
    /// `buffers.rawAttributes` (names equal as
    /// `String`s are, which for ASCII names means byte for byte).
    mutating func isDuplicateAttributeName(_ start: Int, _ end: Int) -> Bool {
        if buffers.rawAttributes.isEmpty { return false }
        let all = buffers.attributeBytes.elements
        let name = UnsafeBufferPointer(rebasing: all[start ..< end])
        var ascii = true
        for b in name where b >= 0x80 { ascii = false; break }
        // Non-ASCII names compare as `String`s (canonical equivalence), as they always have.
        let bytewise = ascii && attributeNamesAreASCII
        if !ascii { attributeNamesAreASCII = false }
        for a in buffers.rawAttributes.elements {
            let existing = UnsafeBufferPointer(rebasing: all[Int(a.nameStart) ..< Int(a.valueStart)])
            if existing.count == name.count && (name.isEmpty || memcmp(existing.baseAddress!, name.baseAddress!, name.count) == 0) {
                return true
            }
            if !bytewise && String(decoding: existing, as: UTF8.self) == String(decoding: name, as: UTF8.self) {
                return true
            }
        }
        return false
    }

    mutating func emitTag() {
        finishAttribute()
        flushText()
        if !attributeNameSet.isEmpty { attributeNameSet = [] }
        lastTagStart = markupStart
        lastTagEnd = pos
        state = .data
        if tagIsEnd {
            push(RawToken(kind: .endTag))
            return
        }
        push(RawToken(kind: .startTag))
        // Copied only when the name changed: most start tags repeat the previous one's name.
        if !buffers.lastStartTag.elementsEqual(buffers.tagName) {
            buffers.lastStartTag.removeAll()
            buffers.lastStartTag.append(buffers.tagName.elements)
        }
        if options.switchesContentStateAutomatically, let next = Self.contentState(afterStartTag: buffers.tagName.elements) {
            state = next
        }
    }

    /// End of input inside a tag: the tag is dropped, as the spec says.
    mutating func endOfInputInTag() {
        hasPendingAttribute = false
        buffers.rawAttributes.removeAll()
        buffers.attributeBytes.removeAll()
        attributeNameSet = []
        if options.keepsUnfinishedTagAsText && markupStart < inputCount {
            appendInputText(markupStart, inputCount)
        }
        finish()
    }

    /// Appends the name characters at `pos` (up to whitespace, `/`, `>`, NUL and, for attribute
    /// names, `=`) to `name`, ASCII-lowercased, and returns the index after them.
    @inline(__always)
    static func appendName(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to name: inout GrowableBuffer<UInt8>,
                           stopAtEquals: Bool) -> Int {
        var i = start
        var hasUppercase = false
        while i < p.count {
            let c = p[i]
            if c <= 0x3E && (ASCII.isWhitespace(c) || c == 0x2F || c == 0x3E || c == 0 || (stopAtEquals && c == 0x3D)) { break }
            hasUppercase = hasUppercase || c &- 0x41 < 26
            i += 1
        }
        let old = name.count
        name.append(UnsafeBufferPointer(rebasing: p[start ..< i]))
        if hasUppercase {
            for k in old ..< name.count { name[k] = ASCII.lowercased(name[k]) }
        }
        return i
    }

    /// The content state a start tag named `name` switches to, as a tree builder would. (Asked
    /// for every start tag: names are compared packed, eight bytes and the length at once.)
    static func contentState(afterStartTag name: UnsafeBufferPointer<UInt8>) -> State? {
        let n = name.count
        guard n >= 3 && n <= 9 else { return nil }
        var packed = UInt64(n)
        for k in 0 ..< Swift.min(n, 7) { packed |= UInt64(name[k]) << UInt64(8 * (k + 1)) }
        switch packed {
        case ContentStateNames.title: return .rcdata
        case ContentStateNames.textarea: return name[7] == UInt8(ascii: "a") ? .rcdata : nil
        case ContentStateNames.style, ContentStateNames.xmp, ContentStateNames.iframe, ContentStateNames.noembed:
            return .rawtext
        case ContentStateNames.noframes: return name[7] == UInt8(ascii: "s") ? .rawtext : nil
        case ContentStateNames.script: return .scriptData
        case ContentStateNames.plaintext: return name[7] == UInt8(ascii: "x") && name[8] == UInt8(ascii: "t") ? .plaintext : nil
        default: return nil
        }
    }

    /// Runs the tag states until the tag is emitted or the machine leaves them: one call per tag
    /// rather than one `step` (and its dispatch over every state) per state change.
    mutating func tagStates(_ p: UnsafeBufferPointer<UInt8>) {
        repeat {
            tagState(p)
        } while queued == 0 && !finished && state.isTagState
    }

    @inline(__always)
    mutating func tagState(_ p: UnsafeBufferPointer<UInt8>) {
        guard pos < p.count else {
            endOfInputInTagStates()
            return
        }
        let b = p[pos]
        switch state {
        case .tagOpen: tagOpenState(b)
        case .endTagOpen: endTagOpenState(b)
        // The states that scan runs of input stay in this loop: as methods of their own the
        // compiler does not inline them, and tags cost about a fifth more.
        case .tagName:
            let i = Self.appendName(p, from: pos, to: &buffers.tagName, stopAtEquals: false)
            pos = i
            guard i < p.count else { return }
            pos += 1
            switch p[i] {
            case 0x2F: state = .selfClosingStartTag
            case 0x3E: emitTag()
            case 0: buffers.tagName.append(contentsOf: UTF8Encoding.replacementCharacter)
            default: state = .beforeAttributeName
            }
        case .beforeAttributeName: beforeAttributeNameState(b)
        case .attributeName:
            let i = Self.appendName(p, from: pos, to: &buffers.attributeBytes, stopAtEquals: true)
            pos = i
            guard i < p.count else { return }
            switch p[i] {
            case 0x3D: startAttributeValue()
            case 0:
                pos += 1
                buffers.attributeBytes.append(contentsOf: UTF8Encoding.replacementCharacter)
            default:
                state = .afterAttributeName
            }
        case .afterAttributeName: afterAttributeNameState(b)
        case .beforeAttributeValue: beforeAttributeValueState(b)
        case .attributeValueDoubleQuoted, .attributeValueSingleQuoted:
            let quote: UInt8 = state == .attributeValueDoubleQuoted ? 0x22 : 0x27
            let i = ByteScanner.firstIndex(in: p, from: pos, of: quote, 0x26, 0)
            if i > pos { Self.appendKeptInput(p, pos, i, firstCR: firstCR, to: &buffers.attributeBytes) }
            pos = i
            guard i < p.count else { return }
            switch p[i] {
            case 0x26:
                characterReferenceInAttribute(p)
            case 0:
                pos += 1
                buffers.attributeBytes.append(contentsOf: UTF8Encoding.replacementCharacter)
            default:
                consume(switchingTo: .afterAttributeValueQuoted)
            }
        case .attributeValueUnquoted: unquotedAttributeValueState(p)
        case .afterAttributeValueQuoted: afterAttributeValueQuotedState(b)
        case .selfClosingStartTag: selfClosingStartTagState(b)
        default: preconditionFailure("tagState called in \(state)")
        }
    }

    /// Consumes the current input byte and switches to `next` (the spec's "switch to"; setting
    /// `state` alone is its "reconsume in").
    @inline(__always)
    mutating func consume(switchingTo next: State) {
        pos += 1
        state = next
    }

    /// End of input in a tag state: `<` and `</` are text, a tag begun is dropped.
    mutating func endOfInputInTagStates() {
        switch state {
        case .tagOpen: appendInputText(markupStart, markupStart + 1)          // "<"
        case .endTagOpen: appendInputText(markupStart, markupStart + 2)       // "</"
        default: break
        }
        if state == .tagOpen || state == .endTagOpen { finish() } else { endOfInputInTag() }
    }

    /// After `<`.
    @inline(__always)
    mutating func tagOpenState(_ b: UInt8) {
        if b == 0x21 { // !
            consume(switchingTo: .markupDeclarationOpen)
        } else if b == 0x2F { // /
            consume(switchingTo: .endTagOpen)
        } else if ASCII.isAlpha(b) {
            beginTag(isEnd: false, markupAt: markupStart)
            state = .tagName
        } else if b == 0x3F { // ?
            buffers.commentData.removeAll()
            state = .bogusComment
        } else {
            appendInputText(markupStart, markupStart + 1)
            state = .data
        }
    }

    /// After `</`.
    @inline(__always)
    mutating func endTagOpenState(_ b: UInt8) {
        if ASCII.isAlpha(b) {
            beginTag(isEnd: true, markupAt: markupStart)
            state = .tagName
        } else if b == 0x3E {
            consume(switchingTo: .data) // `</>` is dropped
        } else {
            buffers.commentData.removeAll()
            state = .bogusComment
        }
    }

    @inline(__always)
    mutating func beforeAttributeNameState(_ b: UInt8) {
        if ASCII.isWhitespace(b) {
            pos += 1
        } else if b == 0x2F || b == 0x3E {
            state = .afterAttributeName
        } else {
            beginAttribute()
            if b == 0x3D { // `=` starts the name
                buffers.attributeBytes.append(b)
                pos += 1
            }
            state = .attributeName
        }
    }

    /// At the `=` after an attribute name: the value starts after it.
    @inline(__always)
    mutating func startAttributeValue() {
        consume(switchingTo: .beforeAttributeValue)
        pendingValueStart = buffers.attributeBytes.count
    }

    /// At the `>` that ends a tag.
    @inline(__always)
    mutating func consumeTagEnd() {
        pos += 1
        emitTag()
    }

    @inline(__always)
    mutating func afterAttributeNameState(_ b: UInt8) {
        switch b {
        case _ where ASCII.isWhitespace(b): pos += 1
        case 0x2F: consume(switchingTo: .selfClosingStartTag)
        case 0x3D: startAttributeValue()
        case 0x3E: consumeTagEnd()
        default:
            beginAttribute()
            state = .attributeName
        }
    }

    @inline(__always)
    mutating func beforeAttributeValueState(_ b: UInt8) {
        switch b {
        case _ where ASCII.isWhitespace(b): pos += 1
        case 0x22: consume(switchingTo: .attributeValueDoubleQuoted)
        case 0x27: consume(switchingTo: .attributeValueSingleQuoted)
        case 0x3E: consumeTagEnd()
        default: state = .attributeValueUnquoted
        }
    }

    @inline(__always)
    mutating func unquotedAttributeValueState(_ p: UnsafeBufferPointer<UInt8>) {
        let n = p.count
        var i = pos
        while i < n {
            let c = p[i]
            if ASCII.isWhitespace(c) || c == 0x26 || c == 0x3E || c == 0 { break }
            i += 1
        }
        if i > pos { buffers.attributeBytes.append(UnsafeBufferPointer(rebasing: p[pos ..< i])) }
        pos = i
        guard i < n else { return }
        switch p[i] {
        case 0x26:
            characterReferenceInAttribute(p)
        case 0x3E:
            consumeTagEnd()
        case 0:
            pos += 1
            buffers.attributeBytes.append(contentsOf: UTF8Encoding.replacementCharacter)
        default:
            consume(switchingTo: .beforeAttributeName)
        }
    }

    @inline(__always)
    mutating func afterAttributeValueQuotedState(_ b: UInt8) {
        switch b {
        case _ where ASCII.isWhitespace(b): consume(switchingTo: .beforeAttributeName)
        case 0x2F: consume(switchingTo: .selfClosingStartTag)
        case 0x3E: consumeTagEnd()
        default: state = .beforeAttributeName
        }
    }

    @inline(__always)
    mutating func selfClosingStartTagState(_ b: UInt8) {
        if b == 0x3E {
            tagSelfClosing = true
            consumeTagEnd()
        } else {
            state = .beforeAttributeName
        }
    }
}

/// The names of the start tags that switch content states, packed as
/// `HTMLTokenizer.contentState(afterStartTag:)` packs names: the length, then the first seven bytes.
/// (Literals, so that reading them costs no lazy initialization; a test checks them against `pack`.)
enum ContentStateNames {
    static func pack(_ name: StaticString) -> UInt64 {
        let n = name.utf8CodeUnitCount
        var packed = UInt64(n)
        for k in 0 ..< min(n, 7) { packed |= UInt64(name.utf8Start[k]) << UInt64(8 * (k + 1)) }
        return packed
    }

    static let title: UInt64 = 0x0000656C74697405 // pack("title")
    static let textarea: UInt64 = 0x6572617478657408 // pack("textarea")
    static let style: UInt64 = 0x0000656C79747305 // pack("style")
    static let xmp: UInt64 = 0x00000000706D7803 // pack("xmp")
    static let iframe: UInt64 = 0x00656D6172666906 // pack("iframe")
    static let noembed: UInt64 = 0x6465626D656F6E07 // pack("noembed")
    static let noframes: UInt64 = 0x656D6172666F6E08 // pack("noframes")
    static let script: UInt64 = 0x0074706972637306 // pack("script")
    static let plaintext: UInt64 = 0x65746E69616C7009 // pack("plaintext")
}
