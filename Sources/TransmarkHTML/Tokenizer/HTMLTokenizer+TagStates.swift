// Tag open, end tag open, tag name, the attribute states and self-closing start tag.

extension HTMLTokenizer {
    /// How many attributes a tag may have before duplicate detection switches from a linear scan
    /// to a set.
    static let linearDuplicateCheckLimit = 12

    mutating func beginTag(isEnd: Bool, markupAt start: Int) {
        markupStart = start
        tagIsEnd = isEnd
        tagName.removeAll(keepingCapacity: true)
        tagSelfClosing = false
        if !attributes.isEmpty { attributes = [] }
        if !attributeNameSet.isEmpty { attributeNameSet = [] }
        hasPendingAttribute = false
    }

    mutating func beginAttribute() {
        finishAttribute()
        attributeName.removeAll(keepingCapacity: true)
        attributeValue.removeAll(keepingCapacity: true)
        hasPendingAttribute = true
    }

    /// Adds the pending attribute to the tag unless one with the same name came first.
    mutating func finishAttribute() {
        guard hasPendingAttribute else { return }
        hasPendingAttribute = false
        let name = String(decoding: attributeName, as: UTF8.self)
        if attributes.count < Self.linearDuplicateCheckLimit {
            for attribute in attributes where attribute.name == name { return }
        } else {
            if attributeNameSet.isEmpty { attributeNameSet = Set(attributes.lazy.map(\.name)) }
            guard attributeNameSet.insert(name).inserted else { return }
        }
        attributes.append(HTMLAttribute(name: name, value: String(decoding: attributeValue, as: UTF8.self)))
    }

    mutating func emitTag() {
        finishAttribute()
        flushText()
        let name = String(decoding: tagName, as: UTF8.self)
        let tag = HTMLTag(name: name, attributes: attributes, isSelfClosing: tagSelfClosing)
        attributes = []
        attributeNameSet = []
        state = .data
        if tagIsEnd {
            out.append(.endTag(tag))
            return
        }
        out.append(.startTag(tag))
        lastStartTag = tagName
        if options.switchesContentStateAutomatically {
            switch name {
            case "title", "textarea": state = .rcdata
            case "style", "xmp", "iframe", "noembed", "noframes": state = .rawtext
            case "script": state = .scriptData
            case "plaintext": state = .plaintext
            default: break
            }
        }
    }

    /// End of input inside a tag: the tag is dropped, as the spec says.
    mutating func endOfInputInTag() {
        hasPendingAttribute = false
        attributes = []
        attributeNameSet = []
        finish()
    }

