"""What history.py, peers.py, reference.py and compare.py share: the trade record, the files
of a history directory, money rounding, tax years, the per-year totals in the `ledger.tax/2`
field names, and the "skipped" exit.

Standard library only. Money is Decimal or Fraction, never float (except where a peer's own
file format forces it: rp2's .ods cells, see history.py).
"""

import csv
import datetime as dt
import json
import sys
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal, getcontext
from fractions import Fraction
from pathlib import Path

getcontext().prec = 50

SKIP_EXIT = 77
CENT = Decimal("0.01")
ASSETS = ("BTC", "ETH", "SOL")
US_METHODS = ("fifo", "lifo", "hifo")

# The files of a history directory (history.py writes them, the others read them).
LEDGER_CSV = "history.csv"  # the generic preset's input (docs/IMPORT.md, "Generic CSV")
RP2_ODS = "rp2.ods"
RP2_INI = "rp2.ini"
BITTYTAX_CSV = "bittytax.csv"
CSV_COLUMNS = ("id", "date", "side", "asset", "quantity", "total", "fee")


def ledger_map(currency: str) -> str:
    """The --map of `ledger import --format generic` for history.csv, quoted in CURRENCY."""
    return f"id=id,date=date,side=side,asset=asset,quantity=quantity,total=total,fee=fee,quote={currency}"


@dataclass(frozen=True)
class Trade:
    """One buy or sell of ASSET against the filing currency: TOTAL is what the trade moved in
    that currency (before the fee), FEE is charged on top of a buy and out of a sale's total."""

    id: str
    time: dt.datetime  # UTC
    side: str  # "buy" or "sell"
    asset: str
    quantity: Decimal
    total: Decimal
    fee: Decimal

    @property
    def day(self) -> dt.date:
        return self.time.date()

    @property
    def iso_time(self) -> str:
        return self.time.strftime("%Y-%m-%dT%H:%M:%SZ")


def write_ledger_csv(trades: list, path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for t in trades:
            writer.writerow([t.id, t.iso_time, t.side, t.asset, plain(t.quantity), plain(t.total), plain(t.fee)])


def read_ledger_csv(path: Path) -> list:
    """The trades of a history.csv, in file (time) order."""
    with open(path, newline="", encoding="utf-8") as file:
        return [
            Trade(
                id=row["id"],
                time=dt.datetime.strptime(row["date"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc),
                side=row["side"],
                asset=row["asset"],
                quantity=Decimal(row["quantity"]),
                total=Decimal(row["total"]),
                fee=Decimal(row["fee"]),
            )
            for row in csv.DictReader(file)
        ]


def plain(value: Decimal) -> str:
    """A decimal as digits, never in exponent form (1.2E-7 -> 0.00000012)."""
    return format(value, "f")


def cents(value) -> Decimal:
    """VALUE (Decimal, Fraction or int) rounded half-even to the cent."""
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_EVEN)


def us_year(day: dt.date) -> str:
    return str(day.year)


def uk_year(day: dt.date) -> str:
    """The UK tax year (6 April to 5 April) in the `ledger.tax/2` spelling, "2018/2019"."""
    start = day.year if day >= dt.date(day.year, 4, 6) else day.year - 1
    return f"{start}/{start + 1}"


def is_long_term(acquired: dt.date, disposed: dt.date) -> bool:
    """IRS: long term when held more than one year (Pub. 544: the holding period starts the day
    after acquisition, so a sale on the anniversary is still short term)."""
    try:
        anniversary = acquired.replace(year=acquired.year + 1)
    except ValueError:  # 29 February
        anniversary = dt.date(acquired.year + 1, 3, 1)
    return disposed > anniversary


class Totals:
    """Per-year sums of disposal parts: proceeds, cost and (UK) disposal costs; gains and losses
    summed per GROUP (what counts as one disposal, see README.md) after the parts are added."""

    def __init__(self):
        self.years = {}

    def add(self, year: str, group, proceeds, cost, term: str = "", fees=0) -> None:
        entry = self.years.setdefault(year, {"groups": {}, "terms": {}})
        g = entry["groups"].setdefault(group, [0, 0, 0])
        g[0] += proceeds
        g[1] += cost
        g[2] += fees
        if term:
            t = entry["terms"].setdefault(term, [0, 0])
            t[0] += proceeds
            t[1] += cost

    def json_years(self, uk: bool) -> list:
        return [self._year_json(year, entry, uk) for year, entry in sorted(self.years.items())]

    @staticmethod
    def _year_json(year: str, entry: dict, uk: bool) -> dict:
        groups = entry["groups"].values()
        gains_by_group = [p - c - f for p, c, f in groups]
        proceeds = sum(p for p, _, _ in groups)
        cost = sum(c for _, c, _ in groups)
        fees = sum(f for _, _, f in groups)
        result = {
            "year": year,
            "disposals": len(gains_by_group),
            "proceeds": str(cents(proceeds)),
            "cost_basis": str(cents(cost)),
            "gains": str(cents(sum(g for g in gains_by_group if g > 0))),
            "losses": str(cents(-sum(g for g in gains_by_group if g < 0))),
            "net": str(cents(sum(gains_by_group))),
        }
        if uk:
            result["allowable_costs"] = str(cents(cost + fees))
            return result
        for term in ("short_term", "long_term"):
            p, c = entry["terms"].get(term, [0, 0])
            figures = {"proceeds": p, "cost_basis": c, "adjustment": 0, "gain": p - c}
            result[term] = {name: str(cents(value)) for name, value in figures.items()}
        return result


def print_json(document) -> None:
    json.dump(document, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


def skip(reason: str) -> None:
    """Ends the run as skipped: one line, exit 77 (what TaxPeerTests.swift records as a skip)."""
    print(f"skipped: {reason}")
    sys.exit(SKIP_EXIT)
