import TransmarkCore
import TransmarkMarkdown

extension Document {
    /// The tree with what Markdown output does not carry over cleared: list markers (the writer
    /// chooses markers by its options). Used to compare Markdown round trips.
    func normalizedForMarkdownRoundTrip() -> Document {
        var builder = DocumentBuilder()
        for event in events() {
            switch event {
            case .enter(let node):
                if node.tag == .document { continue }
                var kind = node.kind
                if case .list(var attributes) = kind {
                    attributes.marker = nil
                    kind = .list(attributes)
                }
                if node.tag == .text && node.attributes.isEmpty && node.style == nil {
                    builder.text(node.text)
                } else if node.tag.hasLiteralText || node.isLeaf && [.softBreak, .lineBreak, .thematicBreak, .footnoteReference].contains(node.tag) {
                    builder.leaf(kind, text: node.text, attributes: node.attributes, style: node.style)
                } else {
                    builder.open(kind, attributes: node.attributes, style: node.style)
                }
            case .exit(let node):
                if node.tag == .document || node.tag.hasLiteralText || node.isLeaf && [.softBreak, .lineBreak, .thematicBreak, .footnoteReference].contains(node.tag) { continue }
                builder.close()
            }
        }
        return builder.finish()
    }
}

/// Markdown → tree → Markdown → tree with one set of reader and writer options.
func markdownRoundTrip(_ markdown: String, extensions: [String], footnotes: Bool,
                       writer: MarkdownBackend.Options) throws -> (first: Document, written: String, second: Document) {
    var reader = MarkdownFrontend.Options()
    reader.extensions = Set(extensions.compactMap(MarkdownExtension.init(rawValue:)))
    reader.footnotes = footnotes
    let first = try MarkdownFrontend().parse(markdown, options: reader)
    let written = try MarkdownBackend().renderString(first, options: writer)
    let second = try MarkdownFrontend().parse(written, options: reader)
    return (first.normalizedForMarkdownRoundTrip(), written, second.normalizedForMarkdownRoundTrip())
}
