#!/usr/bin/env bash
# What an import's dry run costs a big user on `ledger serve --database` (issue 38): with the
# books in PostgreSQL the server copies the user's whole log into a scratch ledger file before
# each import, so a one-event file's dry run measures that copy. Alternates a server on ledger
# files and one on the database (the same SERVE binary), ROUNDS times, a new server each run.
#
#   Benchmarks/pg-import-copy.sh SERVE DATA-DIR FILES-TOKEN URL PG-TOKEN FILE [ROUNDS]
#
# DATA-DIR and URL hold the same user (e.g. Benchmarks/pg-serve-load.sh's LGR_LOAD_DIR/files and
# its database: user `big`), each token an API token of that user there; FILE an export to dry-run.
# Prints the request's seconds (curl) and the server's CPU seconds for it, with the load average.
set -euo pipefail
serve=$(readlink -f "$1")
data=$2
files_token=$3
url=$4
pg_token=$5
file=$6
rounds=${7:-3}
work=$(mktemp -d /tmp/pg-import-copy.XXXXXX)
trap 'kill $(cat "$work"/pid 2>/dev/null) 2>/dev/null || true; rm -rf "$work"' EXIT
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
run() { # NAME TOKEN OPTIONS...
    local name=$1 token=$2 pid port cpu0 seconds cpu1
    shift 2
    "$serve" --port 0 "$@" >"$work/log" 2>"$work/err" &
    pid=$!
    echo "$pid" >"$work/pid"
    for _ in $(seq 1 200); do grep -q listening "$work/log" 2>/dev/null && break; sleep 0.05; done
    port=$(head -1 "$work/log" | grep -o '[0-9]*$')
    cpu0=$(ticks "$pid")
    seconds=$(curl -s -o "$work/out" -w '%{time_total}' -X POST -H "Authorization: Bearer $token" \
        --data-binary "@$file" "http://127.0.0.1:$port/api/v1/import?dry-run=true&name=$(basename "$file")")
    cpu1=$(ticks "$pid")
    grep -q '"added"' "$work/out" || { echo "pg-import-copy: $name answered: $(head -c 300 "$work/out")"; exit 1; }
    printf '%-6s %6.2f s  CPU %5.2f s  (load %s)\n' "$name" "$seconds" \
        "$(awk -v t=$((cpu1 - cpu0)) -v hz="$(getconf CLK_TCK)" 'BEGIN { print t / hz }')" \
        "$(cut -d' ' -f1-3 /proc/loadavg)"
    kill "$pid"
    wait "$pid" 2>/dev/null || true
}
for _ in $(seq 1 "$rounds"); do
    run files "$files_token" --data-dir "$data"
    run pg "$pg_token" --data-dir "$work/pg-data" --database "$url"
done
