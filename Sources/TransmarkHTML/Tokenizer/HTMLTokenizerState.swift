extension HTMLTokenizer {
    /// The tokenizer states a caller may switch to between tokens (the WHATWG content states).
    public enum ContentState: Sendable, Equatable {
        /// Ordinary content: tags, comments, character references.
        case data
        /// Text with character references, ended only by the appropriate end tag (`<title>`, `<textarea>`).
        case rcdata
        /// Raw text, ended only by the appropriate end tag (`<style>`, `<xmp>`, `<iframe>`, `<noembed>`, `<noframes>`).
        case rawtext
        /// Script text with its `<!--` escaping rules (`<script>`).
        case scriptData
        /// Everything up to the end of input is text (`<plaintext>`).
        case plaintext
        /// Inside `<![CDATA[ … ]]>` (foreign content only); `]]>` returns to data.
        case cdataSection
    }

    /// The WHATWG tokenizer states this implementation distinguishes. States that only exist to
    /// report parse errors (the comment less-than-sign states) or that are handled by
    /// lookahead (the end-tag-open/name states of RCDATA, RAWTEXT and script data, and the
    /// script double-escape start/end states) are folded into their neighbours.
    enum State: UInt8 {
        case data, rcdata, rawtext, scriptData, plaintext, cdataSection
        case scriptDataEscaped, scriptDataEscapedDash, scriptDataEscapedDashDash
        case scriptDataDoubleEscaped, scriptDataDoubleEscapedDash, scriptDataDoubleEscapedDashDash
        case tagOpen, endTagOpen, tagName
        case beforeAttributeName, attributeName, afterAttributeName, beforeAttributeValue
        case attributeValueDoubleQuoted, attributeValueSingleQuoted, attributeValueUnquoted
        case afterAttributeValueQuoted, selfClosingStartTag
        case markupDeclarationOpen, bogusComment
        case commentStart, commentStartDash, comment, commentEndDash, commentEnd, commentEndBang
        case doctype, beforeDoctypeName, doctypeName, afterDoctypeName
        case afterDoctypePublicKeyword, beforeDoctypePublicIdentifier
        case doctypePublicIdentifierDoubleQuoted, doctypePublicIdentifierSingleQuoted
        case afterDoctypePublicIdentifier, betweenDoctypePublicAndSystemIdentifiers
        case afterDoctypeSystemKeyword, beforeDoctypeSystemIdentifier
        case doctypeSystemIdentifierDoubleQuoted, doctypeSystemIdentifierSingleQuoted
        case afterDoctypeSystemIdentifier, bogusDoctype

        /// Whether this is one of the states `tagStates` runs (`tagOpen` … `selfClosingStartTag`).
        var isTagState: Bool {
            @inline(__always) get { rawValue &- State.tagOpen.rawValue <= State.selfClosingStartTag.rawValue &- State.tagOpen.rawValue }
        }

        init(_ content: ContentState) {
            switch content {
            case .data: self = .data
            case .rcdata: self = .rcdata
            case .rawtext: self = .rawtext
            case .scriptData: self = .scriptData
            case .plaintext: self = .plaintext
            case .cdataSection: self = .cdataSection
            }
        }
    }
}

/// Byte classes used by the tokenizer states.
enum ASCII {
    /// Tab, LF, FF, CR and space. CR counts because input is read with its line endings as
    /// they are (see `HTMLTokenizer+LineEndings.swift`): where the spec sees an LF, the
    /// tokenizer may see a CR.
    @inline(__always) static func isWhitespace(_ b: UInt8) -> Bool {
        b <= 0x20 && (UInt64(0x1_0000_3600) >> UInt64(b)) & 1 != 0
    }
    @inline(__always) static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
    @inline(__always) static func isAlphanumeric(_ b: UInt8) -> Bool { isAlpha(b) || b &- 0x30 < 10 }
    @inline(__always) static func lowercased(_ b: UInt8) -> UInt8 { b &- 0x41 < 26 ? b | 0x20 : b }
}
