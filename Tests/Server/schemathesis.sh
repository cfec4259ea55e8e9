#!/usr/bin/env bash
# The JSON API against its own OpenAPI document: schemathesis generates requests from
# /api/v1/openapi.json and checks the answers (no 5xx, only documented statuses, the documented
# content types and body schemas). Run by .ci/run after `swift build`; needs python3 and pip.
#
#   Tests/Server/schemathesis.sh [BINDIR]        (default .build/debug)
#
# The market's routes ask real sources; here every source points at a closed loopback port, so
# they are left out (their documented 502 is what they would answer). Schemathesis' check that
# every schema-valid request is accepted is left out too: the document does not spell out every
# rule of the CLI (dates, symbols, kinds), and those requests get 400/422 with the CLI's sentence.
set -euo pipefail
bin=$(cd "${1:-.build/debug}" && pwd)
work=$(mktemp -d /tmp/ledger-schemathesis.XXXXXX)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
export XDG_STATE_HOME=$work/state LGR_BCRYPT_COST=4 NO_COLOR=1
for source in coingecko cryptocompare coinbase kraken binance yahoo frankfurter coinpaprika ecb; do
    export "LGR_$(echo $source | tr a-z A-Z)_URL=http://127.0.0.1:9/$source"
done
command -v schemathesis >/dev/null || python3 -m pip install -q schemathesis==4.32.5
echo "schemathesis-password" | "$bin/ledger" user add api --data-dir "$work/data" >/dev/null
token=$("$bin/ledger" user token api --data-dir "$work/data" 2>/dev/null | grep -o 'lgr_[A-Za-z0-9_-]*' | head -1)
"$bin/ledger" --ledger "$work/data/users/api/books.ledger" add deposit USD 1000 --date 2025-01-01 >/dev/null
"$bin/ledger" --ledger "$work/data/users/api/books.ledger" add buy BTC 0.01 @ 30000 --date 2025-01-02 >/dev/null
"$bin/ledger-serve" --port 0 --data-dir "$work/data" >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q listening "$work/serve.log" 2>/dev/null && break; sleep 0.1; done
port=$(head -1 "$work/serve.log" | grep -o '[0-9]*$')
# From the scratch directory: schemathesis keeps its own files (.schemathesis/) where it runs.
cd "$work"
schemathesis run "http://127.0.0.1:$port/api/v1/openapi.json" -H "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --exclude-path-regex '^/api/v1/(market|chart)' -n 25 --seed 1 --request-timeout 20 --no-color
