#!/usr/bin/env bash
# HTML → Markdown and Markdown → Markdown, whole process, in one run against the peers:
#
#   HTML → Markdown on corpus_from_md.html and on the web/ pages concatenated (1× and 16×):
#     transmark convert FILE -f html -t markdown        (release build of this repository)
#     html-to-markdown (PyPI, Rust core; `python3 -c 'html_to_markdown.convert(...)'`, timed
#                       around the call only, so Python start-up is not counted)
#     pandoc --sandbox -f html -t gfm (no network: iframes would otherwise be fetched)
#   Markdown → Markdown on corpus.md (1× and 16×):
#     transmark convert FILE -f markdown -t markdown
#     cmark-gfm -t commonmark
#
# The 16× files are the 1× file repeated and joined by blank lines; the web file is the pages in
# name order joined by a newline (the bytes the Swift benchmarks build). Each tool runs once to
# warm up, then N times, tools alternating run by run; reported: the median wall time as input
# MB/s (10^6 bytes/s) and the median peak RSS (`/usr/bin/time %M`). pandoc is slow: it is run on
# the 16× files only with --pandoc-16x. Targets checked (exit status 1 when one is missed):
#   HTML → Markdown ≥ 50 MB/s on corpus_from_md.html, ≥ 30 MB/s on the web pages;
#   peak memory ≤ 4 × the input; Markdown → Markdown ≥ 0.8 × cmark-gfm's throughput.
#
# Usage: Benchmarks/compare-markdown.sh [-n RUNS] [--no-build] [--pandoc-16x]
#   TRANSMARK_CORPUS_DIR  the full corpus directory (default: the first shared/corpus above the
#                         repository, else the small copy in Tests/Data/corpus, with a warning)
#   TRANSMARK_BIN         a transmark binary to use instead of building one
set -euo pipefail

runs=5
build=1
pandoc16=0
while [ $# -gt 0 ]; do
    case "$1" in
        -n) runs="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        --pandoc-16x) pandoc16=1; shift ;;
        -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
# shellcheck source=lib.sh
. "$here/lib.sh"
find_corpus_dir corpus.md

resolve_transmark "$build"
have() { command -v "$1" >/dev/null 2>&1; }
have_h2m=0; python3 -c 'import html_to_markdown' 2>/dev/null && have_h2m=1

tmp="$(mktemp -d "${TMPDIR:-/tmp}/transmark-mdbench.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

repeat() { # repeat SRC COPIES DEST
    local src="$1" n="$2" dest="$3"
    : > "$dest"
    for ((k = 0; k < n; k++)); do
        [ "$k" -gt 0 ] && printf '\n\n' >> "$dest"
        cat "$src" >> "$dest"
    done
}
first=1
for page in $(ls "$corpus_dir/web/"*.html | sort); do
    [ "$first" = 0 ] && printf '\n' >> "$tmp/web-1x.html"
    cat "$page" >> "$tmp/web-1x.html"; first=0
done
cp "$corpus_dir/corpus_from_md.html" "$tmp/html-1x.html"
cp "$corpus_dir/corpus.md" "$tmp/md-1x.md"
repeat "$tmp/html-1x.html" 16 "$tmp/html-16x.html"
repeat "$tmp/web-1x.html" 16 "$tmp/web-16x.html"
repeat "$tmp/md-1x.md" 16 "$tmp/md-16x.md"

cat > "$tmp/h2m.py" <<'PY'
import sys, time, html_to_markdown
data = open(sys.argv[1], encoding="utf-8", errors="replace").read()
t = time.perf_counter(); out = html_to_markdown.convert(data); t = time.perf_counter() - t
sys.stdout.write(out)
print("%.6f" % t, file=sys.stderr)
PY

