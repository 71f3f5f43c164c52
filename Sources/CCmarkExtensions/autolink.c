/* Extended autolinks in linear time and memory: see TransmarkAutolink.h. The rules for where a link
   starts and ends are GFM's, as libcmark-gfm 0.29.0.gfm.6 applies them. */
#include "TransmarkAutolink.h"
#include "inline_extension.h"
#include <cmark-gfm/parser.h>
#include <cmark-gfm/node.h>
#include <cmark-gfm/chunk.h>
#include <cmark-gfm/syntax_extension.h>
#include <cmark-gfm/utf8.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

static int is_alpha(uint8_t c) { return (uint8_t)((c | 0x20) - 'a') < 26; }
static int is_digit(uint8_t c) { return (uint8_t)(c - '0') < 10; }
static int is_alnum(uint8_t c) { return is_alpha(c) || is_digit(c); }
/* cmark_isspace: space, tab, line feed, form feed, carriage return. */
static int is_space(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }

/* A character that may be part of a host name: not a Unicode space or punctuation (the library
   reads one UTF-8 sequence at `p`; a continuation byte is no character and ends the name). */
static int is_host_char(const uint8_t *p, size_t n) {
    int32_t ch;
    if (cmark_utf8proc_iterate(p, (bufsize_t)n, &ch) < 0) return 0;
    return !cmark_utf8proc_is_space(ch) && !cmark_utf8proc_is_punctuation(ch);
}

/* Node plumbing without the library's ancestor checks (each walks the ancestor chain: depth × links). */
static void insert_after(cmark_node *node, cmark_node *sibling) {
    sibling->parent = node->parent;
    sibling->prev = node;
    sibling->next = node->next;
    if (node->next) node->next->prev = sibling;
    else if (node->parent) node->parent->last_child = sibling;
    node->next = sibling;
}

static void append_child(cmark_node *parent, cmark_node *child) {
    child->parent = parent;
    child->prev = parent->last_child;
    child->next = NULL;
    if (parent->last_child) parent->last_child->next = child;
    else parent->first_child = child;
    parent->last_child = child;
}

/* A chunk owning a NUL-terminated copy of `len` bytes at `data`. */
static cmark_chunk owned_copy(cmark_mem *mem, const uint8_t *data, size_t len) {
    cmark_chunk chunk;
    chunk.data = (unsigned char *)mem->calloc(len + 1, 1);
    if (len) memcpy(chunk.data, data, len);
    chunk.len = (bufsize_t)len;
    chunk.alloc = 1;
    return chunk;
}

/* ---- Where a link ends ---- */

/* The end of a link whose candidate is `data[0..<end)`, with no `<` in it: trailing `?!.,:*_~'"`
   are left out, a trailing `;` with the entity-like `&letters` before it, and a trailing `)` while
   the link holds more `)` than `(`. Parentheses are counted once (only `)` is ever removed). */
static size_t trim_link_end(const uint8_t *data, size_t end) {
    size_t opening = 0, closing = 0;
    int counted = 0;
    while (end > 0) {
        uint8_t c = data[end - 1];
        switch (c) {
        case '?': case '!': case '.': case ',': case ':': case '*': case '_': case '~': case '\'': case '"':
            end--;
            break;
        case ';': {
            if (end < 2) { end--; break; }
            size_t start = end - 2;
            while (start > 0 && is_alpha(data[start])) start--;
            if (start < end - 2 && data[start] == '&') end = start;
            else end--;
            break;
        }
        case ')':
            if (!counted) {
                for (size_t i = 0; i < end; i++) {
                    if (data[i] == '(') opening++;
                    else if (data[i] == ')') closing++;
                }
                counted = 1;
            }
            if (closing <= opening) return end;
            closing--;
            end--;
            break;
        default:
            return end;
        }
    }
    return end;
}

/* The length of the domain at `data` (`size` bytes): the library's check_domain. The first byte is
   taken as it is; the name runs over host characters, `-`, `_` and `.` up to the last byte but one;
   an `_` in its last two dot-separated parts, or (unless `allow_short`) no dot, gives 0. */
