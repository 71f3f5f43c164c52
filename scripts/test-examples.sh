#!/usr/bin/env bash
# Builds and tests the example packages, each a separate package depending on Transmark by path:
#   Examples/CustomFormat   BBCode and an emoticons transform, with its own command line
#   Examples/BundledMarkup  markup compiled at build time by the TransmarkResources plugin
# and shows that the build-tool plugin is incremental (a second build runs none of its commands,
# a touched file reruns only its own). Then, in a scratch package depending on this checkout, it
# runs the command plugin (a conversion; read-only verbs with no flag; an output with no permission,
# the flag after the verb, an unknown format, a missing file, an output outside the package: each
# one clear line, a non-zero exit and nothing written) and the
# build-tool plugin's failures (two files with one identifier, a file that does not convert).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
logs="$(mktemp -d)"
scratch="$(mktemp -d)"
trap 'rm -rf "$logs" "$scratch"' EXIT

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'test-examples: FAIL: %s\n' "$*" >&2; exit 1; }
# Runs a command with its output in a log; on failure shows the end of the log.
quiet() {
  local log="$1"; shift
  "$@" >"$log" 2>&1 || { tail -40 "$log"; fail "$* (log above)"; }
}
# The generator commands a verbose build ran (the `swift build -v` lines), paths shortened.
generator_lines() {
  grep -E 'transmark-resource-generator-tool (file|namespace)' "$1" | sed -E 's#'"$root"'/##g; s#^[^ ]*/debug/(transmark-resource-generator-tool)#.build/debug/\1#; s#--output [^ ]*/TransmarkResources/#--output .../TransmarkResources/#' || true
}

step "Examples/CustomFormat: build and test"
(cd Examples/CustomFormat && quiet "$logs/cf-build" swift build --build-tests && swift test 2>&1 | grep -E '✘|Test run with' )
bb="$(cd Examples/CustomFormat && printf 'Hi **there** :)' | .build/debug/transmark-bbcode convert -f markdown -t bbcode)"
[ "$bb" = "Hi [b]there[/b] :)" ] || fail "transmark-bbcode -t bbcode wrote '$bb'"
echo "transmark-bbcode convert -f markdown -t bbcode: $bb"

step "Examples/BundledMarkup: build and test"
cd Examples/BundledMarkup
# Resolve first: a build that also resolves (or the one after it) recompiles the C target
# CCmarkExtensions once more, which relinks the generator and so reruns every command: SwiftPM's
# doing, not the plugin's.
quiet "$logs/bm-0" swift package resolve
quiet "$logs/bm-1" swift build --build-tests -v
echo "build: $(generator_lines "$logs/bm-1" | wc -l) TransmarkResources commands"
generator_lines "$logs/bm-1" | sed 's/^/  /'
swift test --skip-build 2>&1 | grep -E '✘|Test run with'
cd "$root"
# Whether a build with no change runs none of the plugin's commands is checked by
# scripts/check-plugin-incrementality.sh, by hand (SwiftPM takes a varying number of builds after
# resolution to stop relinking the generator tool).

step "Scratch package: the command plugin"
mkdir -p "$scratch/Sources/Pages/Markup" "$scratch/Docs"
cat >"$scratch/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Scratch",
    dependencies: [.package(name: "Transmark", path: "$root")],
    targets: [
        .target(name: "Pages", dependencies: [.product(name: "TransmarkStyledRuns", package: "Transmark")],
                plugins: [.plugin(name: "TransmarkResources", package: "Transmark")]),
    ]
)
MANIFEST
printf '# Guide\n\nRead *this*.\n' >"$scratch/Docs/guide.md"
printf 'Hello *there*\n' >"$scratch/Sources/Pages/Markup/ok.md"
printf 'public let pagesVersion = 1\n' >"$scratch/Sources/Pages/Pages.swift"
cd "$scratch"
allow=--allow-writing-to-package-directory
quiet "$logs/cmd-ok" swift package $allow transmark convert Docs/guide.md -o Site/guide.html
grep -q '<h1>Guide</h1>' Site/guide.html || fail "Site/guide.html: $(cat Site/guide.html)"
echo "swift package $allow transmark convert Docs/guide.md -o Site/guide.html"
sed 's/^/  Site\/guide.html: /' Site/guide.html

