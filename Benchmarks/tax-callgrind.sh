#!/bin/bash
# Instructions of one `ledger tax --rules us -O json` by stage and thread (issue 32;
# docs/PERFORMANCE.md, "`ledger tax`", round 26): callgrind with a file per thread and a dump
# before `TaxEngine.report` and before `TaxJSON.write`, so the calling thread's counts come in
# three parts (the replay, the matching, the JSON); the helper threads (valgrind numbers them
# by slot, so the replay's reader, the matching's second thread and the JSON's helper share
# one file) by the inclusive counts of their roots. Deterministic, whatever the load; page
# faults and cache misses are not in it. valgrind 3.19 cannot read a Swift 6 build's DWARF,
# so a copy stripped of it runs. Replay the ledger once first (the first open walks the chain).
#   Benchmarks/tax-callgrind.sh BINARY LEDGER OUT_PREFIX
set -eu
binary=$1 ledger=$2 p=$3
stripped=$(mktemp /tmp/tax-callgrind.XXXXXX.bin)
trap 'rm -f "$stripped"' EXIT
strip -g -o "$stripped" "$binary"
NO_COLOR=1 LGR_FILE=$ledger valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$p" \
    --dump-before='*TaxEngineO6report_6income5rules*' --dump-before='*TaxJSONO5write_5years*Tf4nnnxnnnnnn_n' \
    "$stripped" tax --rules us -O json >/dev/null 2>"$p.err"
m1=$(grep -E '^summary:' "$p.1-01" | cut -d' ' -f2)
m2=$(grep -E '^summary:' "$p.2-01" | cut -d' ' -f2)
m3=$(grep -E '^summary:' "$p-01" | cut -d' ' -f2)
ann=$(callgrind_annotate --inclusive=yes "$p-02" 2>/dev/null)
root() { echo "$ann" | grep -m1 "$1" | awk '{print $1}' | tr -d ,; }
rd=$(root 'WalkChunkC_Tg5Tm') mt=$(root 'TwoCoresV4pipe7produce') js=$(root 'AssistedWorkerCyACyxq')
rd=${rd:-0} mt=${mt:-0} js=${js:-0}
M=1000000
echo "replay: calling $((m1 / M))M reader $((rd / M))M | matching: calling $((m2 / M))M second $((mt / M))M" \
    "| JSON: calling $((m3 / M))M helper $((js / M))M | all $(((m1 + m2 + m3 + rd + mt + js) / M))M"
echo "critical path (the busier thread of each stage, the JSON's two halves):" \
    "$((((m1 > rd ? m1 : rd) + (m2 > mt ? m2 : mt) + (m3 + js) / 2) / M))M"