    mutating func tagStates(_ p: UnsafeBufferPointer<UInt8>) {
        let n = p.count
        guard pos < n else {
            switch state {
            case .tagOpen: appendInputText(markupStart, markupStart + 1)          // "<"
            case .endTagOpen: appendInputText(markupStart, markupStart + 2)       // "</"
            default: break
            }
            if state == .tagOpen || state == .endTagOpen { finish() } else { endOfInputInTag() }
            return
        }
        let b = p[pos]
        switch state {
        case .tagOpen:
            if b == 0x21 { // !
                pos += 1
                state = .markupDeclarationOpen
            } else if b == 0x2F { // /
                pos += 1
                state = .endTagOpen
            } else if ASCII.isAlpha(b) {
                beginTag(isEnd: false, markupAt: markupStart)
                state = .tagName
            } else if b == 0x3F { // ?
                commentData.removeAll(keepingCapacity: true)
                state = .bogusComment
            } else {
                appendInputText(markupStart, markupStart + 1)
                state = .data
            }
        case .endTagOpen:
            if ASCII.isAlpha(b) {
                beginTag(isEnd: true, markupAt: markupStart)
                state = .tagName
            } else if b == 0x3E {
                pos += 1
                state = .data // `</>` is dropped
            } else {
                commentData.removeAll(keepingCapacity: true)
                state = .bogusComment
            }
        case .tagName:
            var i = pos
            while i < n {
                let c = p[i]
                if ASCII.isWhitespace(c) || c == 0x2F || c == 0x3E || c == 0 { break }
                tagName.append(ASCII.lowercased(c))
                i += 1
            }
            pos = i
            guard i < n else { return }
            pos += 1
            switch p[i] {
            case 0x2F: state = .selfClosingStartTag
            case 0x3E: emitTag()
            case 0: tagName.append(contentsOf: UTF8Encoding.replacementCharacter)
            default: state = .beforeAttributeName
            }
        case .beforeAttributeName:
            if ASCII.isWhitespace(b) {
                pos += 1
            } else if b == 0x2F || b == 0x3E {
                state = .afterAttributeName
            } else {
                beginAttribute()
                if b == 0x3D { // `=` starts the name
                    attributeName.append(b)
                    pos += 1
                }
                state = .attributeName
            }
        case .attributeName:
            var i = pos
            while i < n {
                let c = p[i]
                if ASCII.isWhitespace(c) || c == 0x2F || c == 0x3E || c == 0x3D || c == 0 { break }
                attributeName.append(ASCII.lowercased(c))
                i += 1
            }
            pos = i
            guard i < n else { return }
            switch p[i] {
            case 0x3D:
                pos += 1
                state = .beforeAttributeValue
            case 0:
                pos += 1
                attributeName.append(contentsOf: UTF8Encoding.replacementCharacter)
            default:
                state = .afterAttributeName
            }
        case .afterAttributeName:
            if ASCII.isWhitespace(b) {
                pos += 1
            } else if b == 0x2F {
                pos += 1
                state = .selfClosingStartTag
            } else if b == 0x3D {
                pos += 1
                state = .beforeAttributeValue
            } else if b == 0x3E {
                pos += 1
                emitTag()
            } else {
                beginAttribute()
                state = .attributeName
            }
        case .beforeAttributeValue:
            if ASCII.isWhitespace(b) {
                pos += 1
            } else if b == 0x22 {
                pos += 1
                state = .attributeValueDoubleQuoted
            } else if b == 0x27 {
                pos += 1
                state = .attributeValueSingleQuoted
            } else if b == 0x3E {
                pos += 1
                emitTag()
            } else {
                state = .attributeValueUnquoted
            }
        case .attributeValueDoubleQuoted, .attributeValueSingleQuoted:
            let quote: UInt8 = state == .attributeValueDoubleQuoted ? 0x22 : 0x27
            var i = pos
            while i < n {
                let c = p[i]
                if c == quote || c == 0x26 || c == 0 { break }
                i += 1
            }
            if i > pos { attributeValue.append(contentsOf: UnsafeBufferPointer(rebasing: p[pos ..< i])) }
            pos = i
            guard i < n else { return }
            switch p[i] {
            case 0x26:
                characterReferenceInAttribute(p)
            case 0:
                pos += 1
                attributeValue.append(contentsOf: UTF8Encoding.replacementCharacter)
            default:
                pos += 1
                state = .afterAttributeValueQuoted
            }
        case .attributeValueUnquoted:
            var i = pos
            while i < n {
                let c = p[i]
                if ASCII.isWhitespace(c) || c == 0x26 || c == 0x3E || c == 0 { break }
                i += 1
            }
            if i > pos { attributeValue.append(contentsOf: UnsafeBufferPointer(rebasing: p[pos ..< i])) }
            pos = i
            guard i < n else { return }
            switch p[i] {
            case 0x26:
                characterReferenceInAttribute(p)
            case 0x3E:
                pos += 1
                emitTag()
            case 0:
                pos += 1
                attributeValue.append(contentsOf: UTF8Encoding.replacementCharacter)
            default:
                pos += 1
                state = .beforeAttributeName
            }
        case .afterAttributeValueQuoted:
            if ASCII.isWhitespace(b) {
                pos += 1
                state = .beforeAttributeName
            } else if b == 0x2F {
                pos += 1
                state = .selfClosingStartTag
            } else if b == 0x3E {
                pos += 1
                emitTag()
            } else {
                state = .beforeAttributeName
            }
        case .selfClosingStartTag:
            if b == 0x3E {
                pos += 1
                tagSelfClosing = true
                emitTag()
            } else {
                state = .beforeAttributeName
            }
        default:
            preconditionFailure("tagStates called in \(state)")
        }
    }
}