# run_once NAME FILE → prints "seconds maxrss_kib"
run_once() {
    local name="$1" file="$2" err="$tmp/err"
    case "$name" in
        transmark-html) /usr/bin/time -f '%e %M' -o "$tmp/t" "$transmark" convert "$file" -f html -t markdown > /dev/null ;;
        transmark-md) /usr/bin/time -f '%e %M' -o "$tmp/t" "$transmark" convert "$file" -f markdown -t markdown > /dev/null ;;
        pandoc) /usr/bin/time -f '%e %M' -o "$tmp/t" pandoc --sandbox -f html -t gfm "$file" -o /dev/null 2>/dev/null ;;
        cmark-gfm) /usr/bin/time -f '%e %M' -o "$tmp/t" cmark-gfm -t commonmark "$file" > /dev/null ;;
        html-to-markdown)
            /usr/bin/time -f '%e %M' -o "$tmp/t" python3 "$tmp/h2m.py" "$file" > /dev/null 2> "$err"
            # the conversion's own time (without interpreter start-up and reading the file)
            echo "$(tail -1 "$err") $(cut -d' ' -f2 "$tmp/t")"; return ;;
    esac
    cat "$tmp/t"
}


status=0
report() { # report LABEL FILE TOOLS...
    local label="$1" file="$2"; shift 2
    local size; size=$(stat -c %s "$file")
    declare -A times mems
    for tool in "$@"; do run_once "$tool" "$file" > /dev/null; done   # warm-up
    for ((r = 0; r < runs; r++)); do
        for tool in "$@"; do
            read -r s m < <(run_once "$tool" "$file")
            times[$tool]+="$s "; mems[$tool]+="$m "
        done
    done
    printf '\n%s (%.2f MB)\n' "$label" "$(echo "$size / 1000000" | bc -l)"
    printf '  %-18s %10s %12s %10s\n' tool MB/s "peak MiB" "peak/input"
    for tool in "$@"; do
        local t m mbs
        t=$(echo "${times[$tool]}" | tr ' ' '\n' | grep . | median)
        m=$(echo "${mems[$tool]}" | tr ' ' '\n' | grep . | median)
        mbs=$(echo "$size / $t / 1000000" | bc -l)
        printf '  %-18s %10.1f %12.1f %10.2f\n' "$tool" "$mbs" "$(echo "$m / 1024" | bc -l)" "$(echo "$m * 1024 / $size" | bc -l)"
        eval "last_${tool//-/_}=$mbs"; eval "mem_${tool//-/_}=$(echo "$m * 1024 / $size" | bc -l)"
    done
}

peers_html=()
[ "$have_h2m" = 1 ] && peers_html+=(html-to-markdown)
for k in 1 16; do
    tools=(transmark-html "${peers_html[@]}")
    if have pandoc && { [ "$k" = 1 ] || [ "$pandoc16" = 1 ]; }; then tools+=(pandoc); fi
    report "HTML → Markdown, corpus_from_md.html ${k}×" "$tmp/html-${k}x.html" "${tools[@]}"
    if (( $(echo "$last_transmark_html < 50" | bc -l) )); then echo "  target missed: < 50 MB/s"; status=1; fi
    if (( $(echo "$mem_transmark_html > 4" | bc -l) )); then echo "  target missed: peak > 4 × input"; status=1; fi
    report "HTML → Markdown, web pages ${k}×" "$tmp/web-${k}x.html" "${tools[@]}"
    if (( $(echo "$last_transmark_html < 30" | bc -l) )); then echo "  target missed: < 30 MB/s"; status=1; fi
    if (( $(echo "$mem_transmark_html > 4" | bc -l) )); then echo "  target missed: peak > 4 × input"; status=1; fi
    tools=(transmark-md)
    have cmark-gfm && tools+=(cmark-gfm)
    report "Markdown → Markdown, corpus.md ${k}×" "$tmp/md-${k}x.md" "${tools[@]}"
    if have cmark-gfm; then
        ratio=$(echo "$last_transmark_md / $last_cmark_gfm" | bc -l)
        printf '  Transmark / cmark-gfm: %.2f\n' "$ratio"
        if (( $(echo "$ratio < 0.8" | bc -l) )); then echo "  target missed: < 0.8 × cmark-gfm"; status=1; fi
    fi
done
exit $status
