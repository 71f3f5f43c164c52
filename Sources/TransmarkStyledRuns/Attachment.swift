/// An inline object (an image) standing in the text as U+FFFC OBJECT REPLACEMENT CHARACTER.
public struct Attachment: Sendable, Hashable {
    /// The offset of the U+FFFC character, in the text's `OffsetUnit`.
    public var location: Int
    /// The image source (URL or path) as written.
    public var source: String
    /// The alternative text (the image node's text content).
    public var alternativeText: String
    /// The title; empty when none.
    public var title: String
    /// The declared width in CSS pixels, if any.
    public var width: Int?
    /// The declared height in CSS pixels, if any.
    public var height: Int?

    /// Creates an attachment.
    public init(location: Int, source: String, alternativeText: String = "", title: String = "",
                width: Int? = nil, height: Int? = nil) {
        self.location = location
        self.source = source
        self.alternativeText = alternativeText
        self.title = title
        self.width = width
        self.height = height
    }
}
