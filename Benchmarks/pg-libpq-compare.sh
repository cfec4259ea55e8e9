#!/bin/bash
# Round 27 (issue 38): the PostgreSQL store on postgres-nio against libpq, two builds alternating.
#
#   flock /tmp/swift-build.lock Benchmarks/pg-libpq-compare.sh OLD_PG_BENCH NEW_PG_BENCH OLD_SERVE NEW_SERVE [COUNT]
#
# OLD_PG_BENCH/NEW_PG_BENCH are `ledger-pg-bench` binaries (each starts its own throwaway cluster
# on a Unix socket, so the test cluster's binaries must be there and LGR_POSTGRES_TESTS=1 is set
# here); three alternating runs of COUNT (default 500) statements a case. OLD_SERVE/NEW_SERVE are
# `ledger-serve` binaries: `--help`, 40 runs at a time, four alternating rounds (the start-up:
# what the dynamic loader does before the first line). Copy the binaries out of the build folders
# first. Hold the build lock so that no build runs beside it (docs/PERFORMANCE.md, "How to measure").
set -euo pipefail
old_bench=$1 new_bench=$2 old_serve=$3 new_serve=$4 count=${5:-500}
export LGR_POSTGRES_TESTS=1
load() { cut -d' ' -f1-3 /proc/loadavg; }
for round in 1 2 3; do
    for bench in "$old_bench" "$new_bench"; do
        echo "== $bench, round $round, load $(load)"
        /usr/bin/time -f "rusage: %e s wall, %U user, %S sys" "$bench" "$count" 2>&1
    done
done
for round in 1 2 3 4; do
    for serve in "$old_serve" "$new_serve"; do
        echo "== $serve --help ×40, round $round, load $(load)"
        /usr/bin/time -f "40 runs: %e s wall, %U user, %S sys" \
            bash -c "for i in \$(seq 40); do '$serve' --help >/dev/null; done" 2>&1
    done
done
