#ifndef TRANSMARK_TASKLIST_H
#define TRANSMARK_TASKLIST_H

/* GFM's task list items (`- [ ] open`, `- [x] done`) as a libcmark-gfm syntax extension, used in
   place of the library's own `tasklist` extension, whose task items it gives for ordinary lists.

   The library's extension (0.29.0.gfm.6) looks for the marker from the start of every line whose
   innermost open block is a list item, not at the item's first content:
   - a later line of an item that starts with digits and any one character before `[ ]` or `[x]`
     (`  9a [x] b` after a blank line) made the item a task and dropped the line's first three
     bytes from the text (`9a `, or half a UTF-8 character when the character after the digits is
     not ASCII);
   - an item that sits after another marker on its line (`> - [x] a`, `- - [x] a`) was no task;
   - an item was checked when `[x]` or `[X]` appeared anywhere on its first line
     (`- [ ] see [x]`).

   Here an item is a task when its first content, on the line where that content starts, is `[ ]`,
   `[x]` or `[X]` followed by a space or tab; the marker is taken out of the text and nothing else.
   The task state is read with `transmark_tasklist_item_checked`. */

#include <stdbool.h>

typedef struct cmark_syntax_extension cmark_syntax_extension;
typedef struct cmark_node cmark_node;

/** The tasklist syntax extension, created once (thread-safe). Attach it in place of the library's
    `tasklist` extension. */
cmark_syntax_extension *transmark_tasklist_extension(void);

/** Whether `node` is a task item this extension made. */
bool transmark_tasklist_item_is_task(cmark_node *node);

/** Whether the task item `node` is checked (`[x]` or `[X]`); false for any other node. */
bool transmark_tasklist_item_checked(cmark_node *node);

#endif
