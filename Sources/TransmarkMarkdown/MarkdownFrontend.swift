import CCmarkGFM
import CCmarkExtensions
import Foundation
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
        // option: .bool(summary: "smart punctuation (curly quotes, dashes, ellipses)")
        /// Smart punctuation: straight quotes to curly, `--` to en dash, `---` to em dash, `...` to ellipsis.
        public var smart = false
        // option: .bool(summary: "parse footnote references and definitions")
        /// Footnotes (`[^label]` references and `[^label]:` definitions).
        public var footnotes = true
        // option: .bool(summary: "read $…$, $$…$$, \\(…\\) and \\[…\\] as math (currency such as $5 stays text)")
        /// Math: `$…$` and `\(…\)` read as inline math, `$$…$$` and `\[…\]` as display math
        /// (off by default; on in `Options.chat`, the preset for chat and model output).
        /// `$5 and $10` stays text: see the Math article for the rule.
        public var math = false
        // option: .custom(accepted: "a comma-separated list of " + MarkdownExtension.allCases.map(\.rawValue).joined(separator: ",") + ", or empty for none",
        //     summary: "GFM extensions to enable", parse: MarkdownExtension.set(parsing:), format: MarkdownExtension.text(of:))
        /// The GFM extensions to enable.
        public var extensions: Set<MarkdownExtension> = Set(MarkdownExtension.allCases)
        // option: .encoding(summary: "input encoding (auto: UTF-16 after its byte order mark, else UTF-8)")
        /// The input encoding: `auto` reads UTF-8, or UTF-16 when the input starts with its byte
        /// order mark; any WHATWG encoding can be named (a byte order mark still wins).
        public var encoding = InputEncodingChoice.auto
        // option: .int(range: 0...Int.max, summary: "largest input accepted, in bytes")
        /// The largest input accepted, in bytes.
        public var maxInputSize = 512 * 1024 * 1024
        // option: .int(range: 1...Int.max, summary: "deepest block nesting accepted")
        /// The deepest container nesting (block quotes and lists) accepted.
        public var maxDepth = 100_000
        // option: .int(range: 0...Int.max,
        //     summary: "most estimated parser work for deeply nested or bracket-heavy input")
        /// The most work the pre-scan lets through to libcmark-gfm (see `MarkdownComplexityGuard`).
        public var maxComplexity = 20_000_000
        // option: .int(range: 0...Int.max,
        //     summary: "parse inputs of twice this many bytes or more in chunks of about this size (same tree, less memory); 0 for one piece")
        /// Inputs of at least twice this many bytes are parsed in chunks of about this size, split
        /// where a new top-level block must start, with every link reference and footnote
        /// definition of the document in view: the same tree as one parse, in a fraction of the
        /// memory and time (see `TransmarkChunkedParse.h`). 0 parses every input in one piece.
        public var chunkSize = 256 * 1024
        // option: .custom(accepted: "true|false (auto and always read it, never does not)",
        //     summary: "read a YAML front matter block at the start (--- key: value ---) as the document's metadata",
        //     parse: { ["true": true, "auto": true, "always": true, "false": false, "never": false][$0] }, format: { $0 ? "true" : "false" })
        /// Whether a YAML front matter block at the very start (`---` lines around `key: value`
        /// lines) is read into the document's metadata instead of parsed as Markdown (see
        /// `FrontMatterReader` for what counts as one; anything else stays Markdown).
        public var frontMatter = true

        /// The defaults.
        public init() {}

        /// The defaults for chat and model output: `math` on (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`).
        /// On the command line, `-O math=true` does the same.
        public static var chat: Options {
            var options = Options()
            options.math = true
            return options
        }
    }

    /// The options every conversion through this Markdown reader starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// The format: its name, aliases, file extensions and media type.
    public var format: FormatDescriptor {
        .markdown
    }

    /// Parses `input` with `options` into a document.
    public func parse(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        if let decoded = try InputDecoder.decodedCopy(input, encoding: options.encoding.inputEncoding) {
            return try decoded.withUnsafeBufferPointer { try parseUTF8($0, options: options) }
        }
        return try parseUTF8(input, options: options)
    }

    /// Parses UTF-8 input.
    private func parseUTF8(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        if options.frontMatter, let (metadata, length) = FrontMatterReader.read(input) {
            return try parseBody(UnsafeBufferPointer(rebasing: input[length...]), options: options).withMetadata(metadata)
        }
        return try parseBody(input, options: options)
    }

    /// Parses Markdown without a front matter block.
    private func parseBody(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        if options.math, let marked = MathBracketMarking.marked(input) {
            return try marked.withUnsafeBufferPointer { try parseBody($0, options: options, mathMarked: true) }
        }
        return try parseBody(input, options: options, mathMarked: false)
    }

    /// Parses Markdown without a front matter block; `mathMarked`: see `MathBracketMarking`.
    private func parseBody(_ input: UnsafeBufferPointer<UInt8>, options: Options, mathMarked: Bool) throws -> Document {
        var settings = try prepare(input, options: options)
        settings.mathMarked = mathMarked
        if let repaired = settings.repair?.repairedInput {
            return finish(repaired.withUnsafeBufferPointer { blockParse($0, settings, releasingInput: false) }, settings)
        }
        let stage = blockParse(input, settings, releasingInput: false)
        return finish(stage, settings)
    }

    /// Parses `input` and releases it as soon as the parser no longer reads it: once the
    /// blocks are parsed (the tree holds its own copy of every line), before inlines are parsed
    /// and the document is built, so the input and the finished document are never in memory
    /// together. `input` is empty afterwards, unless the input is refused (too large or too
    /// complex): then the error is thrown before anything is released.
    public func parse(consuming input: inout [UInt8], options: Options) throws -> Document {
        if let decoded = try input.withUnsafeBufferPointer({ buffer throws(TransmarkError) in
            try InputDecoder.decodedCopy(buffer, encoding: options.encoding.inputEncoding)
        }) {
            input = decoded
        }
        if options.frontMatter, let (metadata, length) = input.withUnsafeBufferPointer({ FrontMatterReader.read($0) }) {
            input.removeFirst(length)
            return try parseBody(consuming: &input, options: options).withMetadata(metadata)
        }
        return try parseBody(consuming: &input, options: options)
    }

    /// Parses and releases Markdown without a front matter block.
    private func parseBody(consuming input: inout [UInt8], options: Options) throws -> Document {
        if options.math, let marked = input.withUnsafeBufferPointer({ MathBracketMarking.marked($0) }) {
            input = marked
        }
        var settings = try input.withUnsafeBufferPointer { try prepare($0, options: options) }
        settings.mathMarked = options.math && input.withUnsafeBufferPointer { MathBracketMarking.mayHoldMarker($0) }
        if let repaired = settings.repair?.repairedInput {
            // The repaired copy is parsed instead, and released the same way.
            input = repaired
            settings.repair = nil
        }
        // The mutable buffer is this array's own (a shared one is copied first), so the parse may
        // give its pages back as it goes.
        let stage = input.withUnsafeMutableBufferPointer { blockParse(UnsafeBufferPointer($0), settings, releasingInput: true) }
        input = []
        return finish(stage, settings)
    }

    /// What the parse of one input needs to know, worked out before parsing.
    private struct ParseSettings {
        var cmarkOptions: Int32
        var extensions: [OpaquePointer]
        var tagFilter: Bool
        var inputSize: Int
        /// The chunk size when the input is parsed in chunks, else 0.
        var chunkSize: Int
        /// The input to parse in place of the one given, when it needs `FootnoteBracketRepair`.
        var repair: FootnoteBracketRepair?
        /// The marker to remove from what the parse gives back, when the input was repaired.
        var repairMarker: FootnoteBracketRepair.Marker?
        /// Whether the input was marked for math in brackets (`MathBracketMarking`).
        var mathMarked = false
    }

    /// The parse after its first stage: the block structure of the whole input.
    private enum BlockParse {
        /// A parser fed the whole input.
        case whole(OpaquePointer)
        /// A chunked parse (`TransmarkChunkedParse.h`) with every chunk block-parsed.
        case chunked(OpaquePointer)
    }

    /// Checks the input's size and complexity and chooses the cmark options.
    private func prepare(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> ParseSettings {
        if input.count > options.maxInputSize {
            throw TransmarkError.inputTooLarge(bytes: input.count, limit: options.maxInputSize, option: "maxInputSize")
        }
        let validUTF8 = try MarkdownComplexityGuard(maxDepth: options.maxDepth, maxComplexity: options.maxComplexity).check(input)

        // Invalid UTF-8 becomes U+FFFD; the guard's pass already knows whether there is any.
        var cmarkOptions = validUTF8 ? CMARK_OPT_DEFAULT : CMARK_OPT_VALIDATE_UTF8
        if options.smart { cmarkOptions |= CMARK_OPT_SMART }
        // Footnote processing costs libcmark-gfm a walk over the whole tree; without `[^` in the
        // input there can be no footnote, so the option changes nothing but the time.
        var repair: FootnoteBracketRepair?
        if options.footnotes && Self.contains(input, "[^") {
            cmarkOptions |= CMARK_OPT_FOOTNOTES
            repair = FootnoteBracketRepair(input)
        }

        var extensions = CmarkLibrary.withLock {
            MarkdownExtension.allCases.compactMap { ext -> OpaquePointer? in
                guard options.extensions.contains(ext), ext != .tagfilter else { return nil }
                return CmarkLibrary.syntaxExtension(for: ext)
            }
        }
        if options.math { extensions.append(transmark_math_extension()) }
        let chunked = options.chunkSize > 0 && input.count >= 2 * options.chunkSize
        return ParseSettings(cmarkOptions: cmarkOptions, extensions: extensions,
                             tagFilter: options.extensions.contains(.tagfilter), inputSize: input.count,
                             chunkSize: chunked ? options.chunkSize : 0, repair: repair, repairMarker: repair?.marker)
    }

    /// The first stage, the only one that reads the input: block structure. `releasingInput`: the
    /// input is owned by this parse alone and may be given back to the system page by page as
    /// chunks are parsed (it reads as zeros afterwards).
    private func blockParse(_ input: UnsafeBufferPointer<UInt8>, _ settings: ParseSettings,
                            releasingInput: Bool) -> BlockParse {
        CmarkLibrary.withLock {
            if settings.chunkSize > 0 {
                return .chunked(settings.extensions.map { Optional($0) }.withUnsafeBufferPointer { pointers in
                    transmark_chunked_parse_new(input.baseAddress, input.count, settings.cmarkOptions,
                                                pointers.baseAddress, pointers.count, settings.chunkSize,
                                                releasingInput ? 1 : 0)!
                })
            }
            // The tree goes into this thread's arena: no malloc per node, no free per node.
            transmark_thread_arena_expect(input.count)
            let parser = cmark_parser_new_with_mem(settings.cmarkOptions, transmark_thread_arena())!
            for pointer in settings.extensions { cmark_parser_attach_syntax_extension(parser, pointer) }
            input.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
            return .whole(parser)
        }
    }

    /// The second stage: inlines, and the document built from the tree.
    private func finish(_ stage: BlockParse, _ settings: ParseSettings) -> Document {
        var converter = CmarkTreeConverter(estimatedInputSize: settings.inputSize, tagFilter: settings.tagFilter)
        converter.repairMarker = settings.repairMarker
        converter.mathMarked = settings.mathMarked
        switch stage {
        case .whole(let parser):
            let root: OpaquePointer = CmarkLibrary.withLock {
                defer { cmark_parser_free(parser) }
                return cmark_parser_finish(parser)!
            }
            converter.append(root)
            transmark_thread_arena_reset()
        case .chunked(let parse):
            // Each chunk's tree is converted as soon as it exists, so only one chunk's inlines are
            // in memory at a time.
            defer { transmark_chunked_parse_free(parse) }
            converter.collectsFootnoteDefinitions = transmark_chunked_parse_has_footnotes(parse) != 0
            for index in 0..<transmark_chunked_parse_count(parse) {
                let root = CmarkLibrary.withLock { transmark_chunked_parse_finish(parse, index)! }
                converter.append(root)
            }
        }
        return converter.finish()
    }
}

extension MarkdownFrontend {
    /// Whether `input` contains the two-byte sequence `pattern` (memchr-based scan).
    static func contains(_ input: UnsafeBufferPointer<UInt8>, _ pattern: StaticString) -> Bool {
        guard let base = input.baseAddress, pattern.utf8CodeUnitCount == 2 else { return false }
        let first = pattern.utf8Start[0], second = pattern.utf8Start[1]
        var p = base
        let end = base + input.count
        while p < end, let hit = memchr(p, Int32(first), end - p) {
            let q = hit.assumingMemoryBound(to: UInt8.self)
            if q + 1 < end && q[1] == second { return true }
            p = UnsafePointer(q + 1)
        }
        return false
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

extension FormatDescriptor {
    /// Markdown, as `MarkdownFrontend` reads it and `MarkdownBackend` writes it.
    static let markdown = FormatDescriptor(
        name: "markdown", aliases: ["md", "gfm", "commonmark", "cmark"],
        fileExtensions: ["md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "text"],
        mediaType: "text/markdown",
        summary: "CommonMark with GitHub Flavored Markdown extensions and footnotes (libcmark-gfm)")
}
