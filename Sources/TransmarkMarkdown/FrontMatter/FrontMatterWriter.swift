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
        guard let first = s.unicodeScalars.first, let last = s.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) || first == " " || last == " " || last == ":" { return false }
        if s.contains(": ") || s.contains(" #") { return false }
        if s.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "<" || $0 == "\u{7F}" || $0 == "\u{FEFF}" }) { return false }
        let lower = s.lowercased()
        if ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"].contains(lower) { return false }
        // Numbers, dates and times read back as other types.
        if let c = s.unicodeScalars.first, (c >= "0" && c <= "9") || c == "+" || c == "." {
            if s.unicodeScalars.allSatisfy({ ($0 >= "0" && $0 <= "9") || "+-.:eE_xXoObB TtZz".unicodeScalars.contains($0) }) { return false }
        }
        return true
    }

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
