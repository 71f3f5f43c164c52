/* Task list items: see TransmarkTasklist.h. */
#include "TransmarkTasklist.h"
#include <cmark-gfm/parser.h>
#include <cmark-gfm/node.h>
#include <cmark-gfm/syntax_extension.h>
#include <cmark-gfm/render.h>
#include <cmark-gfm/buffer.h>
#include <pthread.h>
#include <stdio.h>

static cmark_syntax_extension *tasklist_extension;
static pthread_once_t tasklist_once = PTHREAD_ONCE_INIT;

/* The spaces the library's table and tasklist scanners allow after a marker. */
static int is_marker_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

/* A task item continues as a list item does (the library's item rule, which an extension's node
   must repeat): on a line indented to its content, or on a blank line once it has content. */
static int matches(cmark_syntax_extension *self, cmark_parser *parser, unsigned char *input, int len,
                   cmark_node *container) {
    (void)self; (void)len;
    int content = container->as.list.marker_offset + container->as.list.padding;
    if (parser->indent >= content) {
        cmark_parser_advance_offset(parser, (const char *)input, content, true);
        return 1;
    }
    if (parser->blank && container->first_child != NULL) {
        cmark_parser_advance_offset(parser, (const char *)input, parser->first_nonspace - parser->offset, false);
        return 1;
    }
    return 0;
}

/* Called where no other block opens inside `container`: when it is a list item with no content yet
   and the line's content there starts with a task marker, the item becomes a task and the marker
   is consumed. Opens no block of its own. */
static cmark_node *open_block(cmark_syntax_extension *self, int indented, cmark_parser *parser,
                              cmark_node *container, unsigned char *input, int len) {
    if (indented || container->type != CMARK_NODE_ITEM || container->first_child != NULL ||
        container->extension == self)
        return NULL;
    bufsize_t start = parser->first_nonspace;
    if (start + 3 >= len || input[start] != '[' || input[start + 2] != ']' || !is_marker_space(input[start + 3]))
        return NULL;
    unsigned char state = input[start + 1];
    if (state != ' ' && state != 'x' && state != 'X') return NULL;
    cmark_node_set_syntax_extension(container, self);
    container->as.list.checked = state != ' ';
    cmark_parser_advance_offset(parser, (const char *)input, start + 3 - parser->offset, false);
    return NULL;
}

static int can_contain(cmark_syntax_extension *self, cmark_node *node, cmark_node_type child_type) {
    (void)self; (void)child_type;
    return node->type == CMARK_NODE_ITEM;
}

static const char *type_string(cmark_syntax_extension *self, cmark_node *node) {
    (void)self; (void)node;
    return "tasklist";
}

/* The library's html.h (not installed): a line break unless the output ends one, and the
   `data-sourcepos` attribute when the options ask for it. */
static void html_line_break(cmark_strbuf *html) {
    if (html->size && html->ptr[html->size - 1] != '\n') cmark_strbuf_putc(html, '\n');
}

static void html_source_position(cmark_node *node, cmark_strbuf *html, int options) {
    if (!(options & CMARK_OPT_SOURCEPOS)) return;
    char buffer[100];
    snprintf(buffer, sizeof buffer, " data-sourcepos=\"%d:%d-%d:%d\"", cmark_node_get_start_line(node),
             cmark_node_get_start_column(node), cmark_node_get_end_line(node), cmark_node_get_end_column(node));
    cmark_strbuf_puts(html, buffer);
}

/* libcmark-gfm 0.29.0.gfm.6's HTML for a task item, a space after the checkbox (the library's
   renderer calls this for the extension's nodes; Transmark's own backends read the tree instead). */
static void html_render(cmark_syntax_extension *self, cmark_html_renderer *renderer, cmark_node *node,
                        cmark_event_type event, int options) {
    (void)self;
    if (event == CMARK_EVENT_ENTER) {
        html_line_break(renderer->html);
        cmark_strbuf_puts(renderer->html, "<li");
        html_source_position(node, renderer->html, options);
        cmark_strbuf_putc(renderer->html, '>');
        cmark_strbuf_puts(renderer->html, node->as.list.checked
                          ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
                          : "<input type=\"checkbox\" disabled=\"\" /> ");
    } else {
        cmark_strbuf_puts(renderer->html, "</li>\n");
    }
}

/* libcmark-gfm's CommonMark and plain text for a task item. */
static void commonmark_render(cmark_syntax_extension *self, cmark_renderer *renderer, cmark_node *node,
                              cmark_event_type event, int options) {
    (void)self; (void)options;
    if (event == CMARK_EVENT_ENTER) {
        renderer->cr(renderer);
        renderer->out(renderer, node, node->as.list.checked ? "- [x] " : "- [ ] ", false, LITERAL);
        cmark_strbuf_puts(renderer->prefix, "  ");
    } else {
        cmark_strbuf_truncate(renderer->prefix, renderer->prefix->size - 2);
        renderer->cr(renderer);
    }
}

static const char *xml_attr(cmark_syntax_extension *self, cmark_node *node) {
    (void)self;
    return node->as.list.checked ? " completed=\"true\"" : " completed=\"false\"";
}

static void create_tasklist_extension(void) {
    cmark_syntax_extension *extension = cmark_syntax_extension_new("transmark-tasklist");
    cmark_syntax_extension_set_match_block_func(extension, matches);
    cmark_syntax_extension_set_open_block_func(extension, open_block);
    cmark_syntax_extension_set_can_contain_func(extension, can_contain);
    cmark_syntax_extension_set_get_type_string_func(extension, type_string);
    cmark_syntax_extension_set_html_render_func(extension, html_render);
    cmark_syntax_extension_set_commonmark_render_func(extension, commonmark_render);
    cmark_syntax_extension_set_plaintext_render_func(extension, commonmark_render);
    cmark_syntax_extension_set_xml_attr_func(extension, xml_attr);
    tasklist_extension = extension;
}

cmark_syntax_extension *transmark_tasklist_extension(void) {
    pthread_once(&tasklist_once, create_tasklist_extension);
    return tasklist_extension;
}

bool transmark_tasklist_item_is_task(cmark_node *node) {
    return node != NULL && node->extension != NULL && node->extension == transmark_tasklist_extension();
}

bool transmark_tasklist_item_checked(cmark_node *node) {
    return transmark_tasklist_item_is_task(node) && node->as.list.checked;
}
