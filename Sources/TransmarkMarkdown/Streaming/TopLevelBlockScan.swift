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
    /// The fence of the last block when it is a fenced code block that no line has closed yet
    /// (its character and length): until a line closes it, no line can start another block.
    var openFence: (character: UInt8, length: Int)?

    /// Where the run of the fence's character that could close it ends, in the line of `text`
    /// starting at `start` (after at most three spaces), or nil when there is no run as long as
    /// the fence: a line can close the fence only when this is not nil (and only spaces follow).
    static func closingRunEnd<Text: RandomAccessCollection<UInt8>>(in text: Text, from start: Int,
                                                                  _ fence: (character: UInt8, length: Int)) -> Int? where Text.Index == Int {
        var k = start
        while k < text.endIndex, k - start < 3, text[k] == 0x20 { k += 1 }
        var run = 0
        while k < text.endIndex, text[k] == fence.character { run += 1; k += 1 }
        return run >= fence.length ? k : nil
    }

    /// Whether line `number` (1-based) of `text` closes a fenced code block of `fence`: at most
    /// three spaces, the fence's character at least as many times, then only white space.
    static func closes(line number: Int, of text: UnsafeBufferPointer<UInt8>, _ fence: (character: UInt8, length: Int)) -> Bool {
        var start = 0, line = 1
        while line < number, start < text.count {
            guard let feed = text[start...].firstIndex(of: 0x0A) else { return false }
            start = feed + 1
            line += 1
        }
        guard var k = closingRunEnd(in: text, from: start, fence) else { return false }
        while k < text.count, text[k] != 0x0A {
            guard text[k] == 0x20 || text[k] == 0x09 || text[k] == 0x0D else { return false }
            k += 1
        }
        return true
    }

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
            if let last = cmark_node_last_child(root), cmark_node_get_type(last) == CMARK_NODE_CODE_BLOCK {
                var length: Int32 = 0, offset: Int32 = 0
                var character: CChar = 0
                if cmark_node_get_fenced(last, &length, &offset, &character) != 0, length > 0 {
                    let fence = (character: UInt8(bitPattern: character), length: Int(length))
                    let start = Int(cmark_node_get_start_line(last)), end = Int(cmark_node_get_end_line(last))
                    if end == start || !closes(line: end, of: text, fence) { scan.openFence = fence }
                }
            }
            return scan
        }
    }
}
