#!/bin/bash
# Every `ledger tax` output compared before and after a speed change (`cmp` DIR1 DIR2): US
# FIFO/LIFO/HIFO (JSON every year and one, text), Form 8949 CSV, CSV, Markdown, UK and German
# JSON and text, on the `generate.py 100000 50 42` history imported into a USD, a GBP and an
# EUR ledger ($LEDGERS/g100k-USD.ledger …; the GBP and EUR ones with one dollar rate set by
# hand: `prices set USD 0.79 --date 2000-01-01`, `… 0.9 …`).
# usage: tax-outputs.sh BIN DIR
bin=$1; dir=$2; mkdir -p "$dir"; export NO_COLOR=1
ledgers=${LEDGERS:-/tmp/tax17}
run() {
  name=$1; ledger=$2; shift 2
  LGR_FILE=$ledger "$bin" tax "$@" >"$dir/$name.out" 2>"$dir/$name.err"
  echo "rc=$?" >>"$dir/$name.err"
}
usd=$ledgers/g100k-USD.ledger gbp=$ledgers/g100k-GBP.ledger eur=$ledgers/g100k-EUR.ledger
for method in fifo lifo hifo; do
  run us-$method-json "$usd" --rules us --method $method -O json
  run us-$method-2005-json "$usd" --rules us --method $method --year 2005 -O json
  run us-$method-text "$usd" --rules us --method $method
done
run us-csv8949 "$usd" --rules us -O csv --form 8949
run us-2003-csv "$usd" --rules us --year 2003 -O csv
run us-md "$usd" --rules us --year 2010 -O md
run uk-json "$gbp" --rules uk -O json
run uk-text "$gbp" --rules uk
run uk-2005-json "$gbp" --rules uk --year 2005/06 -O json
run de-json "$eur" --rules de -O json
run de-text "$eur" --rules de
run de-2005-json "$eur" --rules de --year 2005 -O json
