#ifndef TRANSMARK_CMARK_NODE_ACCESS_H
#define TRANSMARK_CMARK_NODE_ACCESS_H

/* Read-only accessors for cmark_node fields that libcmark-gfm 0.29's public API does not expose,
   or exposes only through allocating copies (cmark_node_get_literal NUL-terminates a fresh copy of
   most text). They read the node struct declared in the -dev package's own internal headers,
   which always match the installed library version (same Debian package). */

#include <stddef.h>
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

#include "TransmarkArena.h"
#include "TransmarkAutolink.h"
#include "TransmarkChunkedParse.h"
#include "TransmarkMath.h"
#include "TransmarkTasklist.h"

/** The user data of nodes that a chunked parse adds to a tree only for the library's sake (see
    TransmarkChunkedParse.h); walks skip them and everything inside them. */
extern const char transmark_synthetic_node_marker;
#define TRANSMARK_SYNTHETIC_NODE ((void *)&transmark_synthetic_node_marker)

/** The user data of the empty HTML block nodes a chunked parse puts where a footnote definition
    was written (their literal is the definition's label); see TransmarkChunkedParse.h. */
extern const char transmark_footnote_position_marker;
#define TRANSMARK_FOOTNOTE_POSITION ((void *)&transmark_footnote_position_marker)

/** Whether a node is such a footnote position marker. */
int transmark_node_is_footnote_position(cmark_node *node);

/** One event of a depth-first walk: containers are entered and exited, leaves only entered.
    Nodes marked TRANSMARK_SYNTHETIC_NODE are skipped with their content. */
typedef struct {
    cmark_node *node;
    /** The literal of text-bearing leaves (text, code, HTML, code block), else NULL. */
    const uint8_t *literal;
    int32_t literal_length;
    /** The node type (cmark_node_type). */
    uint32_t type;
    /** 1 when entering, 0 when exiting. */
    uint8_t entering;
} transmark_walk_event;

/** Where a walk stands between batches. */
typedef struct {
    cmark_node *root;
    cmark_node *current;
    int entering;
    int done;
} transmark_walk_state;

/** Starts a walk of the tree under root. */
transmark_walk_state transmark_walk_begin(cmark_node *root);

/** Writes up to capacity events of the walk; returns how many (0 when the walk is over). */
size_t transmark_walk_next(transmark_walk_state *state, transmark_walk_event *events, size_t capacity);

#endif
