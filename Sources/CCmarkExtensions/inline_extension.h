/* What the inline extensions of this target (autolink, math) share. A private header: it is not
   in include/, so it is no part of the module Swift imports. */
#ifndef TRANSMARK_INLINE_EXTENSION_H
#define TRANSMARK_INLINE_EXTENSION_H

#include <cmark-gfm/cmark-gfm-extension_api.h>
#include <stddef.h>
#include <stdint.h>

/* A new syntax extension named `name` whose inline matcher `match` the parser calls at each of the
   `count` bytes of `chars` (the extension's special inline characters). */
static inline cmark_syntax_extension *transmark_inline_extension_new(const char *name, const unsigned char *chars,
                                                                     size_t count, cmark_match_inline_func match) {
    cmark_syntax_extension *extension = cmark_syntax_extension_new(name);
    cmark_mem *mem = cmark_get_default_mem_allocator();
    cmark_llist *list = NULL;
    for (size_t i = 0; i < count; i++) list = cmark_llist_append(mem, list, (void *)(uintptr_t)chars[i]);
    cmark_syntax_extension_set_special_inline_chars(extension, list);
    cmark_syntax_extension_set_match_inline_func(extension, match);
    return extension;
}

#endif
