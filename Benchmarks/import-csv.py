#!/usr/bin/env python3
"""Writes the exchange files of docs/PERFORMANCE.md "Import": N rows each, deterministic.

    python3 Benchmarks/import-csv.py 1000000 /tmp/perf
gives /tmp/perf/coinbase-N.csv (Coinbase 2023+ layout, one event per row, transaction ids, money
with symbols and thousands separators, every 10th row a sale) and /tmp/perf/binance-N.csv
(Binance statement, every field quoted, a deposit then trades of two rows each: content
fingerprints and row grouping).
"""
import datetime
import os
import sys

rows = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
out = sys.argv[2] if len(sys.argv) > 2 else "."
os.makedirs(out, exist_ok=True)
start = datetime.datetime(2020, 1, 1)

with open(os.path.join(out, f"coinbase-{rows}.csv"), "w") as f:
    f.write("ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,"
            "Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\n")
    for i in range(rows):
        t = (start + datetime.timedelta(seconds=60 * i)).strftime("%Y-%m-%d %H:%M:%S UTC")
        price = 30000 + (i % 997)
        if i % 10 == 9:
            sub = price * 0.005
            f.write(f'{i:024x},{t},Sell,BTC,-0.005,USD,"${price:,}.00",${sub:.3f},"${sub - 1:,.3f}",$1.00,Sold\n')
        else:
            sub = price * 0.001
            f.write(f'{i:024x},{t},Buy,BTC,0.001,USD,"${price:,}.00",${sub:.3f},"${sub + 0.5:,.3f}",$0.50,Bought\n')

with open(os.path.join(out, f"binance-{rows}.csv"), "w") as f:
    f.write('"User_ID","UTC_Time","Account","Operation","Coin","Change","Remark"\n')
    f.write('"1","2019-12-31 00:00:00","Spot","Deposit","USDT","100000000",""\n')
    for i in range((rows - 1) // 2):
        t = (start + datetime.timedelta(seconds=60 * i)).strftime("%Y-%m-%d %H:%M:%S")
        f.write(f'"1","{t}","Spot","Transaction Buy","ETH","0.01",""\n'
                f'"1","{t}","Spot","Transaction Spend","USDT","-{20 + i % 7}.5",""\n')
