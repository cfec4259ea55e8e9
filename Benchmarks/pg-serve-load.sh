#!/usr/bin/env bash
# Load test of `ledger serve --database` (PostgreSQL, issue 38) against `ledger serve` on ledger
# files, on this machine, with wrk on loopback:
#   portfolio  GET /api/v1/portfolio of one user whose books hold EVENTS generated events (its
#              prices and a snapshot): one server on files; one server on PostgreSQL; two
#              servers on the same database, a wrk each at once (half the connections each);
#   appends    POST /api/v1/events (a deposit) for 100 users at once, the users taken in turn by
#              every request (Benchmarks/pg-appends.lua): on files, then on PostgreSQL.
# Each case prints wrk's lines and the CPU seconds (user+sys) the servers and PostgreSQL's
# processes used during it, with the load average before it.
#
#   Benchmarks/pg-serve-load.sh LEDGER SERVE [EVENTS] [SECONDS] [CONNECTIONS] [ROUNDS]
#
# LEDGER is a release `ledger`, SERVE a release `ledger-serve`.
# LGR_LOAD_DIR is the work directory (default /tmp/pg-serve-load); LGR_LOAD_GENERATED a directory
# holding generate.py's events.jsonl and prices.csv for EVENTS (else they are generated).
# PostgreSQL (initdb, postgres from /usr/lib/postgresql/*/bin) runs as a throwaway cluster on a
# Unix socket in the work directory, fsync on (its defaults but max_connections=200); as root it
# runs as the `postgres` user. The cases alternate files and PostgreSQL ROUNDS times.
# LGR_LOAD_LOCK names a lock file (e.g. /tmp/swift-build.lock) taken with flock for the measured
# cases only, after the setup: nothing else that takes it runs while they are timed.
set -euo pipefail
ledger=$(readlink -f "$1")
serve=$(readlink -f "$2")
events=${3:-100000}
seconds=${4:-15}
connections=${5:-32}
rounds=${6:-2}
here=$(cd "$(dirname "$0")" && pwd)
work=${LGR_LOAD_DIR:-/tmp/pg-serve-load}
generated=${LGR_LOAD_GENERATED:-$work/generated-$events}
export XDG_STATE_HOME=$work/state NO_COLOR=1 LGR_BCRYPT_COST=4 LGR_SERVE_BINARY=$serve
command -v wrk >/dev/null || { echo "pg-serve-load: needs wrk (apt-get install wrk)"; exit 1; }
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

rm -rf "$work/files" "$work/pg" "$work/sock" "$work/state" "$work"/serve-*.log
mkdir -p "$work/sock" "$work/state"
[ -f "$generated/events.jsonl" ] || python3 "$here/generate.py" "$events" 50 42 "$generated" >/dev/null
trap 'kill $(cat "$work"/serve-*.pid 2>/dev/null) $(head -1 "$work/pg/postmaster.pid" 2>/dev/null) 2>/dev/null || true' EXIT

# The cluster.
[ "$(id -u)" = 0 ] && chown postgres "$work/sock" && mkdir -p "$work/pg" && chown postgres "$work/pg"
as_pg "$pgbin/initdb" -D "$work/pg" -U ledger -A trust -E UTF8 --locale=C >/dev/null
as_pg "$pgbin/postgres" -D "$work/pg" -k "$work/sock" -c listen_addresses= -c max_connections=200 \
    >"$work/pg.log" 2>&1 &
for _ in $(seq 1 100); do [ -S "$work/sock/.s.PGSQL.5432" ] && break; sleep 0.1; done
postmaster=$(head -1 "$work/pg/postmaster.pid")
psql() { command psql -h "$work/sock" -U ledger -d "$1" -v ON_ERROR_STOP=1 -At -c "$2"; }
psql postgres "CREATE DATABASE load" >/dev/null
url="postgres://ledger@/load?host=$work/sock"

# The books: user `big` with EVENTS events in a ledger file, copied into the database by
# `ledger serve migrate`; users u1…u100 (empty) on both.
data=$work/files
echo load-test-password | "$ledger" user add big --data-dir "$data" >/dev/null
"$ledger" --ledger "$data/users/big/books.ledger" import "$generated/events.jsonl" >/dev/null
"$ledger" --ledger "$data/users/big/books.ledger" prices import "$generated/prices.csv" >/dev/null
for i in $(seq 1 100); do echo load-test-password | "$ledger" user add "u$i" --data-dir "$data" >/dev/null; done
"$ledger" serve migrate --from "$data" --to "$url" | tail -1
token() { "$ledger" user token "$1" "${@:2}" 2>/dev/null | grep -o 'lgr_[A-Za-z0-9_-]*' | head -1; }
files_big=$(token big --data-dir "$data")
pg_big=$(token big --database "$url")
: >"$work/files.tokens"
: >"$work/pg.tokens"
for i in $(seq 1 100); do
    token "u$i" --data-dir "$data" >>"$work/files.tokens"
    token "u$i" --database "$url" >>"$work/pg.tokens"
