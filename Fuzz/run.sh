#!/usr/bin/env bash
# Fuzz/run.sh TARGET SECONDS [libFuzzer flags...]
# Builds the fuzz executable (libFuzzer + AddressSanitizer; cached in Fuzz/.build) and runs
# TARGET for SECONDS of wall time on one core, with its corpus in Fuzz/.corpus/TARGET (seeded
# from Fixtures/ and the project's Tests/Data/corpus on first use). Crashes and broken invariants are written to
# Fuzz/crashes/TARGET/. Targets: html markdown backends css tagged selectors json-tree styled-json.
# A target with a dictionary in dictionaries/TARGET.dict gets it (-dict), and the seeds in
# seeds/TARGET/ (numbers at the edges of every numeric field) join its corpus on every run.
# TRANSMARK_FUZZ_DUMP=1 makes the targets write each tree they render as json-tree to standard
# error (run the binary on a crash file to turn it into a test).
# `Fuzz/run.sh list` prints the targets; `Fuzz/run.sh build` only builds. FUZZ_CONFIGURATION=debug
# builds without optimization (a quicker build, slower runs; CI's choice), release by default.
set -euo pipefail
cd "$(dirname "$0")"
TARGETS="html markdown backends css tagged selectors json-tree styled-json"
if [[ "${1:-}" == "list" ]]; then echo "$TARGETS"; exit 0; fi
CONFIGURATION="${FUZZ_CONFIGURATION:-release}"
[[ "$CONFIGURATION" == release || "$CONFIGURATION" == debug ]] || { echo "FUZZ_CONFIGURATION is release or debug" >&2; exit 2; }
build() {
    swift build -c "$CONFIGURATION" --product TransmarkFuzz \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >&2
}
if [[ "${1:-}" == "build" ]]; then build; exit 0; fi
TARGET="${1:?usage: Fuzz/run.sh TARGET SECONDS}"
SECONDS_TO_RUN="${2:?usage: Fuzz/run.sh TARGET SECONDS}"
shift 2
[[ " $TARGETS " == *" $TARGET "* ]] || { echo "unknown target '$TARGET' (one of: $TARGETS)" >&2; exit 2; }
(( SECONDS_TO_RUN > 0 )) || { echo "SECONDS must be positive" >&2; exit 2; }

build
BIN="$(swift build -c "$CONFIGURATION" --show-bin-path)/TransmarkFuzz"

CORPUS=".corpus/$TARGET"
CRASHES="crashes/$TARGET"
mkdir -p "$CORPUS" "$CRASHES"
if [[ -z "$(ls -A "$CORPUS")" ]]; then
    ROOT=".."
    DATA="$ROOT/Tests/Data/corpus"
    seed() { # seed FILE: copy a file, or 4 KB slices of a large one
        local f="$1" n
        n=$(wc -c < "$f")
        if (( n <= 16384 )); then cp "$f" "$CORPUS/seed-$(basename "$(dirname "$f")")-$(basename "$f")"
        else split -b 4096 -a 3 "$f" "$CORPUS/slice-$(basename "$f")-"; ls "$CORPUS"/slice-"$(basename "$f")"-* | tail -n +41 | xargs -r rm; fi
    }
    case "$TARGET" in
        html|backends)
            while IFS= read -r f; do seed "$f"; done < <(find "$ROOT/Fixtures" -name '*.html' | head -200)
            [[ -d "$DATA/web" ]] && while IFS= read -r f; do seed "$f"; done < <(find "$DATA/web" -type f | head -20) ;;
        markdown)
            while IFS= read -r f; do seed "$f"; done < <(find "$ROOT/Fixtures" -name '*.md' | head -200)
            [[ -f "$DATA/corpus.md" ]] && seed "$DATA/corpus.md" ;;
        css)
            printf 'color: red; font: italic bold 12px/30px Georgia, serif' > "$CORPUS/seed-1"
            printf 'background-color:#fff;text-decoration:underline wavy rgb(1 2 3 / 50%%);letter-spacing:.1em;display:none' > "$CORPUS/seed-2"
            grep -rhoa 'style="[^"]*"' "$ROOT/Fixtures" | head -200 | sed 's/^style="//; s/"$//' | split -l 1 -a 3 - "$CORPUS/style-" ;;
        tagged)
            printf '<b>bold</b> <i>it</i> <a href="x">link</a> &amp; <color hex="#f00">red</color>' > "$CORPUS/seed-1"
            printf 'a <b><i>nested</b></i> &lt;not&gt; <unknown>x</unknown> <br/> \\<b>' > "$CORPUS/seed-2" ;;
        selectors)
            for s in 'p' 'main > p.x em' 'ul li:first-child' 'li + li' 'li ~ li' 'div[data-k="v"] span[lang|=en]' \
                     ':not(p, .x)' 'a[href^="/"]' '*:nth-child(2n+1)' 'h1, h2 , table td' ':is(p, li):has(em)'; do
                printf '%s' "$s" > "$CORPUS/seed-$(printf '%s' "$s" | cksum | cut -d' ' -f1)"
            done ;;
        json-tree|styled-json)
            # Seeds: the json-tree (styled-json) of a few fixtures, written by the transmark
            # command (the debug build: the tests have built it already, and it writes the same).
            swift build --product transmark --package-path .. >&2
            TM="$(swift build --package-path .. --show-bin-path)/transmark"
            while IFS= read -r f; do
                out="$CORPUS/seed-$(basename "$(dirname "$f")")-$(basename "$f").$TARGET"
                "$TM" convert "$f" -t "$TARGET" > "$out" 2>/dev/null || rm -f "$out"
            done < <(find "$ROOT/Fixtures" \( -name '*.html' -o -name '*.md' \) | head -60) ;;
    esac
    # Trees are read as builder operations: any bytes do, the HTML seeds give it variety.
fi

if [[ -d "seeds/$TARGET" ]]; then
    for f in "seeds/$TARGET"/*; do cp -n "$f" "$CORPUS/committed-$(basename "$f")"; done
fi
DICT=()
[[ -f "dictionaries/$TARGET.dict" ]] && DICT=(-dict="dictionaries/$TARGET.dict")

export TRANSMARK_FUZZ_TARGET="$TARGET"
exec "$BIN" "$CORPUS" -max_total_time="$SECONDS_TO_RUN" -max_len=16384 -timeout=10 -rss_limit_mb=3072 \
    -artifact_prefix="$CRASHES/" -print_final_stats=1 "${DICT[@]}" "$@"
