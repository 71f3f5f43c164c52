import TransmarkCore

/// pandoc's implicit figures (`implicitFigures`, the `pandoc` profile's): a figure holding one
/// image and a caption is written as the image alone in its paragraph with the caption in its
/// brackets, `![caption](src "title"){#id .class alt="alt"}`, which pandoc reads back as a
/// figure with that caption (and the image's own alt text). This is how pandoc writes the
/// figures its HTML reader makes of `<figure><img><figcaption>`.
///
/// A figure of one image without a caption is written `![](src){alt="alt"}`, as pandoc writes
/// it: alt text in the brackets would read back as a caption. Figures of other shapes (several
/// images or blocks, a linked image, a caption of several blocks) are left as they are, for the
/// `division` policy to write.
enum ImplicitFigures {
    /// `document` with every figure of one image and one caption made a paragraph of that image,
    /// captioned; the same document when it has no figure.
    static func rewritten(_ document: Document) -> Document {
        guard holdsFigure(document) else { return document }
        return document.rewritten { node in
            guard let figure = captionedImage(node) else { return .keep }
            return .replace(with: .children(of: paragraph(of: figure, in: document).root))
        }
    }

    /// The parts of a figure that can be written as an implicit figure.
    struct CaptionedImage {
        let figure: Node
        let image: Node
        /// The inline nodes of the caption.
        let caption: [Node]
    }

    /// Whether the document has a division named `figure` (one pass over the tags, no rewrite
    /// for the documents, most of them, that have none).
    static func holdsFigure(_ document: Document) -> Bool {
        var found = false
        document.walk { event in
            guard case .enter(let node) = event, node.tag == .division,
                  case .division(let tag) = node.kind, tag == "figure" else { return .proceed }
            found = true
            return .stop
        }
        return found
    }

    /// The image and caption of `node` when it is a figure of exactly one image (alone, or
    /// alone in a paragraph) and one caption of inline content (maybe inside one paragraph or
    /// division); nil otherwise.
    static func captionedImage(_ node: Node) -> CaptionedImage? {
        guard case .division(let tag) = node.kind, tag == "figure" else { return nil }
        var image: Node?
        var caption: [Node]?
        for child in node.children {
            switch child.kind {
            case .image where image == nil:
                image = child
            case .paragraph where image == nil:
                let inside = Array(child.children).filter { !isBlank($0) }
                guard inside.count == 1, inside[0].tag == .image else { return nil }
                image = inside[0]
            case .division(let name) where name == "figcaption" && caption == nil:
                // Inline content, maybe inside one paragraph or division (a few levels deep).
                var parts = Array(child.children).filter { !isBlank($0) }
                var depth = 0
                while parts.count == 1, parts[0].tag == .paragraph || parts[0].tag == .division, depth < 8 {
                    parts = Array(parts[0].children).filter { !isBlank($0) }
                    depth += 1
                }
                guard parts.allSatisfy({ !$0.tag.isBlock }) else { return nil }
                caption = parts
            case .text where isBlank(child):
                continue
            default:
                return nil
            }
        }
        guard let image else { return nil }
        // Without a caption the brackets stay empty and the alt text is an attribute: pandoc
        // would read alt text in the brackets as a caption the figure does not have.
        let shown = (caption ?? []).contains { !$0.plainText.allSatisfy(\.isWhitespace) }
        return CaptionedImage(figure: node, image: image, caption: shown ? caption ?? [] : [])
    }

    /// A text node of whitespace only.
    static func isBlank(_ node: Node) -> Bool {
        node.tag == .text && node.plainText.allSatisfy(\.isWhitespace)
    }

    /// A fragment of one paragraph holding the image, its children the caption's, its attributes
    /// the figure's id and classes, the image's own attributes and its alt text as `alt`.
    static func paragraph(of figure: CaptionedImage, in document: Document) -> Document {
        var attributes: [Attribute] = []
        let figureID = figure.figure.attribute("id") ?? ""
        let imageID = figure.image.attribute("id") ?? ""
        if !figureID.isEmpty || !imageID.isEmpty { attributes.append(Attribute("id", figureID.isEmpty ? imageID : figureID)) }
        let classes = [figure.figure.attribute("class"), figure.image.attribute("class")]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        if !classes.isEmpty { attributes.append(Attribute("class", classes)) }
        for attribute in figure.image.attributes where !["id", "class", "alt"].contains(attribute.name) {
            attributes.append(attribute)
        }
        let alt = figure.image.plainText
        let captionText = figure.caption.map(\.plainText).joined()
        if !alt.isEmpty && alt != captionText { attributes.append(Attribute("alt", alt)) }

        var builder = DocumentBuilder()
        builder.open(.paragraph)
        builder.open(figure.image.kind, attributes: attributes, style: figure.image.style)
        for part in figure.caption { builder.appendCopy(of: part.id, in: document) }
        builder.close()
        builder.close()
        return builder.finish()
    }
}
