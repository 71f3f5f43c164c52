#!/usr/bin/env bash
# Builds the DocC documentation (swift-docc-plugin) for the Transmark module and for each format
# module, and fails on any DocC warning: a broken symbol link in a catalog article or in a doc
# comment. The archives go to .build/plugins/Swift-DocC/outputs/.
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

check() {
  if ! swift package generate-documentation "$@" >"$log" 2>&1; then
    tail -40 "$log"; echo "test-docs: FAIL: generate-documentation $* failed" >&2; exit 1
  fi
  local warnings; warnings="$(grep -c 'warning:' "$log" || true)"
  echo "generate-documentation $*: $warnings warnings"
  if [ "$warnings" != 0 ]; then
    grep -A6 'warning:' "$log"; echo "test-docs: FAIL: DocC warnings" >&2; exit 1
  fi
}

check --target Transmark
check --target TransmarkCore --target TransmarkMarkdown --target TransmarkHTML --target TransmarkText --target TransmarkStyledRuns \
  --target TransmarkTransforms --target TransmarkJSONTree --target TransmarkInlineRules
