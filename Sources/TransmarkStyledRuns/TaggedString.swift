/// A string with caller-defined tags (`"Hello <b>\(name)</b>"`), the ZSWTaggedString idea:
/// the format is trusted markup, every argument is escaped so a `<` in user content stays text.
/// Turn it into `StyledText` with `styledText(_:)` (tags mean what `TaggedStringStyles` says) or
/// strip the tags with `plainText`.
public struct TaggedString: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup, arguments already escaped.
    public let markup: String

    /// Markup taken as written (trusted: tags in it are tags).
    public init(markup: String) { self.markup = markup }

    /// A format with `%@` placeholders filled, in order, by the escaped arguments (`%%` is `%`).
    public init(format: String, _ arguments: any CustomStringConvertible...) {
        var result = ""
        var next = arguments.makeIterator()
        var iterator = format.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "%" else { result.unicodeScalars.append(scalar); continue }
            switch iterator.next() {
            case "@"?: result += Self.escape(next.next().map { $0.description } ?? "")
            case "%"?: result += "%"
            case let other?: result += "%"; result.unicodeScalars.append(other)
            case nil: result += "%"
            }
        }
        markup = result
    }

    /// Escapes text so that it reads back as itself: `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A readable description.
    public var description: String { markup }

    // MARK: String interpolation: literals are markup, interpolated values are escaped.

    /// A literal is markup, taken as written.
    public init(stringLiteral value: String) { markup = value }

    /// Markup from literal segments (kept) and interpolated values (escaped).
    public init(stringInterpolation: Interpolation) { markup = stringInterpolation.markup }

    /// Builds markup from literal segments (kept) and interpolated values (escaped).
    public struct Interpolation: StringInterpolationProtocol {
        var markup = ""

        /// Reserves room for the literal segments and the values.
        public init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        /// Appends a literal segment as markup.
        public mutating func appendLiteral(_ literal: String) { markup += literal }

        /// Appends a value as escaped text.
        public mutating func appendInterpolation<T>(_ value: T) { markup += TaggedString.escape(String(describing: value)) }

        /// Appends another tagged string's markup unescaped (its arguments are escaped already).
        public mutating func appendInterpolation(markup other: TaggedString) { markup += other.markup }
    }
}