static size_t domain_length(const uint8_t *data, size_t size, int allow_short) {
    size_t i, dots = 0, underscores1 = 0, underscores2 = 0;
    for (i = 1; i + 1 < size; i++) {
        uint8_t c = data[i];
        if (c == '_') underscores2++;
        else if (c == '.') { underscores1 = underscores2; underscores2 = 0; dots++; }
        else if (c != '-' && !is_host_char(data + i, size - i)) break;
    }
    if (underscores1 > 0 || underscores2 > 0) return 0;
    return allow_short || dots ? i : 0;
}

/* The `www.` domain check, worked out once per run of domain bytes. A `www.` at `p` ends its domain
   where the first `www.` of the run did (the run stops at the same byte), and its last two parts
   are the run's unless it starts inside the last but one: then the `.` of its own `www.` is the
   run's last dot and its part before it (`ww`) holds no `_`. So the run's end, last two dots and
   their `_` counts answer every `www.` in it. Per thread, for the paragraph being parsed (the parse
   holds a lock, and the postprocess step clears it at the end of each parse). */
typedef struct {
    const uint8_t *data;
    bufsize_t length;
    cmark_node *parent;
    size_t from, end;
    size_t last_dot, dot_before; /* SIZE_MAX: none */
    size_t underscores1, underscores2;
} www_run;

static _Thread_local www_run run_memo;

/* The end of the domain of the `www.` at `data[p]` (of `n` bytes), absolute, or 0 when it is no
   valid domain. */
static size_t www_domain_end(const uint8_t *data, size_t n, cmark_node *parent, size_t p) {
    www_run *run = &run_memo;
    if (!(run->data == data && run->length == (bufsize_t)n && run->parent == parent
          && run->from <= p + 1 && p + 1 < run->end)) {
        run->data = data;
        run->length = (bufsize_t)n;
        run->parent = parent;
        run->from = p + 1;
        run->last_dot = run->dot_before = SIZE_MAX;
        run->underscores1 = run->underscores2 = 0;
        size_t i;
        for (i = p + 1; i + 1 < n; i++) {
            uint8_t c = data[i];
            if (c == '_') run->underscores2++;
            else if (c == '.') {
                run->underscores1 = run->underscores2;
                run->underscores2 = 0;
                run->dot_before = run->last_dot;
                run->last_dot = i;
            } else if (c != '-' && !is_host_char(data + i, n - i)) break;
        }
        run->end = i;
    }
    if (run->last_dot == SIZE_MAX || run->last_dot <= p) return 0; /* no dot after `p` */
    size_t underscores1;
    if (run->dot_before != SIZE_MAX && run->dot_before > p) {
        underscores1 = run->underscores1;
    } else {
        underscores1 = 0;
        for (size_t i = p + 1; i < run->last_dot; i++) underscores1 += data[i] == '_';
    }
    if (underscores1 > 0 || run->underscores2 > 0) return 0;
    return run->end;
}

/* ---- Inline matches ---- */

static cmark_node *make_link(cmark_parser *parser, cmark_inline_parser *ip, cmark_chunk url,
                             cmark_chunk text, int start_column) {
    cmark_node *link = cmark_node_new_with_mem(CMARK_NODE_LINK, parser->mem);
    link->as.link.url = url;
    cmark_node *label = cmark_node_new_with_mem(CMARK_NODE_TEXT, parser->mem);
    label->as.literal = text;
    append_child(link, label);
    link->start_line = label->start_line = link->end_line = label->end_line = cmark_inline_parser_get_line(ip);
    link->start_column = label->start_column = start_column;
    link->end_column = label->end_column = cmark_inline_parser_get_column(ip) - 1;
    return link;
}

/* A `www.` link at `pos`: after a space, the paragraph's start or one of `*_~(`, a valid domain,
   then anything up to a space or `<`. */
