#!/usr/bin/env bash
# Batch throughput, whole process: the web pages of corpus/web/ (22 in the full corpus, 15 in the
# project's copy) repeated to 2,000 documents (sorted by name, page i mod their count), one JSON
# line each ({"id": i, "content": "<html…"}), converted HTML → Markdown by the release-built
# `transmark convert --jsonl -f html -t markdown` with
# `--jobs 1` and `--jobs 2` (standard input to standard output), and by html-to-markdown (PyPI,
# Rust core: `html_to_markdown.convert(html).content`) in one Python process reading and writing
# the same JSON lines.
#
# Per tool: one warm-up run, then N runs (alternating). Reported: median wall time as documents/s
# and input MB/s, median peak RSS (`/usr/bin/time %M`), median CPU time (user + system) and
# documents per CPU-second (what a loaded machine changes least), the --jobs 2 / --jobs 1 speed-up and
# Transmark's ratio to html-to-markdown; for html-to-markdown also its conversion time alone
# (measured inside the interpreter, without JSON and start-up). The load average before and after
# is printed: the figures are only comparable on a quiet machine. Targets (exit status 1 when one
# is missed): speed-up ≥ 1.7×, --jobs 2 ≥ 6× html-to-markdown's documents/s, peak RSS < 100 MB.
#
# Usage: Benchmarks/compare-batch.sh [-n RUNS] [--docs N] [--no-build] [--no-h2m]
#   TRANSMARK_CORPUS_DIR  the full corpus directory (default: the first shared/corpus above the
#                         repository, else the small copy in Tests/Data/corpus, with a warning)
#   TRANSMARK_BIN         a transmark binary to use instead of building one
#   PYTHON                python with html-to-markdown installed (pip install html-to-markdown)
set -euo pipefail

runs=3
docs=2000
build=1
h2m=1
while [ $# -gt 0 ]; do
    case "$1" in
        -n) runs="$2"; shift 2 ;;
        --docs) docs="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        --no-h2m) h2m=0; shift ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
# shellcheck source=lib.sh
. "$here/lib.sh"
find_corpus_dir web/scinfu__SwiftSoup__Tests-macOS__corpus__GitHub.html
python="${PYTHON:-python3}"

if [ "$h2m" = 1 ] && ! "$python" -c 'import html_to_markdown' 2>/dev/null; then
    echo "html-to-markdown not installed for $python (pip install html-to-markdown); running without it" >&2
    h2m=0
fi

resolve_transmark "$build"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/transmark-batch-bench.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# The documents: page i mod the page count for i in 0..<docs, as JSON lines.
"$python" - "$corpus_dir/web" "$docs" > "$tmp/docs.jsonl" <<'PY'
import json, pathlib, sys
pages = sorted(pathlib.Path(sys.argv[1]).glob("*.html"))
texts = [p.read_bytes().decode("utf-8", errors="replace") for p in pages]
for i in range(int(sys.argv[2])):
    sys.stdout.write(json.dumps({"id": i, "content": texts[i % len(texts)]}) + "\n")
PY
input_bytes=$("$python" -c 'import json,sys; print(sum(len(json.loads(l)["content"].encode()) for l in open(sys.argv[1])))' "$tmp/docs.jsonl")

cat > "$tmp/h2m.py" <<'PY'
import json, sys, time
from html_to_markdown import convert
spent = 0.0
out = sys.stdout
for line in sys.stdin:
    record = json.loads(line)
    start = time.perf_counter()
    try:
        result = {"id": record["id"], "content": convert(record["content"]).content}
    except Exception as error:  # one bad document must not stop the stream
        result = {"id": record["id"], "error": {"code": type(error).__name__, "message": str(error)}}
    spent += time.perf_counter() - start
    out.write(json.dumps(result, ensure_ascii=False) + "\n")
print(f"{spent:.4f}", file=sys.stderr)
PY

# run_once NAME COMMAND…: one run, standard input from the documents; appends "wall rss" to $tmp/NAME.
run_once() {
    local name="$1"; shift
    /usr/bin/time -f '%e %M %U %S' -o "$tmp/time" "$@" < "$tmp/docs.jsonl" > "$tmp/$name.out" 2> "$tmp/$name.err"
    cat "$tmp/time" >> "$tmp/$name.times"
}

