#include "TransmarkChunkedParse.h"
#include "TransmarkArena.h"
#include "CCmarkNodeAccess.h"
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm/parser.h>
#include <cmark-gfm/map.h>
#include <stdlib.h>
#include <string.h>

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

typedef struct {
    unsigned char *label; /* normalized by libcmark-gfm, in the blocks arena */
    cmark_chunk url;      /* borrowed (alloc 0), in the blocks arena */
    cmark_chunk title;
} global_reference;

typedef struct {
    cmark_parser *parser;
    size_t reference_begin, reference_end; /* this chunk's definitions in `references` */
    size_t footnote_begin, footnote_end;   /* this chunk's footnote definitions in `footnotes` */
} chunk_info;

struct transmark_chunked_parse {
    transmark_arena *blocks;  /* parsers and block trees of every chunk */
    transmark_arena *inlines; /* the inline parse of the current chunk */
    chunk_info *chunks;
    size_t count, capacity;
    global_reference *references;
    size_t reference_count, reference_capacity;
    cmark_chunk *footnotes; /* labels (literal) of footnote definitions, in document order */
    cmark_node **footnote_nodes; /* the definitions themselves, in their chunk's block tree */
    size_t footnote_count, footnote_capacity;
};

static void *grow(void *array, size_t *capacity, size_t needed, size_t element) {
    if (needed <= *capacity) return array;
    size_t next = *capacity ? *capacity * 2 : 16;
    while (next < needed) next *= 2;
    void *grown = realloc(array, next * element);
    if (grown == NULL) abort();
    *capacity = next;
    return grown;
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
                             base + map->size, sizeof(global_reference));
    /* Entries are listed newest first; their ages are 0 ..< size in definition order. */
    for (cmark_map_entry *entry = map->refs; entry; entry = entry->next) {
        if (entry->age >= map->size) abort();
        cmark_reference *reference = (cmark_reference *)entry;
        global_reference *global = &parse->references[base + entry->age];
        global->label = entry->label;
        global->url = reference->url;
        global->url.alloc = 0;
        global->title = reference->title;
        global->title.alloc = 0;
    }
    parse->reference_count = chunk->reference_end;
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
                parse->footnote_nodes = grow(parse->footnote_nodes, &capacity,
                                             parse->footnote_count + 1, sizeof(cmark_node *));
                cmark_chunk label = node->as.literal;
                label.alloc = 0;
                parse->footnote_nodes[parse->footnote_count] = node;
                parse->footnotes[parse->footnote_count++] = label;
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

static cmark_parser *new_parser(int options, cmark_syntax_extension *const *extensions, size_t count) {
    cmark_parser *parser = cmark_parser_new_with_mem(options, transmark_thread_arena());
    for (size_t i = 0; i < count; i++) cmark_parser_attach_syntax_extension(parser, extensions[i]);
    return parser;
}

transmark_chunked_parse *transmark_chunked_parse_new(const uint8_t *input, size_t length, int options,
                                                     cmark_syntax_extension *const *extensions,
                                                     size_t extension_count, size_t target) {
    transmark_chunked_parse *parse = calloc(1, sizeof(transmark_chunked_parse));
    if (parse == NULL) abort();
    parse->blocks = transmark_arena_create((size_t)1 << 20, (size_t)64 << 20);
    parse->inlines = transmark_arena_create((size_t)1 << 20, (size_t)2 << 20);
    if (target == 0) target = length;
    transmark_arena *previous = transmark_arena_activate(parse->blocks);

    size_t start = 0;
    do {
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
        chunk->parser = parser;
        collect_references(parse, chunk);
        if (options & CMARK_OPT_FOOTNOTES) {
            collect_footnotes(parse, chunk);
        } else {
            chunk->footnote_begin = chunk->footnote_end = parse->footnote_count;
        }
        start = end;
    } while (start < length);

    transmark_arena_activate(previous);
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
    transmark_arena_rewind(parse->inlines);
    transmark_arena *previous = transmark_arena_activate(parse->inlines);
    cmark_parser *parser = chunk->parser;
    cmark_mem *mem = parser->mem;

    /* Every link reference definition of the document, aged by document order. */
    cmark_map *map = parser->refmap;
    for (cmark_map_entry *entry = map->refs; entry; entry = entry->next) {
        entry->age += (unsigned int)chunk->reference_begin;
    }
    for (size_t i = 0; i < parse->reference_count; i++) {
        if (i >= chunk->reference_begin && i < chunk->reference_end) continue;
        cmark_reference *reference = mem->calloc(1, sizeof(cmark_reference));
        reference->entry.label = parse->references[i].label;
        reference->entry.age = (unsigned int)i;
        reference->entry.next = map->refs;
        reference->url = parse->references[i].url;
        reference->title = parse->references[i].title;
        map->refs = &reference->entry;
    }
    map->size = (unsigned int)parse->reference_count;

    if (parse->footnote_count > 0) {
        /* Stand-ins for the other chunks' footnote definitions, before this chunk's own for the
           earlier chunks and after them for the later ones, so the first definition of a label
           in the document is the one references resolve to. */
        cmark_node *root = parser->root;
        for (size_t i = chunk->footnote_begin; i-- > 0;) {
            if (!cmark_node_prepend_child(root, synthetic_definition(mem, parse->footnotes[i]))) abort();
        }
        for (size_t i = chunk->footnote_end; i < parse->footnote_count; i++) {
            if (!cmark_node_append_child(root, synthetic_definition(mem, parse->footnotes[i]))) abort();
        }
        /* A marker where each own definition stands, for numbering footnotes in the order one
           parse would (references inside a definition count where the definition is written). */
        for (size_t i = chunk->footnote_begin; i < chunk->footnote_end; i++) {
            cmark_node *marker = cmark_node_new_with_mem(CMARK_NODE_HTML_BLOCK, mem);
            marker->as.literal = parse->footnotes[i];
            marker->user_data = TRANSMARK_FOOTNOTE_POSITION;
            if (!cmark_node_insert_before(parse->footnote_nodes[i], marker)) abort();
        }
        /* A hidden paragraph referencing each of this chunk's own definitions, so the library
           keeps them (it drops definitions no reference in the chunk uses) and parses them. */
        if (chunk->footnote_end > chunk->footnote_begin) {
            cmark_node *paragraph = cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH, mem);
            paragraph->user_data = TRANSMARK_SYNTHETIC_NODE;
            for (size_t i = chunk->footnote_begin; i < chunk->footnote_end; i++) {
                cmark_strbuf_put(&paragraph->content, (const unsigned char *)"[^", 2);
                cmark_strbuf_put(&paragraph->content, parse->footnotes[i].data, parse->footnotes[i].len);
                cmark_strbuf_put(&paragraph->content, (const unsigned char *)"]\n", 2);
            }
            if (!cmark_node_append_child(root, paragraph)) abort();
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
    transmark_arena_destroy(parse->blocks);
    free(parse->chunks);
    free(parse->references);
    free(parse->footnotes);
    free(parse->footnote_nodes);
    free(parse);
}
