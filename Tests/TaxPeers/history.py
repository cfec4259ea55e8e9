#!/usr/bin/env python3
"""A seeded, realistic trade history for the tax peers, written three ways.

    history.py OUT_DIR [--seed N] [--trades N]

writes into OUT_DIR (one seed gives byte-identical files every run):
  history.csv    the generic CSV of `ledger import` (docs/IMPORT.md, "Generic CSV"; the
                 --map is shared.ledger_map(CURRENCY): the same file is USD or GBP);
  rp2.ods/.ini   rp2's input spreadsheet (one sheet per asset, IN and OUT tables) and config;
  bittytax.csv   bittytax's transaction records (Trade rows against GBP).

The history: BTC, ETH and SOL bought and sold against the filing currency from 2018 on, with
fees in that currency, quantities of 2 to 8 decimals, and on purpose some same-day and
within-30-days repurchases (the UK matching rules) and sales that empty a holding. Every time
is between 13:00 and 20:59 UTC, so the day is the same in London and in every US zone. No sale
falls 365 or 366 days after a purchase of its asset: there rp2's long-term test (365 days or
more) and the IRS's (more than one year) disagree (README.md).
"""

import argparse
import datetime as dt
import heapq
import math
import random
from decimal import ROUND_DOWN, Decimal
from pathlib import Path

import shared

START = dt.date(2018, 1, 1)
SPAN_DAYS = 5 * 365
START_PRICE = {"BTC": 9000.0, "ETH": 600.0, "SOL": 40.0}
MAX_TOTAL = Decimal(20000)  # rp2 reads .ods floats: amounts under 2^16 survive exactly
# What part of a holding a sale takes (lowest, highest), and how often all of it: BTC is traded,
# SOL mostly held (so FIFO sells lots older than a year too).
SALE_SHARE = {"BTC": (0.05, 0.9, 0.12), "ETH": (0.03, 0.5, 0.05), "SOL": (0.02, 0.2, 0.02)}