static cmark_node *match_www(cmark_parser *parser, cmark_node *parent, cmark_inline_parser *ip,
                             cmark_chunk *chunk, size_t pos) {
    const uint8_t *s = chunk->data;
    size_t n = (size_t)chunk->len;
    if (pos > 0) {
        uint8_t before = s[pos - 1];
        if (!is_space(before) && before != '*' && before != '_' && before != '~' && before != '(') return NULL;
    }
    if (n - pos < 4 || memcmp(s + pos, "www.", 4) != 0) return NULL;
    size_t end = www_domain_end(s, n, parent, pos);
    if (end == 0) return NULL;
    while (end < n && !is_space(s[end]) && s[end] != '<') end++;
    size_t length = trim_link_end(s + pos, end - pos);
    if (length == 0) return NULL;
    int start_column = cmark_inline_parser_get_column(ip) - 1;
    cmark_inline_parser_set_offset(ip, (int)(pos + length));
    cmark_strbuf url;
    cmark_strbuf_init(parser->mem, &url, (bufsize_t)length + 8);
    cmark_strbuf_puts(&url, "http://");
    cmark_strbuf_put(&url, s + pos, (bufsize_t)length);
    return make_link(parser, ip, cmark_chunk_buf_detach(&url), cmark_chunk_dup(chunk, (bufsize_t)pos, (bufsize_t)length),
                     start_column);
}

/* Whether `link` (of `n` bytes) starts with `http://`, `https://` or `ftp://` (any case) and a host
   character. */
static int has_safe_scheme(const uint8_t *link, size_t n) {
    static const char *const schemes[] = {"http://", "https://", "ftp://"};
    for (size_t i = 0; i < 3; i++) {
        size_t length = strlen(schemes[i]);
        if (n > length && strncasecmp((const char *)link, schemes[i], length) == 0 && is_host_char(link + length, n - length))
            return 1;
    }
    return 0;
}

/* A URL whose `://` is at `pos`: the scheme letters before it (already given out as text, taken
   back), a domain, then anything up to a space or `<`. */
static cmark_node *match_url(cmark_parser *parser, cmark_node *parent, cmark_inline_parser *ip,
                             cmark_chunk *chunk, size_t pos) {
    const uint8_t *s = chunk->data;
    size_t n = (size_t)chunk->len;
    if (n - pos < 4 || s[pos + 1] != '/' || s[pos + 2] != '/') return NULL;
    size_t rewind = 0;
    while (rewind < pos && is_alpha(s[pos - rewind - 1])) rewind++;
    if (!has_safe_scheme(s + pos - rewind, n - pos + rewind)) return NULL;
    size_t domain = domain_length(s + pos + 3, n - pos - 3, 1);
    if (domain == 0) return NULL;
    size_t end = pos + 3 + domain;
    while (end < n && !is_space(s[end]) && s[end] != '<') end++;
    size_t length = trim_link_end(s + pos, end - pos);
    if (length == 0) return NULL;
    cmark_inline_parser_set_offset(ip, (int)(pos + length));
    cmark_node_unput(parent, (int)rewind);
    cmark_chunk url = cmark_chunk_dup(chunk, (bufsize_t)(pos - rewind), (bufsize_t)(length + rewind));
    return make_link(parser, ip, url, url, (int)(pos - rewind));
}

/* The characters that stop a text node in this parse: the library's own, those of the attached
   inline extensions (this one's `w` and `:` included), and with smart punctuation `"'.-`. Kept per
   thread for the parser it was made for (and the options and extensions it had then). */
typedef struct {
    cmark_parser *parser;
    uintptr_t signature;
    uint8_t stops[256];
} stop_table;

static _Thread_local stop_table stop_memo;

static const uint8_t *stops_for(cmark_parser *parser) {
    uintptr_t signature = (uintptr_t)(unsigned)parser->options * (uintptr_t)0x9E3779B97F4A7C15ull;
    for (cmark_llist *item = parser->inline_syntax_extensions; item; item = item->next)
        signature = (signature ^ (uintptr_t)item->data) * (uintptr_t)0x100000001B3ull;
    stop_table *table = &stop_memo;
    if (table->parser == parser && table->signature == signature) return table->stops;
    memset(table->stops, 0, sizeof table->stops);
    static const char core[] = "\n\r!&*[\\]_`<";
    for (const char *c = core; *c; c++) table->stops[(uint8_t)*c] = 1;
    if (parser->options & CMARK_OPT_SMART) {
        static const char smart[] = "\"'.-";
        for (const char *c = smart; *c; c++) table->stops[(uint8_t)*c] = 1;
    }
    for (cmark_llist *item = parser->inline_syntax_extensions; item; item = item->next) {
        cmark_syntax_extension *extension = (cmark_syntax_extension *)item->data;
        for (cmark_llist *c = extension->special_inline_chars; c; c = c->next)
            table->stops[(uint8_t)(uintptr_t)c->data] = 1;
    }
    table->parser = parser;
    table->signature = signature;
    return table->stops;
}

