#!/usr/bin/env bash
# HTML → tree, whole process: the release-built `transmark convert FILE -t tree` (output to
# /dev/null) against selectolax's parser (Python, lexbor backend: `LexborHTMLParser(bytes)`, parse time only,
# measured inside the interpreter), on corpus_from_md.html, corpus_spec.html and the web/ pages concatenated
# (`LC_ALL=C cat web/*.html`), each repeated 1×, 4× and 16× (joined by blank lines, written to a
# temporary directory that is removed afterwards).
#
# Per file: one warm-up run, then N runs of each (alternating). Reported: median wall time as input
# MB/s (10^6 bytes/s), median peak RSS (`/usr/bin/time %M`) and its ratio to the input size, and
# Transmark's 16×/1× time ratio. Targets (exit status 1 when one is missed): ≥ 150 MB/s on
# corpus_from_md.html and ≥ 100 MB/s on web (at 1×), peak memory ≤ 3× the input, 16× time ≤ 17× the
# 1× time. Whole-process figures include start-up and writing the tree dump; the in-process
# `HTMLParsing` benchmarks measure the parse alone.
#
# Usage: Benchmarks/compare-html.sh [-n RUNS] [--no-build] [--no-selectolax]
#   TRANSMARK_CORPUS_DIR  the full corpus directory (default: the first shared/corpus above the
#                         repository, else the small copy in Tests/Data/corpus, with a warning)
#   TRANSMARK_BIN         a transmark binary to use instead of building one
#   PYTHON                python with selectolax installed (default: python3; pip install selectolax)
set -euo pipefail

runs=5
build=1
selectolax=1
while [ $# -gt 0 ]; do
    case "$1" in
        -n) runs="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        --no-selectolax) selectolax=0; shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
# shellcheck source=lib.sh
. "$here/lib.sh"
find_corpus_dir corpus_from_md.html
python="${PYTHON:-python3}"

if [ "$selectolax" = 1 ] && ! "$python" -c 'import selectolax' 2>/dev/null; then
    echo "selectolax not installed for $python (pip install selectolax); running without it" >&2
    selectolax=0
fi

resolve_transmark "$build"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/transmark-html-bench.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

names=(corpus_from_md corpus_spec web)
sizes=(1 4 16)
cp "$corpus_dir/corpus_from_md.html" "$tmp/corpus_from_md.src"
cp "$corpus_dir/corpus_spec.html" "$tmp/corpus_spec.src"
(export LC_ALL=C; cat "$corpus_dir"/web/*.html) > "$tmp/web.src"
for name in "${names[@]}"; do
    for k in "${sizes[@]}"; do
        f="$tmp/${name}_${k}x.html"
        cp "$tmp/$name.src" "$f"
        for ((i = 1; i < k; i++)); do printf '\n\n' >> "$f"; cat "$tmp/$name.src" >> "$f"; done
    done
done

cat > "$tmp/parse_with_selectolax.py" <<'PY'
import sys, time
try:
    from selectolax.lexbor import LexborHTMLParser as HTMLParser   # selectolax >= 1.0 (lexbor)
except ImportError:
    from selectolax.parser import HTMLParser                       # older releases (Modest)
data = open(sys.argv[1], 'rb').read()
best = []
for _ in range(int(sys.argv[2])):
    t = time.perf_counter(); tree = HTMLParser(data); best.append(time.perf_counter() - t); del tree
best.sort()
print(best[len(best) // 2])
PY


# run FILE: one timed transmark run; appends "seconds kilobytes" to FILE.times
run() {
    local file="$1" t0 t1
    t0=$EPOCHREALTIME
    /usr/bin/time -f '%M' -o "$tmp/rss" "$transmark" convert "$file" -f html -t tree -o /dev/null
    t1=$EPOCHREALTIME
    echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }') $(tail -n 1 "$tmp/rss")" >> "$file.times"
}

declare -A secs rss sel
for name in "${names[@]}"; do
    for k in "${sizes[@]}"; do
        f="$tmp/${name}_${k}x.html"
        echo "measuring $name ${k}× ($(stat -c %s "$f") bytes), $runs runs…" >&2
        run "$f"; rm -f "$f.times"                                   # warm-up
        : > "$tmp/sel.times"
        for ((r = 0; r < runs; r++)); do
            run "$f"
            if [ "$selectolax" = 1 ]; then "$python" "$tmp/parse_with_selectolax.py" "$f" 1 >> "$tmp/sel.times"; fi
        done
        secs[$name,$k]=$(awk '{ print $1 }' "$f.times" | median)
        rss[$name,$k]=$(awk '{ print $2 }' "$f.times" | median)
        sel[$name,$k]=$([ "$selectolax" = 1 ] && median < "$tmp/sel.times" || echo 0)
    done
done

echo
echo "HTML → tree, whole process, median of $runs runs ($(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo "transmark: $transmark"
[ "$selectolax" = 1 ] && echo "selectolax: $("$python" -c 'import selectolax; print(selectolax.__version__)' 2>/dev/null) (parse only, in process)"
echo
printf '%-16s %4s %9s | %9s %8s %9s %7s | %11s\n' input size "MB" "trans. s" "MB/s" "peak MiB" "×input" "selectolax MB/s"
status=0
for name in "${names[@]}"; do
    for k in "${sizes[@]}"; do
        b=$(stat -c %s "$tmp/${name}_${k}x.html")
        awk -v n="$name" -v k="$k" -v b="$b" -v ts="${secs[$name,$k]}" -v tm="${rss[$name,$k]}" -v ss="${sel[$name,$k]}" 'BEGIN {
            printf "%-16s %4s %9.2f | %9.3f %8.1f %9.1f %7.2f | %11s\n", n, k "x", b / 1e6, ts, b / 1e6 / ts,
                tm / 1024, tm * 1024 / b, (ss > 0 ? sprintf("%.1f", b / 1e6 / ss) : "-") }'
    done
done
echo
echo "targets:"
check() { awk "BEGIN { exit !($1) }" && echo "  $2: met" || { echo "  $2: MISSED"; status=1; }; }
for name in corpus_from_md web; do
    b=$(stat -c %s "$tmp/${name}_1x.html")
    want=$([ "$name" = web ] && echo 100 || echo 150)
    mbs=$(awk -v b="$b" -v s="${secs[$name,1]}" 'BEGIN { printf "%.1f", b / 1e6 / s }')
    check "$mbs >= $want" "$name 1x: $mbs MB/s >= $want"
done
for name in "${names[@]}"; do
    for k in "${sizes[@]}"; do
        b=$(stat -c %s "$tmp/${name}_${k}x.html")
        ratio=$(awk -v b="$b" -v m="${rss[$name,$k]}" 'BEGIN { printf "%.2f", m * 1024 / b }')
        check "$ratio <= 3" "$name ${k}x: peak memory ${ratio} x input <= 3"
    done
    r=$(awk -v a="${secs[$name,1]}" -v c="${secs[$name,16]}" 'BEGIN { printf "%.2f", c / a }')
    check "$r <= 17" "$name: 16x time = $r x 1x time <= 17"
done
exit $status
