#!/usr/bin/env bash
# Text and ANSI rendering, whole process, against rich in the same run (issue 6's figures):
#
#   Markdown → ANSI (truecolor) and Markdown → text on corpus.md, 1× and 16×;
#   HTML → text on the web/ pages concatenated (`LC_ALL=C cat web/*.html`), 1× and 16×:
#     transmark convert FILE -t ansi|text -o OUT      (release build of this repository)
#   rich (PyPI): Console(file=StringIO(), width=100, force_terminal=True).print(Markdown(text)),
#     timed around that call only, on the first RICH_BYTES bytes of corpus.md (cut at a blank
#     line; default 2,000,000: rich needs minutes and gigabytes for the whole file), and
#     Transmark on the same prefix for comparison.
#
# The 16× files are the 1× file repeated and joined by blank lines. Each Transmark conversion
# runs N times (default 3); reported: the median wall time as input MB/s (10^6 bytes/s), the
# median peak RSS (`/usr/bin/time %M`), its ratio to the input, and at 1× the "net" ratio (peak
# minus what an empty conversion takes, over the input). Checked (exit status 1 when missed): peak
# memory ≤ 4× the input (raw at 16×, net at 1×). The throughput targets (Markdown → ANSI ≥ 30 MB/s,
# HTML → text ≥ 50 MB/s) are judged in process by the `TextRendering` benchmarks; the whole-process
# figures here include start-up, reading and writing, and on a shared host they move by a third
# between runs.
#
# Usage: Benchmarks/compare-text.sh [-n RUNS] [--no-build] [--no-rich]
#   TRANSMARK_CORPUS_DIR  the full corpus directory (default: the first shared/corpus above the
#                         repository, else the small copy in Tests/Data/corpus, with a warning)
#   TRANSMARK_BIN         a transmark binary to use instead of building one
#   PYTHON                python with rich installed (default: python3; pip install rich)
#   RICH_BYTES            size of the corpus.md prefix given to rich
set -euo pipefail

runs=3
build=1
rich=1
while [ $# -gt 0 ]; do
    case "$1" in
        -n) runs="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        --no-rich) rich=0; shift ;;
        -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
# shellcheck source=lib.sh
. "$here/lib.sh"
find_corpus_dir corpus.md
python="${PYTHON:-python3}"
rich_bytes="${RICH_BYTES:-2000000}"
if [ "$rich" = 1 ] && ! "$python" -c 'import rich' 2>/dev/null; then
    echo "rich not installed for $python (pip install rich); running without it" >&2
    rich=0
