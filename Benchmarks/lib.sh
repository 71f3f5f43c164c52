# Shared by the compare-*.sh scripts (source it after setting `root`, the main package's path).

# The full corpus (about 40 MB: corpus.md, corpus_from_md.html, corpus_spec.html, web/*.html) is not
# in the repository; Tests/Data/corpus/ carries a small copy (the first 2.5 MB of corpus.md, the
# first 300 KB of the two HTML files, 15 of the 22 web pages) and lists the full corpus's files in
# full-corpus-sources.tsv.
#
# locate_corpus_dir FILE: sets `corpus_dir` to the corpus directory holding FILE —
# $TRANSMARK_CORPUS_DIR when set; else the first shared/corpus above the repository (the
# full corpus kept beside the repository); else the project's small copy, with a warning that
# figures from it are not the full corpus's and what to set. Exits when FILE is in none of them.
locate_corpus_dir() {
    local file="$1" dir
    local copy="$root/Tests/Data/corpus"
    local how="set TRANSMARK_CORPUS_DIR to the full corpus's directory (the one holding corpus.md, corpus_from_md.html, corpus_spec.html and web/; its files are listed in Tests/Data/corpus/full-corpus-sources.tsv)"
    corpus_dir="${TRANSMARK_CORPUS_DIR:-}"
    if [ -n "$corpus_dir" ]; then
        [ -f "$corpus_dir/$file" ] || { echo "TRANSMARK_CORPUS_DIR=$corpus_dir has no $file; $how" >&2; exit 1; }
        return
    fi
    dir="$root"
    while [ "$dir" != "/" ]; do
        if [ -f "$dir/shared/corpus/$file" ]; then corpus_dir="$dir/shared/corpus"; return; fi
        dir="$(dirname "$dir")"
    done
    if [ -f "$copy/$file" ]; then
        corpus_dir="$copy"
        echo "note: the full corpus was not found; using the project's small copy in Tests/Data/corpus" >&2
        echo "      (figures are not comparable with the full corpus's). For the full corpus, $how." >&2
        return
    fi
    echo "corpus file $file not found: the project's copy (Tests/Data/corpus) does not carry it; $how" >&2
    exit 1
}

# find_corpus_dir FILE: locate_corpus_dir FILE, and checks that /usr/bin/time (which the compare
# scripts measure with) is installed.
find_corpus_dir() {
    locate_corpus_dir "$1"
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
