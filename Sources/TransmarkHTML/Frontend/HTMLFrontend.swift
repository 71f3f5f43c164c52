import TransmarkCore

/// Reads HTML as browsers and APIs actually send it — unclosed, misnested, with stray `<`,
/// unquoted attributes and inline styles — into the Markup tree.
///
/// The input is decoded (``HTMLInputDecoder``), tokenized (``HTMLTokenizer``) and built
/// straight into a `Document` by `HTMLTreeBuilder`, which repairs the markup the way a browser
/// does where the tree can express it. Text is never dropped except by an explicit policy:
/// script, style, template and head content (and `style`/`script` inside SVG), comments
/// (unless ``Options/keepComments``) and hidden elements (unless ``Options/keepHidden``), except
/// those hidden only until script shows them: tab and accordion panels and React's streamed
/// segments.
/// `noscript` content is shown (as with scripting off), text inside SVG and MathML is kept. The
/// rules (code languages, media, `srcset`, repair, departures from browsers) are in
/// `Docs/html-reader.md`.
public struct HTMLFrontend: Frontend {
    /// Options of the HTML reader.
    public struct Options: FormatOptions {
        // option: .bool(summary: "keep comments as raw HTML nodes")
        /// Keep comments as raw HTML nodes (`htmlInline` / `htmlBlock` holding `<!--…-->`).
        public var keepComments = false
        // option: .bool(summary: "keep elements hidden by `hidden` or display:none")
        /// Keep elements hidden by the `hidden` attribute or an inline `display: none`. Tab and
        /// accordion panels (`role="tabpanel"`, class `tab-pane`, `accordion-collapse`, …) and
        /// React's streamed segments (`<div hidden id="S:0">`) are kept either way: script shows
        /// them.
        public var keepHidden = false
        // option: .bool(summary: "keep the whitespace of inline <code> as written (turndown's option)")
        /// Keep the whitespace of inline `<code>` as written, as inside `<pre>` (turndown's option
        /// of that name); by default it collapses as a browser shows it.
        public var preformattedCode = false
        // option: .bool(summary: "read footnote sections and the links to them (pandoc, GitHub, Hugo, Wikipedia, …) as footnotes")
        /// Read footnotes as HTML writers write them (a footnotes section of notes, and links to
        /// them in the text; see `Docs/html-reader.md`) as footnote references and definitions.
        /// Off, they stay a list and links.
        public var footnotes = true
        // option: .encoding(summary: "input encoding (auto: byte order mark, <meta charset> unless the bytes are UTF-8, else UTF-8)")
        /// The input encoding.
        public var encoding = Encoding.auto
        // option: .int(range: 0...Int.max, summary: "largest input in bytes")
        /// The largest input accepted, in bytes; larger input is refused with
        /// `TransmarkError.inputTooLarge`.
        public var maxInputSize = 1 << 30
        // option: .int(range: 8...Int(Int32.max),
        //     summary: "deepest nesting built; deeper elements are flattened into their ancestor")
        /// The deepest nesting of nodes built. Deeper elements are flattened (best effort): they
        /// get no node of their own and their content goes to the deepest open node, so no text
        /// is lost and no error is raised.
        public var maxDepth = 4096
        /// What each tag becomes (library only, not settable by key).
        public var tagRegistry = HTMLTagRegistry.standard

        /// The defaults.
        public init() {}
    }

    /// The options every conversion through this HTML reader starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// The format: its name, aliases, file extensions and media type.
    public var format: FormatDescriptor {
        FormatDescriptor(name: "html", aliases: ["htm", "xhtml"], fileExtensions: ["html", "htm", "xhtml"],
                         mediaType: "text/html", summary: "HTML fragment (or document with standalone=true)")
    }

    /// Parses `input` with `options` into a document.
    public func parse(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        guard input.count <= options.maxInputSize else {
            throw TransmarkError.inputTooLarge(bytes: input.count, limit: options.maxInputSize, option: "maxInputSize")
        }
        // Valid UTF-8 (the usual case) is read in place; anything else is decoded into a copy.
        switch try HTMLInputDecoder.prepare(input, encoding: options.encoding.inputEncoding) {
        case .inPlace(let firstCR):
            var builder = HTMLTreeBuilder(input: input, firstCR: firstCR, options: options)
            let document = builder.build()
            return Self.finish(document, builder, options: options)
        case .decoded(let decoded):
            return Self.build(decoded, options: options)
        }
    }

    /// The built document with the passes after building: footnotes, when the builder met a
    /// list item with a note's `id` (see `HTMLTreeBuilder.namesANote`).
    private static func finish(_ document: Document, _ builder: HTMLTreeBuilder, options: Options) -> Document {
        options.footnotes && builder.sawNoteItem ? HTMLFootnotes.read(document) : document
    }

    /// Builds the document from decoded input (no CRs left in it).
    private static func build(_ decoded: [UInt8], options: Options) -> Document {
        decoded.withUnsafeBufferPointer { p in
            var builder = HTMLTreeBuilder(input: p, firstCR: p.count, options: options)
            let document = builder.build()
            return finish(document, builder, options: options)
        }
    }

    /// Parses and empties `input`; when the input needs decoding (another encoding, a byte
    /// order mark, invalid UTF-8), the original is freed as soon as its decoded copy exists.
    public func parse(consuming input: inout [UInt8], options: Options) throws -> Document {
        guard input.count <= options.maxInputSize else {
            throw TransmarkError.inputTooLarge(bytes: input.count, limit: options.maxInputSize, option: "maxInputSize")
        }
        let prepared = try input.withUnsafeBufferPointer { buffer throws(TransmarkError) in
            try HTMLInputDecoder.prepare(buffer, encoding: options.encoding.inputEncoding)
        }
        switch prepared {
        case .inPlace(let firstCR):
            let (document, sawNoteItem) = input.withUnsafeBufferPointer { p in
                var builder = HTMLTreeBuilder(input: p, firstCR: firstCR, options: options)
                return (builder.build(), builder.sawNoteItem)
            }
            input = []
            return options.footnotes && sawNoteItem ? HTMLFootnotes.read(document) : document
        case .decoded(let decoded):
            input = []
            return Self.build(decoded, options: options)
        }
    }
}

extension HTMLFrontend.Options {
    /// The input encoding the `encoding` option names: `auto` (the byte order mark, else
    /// `<meta charset>`, else UTF-8) or one of the WHATWG Encoding Standard's encodings.
    public typealias Encoding = InputEncodingChoice
}
