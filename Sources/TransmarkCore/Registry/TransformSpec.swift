/// One step of a transform chain: a transform's name and the options given to that step alone.
///
/// Written `NAME` or `NAME:key=value,key=value,…` (the form `--transform` takes on the command
/// line and `ConversionOptions.transforms` holds). A comma starts a new pair only when what
/// follows it, up to the next `=`, is an option key (letters, digits, `-` and `_`, spaces around
/// allowed); any other comma belongs to the value. So selectors and lists need no quoting beyond
/// the shell's:
///
/// ```
/// remove:selector=nav, footer, .share
/// sanitize:schemes=http,https,mailto,attributes=id,class
/// ```
///
/// are two pairs each (`selector=nav, footer, .share`; `schemes=http,https,mailto` and
/// `attributes=id,class`). A value that must itself contain `,word=` can be given through
/// `-O NAME.key=value` instead.
public struct TransformSpec: Sendable, CustomStringConvertible {
    /// The transform's name.
    public var name: String
    /// Options for this step only, in the order given.
    public var options: OptionPairs

    /// Creates a step from a name and its options.
    public init(name: String, options: OptionPairs = []) {
        self.name = name
        self.options = options
    }

    /// Parses `NAME` or `NAME:key=value,…` (see the type's documentation). A pair without `=`
    /// is a `malformedOption` error.
    public init(parsing text: String) throws {
        guard let colon = text.firstIndex(of: ":") else {
            self.init(name: text.trimmingASCIIWhitespace)
            return
        }
        let name = String(text[..<colon]).trimmingASCIIWhitespace
        let rest = Array(text[text.index(after: colon)...].utf8)
        var pairs: OptionPairs = []
        var start = 0
        var i = 0
        while i <= rest.count {
            if i == rest.count || (rest[i] == UInt8(ascii: ",") && Self.startsPair(rest, at: i + 1)) {
                let piece = String(decoding: rest[start..<i], as: UTF8.self)
                if !(i == rest.count && start == i && pairs.isEmpty && rest.isEmpty) {
                    pairs.append(try parseKeyValue(piece))
                }
                start = i + 1
            }
            i += 1
        }
        self.init(name: name, options: pairs)
    }

    /// Whether `bytes[from...]` begins with optional spaces, an option key and `=`.
    private static func startsPair(_ bytes: [UInt8], at from: Int) -> Bool {
        var i = from
        while i < bytes.count && bytes[i] == 0x20 { i += 1 }
        let keyStart = i
        while i < bytes.count, Self.isKeyByte(bytes[i]) { i += 1 }
        guard i > keyStart else { return false }
        while i < bytes.count && bytes[i] == 0x20 { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "=")
    }

    private static func isKeyByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
    }

    /// The step as `NAME` or `NAME:key=value,…`.
    public var description: String {
        options.isEmpty ? name : name + ":" + options.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }
}
