import CCmarkGFM
import TransmarkCore

/// Where the top-level blocks of a piece of Markdown begin and end, as libcmark-gfm parses it:
/// what `MarkdownStream` decides finality from.
struct TopLevelBlockScan {
    /// One top-level block: its first and last line (1-based, in the scanned text).
    struct Block {
        /// The first line of the block.
        var startLine: Int
        /// The last line of the block.
        var endLine: Int
    }

    /// The top-level blocks, in order.
    var blocks: [Block] = []

    /// Parses `text` with the block structure `options` give and lists its top-level blocks, or
    /// gives `nil` when the complexity guard refuses the text (nothing may be decided from it then).
    static func scan(_ text: UnsafeBufferPointer<UInt8>, options: MarkdownFrontend.Options) -> TopLevelBlockScan? {
        guard (try? MarkdownComplexityGuard(maxDepth: options.maxDepth, maxComplexity: options.maxComplexity).check(text)) != nil else {
            return nil
        }
        return CmarkLibrary.withLock {
            var cmarkOptions = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
            if options.footnotes { cmarkOptions |= CMARK_OPT_FOOTNOTES }
            let parser = cmark_parser_new(cmarkOptions)!
            defer { cmark_parser_free(parser) }
            for ext in MarkdownExtension.allCases where options.extensions.contains(ext) && ext != .tagfilter {
                if let pointer = CmarkLibrary.syntaxExtension(for: ext) {
                    cmark_parser_attach_syntax_extension(parser, pointer)
                }
            }
            text.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
            let root = cmark_parser_finish(parser)!
            defer { cmark_node_free(root) }
            var scan = TopLevelBlockScan()
            var node = cmark_node_first_child(root)
            while let current = node {
                scan.blocks.append(Block(startLine: Int(cmark_node_get_start_line(current)),
                                         endLine: Int(cmark_node_get_end_line(current))))
                node = cmark_node_next(current)
            }
            return scan
        }
    }
}
