#!/bin/bash
# The start-up floor and the snapshot path of issue 34, CPU medians of several binaries run in
# turn (Benchmarks/cpu-median.py). DIR holds NAME/ledger for each NAME given, empty.ledger (made
# by `ledger init`), and per NAME copies of the generic ledgers (interleaved.sh's g100k and g1m,
# imported with their prices): 100k-NAME.ledger, 1m-NAME.ledger, each already read once (so it
# has its snapshot and anchor), and 100k-NAME-add.ledger, 1m-NAME-add.ledger with one
# `add buy CAA 0.001 @ 1 --account broker` after the snapshot.
#   Benchmarks/startup.sh DIR RUNS NAME...      e.g. Benchmarks/startup.sh /tmp/speed21 21 base new
set -u
dir=$1 runs=$2
shift 2
median="$(cd "$(dirname "$0")" && pwd)/cpu-median.py"
cd "$dir" || exit 1
export HOME=${HOME:-$dir/home}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
pairs() { for name in "$@"; do echo "$name/ledger" "${ledger//NAME/$name}"; done; }
run() {
    local tag=$1
    shift
    # shellcheck disable=SC2046
    python3 "$median" "$runs" "$tag" $(pairs "${names[@]}") -- "$@"
}
names=("$@")
ledger=empty.ledger run version --version
ledger=empty.ledger run empty portfolio --no-chart
ledger=100k-NAME.ledger run snap100k portfolio --no-chart
ledger=100k-NAME-add.ledger run add100k portfolio --no-chart
ledger=1m-NAME.ledger run snap1m portfolio --no-chart
ledger=1m-NAME-add.ledger run add1m portfolio --no-chart
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
