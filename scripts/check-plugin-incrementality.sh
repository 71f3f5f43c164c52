#!/usr/bin/env bash
# Checks that the TransmarkResources build-tool plugin is incremental in Examples/BundledMarkup: a
# build with no change runs none of its commands, and touching one file reruns only that file's
# command. After dependencies are resolved, SwiftPM recompiles the C target CCmarkExtensions for
# the host once or twice more, which relinks the generator tool and reruns every command that
# depends on it; so this first builds until a build runs no command (at most 4), says how many
# that took, then checks. Run by hand (not in CI yet: how many builds SwiftPM takes to settle
# varied between runs here).
set -euo pipefail
cd "$(dirname "$0")/../Examples/BundledMarkup"
root="$(cd ../.. && pwd)"
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
fail() { printf 'check-plugin-incrementality: FAIL: %s\n' "$*" >&2; exit 1; }
generator_lines() {
  grep -E 'transmark-resource-generator-tool (file|namespace)' "$1" | sed -E 's#'"$root"'/##g; s#^[^ ]*/debug/(transmark-resource-generator-tool)#.build/debug/\1#; s#--output [^ ]*/TransmarkResources/#--output .../TransmarkResources/#' || true
}
swift package resolve > /dev/null 2>&1
for n in 1 2 3 4; do
  swift build --build-tests -v > "$logs/bm-$n" 2>&1
  ran="$(generator_lines "$logs/bm-$n" | grep -c . || true)"
  echo "build $n: $ran TransmarkResources commands"
  [ "$ran" = 0 ] && break
done
[ "$ran" = 0 ] || fail "four builds with no change still ran the plugin's commands"
swift build --build-tests -v > "$logs/bm-again" 2>&1
again="$(generator_lines "$logs/bm-again")"
echo "one more build, no change: $(printf '%s' "$again" | grep -c . || true) TransmarkResources commands"
[ -z "$again" ] || fail "a build with no change ran: $again"
touch Sources/BundledMarkup/Markup/my-page.md
swift build --build-tests -v > "$logs/bm-3" 2>&1
third="$(generator_lines "$logs/bm-3")"
echo "after touching Markup/my-page.md: $(printf '%s\n' "$third" | grep -c .) TransmarkResources command"
[ "$(printf '%s\n' "$third" | grep -c .)" = 1 ] && printf '%s' "$third" | grep -q 'Markup/my-page.md' \
  || fail "touching my-page.md reran: $third"
