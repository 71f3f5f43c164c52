/// Parses CSS selector text (Selectors Level 3 and the list form of `:not`) into `SelectorSyntax`.
/// Every fault is a `TransmarkError.invalidSelector` naming its offset, counted in Unicode scalars
/// from the start of the text.
struct SelectorParser {
    private let scalars: [Unicode.Scalar]
    private let source: String
    private var position = 0

    /// The deepest `:not(...)` nesting accepted (selectors are short; this keeps the parser's
    /// own recursion bounded whatever the text).
    static let maxNotNesting = 32

    /// The most simple selectors (types, classes, ids, attributes, pseudo-classes, those inside
    /// `:not` included) a selector may hold once repeats are dropped: matching costs time per
    /// simple selector and node, so 20,000 distinct groups over 100,000 paragraphs took minutes.
    private let maxSimpleSelectors: Int
    /// How the limit is raised where the selector comes from, named in the error.
    private let limitOption: String
    /// The simple selectors of the last parse, repeats dropped.
    private(set) var simpleSelectorCount = 0

    init(_ source: String, maxSimpleSelectors: Int = Selector.defaultMaxSimpleSelectors, limitOption: String = "the option maxSimpleSelectors=N") {
        self.maxSimpleSelectors = maxSimpleSelectors
        self.limitOption = limitOption
        self.source = source
        self.scalars = Array(source.unicodeScalars)
    }

    /// The error of a selector over its limit: `limitOption` says how to raise it (an option
    /// key, `maxSimpleSelectors=N`, or a flag, `--max-simple-selectors N`).
    static func tooLargeMessage(size: Int, limit: Int, limitOption: String) -> String {
        "\(size) simple selectors, more than the \(limit) a selector may hold (matching costs time per simple selector and node; raise the limit with \(limitOption))"
    }

    /// Parses the whole text as a selector list.
    mutating func parse() throws -> SelectorSyntax {
        var selectors: [ComplexSelector] = []
        repeat {
            skipWhitespace()
            selectors.append(try parseComplex())
            skipWhitespace()
        } while consume(",")
        if position < scalars.count { throw fault("unexpected '\(scalars[position])'") }
        // A selector repeated in a group matches nothing more: matching costs time per selector
        // and node, so repeats go (20,000 of them over 100,000 nodes took over 20 s).
        let syntax = SelectorSyntax(complexSelectors: Self.withoutRepeats(selectors))
        let size = syntax.complexSelectors.reduce(0) { $0 + $1.compounds.reduce(0) { $0 + Self.size(of: $1) } }
        simpleSelectorCount = size
        if size > maxSimpleSelectors {
            throw fault(Self.tooLargeMessage(size: size, limit: maxSimpleSelectors, limitOption: limitOption))
        }
        return syntax
    }

    /// The simple selectors of a compound (its type or `*` counts unless conditions stand
    /// alone), those inside `:not` included (nested at most `maxNotNesting` deep, so the
    /// recursion is bounded).
    static func size(of compound: CompoundSelector) -> Int {
        let type = compound.typeName == nil && !compound.conditions.isEmpty ? 0 : 1
        return compound.conditions.reduce(type) { total, condition in
            if case .not(let inner) = condition { return total + inner.reduce(0) { $0 + size(of: $1) } }
            return total + 1
        }
    }

    /// `items` in order, each only the first time it appears.
    static func withoutRepeats<T: Hashable>(_ items: [T]) -> [T] {
        guard items.count > 1 else { return items }
        var seen = Set<T>()
        return items.filter { seen.insert($0).inserted }
    }

    // MARK: Structure

    private mutating func parseComplex() throws -> ComplexSelector {
        var compounds = [try parseCompound(notDepth: 0)]
        var combinators: [SelectorCombinator] = []
        while true {
            let hadSpace = skipWhitespace()
            guard let c = peek, c != "," else { break }
            let combinator: SelectorCombinator
            switch c {
            case ">": position += 1; combinator = .child
            case "+": position += 1; combinator = .nextSibling
            case "~": position += 1; combinator = .subsequentSibling
            default:
                guard hadSpace else { throw fault("unexpected '\(c)'") }
                combinator = .descendant
            }
            skipWhitespace()
            guard peek != nil, peek != "," else { throw fault("a selector is missing after the combinator") }
            combinators.append(combinator)
            compounds.append(try parseCompound(notDepth: 0))
        }
        return ComplexSelector(compounds: compounds, combinators: combinators)
    }

