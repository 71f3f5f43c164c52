#ifndef TRANSMARK_MATH_H
#define TRANSMARK_MATH_H

/* Math in Markdown as a libcmark-gfm inline syntax extension (the library has none).

   `$…$` and `$$…$$` are matched where the inline parser meets `$`, so code spans, code blocks,
   raw HTML and link destinations are never read as math, and nothing inside math is read as
   emphasis or a backslash escape. `\(…\)` and `\[…\]` cannot be matched that way (the library
   handles `\` itself, before any extension), so the reader first replaces the backslash of each
   pair with TRANSMARK_MATH_MARKER (U+FDD1, a noncharacter the input does not hold); the extension
   matches the marked pairs and gives any marker it meets back as the bracket alone, as CommonMark
   reads `\(`. Math becomes a code node whose user data is TRANSMARK_INLINE_MATH or
   TRANSMARK_DISPLAY_MATH, its literal the TeX source with markers given back as `\`.

   The rule for `$` (pandoc's tex_math_dollars): an opening `$` has a non-space character right
   after it; the closing `$` is the first unescaped `$` after it (`\` takes the next byte with it),
   has a non-space character right before it and no digit right after it. Otherwise the opening
   `$` is text: `$5 and $10` stays text. `$$` opens display math closed by the next unescaped
   `$$` (whitespace allowed inside, trimmed); without one, `$$` is text. */

#include <stdint.h>

typedef struct cmark_node cmark_node;
typedef struct cmark_syntax_extension cmark_syntax_extension;

/** The marker's UTF-8 bytes: U+FDD1. */
#define TRANSMARK_MATH_MARKER_0 0xEF
#define TRANSMARK_MATH_MARKER_1 0xB7
#define TRANSMARK_MATH_MARKER_2 0x91

extern const char transmark_inline_math_marker;
extern const char transmark_display_math_marker;
#define TRANSMARK_INLINE_MATH ((void *)&transmark_inline_math_marker)
#define TRANSMARK_DISPLAY_MATH ((void *)&transmark_display_math_marker)

/** The math syntax extension, created once (thread-safe). Attach it to a parser to read math. */
cmark_syntax_extension *transmark_math_extension(void);

/** 1 for an inline math node, 2 for display math, 0 for any other node. */
int transmark_node_math_kind(cmark_node *node);

#endif