/* Text from `pos` (a `w` or `:` that starts no link) to the next stop character, as the library's
   own text rule gives it (spaces before a line end left out). A `w` or `:` stops it only where a
   link may start (`www.`, `://`), unless `links` is 0 (inside a link's brackets). */
static cmark_node *text_run(cmark_parser *parser, cmark_inline_parser *ip, cmark_chunk *chunk, size_t pos, int links) {
    const uint8_t *s = chunk->data;
    size_t n = (size_t)chunk->len;
    const uint8_t *stops = stops_for(parser);
    size_t end = pos + 1;
    for (; end < n; end++) {
        uint8_t c = s[end];
        if (!stops[c]) continue;
        if (c == 'w') {
            if (links && end + 3 < n && s[end + 1] == 'w' && s[end + 2] == 'w' && s[end + 3] == '.') break;
        } else if (c == ':') {
            if (links && end + 3 < n && s[end + 1] == '/' && s[end + 2] == '/') break;
        } else {
            break;
        }
    }
    cmark_chunk contents = cmark_chunk_dup(chunk, (bufsize_t)pos, (bufsize_t)(end - pos));
    if (end < n && (s[end] == '\n' || s[end] == '\r')) cmark_chunk_rtrim(&contents);
    int start_column = cmark_inline_parser_get_column(ip);
    cmark_inline_parser_set_offset(ip, (int)end);
    cmark_node *text = cmark_node_new_with_mem(CMARK_NODE_TEXT, parser->mem);
    text->as.literal = contents;
    text->start_line = text->end_line = cmark_inline_parser_get_line(ip);
    text->start_column = start_column;
    text->end_column = cmark_inline_parser_get_column(ip) - 1;
    return text;
}

static cmark_node *match(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *parent,
                         unsigned char character, cmark_inline_parser *ip) {
    (void)self;
    if (character != 'w' && character != ':') return NULL;
    cmark_chunk *chunk = cmark_inline_parser_get_chunk(ip);
    int offset = cmark_inline_parser_get_offset(ip);
    if (offset < 0 || offset >= chunk->len) return NULL;
    size_t pos = (size_t)offset;
    int links = !cmark_inline_parser_in_bracket(ip, 0) && !cmark_inline_parser_in_bracket(ip, 1);
    if (links) {
        cmark_node *link = character == 'w' ? match_www(parser, parent, ip, chunk, pos)
                                            : match_url(parser, parent, ip, chunk, pos);
        if (link) return link;
    }
    return text_run(parser, ip, chunk, pos, links);
}

/* ---- E-mail addresses, after the inline parse ---- */

/* Whether `protocol` (ending in `:`) ends `rewind` bytes before the `@` at `data[at]`, inside the
   `limit` bytes before it, at their start or after a byte that is no letter or digit. */
static int protocol_before(const char *protocol, const uint8_t *data, size_t at, size_t rewind, size_t limit) {
    size_t length = strlen(protocol);
    if (length > limit - rewind) return 0;
    if (memcmp(data + at - rewind - length, protocol, length) != 0) return 0;
    if (length == limit - rewind) return 1;
    return !is_alnum(data[at - rewind - length - 1]);
}

/* Links the addresses in `text` (not inside a link), in one pass: the node keeps the text before
   the first, and each address becomes a link followed by a text node holding what comes after it
   up to the next one (possibly nothing), as the library builds them. An address: letters, digits
   and `.+-_` before the `@` (and `mailto:` or `xmpp:` right before those, kept in the link, which
   then gets no `mailto:`), after it letters, digits, `-`, `_` and at least one `.` followed by a
   letter or digit (and `/` after `xmpp:`), ending in a letter or `.`, then trimmed as links are.
   The search for the next `@` starts after the last address or the last `@` that began none, and
   an address reaches back no further. Returns the last node of the text. */
