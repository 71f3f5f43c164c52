#!/usr/bin/env bash
# CI fuzzing: builds the Fuzz/ package (libFuzzer + AddressSanitizer, release) once, then runs
# each target for FUZZ_SECONDS (60) seconds. 6 targets x 60 s = 6 minutes of fuzzing, plus the
# fuzz build (about 4-8 minutes on 2 cores). A crash or broken invariant fails the run; the input
# is in Fuzz/crashes/TARGET/ (make it a regression test in FuzzRegressionTests).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${FUZZ_SECONDS:-60}"
status=0
for target in $(Fuzz/run.sh list); do
    echo "== fuzz $target (${SECONDS_EACH}s)"
    log="$(mktemp)"
    if Fuzz/run.sh "$target" "$SECONDS_EACH" > "$log" 2>&1; then
        grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units)' "$log" || true
    else
        grep -E '(ERROR|Fatal error|invariant broken|SUMMARY|Test unit written|error:)' "$log" | head -20 || tail -20 "$log"
        echo "fuzz target $target FAILED"
        status=1
    fi
    rm -f "$log"
done
exit $status
