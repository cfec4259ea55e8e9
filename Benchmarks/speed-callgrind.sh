#!/bin/bash
# Instructions of one full replay, counted by callgrind (deterministic: a change shows whatever
# the machine's load), with the inclusive counts of its phases: the reader thread (stepping and
# decoding the replay rows), the decoding alone, the fold, and the fold's disposals.
# valgrind 3.19 cannot read the DWARF of a Swift 6 build, so a copy stripped of it (`strip -g`)
# is what runs. Prints the output's md5 too, to compare two builds' reports.
#   Benchmarks/speed-callgrind.sh BINARY LEDGER [OUT.cg]
#   e.g. HOME=/tmp/h Benchmarks/speed-callgrind.sh .build/release/ledger /tmp/speed23/data/csv100k.ledger
set -eu
binary=$1 ledger=$2 out=${3:-$(mktemp /tmp/speed-callgrind.XXXXXX.cg)}
stripped=$(mktemp /tmp/speed-callgrind.XXXXXX.bin)
trap 'rm -f "$stripped"' EXIT
strip -g -o "$stripped" "$binary"
valgrind --tool=callgrind --callgrind-out-file="$out" "$stripped" --ledger "$ledger" \
    portfolio --full-replay --no-chart --as-of 2026-11-29 2>/dev/null | md5sum | sed 's/ .*/  output md5/'
grep -h '^totals:' "$out" | sed 's/totals:/instructions:/'
callgrind_annotate --inclusive=yes "$out" 2>/dev/null |
    grep -E 'WorkerThreadCyACSgyyccfcSvSgAEcfU_To|PackedEventDecoderC5event4from|PortfolioFoldV5applyyyAA0A5EventVF|PortfolioFoldV7dispose_' |
    sed -E 's/^ *([0-9,]+) .*(WorkerThread|PackedEventDecoder|PortfolioFoldV5apply|PortfolioFoldV7dispose).*/\1 \2/' |
    sed -e 's/WorkerThread$/reader thread (step + decode)/' -e 's/PackedEventDecoder$/  decoding/' \
        -e 's/PortfolioFoldV5apply$/fold (PortfolioFold.apply)/' -e 's/PortfolioFoldV7dispose$/  disposals/'
echo "profile: $out"
