#!/usr/bin/env bash
# Markdown → HTML, whole process: the `cmark-gfm` command (all five GFM extensions) against the
# release-built `transmark` command, on corpus.md repeated 1×, 4× and 16× (joined by blank lines,
# written to a temporary directory that is removed afterwards).
#
# For every file each tool runs once to warm the cache, then N times (the two tools alternate run
# by run, so load from other users of the machine hits both alike). Reported: the median wall time
# as input MB/s (10^6 bytes per second), the median peak RSS (`/usr/bin/time %M`), the ratios
# Transmark/cmark-gfm, and each tool's 16×/1× time ratio, checked against the project's targets.
#
# Usage: Benchmarks/compare-cmark.sh [-n RUNS] [--no-build]
#   TRANSMARK_CORPUS_DIR  the full corpus directory (default: the first shared/corpus above the
#                         repository, else the small copy in Tests/Data/corpus, with a warning)
#   TRANSMARK_BIN         a transmark binary to use instead of building one
set -euo pipefail

runs=10
build=1
while [ $# -gt 0 ]; do
    case "$1" in
        -n) runs="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
# shellcheck source=lib.sh
. "$here/lib.sh"
find_corpus_dir corpus.md

corpus="$corpus_dir/corpus.md"
[ -f "$corpus" ] || { echo "corpus.md not found (set TRANSMARK_CORPUS_DIR)" >&2; exit 1; }

command -v cmark-gfm >/dev/null || { echo "cmark-gfm not installed (apt-get install cmark-gfm)" >&2; exit 1; }

resolve_transmark "$build"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/transmark-bench.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# Derived inputs: the same bytes the Swift benchmarks build in memory.
sizes=(1 4 16)
for k in "${sizes[@]}"; do
    f="$tmp/corpus_${k}x.md"
    cp "$corpus" "$f.tmp"
    for ((i = 1; i < k; i++)); do printf '\n\n' >> "$f.tmp"; cat "$corpus" >> "$f.tmp"; done
    mv "$f.tmp" "$f"
done

cmark_cmd=(cmark-gfm -e table -e strikethrough -e autolink -e tagfilter -e tasklist)
transmark_cmd=("$transmark" convert -f markdown -t html)

# run TOOL FILE: one timed run; appends "seconds kilobytes" to $tmp/TOOL_FILE.times
run() {
    local tool="$1" file="$2" out="$tmp/$1.out" t0 t1
    local -a cmd
    if [ "$tool" = cmark ]; then cmd=("${cmark_cmd[@]}" "$file"); else cmd=("${transmark_cmd[@]}" "$file"); fi
    t0=$EPOCHREALTIME
    /usr/bin/time -f '%M' -o "$tmp/rss" "${cmd[@]}" > "$out"
    t1=$EPOCHREALTIME
    echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }') $(tail -n 1 "$tmp/rss")" \
        >> "$tmp/${tool}_$(basename "$file").times"
}


declare -A secs rss
# Same work? Transmark reads footnotes by default and the cmark-gfm command does not (it has no
# --footnotes here), so the check turns them off; the timed runs use the defaults.
"${cmark_cmd[@]}" "$tmp/corpus_1x.md" > "$tmp/check.cmark"
"${transmark_cmd[@]}" -O footnotes=false "$tmp/corpus_1x.md" > "$tmp/check.transmark"
cmp -s "$tmp/check.cmark" "$tmp/check.transmark" && same_html="identical" || same_html="DIFFERENT"
for k in "${sizes[@]}"; do
    f="$tmp/corpus_${k}x.md"
    echo "measuring ${k}× ($(stat -c %s "$f") bytes), $runs runs per tool…" >&2
    run cmark "$f"; run transmark "$f"                       # warm-up, not counted
    rm -f "$tmp"/*_"$(basename "$f")".times
    for ((r = 0; r < runs; r++)); do run cmark "$f"; run transmark "$f"; done
    for tool in cmark transmark; do
        secs[$tool,$k]=$(awk '{ print $1 }' "$tmp/${tool}_$(basename "$f").times" | median)
        rss[$tool,$k]=$(awk '{ print $2 }' "$tmp/${tool}_$(basename "$f").times" | median)
    done
done

bytes1=$(stat -c %s "$tmp/corpus_1x.md")
echo
echo "Markdown → HTML, whole process, median of $runs runs ($(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo "cmark-gfm: $(cmark-gfm --version 2>/dev/null | head -n 1)"
echo "transmark: $transmark"
echo
printf '%-5s %12s | %9s %8s %9s | %9s %8s %9s | %7s %7s \n' \
    size "input MB" "cmark s" "MB/s" "peak MiB" "trans. s" "MB/s" "peak MiB" "thr T/C" "mem T/C"
for k in "${sizes[@]}"; do
    b=$(stat -c %s "$tmp/corpus_${k}x.md")
    awk -v k="$k" -v b="$b" -v cs="${secs[cmark,$k]}" -v cm="${rss[cmark,$k]}" \
        -v ts="${secs[transmark,$k]}" -v tm="${rss[transmark,$k]}" 'BEGIN {
        printf "%-5s %12.2f | %9.3f %8.1f %9.1f | %9.3f %8.1f %9.1f | %7.3f %7.3f\n",
            k "x", b / 1e6, cs, b / 1e6 / cs, cm / 1024, ts, b / 1e6 / ts, tm / 1024, cs / ts, tm / cm }'
done
echo "HTML of the 1x file, footnotes off: $same_html to cmark-gfm's"
awk -v c1="${secs[cmark,1]}" -v c16="${secs[cmark,16]}" -v t1="${secs[transmark,1]}" -v t16="${secs[transmark,16]}" 'BEGIN {
    printf "time 16x / 1x: cmark-gfm %.2f, transmark %.2f\n", c16 / c1, t16 / t1 }'
echo
echo "targets (every size):"
status=0
for k in "${sizes[@]}"; do
    awk -v k="$k" -v cs="${secs[cmark,$k]}" -v cm="${rss[cmark,$k]}" -v ts="${secs[transmark,$k]}" -v tm="${rss[transmark,$k]}" 'BEGIN {
        thr = cs / ts; mem = tm / cm
        printf "  %3sx  throughput %.3f x cmark-gfm (>= 0.80): %s   peak memory %.3f x cmark-gfm (<= 1.50): %s\n",
            k, thr, (thr >= 0.8 ? "met" : "MISSED"), mem, (mem <= 1.5 ? "met" : "MISSED")
        exit !(thr >= 0.8 && mem <= 1.5) }' || status=1
done
awk -v t1="${secs[transmark,1]}" -v t16="${secs[transmark,16]}" 'BEGIN {
    r = t16 / t1; printf "  scaling: transmark 16x time = %.2f x its 1x time (<= 17): %s\n", r, (r <= 17 ? "met" : "MISSED")
    exit !(r <= 17) }' || status=1
exit $status
