#include "CCmarkExtensions.h"
#include <cmark-gfm/node.h>
#include <stdint.h>

const char transmark_synthetic_node_marker = 0;
const char transmark_footnote_position_marker = 0;

int transmark_node_is_footnote_position(cmark_node *node) {
    return node->user_data == TRANSMARK_FOOTNOTE_POSITION;
}

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

/* Leaves never get an exit event: the node types whose literal is their content, and breaks. */
static int is_leaf(cmark_node *node) {
    switch (node->type) {
    case CMARK_NODE_TEXT: case CMARK_NODE_CODE: case CMARK_NODE_HTML_INLINE: case CMARK_NODE_HTML_BLOCK:
    case CMARK_NODE_CODE_BLOCK: case CMARK_NODE_THEMATIC_BREAK: case CMARK_NODE_SOFTBREAK:
    case CMARK_NODE_LINEBREAK: case CMARK_NODE_FOOTNOTE_REFERENCE:
        return 1;
    default:
        return 0;
    }
}

transmark_walk_state transmark_walk_begin(cmark_node *root) {
    transmark_walk_state state = { root, root, 1, root == NULL };
    return state;
}

size_t transmark_walk_next(transmark_walk_state *state, transmark_walk_event *events, size_t capacity) {
    size_t count = 0;
    cmark_node *node = state->current;
    int entering = state->entering;
    while (!state->done && count < capacity) {
        if (entering && node->user_data == TRANSMARK_SYNTHETIC_NODE && node != state->root) {
            /* A node a chunked parse added for the library's sake: no events for it or its content. */
            if (node->next) {
                node = node->next;
            } else {
                node = node->parent;
                entering = 0;
            }
            continue;
        }
        transmark_walk_event *event = &events[count++];
        event->node = node;
        event->type = node->type;
        event->entering = (uint8_t)entering;
        event->literal = NULL;
        event->literal_length = 0;
        if (entering) {
            switch (node->type) {
            case CMARK_NODE_TEXT: case CMARK_NODE_CODE: case CMARK_NODE_HTML_INLINE: case CMARK_NODE_HTML_BLOCK:
                event->literal = node->as.literal.data;
                event->literal_length = node->as.literal.len;
                break;
            case CMARK_NODE_CODE_BLOCK:
                event->literal = node->as.code.literal.data;
                event->literal_length = node->as.code.literal.len;
                break;
            default:
                break;
            }
        }
        /* Advance. */
        if (entering && !is_leaf(node) && node->first_child) {
            node = node->first_child;
            entering = 1;
        } else if (entering && !is_leaf(node)) {
            entering = 0; /* an empty container: exit it next */
        } else if (node == state->root) {
            state->done = 1;
        } else if (node->next) {
            node = node->next;
            entering = 1;
        } else {
            node = node->parent;
            entering = 0;
        }
    }
    state->current = node;
    state->entering = entering;
    return count;
}
