#include "CCmarkNodeAccess.h"
#include <cmark-gfm/node.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* ---- Thread-local arena ---- */

typedef struct arena_block {
    struct arena_block *previous;
    size_t used;
    size_t size;
    /* Length of the mapping when the block was mapped directly (0: it came from calloc). */
    size_t mapped;
    max_align_t data[];
} arena_block;

#define HUGE_PAGE ((size_t)2 << 20)
/* Blocks at least this large are mapped directly, aligned to and advised for huge pages. */
#define ARENA_MAP_THRESHOLD ((size_t)4 << 20)

/* A zeroed block of `size` usable bytes. Large blocks are anonymous mappings aligned to 2 MiB
   and advised for transparent huge pages: libcmark-gfm touches every byte of its tree once, and
   one 2 MiB fault costs far less than 512 small ones (the kernel clears pages either way). */
static arena_block *arena_new_block(size_t size) {
    size_t total = sizeof(arena_block) + size;
    if (total < ARENA_MAP_THRESHOLD) {
        arena_block *block = calloc(1, total);
        if (block == NULL) abort();
        block->mapped = 0;
        return block;
    }
    size_t length = (total + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    char *raw = mmap(NULL, length + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) abort();
    char *aligned = (char *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (aligned > raw) munmap(raw, (size_t)(aligned - raw));
    size_t tail = (size_t)((raw + length + HUGE_PAGE) - (aligned + length));
    if (tail > 0) munmap(aligned + length, tail);
#ifdef MADV_HUGEPAGE
    madvise(aligned, length, MADV_HUGEPAGE);
#endif
    arena_block *block = (arena_block *)aligned;
    block->mapped = length;
    return block;
}

static void arena_free_block(arena_block *block) {
    if (block->mapped) munmap(block, block->mapped);
    else free(block);
}


static __thread arena_block *arena_current = NULL;
static __thread size_t arena_next_size = 1 << 20;

/* Every allocation is preceded by a header holding its size (for realloc). */
#define ARENA_HEADER 16

static void *arena_allocate(size_t bytes) {
    if (bytes > ((size_t)-1) / 2) abort();
    size_t need = (bytes + ARENA_HEADER + 15) & ~(size_t)15;
    arena_block *block = arena_current;
    if (block == NULL || block->size - block->used < need) {
        size_t size = arena_next_size;
        while (size < need) size *= 2;
        if (arena_next_size < ((size_t)64 << 20)) arena_next_size *= 2;
        block = arena_new_block(size);
        block->previous = arena_current;
        block->used = 0;
        block->size = size;
        arena_current = block;
    }
    char *start = (char *)block->data + block->used;
    block->used += need;
    *(size_t *)start = bytes;
    return start + ARENA_HEADER;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > ((size_t)-1) / size) abort();
    /* Blocks come zeroed from calloc and are never reused before a reset. */
    return arena_allocate(count * size);
}

static void *arena_realloc(void *pointer, size_t size) {
    if (pointer == NULL) return arena_allocate(size);
    size_t old = *(size_t *)((char *)pointer - ARENA_HEADER);
    if (size <= old) return pointer;
    if (size > ((size_t)-1) / 2) abort();
    /* The newest allocation of the current block grows in place when the block has room:
       libcmark-gfm grows each block's content buffer line by line, and copying it every time
       would leave every earlier size behind as dead arena space. */
    arena_block *block = arena_current;
    if (block != NULL) {
        char *start = (char *)pointer - ARENA_HEADER;
        size_t old_need = (old + ARENA_HEADER + 15) & ~(size_t)15;
        size_t new_need = (size + ARENA_HEADER + 15) & ~(size_t)15;
        if (start + old_need == (char *)block->data + block->used
            && new_need - old_need <= block->size - block->used) {
            block->used += new_need - old_need;
            *(size_t *)start = size;
            return pointer;
        }
    }
    void *grown = arena_allocate(size);
    memcpy(grown, pointer, old);
    return grown;
}

static void arena_free(void *pointer) { (void)pointer; }

static cmark_mem thread_arena_mem = { arena_calloc, arena_realloc, arena_free };

cmark_mem *transmark_thread_arena(void) { return &thread_arena_mem; }

void transmark_thread_arena_expect(size_t input_bytes) {
    /* libcmark-gfm allocates roughly ten times its input: start near that, within bounds. */
    size_t size = input_bytes * 4;
    if (size < ((size_t)64 << 10)) size = (size_t)64 << 10;
    if (size > ((size_t)64 << 20)) size = (size_t)64 << 20;
    if (arena_current == NULL) arena_next_size = size;
}

void transmark_thread_arena_reset(void) {
    arena_block *block = arena_current;
    while (block) {
        arena_block *previous = block->previous;
        arena_free_block(block);
        block = previous;
    }
    arena_current = NULL;
    arena_next_size = 1 << 20;
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
