#!/bin/bash
# Interleaved OLD vs NEW: `verify` and `ledger report --period day` on copies of one ledger
# (issue 34). Each binary gets its own copy and both share a HOME of their own, so neither
# meets the other's anchor.
# usage: Benchmarks/verify-report.sh OLD NEW LEDGER [RUNS]
#   e.g. the generic-CSV ledgers interleaved.sh builds (DATA/g1m/trades.csv imported).
#   VERIFY_ONLY=1 times `verify` alone. Each line ends with the load average when it started.
set -u
old=$1 new=$2 ledger=$3 runs=${4:-3}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export HOME=$work/home; mkdir -p "$HOME"
cp "$ledger" "$work/old.ledger"; cp "$ledger" "$work/new.ledger"
t() {
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  echo "$(/usr/bin/time -f "%e s %U user %S sys %M KB" "$@" 2>&1 >/dev/null | tail -1) load $load"
}
each() { # each LABEL ARGS…: the command with each binary in turn, RUNS times
  local label=$1; shift
  for _ in $(seq "$runs"); do
    echo "$label old: $(t "$old" --ledger "$work/old.ledger" "$@")"
    echo "$label new: $(t "$new" --ledger "$work/new.ledger" "$@")"
  done
}
echo "== $(basename "$ledger"), $(date +%T), load $(cut -d' ' -f1-3 /proc/loadavg)"
# The first open of a copy under this HOME walks the whole chain for the anchor: once each.
"$old" --ledger "$work/old.ledger" verify >/dev/null; "$new" --ledger "$work/new.ledger" verify >/dev/null
each verify verify
"$old" --ledger "$work/old.ledger" verify >"$work/old.txt" 2>&1
"$new" --ledger "$work/new.ledger" verify >"$work/new.txt" 2>&1
cmp -s "$work/old.txt" "$work/new.txt" && echo "verify output identical" || echo "VERIFY OUTPUT DIFFERS"
if [ "${VERIFY_ONLY:-0}" = 1 ]; then echo "== done $(date +%T), load $(cut -d' ' -f1-3 /proc/loadavg)"; exit; fi
each report report --period day --as-of 2026-11-28
"$old" --ledger "$work/old.ledger" report --period day --as-of 2026-11-28 >"$work/old.txt" 2>&1
"$new" --ledger "$work/new.ledger" report --period day --as-of 2026-11-28 >"$work/new.txt" 2>&1
cmp -s "$work/old.txt" "$work/new.txt" && echo "report output identical" || echo "REPORT OUTPUT DIFFERS"
echo "== done $(date +%T), load $(cut -d' ' -f1-3 /proc/loadavg)"
