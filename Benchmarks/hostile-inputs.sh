#!/usr/bin/env bash
# Benchmarks/hostile-inputs.sh [TRANSMARK]: time and peak memory of the transmark command on one
# member of each class of hostile input an outside audit found super-linear (issue 35), at the
# audit's sizes (`:not()` smaller: a command-line argument holds at most 128 KB). Prints one line
# per case: seconds, peak resident megabytes, exit status (and the error, for a refused input),
# output bytes. Run by hand (it takes about a minute): `swift build -c release --product transmark`, then
# `bash Benchmarks/hostile-inputs.sh .build/release/transmark`. Needs python3 and GNU time.
set -uo pipefail
tm="$(realpath "${1:-.build/release/transmark}")"
[ -x "$tm" ] || { echo "no transmark binary at $tm (build it: swift build -c release --product transmark)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs GNU time at /usr/bin/time" >&2; exit 2; }
work="$(mktemp -d "${TMPDIR:-/tmp}/hostile.XXXXXX")"
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'EOF'
import json, os, sys
w = sys.argv[1]
def put(name, text):
    with open(os.path.join(w, name), "w") as f: f.write(text)
put("urls.md", "<http://a" * 100_000)
put("www.md", "_www." * 40_000)
put("emails.md", "a@b.co " * 100_000)
put("tables.md", "a|b|c\n|-|-|\n" * 2_000)
put("footnotes.md", "[^" * 1_000_000)
put("underscores.md", "_a" * 2_000_000)
put("paragraph.md", "word " * 2_000_000)
put("emphasis.md", "**" * 40_000 + "x" + "**" * 40_000)
put("breaks.html", "<br>" * 100_000)
put("tagged1.txt", "<b>" * 4_000 + "x\n" * 4_000)
put("tagged2.txt", "<b>" * 20_000 + "</i>" * 20_000)
put("headings.md", "# a\n\n" * 10_000)
put("quotes.md", "> " * 20_000 + "x\n")
put("paragraphs.md", "p\n\n" * 100_000)
put("links.md", "[a](b) " * 40_000)
put("attrs.html", "<p " + " ".join(f"a{i}" for i in range(100)) + ">x</p>")
font = {"font": {"family": "system", "size": 16, "weight": 400, "italic": False}}
n = 150  # paragraphs alternating list level 99999 and 1 (about 9 KB)
ranges = [{"location": 2 * i, "length": 2 if i < n - 1 else 1} for i in range(n)]
put("levels.styled.json", json.dumps({
    "version": 1, "unit": "utf16", "text": "x\n" * (n - 1) + "x",
    "runStyles": [dict(font, listLevel=99999), dict(font, listLevel=1)],
    "runs": [dict(r, style=i % 2) for i, r in enumerate(ranges)],
    "paragraphStyles": [{"role": "listItem"}],
    "paragraphs": [dict(r, style=0) for r in ranges], "attachments": []}))
put("colspans.html", "<table><tr>" + "<td colspan=1000>x</td>" * 5_000 + "</tr></table>")
put("record.jsonl", json.dumps({"id": "a", "from": "markdown", "to": "html",
                                "content": ("Some *text* with [a link](http://e.x) and `code`.\n\n" * 2_000_000)[:100_000_000]}) + "\n")
put("selector.txt", ", ".join(["p"] * 20_000))
put("not.txt", ":not(" + ", ".join(f"a{i}" for i in range(14_000)) + ")")  # the most an argument holds
put("attrsel.txt", "p" + "[a99]" * 300)
EOF
# 16 folders, each holding two links to the next (2^16 paths if links were followed), and a link to /.
mkdir -p "$work/tree"
d="$work/tree"
for i in $(seq 1 16); do mkdir -p "$d/n"; echo "# $i" > "$d/f.md"; ln -s n "$d/l1"; ln -s n "$d/l2"; d="$d/n"; done
ln -s / "$work/tree/root"

run() { # run NAME COMMAND...
    local name="$1"; shift
    local status
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" > "$work/out" 2> "$work/err"
    status=$?
    read -r seconds kb < <(tail -1 "$work/time")
    printf '%-34s %7.2f s %7d MB  exit %d  %10d bytes out\n' "$name" "$seconds" $((kb / 1024)) "$status" "$(wc -c < "$work/out")"
    if (( status != 0 )); then sed -n '1s/^/    /p' "$work/err" | cut -c1-200; fi
}
cd "$work"
run "<http://a x 100000 -> html" "$tm" convert urls.md -t html
run "_www. x 40000 -> html" "$tm" convert www.md -t html
run "a@b.co x 100000 -> html" "$tm" convert emails.md -t html
run "a|b|c / |-|-| x 2000 -> html" "$tm" convert tables.md -t html
run "[^ x 1000000 -> html" "$tm" convert footnotes.md -t html
run "_a x 2000000 -> html" "$tm" convert underscores.md -t html
run "10 MB paragraph -> html" "$tm" convert paragraph.md -t html
run "100 MB JSON lines record" "$tm" convert --jsonl record.jsonl
run "** x 40000 nested -> markdown" "$tm" convert emphasis.md -t markdown
run "<br> x 100000 -> markdown" "$tm" convert breaks.html -t markdown
run "<b> x 4000 + x\\n x 4000 tagged" "$tm" convert tagged1.txt -f tagged -t html
run "<b> x 20000 + </i> x 20000 tagged" "$tm" convert tagged2.txt -f tagged -t html
run "toc on 10000 equal headings" "$tm" convert headings.md -t html --transform toc
run "select blockquote, 20000 nested" "$tm" select blockquote quotes.md -t text
run "20000-group selector list" "$tm" select "$(cat selector.txt)" paragraphs.md -t text
run ":not() of 14000 (default limit)" "$tm" select "$(cat not.txt)" paragraphs.md -t text
run "p[a99] x 300" "$tm" select "$(cat attrsel.txt)" attrs.html -t text
run "lineWidth=80 on [a](b) x 40000" "$tm" convert links.md -t markdown -O lineWidth=80
run "list levels 99999/1 styled-json" "$tm" convert levels.styled.json -f styled-json -t html
run "colspan=1000 x 5000 -> styled-json" "$tm" convert colspans.html -t styled-json
run "folder of 2^16 link paths and /" "$tm" convert tree -t html -o "$work/out-tree"
