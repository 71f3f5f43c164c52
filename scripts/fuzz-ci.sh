#!/usr/bin/env bash
# CI fuzzing: builds the Fuzz/ package (libFuzzer + AddressSanitizer) once, then runs each
# target for FUZZ_SECONDS (60) seconds, FUZZ_JOBS (2) targets at a time, one per core: 8 targets
# x 60 s in 4 rounds, plus the fuzz build. The build is a debug one (FUZZ_CONFIGURATION, debug
# here): it takes a fraction of a release build's time, which the minute of fuzzing would not
# win back; the long campaigns run release builds. A crash or broken invariant fails the run
# and prints the input's path (Fuzz/crashes/TARGET/); make it a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${FUZZ_SECONDS:-60}"
export FUZZ_CONFIGURATION="${FUZZ_CONFIGURATION:-debug}"
JOBS="${FUZZ_JOBS:-2}"
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

Fuzz/run.sh build
# Seeding json-tree builds the transmark command; do it before targets run side by side.
swift build --product transmark >&2

run() { # run TARGET: fuzz it, then print its summary and "TARGET ok" or "TARGET FAILED"
    local target="$1" log="$logs/$1.log"
    if Fuzz/run.sh "$target" "$SECONDS_EACH" > "$log" 2>&1; then
        grep -E '^stat::number_of_executed_units' "$log" | sed "s/^/$target: /" || true
        echo "$target ok"
    else
        grep -E '(ERROR|Fatal error|invariant broken|SUMMARY|Test unit written|error:)' "$log" | head -20 \
            || tail -20 "$log"
        echo "$target FAILED"
    fi
}

status=0
targets=($(Fuzz/run.sh list))
for ((i = 0; i < ${#targets[@]}; i += JOBS)); do
    round=("${targets[@]:i:JOBS}")
    echo "== fuzz ${round[*]} (${SECONDS_EACH} s each, side by side)"
    for target in "${round[@]}"; do run "$target" > "$logs/$target.out" & done
    wait
    for target in "${round[@]}"; do
        cat "$logs/$target.out"
        grep -q "^$target ok$" "$logs/$target.out" || status=1
    done
done
exit $status
