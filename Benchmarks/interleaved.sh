#!/bin/bash
# Two builds of ledger, run alternately on the same files (the machine's speed drifts, so only
# interleaved runs compare). Each case names its files under DATA:
#   coinbase   CSV imports of 100k and 1M Coinbase rows into new ledgers, the 1M ledger's full
#              replay, then `add` and the `portfolio` right after it
#              (python3 Benchmarks/import-csv.py 1000000 DATA; head -100001 DATA/coinbase-1000000.csv > DATA/cb100k.csv)
#   generic    the seeded trades of generate.py built as users build ledgers: the generic CSV
#              preset, which records the price of every row (issue 34); 100k and 1M: the import,
#              the full replay, the portfolio from the snapshot, `add` and the portfolio after it,
#              `verify` (python3 Benchmarks/generate.py 100000 50 42 DATA/g100k; … 1000000 … DATA/g1m)
#   transfers  two accounts' exports with a withdrawal every 100 rows and its deposit (issue 31):
#              both imports, then `transfers match` alone (python3 Benchmarks/transfers-csv.py 1000000 DATA/tr)
#   Benchmarks/interleaved.sh OLD_BINARY NEW_BINARY DATA [CASES…]   (default: coinbase generic transfers)
#   GENERIC_SIZES="100k" limits the generic case to one size (default "100k 1m").
set -u
old=$1 new=$2 data=$3
shift 3
cases=${*:-coinbase generic transfers}
work=$(mktemp -d)
export HOME=$work/home XDG_STATE_HOME=$work/state
t() { /usr/bin/time -f "%e s %U user %M KB" "$@" 2>&1 >/dev/null | tail -1; }
each() { for b in old new; do bin=$old; [ $b = new ] && bin=$new; "$@"; done; }
times() { local n=$1; shift; for _ in $(seq "$n"); do each "$@"; done; }

import100k() { rm -f "$work/$b-100k.ledger"*; echo "100k import $b: $(t "$bin" --ledger "$work/$b-100k.ledger" import "$data/cb100k.csv")"; }
import1m() { rm -f "$work/$b-1m.ledger"*; echo "1M import $b: $(t "$bin" --ledger "$work/$b-1m.ledger" import "$data/coinbase-1000000.csv")"; }
replay() { echo "1M full replay $b: $(t "$bin" --ledger "$work/$b-1m.ledger" portfolio --full-replay --no-chart)"; }
after_add() {
    "$bin" --ledger "$work/$b-1m.ledger" portfolio --no-chart >/dev/null 2>&1
    echo "1M add $b: $(t "$bin" --ledger "$work/$b-1m.ledger" add deposit USD 1)"
    echo "1M portfolio after add $b: $(t "$bin" --ledger "$work/$b-1m.ledger" portfolio --no-chart)"
}

# generic SIZE: the ledger $work/$b-gSIZE.ledger from DATA/gSIZE/trades.csv.
g_ledger() { echo "$work/$b-g$1.ledger"; }
g_import() {
    rm -f "$(g_ledger "$1")"*
    echo "generic $1 import $b: $(t "$bin" --ledger "$(g_ledger "$1")" import "$data/g$1/trades.csv" --format generic \
        --map "$(cat "$data/g$1/trades.map")" --account broker)"
}
g_prices() { "$bin" --ledger "$(g_ledger "$1")" prices import "$data/g$1/prices.csv" >/dev/null; }
g_replay() { echo "generic $1 full replay $b: $(t "$bin" --ledger "$(g_ledger "$1")" portfolio --full-replay --no-chart)"; }
g_snapshot() {
    "$bin" --ledger "$(g_ledger "$1")" portfolio --no-chart >/dev/null 2>&1
    echo "generic $1 portfolio from snapshot $b: $(t "$bin" --ledger "$(g_ledger "$1")" portfolio --no-chart)"
}
g_after_add() {
    echo "generic $1 add $b: $(t "$bin" --ledger "$(g_ledger "$1")" add buy CAA 0.001 @ 1 --account broker)"
    echo "generic $1 portfolio after add $b: $(t "$bin" --ledger "$(g_ledger "$1")" portfolio --no-chart)"
}
g_verify() { echo "generic $1 verify $b: $(t "$bin" --ledger "$(g_ledger "$1")" verify)"; }

tr_ledger() { echo "$work/$b-tr.ledger"; }
tr_import() {
    rm -f "$(tr_ledger)"*
    local map
    map=$(cat "$data/tr/transfers.map")
    echo "transfers exchange import $b: $(t "$bin" --ledger "$(tr_ledger)" import "$data"/tr/exchange-*.csv --format generic --map "$map" --account exchange)"
    echo "transfers wallet import (matching at its end) $b: $(t "$bin" --ledger "$(tr_ledger)" import "$data"/tr/wallet-*.csv --format generic --map "$map" --account wallet)"
}
tr_match() { echo "transfers match alone $b: $(t "$bin" --ledger "$(tr_ledger)" transfers match)"; }

for case in $cases; do
    case $case in
    coinbase)
        times 3 import100k; times 2 import1m; times 3 replay; times 3 after_add ;;
    generic)
        for size in ${GENERIC_SIZES:-100k 1m}; do
            runs=3; [ $size = 1m ] && runs=2
            times $runs g_import $size
            each g_prices $size
            times 3 g_replay $size; times 3 g_snapshot $size; times 3 g_after_add $size; times 2 g_verify $size
        done ;;
    transfers)
        times 2 tr_import; times 3 tr_match ;;
    esac
done
rm -rf "$work"
