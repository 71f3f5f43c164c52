#include "TransmarkArena.h"
#include <cmark-gfm.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Bump allocators for libcmark-gfm. Every allocation is preceded by a header holding its size
   (for realloc); free is a no-op, everything goes at once when the arena is reset. */

typedef struct arena_block {
    struct arena_block *next;
    size_t used;
    size_t size;
    /* Bytes before this offset may be nonzero (written before a rewind); the rest is zero. */
    size_t dirty;
    /* Length of the mapping when the block was mapped directly (0: it came from calloc). */
    size_t mapped;
    max_align_t data[];
} arena_block;

struct transmark_arena {
    /* Blocks in allocation order; `current` is the one allocations come from. */
    arena_block *first;
    arena_block *current;
    size_t next_size;
    size_t max_block;
};

#define HUGE_PAGE ((size_t)2 << 20)
/* Blocks at least this large are mapped directly, aligned to and advised for huge pages. */
#define ARENA_MAP_THRESHOLD ((size_t)4 << 20)
/* Blocks at least this large (and below ARENA_MAP_THRESHOLD) are mapped directly too, without
   huge pages: unmapping gives their memory back to the system at once, where freed heap memory
   stays with the process. The block trees of a chunked parse are freed chunk by chunk while the
   document grows in fresh memory; on the heap they would all stay resident until the end. */
#define ARENA_SMALL_MAP_THRESHOLD ((size_t)128 << 10)
#define SMALL_PAGE ((size_t)4 << 10)
#define ARENA_HEADER 16

/* A block of `size` usable bytes (zero from `dirty` on). Large blocks are anonymous mappings aligned to 2 MiB
   and advised for transparent huge pages: libcmark-gfm touches every byte of its tree once, and
   one 2 MiB fault costs far less than 512 small ones (the kernel clears pages either way). */
static arena_block *arena_new_block(size_t size) {
    size_t total = sizeof(arena_block) + size;
    arena_block *block;
    size_t dirty = 0;
    if (total < ARENA_SMALL_MAP_THRESHOLD) {
        /* Heap memory may hold old data: all of it counts as dirty (calloc clears what it hands out). */
        block = malloc(total);
        if (block == NULL) abort();
        block->mapped = 0;
        dirty = size;
    } else if (total < ARENA_MAP_THRESHOLD) {
        size_t length = (total + SMALL_PAGE - 1) & ~(SMALL_PAGE - 1);
        void *raw = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED) abort();
        block = (arena_block *)raw;
        block->mapped = length;
    } else {
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
        block = (arena_block *)aligned;
        block->mapped = length;
    }
    block->next = NULL;
    block->used = 0;
    block->size = size;
    block->dirty = dirty;
    return block;
}

static void arena_free_block(arena_block *block) {
    if (block->mapped) munmap(block, block->mapped);
    else free(block);
}

static void arena_init(transmark_arena *arena, size_t first_block, size_t max_block) {
    arena->first = NULL;
    arena->current = NULL;
    arena->next_size = first_block;
    arena->max_block = max_block;
}

transmark_arena *transmark_arena_create(size_t first_block, size_t max_block) {
    transmark_arena *arena = malloc(sizeof(transmark_arena));
    if (arena == NULL) abort();
    arena_init(arena, first_block, max_block);
    return arena;
}

static void arena_release_blocks(transmark_arena *arena) {
    arena_block *block = arena->first;
    while (block) {
        arena_block *next = block->next;
        arena_free_block(block);
        block = next;
    }
    arena->first = NULL;
    arena->current = NULL;
}

void transmark_arena_destroy(transmark_arena *arena) {
    if (arena == NULL) return;
    arena_release_blocks(arena);
    free(arena);
}

void transmark_arena_rewind(transmark_arena *arena) {
    /* Keep the blocks for the next parse, so a sequence of parses reuses memory that is already
       mapped and cached. What was used is now dirty: calloc zeroes what it hands out of it
       (libcmark-gfm's buffers grow by realloc and need no zeroing, so most of it never is). */
    for (arena_block *block = arena->first; block; block = block->next) {
        if (block->used > block->dirty) block->dirty = block->used;
        block->used = 0;
    }
    arena->current = arena->first;
}

/* The arena allocations go to: the one activated on this thread, else the thread's own. */
static __thread transmark_arena thread_arena = { NULL, NULL, (size_t)1 << 20, (size_t)64 << 20 };
static __thread transmark_arena *active_arena = NULL;

static inline transmark_arena *arena_in_use(void) {
    return active_arena ? active_arena : &thread_arena;
}

transmark_arena *transmark_arena_activate(transmark_arena *arena) {
    transmark_arena *previous = active_arena;
    active_arena = arena;
    return previous;
}

static void *arena_allocate(size_t bytes) {
    if (bytes > ((size_t)-1) / 2) abort();
    transmark_arena *arena = arena_in_use();
    size_t need = (bytes + ARENA_HEADER + 15) & ~(size_t)15;
    arena_block *block = arena->current;
    /* Move on through blocks kept by a rewind, then add a new one. */
    while (block != NULL && block->size - block->used < need && block->next != NULL) {
        block = block->next;
        arena->current = block;
    }
    if (block == NULL || block->size - block->used < need) {
        size_t size = arena->next_size;
        while (size < need) size *= 2;
        if (arena->next_size < arena->max_block) arena->next_size *= 2;
        arena_block *fresh = arena_new_block(size);
        if (block) block->next = fresh; else arena->first = fresh;
        arena->current = fresh;
        block = fresh;
    }
    char *start = (char *)block->data + block->used;
    block->used += need;
    *(size_t *)start = bytes;
    return start + ARENA_HEADER;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > ((size_t)-1) / size) abort();
    size_t bytes = count * size;
    char *pointer = arena_allocate(bytes);
    /* Fresh blocks are zero; only what lies below the block's dirty mark needs clearing. */
    arena_block *block = arena_in_use()->current;
    size_t offset = (size_t)(pointer - (char *)block->data);
    if (offset < block->dirty) {
        size_t dirty = block->dirty - offset;
        memset(pointer, 0, bytes < dirty ? bytes : dirty);
    }
    return pointer;
}

static void *arena_realloc(void *pointer, size_t size) {
    if (pointer == NULL) return arena_allocate(size);
    size_t old = *(size_t *)((char *)pointer - ARENA_HEADER);
    if (size <= old) return pointer;
    if (size > ((size_t)-1) / 2) abort();
    /* The newest allocation of the current block grows in place when the block has room:
       libcmark-gfm grows each block's content buffer line by line, and copying it every time
       would leave every earlier size behind as dead arena space. */
    arena_block *block = arena_in_use()->current;
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

static cmark_mem arena_mem = { arena_calloc, arena_realloc, arena_free };

cmark_mem *transmark_thread_arena(void) { return &arena_mem; }

void transmark_thread_arena_expect(size_t input_bytes) {
    /* libcmark-gfm allocates roughly ten times its input: start near that, within bounds. */
    size_t size = input_bytes * 4;
    if (size < ((size_t)64 << 10)) size = (size_t)64 << 10;
    if (size > ((size_t)64 << 20)) size = (size_t)64 << 20;
    if (thread_arena.first == NULL) thread_arena.next_size = size;
}

void transmark_thread_arena_reset(void) {
    arena_release_blocks(&thread_arena);
    thread_arena.next_size = (size_t)1 << 20;
}
