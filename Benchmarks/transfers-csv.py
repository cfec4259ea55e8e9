#!/usr/bin/env python3
"""Two generic CSV exports of one user's two accounts, for the transfer-matching benchmark
(issue 31): N rows in all, deterministic.

    python3 Benchmarks/transfers-csv.py 1000000 /tmp/perf
    ledger --ledger L import /tmp/perf/exchange-N.csv --format generic --map "$(cat /tmp/perf/transfers.map)" --account exchange
    ledger --ledger L import /tmp/perf/wallet-N.csv  --format generic --map "$(cat /tmp/perf/transfers.map)" --account wallet
    ledger --ledger L transfers match            # the match the second import ends with, alone

exchange-N.csv: buys of BTC and ETH every minute, and every 100th row a withdrawal;
wallet-N.csv: the deposit of each withdrawal 40 minutes later, 0.1 % less (the network fee);
amounts 5 % apart within a day, so each deposit fits one withdrawal.
"""
import datetime
import os
import sys

rows = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
out = sys.argv[2] if len(sys.argv) > 2 else "."
os.makedirs(out, exist_ok=True)
start = datetime.datetime(2020, 1, 1)
every = 100


def when(minutes):
    return (start + datetime.timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%SZ")


transfers = rows // (every + 1)
with open(os.path.join(out, f"exchange-{rows}.csv"), "w") as exchange, \
        open(os.path.join(out, f"wallet-{rows}.csv"), "w") as wallet:
    exchange.write("id,date,side,asset,quantity,price,fee\n")
    wallet.write("id,date,side,asset,quantity,price,fee\n")
    for i in range(rows - transfers):
        asset = "BTC" if i % 2 == 0 else "ETH"
        price = (30000 if asset == "BTC" else 2000) + i % 997
        exchange.write(f"x{i},{when(i)},buy,{asset},0.1,{price},0.10\n")
        if i % every == every - 1:
            # Amounts 5 % apart within any day, so each deposit fits one withdrawal.
            sent = 1 + (i // every % 50) * 0.05
            exchange.write(f"w{i},{when(i)},withdraw,{asset},{sent:.2f},,\n")
            wallet.write(f"d{i},{when(i + 40)},deposit,{asset},{sent * 0.999:.6f},,\n")
with open(os.path.join(out, "transfers.map"), "w") as f:
    f.write("id=id,date=date,side=side,asset=asset,quantity=quantity,price=price,fee=fee,quote=USD\n")
