#!/bin/bash
# Two builds of ledger on the same ledgers: `portfolio --full-replay --no-chart` alternating
# (Benchmarks/cpu-median.py: CPU and wall medians), then both outputs, text and -O json,
# compared byte for byte. DIR holds csv100k.ledger, jsonl100k.ledger, csv1m.ledger and
# jsonl1m.ledger (docs/PERFORMANCE.md, "Cold replay, twenty-second round", says how they are
# made); a full replay writes nothing, so both builds read the same files.
#   Benchmarks/replay-ab.sh OLD_BINARY NEW_BINARY DIR [RUNS]   (RUNS at 100k, half as many at 1M; default 9)
set -u
old=$1 new=$2 dir=$3 runs=${4:-9}
median=$(dirname "$0")/cpu-median.py
asof=$(date -u +%Y-%m-%d)
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for l in csv100k jsonl100k csv1m jsonl1m; do
    n=$runs
    case $l in *1m) n=$(((runs + 1) / 2)) ;; esac
    python3 "$median" "$n" "$l" "$old" "$dir/$l.ledger" "$new" "$dir/$l.ledger" -- \
        portfolio --full-replay --no-chart --as-of "$asof"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
for l in csv100k jsonl100k csv1m jsonl1m; do
    for format in text json; do
        a=$("$old" --ledger "$dir/$l.ledger" portfolio --full-replay --no-chart --as-of "$asof" -O $format 2>&1 | md5sum)
        b=$("$new" --ledger "$dir/$l.ledger" portfolio --full-replay --no-chart --as-of "$asof" -O $format 2>&1 | md5sum)
        if [ "$a" = "$b" ]; then echo "$l $format: the same bytes"; else echo "$l $format: DIFFERENT"; fi
    done
done
