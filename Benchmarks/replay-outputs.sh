#!/bin/bash
# The outputs of the commands that replay the log, two builds on copies of one ledger (reports
# write snapshots, so each build gets its own copy): a change to the fold must leave every line
# the same. Prints "same N bytes" or "DIFFER" per command.
#   Benchmarks/replay-outputs.sh OLD_BINARY NEW_BINARY LEDGER [WORKDIR]
# e.g. HOME=/tmp/h Benchmarks/replay-outputs.sh /tmp/base24/ledger .build/release/ledger /tmp/replay24/data/csv100k.ledger
set -u
old=$1 new=$2 src=$3 d=${4:-$(mktemp -d /tmp/replay-outputs.XXXXXX)}
rm -rf "$d/o" "$d/n"
mkdir -p "$d/o" "$d/n"
cp "$src" "$d/o/l.ledger"
cp "$src" "$d/n/l.ledger"
asof=2026-11-29
i=0
while IFS= read -r args; do
    i=$((i + 1))
    a=$(eval "$old --ledger $d/o/l.ledger $args" 2>&1 | tee "$d/o/out$i" | md5sum)
    b=$(eval "$new --ledger $d/n/l.ledger $args" 2>&1 | tee "$d/n/out$i" | md5sum)
    if [ "$a" = "$b" ]; then echo "same   $(wc -c <"$d/o/out$i") bytes  $args"; else echo "DIFFER $args"; fi
done <<CMDS
portfolio --full-replay --no-chart --as-of $asof
portfolio --full-replay --no-chart --as-of $asof -O json
portfolio --full-replay --no-chart --as-of $asof --by-account -O json
portfolio --full-replay --no-chart --as-of $asof --method hifo -O json
portfolio --full-replay --no-chart --as-of $asof --method average
portfolio --no-chart --as-of $asof -O json
portfolio --no-chart --as-of $asof -O json
gains --as-of $asof -O json
allocation --as-of $asof
report --period month --as-of $asof -O json
tax --rules us --year 2022 -O json
export -O beancount --since 2025-01-01
export -O ledger
CMDS