class Market:
    """A daily random-walk price per asset; trades within a day vary around it."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.daily = {}
        for asset, price in START_PRICE.items():
            walk = []
            for _ in range(SPAN_DAYS + 40):
                walk.append(price)
                price *= math.exp(rng.gauss(0.0004, 0.035))
                price = min(max(price, START_PRICE[asset] / 8), START_PRICE[asset] * 8)
            self.daily[asset] = walk

    def price(self, asset: str, day: dt.date) -> Decimal:
        base = self.daily[asset][(day - START).days]
        return Decimal(str(round(base * (1 + self.rng.uniform(-0.02, 0.02)), 4)))


class Generator:
    def __init__(self, seed: int, count: int):
        self.rng = random.Random(seed)
        self.market = Market(self.rng)
        self.count = count
        self.holdings = {asset: Decimal(0) for asset in shared.ASSETS}
        self.buy_days = {asset: set() for asset in shared.ASSETS}
        self.used_times = set()
        self.queue = []  # (time, sequence, asset, forced side or "")
        self.sequence = 0
        self.trades = []

    def run(self) -> list:
        for _ in range(self.count):
            day = START + dt.timedelta(days=self.rng.randrange(SPAN_DAYS))
            self.schedule(day, self.rng.choice(shared.ASSETS), "")
        while self.queue:
            time, _, asset, forced = heapq.heappop(self.queue)
            trade = self.make(time, asset, forced)
            if trade:
                self.trades.append(trade)
                self.follow_up(trade)
        return self.trades

    def schedule(self, day: dt.date, asset: str, side: str, after: dt.datetime = None) -> None:
        earliest = 13 * 3600
        if after is not None and after.date() == day:
            earliest = after.hour * 3600 + after.minute * 60 + after.second + 1
        if earliest > 21 * 3600 - 1 or (day - START).days >= SPAN_DAYS:
            return
        while True:
            second = self.rng.randrange(earliest, 21 * 3600)
            time = dt.datetime.combine(day, dt.time(), dt.timezone.utc) + dt.timedelta(seconds=second)
            if time not in self.used_times:
                break
        self.used_times.add(time)
        self.sequence += 1
        heapq.heappush(self.queue, (time, self.sequence, asset, side))

    def make(self, time: dt.datetime, asset: str, forced: str):
        side = forced or ("buy" if self.rng.random() < 0.5 else "sell")
        if side == "sell" and (not self.holdings[asset] or self.near_anniversary(asset, time.date())):
            side = "buy"
        price = self.market.price(asset, time.date())
        if side == "buy":
            quantity = self.quantity(Decimal(self.rng.uniform(40, 15000)) / price)
        else:
            lowest, highest, whole = SALE_SHARE[asset]
            share = 1 if self.rng.random() < whole else self.rng.uniform(lowest, highest)
            quantity = min(self.quantity(self.holdings[asset] * Decimal(share)), self.holdings[asset])
            quantity = min(quantity, (MAX_TOTAL / price).quantize(Decimal("1e-8"), rounding=ROUND_DOWN))
        total = shared.cents(quantity * price)
        fee = Decimal(0) if self.rng.random() < 0.08 else shared.cents(total * Decimal(self.rng.uniform(0.0005, 0.006)))
        if quantity <= 0 or total <= fee or total > MAX_TOTAL:
            return None
        self.holdings[asset] += quantity if side == "buy" else -quantity
        if side == "buy":
            self.buy_days[asset].add(time.date())
        number = len(self.trades) + 1
        return shared.Trade(f"T{number:05d}", time, side, asset, quantity, total, fee)

    def quantity(self, value: Decimal) -> Decimal:
        places = Decimal(1).scaleb(-self.rng.randint(2, 8))
        return value.quantize(places, rounding=ROUND_DOWN)

    def near_anniversary(self, asset: str, day: dt.date) -> bool:
        return any(day - dt.timedelta(days=gap) in self.buy_days[asset] for gap in (365, 366))

    def follow_up(self, trade: shared.Trade) -> None:
        """Repurchases after a sale (same day, or within 30 days) and same-day resales."""
        roll = self.rng.random()
        if trade.side == "sell" and roll < 0.3:
            self.schedule(trade.day, trade.asset, "buy", after=trade.time)
        elif trade.side == "sell" and roll < 0.6:
            self.schedule(trade.day + dt.timedelta(days=self.rng.randint(1, 30)), trade.asset, "buy")
        elif trade.side == "buy" and roll < 0.1:
            self.schedule(trade.day, trade.asset, "sell", after=trade.time)


def write_rp2(trades: list, out: Path) -> None:
    import ezodf  # rp2's own dependency (pyexcel-ezodf)

    document = ezodf.newdoc(doctype="ods", filename=str(out / shared.RP2_ODS))
    for asset in shared.ASSETS:
        rows = rp2_rows([t for t in trades if t.asset == asset])
        sheet = ezodf.Sheet(asset, size=(len(rows), len(RP2_IN_HEADER)))
        document.sheets += sheet
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if value is not None:
                    sheet[r, c].set_value(value)
    document.save()
    normalize_ods(out / shared.RP2_ODS)
    (out / shared.RP2_INI).write_text(RP2_INI_TEXT.format(assets=", ".join(shared.ASSETS)), encoding="utf-8")


def normalize_ods(path: Path) -> None:
    """The same bytes every run: fixed zip entry times and no creation dates in meta.xml."""
    import re
    import zipfile

    with zipfile.ZipFile(path) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    with zipfile.ZipFile(path, "w") as target:
        for info, data in entries:
            if info.filename == "meta.xml":
                data = re.sub(rb"\d{4}-\d\d-\d\dT[\d:.]+", b"2018-01-01T00:00:00", data)
            fixed = zipfile.ZipInfo(info.filename, date_time=(2018, 1, 1, 0, 0, 0))
            fixed.compress_type = info.compress_type
            target.writestr(fixed, data)


RP2_COMMON = ("timestamp", "asset", "exchange", "holder", "transaction_type", "spot_price")
RP2_IN_HEADER = RP2_COMMON + ("crypto_in", "fiat_fee", "fiat_in_no_fee", "fiat_in_with_fee", "unique_id", "notes")
RP2_OUT_HEADER = RP2_COMMON + ("crypto_out_no_fee", "crypto_fee", "fiat_out_no_fee", "fiat_fee", "unique_id", "notes")
RP2_INI_TEXT = """[general]
assets = {assets}
exchanges = Exchange
holders = Holder

