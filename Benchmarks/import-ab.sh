#!/bin/bash
# Interleaved OLD vs NEW: one CSV file imported into a new ledger by each binary in turn
# (issue 34: 1M rows ≤ 4 s, ≤ 300 MB). Each line: wall, user, sys, peak RSS and the load
# average when the run started. After the runs: whether the two last ledgers hold the same
# events (every column but the id, the time recorded, the batch and the two hashes, which
# differ from run to run) and the same prices, and `verify` of each.
# usage: Benchmarks/import-ab.sh OLD NEW FILE RUNS [import options…]
#   e.g. Benchmarks/import-ab.sh /tmp/base/ledger .build/release/ledger DATA/g1m/trades.csv 2 \
#          --format generic --map "$(cat DATA/g1m/trades.map)" --account broker
set -u
old=$1 new=$2 file=$3 runs=$4; shift 4
options=("$@")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export HOME=$work/home; mkdir -p "$HOME"
run() { # run LABEL BINARY: one import into a new ledger
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  rm -f "$work/$1.ledger"*
  echo "$1: $(/usr/bin/time -f "%e s %U user %S sys %M KB" "$2" --ledger "$work/$1.ledger" import "$file" "${options[@]}" \
    2>&1 >/dev/null | tail -1) load $load"
}
echo "== $(basename "$file"), $(date +%T), load $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$runs"); do run old "$old"; run new "$new"; done
events="SELECT seq, schema, kind, occurred_at, account, asset, asset_class, quantity, price, quote, counter_asset,
  counter_class, counter_quantity, to_account, income_kind, split_ratio, void_target, reason, fee, fee_asset, fee_class,
  note, source, fingerprint, total, link_withdrawal, link_deposit, tx_hash, address FROM events ORDER BY seq"
prices="SELECT asset, quote, observed_at, price, source FROM prices ORDER BY asset, quote, observed_at, source"
for table in events prices; do
  a=$(sqlite3 "$work/old.ledger" "${!table}" | md5sum) b=$(sqlite3 "$work/new.ledger" "${!table}" | md5sum)
  [ "$a" = "$b" ] && echo "$table identical (${a%% *})" || echo "$(echo "$table" | tr a-z A-Z) DIFFER"
done
echo "old verify: $("$old" --ledger "$work/old.ledger" verify 2>&1 | cut -c1-40)"
echo "new verify: $("$new" --ledger "$work/new.ledger" verify 2>&1 | cut -c1-40)"
echo "== done $(date +%T), load $(cut -d' ' -f1-3 /proc/loadavg)"
