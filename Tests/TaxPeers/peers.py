#!/usr/bin/env python3
"""Runs the peers on a history directory (history.py) and prints their per-year totals as JSON
in the `ledger.tax/2` field names:

    peers.py HISTORY_DIR [--check] [--rp2-cli]

  {"us": {"fifo": {"years": [...]}, "lifo": ..., "hifo": ...},   rp2 1.7.x, country US
   "uk": {"years": [...]}}                                         bittytax 0.6.0, UK_INDIVIDUAL

US years: year, disposals, proceeds, cost_basis, gains, losses, net, short_term/long_term
{proceeds, cost_basis, adjustment, gain}. UK years ("2018/2019"): disposals, proceeds,
allowable_costs, gains, losses, net (bittytax's SA108 summary; it has no separate cost basis).

rp2 runs in-process (its parser and tax engine, what rp2_us runs before writing its reports:
exact decimals); --rp2-cli runs the rp2_us command instead and reads its Form 8949 sheet.

--check also runs reference.py's independent matchers and compares: rp2 with the exact FIFO,
LIFO and HIFO to the cent, bittytax with the exact UK matcher rounded per part as bittytax
rounds (README.md). Exit 0 when all agree, 1 otherwise, 77 ("skipped: ...") without a peer.
"""

import argparse
import importlib.util
import logging
import os
import re
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

import reference
import shared


def require_peers() -> None:
    for module, pin in (("rp2", "rp2==1.7.2"), ("bittytax", "bittytax==0.6.0")):
        if importlib.util.find_spec(module) is None:
            shared.skip(f"{module} is not installed (python3 -m pip install {pin})")


def rp2_totals(history: Path, method: str) -> shared.Totals:
    """rp2's own parser and tax engine (what rp2_us runs before writing its .ods reports) on
    rp2.ods with rp2.ini; the gains and losses of each sale's lots, exact."""
    from importlib import import_module

    from prezzemolo.avl_tree import AVLTree
    from rp2.accounting_engine import AccountingEngine
    from rp2.configuration import MIN_DATE, Configuration
    from rp2.logger import LOGGER
    from rp2.ods_parser import open_ods, parse_ods
    from rp2.plugin.country.us import US
    from rp2.tax_engine import compute_tax

    LOGGER.setLevel(logging.ERROR)  # a buy's spot price includes its fee on purpose (history.py)
    configuration = Configuration(str(history / shared.RP2_INI), US())
    methods = AVLTree()
    methods.insert_node(MIN_DATE.year, import_module(f"rp2.plugin.accounting_method.{method}").AccountingMethod())
    engine = AccountingEngine(years_2_methods=methods)
    spreadsheet = open_ods(configuration, str(history / shared.RP2_ODS))
    totals = shared.Totals()
    for asset in shared.ASSETS:
        computed = compute_tax(configuration, engine, parse_ods(configuration, asset, spreadsheet))
        for gain_loss in computed.gain_loss_set:
            sale = gain_loss.taxable_event
            term = "long_term" if gain_loss.is_long_term_capital_gains() else "short_term"
            proceeds = Decimal(gain_loss.taxable_event_fiat_amount_with_fee_fraction)
            cost = Decimal(gain_loss.fiat_cost_basis)
            totals.add(shared.us_year(sale.timestamp.date()), (sale.unique_id, term), proceeds, cost, term)
    return totals


def rp2_cli_totals(history: Path, method: str) -> shared.Totals:
    """The same from the rp2_us command: its Form 8949 sheet (`<method>_tax_report_us.ods`,
    "Capital Gains": one row per lot a sale takes). rp2 writes those cells as floats, so these
    totals can differ from the engine's in the last cent on a half-cent tie (README.md)."""
    import ezodf

    command = [sys.executable, "-c", "from rp2.plugin.country.us import rp2_entry; rp2_entry()"]
    ini, ods = str(history / shared.RP2_INI), str(history / shared.RP2_ODS)
    run = subprocess.run(command + ["-m", method, "-o", "out", ini, ods], capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"rp2_us -m {method} failed:\n{run.stdout[-2000:]}{run.stderr[-2000:]}")
    sheet = ezodf.opendoc(f"out/{method}_tax_report_us.ods").sheets["Capital Gains"]
    totals = shared.Totals()
    for row in sheet.rows():
        cells = [cell.value for cell in row]
        if len(cells) > 15 and cells[9] == "OUT / SELL":
            term = "long_term" if cells[14] == "LONG" else "short_term"
            proceeds, cost = Decimal(repr(cells[4])), Decimal(repr(cells[5]))
            totals.add(cells[15][:4], (cells[13], term), proceeds, cost, term)
    return totals


BITTYTAX_CONFIG = """local_currency: 'GBP'
local_timezone: 'Europe/London'
fiat_list: ['GBP']
crypto_list: ['BTC', 'ETH']
transaction_fee_allowable_cost: True
data_source_fiat: []
data_source_crypto: []
"""
SUMMARY_FIELDS = {
    "disposals": r"Number of disposals:\s+([\d,]+)",
    "proceeds": r"Disposal proceeds:\s+\*?£([-\d,.]+)",
    "allowable_costs": r"Allowable costs \(including the\s+\*?£([-\d,.]+)",
    "gains": r"Gains in the year, before losses:\s+\*?£([-\d,.]+)",
    "losses": r"Losses in the year:\s+\*?£([-\d,.]+)",
}


