#!/usr/bin/env bash
# Checks that the TransmarkResources build-tool plugin is incremental in Examples/BundledMarkup: a
# second build with no change runs none of its commands, and touching one file reruns only that
# file's command. Run by hand (not in CI): it FAILS today, because every build relinks the
# generator tool (transmark-resource-generator-tool) and SwiftPM reruns every command that
# depends on it.
set -euo pipefail
cd "$(dirname "$0")/../Examples/BundledMarkup"
root="$(cd ../.. && pwd)"
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
fail() { printf 'check-plugin-incrementality: FAIL: %s\n' "$*" >&2; exit 1; }
generator_lines() {
  grep -E 'transmark-resource-generator-tool (file|namespace)' "$1" | sed -E 's#'"$root"'/##g; s#^[^ ]*/debug/(transmark-resource-generator-tool)#.build/debug/\1#; s#--output [^ ]*/TransmarkResources/#--output .../TransmarkResources/#' || true
}
swift build --build-tests -v > "$logs/bm-1" 2>&1
echo "first build: $(generator_lines "$logs/bm-1" | wc -l) TransmarkResources commands"
swift build --build-tests -v > "$logs/bm-2" 2>&1
second="$(generator_lines "$logs/bm-2")"
echo "second build, no change: $(printf '%s' "$second" | grep -c . || true) TransmarkResources commands"
[ -z "$second" ] || fail "the second build with no change ran: $second"
touch Sources/BundledMarkup/Markup/my-page.md
swift build --build-tests -v > "$logs/bm-3" 2>&1
third="$(generator_lines "$logs/bm-3")"
echo "after touching Markup/my-page.md: $(printf '%s\n' "$third" | grep -c .) TransmarkResources command"
[ "$(printf '%s\n' "$third" | grep -c .)" = 1 ] && printf '%s' "$third" | grep -q 'Markup/my-page.md' \
  || fail "touching my-page.md reran: $third"
