#ifndef TRANSMARK_CMARK_NODE_ACCESS_H
#define TRANSMARK_CMARK_NODE_ACCESS_H

/* Read-only accessors for cmark_node fields that libcmark-gfm 0.29's public API does not expose,
   or exposes only through allocating copies (cmark_node_get_literal NUL-terminates a fresh copy of
   most text). They read the node struct declared in the -dev package's own internal headers,
   which always match the installed library version (same Debian package). */

#include <stdint.h>

typedef struct cmark_node cmark_node;

/** A borrowed byte range inside a node; valid while the node lives. */
typedef struct {
    const uint8_t *data;
    int32_t length;
} transmark_bytes;

/** The literal of text, code, inline/block HTML and footnote nodes, or the code of a code block. */
transmark_bytes transmark_node_literal(cmark_node *node);
/** The info string of a code block. */
transmark_bytes transmark_node_info(cmark_node *node);
/** The destination of a link or image. */
transmark_bytes transmark_node_url(cmark_node *node);
/** The title of a link or image. */
transmark_bytes transmark_node_title(cmark_node *node);
/** The bullet character of a bullet list ('-', '*' or '+'), 0 for ordered lists. */
uint8_t transmark_node_bullet_char(cmark_node *node);
/** The footnote definition a footnote reference points to, or NULL. */
cmark_node *transmark_node_footnote_definition(cmark_node *node);

#endif
