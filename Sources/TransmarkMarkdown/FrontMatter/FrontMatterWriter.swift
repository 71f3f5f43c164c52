import TransmarkCore

/// Writes a document's metadata as a YAML front matter block (`---`, `key: value` lines, `---`).
///
/// Metadata read from a front matter block and not changed since is written back as it was read
/// (`DocumentMetadata.frontMatterSource`), byte for byte. Otherwise each field is one line: a
/// scalar plain when YAML reads it back as the same string, else double-quoted; a list as a block
/// sequence; a `yaml` value as its text. (A block read with `<` in it is written from its fields
/// instead, escaped as below.) In double-quoted scalars `<` is written as `\u003C`, so a renderer
/// that shows front matter as Markdown (with raw HTML on) never meets a tag in it.
enum FrontMatterWriter {
    /// The block, ending with its closing `---` line and a blank line; empty for no fields.
    static func block(_ metadata: DocumentMetadata) -> String {
        if let source = metadata.frontMatterSource, !source.contains("<") {
            return "---\n" + source + (source.isEmpty || source.hasSuffix("\n") ? "" : "\n") + "---\n\n"
        }
        guard !metadata.isEmpty else { return "" }
        var out = "---\n"
        for field in metadata.fields {
            let key = isPlain(field.key) && !field.key.contains(":") ? field.key : quoted(field.key)
            switch field.value {
            case .text(let s):
                out += key + ": " + scalar(s) + "\n"
            case .list(let items):
                if items.isEmpty {
                    out += key + ": []\n"
                } else {
                    out += key + ":\n"
                    for item in items { out += "  - " + scalar(item) + "\n" }
                }
            case .yaml(let text):
                out += key + ":" + text + (text.hasSuffix("\n") ? "" : "\n")
            }
        }
        return out + "---\n\n"
    }

    /// `s` as a YAML scalar that reads back as `s`.
    static func scalar(_ s: String) -> String {
        isPlain(s) ? s : quoted(s)
    }

    /// Whether `s` can be written as a plain scalar: no indicator at its start, no `: ` or ` #`
    /// inside, no line end, nothing YAML would read as another type, no `<`.
    static func isPlain(_ s: String) -> Bool {
        var s = s
        // Read on the UTF-8 bytes: every character the rules name is ASCII, and no ASCII byte is
        // part of a longer scalar.
        return s.withUTF8 { b in
            guard let first = b.first, let last = b.last else { return false }
            if Self.indicators.contains(first) || first == 0x20 || last == 0x20 || last == 0x3A { return false }
            for k in b.indices {
                let c = b[k]
                if c < 0x20 || c == 0x3C || c == 0x7F { return false }
                if k + 1 < b.count, c == 0x3A && b[k + 1] == 0x20 || c == 0x20 && b[k + 1] == 0x23 { return false }
                // U+FEFF.
                if c == 0xEF, k + 2 < b.count, b[k + 1] == 0xBB, b[k + 2] == 0xBF { return false }
            }
            // Words YAML reads as booleans or null (only ASCII spellings lowercase into them).
            if b.count <= 5, b.allSatisfy({ $0 < 0x80 }) {
                let lower = b.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
                if Self.reservedWords.contains(where: { $0.elementsEqual(lower) }) { return false }
            }
            // Numbers, dates and times read back as other types.
            if (first >= 0x30 && first <= 0x39) || first == 0x2B || first == 0x2E {
                if b.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || Self.numberBytes.contains($0) }) { return false }
            }
            return true
        }
    }

    /// What may not start a plain scalar.
    private static let indicators = Array("-?:,[]{}#&*!|>'\"%@`".utf8)
    /// Words YAML reads as other types than strings, lowercase.
    private static let reservedWords = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"].map { Array($0.utf8) }
    /// Beside digits, what numbers, dates and times are written with.
    private static let numberBytes = Array("+-.:eE_xXoObB TtZz".utf8)

    /// `s` double-quoted, escaped.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "<": out += "\\u003C"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (scalar.value >= 0x80 && scalar.value < 0xA0)
                || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
