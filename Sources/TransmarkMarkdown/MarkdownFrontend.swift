import CCmarkGFM
import TransmarkCore

/// Reads CommonMark with the GitHub Flavored Markdown extensions (tables, strikethrough,
/// autolinks, tag filter, task lists) and footnotes, through libcmark-gfm, into the shared tree.
///
/// Raw HTML is kept as `htmlBlock` / `htmlInline` nodes. A linear pre-scan in front of the library
/// (`MarkdownComplexityGuard`) refuses, with a typed error, the input patterns that make
/// libcmark-gfm 0.29 take quadratic time, so no input hangs a conversion.
public struct MarkdownFrontend: Frontend {
    /// Options of the Markdown reader.
    public struct Options: FormatOptions {
        /// Smart punctuation: straight quotes to curly, `--` to en dash, `---` to em dash, `...` to ellipsis.
        public var smart = false
        /// Footnotes (`[^label]` references and `[^label]:` definitions).
        public var footnotes = true
        /// The GFM extensions to enable.
        public var extensions: Set<MarkdownExtension> = Set(MarkdownExtension.allCases)
        /// The largest input accepted, in bytes.
        public var maxInputSize = 512 * 1024 * 1024
        /// The deepest container nesting (block quotes and lists) accepted.
        public var maxDepth = 100_000
        /// The most work the pre-scan lets through to libcmark-gfm (see `MarkdownComplexityGuard`).
        public var maxComplexity = 20_000_000

        public init() {}

        public static var optionSpecs: [OptionSpec<Options>] {
            [
                .bool("smart", \.smart, summary: "smart punctuation (curly quotes, dashes, ellipses)"),
                .bool("footnotes", \.footnotes, summary: "parse footnote references and definitions"),
                OptionSpec(
                    key: "extensions",
                    accepted: "a comma-separated list of " + MarkdownExtension.allCases.map(\.rawValue).joined(separator: ",") + ", or empty for none",
                    summary: "GFM extensions to enable",
                    read: { options in MarkdownExtension.allCases.filter { options.extensions.contains($0) }.map(\.rawValue).joined(separator: ",") },
                    write: { options, value in
                        var set = Set<MarkdownExtension>()
                        for part in value.split(separator: ",") {
                            let name = part.trimmingCharacters(in: " ")
                            if name.isEmpty { continue }
                            if name == "all" { set.formUnion(MarkdownExtension.allCases); continue }
                            guard let ext = MarkdownExtension(rawValue: name) else { return false }
                            set.insert(ext)
                        }
                        options.extensions = set
                        return true
                    }),
                .int("maxInputSize", \.maxInputSize, range: 0...Int.max, summary: "largest input accepted, in bytes"),
                .int("maxDepth", \.maxDepth, range: 1...Int.max, summary: "deepest block nesting accepted"),
                .int("maxComplexity", \.maxComplexity, range: 0...Int.max,
                     summary: "most estimated parser work for deeply nested or bracket-heavy input"),
            ]
        }
    }

    /// Creates the Markdown frontend.
    public init() {}

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "markdown", aliases: ["md", "gfm", "commonmark", "cmark"],
            fileExtensions: ["md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "text"],
            mediaType: "text/markdown",
            summary: "CommonMark with GitHub Flavored Markdown extensions and footnotes (libcmark-gfm)")
    }

    public func parse(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        if input.count > options.maxInputSize {
            throw TransmarkError.inputTooLarge(bytes: input.count, limit: options.maxInputSize, option: "maxInputSize")
        }
        try MarkdownComplexityGuard(maxDepth: options.maxDepth, maxComplexity: options.maxComplexity).check(input)

        var cmarkOptions = CMARK_OPT_VALIDATE_UTF8
        if options.smart { cmarkOptions |= CMARK_OPT_SMART }
        if options.footnotes { cmarkOptions |= CMARK_OPT_FOOTNOTES }

        let root: OpaquePointer = CmarkLibrary.withLock {
            let parser = cmark_parser_new(cmarkOptions)!
            defer { cmark_parser_free(parser) }
            for ext in MarkdownExtension.allCases where options.extensions.contains(ext) && ext != .tagfilter {
                if let pointer = CmarkLibrary.syntaxExtension(named: ext.rawValue) {
                    cmark_parser_attach_syntax_extension(parser, pointer)
                }
            }
            input.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
            return cmark_parser_finish(parser)!
        }
        defer { cmark_node_free(root) }
        var converter = CmarkTreeConverter(source: input, tagFilter: options.extensions.contains(.tagfilter))
        return converter.convert(root)
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        var s = self
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
