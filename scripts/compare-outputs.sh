#!/usr/bin/env bash
# Compares what two transmark binaries write, on the corpus: for a change meant to keep outputs
# byte for byte (a speed-up, a refactoring). Build the old one in a worktree, e.g.
#
#   git worktree add /tmp/transmark-old HEAD~3 --detach
#   swift build -c release --product transmark --package-path /tmp/transmark-old
#   swift build -c release --product transmark
#   scripts/compare-outputs.sh /tmp/transmark-old/.build/release/transmark .build/release/transmark
#
# Inputs: corpus.md, corpus_from_md.html, corpus_spec.html, every page of web/ and the pages
# concatenated, plus any files given after the two binaries. Formats: tree, markdown, text, html,
# styled-json and json-tree for each input (and ansi for Markdown), then HTML with keepComments and
# keepHidden, Markdown output with HTML spans and divisions, and Markdown and chunks with every
# option for language models. Prints each difference; exit
# status 1 when there is one.
#
#   TRANSMARK_CORPUS_DIR  the full corpus directory (default: the first shared/corpus above the
#                         repository, else the small copy in Tests/Data/corpus, with a warning)
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,17p' "$0"; exit 2; }
old="$1" new="$2"
shift 2
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../Benchmarks/lib.sh
. "$root/Benchmarks/lib.sh"
locate_corpus_dir corpus.md
corpus="$corpus_dir"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/transmark-compare.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
(export LC_ALL=C; cat "$corpus"/web/*.html) > "$tmp/web-pages.html"

differences=0
compare() { # FILE ARGS…
    local file="$1"; shift
    if ! cmp -s <("$old" convert "$file" "$@" 2>&1) <("$new" convert "$file" "$@" 2>&1); then
        echo "differs: $(basename "$file") $*"
        differences=$((differences + 1))
    fi
}
compared=0
for file in "$corpus/corpus.md" "$corpus/corpus_from_md.html" "$corpus/corpus_spec.html" "$tmp/web-pages.html" \
            "$corpus"/web/*.html "$@"; do
    for format in tree markdown text html styled-json json-tree; do compare "$file" -t "$format"; done
    case "$file" in
        *.md) compare "$file" -t ansi -O color=always -O colors=truecolor ;;
        *) compare "$file" -t tree -O keepComments=true -O keepHidden=true
           compare "$file" -t markdown -O span=html -O division=html -O htmlFallbackAttributes=true
           # Every option for language models (URLs resolved and cleaned, citations, images at
           # the end, front matter), as Markdown and as chunks.
           compare "$file" -t markdown --base-url https://example.com/page/ --transform clean-urls \
               -O linkStyle=citations -O images=end -O frontMatter=always
           compare "$file" -t markdown --base-url https://example.com/page/ --transform clean-urls \
               -O linkStyle=citations -O images=end --chunks 512 --chunk-overlap 64 ;;
    esac
    compared=$((compared + 1))
done
echo "$compared inputs compared, $differences differences"
[ "$differences" = 0 ]
