#!/usr/bin/env bash
# Word-shingle F1 of `--transform main-content` on the Zyte (Scrapinghub) article extraction
# benchmark: 181 news and blog pages with their article text written by people
# (https://github.com/scrapinghub/article-extraction-benchmark, MIT). The data is not in this
# project; pass a checkout of that repository:
#
#   git clone https://github.com/scrapinghub/article-extraction-benchmark ../aeb
#   bash Benchmarks/evaluate-main-content.sh ../aeb [TRANSMARK]
#
# Prints the benchmark's own evaluate.py table for Transmark with main-content, for the whole
# page (no extraction, the baseline an extractor must beat), and for any peer outputs already in
# the checkout's output/ folder (trafilatura, readability, …), then the 10 worst pages.
# Text is written with `-t text -O mode=flat --transform drop-images` (no link targets, no wrapping,
# no images' alternative text: the ground truth is the article's plain text, without them). Needs python3 (standard library only).
set -euo pipefail
benchmark=${1:?usage: evaluate-main-content.sh BENCHMARK_CHECKOUT [TRANSMARK]}
benchmark=$(cd "$benchmark" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
transmark=${2:-}
if [ -z "$transmark" ]; then
    (cd "$root" && swift build -c release --product transmark > /dev/null)
    transmark="$root/.build/release/transmark"
fi
[ -f "$benchmark/ground-truth.json" ] || { echo "no ground-truth.json in $benchmark" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$benchmark/ground-truth.json" "$benchmark/evaluate.py" "$work/"
mkdir -p "$work/html" "$work/output"
for page in "$benchmark"/html/*.html.gz; do
    gunzip -c "$page" > "$work/html/$(basename "$page" .gz)"
done
# Peers' outputs shipped with the benchmark, to compare on the same run.
for peer in trafilatura readability readability_js rs_trafilatura go_trafilatura; do
    [ -f "$benchmark/output/$peer.json" ] && cp "$benchmark/output/$peer.json" "$work/output/"
done
run() { # NAME [transmark options…]
    local name=$1
    shift
    mkdir -p "$work/$name"
    for page in "$work"/html/*.html; do
        "$transmark" convert "$page" -f html -t text -O mode=flat "$@" > "$work/$name/$(basename "$page" .html).txt" 2> /dev/null || true
    done
    python3 - "$work" "$name" <<'PY'
import json, sys, pathlib
work, name = pathlib.Path(sys.argv[1]), sys.argv[2]
truth = json.loads((work / "ground-truth.json").read_text())
out = {key: {"articleBody": (work / name / f"{key}.txt").read_text(encoding="utf-8", errors="replace")} for key in truth}
(work / "output" / f"{name}.json").write_text(json.dumps(out))
PY
}
run transmark-main-content --transform main-content --transform drop-images
run transmark-whole-page --transform drop-images
cd "$work"
python3 evaluate.py --n-bootstrap 200
echo
echo "The 10 pages where main-content does worst (F1, precision, recall, URL):"
python3 - <<'PY'
import json
from evaluate import string_shingle_matching
truth = json.load(open("ground-truth.json"))
pred = json.load(open("output/transmark-main-content.json"))
rows = []
for key, value in truth.items():
    tp, fp, fn = string_shingle_matching(true=value["articleBody"], pred=pred[key]["articleBody"])
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    rows.append((2 * p * r / (p + r) if p + r else 0.0, p, r, value.get("url", key)))
for f, p, r, url in sorted(rows)[:10]:
    print(f"  {f:.2f}  p={p:.2f}  r={r:.2f}  {url}")
PY
