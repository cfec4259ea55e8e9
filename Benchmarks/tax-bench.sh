#!/bin/bash
# `ledger tax` against the full replay (issue 32; docs/PERFORMANCE.md, "ledger tax"):
# /usr/bin/time of `portfolio --full-replay --no-chart`, then of `tax ARGS…` (its stdout kept
# in $OUT/out-TAG.txt for `cmp`). Run two binaries alternately, each on its own copy of the
# ledger (`generate.py 1000000 50 42`, imported as JSONL with its prices).
# usage: tax-bench.sh BIN LEDGER TAG [tax args...]
bin=$1; export LGR_FILE=$2; tag=$3; shift 3
out=${OUT:-/tmp/tax17}; mkdir -p "$out"
export NO_COLOR=1
/usr/bin/time -o "$out/t.txt" -f "$tag portfolio --full-replay %e s %U u %S sys %M KB" \
  "$bin" portfolio --full-replay --no-chart >/dev/null 2>&1
cat "$out/t.txt"
/usr/bin/time -o "$out/t.txt" -f "$tag tax $* %e s %U u %S sys %M KB" \
  "$bin" tax "$@" >"$out/out-$tag.txt" 2>"$out/err-$tag.txt"
cat "$out/t.txt"
