#!/bin/bash
# `ledger returns` beside the full replay (issue 37: the daily series over 5 years at most 2x the
# full replay). Imports generate.py's history, records a close of every asset for every day of
# its last 5 years (the last trade price of the day, carried), then times, RUNS times each:
# `portfolio --full-replay` (the whole replay, no series) and `returns` over those 5 years,
# plain and `--by asset` (both replay every event and value every day of the period).
# Given a second binary, runs each command with the two in turn and compares their JSON (cmp).
#   python3 Benchmarks/generate.py 100000 50 42 DATA && Benchmarks/returns.sh BINARY DATA [RUNS [OTHER]]
set -eu
bin=$1 data=$2 runs=${3:-3} other=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work/home XDG_STATE_HOME=$work/state
ledger=$work/books.ledger
"$bin" --ledger "$ledger" import "$data/events.jsonl" >/dev/null
range=$(python3 - "$data/events.jsonl" "$work/daily.csv" <<'PY'
import json, sys
from datetime import date, timedelta
by_day = {}
for line in open(sys.argv[1]):
    event = json.loads(line)
    if "price" in event:
        by_day.setdefault(date.fromisoformat(event["occurred_at"][:10]), {})[event["asset"]] = event["price"]
days = sorted(by_day)
last = days[-1]
first = last - timedelta(days=5 * 365 - 1)
current, index, day = {}, 0, first - timedelta(days=1)
with open(sys.argv[2], "w") as out:
    out.write("asset,price,date,currency\n")
    while day <= last:
        while index < len(days) and days[index] <= day:
            current.update(by_day[days[index]])
            index += 1
        for asset, price in sorted(current.items()):
            out.write(f"{asset},{price},{day},USD\n")
        day += timedelta(days=1)
print(f"{first}..{last}")
PY
)
"$bin" --ledger "$ledger" prices import "$work/daily.csv"
last=${range#*..}
echo "period $range; $(wc -l <"$data/events.jsonl") events"
t() { /usr/bin/time -f "%e s %U user %M KB" "$@" 2>&1 >/dev/null | tail -1; }
bins=("$bin" ${other:+"$other"})
for _ in $(seq "$runs"); do
    for b in "${bins[@]}"; do
        if [ -n "$other" ]; then echo "-- $b"; fi
        echo "full replay:          $(t "$b" --ledger "$ledger" portfolio --full-replay --no-chart)"
        echo "returns 5 years:      $(t "$b" --ledger "$ledger" returns --period "$range" --as-of "$last")"
        echo "returns --by asset:   $(t "$b" --ledger "$ledger" returns --period "$range" --as-of "$last" --by asset)"
    done
done
"$bin" --ledger "$ledger" returns --period "$range" --as-of "$last" | head -12
if [ -n "$other" ]; then
    for by in "" "--by asset"; do
        # shellcheck disable=SC2086 # $by is two words or none
        "$bin" --ledger "$ledger" returns --period "$range" --as-of "$last" $by -O json >"$work/first.json"
        # shellcheck disable=SC2086
        "$other" --ledger "$ledger" returns --period "$range" --as-of "$last" $by -O json >"$work/second.json"
        cmp "$work/first.json" "$work/second.json" && echo "returns ${by:-(whole)} -O json: the same bytes"
    done
fi
