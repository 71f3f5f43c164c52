/// `list-style-type` read from an inline declaration list, for the numbering of an ordered list.
/// `Style` does not hold it: only a list's own `style` attribute is read for it (see the HTML
/// reader), so other elements pay nothing.
extension CSSStyleParser {
    /// The numbering a declaration list (an `ol`'s `style` value) gives its list through
    /// `list-style-type`, or the type in a `list-style` shorthand: `decimal` → 1,
    /// `lower-alpha` / `lower-latin` → a, `upper-alpha` / `upper-latin` → A, `lower-roman` → i,
    /// `upper-roman` → I. Nil when it gives none of these (no such declaration, `none`, a CSS-wide
    /// keyword, a marker with no numbering here such as `disc` or `lower-greek`): the list keeps
    /// what its HTML says. The later declaration wins unless an earlier one is `!important`.
    package static func listNumbering(bytes: UnsafeBufferPointer<UInt8>) -> ListNumbering? {
        let list = CSSTokenList(bytes: bytes)
        var type: String?
        var isImportant = false
        list.forEachDeclaration { declaration in
            guard let given = list.listStyleType(declaration), !isImportant || declaration.isImportant else { return }
            type = given
            isImportant = declaration.isImportant
        }
        return type.flatMap(listNumbering(keyword:))
    }

    /// The numbering named by a `list-style-type` keyword (lowercase), if it is one of those a
    /// list can hold.
    static func listNumbering(keyword: String) -> ListNumbering? {
        switch keyword {
        case "decimal": .decimal
        case "lower-alpha", "lower-latin": .lowerAlpha
        case "upper-alpha", "upper-latin": .upperAlpha
        case "lower-roman": .lowerRoman
        case "upper-roman": .upperRoman
        default: nil
        }
    }
}

extension CSSTokenList {
    /// The `list-style-type` keyword a declaration sets (lowercase; the empty string when a
    /// CSS-wide keyword resets it), or nil when it sets none (another property, an invalid value).
    /// A `list-style` shorthand without a type resets it to `disc`.
    func listStyleType(_ declaration: CSSDeclaration) -> String? {
        let value = declaration.components
        let isLonghand = declaration.name == "list-style-type"
        guard isLonghand || declaration.name == "list-style" else { return nil }
        if let keyword = singleKeyword(value),
           ["inherit", "initial", "unset", "revert", "revert-layer"].contains(keyword) {
            return ""
        }
        if isLonghand { return singleKeyword(value) }
        var type = "disc"
        for component in value {
            if let keyword = keyword(component), keyword != "inside", keyword != "outside", keyword != "none" {
                type = keyword
            }
        }
        return type
    }
}
