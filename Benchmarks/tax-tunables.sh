#!/bin/bash
# Whether glibc's malloc settings change `ledger tax`'s page faults and time (issue 32;
# docs/PERFORMANCE.md, "`ledger tax`", round 29): one binary alternately without and with
# GLIBC_TUNABLES=TUNABLES, each on its own primed copy of the ledger, N rounds of
# `tax --rules us -O json` to /dev/null then `portfolio --full-replay --no-chart`; one line a
# run with the minor page faults, wall, CPU (user + sys), peak RSS and the load. Run it in one
# hold of the build lock (docs/PERFORMANCE.md, "How to measure").
# usage: tax-tunables.sh BIN LEDGER_A LEDGER_B N TUNABLES
#   e.g. tax-tunables.sh ledger a.ledger b.ledger 10 glibc.malloc.hugetlb=1
bin=$1 plain=$2 tuned=$3 n=$4 tunables=$5
export NO_COLOR=1
times=$(mktemp)
run() { # label ledger env...: the two commands, one line each
  local label=$1 ledger=$2; shift 2
  for command in "tax --rules us -O json" "portfolio --full-replay --no-chart"; do
    # shellcheck disable=SC2086 # the command's words
    LGR_FILE=$ledger env "$@" /usr/bin/time -f "%R %e %U %S %M" -o "$times" "$bin" $command >/dev/null 2>&1
    read -r faults wall user sys peak <"$times"
    echo "$label ${command%% *} faults $faults wall $wall cpu $(echo "$user + $sys" | bc) rss_kb $peak load $(cut -d' ' -f1 /proc/loadavg)"
  done
}
for _ in $(seq 1 "$n"); do
  run plain "$plain"
  run tuned "$tuned" GLIBC_TUNABLES="$tunables"
done
rm -f "$times"
