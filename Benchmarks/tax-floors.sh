#!/bin/bash
# `ledger tax` against the full replay by floors (issue 32; docs/PERFORMANCE.md, "`ledger tax`"):
# two binaries alternately, each on its own copy of the ledger, N rounds of `tax ARGS` to OUT
# (a file or /dev/null) and then `portfolio --full-replay --no-chart`; one line a run with CPU =
# user + sys, wall, peak RSS and the load. The floors (least loaded runs) are what compare.
# usage: tax-floors.sh OLD_BIN OLD_LEDGER NEW_BIN NEW_LEDGER N OUT [tax args, default: --rules us -O json]
old=$1 oldLedger=$2 new=$3 newLedger=$4 n=$5 out=$6; shift 6
args=("$@"); [ ${#args[@]} -eq 0 ] && args=(--rules us -O json)
export NO_COLOR=1
times=$(mktemp)
run() { # tag bin ledger what... : one timed run
  local tag=$1 bin=$2; export LGR_FILE=$3; shift 3
  /usr/bin/time -f "%U %S %e %M" -o "$times" "$bin" "$@" >"$target" 2>/dev/null
  read -r user sys wall peak <"$times"
  echo "$tag $1 cpu $(echo "$user + $sys" | bc) wall $wall rss_kb $peak load $(cut -d' ' -f1 /proc/loadavg)"
}
for _ in $(seq 1 "$n"); do
  for side in old new; do
    if [ $side = old ]; then bin=$old ledger=$oldLedger; else bin=$new ledger=$newLedger; fi
    target=$out run $side "$bin" "$ledger" tax "${args[@]}"
    target=/dev/null run $side "$bin" "$ledger" portfolio --full-replay --no-chart
  done
done
rm -f "$times"
