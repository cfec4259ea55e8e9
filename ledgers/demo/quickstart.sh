#!/usr/bin/env bash
# Quick start: install what is missing, build ledger, load the demo ledger into a scratch file
# and show its portfolio. Offline: the demo's prices are in ledgers/demo/prices.csv.
# Usage: bash ledgers/demo/quickstart.sh   (from the repository root or anywhere)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

missing=()
for package in libsqlite3-dev libcurl4-openssl-dev; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "quickstart: installing ${missing[*]}" >&2
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "quickstart: building (swift build -c release --product ledger; the first build takes a few minutes)" >&2
swift build -c release --product ledger 2>&1 | tail -n 1 >&2
ledger="$(swift build -c release --show-bin-path)/ledger"

demo="${TMPDIR:-/tmp}/ledger-demo/demo.ledger"
rm -f "$demo" "$demo-wal" "$demo-shm"
"$ledger" import ledgers/demo/events.jsonl --ledger "$demo" >&2
"$ledger" prices import ledgers/demo/prices.csv --ledger "$demo" >&2
echo "quickstart: the demo ledger is at $demo; try: $ledger log --ledger $demo" >&2
echo >&2
"$ledger" portfolio --as-of 2024-06-30 --ledger "$demo"
