#!/usr/bin/env bash
# Times the test phase as CI runs it (LGR_SLOW_TESTS=1 LGR_POSTGRES_TESTS=1, the built debug test
# bundle run directly) and keeps Swift Testing's event stream for Benchmarks/citests-events.py.
# Run it holding the build lock so nothing competes: flock /tmp/swift-build.lock Benchmarks/citests-phase.sh OUT
# OUT (a directory) gets: events.jsonl, time.txt (/usr/bin/time -v), vmstat.txt (1 s), load.txt, output.txt.
set -uo pipefail
out=${1:?usage: citests-phase.sh OUT-DIRECTORY [extra test arguments]}
shift
mkdir -p "$out"
cd "$(dirname "$0")/.."
bundle=.build/debug/ledgerPackageTests.xctest
{ date -u +%T; cat /proc/loadavg; } >"$out/load.txt"
vmstat -n 1 >"$out/vmstat.txt" &
sampler=$!
rm -f "$out/events.jsonl"
LGR_SLOW_TESTS=1 LGR_POSTGRES_TESTS=1 /usr/bin/time -v -o "$out/time.txt" \
    "$bundle" --testing-library swift-testing --event-stream-output-path "$out/events.jsonl" \
    --event-stream-version 0 "$@" >"$out/output.txt" 2>&1
status=$?
kill "$sampler"
{ date -u +%T; cat /proc/loadavg; echo "exit $status"; } >>"$out/load.txt"
grep -E "Elapsed|User time|System time|Percent of CPU" "$out/time.txt"
tail -2 "$out/output.txt"
cat "$out/load.txt"
