/// Names a format: what users type to choose it, the file extensions that imply it, its media type.
public struct FormatDescriptor: Hashable, Sendable {
    /// The canonical name (`markdown`, `html`, `tree`).
    public let name: String
    /// Other names accepted for it (`md`, `gfm`, `commonmark`).
    public let aliases: [String]
    /// File extensions (without dot, lowercase) that imply this format when reading.
    public let fileExtensions: [String]
    /// The IANA media type (`text/markdown`).
    public let mediaType: String
    /// One line describing the format.
    public let summary: String

    /// Creates a descriptor.
    public init(name: String, aliases: [String] = [], fileExtensions: [String] = [], mediaType: String, summary: String) {
        self.name = name
        self.aliases = aliases
        self.fileExtensions = fileExtensions
        self.mediaType = mediaType
        self.summary = summary
    }

    /// Whether `name` (case-insensitive) is this format's name or one of its aliases.
    public func isNamed(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered == self.name.lowercased() || aliases.contains { $0.lowercased() == lowered }
    }
}
