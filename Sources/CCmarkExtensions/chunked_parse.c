#include "TransmarkChunkedParse.h"
#include "TransmarkArena.h"
#include "CCmarkExtensions.h"
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm/parser.h>
#include <cmark-gfm/map.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* See TransmarkChunkedParse.h. Why a split point is safe:

   At the start of a line L that follows a blank line and begins at column 0 with a character that
   is neither whitespace nor a list marker, one parse of the whole document has closed every
   container: paragraphs, block quotes and tables close at the blank line; list items and
   footnote definitions need their content indented and close at L (no lazy continuation after a
   blank line); a list without a matching item closes when L starts another block. The only blocks
   that could still take L as content are fenced code blocks and HTML blocks (types 1 to 5 run
   over blank lines), and those the parser's open block chain shows (`chunk_is_clean`). So L starts
   a top-level block with nothing open, exactly as it does as the first line of a fresh parser.
   Nothing before L depends on what follows it either: a list's tightness ignores blank lines after
   its last item. What does cross chunks — link reference and footnote definitions — is handed to
   every chunk before its inlines are parsed. */

/* What a chunk's text could reference as footnotes (see find_candidates). */
typedef struct {
    unsigned char **keys;
    size_t count, capacity;
    int everything;
} footnote_candidates;

/* A footnote definition with an ASCII key, for sorting by key, then document order. */
typedef struct {
    const unsigned char *key;
    size_t index;
} keyed_footnote;

typedef struct {
    transmark_arena *arena; /* the chunk's parser and block tree; freed once the chunk is done */
    cmark_parser *parser;
    size_t start, end;                     /* the chunk's bytes in the input */
    size_t reference_begin, reference_end; /* this chunk's definitions in `references` */
    size_t footnote_begin, footnote_end;   /* this chunk's footnote definitions in `footnotes` */
    footnote_candidates candidates;        /* what its text may reference (footnotes option only) */
} chunk_info;

struct transmark_chunked_parse {
    transmark_arena *inlines; /* the inline parse of the current chunk */
    size_t finished;          /* chunks before this one are done and their arenas freed */
    chunk_info *chunks;
    size_t count, capacity;
    /* Every link reference definition, in document order (label, URL and title are copies the
       parse owns; ages are positions in this array), and the lookup table libcmark-gfm reads:
       sorted by label, then age, one entry per label (the first definition wins). */
    cmark_reference *references;
    size_t reference_count, reference_capacity;
    cmark_map_entry **sorted_references;
    size_t sorted_reference_count;
    cmark_chunk *footnotes; /* labels (literal) of footnote definitions, in document order; copies */
    cmark_node **footnote_nodes; /* the definitions themselves, in their chunk's block tree */
    unsigned char **footnote_keys; /* labels ASCII-lowercased, NULL when not all ASCII */
    size_t footnote_count, footnote_capacity;
    /* Made once all chunks are block-parsed (index_footnotes), so that no chunk compares its
       definitions with every other one (that was quadratic in the number of footnotes): */
    keyed_footnote *footnotes_by_key; /* definitions with an ASCII key, by key, then index */
    size_t keyed_count;
    size_t *unkeyed_footnotes;   /* indices of definitions without one, in document order */
    size_t unkeyed_count;
    unsigned char *overridden;   /* per definition: an earlier one has the same ASCII key */
    size_t *selected;            /* scratch: the definitions a chunk may reference */
};

/* Node insertions below cannot fail (a document, and every block that can hold a footnote
   definition, can hold these nodes); if one ever did, only footnote numbering would be affected,
   so their results are not checked. Allocation failure aborts, as libcmark-gfm's own does. */
static void *grow(void *array, size_t *capacity, size_t needed, size_t element) {
    if (needed <= *capacity) return array;
    size_t next = *capacity ? *capacity * 2 : 16;
    while (next < needed) next *= 2;
    void *grown = realloc(array, next * element);
    if (grown == NULL) abort();
    *capacity = next;
    return grown;
}

static cmark_chunk copy_chunk(cmark_chunk chunk) {
    cmark_chunk copy = { NULL, chunk.len, 0 };
    unsigned char *bytes = malloc((size_t)chunk.len + 1);
    if (bytes == NULL) abort();
    if (chunk.len > 0) memcpy(bytes, chunk.data, (size_t)chunk.len);
    bytes[chunk.len] = 0;
    copy.data = bytes;
    return copy;
}

