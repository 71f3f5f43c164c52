#!/usr/bin/env python3
"""Differential fuzzing of the chunked Markdown parse (run by hand; not part of CI).

Generates random documents from Markdown fragments chosen to stress chunk boundaries (blank
lines, fences, HTML blocks, lists, quotes, link and footnote definitions, CR line ends, BOMs) and
checks that `transmark convert -t tree` gives the same tree with chunkSize=0 (one parse) as with
tiny chunks. Mismatching inputs are saved as fail-SEED-CASE-CHUNK.md in the current directory.

    swift build -c release --product transmark
    python3 scripts/fuzz-chunked-parse.py SEED COUNT      # e.g. 1 500
"""
import os, random, subprocess, sys
T = os.environ.get('TRANSMARK_BIN', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '.build', 'release', 'transmark'))
frags = [
 "Paragraph text with *emph* and **strong** and `code`.\n", "\n", "\n\n", "   \n", "\t\n",
 "- item\n", "- item\n\n  continued\n", "1. one\n", "2) two\n", "* star\n", "+ plus\n",
 "> quote\n", "> quote\n>\n> more\n", ">\n",
 "```\n", "```js\ncode\n", "~~~\n", "    indented code\n", "      deeper\n",
 "<div>\n", "</div>\n", "<script>\n", "</script>\n", "<!--\n", "-->\n", "<pre>\n", "</pre>\n", "<?php\n", "?>\n", "<![CDATA[\n", "]]>\n", "<!X\n",
 "[ref]: /url \"title\"\n", "[Ref]: /other\n", "[ref]\n", "[text][ref]\n", "[ref][]\n", "![img][ref]\n", "[x]:\n/y\n",
 "[^1]: note\n", "[^1]\n", "text[^a] more\n", "[^a]: a note\n\n    indented part\n", "[^A]: dup\n",
 "| a | b |\n|---|---|\n| 1 | 2 |\n", "# Heading\n", "Setext\n===\n", "---\n", "***\n", "___\n",
 "- [ ] task\n", "- [x] done\n", "www.example.com\n", "https://x.y/z\n", "~~strike~~\n",
 "Line\r\n", "\r\n", "\r", "caf\u00e9 \u4e2d\u6587\n", "\ufeffbom\n", "text\\\n", "hard  \n",
 "<span>inline</span>\n", "  - nested\n", "    - deeper\n", "10. ten\n", "a\n", "b\n", "]\n", "[\n",
]
def gen(rng):
    n = rng.randint(20, 400)
    return ''.join(rng.choice(frags) for _ in range(n))
def tree(doc, chunk):
    r = subprocess.run([T, 'convert', '-f', 'markdown', '-t', 'tree', '-O', f'chunkSize={chunk}'], input=doc.encode(), capture_output=True)
    return r.returncode, r.stdout, r.stderr
seed = int(sys.argv[1]); count = int(sys.argv[2])
fails = 0
for i in range(count):
    rng = random.Random(seed * 100000 + i)
    doc = gen(rng)
    a = tree(doc, 0)
    for chunk in (16, 64, 200):
        b = tree(doc, chunk)
        if a != b:
            fails += 1
            open(f'/tmp/fuzz/fail-{seed}-{i}-{chunk}.md', 'w').write(doc)
            print('MISMATCH', seed, i, chunk, a[0], b[0], b[2][:200])
            break
print('done', seed, count, 'fails', fails)