static cmark_node *link_addresses(cmark_parser *parser, cmark_node *text) {
    const uint8_t *data = text->as.literal.data;
    size_t size = (size_t)text->as.literal.len;
    size_t from = 0;         /* where the search for the next `@` starts */
    size_t pending = 0;      /* the start of the text after the last link */
    size_t first_end = 0;
    cmark_node *last = text;
    int linked = 0;
    while (from < size) {
        const uint8_t *found = memchr(data + from, '@', size - from);
        if (!found) break;
        size_t at = (size_t)(found - data);
        size_t limit = at - from;
        int mailto = 1, xmpp = 0;
        size_t rewind;
        for (rewind = 0; rewind < limit; rewind++) {
            uint8_t c = data[at - rewind - 1];
            if (is_alnum(c) || c == '.' || c == '+' || c == '-' || c == '_') continue;
            if (c == ':') {
                if (protocol_before("mailto:", data, at, rewind, limit)) { mailto = 0; continue; }
                if (protocol_before("xmpp:", data, at, rewind, limit)) { mailto = 0; xmpp = 1; continue; }
            }
            break;
        }
        from = at + 1;
        if (rewind == 0) continue;
        size_t end, dots = 0;
        int second_at = 0;
        for (end = 1; at + end < size; end++) {
            uint8_t c = data[at + end];
            if (is_alnum(c)) continue;
            if (c == '@') { second_at = 1; break; }
            if (c == '.' && at + end + 1 < size && is_alnum(data[at + end + 1])) dots++;
            else if (c == '/' && xmpp) continue;
            else if (c != '-' && c != '_') break;
        }
        if (second_at || end < 2 || dots == 0 || (!is_alpha(data[at + end - 1]) && data[at + end - 1] != '.')) continue;
        end = trim_link_end(data + at, end);
        if (end == 0) continue;

        size_t start = at - rewind, stop = at + end;
        if (!linked) first_end = start;
        else {
            cmark_node *between = cmark_node_new_with_mem(CMARK_NODE_TEXT, parser->mem);
            between->as.literal = owned_copy(parser->mem, data + pending, start - pending);
            insert_after(last, between);
            last = between;
        }
        cmark_node *link = cmark_node_new_with_mem(CMARK_NODE_LINK, parser->mem);
        cmark_strbuf url;
        cmark_strbuf_init(parser->mem, &url, (bufsize_t)(stop - start + 8));
        if (mailto) cmark_strbuf_puts(&url, "mailto:");
        cmark_strbuf_put(&url, data + start, (bufsize_t)(stop - start));
        link->as.link.url = cmark_chunk_buf_detach(&url);
        cmark_node *label = cmark_node_new_with_mem(CMARK_NODE_TEXT, parser->mem);
        label->as.literal = owned_copy(parser->mem, data + start, stop - start);
        append_child(link, label);
        insert_after(last, link);
        last = link;
        linked = 1;
        pending = from = stop;
    }
    if (!linked) return text;
    cmark_node *rest = cmark_node_new_with_mem(CMARK_NODE_TEXT, parser->mem);
    rest->as.literal = owned_copy(parser->mem, data + pending, size - pending);
    insert_after(last, rest);
    cmark_chunk before = owned_copy(parser->mem, data, first_end);
    cmark_chunk_free(parser->mem, &text->as.literal);
    text->as.literal = before;
    return rest;
}

/* Joins adjacent text nodes (as the library's extension does first), then links the addresses of
   every text node outside links, walking the tree without recursion. */
static cmark_node *postprocess(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *root) {
    (void)self;
    memset(&run_memo, 0, sizeof run_memo);
    cmark_consolidate_text_nodes(root);
    cmark_node *node = root;
    while (node) {
        if (node->type == CMARK_NODE_TEXT) {
            node = link_addresses(parser, node);
        } else if (node->type != CMARK_NODE_LINK && node->first_child) {
            node = node->first_child;
            continue;
        }
        while (node != root && node->next == NULL) node = node->parent;
        if (node == root) break;
        node = node->next;
    }
    return root;
}

static cmark_syntax_extension *autolink_extension;
static pthread_once_t autolink_once = PTHREAD_ONCE_INIT;

static void create_autolink_extension(void) {
    static const unsigned char chars[] = {':', 'w'};
    cmark_syntax_extension *extension = transmark_inline_extension_new("transmark-autolink", chars, sizeof chars, match);
    cmark_syntax_extension_set_postprocess_func(extension, postprocess);
    autolink_extension = extension;
}

cmark_syntax_extension *transmark_autolink_extension(void) {
    pthread_once(&autolink_once, create_autolink_extension);
    return autolink_extension;
}
