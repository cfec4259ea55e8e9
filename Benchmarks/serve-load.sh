#!/usr/bin/env bash
# Load test of `ledger serve`: the portfolio as JSON (API token) and as HTML (session cookie)
# for one user whose ledger holds EVENTS generated trades, served from its snapshot, and the
# market list as JSON (`/api/v1/market`, from the shared market cache; the sources are the
# recorded test fixtures on 127.0.0.1, Benchmarks/fixture-server.py, so nothing leaves the machine).
#
#   Benchmarks/serve-load.sh BINDIR [EVENTS] [SECONDS] [CONNECTIONS]
#
# LGR_LOAD_ROUTES picks the routes (default "portfolio-json portfolio-html market-json"; also
# "portfolio-json-miss" and "portfolio-html-miss": every request another `as-of` second, through
# Benchmarks/serve-miss.lua, so no answer is kept and each restores the snapshot, values and
# writes); LGR_LOAD_BOOKS=FILE serves a copy of that ledger as the user's books (e.g. one built
# by CSV import, which records the rows' prices) instead of the generated JSONL trades;
# LGR_LOAD_DIR the work directory (default /tmp/ledger-serve-load); LGR_LOAD_REUSE=1 serves the
# data directory the last run there set up (to alternate two builds without importing again).
#
# BINDIR holds release builds of `ledger` and `ledger-serve` (swift build -c release). wrk runs
# on the same machine as the server (loopback), so on 2 cores the client takes part of the CPU
# the server would have. Results go to stdout; docs/PERFORMANCE.md keeps the numbers.
set -euo pipefail
bin=$(cd "$1" && pwd)
events=${2:-100000}
seconds=${3:-15}
connections=${4:-32}
here=$(cd "$(dirname "$0")" && pwd)
routes=${LGR_LOAD_ROUTES:-portfolio-json portfolio-html market-json}
work=${LGR_LOAD_DIR:-/tmp/ledger-serve-load}
generated=$work/generated-$events
data=$work/data
export XDG_STATE_HOME=$work/state NO_COLOR=1
command -v wrk >/dev/null || { echo "serve-load: needs wrk (apt-get install wrk)"; exit 1; }

password=load-test-password
if [ "${LGR_LOAD_REUSE:-0}" = 1 ] && [ -s "$work/token" ] && [ -d "$data" ]; then
    token=$(cat "$work/token") # the data directory of the last run, as it was set up
else
    [ -n "${LGR_LOAD_BOOKS:-}" ] || [ -f "$generated/events.jsonl" ] || python3 "$here/generate.py" "$events" 50 42 "$generated" >/dev/null
    rm -rf "$data" "$work/token"
    echo "$password" | "$bin/ledger" user add load --data-dir "$data" >/dev/null
    token=$("$bin/ledger" user token load --data-dir "$data" | grep -o 'lgr_[A-Za-z0-9_-]*' | head -1)
    books=$data/users/load/books.ledger
    if [ -n "${LGR_LOAD_BOOKS:-}" ]; then
        mkdir -p -m 700 "$(dirname "$books")"
        install -m 600 "$LGR_LOAD_BOOKS" "$books"
    else
        "$bin/ledger" --ledger "$books" import "$generated/events.jsonl" >/dev/null
        "$bin/ledger" --ledger "$books" prices import "$generated/prices.csv" >/dev/null
    fi
    "$bin/ledger" --ledger "$books" portfolio >/dev/null # saves the snapshot the server reads
    echo "$token" >"$work/token"
fi

python3 "$here/fixture-server.py" "$here/../Tests/LedgerMarketDataTests/Fixtures/http" >"$work/sources.port" &
sources=$!
trap 'kill $sources 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do [ -s "$work/sources.port" ] && break; sleep 0.1; done
for name in coingecko cryptocompare frankfurter stooq yahoo; do
    export "LGR_${name^^}_URL=http://127.0.0.1:$(head -1 "$work/sources.port")/$name"
done

"$bin/ledger-serve" --port 0 --data-dir "$data" >"$work/serve.log" 2>"$work/serve.err" &
server=$!
trap 'kill $server $sources 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q listening "$work/serve.log" 2>/dev/null && break; sleep 0.1; done
port=$(head -1 "$work/serve.log" | grep -o '[0-9]*$')
base=http://127.0.0.1:$port

# Sign in as a browser does: the login form's token cookie and field, then the session cookie.
login_headers=$(curl -s -D - -o "$work/login.html" "$base/login")
login_cookie=$(echo "$login_headers" | grep -i '^set-cookie: ledger_login=' | sed 's/^[^:]*: //; s/;.*//')
login_token=${login_cookie#ledger_login=}
session=$(curl -s -D - -o /dev/null -H "Cookie: $login_cookie" \
    --data-urlencode "name=load" --data-urlencode "password=$password" --data-urlencode "_login=$login_token" \
    --data-urlencode "next=/portfolio" "$base/login" | grep -i '^set-cookie: ledger_session=' | sed 's/^[^:]*: //; s/;.*//')
[ -n "$session" ] || { echo "serve-load: could not sign in"; exit 1; }

check() { # one request first: the route answers 200 with the numbers
    local status
    status=$(curl -s -o "$work/check.out" -w '%{http_code}' "$@")
    [ "$status" = 200 ] || { echo "serve-load: $* answered $status"; head -c 400 "$work/check.out"; exit 1; }
}
check -H "Authorization: Bearer $token" "$base/api/v1/portfolio"
check -H "Cookie: $session" "$base/portfolio"
check -H "Authorization: Bearer $token" "$base/api/v1/market" # fills the market cache once

load() { # NAME, then wrk's arguments
    echo "--- $1"
    shift
    wrk -t2 -c"$connections" -d"${seconds}s" --latency "$@" | grep -E "Requests/sec|Latency|99%|Non-2xx|requests in"
}
echo "ledger serve load test: $events events, $seconds s per route, $connections connections, wrk -t2"
for route in $routes; do
    case $route in
    portfolio-json) load "GET /api/v1/portfolio (JSON, bearer token)" -H "Authorization: Bearer $token" "$base/api/v1/portfolio" ;;
    portfolio-html) load "GET /portfolio (HTML, session cookie)" -H "Cookie: $session" "$base/portfolio" ;;
    portfolio-json-miss) load "GET /api/v1/portfolio?as-of=… (JSON, every request a miss)" -s "$here/serve-miss.lua" -H "Authorization: Bearer $token" "$base/api/v1/portfolio" ;;
    portfolio-html-miss) load "GET /portfolio?as-of=… (HTML, every request a miss)" -s "$here/serve-miss.lua" -H "Cookie: $session" "$base/portfolio" ;;
    market-json) load "GET /api/v1/market (JSON, bearer token, cached top list)" -H "Authorization: Bearer $token" "$base/api/v1/market" ;;
    *) echo "serve-load: no route '$route' (portfolio-json, portfolio-html, portfolio-json-miss, portfolio-html-miss, market-json)"; exit 64 ;;
    esac
done
echo "--- server: $(grep -c '"status":200' "$work/serve.log") requests answered 200 in the access log"
