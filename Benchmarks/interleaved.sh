#!/bin/bash
# Two builds of ledger, run alternately on the same files (the machine's speed drifts, so only
# interleaved runs compare): CSV imports of 100k and 1M Coinbase rows into new ledgers, the 1M
# ledger's full replay, then `add` and the `portfolio` right after it.
#   python3 Benchmarks/import-csv.py 1000000 DATA; head -100001 DATA/coinbase-1000000.csv > DATA/cb100k.csv
#   Benchmarks/interleaved.sh OLD_BINARY NEW_BINARY DATA
set -u
old=$1 new=$2 data=$3
work=$(mktemp -d)
export HOME=$work/home XDG_STATE_HOME=$work/state
t() { /usr/bin/time -f "%e s %U user %M KB" "$@" 2>&1 >/dev/null | tail -1; }
each() { for b in old new; do bin=$old; [ $b = new ] && bin=$new; "$@"; done; }
import100k() { rm -f "$work/$b-100k.ledger"*; echo "100k import $b: $(t "$bin" --ledger "$work/$b-100k.ledger" import "$data/cb100k.csv")"; }
import1m() { rm -f "$work/$b-1m.ledger"*; echo "1M import $b: $(t "$bin" --ledger "$work/$b-1m.ledger" import "$data/coinbase-1000000.csv")"; }
replay() { echo "1M full replay $b: $(t "$bin" --ledger "$work/$b-1m.ledger" portfolio --full-replay --no-chart)"; }
after_add() {
    "$bin" --ledger "$work/$b-1m.ledger" portfolio --no-chart >/dev/null 2>&1
    echo "1M add $b: $(t "$bin" --ledger "$work/$b-1m.ledger" add deposit USD 1)"
    echo "1M portfolio after add $b: $(t "$bin" --ledger "$work/$b-1m.ledger" portfolio --no-chart)"
}
for _ in 1 2 3; do each import100k; done
for _ in 1 2; do each import1m; done
for _ in 1 2 3; do each replay; done
for _ in 1 2 3; do each after_add; done
rm -rf "$work"
