#ifndef TRANSMARK_CHUNKED_PARSE_H
#define TRANSMARK_CHUNKED_PARSE_H

#include <stddef.h>
#include <stdint.h>

typedef struct cmark_node cmark_node;
typedef struct cmark_syntax_extension cmark_syntax_extension;

/** A Markdown document parsed by libcmark-gfm in pieces, giving the same tree as one parse.

    libcmark-gfm keeps the whole tree of a document in memory and walks it several times; on large
    inputs that is mostly cache misses and page faults. This splits the input into chunks of about
    `target` bytes at lines where a new top-level block must start whatever came before (a blank
    line followed by a line at column 0 that cannot continue a list: see `chunked_parse.c`), and
    only where the parser confirms that no fenced code or HTML block is still open there.

    All chunks are block-parsed first (`transmark_chunked_parse_new`), which finds every link
    reference definition and footnote definition of the document; then each chunk's inlines are
    parsed (`transmark_chunked_parse_finish`) with the whole document's definitions in view, in
    document order (the first definition of a label wins, as in one parse). Footnote definitions
    from other chunks are stood in for by marked nodes (TRANSMARK_SYNTHETIC_NODE) that walks skip;
    each chunk's own definitions come back at the end of its tree (a hidden paragraph references
    them so the library keeps them), an empty HTML block marked TRANSMARK_FOOTNOTE_POSITION shows
    where each was written, and whoever assembles the chunks places the definitions at the end of
    the document, numbered as one parse numbers them (see FootnoteCollector), including references
    made only from inside a definition that an earlier one of the same label overrides. One case
    differs: when the two labels differ beyond ASCII case (Unicode case folding), such references
    are not counted. Documents below twice the chunk size are parsed in one piece.

    Not thread-safe: call under the same lock as any other libcmark-gfm call. Allocations go to
    arenas owned by this object. The input is read only by `transmark_chunked_parse_new`: the
    caller may free it as soon as that returns. */
typedef struct transmark_chunked_parse transmark_chunked_parse;

/** The label prefix of footnote definitions that an earlier definition of the same label
    overrides: the chunked parse renames them so their references can be counted; they are never
    shown. */
#define TRANSMARK_OVERRIDDEN_FOOTNOTE_PREFIX "\x01transmark-overridden-"

/** Splits and block-parses `input`. `options` are cmark options; the extensions are attached to
    every chunk's parser. With `release_input` nonzero the caller gives up the input's contents:
    as chunks are parsed, the whole memory pages of the input before them are returned to the
    system (`madvise(MADV_DONTNEED)`; they read as zeros afterwards), so the input and the block
    trees are not all in memory at once. The caller must own the memory exclusively. */
transmark_chunked_parse *transmark_chunked_parse_new(const uint8_t *input, size_t length, int options,
                                                     cmark_syntax_extension *const *extensions,
                                                     size_t extension_count, size_t target,
                                                     int release_input);

/** How many chunks the input was split into. */
size_t transmark_chunked_parse_count(const transmark_chunked_parse *parse);

/** Whether the document has footnote definitions (then chunk trees end with the chunk's own used
    definitions, which belong at the end of the whole document). */
int transmark_chunked_parse_has_footnotes(const transmark_chunked_parse *parse);

/** Parses the inlines of chunk `index` and returns its tree. Call for 0, 1, 2, … in order; a tree
    is valid until the next call or until the parse is freed. */
cmark_node *transmark_chunked_parse_finish(transmark_chunked_parse *parse, size_t index);

/** Frees the parse and every tree it returned. */
void transmark_chunked_parse_free(transmark_chunked_parse *parse);

#endif