tools=(jobs1 jobs2)
[ "$h2m" = 1 ] && tools+=(h2m)
command_for() {
    case "$1" in
        jobs1) echo "$transmark convert --jsonl --quiet -f html -t markdown --jobs 1" ;;
        jobs2) echo "$transmark convert --jsonl --quiet -f html -t markdown --jobs 2" ;;
        h2m) echo "$python $tmp/h2m.py" ;;
    esac
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
for tool in "${tools[@]}"; do
    # shellcheck disable=SC2046
    run_once "$tool" $(command_for "$tool")   # warm-up
    : > "$tmp/$tool.times"
    [ "$tool" = h2m ] && : > "$tmp/h2m.inside"
done
for ((r = 0; r < runs; r++)); do
    for tool in "${tools[@]}"; do
        # shellcheck disable=SC2046
        run_once "$tool" $(command_for "$tool")
        [ "$tool" = h2m ] && tail -1 "$tmp/h2m.err" >> "$tmp/h2m.inside"
        records=$(wc -l < "$tmp/$tool.out")
        errors=$(grep -c '"error":' "$tmp/$tool.out" || true)
        if [ "$records" != "$docs" ] || [ "$errors" != 0 ]; then
            echo "$tool: $records records for $docs documents, $errors errors" >&2
            exit 1
        fi
    done
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"

printf '%d documents, %.1f MB of HTML, %d runs each (median)\n' "$docs" "$(echo "$input_bytes / 1000000" | bc -l)" "$runs"
printf '%-28s %10s %10s %10s %10s %10s %12s\n' tool wall_s docs/s MB/s peak_MB cpu_s docs/cpu_s
declare -A rate rss
for tool in "${tools[@]}"; do
    wall=$(cut -d' ' -f1 "$tmp/$tool.times" | median)
    kb=$(cut -d' ' -f2 "$tmp/$tool.times" | median)
    rate[$tool]=$(echo "$docs / $wall" | bc -l)
    rss[$tool]=$(echo "$kb / 1024" | bc -l)
    cpu=$(awk '{ print $3 + $4 }' "$tmp/$tool.times" | median)
    label="$tool"
    case "$tool" in
        jobs1) label="transmark --jobs 1" ;;
        jobs2) label="transmark --jobs 2" ;;
        h2m) label="html-to-markdown (python)" ;;
    esac
    printf '%-28s %10.2f %10.1f %10.1f %10.1f %10.2f %12.1f\n' "$label" "$wall" "${rate[$tool]}" "$(echo "$input_bytes / 1000000 / $wall" | bc -l)" "${rss[$tool]}" "$cpu" "$(echo "$docs / $cpu" | bc -l)"
done
status=0
speedup=$(echo "${rate[jobs2]} / ${rate[jobs1]}" | bc -l)
printf 'speed-up from the second core: %.2fx (target >= 1.7x)\n' "$speedup"
[ "$(echo "$speedup >= 1.7" | bc -l)" = 1 ] || status=1
for tool in jobs1 jobs2; do
    [ "$(echo "${rss[$tool]} < 100" | bc -l)" = 1 ] || { echo "$tool peak RSS ${rss[$tool]} MB >= 100 MB" >&2; status=1; }
done
if [ "$h2m" = 1 ]; then
    inside=$(median < "$tmp/h2m.inside")
    printf 'html-to-markdown conversion alone (inside Python): %.2f s = %.1f docs/s\n' "$inside" "$(echo "$docs / $inside" | bc -l)"
    ratio=$(echo "${rate[jobs2]} / ${rate[h2m]}" | bc -l)
    ratio1=$(echo "${rate[jobs1]} / ${rate[h2m]}" | bc -l)
    printf 'transmark / html-to-markdown, documents/s: %.2fx with --jobs 2 (target >= 6x), %.2fx with --jobs 1\n' "$ratio" "$ratio1"
    [ "$(echo "$ratio >= 6" | bc -l)" = 1 ] || status=1
fi
exit $status