fi
resolve_transmark "$build"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/transmark-text-bench.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
cp "$corpus_dir/corpus.md" "$tmp/md_1x.md"
(export LC_ALL=C; cat "$corpus_dir"/web/*.html) > "$tmp/web_1x.html"
for name in md_1x.md web_1x.html; do
    big="$tmp/${name/_1x/_16x}"
    cp "$tmp/$name" "$big"
    for ((i = 1; i < 16; i++)); do printf '\n\n' >> "$big"; cat "$tmp/$name" >> "$big"; done
done
: > "$tmp/empty.md"

# measure FILE ARGS…: median "seconds kilobytes" of RUNS transmark conversions of FILE.
measure() {
    local file="$1"; shift
    : > "$tmp/times"
    for ((r = 0; r < runs; r++)); do
        /usr/bin/time -f "%e %M" -o "$tmp/one" "$transmark" convert "$file" "$@" -o "$tmp/out" > /dev/null
        cat "$tmp/one" >> "$tmp/times"
    done
    echo "$(awk '{ print $1 }' "$tmp/times" | median) $(awk '{ print $2 }' "$tmp/times" | median)"
}

baseline_kb=$(measure "$tmp/empty.md" -t text | awk '{ print $2 }')
failed=0
printf '%-24s %6s %9s %9s %10s %8s\n' conversion size MB MB/s "peak MiB" "×input"
report() { # LABEL FILE SCALE ARGS…
    local label="$1" file="$2" scale="$3"; shift 3
    local bytes result seconds kb ratio
    bytes=$(stat -c %s "$file")
    result=$(measure "$file" "$@")
    seconds=${result% *}; kb=${result#* }
    if [ "$scale" = 1 ]; then
        ratio=$(awk -v k="$kb" -v b="$baseline_kb" -v s="$bytes" 'BEGIN { printf "%.2f net", (k - b) * 1024 / s }')
    else
        ratio=$(awk -v k="$kb" -v s="$bytes" 'BEGIN { printf "%.2f", k * 1024 / s }')
    fi
    printf '%-24s %5sx %9.2f %9.1f %10.1f %8s\n' "$label" "$scale" "$(awk -v s="$bytes" 'BEGIN { print s / 1e6 }')" \
        "$(awk -v s="$bytes" -v t="$seconds" 'BEGIN { print s / 1e6 / t }')" "$(awk -v k="$kb" 'BEGIN { print k / 1024 }')" "$ratio"
    echo "$label $scale $bytes $seconds $kb" >> "$tmp/results"
}
report "Markdown → ANSI" "$tmp/md_1x.md" 1 -t ansi -O color=always -O colors=truecolor
report "Markdown → ANSI" "$tmp/md_16x.md" 16 -t ansi -O color=always -O colors=truecolor
report "Markdown → text" "$tmp/md_1x.md" 1 -t text
report "Markdown → text" "$tmp/md_16x.md" 16 -t text
report "HTML → text" "$tmp/web_1x.html" 1 -f html -t text
report "HTML → text" "$tmp/web_16x.html" 16 -f html -t text

if [ "$rich" = 1 ]; then
    "$python" - "$corpus_dir/corpus.md" "$rich_bytes" "$tmp/prefix.md" <<'PY'
import sys
text = open(sys.argv[1], encoding='utf-8').read()
limit = int(sys.argv[2])
cut = text.rfind('\n\n', 0, limit)
open(sys.argv[3], 'w', encoding='utf-8').write(text[:cut if cut > 0 else limit])
PY
    rich_seconds=$("$python" - "$tmp/prefix.md" <<'PY'
import io, sys, time
from rich.console import Console
from rich.markdown import Markdown
text = open(sys.argv[1], encoding='utf-8').read()
start = time.perf_counter()
Console(file=io.StringIO(), width=100, force_terminal=True).print(Markdown(text))
print(time.perf_counter() - start)
PY
)
    prefix_bytes=$(stat -c %s "$tmp/prefix.md")
    prefix=$(measure "$tmp/prefix.md" -t ansi -O color=always -O colors=truecolor -O width=100)
    printf '\nrich, Markdown → ANSI on a %s-byte prefix of corpus.md: %.2f s = %.3f MB/s; Transmark (whole process) %.2f s = %.1f MB/s\n' \
        "$prefix_bytes" "$rich_seconds" "$(awk -v s="$prefix_bytes" -v t="$rich_seconds" 'BEGIN { print s / 1e6 / t }')" \
        "${prefix% *}" "$(awk -v s="$prefix_bytes" -v t="${prefix% *}" 'BEGIN { print s / 1e6 / t }')"
fi

echo
echo "targets:"
check() { # DESCRIPTION CONDITION(awk expression over s = seconds, b = bytes, k = KB)
    local label="$1" scale="$2" what="$3" expression="$4"
    local line ok
    line=$(grep "^$label $scale " "$tmp/results" | sed "s/^$label //")
    ok=$(echo "$line" | awk -v base="$baseline_kb" "{ s = \$3; b = \$2; k = \$4; print (($expression) ? \"met\" : \"MISSED\") }")
    echo "  $label ${scale}x: $what: $ok"
    [ "$ok" = met ] || failed=1
}
for label in "Markdown → ANSI" "Markdown → text" "HTML → text"; do
    check "$label" 16 "peak ≤ 4× the input" 'k * 1024 <= 4 * b'
    check "$label" 1 "peak less the empty conversion ≤ 4× the input" '(k - base) * 1024 <= 4 * b'
done
exit "$failed"
