import TransmarkCore

/// Writes CommonMark, GitHub Flavored Markdown (the default) or turndown-style Markdown.
///
/// The output, read back by a CommonMark/GFM parser, means what the tree meant: text is escaped
/// exactly where it would otherwise parse as syntax, emphasis never starts or ends next to
/// whitespace, code spans and fences are long enough for their content, and nodes Markdown has no
/// syntax for follow a per-kind policy (`MarkdownBackend.Options.Fallback`: raw HTML, text only, or a symbol).
/// C0 control characters other than tab and line ends are written as U+FFFD (`ControlCharacters`).
public struct MarkdownBackend: Backend {
    /// The options every conversion through this Markdown writer starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// The format: its name, aliases, file extensions and media type.
    public var format: FormatDescriptor {
        .markdown
    }

    /// Renders `document` with `options`.
    public func render(_ document: Document, options: Options) throws -> [UInt8] {
        let document = options.implicitFigures ? ImplicitFigures.rewritten(document) : document
        var writer = MarkdownWriter(document: document, options: options)
        let body = writer.write()
        let writesFrontMatter = switch options.frontMatter {
        case .auto: document.metadata.frontMatterSource != nil
        case .always: !document.metadata.isEmpty
        case .never: false
        }
        guard writesFrontMatter else { return body }
        var block = Array(FrontMatterWriter.block(document.metadata).utf8)
        ControlCharacters.replaceC0Controls(in: &block)
        return block + body
    }
}

extension MarkdownBackend: BlockMappingBackend {
    /// Renders `document` with the range of each block (see `MappedOutput`), for cutting the
    /// output into chunks. The front matter block is left out (chunks carry the metadata
    /// apart). Nil under `implicitFigures`, which renders a rewritten tree.
    public func renderMapped(_ document: Document, options: Options) throws -> MappedOutput? {
        if options.implicitFigures { return nil }
        var writer = MarkdownWriter(document: document, options: options)
        return writer.writeMapped()
    }
}
