import TransmarkCore

/// The `ansi` format (alias `terminal`): the `text` layout with terminal styles: bold, italic,
/// underline, strikethrough and dim from the tree and from inline CSS, CSS colors in truecolor,
/// 256 or 16 colors, headings distinct per level, code on a background, a colored quote bar,
/// OSC 8 hyperlinks. Styles nest (closing an inner style restores the outer one) and every line
/// ends with all attributes reset, so `less -R` and line-based tools show it right.
///
/// With the escape sequences removed (and trailing spaces of code-block lines trimmed), the
/// output is the `text` format's output for the same width, tables, links and rawHTML options, with
/// `hyperlinks=false` (hyperlinks show their text only).
public struct ANSIBackend: StreamingBackend {
    /// The environment `color=auto` and `colors=auto` consult; `nil` reads the process's own at
    /// each render.
    public var environment: TerminalEnvironment?

    /// The options every conversion through this ANSI writer starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// Creates the backend; `environment` fixes what `auto` options see (for tests and servers).
    ///
    /// `options` become the starting point of every conversion it takes part in, so
    /// `Registry.standard.adding(ANSIBackend(options: …))` carries typed options into the
    /// registry and the command line.
    public init(environment: TerminalEnvironment? = nil, options: Options = Options()) {
        self.environment = environment
        defaultOptions = options
    }

    /// The format: its name, aliases, file extensions and media type.
    public var format: FormatDescriptor {
        FormatDescriptor(name: "ansi", aliases: ["terminal"], fileExtensions: ["ansi"], mediaType: "text/plain",
                         summary: "terminal text with colors, styles and hyperlinks (ANSI escape sequences)")
    }

    /// Renders `document` with `options`.
    public func render(_ document: Document, options: Options) throws -> [UInt8] {
        let settings = options.layoutSettings(in: environment ?? .current)
        return TextLayoutEngine.render(document, settings: settings)
    }

    /// Renders `document` with `options`, handing the output to `write` in pieces.
    public func render(_ document: Document, options: Options,
                       writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        TextLayoutEngine.render(document, settings: options.layoutSettings(in: environment ?? .current), writingTo: write)
    }
}