[in_header]
""" + "\n".join(f"{name} = {i}" for i, name in enumerate(RP2_IN_HEADER)) + """

[out_header]
""" + "\n".join(f"{name} = {i}" for i, name in enumerate(RP2_OUT_HEADER)) + """

[intra_header]
timestamp = 0
asset = 1
from_exchange = 2
from_holder = 3
to_exchange = 4
to_holder = 5
spot_price = 6
crypto_sent = 7
crypto_received = 8
unique_id = 9
notes = 10
"""


def rp2_rows(trades: list) -> list:
    """An asset's sheet. A buy's spot_price is its unit cost with the fee (rp2's HIFO orders lots
    by spot_price; the basis per unit is what HIFO means for the IRS and the ledger). A sale's
    fiat_out_no_fee is its total less the fee, the amount realized (rp2 leaves a sale's
    fiat_fee out of the gain): README.md, "Where rp2 differs"."""
    buys = [rp2_in(t) for t in trades if t.side == "buy"]
    sells = [rp2_out(t) for t in trades if t.side == "sell"]
    rows = [["IN"], list(RP2_IN_HEADER), *buys, ["TABLE END"]]
    if sells:
        rows += [[None], ["OUT"], list(RP2_OUT_HEADER), *sells, ["TABLE END"]]
    return rows


def rp2_in(t: shared.Trade) -> list:
    unit_cost = (t.total + t.fee) / t.quantity
    amounts = (t.quantity, t.fee, t.total, t.total + t.fee)
    return rp2_common(t, "Buy", unit_cost) + [float(a) for a in amounts] + [t.id, ""]


def rp2_out(t: shared.Trade) -> list:
    net = t.total - t.fee
    amounts = (t.quantity, 0, net, 0)
    return rp2_common(t, "Sell", net / t.quantity) + [float(a) for a in amounts] + [t.id, f"fee {t.fee}"]


def rp2_common(t: shared.Trade, kind: str, spot_price: Decimal) -> list:
    return [t.time.isoformat(), t.asset, "Exchange", "Holder", kind, float(spot_price)]


BITTYTAX_HEADER = (
    "Type", "Buy Quantity", "Buy Asset", "Buy Value", "Sell Quantity", "Sell Asset", "Sell Value",
    "Fee Quantity", "Fee Asset", "Fee Value", "Wallet", "Timestamp", "Note",
)


def write_bittytax(trades: list, out: Path) -> None:
    import csv

    with open(out / shared.BITTYTAX_CSV, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(BITTYTAX_HEADER)
        for t in trades:
            quantity, total = shared.plain(t.quantity), shared.plain(t.total)
            got, gave = (quantity, t.asset), (total, "GBP")
            if t.side == "sell":
                got, gave = gave, got
            fee = (shared.plain(t.fee), "GBP") if t.fee else ("", "")
            row = ["Trade", *got, "", *gave, "", *fee, "", "Exchange", t.iso_time, t.id]
            writer.writerow(row)


def generate(out: Path, seed: int, count: int, peers: bool = True) -> list:
    """Writes the history files into OUT (the peers' inputs too unless PEERS is false)."""
    out.mkdir(parents=True, exist_ok=True)
    scheduled = count
    while len(trades := Generator(seed, scheduled).run()) < count:  # a few draws make no trade
        scheduled += max(count // 10, 1)
    shared.write_ledger_csv(trades, out / shared.LEDGER_CSV)
    write_bittytax(trades, out)
    if peers:
        write_rp2(trades, out)
    return trades


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trades", type=int, default=1200)
    args = parser.parse_args()
    trades = generate(args.out, args.seed, args.trades)
    years = sorted({t.time.year for t in trades})
    print(f"{len(trades)} trades, {years[0]}-{years[-1]}, into {args.out}")


if __name__ == "__main__":
    main()
