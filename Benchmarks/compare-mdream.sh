#!/usr/bin/env bash
# HTML → Markdown side by side with mdream (Rust, MIT; a streaming converter that builds no tree),
# on the pages of corpus/web/ (22 in the full corpus), in one run:
#
#   1. in process: documents per CPU-second (per core), every page converted REPS times in one
#      process: mdream's harness (`mdbench REPS PAGE…`, `mdream::html_to_markdown` in a loop) and
#      `transmark convert --jsonl --jobs 1` over the same pages as JSON lines (REPS × the pages);
#      html-to-markdown (PyPI, Rust core) in one Python process as well, when it is installed.
#   2. one process per page: the median wall time of converting each page by itself (standard input
#      to standard output), summed over the pages; the largest page; and the pages joined into one.
#   3. start-up: a 10-byte document, median wall time and peak resident memory.
#   4. peak memory for corpus_from_md.html (15.7 MB).
#
# Each line gives Transmark's figure, mdream's, and how many times slower (or larger) Transmark is:
# above 1.00× mdream leads. CPU time (user + system) is what a loaded machine changes least; wall
# times are medians of RUNS runs, after one warm-up. The load average before and after is printed.
#
# mdream is built once from its bundled source (`shared/peers/mdream/`, offline, about a minute)
# into .build/peers/mdream. It is a peer to measure against, never a dependency.
#
# Usage: Benchmarks/compare-mdream.sh [-n RUNS] [--reps N] [--no-build] [--no-h2m]
#   TRANSMARK_CORPUS_DIR  the full corpus directory (default: the first shared/corpus above the
#                         repository, else the small copy in Tests/Data/corpus, with a warning)
#   MDREAM_DIR            mdream's bundled source and build script (default: the first
#                         shared/peers/mdream above the repository)
#   TRANSMARK_BIN         a transmark binary to use instead of building one
#   PYTHON                python with html-to-markdown installed (pip install html-to-markdown)
set -euo pipefail

runs=5
reps=20
build=1
h2m=1
while [ $# -gt 0 ]; do
    case "$1" in
        -n) runs="$2"; shift 2 ;;
        --reps) reps="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        --no-h2m) h2m=0; shift ;;
        -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
# shellcheck source=lib.sh
. "$here/lib.sh"
find_corpus_dir corpus_from_md.html
python="${PYTHON:-python3}"
[ -x /usr/bin/time ] || { echo "needs GNU time at /usr/bin/time" >&2; exit 2; }

# mdream: its bundled source, found above the repository unless named.
mdream_dir="${MDREAM_DIR:-}"
if [ -z "$mdream_dir" ]; then
    dir="$root"
    while [ "$dir" != / ]; do
        dir="$(dirname "$dir")"
        if [ -f "$dir/shared/peers/mdream/build.sh" ]; then mdream_dir="$dir/shared/peers/mdream"; break; fi
    done
fi
[ -n "$mdream_dir" ] && [ -f "$mdream_dir/build.sh" ] || {
    echo "mdream's source not found: set MDREAM_DIR to the folder holding its build.sh" >&2; exit 2; }
command -v cargo > /dev/null || { echo "building mdream needs cargo (the Rust toolchain)" >&2; exit 2; }
peer="$root/.build/peers/mdream"
if [ ! -x "$peer/mdream" ] || [ ! -x "$peer/mdbench" ] || [ "$mdream_dir/mdream-core-src.tar.gz" -nt "$peer/mdream" ]; then
    echo "building mdream from $mdream_dir …" >&2
    bash "$mdream_dir/build.sh" "$peer" >&2
fi

if [ "$h2m" = 1 ] && ! "$python" -c 'import html_to_markdown' 2>/dev/null; then
    echo "html-to-markdown not installed for $python (pip install html-to-markdown); running without it" >&2
    h2m=0
fi

resolve_transmark "$build"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/transmark-mdream.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

