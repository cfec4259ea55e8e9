#!/bin/bash
# A snapshot written by OLD is read by NEW (the same output, the row left as it was), NEW writes
# the same snapshot bytes as OLD, and after one `add` both report the same: a change to the
# fold's storage must keep the snapshot format. Each run uses a new HOME (the anchor is kept
# per path there).
#   Benchmarks/replay-snapshot-check.sh OLD_BINARY NEW_BINARY LEDGER
set -u
old=$1 new=$2 src=$3
export HOME=$(mktemp -d /tmp/replay-snapshot-home.XXXXXX)
d=$(mktemp -d /tmp/replay-snapshot.XXXXXX)
mkdir -p "$d/o" "$d/n"
cp "$src" "$d/o/l.ledger"
cp "$src" "$d/n/l.ledger"
snap() { sqlite3 "$1" "select key, seq, hex(data) from snapshots order by key" | md5sum; }
report() { "$1" --ledger "$2" portfolio --no-chart --as-of 2026-11-29 -O json 2>/dev/null | md5sum; }
for x in o n; do sqlite3 "$d/$x/l.ledger" "delete from snapshots"; done
a=$(report "$old" "$d/o/l.ledger")
before=$(snap "$d/o/l.ledger")
b=$(report "$new" "$d/o/l.ledger")
if [ "$a" = "$b" ]; then echo "output from OLD's snapshot: same"; else echo "output from OLD's snapshot: DIFFERENT"; fi
if [ "$before" = "$(snap "$d/o/l.ledger")" ]; then echo "OLD's snapshot row left as it was"; else echo "OLD's snapshot row REWRITTEN"; fi
report "$new" "$d/n/l.ledger" >/dev/null
if [ "$(snap "$d/o/l.ledger")" = "$(snap "$d/n/l.ledger")" ]; then echo "snapshot bytes: same"; else echo "snapshot bytes: DIFFERENT"; fi
"$old" --ledger "$d/o/l.ledger" add buy BTC 0.01 @ 30000 --date 2026-11-28 >/dev/null 2>&1
"$new" --ledger "$d/n/l.ledger" add buy BTC 0.01 @ 30000 --date 2026-11-28 >/dev/null 2>&1
if [ "$(report "$old" "$d/o/l.ledger")" = "$(report "$new" "$d/n/l.ledger")" ]; then
    echo "after one add: same"
else
    echo "after one add: DIFFERENT"
fi
rm -rf "$d" "$HOME"
