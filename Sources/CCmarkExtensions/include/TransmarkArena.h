#ifndef TRANSMARK_ARENA_H
#define TRANSMARK_ARENA_H

#include <stddef.h>

typedef struct cmark_mem cmark_mem;

/** An allocator for libcmark-gfm that bump-allocates from blocks: a parse allocates its whole
    tree without one malloc per node, and frees it all at once. Allocations made through
    `transmark_thread_arena()` go to the arena activated on the calling thread
    (`transmark_arena_activate`), or else to the thread's own arena, so conversions on different
    threads never share one. Memory freed by the library is only reclaimed when the arena is reset. */
cmark_mem *transmark_thread_arena(void);

/** Sizes the calling thread's next arena block for a parse of this many input bytes. */
void transmark_thread_arena_expect(size_t input_bytes);

/** Frees every block of the calling thread's own arena. */
void transmark_thread_arena_reset(void);

/** An arena object, for parses that keep several trees apart (see TransmarkChunkedParse.h). */
typedef struct transmark_arena transmark_arena;

/** A new, empty arena whose blocks start at `first_block` bytes and double up to `max_block`. */
transmark_arena *transmark_arena_create(size_t first_block, size_t max_block);

/** Frees an arena and everything allocated from it. */
void transmark_arena_destroy(transmark_arena *arena);

/** Forgets everything allocated from the arena but keeps (and zeroes) its blocks for reuse. */
void transmark_arena_rewind(transmark_arena *arena);

/** Sends the calling thread's allocations to `arena` (NULL: the thread's own arena); returns the
    arena that was active before, to restore. */
transmark_arena *transmark_arena_activate(transmark_arena *arena);

#endif
