#!/usr/bin/env bash
# Quick start: install what is missing, build ledger (release), load the demo ledger into a
# scratch file and show its portfolio, then build ledger-serve and ledger-live. Offline: the
# demo's prices are in ledgers/demo/prices.csv.
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

# The three programs the README uses: ledger first, whose build alone gives the demo portfolio,
# then ledger-serve (ledger serve) and ledger-live (ledger live's stream), which reuse the modules
# ledger compiled and add the server's and the stream's (SwiftNIO, Hummingbird): the portfolio
# does not wait for them. A product at a time keeps the benchmark and test tools out of it, which
# a bare 'swift build -c release' would compile too. ledger-serve's --database postgres://… needs
# no build option: it loads PostgreSQL's client library (libpq5) when started with a database.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
products=(ledger ledger-serve ledger-live)
build() { # build PRODUCT INDEX: progress on one line, the compiler's [done/total] step counter.
    if ! swift build -c release --product "$1" 2>&1 | tee "$log" |
        awk -v name="$1 ($2/${#products[@]})" '
            /^\[[0-9]+\/[0-9]+\]/ { printf "\r  %s %s", name, $1 > "/dev/stderr"; fflush("/dev/stderr") }
            END { printf "\n" > "/dev/stderr" }'; then
        echo "quickstart: the build of $1 failed:" >&2
        tail -n 20 "$log" >&2
        exit 1
    fi
}
echo "quickstart: building ledger (swift build -c release; the first build takes several minutes)" >&2
build ledger 1
bin="$(swift build -c release --show-bin-path)"
ledger="$bin/ledger"

demo="${TMPDIR:-/tmp}/ledger-demo/demo.ledger"
rm -f "$demo" "$demo-wal" "$demo-shm"
"$ledger" import ledgers/demo/events.jsonl --ledger "$demo" >&2
"$ledger" prices import ledgers/demo/prices.csv --ledger "$demo" >&2
echo "quickstart: the demo ledger is at $demo; try: $ledger log --ledger $demo" >&2
echo >&2
"$ledger" portfolio --as-of 2024-06-30 --ledger "$demo"

echo >&2
echo "quickstart: building ledger-serve and ledger-live (Ctrl-C skips them)" >&2
build ledger-serve 2
build ledger-live 3
echo "quickstart: built ${products[*]}" >&2
echo "quickstart: ledger serve and ledger live find ledger-serve and ledger-live beside $ledger" >&2
