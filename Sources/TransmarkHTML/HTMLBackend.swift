import TransmarkCore

/// Writes HTML: the registered `html` format, written by `HTMLRenderer` (see there
/// for what is written and how safe mode works). For documents read from Markdown the output
/// equals libcmark-gfm's own HTML renderer byte for byte.
///
/// Safe by default: raw HTML nodes are replaced by `<!-- raw HTML omitted -->` (`rawHTML=drop`),
/// dangerous URLs (`javascript:`, `vbscript:`, `file:`, non-image `data:`) are emptied,
/// event-handler attributes (`on…`) are dropped and elements that can run or embed code are
/// written as `div`/`span`. `unsafe=true` passes all of it through, as cmark's `--unsafe` does.
public struct HTMLBackend: Backend {
    /// Options of the HTML writer: the renderer's `HTMLRenderer.Options`.
    public typealias Options = HTMLRenderer.Options

    /// The options every conversion through this HTML writer starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// The `html` format (also `htm`, `xhtml`).
    public var format: FormatDescriptor {
        FormatDescriptor(name: "html", aliases: ["htm", "xhtml"], fileExtensions: ["html", "htm", "xhtml"],
                         mediaType: "text/html", summary: "HTML fragment (or document with standalone=true)")
    }

    /// Renders one node and its subtree as an HTML fragment (used by writers that fall back to
    /// HTML for constructs their format cannot express); `HTMLRenderer.renderFragment`.
    public func renderFragment(_ node: Node, options: Options = Options()) -> [UInt8] {
        HTMLRenderer.renderFragment(node, options: options)
    }

    /// Renders the document as an HTML fragment, or a complete document with `standalone`.
    public func render(_ document: Document, options: Options) throws -> [UInt8] {
        HTMLRenderer.render(document, options: options)
    }
}