done

start() { # NAME, then ledger-serve's options: starts it, prints its port
    "$serve" --port 0 "${@:2}" >"$work/serve-$1.log" 2>"$work/serve-$1.err" &
    echo "$!" >"$work/serve-$1.pid"
    for _ in $(seq 1 100); do grep -q listening "$work/serve-$1.log" 2>/dev/null && break; sleep 0.1; done
    head -1 "$work/serve-$1.log" | grep -o '[0-9]*$'
}
files_port=$(start files --data-dir "$data")
pg1_port=$(start pg1 --data-dir "$work/pg1-data" --database "$url")
pg2_port=$(start pg2 --data-dir "$work/pg2-data" --database "$url")
for port_token in "$files_port $files_big" "$pg1_port $pg_big" "$pg2_port $pg_big"; do
    set -- $port_token # a first request: 200, and the snapshot made
    status=$(curl -s -o "$work/check.out" -w '%{http_code}' -H "Authorization: Bearer $2" \
        "http://127.0.0.1:$1/api/v1/portfolio")
    [ "$status" = 200 ] || { echo "pg-serve-load: :$1 answered $status"; head -c 400 "$work/check.out"; exit 1; }
done

cpu() { # clock ticks of user+sys of the servers and PostgreSQL (ended backends in the postmaster's)
    local total pid
    total=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$postmaster/stat")
    for pid in $(cat "$work"/serve-*.pid) $(pgrep -P "$postmaster"); do
        [ -r "/proc/$pid/stat" ] || continue
        total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
    done
    echo "$total"
}
measure() { # NAME, then a command: runs it, prints its wrk lines and the CPU it cost
    local name=$1 before after
    shift
    echo "--- $name (load $(cut -d' ' -f1-3 /proc/loadavg))"
    before=$(cpu)
    "$@" | grep -E "Requests/sec|Latency  |99%|Non-2xx|requests in|answers other" || true
    after=$(cpu)
    echo "    CPU of the servers and PostgreSQL: $(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" \
        'BEGIN { printf "%.1f s", t / hz }')"
}
portfolio() { # PORT TOKEN CONNECTIONS
    wrk -t2 -c"$3" -d"${seconds}s" --latency -H "Authorization: Bearer $2" "http://127.0.0.1:$1/api/v1/portfolio"
}
both() { # two servers at once, half the connections each
    local first
    portfolio "$pg1_port" "$pg_big" $((connections / 2)) >"$work/wrk-1.out" &
    first=$!
    portfolio "$pg2_port" "$pg_big" $((connections / 2)) >"$work/wrk-2.out"
    wait "$first" || true
    cat "$work/wrk-1.out" "$work/wrk-2.out"
}
appends() { # PORT TOKENS-FILE
    LGR_TOKENS=$2 wrk -t2 -c100 -d"${seconds}s" --latency -s "$here/pg-appends.lua" "http://127.0.0.1:$1/api/v1/events"
}
if [ -n "${LGR_LOAD_LOCK:-}" ]; then
    exec 9>"$LGR_LOAD_LOCK"
    flock 9
fi
echo "ledger serve on files and on PostgreSQL: $events events, $seconds s a case, $connections connections"
for round in $(seq 1 "$rounds"); do
    echo "=== round $round"
    measure "portfolio JSON, files, one server" portfolio "$files_port" "$files_big" "$connections"
    measure "portfolio JSON, PostgreSQL, one server" portfolio "$pg1_port" "$pg_big" "$connections"
    measure "portfolio JSON, PostgreSQL, two servers at once" both
    measure "appends, 100 users, files" appends "$files_port" "$work/files.tokens"
    measure "appends, 100 users, PostgreSQL (one server)" appends "$pg1_port" "$work/pg.tokens"
done
echo "--- the 100 users' events in PostgreSQL: $(psql load "SELECT count(*) FROM events e JOIN ledger_users u ON u.id = e.user_id WHERE u.name LIKE 'u%'")"
