#!/usr/bin/env bash
# The statements one request of `ledger serve --database` sends to PostgreSQL (issue 38): a
# throwaway cluster logging every statement (log_statement=all), a user with a token and three
# events added through the API, then the portfolio JSON asked twice (the second answered from
# the kept portfolio), and the statements PostgreSQL logged for each, between markers.
#
#   Benchmarks/pg-request-statements.sh LEDGER SERVE
#
# LEDGER a `ledger`, SERVE a `ledger-serve` (debug or release:
# the count does not depend on it). LGR_LOAD_DIR is the work directory (default
# /tmp/pg-request-statements). As root, PostgreSQL runs as the `postgres` user.
set -euo pipefail
ledger=$(readlink -f "$1")
serve=$(readlink -f "$2")
work=${LGR_LOAD_DIR:-/tmp/pg-request-statements}
export XDG_STATE_HOME=$work/state NO_COLOR=1 LGR_BCRYPT_COST=4 LGR_SERVE_BINARY=$serve
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

rm -rf "$work" && mkdir -p "$work/sock" "$work/state" "$work/pg"
trap 'kill $(cat "$work"/serve.pid 2>/dev/null) $(head -1 "$work/pg/postmaster.pid" 2>/dev/null) 2>/dev/null || true' EXIT
[ "$(id -u)" = 0 ] && chown postgres "$work/sock" "$work/pg"
as_pg "$pgbin/initdb" -D "$work/pg" -U ledger -A trust -E UTF8 --locale=C >/dev/null
as_pg "$pgbin/postgres" -D "$work/pg" -k "$work/sock" -c listen_addresses= -c log_statement=all \
    -c log_line_prefix='%p ' >"$work/pg.log" 2>&1 &
for _ in $(seq 1 100); do [ -S "$work/sock/.s.PGSQL.5432" ] && break; sleep 0.1; done
psql() { command psql -h "$work/sock" -U ledger -d "$1" -v ON_ERROR_STOP=1 -At -c "$2"; }
psql postgres "CREATE DATABASE load" >/dev/null
url="postgres://ledger@/load?host=$work/sock"
echo load-test-password | "$ledger" user add big --database "$url" >/dev/null
token=$("$ledger" user token big --database "$url" | grep -o 'lgr_[A-Za-z0-9_-]*' | head -1)
"$serve" --port 0 --data-dir "$work/data" --database "$url" >"$work/serve.log" 2>"$work/serve.err" &
echo "$!" >"$work/serve.pid"
for _ in $(seq 1 100); do grep -q listening "$work/serve.log" 2>/dev/null && break; sleep 0.1; done
port=$(head -1 "$work/serve.log" | grep -o '[0-9]*$')
api() { curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" "${@:2}" "http://127.0.0.1:$port$1"; }
for words in "USD 10000" "BTC 0.1 @ 30000" "ETH 1 @ 2000"; do
    kind=$([ "${words#USD}" != "$words" ] && echo deposit || echo buy)
    api /api/v1/events -H 'Content-Type: application/json' \
        -d "{\"kind\": \"$kind\", \"words\": \"$words\", \"date\": \"2025-01-0$((RANDOM % 9 + 1))\"}" >/dev/null
done
mark=0
counted() { # NAME PATH: sends it, prints the statements logged for it
    mark=$((mark + 1))
    psql postgres "SELECT 'mark-$mark-start'" >/dev/null
    status=$(api "$2")
    psql postgres "SELECT 'mark-$mark-end'" >/dev/null
    sleep 0.2
    awk -v s="mark-$mark-start" -v e="mark-$mark-end" 'index($0, s) { on = 1; next } index($0, e) { on = 0 }
        on && /LOG:  (statement|execute)/ && !/mark-/' "$work/pg.log" >"$work/statements-$mark.txt"
    echo "$1 ($status): $(wc -l <"$work/statements-$mark.txt") statements"
    sed -E 's/^[0-9]+ LOG:  (execute [^:]*|statement): /    /' "$work/statements-$mark.txt" | cut -c1-110
}
# A fixed as-of: the second request's answer is the kept one (PortfolioCache's key holds the
# as-of second, so with the default, now, a request in a new second makes it again).
for round in first again; do
    counted "GET /api/v1/portfolio?as-of=2026-01-01, $round" "/api/v1/portfolio?as-of=2026-01-01"
done
