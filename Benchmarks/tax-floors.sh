#!/bin/bash
# `ledger tax` against the full replay by floors (issue 32; docs/PERFORMANCE.md, "`ledger tax`"):
# two binaries alternately, each on its own copy of the ledger, N rounds of `tax ARGS` to OUT
# (a file or /dev/null) and then `portfolio --full-replay --no-chart`; one line a run with CPU =
# user + sys, wall, peak RSS and the load. The floors (least loaded runs) are what compare.
# With IDLE=P (a percentage), each run waits (up to WAIT seconds, default 300) until the two
# cores were at least P % idle over one second, so that wall times on a shared machine are
# taken when both cores are free; each line then ends with that second's idle share.
# usage: tax-floors.sh OLD_BIN OLD_LEDGER NEW_BIN NEW_LEDGER N OUT [tax args, default: --rules us -O json]
old=$1 oldLedger=$2 new=$3 newLedger=$4 n=$5 out=$6; shift 6
args=("$@"); [ ${#args[@]} -eq 0 ] && args=(--rules us -O json)
export NO_COLOR=1
times=$(mktemp)
idle() { # the share of the last second both cores were idle, in %
  local a b
  a=($(head -1 /proc/stat)); sleep 1; b=($(head -1 /proc/stat))
  local total=0 i
  for i in 1 2 3 4 5 6 7 8; do total=$((total + b[i] - a[i])); done
  echo $((100 * (b[4] - a[4]) / (total > 0 ? total : 1)))
}
quiet() { # waits for IDLE % idle cores (at most WAIT s); prints the idle share seen last
  local seen waited=0
  seen=$(idle)
  while [ -n "$IDLE" ] && [ "$seen" -lt "$IDLE" ] && [ $waited -lt "${WAIT:-300}" ]; do
    seen=$(idle); waited=$((waited + 1))
  done
  echo "$seen"
}
run() { # tag bin ledger what... : one timed run
  local tag=$1 bin=$2; export LGR_FILE=$3; shift 3
  local before=""
  [ -n "$IDLE" ] && before=" idle_before $(quiet)"
  /usr/bin/time -f "%U %S %e %M" -o "$times" "$bin" "$@" >"$target" 2>/dev/null
  read -r user sys wall peak <"$times"
  echo "$tag $1 cpu $(echo "$user + $sys" | bc) wall $wall rss_kb $peak load $(cut -d' ' -f1 /proc/loadavg)$before"
}
for _ in $(seq 1 "$n"); do
  for side in old new; do
    if [ $side = old ]; then bin=$old ledger=$oldLedger; else bin=$new ledger=$newLedger; fi
    target=$out run $side "$bin" "$ledger" tax "${args[@]}"
    target=/dev/null run $side "$bin" "$ledger" portfolio --full-replay --no-chart
  done
done
rm -f "$times"
