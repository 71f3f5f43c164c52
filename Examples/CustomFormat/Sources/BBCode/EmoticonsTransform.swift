import Transmark

/// The `emoticons` transform: text emoticons become emoji (`:)` → 🙂, `:(` → 🙁, `;)` → 😉,
/// `:D` → 😀, `:P` → 😛, `<3` → ❤️), in text only: code, code blocks, link destinations and raw
/// HTML are left alone.
///
/// ```swift
/// let html = try BBCode.registry.convert("[b]Thanks :)[/b]", from: "bbcode", to: "html",
///                                        options: ConversionOptions(transforms: ["emoticons"]))
/// // "<p><strong>Thanks 🙂</strong></p>\n"
/// ```
public struct EmoticonsTransform: Transform {
    /// Which emoticons are read.
    public struct Options: FormatOptions {
        /// Whether the forms with a nose (`:-)`, `;-)`, `:-(`, `:-D`, `:-P`) are read too. Default true.
        public var noses = true

        /// The default options.
        public init() {}

        /// `noses`, settable as `noses=true|false`.
        public static var optionSpecs: [OptionSpec<Options>] {
            [.bool("noses", \.noses, summary: "also read :-) ;-) :-( :-D :-P")]
        }
    }

    /// The transform.
    public init() {}

    /// `emoticons`.
    public var name: String { "emoticons" }

    /// One line for `transmark transforms` and `formats`.
    public var summary: String { "turn text emoticons such as :) and <3 into emoji, outside code" }

    /// A copy of `document` with the emoticons of its plain text nodes replaced.
    public func apply(to document: Document, options: Options) throws -> Document {
        let table = Self.table(noses: options.noses)
        return document.rewritten { node in
            guard node.tag == .text, node.attributes.isEmpty, node.style == nil else { return .keep }
            let text = node.text
            let replaced = Self.replacing(text, table: table)
            return replaced == text ? .keep : .replace(with: .text(replaced))
        }
    }

    /// The emoticons and their emoji, longest first.
    static func table(noses: Bool) -> [(String, String)] {
        var table: [(String, String)] = [(":)", "🙂"), (":(", "🙁"), (";)", "😉"), (":D", "😀"), (":P", "😛"), ("<3", "❤️")]
        if noses { table = [(":-)", "🙂"), (":-(", "🙁"), (";-)", "😉"), (":-D", "😀"), (":-P", "😛")] + table }
        return table
    }

    /// `text` with each emoticon replaced, scanning once from the start. An emoticon touching a
    /// letter or digit (`a:Path`, `x:D1`) is part of a word and stays.
    static func replacing(_ text: String, table: [(String, String)]) -> String {
        guard text.contains(where: { $0 == ":" || $0 == ";" || $0 == "<" }) else { return text }
        func isWordCharacter(_ character: Character?) -> Bool {
            character.map { $0.isLetter || $0.isNumber } ?? false
        }
        var result = ""
        var rest = Substring(text)
        var previous: Character?
        outer: while let first = rest.first {
            if (first == ":" || first == ";" || first == "<") && !isWordCharacter(previous) {
                for (emoticon, emoji) in table where rest.hasPrefix(emoticon)
                    && !isWordCharacter(rest.dropFirst(emoticon.count).first) {
                    previous = rest.dropFirst(emoticon.count - 1).first
                    result += emoji
                    rest = rest.dropFirst(emoticon.count)
                    continue outer
                }
            }
            result.append(first)
            previous = first
            rest = rest.dropFirst()
        }
        return result
    }
}