def bittytax_years(history: Path) -> list:
    """`bittytax --nopdf --summary bittytax.csv` (its terminal report) with a configuration
    that asks no price source (every value is in GBP), parsed per tax year."""
    with tempfile.TemporaryDirectory(prefix="bittytax-home-") as home:
        (Path(home) / ".bittytax").mkdir()
        (Path(home) / ".bittytax" / "bittytax.conf").write_text(BITTYTAX_CONFIG, encoding="utf-8")
        run = subprocess.run(
            [sys.executable, "-m", "bittytax.bittytax", "--nopdf", "--summary", str(history / shared.BITTYTAX_CSV)],
            capture_output=True, text=True, env={**os.environ, "HOME": home, "NO_COLOR": "1"}, cwd=home,
        )
    text = re.sub(r"\x1b\[[0-9;]*m", "", run.stdout)
    if run.returncode != 0 or "integrity check: passed" not in text:
        raise RuntimeError(f"bittytax failed (exit {run.returncode}):\n{text[-2000:]}{run.stderr[-2000:]}")
    years = re.findall(r"Tax Year - (\d{4})/\d\d \(.*?\)(.*?)(?=Tax Year - |\Z)", text, re.S)
    return [summary_year(start, block) for start, block in years]


def summary_year(start: str, block: str) -> dict:
    values = {}
    for field, pattern in SUMMARY_FIELDS.items():
        match = re.search(pattern, block)
        if not match:
            raise RuntimeError(f"bittytax's summary of {start} has no '{field}' line:\n{block}")
        values[field] = Decimal(match.group(1).replace(",", ""))
    year = {"year": f"{start}/{int(start) + 1}", "disposals": int(values.pop("disposals"))}
    year.update({field: str(value) for field, value in values.items()})
    year["net"] = str(values["gains"] - values["losses"])
    return year


def run_peers(history: Path, rp2_cli: bool = False) -> dict:
    """The peers' per-year totals (rp2 runs in a scratch directory: it writes ./log there), rp2's
    from its engine or (RP2_CLI) from the report of the rp2_us command."""
    rp2 = rp2_cli_totals if rp2_cli else rp2_totals
    here, history = Path.cwd(), history.resolve()
    with tempfile.TemporaryDirectory(prefix="rp2-") as scratch:
        os.chdir(scratch)
        try:
            us = {m: {"years": rp2(history, m).json_years(uk=False)} for m in shared.US_METHODS}
        finally:
            os.chdir(here)
    return {"us": us, "uk": {"years": bittytax_years(history)}}


def reference_totals(history: Path) -> dict:
    """reference.py's exact totals in the same shape (UK: with the cost basis too)."""
    trades = shared.read_ledger_csv(history / shared.LEDGER_CSV)
    us = {m: {"years": reference.us_totals(trades, m).json_years(uk=False)} for m in shared.US_METHODS}
    return {"us": us, "uk": {"years": reference.uk_totals(trades).json_years(uk=True)}}


def differences(label: str, ours: list, theirs: list, fields) -> list:
    """One line per field of a year where OURS and THEIRS differ (a missing year is all zero)."""
    by_year = lambda years: {y["year"]: y for y in years}
    ours, theirs = by_year(ours), by_year(theirs)
    lines = []
    for year in sorted(set(ours) | set(theirs)):
        for field in fields:
            a, b = lookup(ours.get(year), field), lookup(theirs.get(year), field)
            if a != b:
                lines.append(f"{label} {year} {field}: {a} != {b}")
    return lines


def lookup(year, field: str) -> Decimal:
    value = year or {}
    for key in field.split("."):
        value = value.get(key, {}) if isinstance(value, dict) else {}
    return shared.cents(Decimal(value)) if isinstance(value, (str, int)) else Decimal("0.00")


TERM_FIELDS = ("proceeds", "cost_basis", "adjustment", "gain")
US_FIELDS = ("proceeds", "cost_basis", "gains", "losses", "net") + tuple(
    f"{term}.{field}" for term in ("short_term", "long_term") for field in TERM_FIELDS
)
UK_FIELDS = ("proceeds", "allowable_costs", "gains", "losses", "net")


def check(history: Path, peers: dict) -> list:
    """The peers against reference.py: rp2 to the cent, bittytax with its per-part rounding."""
    exact = reference_totals(history)
    trades = shared.read_ledger_csv(history / shared.LEDGER_CSV)
    per_part = reference.uk_totals(trades, bittytax_rounding=True).json_years(uk=True)
    lines = []
    for method in shared.US_METHODS:
        label = f"rp2 {method} vs reference"
        lines += differences(label, peers["us"][method]["years"], exact["us"][method]["years"], US_FIELDS)
    label = "bittytax vs reference (per-part cents)"
    lines += differences(label, peers["uk"]["years"], per_part, UK_FIELDS + ("disposals",))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("history", type=Path)
    parser.add_argument("--check", action="store_true", help="compare the peers with reference.py")
    parser.add_argument("--rp2-cli", action="store_true", help="rp2's totals from the rp2_us command's report")
    args = parser.parse_args()
    require_peers()
    peers = run_peers(args.history, args.rp2_cli)
    if not args.check:
        shared.print_json(peers)
        return
    lines = check(args.history, peers)
    print("\n".join(lines) if lines else "the peers agree with reference.py: rp2 fifo, lifo, hifo; bittytax")
    sys.exit(1 if lines else 0)


if __name__ == "__main__":
    main()
