#ifndef TRANSMARK_AUTOLINK_H
#define TRANSMARK_AUTOLINK_H

/* GFM's extended autolinks (`www.` links, `http://`, `https://` and `ftp://` URLs, e-mail
   addresses, `mailto:` and `xmpp:` addresses) as a libcmark-gfm syntax extension, used in place of
   the library's own `autolink` extension, whose links it gives for ordinary text.

   The library's extension (0.29.0.gfm.6) costs memory and time out of proportion to the input:
   - it makes `w` and `:` special characters, so every `w` of a paragraph ends a text node (about
     190 bytes each: a 10 MB paragraph of words took 384 MB);
   - it links the e-mail addresses of a text node by recursion, copying the rest of the text at each
     address (`a@b.co ` 100,000 times, 700 KB, took 686 MB) and linking none after the 1,000th;
   - its `www.` check scans the whole domain-like run after each `www.` (`_www.` 40,000 times took
     21 s), and its URL end scan reads to the next space even when a `<` ends the link earlier.

   Here a `w` or `:` that starts no link begins a text node that runs on to the next character that
   is special to the parse (so text nodes are as long as without the extension), the domain check
   of `www.` is worked out once per run of domain characters, a URL's end is searched only up to
   the first `<`, and the addresses of a text node are linked in one pass that copies each piece of
   text once. All of it is linear in the paragraph's length. The links are the library's: the same
   rules for where a link may start and end (see `autolink.c`), checked against the library's
   extension by the test suite, with one difference: every address of a text node is linked, where
   the library stops after 1,000 recursions. */

typedef struct cmark_syntax_extension cmark_syntax_extension;

/** The autolink syntax extension, created once (thread-safe). Attach it in place of the library's
    `autolink` extension. */
cmark_syntax_extension *transmark_autolink_extension(void);

#endif
