#!/bin/bash
# page-bytes.sh BIN OUT PORT: runs BIN/ledger serve (BIN holds ledger and ledger-serve) on a fresh
# data directory with every market source on a closed port, signs alice in, records trades
# through the API and the add form (markup in a note and a message; refused as an account, a
# symbol, a fee, a watched coin, an alert), and saves every page to OUT/NAME.html, with what
# differs from run to run (CSRF and sign-in tokens, event ids, chain hashes, clock times, ages)
# replaced. Two builds' pages then compare byte for byte:
#   cp .build/debug/ledger .build/debug/ledger-serve /tmp/old/   # before the change
#   Benchmarks/page-bytes.sh /tmp/old /tmp/pages-old 18731
#   Benchmarks/page-bytes.sh .build/debug /tmp/pages-new 18732 && diff -r /tmp/pages-old /tmp/pages-new
set -u
BIN=$1 OUT=$2 PORT=$3
rm -rf "$OUT"; mkdir -p "$OUT"
DATA=$(mktemp -d /tmp/html-pages.XXXX)
export HOME=$DATA/home XDG_STATE_HOME=$DATA/state XDG_CONFIG_HOME=$DATA/config LGR_BCRYPT_COST=4
for s in coingecko coinpaprika binance kraken coinbase yahoo stooq frankfurter cryptocompare ecb alphavantage finnhub; do
  export "LGR_$(echo $s | tr a-z A-Z)_URL=http://127.0.0.1:9/$s"
done
mkdir -p "$HOME"
echo "correct horse battery" | "$BIN/ledger" user add alice --admin --data-dir "$DATA/d" >/dev/null
TOKEN=$("$BIN/ledger" user token alice --data-dir "$DATA/d" | tail -1 | awk '{print $NF}')
"$BIN/ledger" serve --data-dir "$DATA/d" --port "$PORT" >"$DATA/serve.log" 2>&1 &
SERVER=$!
for _ in $(seq 50); do curl -s "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done
U=http://127.0.0.1:$PORT
J=$DATA/jar
LOGIN=$(curl -s -c "$J" -b "$J" "$U/login" | sed -n 's/.*name="_login" value="\([^"]*\)".*/\1/p')
curl -s -c "$J" -b "$J" -o /dev/null --data-urlencode "_login=$LOGIN" --data-urlencode "name=alice" \
  --data-urlencode "password=correct horse battery" --data-urlencode "next=/portfolio" "$U/login"
CSRF=$(curl -s -b "$J" "$U/add" | sed -n 's/.*name="_csrf" value="\([^"]*\)".*/\1/p' | head -1)
M='<script>alert(1)</script> "><img src=x onerror=alert(2)> &amp;Z'
post() { curl -s -b "$J" -o "$OUT/$1.html" --data-urlencode "_csrf=$CSRF" "${@:3}" "$U$2"; }
api() { curl -s -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" -o "$OUT/$1.json" -d "$2" "$U/api/v1/events"; }
api deposit '{"kind": "deposit", "words": "USD 10000", "date": "2025-01-01", "note": "a <b> & \"c\""}'
api buy '{"kind": "buy", "words": "ZQXV 7.77 @ 123.45", "class": "stock", "date": "2025-01-02"}'
"$BIN/ledger" prices set ZQXV 150 --date 2025-06-01 --ledger "$DATA/d/users/alice/ledger.sqlite" >/dev/null 2>&1
post add-note /add --data-urlencode "kind=buy" --data-urlencode "asset=ETH" --data-urlencode "quantity=1" \
  --data-urlencode "price=2" --data-urlencode "date=2025-01-03" --data-urlencode "note=$M" --data-urlencode "account=$M"
post add-note2 /add --data-urlencode "kind=buy" --data-urlencode "asset=ETH" --data-urlencode "quantity=0.5" \
  --data-urlencode "total=3" --data-urlencode "date=2025-01-04" --data-urlencode "note=$M"
post add-bad /add --data-urlencode "kind=buy" --data-urlencode "asset=$M" --data-urlencode "quantity=1" \
  --data-urlencode "price=2" --data-urlencode "note=$M" --data-urlencode "fee=$M"
post message /messages --data-urlencode "text=$M"
post alert /alerts --data-urlencode "asset=$M" --data-urlencode "condition=above" --data-urlencode "level=1" --data-urlencode "note=$M"
post watch /watchlist --data-urlencode "symbol=$M"
Q=$(python3 -c 'import urllib.parse,sys; print(urllib.parse.quote(sys.argv[1], safe=""))' "$M")
for p in /portfolio /holdings /trades /add /import /report /market /market/BTC /news /watchlist /alerts \
  /notifications /messages /status /account /admin/users "/market/search?q=$Q" "/portfolio?as-of=2025-06-30" \
  "/holdings?as-of=2025-06-30" "/report?as-of=2025-06-30" "/portfolio?period=$Q" "/trades?account=$Q" \
  "/market/$Q" "/news?asset=$Q" /nowhere; do
  name=$(echo "$p" | cut -c2- | tr -c 'a-zA-Z0-9-\n' '_' | cut -c1-40)
  curl -s -b "$J" -o "$OUT/get-$name.html" "$U$p"
done
curl -s -o "$OUT/login.html" "$U/login"
kill $SERVER; wait $SERVER 2>/dev/null
# What differs between two runs of the same build: tokens, ids, clock times.
for f in "$OUT"/*; do
  sed -i -E -e 's/(name="_csrf" value=")[^"]*/\1CSRF/g' -e 's/(name="_login" value=")[^"]*/\1LOGIN/g' \
    -e 's/[0-9A-HJKMNP-TV-Z]{26}/ULID/g' -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}(:[0-9]{2})?Z?/TIME/g' \
    -e 's/[0-9]+ (s|min|h|d) ago/AGO/g' -e "s/[0-9a-f]{64}/HASH/g" "$f"
done
rm -rf "$DATA"
ls "$OUT" | wc -l
