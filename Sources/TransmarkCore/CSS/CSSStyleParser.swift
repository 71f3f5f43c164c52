

/// Parses an inline CSS declaration list (an HTML `style="..."` value) into a typed `Style`.
///
/// It reads UTF-8 bytes in one linear pass (a CSS Syntax Level 3 tokenizer, then a flat walk over
/// the tokens with no recursion) and never traps, whatever the input. Property names and keywords
/// are ASCII case-insensitive; comments may appear anywhere; quoted strings and backslash escapes
/// are decoded.
///
/// Cascade inside one declaration list: the later declaration of a property wins, except that an
/// `!important` one beats any later one that is not. Shorthands (`font`, `background`,
/// `text-decoration`) take part field by field.
///
/// Error recovery follows CSS: a declaration with no name, no colon, an unknown property, an
/// invalid or empty value, a bad string or URL, or a block that is never closed is skipped as a
/// whole, and parsing resumes after the next `;` that is outside parentheses, brackets, braces
/// and strings. An opening parenthesis that is never closed does not swallow the declarations
/// after it (browsers would lose them; a converter should not).
///
/// The CSS-wide keywords (`inherit`, `initial`, `unset`, `revert`, `revert-layer`) clear the
/// property's fields (they become `nil`, "not set here"), so the cascade fills them from outside.
/// Custom properties (`--name`) and properties `Style` does not hold are ignored.
public enum CSSStyleParser {
    /// Parses a declaration list given as a string.
    public static func parse(_ declarations: String) -> Style {
        var text = declarations
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// Parses a declaration list given as UTF-8 bytes (invalid sequences read as U+FFFD).
    public static func parse<Bytes: Collection<UInt8>>(_ declarations: Bytes) -> Style {
        if let style = declarations.withContiguousStorageIfAvailable({ parse(bytes: $0) }) {
            return style
        }
        return Array(declarations).withUnsafeBufferPointer { parse(bytes: $0) }
    }

    /// Parses a declaration list given as a buffer of UTF-8 bytes.
    public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Style {
        let list = CSSTokenList(bytes: bytes)
        var builder = StyleBuilder()
        list.forEachDeclaration { declaration in
            list.apply(declaration, to: &builder)
        }
        return builder.style
    }
}

/// Builds a `Style` from declarations in order, remembering which fields were set by an
/// `!important` declaration so that later normal declarations cannot override them.
struct StyleBuilder {
    private(set) var style = Style()
    private var importantFields: UInt32 = 0

    /// The `Style` fields, one bit each.
    enum Field: UInt32 {
        case color, backgroundColor, fontWeight, fontStyle, fontSize, fontFamily, textDecoration
        case textAlign, verticalAlign, lineHeight, letterSpacing, wordSpacing, textTransform
        case whiteSpace, display, visibility
    }

    /// Sets a field unless an earlier `!important` declaration holds it and this one is not
    /// important. A nil value clears the field.
    mutating func set<Value>(_ field: Field, _ keyPath: WritableKeyPath<Style, Value?>, _ value: Value?,
                             important: Bool) {
        let bit: UInt32 = 1 << field.rawValue
        if importantFields & bit != 0 && !important { return }
        style[keyPath: keyPath] = value
        if important { importantFields |= bit }
    }
}

extension CSSTokenList {
    /// Applies one declaration; an invalid value changes nothing.
    func apply(_ declaration: CSSDeclaration, to builder: inout StyleBuilder) {
        let value = declaration.components
        let important = declaration.isImportant
        let isWideKeyword: Bool = {
            guard let keyword = singleKeyword(value) else { return false }
            return ["inherit", "initial", "unset", "revert", "revert-layer"].contains(keyword)
        }()

        /// Sets one field from a parsed value; a CSS-wide keyword clears it.
        func apply<Value>(_ field: StyleBuilder.Field, _ keyPath: WritableKeyPath<Style, Value?>, _ parse: () -> Value?) {
            if isWideKeyword {
                builder.set(field, keyPath, nil, important: important)
            } else if let parsed = parse() {
                builder.set(field, keyPath, parsed, important: important)
            }
        }

        switch declaration.name {
        case "color":
            apply(.color, \.color) { singleColor(value) }
        case "background-color":
            apply(.backgroundColor, \.backgroundColor) { singleColor(value) }
        case "background":
            if isWideKeyword {
                builder.set(.backgroundColor, \.backgroundColor, nil, important: important)
            } else if let color = backgroundColor(value) {
                // The shorthand resets an omitted color to its initial value, transparent.
                builder.set(.backgroundColor, \.backgroundColor, color ?? .transparent, important: important)
            }
        case "font-weight":
            apply(.fontWeight, \.fontWeight) { value.count == 1 ? fontWeight(value[0]) : nil }
        case "font-style":
            apply(.fontStyle, \.fontStyle) { fontStyle(value) }
        case "font-size":
            apply(.fontSize, \.fontSize) { value.count == 1 ? fontSize(value[0]) : nil }
        case "font-family":
            apply(.fontFamily, \.fontFamily) { fontFamily(value) }
        case "font":
            // Every longhand takes the shorthand's value, or is reset (nil) by a wide keyword.
            let font = isWideKeyword ? nil : fontShorthand(value)
            if isWideKeyword || font != nil {
                builder.set(.fontStyle, \.fontStyle, font?.style, important: important)
                builder.set(.fontWeight, \.fontWeight, font?.weight, important: important)
                builder.set(.fontSize, \.fontSize, font?.size, important: important)
                builder.set(.lineHeight, \.lineHeight, font?.lineHeight, important: important)
                builder.set(.fontFamily, \.fontFamily, font?.family, important: important)
            }
        case "text-decoration":
            apply(.textDecoration, \.textDecoration) { textDecorationShorthand(value) }
        case "text-decoration-line":
            apply(.textDecoration, \.textDecoration) { textDecorationLine(value) }
        case "text-align":
            apply(.textAlign, \.textAlign) { textAlign(value) }
        case "vertical-align":
            apply(.verticalAlign, \.verticalAlign) { verticalAlign(value) }
        case "line-height":
            apply(.lineHeight, \.lineHeight) { value.count == 1 ? lineHeight(value[0]) : nil }
        case "letter-spacing":
            apply(.letterSpacing, \.letterSpacing) { spacing(value) }
        case "word-spacing":
            apply(.wordSpacing, \.wordSpacing) { spacing(value) }
        case "text-transform":
            apply(.textTransform, \.textTransform) { singleKeyword(value).flatMap(TextTransform.init(rawValue:)) }
        case "white-space":
            apply(.whiteSpace, \.whiteSpace) { singleKeyword(value).flatMap(WhiteSpace.init(rawValue:)) }
        case "display":
            apply(.display, \.display) { display(value) }
        case "visibility":
            apply(.visibility, \.visibility) { singleKeyword(value).flatMap(Visibility.init(rawValue:)) }
        default:
            break
        }
    }
}
