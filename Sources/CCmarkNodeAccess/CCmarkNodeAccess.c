#include "CCmarkNodeAccess.h"
#include <cmark-gfm/node.h>

static transmark_bytes make_bytes(cmark_chunk chunk) {
    transmark_bytes bytes = { chunk.data, chunk.len };
    return bytes;
}

transmark_bytes transmark_node_literal(cmark_node *node) {
    if (node->type == CMARK_NODE_CODE_BLOCK) return make_bytes(node->as.code.literal);
    return make_bytes(node->as.literal);
}

transmark_bytes transmark_node_info(cmark_node *node) { return make_bytes(node->as.code.info); }

transmark_bytes transmark_node_url(cmark_node *node) { return make_bytes(node->as.link.url); }

transmark_bytes transmark_node_title(cmark_node *node) { return make_bytes(node->as.link.title); }

uint8_t transmark_node_bullet_char(cmark_node *node) {
    return node->as.list.list_type == CMARK_BULLET_LIST ? node->as.list.bullet_char : 0;
}

cmark_node *transmark_node_footnote_definition(cmark_node *node) { return node->parent_footnote_def; }
