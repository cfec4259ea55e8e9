#!/usr/bin/env python3
"""Seeded trade-history generator for the side-by-side benchmark.

Writes the same N trades over K assets as:
  events.jsonl   ledger's lossless import format (plus prices.csv)
  trades.csv     the same trades as a generic CSV export (`ledger import --format generic
                 --map "$(cat trades.map)" --account broker`): built the way users build ledgers,
                 it records the price each row states (issue 34: ~56k observations at 100k)
  ledger.journal ledger-cli, with lot annotations on every buy and every FIFO lot a sell takes
  hledger.journal hledger (same postings; hledger keeps the cost, ignores lot selection)
  beancount.bean beancount with FIFO booking
Buys and sells never oversell; fees on every trade; several trades a day, dates increasing.
Usage: generate.py N K SEED OUTDIR
"""
import json
import os
import random
from collections import deque
import sys
from datetime import date, timedelta
from decimal import Decimal

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid(counter):
    """A deterministic, ULID-shaped id: a fixed time prefix and a counter."""
    value = (1_700_000_000_000 << 80) | counter
    return "".join(CROCKFORD[(value >> (5 * (25 - i))) & 31] for i in range(26))


def asset_names(count):
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return ["C" + letters[i // 26] + letters[i % 26] for i in range(count)]


def generate(n, k, seed):
    rng = random.Random(seed)
    assets = asset_names(k)
    price = {a: Decimal(rng.randint(5, 5000)) for a in assets}
    lots = {a: deque() for a in assets}  # FIFO queues of [quantity, unit, date]
    holding = {a: Decimal(0) for a in assets}  # running totals: summing the lots each time is quadratic
    day = date(2000, 1, 1)
    trades = []
    new_day = min(0.25, 8_000 / n)  # about 8,000 trading days (2000 to about 2021), several a day
    for i in range(n):
        if rng.random() < new_day:
            day += timedelta(days=1)
        asset = rng.choice(assets)
        # A random walk in cents keeps prices exact and positive.
        price[asset] = max(Decimal("0.01"), price[asset] + Decimal(rng.randint(-200, 210)) / 100)
        held = holding[asset]
        quantity = Decimal(rng.randint(1, 10_000)) / 1000
        sell = held > 0 and rng.random() < 0.4
        if sell:
            quantity = min(quantity, held)
        fee = (quantity * price[asset] / 1000).quantize(Decimal("0.01")) or Decimal("0.01")
        trade = {"i": i, "day": day, "asset": asset, "side": "sell" if sell else "buy",
                 "qty": quantity, "price": price[asset], "fee": fee, "taken": []}
        if sell:
            remaining = quantity
            while remaining > 0:
                lot = lots[asset][0]
                part = min(remaining, lot[0])
                trade["taken"].append((part, lot[1], lot[2]))
                lot[0] -= part
                remaining -= part
                if lot[0] == 0:
                    lots[asset].popleft()
            holding[asset] -= quantity
        else:
            lots[asset].append([quantity, price[asset], day])
            holding[asset] += quantity
        trades.append(trade)
    held = {a: sum(q for q, _, _ in lots[a]) for a in assets}
    return trades, price, held, day


def write_ours(trades, prices, last_day, out):
    with open(os.path.join(out, "events.jsonl"), "w") as f:
        for t in trades:
            record = {"version": 1, "id": ulid(t["i"] + 1), "kind": t["side"],
                      "occurred_at": f"{t['day']}T12:00:00Z", "account": "broker",
                      "asset": t["asset"], "asset_class": "crypto", "quantity": str(t["qty"]),
                      "price": str(t["price"]), "quote": "USD", "fee": str(t["fee"]),
                      "fee_asset": "USD", "fee_class": "fiat", "note": "", "source": "manual"}
            f.write(json.dumps(record, separators=(",", ":")) + "\n")
    with open(os.path.join(out, "prices.csv"), "w") as f:
        f.write("asset,price,date,currency\n")
        for asset, value in sorted(prices.items()):
            f.write(f"{asset},{value},{last_day},USD\n")


GENERIC_MAP = "id=id,date=date,side=side,asset=asset,quantity=quantity,price=price,fee=fee,quote=USD"


def write_generic_csv(trades, out):
    """The trades as a user's spreadsheet export: one row each, the unit price and the fee in USD."""
    with open(os.path.join(out, "trades.csv"), "w") as f:
        f.write("id,date,side,asset,quantity,price,fee\n")
        for t in trades:
            f.write(f"t{t['i'] + 1},{t['day']}T12:00:00Z,{t['side']},{t['asset']},{t['qty']},{t['price']},{t['fee']}\n")
    with open(os.path.join(out, "trades.map"), "w") as f:
        f.write(GENERIC_MAP + "\n")


def write_ledger_cli(trades, prices, last_day, out, name, lot_selection):
    with open(os.path.join(out, name), "w") as f:
        for t in trades:
            f.write(f"{t['day']} * {t['side']} {t['asset']}\n")
            if t["side"] == "buy":
                f.write(f"    Assets:Broker:{t['asset']}  {t['qty']} {t['asset']} {{{t['price']} USD}} [{t['day']}] @ {t['price']} USD\n")
                f.write(f"    Expenses:Fees  {t['fee']} USD\n")
                f.write("    Assets:Broker:USD\n")
            else:
                for part, unit, acquired in t["taken"]:
                    lot = f" {{{unit} USD}} [{acquired}]" if lot_selection else f" {{{unit} USD}}"
                    f.write(f"    Assets:Broker:{t['asset']}  -{part} {t['asset']}{lot} @ {t['price']} USD\n")
                f.write(f"    Expenses:Fees  {t['fee']} USD\n")
                f.write(f"    Assets:Broker:USD  {t['qty'] * t['price'] - t['fee']} USD\n")
                f.write("    Income:Gains\n")
            f.write("\n")
        for asset, value in sorted(prices.items()):
            f.write(f"P {last_day} {asset} {value} USD\n")


def write_beancount(trades, prices, last_day, out, assets):
    with open(os.path.join(out, "beancount.bean"), "w") as f:
        f.write('option "operating_currency" "USD"\noption "booking_method" "FIFO"\n\n')
        f.write("1999-12-31 open Assets:Broker:USD USD\n1999-12-31 open Expenses:Fees USD\n")
        f.write("1999-12-31 open Income:Gains USD\n1999-12-31 open Equity:Opening USD\n")
        for asset in assets:
            f.write(f"1999-12-31 commodity {asset}\n1999-12-31 open Assets:Broker:{asset} {asset}\n")
        f.write("\n")
        for t in trades:
            f.write(f'{t["day"]} * "{t["side"]} {t["asset"]}"\n')
            cost = t["qty"] * t["price"]
            if t["side"] == "buy":
                f.write(f"  Assets:Broker:{t['asset']}  {t['qty']} {t['asset']} {{{t['price']} USD}}\n")
                f.write(f"  Expenses:Fees  {t['fee']} USD\n")
                f.write(f"  Assets:Broker:USD  {-(cost + t['fee'])} USD\n")
            else:
                f.write(f"  Assets:Broker:{t['asset']}  -{t['qty']} {t['asset']} {{}} @ {t['price']} USD\n")
                f.write(f"  Expenses:Fees  {t['fee']} USD\n")
                f.write(f"  Assets:Broker:USD  {cost - t['fee']} USD\n")
                f.write("  Income:Gains\n")
            f.write("\n")
        for asset, value in sorted(prices.items()):
            f.write(f"{last_day} price {asset} {value} USD\n")


def main():
    n, k, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    os.makedirs(out, exist_ok=True)
    trades, prices, held, last_day = generate(n, k, seed)
    write_ours(trades, prices, last_day, out)
    write_generic_csv(trades, out)
    write_ledger_cli(trades, prices, last_day, out, "ledger.journal", lot_selection=True)
    write_ledger_cli(trades, prices, last_day, out, "hledger.journal", lot_selection=False)
    write_beancount(trades, prices, last_day, out, sorted(prices))
    with open(os.path.join(out, "held.json"), "w") as f:
        json.dump({a: str(q) for a, q in sorted(held.items()) if q > 0}, f, indent=1)
    print(f"{n} trades over {k} assets up to {last_day} in {out}")


if __name__ == "__main__":
    main()