    private mutating func parseCompound(notDepth: Int) throws -> CompoundSelector {
        var compound = CompoundSelector(typeName: nil, conditions: [])
        let start = position
        if consume("*") {
            // Universal: no type condition.
        } else if let c = peek, Self.startsIdentifier(c) || c == "\\" {
            compound.typeName = try parseIdentifier().lowercased()
        }
        while let c = peek {
            switch c {
            case "#":
                position += 1
                compound.conditions.append(.id(try parseIdentifier(what: "an id after '#'")))
            case ".":
                position += 1
                compound.conditions.append(.className(try parseIdentifier(what: "a class name after '.'")))
            case "[":
                position += 1
                compound.conditions.append(try parseAttribute())
            case ":":
                position += 1
                compound.conditions.append(try parsePseudoClass(notDepth: notDepth))
            default:
                if position == start { throw fault("expected a selector, found '\(c)'") }
                compound.conditions = Self.withoutRepeats(compound.conditions)
                return compound
            }
        }
        if position == start { throw fault("expected a selector") }
        compound.conditions = Self.withoutRepeats(compound.conditions)
        return compound
    }

    private mutating func parseAttribute() throws -> SelectorCondition {
        skipWhitespace()
        let name = try parseIdentifier(what: "an attribute name").lowercased()
        skipWhitespace()
        if consume("]") { return .attribute(name: name, match: nil, value: "", caseInsensitive: nil) }
        let match: AttributeMatch
        let operatorStart = position
        switch peek {
        case "=": position += 1; match = .equals
        case "~": position += 1; match = .includesWord
        case "|": position += 1; match = .dashPrefix
        case "^": position += 1; match = .prefix
        case "$": position += 1; match = .suffix
        case "*": position += 1; match = .substring
        default: throw fault("expected ']' or an operator (=, ~=, |=, ^=, $=, *=) in the attribute selector")
        }
        if match != .equals && !consume("=") {
            position = operatorStart
            throw fault("expected '=' after '\(scalars[operatorStart])'")
        }
        skipWhitespace()
        let value: String
        if let q = peek, q == "\"" || q == "'" {
            value = try parseString()
        } else {
            value = try parseIdentifier(what: "a value (an identifier or a quoted string)")
        }
        skipWhitespace()
        var caseInsensitive: Bool?
        if let f = peek, f == "i" || f == "I" || f == "s" || f == "S" {
            caseInsensitive = f == "i" || f == "I"
            position += 1
            skipWhitespace()
        }
        guard consume("]") else { throw fault("expected ']' to close the attribute selector") }
        return .attribute(name: name, match: match, value: value, caseInsensitive: caseInsensitive)
    }

    private mutating func parsePseudoClass(notDepth: Int) throws -> SelectorCondition {
        if peek == ":" { throw fault("pseudo-elements (::) select no nodes") }
        let nameStart = position
        let name = try parseIdentifier(what: "a pseudo-class name after ':'").lowercased()
        let one = NthPattern(a: 0, b: 1)
        switch name {
        case "first-child": return .nthChild(one)
        case "last-child": return .nthLastChild(one)
        case "only-child": return .onlyChild
        case "first-of-type": return .nthOfType(one)
        case "last-of-type": return .nthLastOfType(one)
        case "only-of-type": return .onlyOfType
        case "empty": return .empty
        case "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type":
            guard consume("(") else { throw fault("expected '(' after ':\(name)'") }
            let pattern = try parseNth()
            guard consume(")") else { throw fault("expected ')' to close ':\(name)('") }
            switch name {
            case "nth-child": return .nthChild(pattern)
            case "nth-last-child": return .nthLastChild(pattern)
            case "nth-of-type": return .nthOfType(pattern)
            default: return .nthLastOfType(pattern)
            }
        case "not":
            guard consume("(") else { throw fault("expected '(' after ':not'") }
            guard notDepth < Self.maxNotNesting else { throw fault(":not nests deeper than \(Self.maxNotNesting)") }
            var inner: [CompoundSelector] = []
            repeat {
                skipWhitespace()
                inner.append(try parseCompound(notDepth: notDepth + 1))
                skipWhitespace()
            } while consume(",")
            guard consume(")") else {
                if let c = peek, c == ">" || c == "+" || c == "~" || c == " " {
                    throw fault(":not takes compound selectors (no combinators)")
                }
                throw fault("expected ')' to close ':not('")
            }
            return .not(Self.withoutRepeats(inner))
        default:
            position = nameStart
            throw fault("unknown pseudo-class ':\(name)'")
        }
    }