pages=()
while IFS= read -r page; do pages+=("$page"); done < <(LC_ALL=C ls "$corpus_dir"/web/*.html)
[ ${#pages[@]} -gt 0 ] || { echo "no pages in $corpus_dir/web" >&2; exit 2; }
LC_ALL=C cat "${pages[@]}" > "$tmp/joined.html"
largest="$(LC_ALL=C ls -S "${pages[@]}" | head -1)"
printf '<p>hi</p>\n' > "$tmp/tiny.html"
page_bytes=$(cat "${pages[@]}" | wc -c)
documents=$(( ${#pages[@]} * reps ))

# The same pages as JSON lines, REPS times (pages are read as UTF-8 with replacement, as mdbench does).
"$python" - "$reps" "${pages[@]}" > "$tmp/docs.jsonl" <<'PY'
import json, sys
reps = int(sys.argv[1])
texts = [open(p, "rb").read().decode("utf-8", errors="replace") for p in sys.argv[2:]]
n = 0
for _ in range(reps):
    for t in texts:
        sys.stdout.write(json.dumps({"id": n, "content": t}) + "\n")
        n += 1
PY

cat > "$tmp/h2m.py" <<'PY'
import json, sys
from html_to_markdown import convert
for line in sys.stdin:
    record = json.loads(line)
    sys.stdout.write(json.dumps({"id": record["id"], "content": convert(record["content"]).content}, ensure_ascii=False) + "\n")
PY

# timed FILE COMMAND…: runs COMMAND (standard input and output as redirected by the caller) and
# appends "wall peak-KB cpu-seconds" to FILE.
# (Wall time from bash's microsecond clock: GNU time rounds it to 10 ms.)
timed() {
    local file="$1" start end; shift
    start=$EPOCHREALTIME
    /usr/bin/time -f '%M %U %S' -o "$tmp/time" "$@"
    end=$EPOCHREALTIME
    awk -v s="$start" -v e="$end" '{ printf "%.4f %s %.3f\n", e - s, $1, $2 + $3 }' "$tmp/time" >> "$file"
}
column_median() { awk -v c="$1" '{ print $c }' "$2" | median; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else print "n/a" }'; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
echo "pages: ${#pages[@]} from $corpus_dir/web ($(awk -v b="$page_bytes" 'BEGIN { printf "%.2f", b / 1e6 }') MB); runs: $runs; in-process repetitions: $reps"
echo

# 1. In process.
in_process() { # TOOL: one run
    case "$1" in
        transmark) timed "$tmp/ip.transmark" "$transmark" convert --jsonl --quiet -f html -t markdown --jobs 1 < "$tmp/docs.jsonl" > "$tmp/ip.out" ;;
        mdream) timed "$tmp/ip.mdream" "$peer/mdbench" "$reps" "${pages[@]}" < /dev/null > "$tmp/ip.out" ;;
        h2m) timed "$tmp/ip.h2m" "$python" "$tmp/h2m.py" < "$tmp/docs.jsonl" > "$tmp/ip.out" ;;
    esac
}
tools=(transmark mdream)
[ "$h2m" = 1 ] && tools+=(h2m)
for tool in "${tools[@]}"; do in_process "$tool"; : > "$tmp/ip.$tool"; done
for ((r = 0; r < runs; r++)); do
    for tool in "${tools[@]}"; do
        in_process "$tool"
        if [ "$tool" = transmark ] || [ "$tool" = h2m ]; then
            lines=$(wc -l < "$tmp/ip.out")
            [ "$lines" = "$documents" ] || { echo "$tool wrote $lines records for $documents documents" >&2; exit 1; }
            ! grep -q '"error":' "$tmp/ip.out" || { echo "$tool reported an error" >&2; exit 1; }
        fi
    done
done
per_cpu() { awk -v d="$documents" -v c="$1" 'BEGIN { printf "%.0f", d / c }'; }
t_cpu=$(column_median 3 "$tmp/ip.transmark")
m_cpu=$(column_median 3 "$tmp/ip.mdream")
t_dps=$(per_cpu "$t_cpu"); m_dps=$(per_cpu "$m_cpu")
printf '%-58s %14s %14s %10s\n' "" "Transmark" "mdream" "Transmark"
printf '%-58s %14s %14s %10s\n' "in process, documents per CPU-second (per core)" "$t_dps" "$m_dps" "$(ratio "$m_dps" "$t_dps") slower"
printf '%-58s %14s %14s\n' "in process, MB per CPU-second" \
    "$(awk -v b="$page_bytes" -v r="$reps" -v c="$t_cpu" 'BEGIN { printf "%.1f", b * r / 1e6 / c }')" \
    "$(awk -v b="$page_bytes" -v r="$reps" -v c="$m_cpu" 'BEGIN { printf "%.1f", b * r / 1e6 / c }')"
printf '%-58s %11s MB %11s MB\n' "in process, peak resident memory" \
    "$(( $(column_median 2 "$tmp/ip.transmark") / 1024 ))" "$(( $(column_median 2 "$tmp/ip.mdream") / 1024 ))"

# 2. One process per page.
one_process() { # TOOL FILE RESULTS: RUNS runs after a warm-up
    local tool="$1" file="$2" results="$3" r
    : > "$results"
    for ((r = 0; r <= runs; r++)); do
        if [ "$tool" = transmark ]; then
            timed "$results" "$transmark" convert -f html -t markdown < "$file" > /dev/null
        else
            timed "$results" "$peer/mdream" < "$file" > /dev/null
        fi
        if [ "$r" = 0 ]; then : > "$results"; fi
    done
}
for tool in transmark mdream; do
    total=0
    for page in "${pages[@]}"; do
        one_process "$tool" "$page" "$tmp/pp"
        total=$(awk -v t="$total" -v m="$(column_median 1 "$tmp/pp")" 'BEGIN { print t + m }')
    done
    printf -v "pp_$tool" '%s' "$total"
    one_process "$tool" "$largest" "$tmp/pp"; printf -v "big_$tool" '%s' "$(column_median 1 "$tmp/pp")"
    one_process "$tool" "$tmp/joined.html" "$tmp/pp"; printf -v "joined_$tool" '%s' "$(column_median 1 "$tmp/pp")"
    one_process "$tool" "$tmp/tiny.html" "$tmp/pp"
    printf -v "tiny_$tool" '%s' "$(column_median 1 "$tmp/pp")"
    printf -v "tinyrss_$tool" '%s' "$(( $(column_median 2 "$tmp/pp") / 1024 ))"
    one_process "$tool" "$corpus_dir/corpus_from_md.html" "$tmp/pp"
    printf -v "bigrss_$tool" '%s' "$(( $(column_median 2 "$tmp/pp") / 1024 ))"
done
# shellcheck disable=SC2154 # set by printf -v above
{
printf '%-58s %11s s %11s s %10s\n' "one process per page, the ${#pages[@]} pages (sum of medians)" "$pp_transmark" "$pp_mdream" "$(ratio "$pp_transmark" "$pp_mdream")"
printf '%-58s %11s s %11s s %10s\n' "one process, the largest page ($(( $(wc -c < "$largest") / 1000 )) KB)" "$big_transmark" "$big_mdream" "$(ratio "$big_transmark" "$big_mdream")"
printf '%-58s %11s s %11s s %10s\n' "one process, the pages joined" "$joined_transmark" "$joined_mdream" "$(ratio "$joined_transmark" "$joined_mdream")"
printf '%-58s %11s s %11s s %10s\n' "start-up: a 10-byte document" "$tiny_transmark" "$tiny_mdream" "$(ratio "$tiny_transmark" "$tiny_mdream")"
printf '%-58s %11s MB %11s MB %10s\n' "start-up: peak resident memory" "$tinyrss_transmark" "$tinyrss_mdream" "$(ratio "$tinyrss_transmark" "$tinyrss_mdream")"
printf '%-58s %11s MB %11s MB %10s\n' "peak memory, corpus_from_md.html ($(( $(wc -c < "$corpus_dir/corpus_from_md.html") / 1000000 )) MB)" "$bigrss_transmark" "$bigrss_mdream" "$(ratio "$bigrss_transmark" "$bigrss_mdream")"
}

if [ "$h2m" = 1 ]; then
    h_dps=$(per_cpu "$(column_median 3 "$tmp/ip.h2m")")
    echo
    printf '%-58s %14s %10s\n' "html-to-markdown in process, documents per CPU-second" "$h_dps" "Transmark $(ratio "$t_dps" "$h_dps") faster"
fi
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
