/// The value of a reader's `encoding` option: `auto` (the byte order mark, else what the format
/// itself declares, else UTF-8) or one encoding of the WHATWG Encoding Standard, named by any of
/// its labels (`latin1`, `sjis`, `UTF-8`, …).
public struct InputEncodingChoice: RawRepresentable, Hashable, Sendable, CaseIterable {
    /// The encoding to read, or nil to detect it.
    public let inputEncoding: InputEncoding?

    /// `auto`, or the WHATWG name of the encoding (`utf-8`, `shift_jis`, …).
    public var rawValue: String { inputEncoding?.rawValue ?? "auto" }

    /// Reads `auto` or any WHATWG label; `nil` for anything else.
    public init?(rawValue: String) {
        if InputEncoding.normalizedLabel(rawValue) == "auto" {
            inputEncoding = nil
        } else if let encoding = InputEncoding(label: rawValue) {
            inputEncoding = encoding
        } else {
            return nil
        }
    }

    /// Reads `encoding`, whatever the input declares (a byte order mark still wins).
    public init(_ encoding: InputEncoding) { inputEncoding = encoding }

    /// Detected: the byte order mark, else what the input declares, else UTF-8.
    public static let auto = InputEncodingChoice(rawValue: "auto")!
    /// UTF-8.
    public static let utf8 = InputEncodingChoice(.utf8)
    /// Windows-1252 (what browsers read for ISO-8859-1 and ASCII labels).
    public static let windows1252 = InputEncodingChoice(.windows1252)
    /// UTF-16, little-endian.
    public static let utf16le = InputEncodingChoice(.utf16LittleEndian)
    /// UTF-16, big-endian.
    public static let utf16be = InputEncodingChoice(.utf16BigEndian)

    /// `auto`, then every encoding of the standard.
    public static var allCases: [InputEncodingChoice] { [.auto] + InputEncoding.allCases.map(InputEncodingChoice.init) }
}

extension OptionSpec {
    /// The `encoding` option of a reader: `auto` or any label of the WHATWG Encoding Standard.
    public static func encoding(_ path: WritableKeyPath<Options, InputEncodingChoice> & Sendable, summary: String) -> Self {
        encoding("encoding", path, summary: summary)
    }

    /// An input encoding option under `key`: `auto` or any label of the WHATWG Encoding Standard.
    public static func encoding(_ key: String, _ path: WritableKeyPath<Options, InputEncodingChoice> & Sendable, summary: String) -> Self {
        Self(key: key,
             accepted: "auto|" + InputEncoding.allCases.map(\.rawValue).joined(separator: "|") + " (or any WHATWG label of them)",
             summary: summary,
             read: { $0[keyPath: path].rawValue },
             write: { options, value in
                 guard let choice = InputEncodingChoice(rawValue: value) else { return false }
                 options[keyPath: path] = choice
                 return true
             })
    }
}
