import TransmarkCore

/// `drop-images`: leaves out every image; with `alt=true`, its alternative text stays in its
/// place as plain text.
public struct DropImagesTransform: Transform {
    /// The options of `drop-images`.
    public struct Options: FormatOptions {
        // option: .bool(summary: "keep each image's alternative text in its place")
        /// Whether an image's alternative text is kept in its place.
        public var alt = false

        /// Drops images and their alternative text.
        public init() {}
    }

    /// The options every conversion through this transform starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// `drop-images`.
    public var name: String { "drop-images" }
    /// One line of help.
    public var summary: String { "Remove images (optionally keeping their alternative text)." }

    /// Returns a copy of `document` without images.
    public func apply(to document: Document, options: Options) throws -> Document {
        let alt = options.alt
        return document.rewritten { node in
            node.tag == .image ? (alt ? .unwrap : .drop) : .keep
        }
    }
}
