# Shared by the compare-*.sh scripts (source it after setting `root`, the main package's path).

# find_corpus_dir FILE: the corpus directory holding FILE — $TRANSMARK_CORPUS_DIR, else the first
# shared/corpus above the repository. Exits when it is not found.
find_corpus_dir() {
    local file="$1" dir
    corpus_dir="${TRANSMARK_CORPUS_DIR:-}"
    if [ -z "$corpus_dir" ]; then
        dir="$root"
        while [ "$dir" != "/" ]; do
            if [ -f "$dir/shared/corpus/$file" ]; then corpus_dir="$dir/shared/corpus"; break; fi
            dir="$(dirname "$dir")"
        done
    fi
    [ -f "$corpus_dir/$file" ] || { echo "corpus not found (set TRANSMARK_CORPUS_DIR)" >&2; exit 1; }
    [ -x /usr/bin/time ] || { echo "/usr/bin/time not installed (apt-get install time)" >&2; exit 1; }
}

# resolve_transmark BUILD: sets `transmark` to $TRANSMARK_BIN, or to the release binary (built
# first when BUILD is 1). Exits when there is none.
resolve_transmark() {
    if [ -n "${TRANSMARK_BIN:-}" ]; then
        transmark="$TRANSMARK_BIN"
    else
        if [ "$1" = 1 ]; then
            echo "building transmark (release)…" >&2
            swift build -c release --product transmark --package-path "$root" >&2
        fi
        transmark="$(swift build -c release --package-path "$root" --show-bin-path)/transmark"
    fi
    [ -x "$transmark" ] || { echo "no transmark binary at $transmark" >&2; exit 1; }
}

# median: the median of the numbers on standard input, one per line.
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
