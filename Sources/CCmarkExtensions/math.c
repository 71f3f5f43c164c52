/* Math in Markdown: see TransmarkMath.h. Every match reads the subject forward from the opening
   delimiter to the first possible closing one at most (for `\(` and `\[`, never past the next
   marked opener), so a paragraph costs time linear in its length whatever it holds. */
#include "TransmarkMath.h"
#include "inline_extension.h"
#include <cmark-gfm/parser.h>
#include <cmark-gfm/node.h>
#include <cmark-gfm/chunk.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

const char transmark_inline_math_marker = 0;
const char transmark_display_math_marker = 0;

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

static int is_marker(const unsigned char *s, int i, int n) {
    return i + 2 < n && s[i] == TRANSMARK_MATH_MARKER_0 && s[i + 1] == TRANSMARK_MATH_MARKER_1
        && s[i + 2] == TRANSMARK_MATH_MARKER_2;
}

/* A node holding `len` bytes of `data` as its literal, markers given back as `\`. */
static cmark_node *make_node(cmark_parser *parser, cmark_inline_parser *ip, cmark_node_type type,
                             const unsigned char *data, int len) {
    cmark_node *node = cmark_node_new_with_mem(type, parser->mem);
    unsigned char *copy = (unsigned char *)parser->mem->calloc((size_t)len + 1, 1);
    int k = 0;
    for (int i = 0; i < len; i++) {
        if (is_marker(data, i, len)) {
            copy[k++] = '\\';
            i += 2;
        } else {
            copy[k++] = data[i];
        }
    }
    node->as.literal.data = copy;
    node->as.literal.len = k;
    node->as.literal.alloc = 1;
    node->start_line = node->end_line = cmark_inline_parser_get_line(ip);
    return node;
}

static cmark_node *make_math(cmark_parser *parser, cmark_inline_parser *ip, int display,
                             const unsigned char *s, int from, int to) {
    while (from < to && is_space(s[from])) from++;
    while (to > from && is_space(s[to - 1])) to--;
    cmark_node *node = make_node(parser, ip, CMARK_NODE_CODE, s + from, to - from);
    node->user_data = display ? TRANSMARK_DISPLAY_MATH : TRANSMARK_INLINE_MATH;
    return node;
}

static cmark_node *make_text(cmark_parser *parser, cmark_inline_parser *ip, const char *text, int len) {
    return make_node(parser, ip, CMARK_NODE_TEXT, (const unsigned char *)text, len);
}

/* `$…$` or `$$…$$` at `pos`. */
static cmark_node *match_dollars(cmark_parser *parser, cmark_inline_parser *ip, const unsigned char *s, int n, int pos) {
    if (pos + 1 < n && s[pos + 1] == '$') {
        int i = pos + 2;
        while (i + 1 < n) {
            if (s[i] == '\\') { i += 2; continue; }
            if (s[i] == '$' && s[i + 1] == '$') break;
            i++;
        }
        if (i + 1 < n) {
            int nonSpace = 0;
            for (int k = pos + 2; k < i && !nonSpace; k++) nonSpace = !is_space(s[k]);
            if (nonSpace) {
                cmark_inline_parser_set_offset(ip, i + 2);
                return make_math(parser, ip, 1, s, pos + 2, i);
            }
        }
        cmark_inline_parser_set_offset(ip, pos + 2);
        return make_text(parser, ip, "$$", 2);
    }
    if (pos + 1 >= n || is_space(s[pos + 1])) return NULL;
    int i = pos + 1;
    int lastWasSpace = 0;
    while (i < n && s[i] != '$') {
        if (s[i] == '\\' && i + 1 < n) {
            lastWasSpace = 0;
            i += 2;
            continue;
        }
        lastWasSpace = is_space(s[i]);
        i++;
    }
    if (i >= n || lastWasSpace) return NULL;
    if (i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9') return NULL;
    cmark_inline_parser_set_offset(ip, i + 1);
    return make_math(parser, ip, 0, s, pos + 1, i);
}

/* A marker at `pos`: `\(…\)` or `\[…\]` when it opens and its closer follows before the next
   opener of the same kind, else the bracket alone (what CommonMark makes of `\(`). */
static cmark_node *match_marker(cmark_parser *parser, cmark_inline_parser *ip, const unsigned char *s, int n, int pos) {
    if (!is_marker(s, pos, n) || pos + 3 >= n) return NULL;
    unsigned char bracket = s[pos + 3];
    if (bracket == '(' || bracket == '[') {
        unsigned char closer = bracket == '(' ? ')' : ']';
        for (int i = pos + 4; i + 3 < n; i++) {
            if (!is_marker(s, i, n)) continue;
            if (s[i + 3] == bracket) break;
            if (s[i + 3] == closer) {
                cmark_inline_parser_set_offset(ip, i + 4);
                return make_math(parser, ip, bracket == '[', s, pos + 4, i);
            }
        }
    }
    if (bracket != '(' && bracket != '[' && bracket != ')' && bracket != ']') return NULL;
    cmark_inline_parser_set_offset(ip, pos + 4);
    return make_text(parser, ip, (const char *)&s[pos + 3], 1);
}

static cmark_node *match(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *parent,
                         unsigned char character, cmark_inline_parser *ip) {
    (void)self;
    (void)parent;
    cmark_chunk *chunk = cmark_inline_parser_get_chunk(ip);
    const unsigned char *s = chunk->data;
    int n = (int)chunk->len;
    int pos = cmark_inline_parser_get_offset(ip);
    if (pos < 0 || pos >= n) return NULL;
    if (character == '$') return match_dollars(parser, ip, s, n, pos);
    if (character == TRANSMARK_MATH_MARKER_0) return match_marker(parser, ip, s, n, pos);
    return NULL;
}

static cmark_syntax_extension *math_extension;
static pthread_once_t math_once = PTHREAD_ONCE_INIT;

static void create_math_extension(void) {
    static const unsigned char chars[] = {'$', TRANSMARK_MATH_MARKER_0};
    math_extension = transmark_inline_extension_new("transmark-math", chars, sizeof chars, match);
}

cmark_syntax_extension *transmark_math_extension(void) {
    pthread_once(&math_once, create_math_extension);
    return math_extension;
}

int transmark_node_math_kind(cmark_node *node) {
    if (node->type != CMARK_NODE_CODE) return 0;
    if (node->user_data == TRANSMARK_INLINE_MATH) return 1;
    if (node->user_data == TRANSMARK_DISPLAY_MATH) return 2;
    return 0;
}