# Expects a failure: non-zero exit, the given text in its error line, nothing written.
expect_failure() {
  local what="$1" expected="$2" written="$3"; shift 3
  if "$@" >"$logs/cmd-fail" 2>&1 </dev/null; then fail "$what: exit status 0"; fi
  local errors; errors="$(grep -E '^error:' "$logs/cmd-fail" || true)"
  grep -q -- "$expected" <<<"$errors" || { cat "$logs/cmd-fail"; fail "$what: no error line with '$expected'"; }
  [ ! -e "$written" ] || fail "$what: $written was written"
  if [ "$1 $2" = "swift package" ] && [ "$(grep -c '^error:' "$logs/cmd-fail")" != 1 ]; then
    cat "$logs/cmd-fail"; fail "$what: not one error line"
  fi
  printf '%s -> %s\n' "$what" "$(head -1 <<<"$errors")"
}
# Read-only verbs need no permission.
formats="$(swift package transmark formats 2>"$logs/cmd-formats")" || { cat "$logs/cmd-formats"; fail "swift package transmark formats without the flag"; }
grep -q 'markdown (read, write)' <<<"$formats" || fail "swift package transmark formats wrote: $formats"
echo "swift package transmark formats (no flag): $(grep -c . <<<"$formats") lines"
printed="$(swift package transmark convert Docs/guide.md -t html 2>"$logs/cmd-stdout")" || { cat "$logs/cmd-stdout"; fail "convert to standard output without the flag"; }
[ "$(head -1 <<<"$printed")" = "<h1>Guide</h1>" ] || fail "convert to standard output wrote: $printed"
echo "swift package transmark convert Docs/guide.md -t html (no flag): $(head -1 <<<"$printed")"
expect_failure "no permission" "permission needed to write Out/a.html" Out/a.html swift package transmark convert Docs/guide.md -o Out/a.html
expect_failure "flag after the verb" "put it before the verb" Out/a.html swift package transmark $allow convert Docs/guide.md -o Out/a.html
expect_failure "unknown format" "unknown format 'docx'" Out/b.docx swift package $allow transmark convert Docs/guide.md -t docx -o Out/b.docx
expect_failure "missing file" "Docs/missing.md: cannot read" Out/c.html swift package $allow transmark convert Docs/missing.md -o Out/c.html
expect_failure "output outside the package" "outside the package" "$logs/outside.html" swift package $allow transmark convert Docs/guide.md -o "$logs/outside.html"
[ ! -e Out ] || fail "Out/ was left behind"

step "Scratch package: the build-tool plugin's failures"
quiet "$logs/res-ok" swift build
echo "Markup/ok.md builds"
printf '<p>clash</p>\n' >Sources/Pages/Markup/ok.html
expect_failure "two files, one identifier" "Markup/ok.html and Markup/ok.md both map to the identifier 'ok'" /nonexistent swift build
rm Sources/Pages/Markup/ok.html
python3 -c "print('>' * 100001 + ' deep')" >Sources/Pages/Markup/deep.md
if swift build >"$logs/res-deep" 2>&1; then fail "a file over the depth limit built"; fi
line="$(grep -E 'deep\.md: error: ' "$logs/res-deep" || true)"
[ -n "$line" ] || { tail -20 "$logs/res-deep"; fail "no error line naming deep.md"; }
echo "a file that does not convert -> ${line#"$scratch"/}"
if ls .build/plugins/outputs/*/Pages/destination/TransmarkResources/ | grep -q '^deep'; then fail "a Swift file was generated for deep.md"; fi
rm Sources/Pages/Markup/deep.md
cd "$root"
echo
echo "test-examples: all passed"