static void free_chunk(cmark_chunk chunk) { free(chunk.data); }

/* A footnote label ASCII-lowercased (NUL-terminated, malloc'd), or NULL when it has a non-ASCII
   byte (then only a full Unicode case fold could compare it). */
static unsigned char *ascii_key(const unsigned char *label, size_t length) {
    unsigned char *key = malloc(length + 1);
    if (key == NULL) abort();
    for (size_t i = 0; i < length; i++) {
        unsigned char c = label[i];
        if (c >= 0x80) { free(key); return NULL; }
        key[i] = (c >= 'A' && c <= 'Z') ? (unsigned char)(c + 32) : c;
    }
    key[length] = 0;
    return key;
}

static int compare_keys(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* What a chunk's text could reference as footnotes: the ASCII-lowercased text after each "[^" up
   to the next "]". Sets *everything when some of it is not ASCII (compare every label then). */

static void find_candidates(const uint8_t *text, size_t length, footnote_candidates *found) {
    found->count = 0;
    found->everything = 0;
    size_t p = 0;
    while (p + 1 < length) {
        const uint8_t *open = memchr(text + p, '[', length - 1 - p);
        if (open == NULL) break;
        size_t start = (size_t)(open - text) + 2;
        p = start - 1;
        if (open[1] != '^') continue;
        size_t limit = start + 1000 < length ? start + 1000 : length;
        const uint8_t *close = memchr(text + start, ']', limit - start);
        size_t end = close ? (size_t)(close - text) : limit;
        unsigned char *key = ascii_key(text + start, end - start);
        if (key == NULL) { found->everything = 1; return; }
        found->keys = grow(found->keys, &found->capacity, found->count + 1, sizeof(unsigned char *));
        found->keys[found->count++] = key;
    }
    qsort(found->keys, found->count, sizeof(unsigned char *), compare_keys);
}

static void clear_candidates(footnote_candidates *found) {
    for (size_t i = 0; i < found->count; i++) free(found->keys[i]);
    found->count = 0;
}

/* Whether a line starting with byte c at column 0, after a blank line, must start a new
   top-level block: not whitespace or a line end, not a possible list marker, not a BOM. */
static int safe_line_start(uint8_t c) {
    switch (c) {
    case ' ': case '\t': case '\r': case '\n': case '\v': case '\f': case 0:
    case '-': case '+': case '*': case 0xEF:
        return 0;
    default:
        return c < '0' || c > '9';
    }
}

/* The first split candidate after `from`: the start of a line that follows a blank line (spaces
   and tabs only) and begins with a safe character. `length` when there is none. */
static size_t next_candidate(const uint8_t *s, size_t length, size_t from) {
    size_t p = from;
    while (p < length) {
        const uint8_t *newline = memchr(s + p, '\n', length - p);
        if (newline == NULL) return length;
        size_t line_end = (size_t)(newline - s);
        size_t next = line_end + 1;
        if (next >= length) return length;
        if (safe_line_start(s[next])) {
            size_t q = line_end;
            int blank = 1;
            while (q > 0 && s[q - 1] != '\n') {
                uint8_t c = s[q - 1];
                if (c != ' ' && c != '\t' && !(c == '\r' && q == line_end)) { blank = 0; break; }
                q--;
            }
            if (blank && line_end > 0) return next;
        }
        p = next;
    }
    return length;
}

/* Whether the parser, fed up to a candidate, has no block open that could take the next line. */
static int chunk_is_clean(cmark_parser *parser) {
    if (parser->linebuf.size != 0) return 0;
    for (cmark_node *node = parser->current; node != NULL; node = node->parent) {
        if (node->type == CMARK_NODE_CODE_BLOCK || node->type == CMARK_NODE_HTML_BLOCK) return 0;
    }
    return 1;
}

static void collect_references(transmark_chunked_parse *parse, chunk_info *chunk) {
    cmark_map *map = chunk->parser->refmap;
    size_t base = parse->reference_count;
    chunk->reference_begin = base;
    chunk->reference_end = base + map->size;
    parse->references = grow(parse->references, &parse->reference_capacity,
                             base + map->size, sizeof(cmark_reference));
    memset(&parse->references[base], 0, map->size * sizeof(cmark_reference));
    /* Entries are listed newest first; their ages are 0 ..< size in definition order. */
    for (cmark_map_entry *entry = map->refs; entry; entry = entry->next) {
        if (entry->age >= map->size) continue; /* cannot happen: ages are 0 ..< size */
        cmark_reference *reference = (cmark_reference *)entry;
        cmark_reference *global = &parse->references[base + entry->age];
        size_t label_length = strlen((const char *)entry->label);
        global->entry.label = malloc(label_length + 1);
        if (global->entry.label == NULL) abort();
        memcpy(global->entry.label, entry->label, label_length + 1);
        global->entry.age = (unsigned int)(base + entry->age);
        global->url = copy_chunk(reference->url);
        global->title = copy_chunk(reference->title);
    }
    parse->reference_count = chunk->reference_end;
}

static int compare_references(const void *a, const void *b) {
    const cmark_map_entry *x = *(cmark_map_entry *const *)a, *y = *(cmark_map_entry *const *)b;
    int order = strcmp((const char *)x->label, (const char *)y->label);
    if (order != 0) return order;
    return x->age < y->age ? -1 : (x->age > y->age ? 1 : 0);
}

/* The lookup table of every definition, shared by all chunks (libcmark-gfm only reads it). */
static void sort_references(transmark_chunked_parse *parse) {
    size_t count = parse->reference_count;
    parse->sorted_references = malloc((count ? count : 1) * sizeof(cmark_map_entry *));
    if (parse->sorted_references == NULL) abort();
    size_t filled = 0;
    for (size_t i = 0; i < count; i++) {
        if (parse->references[i].entry.label) parse->sorted_references[filled++] = &parse->references[i].entry;
    }
    count = filled;
    qsort(parse->sorted_references, count, sizeof(cmark_map_entry *), compare_references);
    size_t unique = 0;
    for (size_t i = 0; i < count; i++) {
        if (unique == 0 || strcmp((const char *)parse->sorted_references[unique - 1]->label,
                                  (const char *)parse->sorted_references[i]->label) != 0) {
            parse->sorted_references[unique++] = parse->sorted_references[i];
        }
    }
    parse->sorted_reference_count = unique;
}

/* Footnote definitions of a block tree in the order libcmark-gfm numbers them (exit order). */
static void collect_footnotes(transmark_chunked_parse *parse, chunk_info *chunk) {
    chunk->footnote_begin = parse->footnote_count;
    cmark_node *root = chunk->parser->root;
    cmark_node *node = root->first_child;
    while (node) {
        if (node->first_child) {
            node = node->first_child;
            continue;
        }
        /* Exit this node, then every ancestor whose last child was just exited. */
        for (;;) {
            if (node->type == CMARK_NODE_FOOTNOTE_DEFINITION) {
                size_t capacity = parse->footnote_capacity;
                parse->footnotes = grow(parse->footnotes, &parse->footnote_capacity,
                                        parse->footnote_count + 1, sizeof(cmark_chunk));
                size_t key_capacity = capacity;
                parse->footnote_nodes = grow(parse->footnote_nodes, &capacity,
                                             parse->footnote_count + 1, sizeof(cmark_node *));
                parse->footnote_keys = grow(parse->footnote_keys, &key_capacity,
                                            parse->footnote_count + 1, sizeof(unsigned char *));
                parse->footnote_keys[parse->footnote_count] = ascii_key(node->as.literal.data, (size_t)node->as.literal.len);
                parse->footnote_nodes[parse->footnote_count] = node;
                parse->footnotes[parse->footnote_count++] = copy_chunk(node->as.literal);
            }
            if (node->next) {
                node = node->next;
                break;
            }
            node = node->parent;
            if (node == root || node == NULL) {
                node = NULL;
                break;
            }
        }
    }
    chunk->footnote_end = parse->footnote_count;
}

/* Returns the whole pages of `input` between `*released` and the byte before `end` to the
   system (`next_candidate` may still read `input[end - 1]`, the newline ending the chunk). */
static void release_pages(const uint8_t *input, size_t *released, size_t end) {
    if (end == 0) return;
    size_t keep = end - 1;
    long page_size = sysconf(_SC_PAGESIZE);
    uintptr_t page = page_size > 0 ? (uintptr_t)page_size : 4096;
    uintptr_t from = ((uintptr_t)(input + *released) + page - 1) & ~(page - 1);
    uintptr_t to = (uintptr_t)(input + keep) & ~(page - 1);
    if (to > from) madvise((void *)from, to - from, MADV_DONTNEED);
    if (keep > *released) *released = keep;
}

static cmark_parser *new_parser(int options, cmark_syntax_extension *const *extensions, size_t count) {
    cmark_parser *parser = cmark_parser_new_with_mem(options, transmark_thread_arena());
    for (size_t i = 0; i < count; i++) cmark_parser_attach_syntax_extension(parser, extensions[i]);
    return parser;
}

static int compare_keyed(const void *a, const void *b) {
    const keyed_footnote *x = a, *y = b;
    int order = strcmp((const char *)x->key, (const char *)y->key);
    if (order != 0) return order;
    return x->index < y->index ? -1 : (x->index > y->index ? 1 : 0);
}

static int compare_indices(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : (x > y ? 1 : 0);
}

/* Sorts the footnote definitions by key and marks the overridden ones: O(F log F) in all. */
static void index_footnotes(transmark_chunked_parse *parse) {
    size_t count = parse->footnote_count;
    parse->footnotes_by_key = malloc((count ? count : 1) * sizeof(keyed_footnote));
    parse->unkeyed_footnotes = malloc((count ? count : 1) * sizeof(size_t));
    parse->selected = malloc((count ? count : 1) * sizeof(size_t));
    parse->overridden = calloc(count ? count : 1, 1);
    if (!parse->footnotes_by_key || !parse->unkeyed_footnotes || !parse->selected || !parse->overridden) abort();
    for (size_t i = 0; i < count; i++) {
        if (parse->footnote_keys[i]) {
            keyed_footnote entry = { parse->footnote_keys[i], i };
            parse->footnotes_by_key[parse->keyed_count++] = entry;
        } else {
            parse->unkeyed_footnotes[parse->unkeyed_count++] = i;
        }
    }
    qsort(parse->footnotes_by_key, parse->keyed_count, sizeof(keyed_footnote), compare_keyed);
    for (size_t k = 1; k < parse->keyed_count; k++) {
        if (strcmp((const char *)parse->footnotes_by_key[k - 1].key, (const char *)parse->footnotes_by_key[k].key) == 0) {
            parse->overridden[parse->footnotes_by_key[k].index] = 1;
        }
    }
}

/* The first position in footnotes_by_key whose key is not less than `key`. */
static size_t lower_bound_key(const transmark_chunked_parse *parse, const unsigned char *key) {
    size_t low = 0, high = parse->keyed_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (strcmp((const char *)parse->footnotes_by_key[middle].key, (const char *)key) < 0) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    return low;
}

/* The definitions of other chunks that `chunk` may reference, in document order, into
   parse->selected; returns how many. Without non-ASCII text after a "[^", found by looking up
   the chunk's candidates (work in proportion to what it references), else every definition. */
static size_t select_footnotes(transmark_chunked_parse *parse, const chunk_info *chunk) {
    const footnote_candidates *found = &chunk->candidates;
    size_t count = 0;
    if (found->everything) {
        for (size_t i = 0; i < parse->footnote_count; i++) {
            if (i < chunk->footnote_begin || i >= chunk->footnote_end) parse->selected[count++] = i;
        }
        return count;
    }
    for (size_t c = 0; c < found->count; c++) {
        if (c > 0 && strcmp((const char *)found->keys[c - 1], (const char *)found->keys[c]) == 0) continue;
        for (size_t k = lower_bound_key(parse, found->keys[c]); k < parse->keyed_count; k++) {
            if (strcmp((const char *)parse->footnotes_by_key[k].key, (const char *)found->keys[c]) != 0) break;
            size_t i = parse->footnotes_by_key[k].index;
            if (i < chunk->footnote_begin || i >= chunk->footnote_end) parse->selected[count++] = i;
        }
    }
    for (size_t u = 0; u < parse->unkeyed_count; u++) {
        size_t i = parse->unkeyed_footnotes[u];
        if (i < chunk->footnote_begin || i >= chunk->footnote_end) parse->selected[count++] = i;
    }
    qsort(parse->selected, count, sizeof(size_t), compare_indices);
    return count;
}

transmark_chunked_parse *transmark_chunked_parse_new(const uint8_t *input, size_t length, int options,
                                                     cmark_syntax_extension *const *extensions,
                                                     size_t extension_count, size_t target,
                                                     int release_input) {
    transmark_chunked_parse *parse = calloc(1, sizeof(transmark_chunked_parse));
    size_t released = 0;
    if (parse == NULL) abort();
    parse->inlines = transmark_arena_create((size_t)1 << 20, (size_t)2 << 20);
    if (target == 0) target = length;
    transmark_arena *previous = transmark_arena_activate(NULL);

    size_t start = 0;
    do {
        /* Each chunk's block tree in an arena of its own, freed as soon as the chunk is done. */
        transmark_arena *arena = transmark_arena_create((size_t)256 << 10, (size_t)4 << 20);
        transmark_arena_activate(arena);
        cmark_parser *parser = new_parser(options, extensions, extension_count);
        size_t end = length - start > 2 * target ? next_candidate(input, length, start + target) : length;
        cmark_parser_feed(parser, (const char *)input + start, end - start);
        while (end < length && !chunk_is_clean(parser)) {
            size_t next = next_candidate(input, length, end);
            cmark_parser_feed(parser, (const char *)input + end, next - end);
            end = next;
        }
        if (end == length) {
            /* The last chunk: process a final line without line end now (as finishing would),
               then close a final open paragraph with a blank line, which changes nothing in the
               tree, so the link reference definitions it starts with are known before any
               chunk's inlines are parsed. */
            if (parser->linebuf.size > 0) cmark_parser_feed(parser, "\n", 1);
            if (parser->current && parser->current->type == CMARK_NODE_PARAGRAPH) {
                cmark_parser_feed(parser, "\r\n", 2);
            }
        }
        parse->chunks = grow(parse->chunks, &parse->capacity, parse->count + 1, sizeof(chunk_info));
        chunk_info *chunk = &parse->chunks[parse->count++];
        chunk->arena = arena;
        chunk->parser = parser;
        chunk->start = start;
        chunk->end = end;
        collect_references(parse, chunk);
        memset(&chunk->candidates, 0, sizeof chunk->candidates);
        if (options & CMARK_OPT_FOOTNOTES) {
            collect_footnotes(parse, chunk);
            /* Found now, so that the input is not needed once this function returns. */
            find_candidates(input + start, end - start, &chunk->candidates);
        } else {
            chunk->footnote_begin = chunk->footnote_end = parse->footnote_count;
        }
        if (release_input && end < length) release_pages(input, &released, end);
        start = end;
    } while (start < length);

    transmark_arena_activate(previous);
    sort_references(parse);
    index_footnotes(parse);
    return parse;
}

size_t transmark_chunked_parse_count(const transmark_chunked_parse *parse) { return parse->count; }

int transmark_chunked_parse_has_footnotes(const transmark_chunked_parse *parse) {
    return parse->footnote_count > 0;
}

static cmark_node *synthetic_definition(cmark_mem *mem, cmark_chunk label) {
    cmark_node *node = cmark_node_new_with_mem(CMARK_NODE_FOOTNOTE_DEFINITION, mem);
    node->as.literal = label;
    node->user_data = TRANSMARK_SYNTHETIC_NODE;
    return node;
}

cmark_node *transmark_chunked_parse_finish(transmark_chunked_parse *parse, size_t index) {
    if (index >= parse->count) return NULL;
    chunk_info *chunk = &parse->chunks[index];
    /* Trees returned before are no longer in use: free their chunks' memory. */
    while (parse->finished < index) {
        transmark_arena_destroy(parse->chunks[parse->finished].arena);
        parse->chunks[parse->finished].arena = NULL;
        parse->finished++;
    }
    transmark_arena_rewind(parse->inlines);
    transmark_arena *previous = transmark_arena_activate(parse->inlines);
    cmark_parser *parser = chunk->parser;
    cmark_mem *mem = parser->mem;

    /* Every link reference definition of the document, first definitions winning: the shared
       lookup table replaces the chunk's own (no definition is added during the inline parse:
       every paragraph was closed when the chunk was block-parsed). */
    cmark_map *map = parser->refmap;
    map->sorted = parse->sorted_references;
    map->size = (unsigned int)parse->sorted_reference_count;

    if (parse->footnote_count > 0) {
        /* Stand-ins for the other chunks' footnote definitions this chunk may reference, before
           this chunk's own for the earlier chunks and after them for the later ones, so the first
           definition of a label in the document is the one references resolve to. */
        cmark_node *root = parser->root;
        size_t selected = select_footnotes(parse, chunk);
        size_t split = 0; /* selected[..<split] come before the chunk, the rest after it */
        while (split < selected && parse->selected[split] < chunk->footnote_begin) split++;
        for (size_t k = split; k-- > 0;) {
            cmark_node_prepend_child(root, synthetic_definition(mem, parse->footnotes[parse->selected[k]]));
        }
        for (size_t k = split; k < selected; k++) {
            cmark_node_append_child(root, synthetic_definition(mem, parse->footnotes[parse->selected[k]]));
        }
        /* A definition that a definition earlier in the document overrides (same label) is
           renamed, so that the library keeps it apart: one parse drops it but still counts the
           references inside it when numbering footnotes, so its references must be seen.
           (Labels compared ASCII-case-insensitively; other duplicates keep the library's own
           handling, which drops them with what they reference.) */
        for (size_t i = chunk->footnote_begin; i < chunk->footnote_end; i++) {
            if (!parse->overridden[i]) continue;
            char name[64];
            int length = snprintf(name, sizeof name, "%s%zu", TRANSMARK_OVERRIDDEN_FOOTNOTE_PREFIX, i);
            unsigned char *bytes = mem->calloc(1, (size_t)length + 1);
            memcpy(bytes, name, (size_t)length);
            cmark_chunk renamed = { bytes, length, 0 };
            parse->footnote_nodes[i]->as.literal = renamed;
        }
        /* A marker where each own definition stands, for numbering footnotes in the order one
           parse would (references inside a definition count where the definition is written). */
        for (size_t i = chunk->footnote_begin; i < chunk->footnote_end; i++) {
            cmark_node *marker = cmark_node_new_with_mem(CMARK_NODE_HTML_BLOCK, mem);
            marker->as.literal = parse->footnote_nodes[i]->as.literal;
            marker->user_data = TRANSMARK_FOOTNOTE_POSITION;
            cmark_node_insert_before(parse->footnote_nodes[i], marker);
        }
        /* A hidden paragraph referencing each of this chunk's own definitions, so the library
           keeps them (it drops definitions no reference in the chunk uses) and parses them. */
        if (chunk->footnote_end > chunk->footnote_begin) {
            cmark_node *paragraph = cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH, mem);
            paragraph->user_data = TRANSMARK_SYNTHETIC_NODE;
            for (size_t i = chunk->footnote_begin; i < chunk->footnote_end; i++) {
                cmark_chunk label = parse->footnote_nodes[i]->as.literal;
                cmark_strbuf_put(&paragraph->content, (const unsigned char *)"[^", 2);
                cmark_strbuf_put(&paragraph->content, label.data, label.len);
                cmark_strbuf_put(&paragraph->content, (const unsigned char *)"]\n", 2);
            }
            cmark_node_append_child(root, paragraph);
        }
    }

    cmark_node *tree = cmark_parser_finish(parser);
    transmark_arena_activate(previous);
    return tree;
}

void transmark_chunked_parse_free(transmark_chunked_parse *parse) {
    if (parse == NULL) return;
    /* The parsers live in the arenas; libcmark-gfm's own free would walk freed trees. */
    transmark_arena_destroy(parse->inlines);
    for (size_t i = 0; i < parse->count; i++) {
        transmark_arena_destroy(parse->chunks[i].arena);
        clear_candidates(&parse->chunks[i].candidates);
        free(parse->chunks[i].candidates.keys);
    }
    free(parse->chunks);
    for (size_t i = 0; i < parse->reference_count; i++) {
        free(parse->references[i].entry.label);
        free_chunk(parse->references[i].url);
        free_chunk(parse->references[i].title);
    }
    free(parse->references);
    free(parse->sorted_references);
    for (size_t i = 0; i < parse->footnote_count; i++) {
        free_chunk(parse->footnotes[i]);
        free(parse->footnote_keys[i]);
    }
    free(parse->footnotes);
    free(parse->footnote_keys);
    free(parse->footnote_nodes);
    free(parse->footnotes_by_key);
    free(parse->unkeyed_footnotes);
    free(parse->overridden);
    free(parse->selected);
    free(parse);
}
