extension DocumentMetadata {
    /// The fields as one JSON object, in order: `{"title":"…","author":["…","…"]}`; a `text`
    /// value is a string, a `list` an array of strings, a `yaml` value its YAML text as a string.
    /// Strings are escaped by `JSONStringEscaping` (valid UTF-8, safe in any JSON or JavaScript
    /// context). `{}` for no fields.
    public var jsonObject: [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (n, field) in fields.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            JSONStringEscaping.appendString(field.key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch field.value {
            case .text(let s), .yaml(let s):
                JSONStringEscaping.appendString(s, to: &out)
            case .list(let items):
                out.append(UInt8(ascii: "["))
                for (k, item) in items.enumerated() {
                    if k > 0 { out.append(UInt8(ascii: ",")) }
                    JSONStringEscaping.appendString(item, to: &out)
                }
                out.append(UInt8(ascii: "]"))
            }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }
}