    /// `an+b`, `odd`, `even`, `-n+3`, `+5`, with spaces around the sign of `b`.
    private mutating func parseNth() throws -> NthPattern {
        skipWhitespace()
        let start = position
        var text = ""
        while let c = peek, c != ")" {
            if c != " " && c != "\t" && c != "\n" { text.unicodeScalars.append(c) }
            position += 1
        }
        let lower = text.lowercased()
        if lower == "odd" { return NthPattern(a: 2, b: 1) }
        if lower == "even" { return NthPattern(a: 2, b: 0) }
        func number(_ s: Substring) -> Int? {
            guard !s.isEmpty, s.count <= 9, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(s)
        }
        guard let n = lower.firstIndex(of: "n") else {
            var digits = Substring(lower)
            var sign = 1
            if let f = digits.first, f == "+" || f == "-" { sign = f == "-" ? -1 : 1; digits = digits.dropFirst() }
            guard let b = number(digits) else { position = start; throw fault("expected an+b, odd or even") }
            return NthPattern(a: 0, b: sign * b)
        }
        let aText = lower[..<n]
        let a: Int
        switch aText {
        case "", "+": a = 1
        case "-": a = -1
        default:
            var digits = aText
            var sign = 1
            if let f = digits.first, f == "+" || f == "-" { sign = f == "-" ? -1 : 1; digits = digits.dropFirst() }
            guard let v = number(digits) else { position = start; throw fault("expected an+b, odd or even") }
            a = sign * v
        }
        let rest = lower[lower.index(after: n)...]
        if rest.isEmpty { return NthPattern(a: a, b: 0) }
        guard let f = rest.first, f == "+" || f == "-", let v = number(rest.dropFirst()) else {
            position = start
            throw fault("expected an+b, odd or even")
        }
        return NthPattern(a: a, b: f == "-" ? -v : v)
    }

    // MARK: Tokens

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func consume(_ c: Unicode.Scalar) -> Bool {
        guard peek == c else { return false }
        position += 1
        return true
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while let c = peek, c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" { position += 1 }
        return position > start
    }

    private static func startsIdentifier(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" || c == "-" || c.value >= 0x80
    }

    private static func continuesIdentifier(_ c: Unicode.Scalar) -> Bool {
        startsIdentifier(c) || (c >= "0" && c <= "9")
    }

    /// An identifier, with CSS escapes (`\:`, `\31 `) decoded.
    private mutating func parseIdentifier(what: String = "a name") throws -> String {
        var out = String.UnicodeScalarView()
        let start = position
        while let c = peek {
            if c == "\\" {
                out.append(try parseEscape())
            } else if Self.continuesIdentifier(c) && (position > start || !(c >= "0" && c <= "9")) {
                out.append(c)
                position += 1
            } else {
                break
            }
        }
        if out.isEmpty {
            position = start
            throw fault("expected \(what)")
        }
        return String(out)
    }

    private mutating func parseEscape() throws -> Unicode.Scalar {
        position += 1 // the backslash
        guard let c = peek else { throw fault("an escape ends the selector") }
        var hex = ""
        while let h = peek, hex.count < 6, h.properties.isASCIIHexDigit {
            hex.unicodeScalars.append(h)
            position += 1
        }
        if hex.isEmpty {
            position += 1
            return c
        }
        if let w = peek, w == " " || w == "\t" || w == "\n" { position += 1 }
        guard let value = UInt32(hex, radix: 16), value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private mutating func parseString() throws -> String {
        let quote = scalars[position]
        let start = position
        position += 1
        var out = String.UnicodeScalarView()
        while let c = peek {
            if c == quote {
                position += 1
                return String(out)
            }
            if c == "\\" {
                if position + 1 < scalars.count, scalars[position + 1] == "\n" {
                    position += 2
                    continue
                }
                out.append(try parseEscape())
            } else {
                out.append(c)
                position += 1
            }
        }
        position = start
        throw fault("the quoted string is not closed")
    }

    private func fault(_ message: String) -> TransmarkError {
        .invalidSelector(source, message: message, offset: min(position, scalars.count))
    }
}
