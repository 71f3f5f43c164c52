#!/usr/bin/env bash
# Instructions per conversion (valgrind callgrind): a count that does not move with the machine's
# load, for judging a change. Builds ConvertOnce in release, strips its debug info (valgrind cannot
# read Swift's), then runs each conversion once (start-up and file reading included). The target
# `-` parses only (the figures of `Benchmarks/README.md` for "HTML → tree").
#
#   bash count-instructions.sh              # the standard set below
#   bash count-instructions.sh FILE FROM TO [key=value ...]
#
# The standard set reads the full corpus: TRANSMARK_CORPUS_DIR, else the first shared/corpus above
# the repository, else the small copy in Tests/Data/corpus (with a warning: its counts are not the
# full corpus's).
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind > /dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
swift build -c release --product ConvertOnce > /dev/null
binary=$(mktemp)
trap 'rm -f "$binary"' EXIT
cp "$(swift build -c release --show-bin-path)/ConvertOnce" "$binary"
strip -g "$binary"
chmod +x "$binary"

count() { # FILE FROM TO [options]
    local instructions
    instructions=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$@" 2>&1 \
        | awk '/Collected/ { print $4 }')
    printf '%-70s %8.0f M\n' "$(basename "$1") $2 → $3 ${*:4}" "$((instructions / 1000000))"
}

if [ $# -gt 0 ]; then count "$@"; exit; fi
root="$(cd .. && pwd)"
# shellcheck source=lib.sh
. ./lib.sh
locate_corpus_dir corpus_from_md.html
corpus="$corpus_dir"
pages=$(mktemp -d)
web=$pages/web-pages.html
trap 'rm -f "$binary"; rm -rf "$pages"' EXIT
LC_ALL=C cat "$corpus"/web/*.html > "$web"
count "$corpus/corpus_from_md.html" html -
count "$web" html -
count "$corpus/corpus_from_md.html" html markdown
count "$web" html markdown
count "$web" html text
count "$corpus/corpus_from_md.html" html styled-json
count "$corpus/corpus.md" markdown ansi color=always colors=truecolor
count "$corpus/corpus.md" markdown text
count "$corpus/corpus.md" markdown styled-json
count "$corpus/corpus.md" markdown html
