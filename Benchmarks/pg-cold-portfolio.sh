#!/usr/bin/env bash
# One cold portfolio of a big user on `ledger serve --database` (issue 38): the request that
# replays the user's whole log from the database (no snapshot), its time and the server's peak
# RSS, alternating two `ledger-serve` binaries, each on its own copy of one database (a newer
# binary migrates its copy, which an older one then refuses).
#
#   Benchmarks/pg-cold-portfolio.sh OLD-SERVE OLD-URL NEW-SERVE NEW-URL TOKEN USER [ROUNDS]
#
# The URLs are `--database` URLs on a Unix socket holding USER's books (e.g. the database
# Benchmarks/pg-serve-load.sh leaves in LGR_LOAD_DIR, its user `big`, and a copy made with
# `CREATE DATABASE copy TEMPLATE load`), TOKEN an API token of USER in both. Before each run
# the user's snapshots are deleted with psql (as the URL's role, which must own the tables),
# so the request replays every event; the server is new for each run. Prints, per run: the binary,
# the request's seconds (curl), the server's peak RSS (VmHWM) before and after it, and the
# server's CPU seconds (user+sys) for the request; the load average beside it.
set -euo pipefail
old=$(readlink -f "$1")
old_url=$2
new=$(readlink -f "$3")
new_url=$4
token=$5
user=$6
rounds=${7:-3}
work=$(mktemp -d /tmp/pg-cold-portfolio.XXXXXX)
trap 'kill $(cat "$work"/pid 2>/dev/null) 2>/dev/null || true; rm -rf "$work"' EXIT
psql() { # URL SQL
    local socket database role
    socket=$(sed -n 's/.*host=\([^&]*\).*/\1/p' <<<"$1")
    database=$(sed -n 's|postgres://[^/]*/\([^?]*\).*|\1|p' <<<"$1")
    role=$(sed -n 's|postgres://\([^@:]*\).*|\1|p' <<<"$1")
    command psql -h "$socket" -U "$role" -d "$database" -v ON_ERROR_STOP=1 -At -c "$2"
}
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hwm() { awk '/VmHWM/ {print $2}' "/proc/$1/status"; }
run() { # BINARY URL NAME
    psql "$2" "DELETE FROM snapshots WHERE user_id = (SELECT id FROM ledger_users WHERE name = '$user')" >/dev/null
    "$1" --port 0 --data-dir "$work/data" --database "$2" >"$work/log" 2>"$work/err" &
    echo $! >"$work/pid"
    local pid port before cpu0 seconds cpu1 after
    pid=$(cat "$work/pid")
    for _ in $(seq 1 200); do grep -q listening "$work/log" 2>/dev/null && break; sleep 0.05; done
    port=$(head -1 "$work/log" | grep -o '[0-9]*$')
    before=$(hwm "$pid")
    cpu0=$(ticks "$pid")
    seconds=$(curl -s -o "$work/out" -w '%{time_total}' -H "Authorization: Bearer $token" \
        "http://127.0.0.1:$port/api/v1/portfolio")
    cpu1=$(ticks "$pid")
    after=$(hwm "$pid")
    grep -q '"events": ' "$work/out" || { echo "pg-cold-portfolio: $3 answered: $(head -c 300 "$work/out")"; exit 1; }
    printf '%-4s %6.2f s  peak RSS %7d -> %7d kB  CPU %5.2f s  (load %s)\n' "$3" "$seconds" "$before" "$after" \
        "$(awk -v t=$((cpu1 - cpu0)) -v hz="$(getconf CLK_TCK)" 'BEGIN { print t / hz }')" \
        "$(cut -d' ' -f1-3 /proc/loadavg)"
    kill "$pid"
    wait "$pid" 2>/dev/null || true
}
for _ in $(seq 1 "$rounds"); do
    run "$old" "$old_url" old
    run "$new" "$new_url" new
done
