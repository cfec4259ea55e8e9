#!/usr/bin/env python3
"""rp2 on the trades of Tests/LedgerCLITests/Scenarios/tax-wallets.txt (basis per wallet from
2025, with a transfer between two accounts):

    wallets.py

rp2 1.7.2 applies its methods universally ("one queue for each coin across every wallet and
exchange", rp2/abstract_accounting_method.py): it has no per-wallet application, so it cannot
check the 2025 figures of `ledger tax`. It does check the universal ones: its per-year FIFO
gains are those of the engine's `universalBasis` (TaxWalletReplayTests): 2024 22,550.00
(the Coinbase -> Kraken move's 0.001 BTC network fee a sale at 70,000, as ours), 2025
109,980.00, against 104,990.00 with basis per wallet.
"""

import logging
import os
import sys
import tempfile
from decimal import Decimal
from importlib import import_module
from pathlib import Path

import peers

IN = ("timestamp", "asset", "exchange", "holder", "transaction_type", "spot_price", "crypto_in", "fiat_fee",
      "fiat_in_no_fee", "fiat_in_with_fee", "unique_id", "notes")
OUT = ("timestamp", "asset", "exchange", "holder", "transaction_type", "spot_price", "crypto_out_no_fee",
       "crypto_fee", "fiat_out_no_fee", "fiat_fee", "unique_id", "notes")
INTRA = ("timestamp", "asset", "from_exchange", "from_holder", "to_exchange", "to_holder", "spot_price",
         "crypto_sent", "crypto_received", "unique_id", "notes")
BUYS = [("2023-03-01", "Coinbase", 1, 20000, "A"), ("2023-06-01", "Kraken", 1, 30000, "B"),
        ("2024-02-01", "Coinbase", 1, 40000, "C")]
SELLS = [("2024-04-01", "Kraken", 0.5, 65000, "S1"), ("2025-01-15", "Coinbase", 1, 90000, "S2"),
         ("2025-04-01", "Kraken", 1, 80000, "S3")]
MOVE = ["2024-06-03T12:00:00+00:00", "BTC", "Coinbase", "Me", "Kraken", "Me", 70000.0, 1.0, 0.999, "T1", ""]


def rows() -> list:
    table = [["IN"], list(IN)]
    for day, exchange, quantity, price, name in BUYS:
        total = float(quantity * price)
        table.append([f"{day}T00:00:00+00:00", "BTC", exchange, "Me", "Buy", float(price), float(quantity), 0.0,
                      total, total, name, ""])
    table += [["TABLE END"], [None], ["OUT"], list(OUT)]
    for day, exchange, quantity, price, name in SELLS:
        table.append([f"{day}T00:00:00+00:00", "BTC", exchange, "Me", "Sell", float(price), float(quantity), 0.0,
                      float(quantity * price), 0.0, name, ""])
    return table + [["TABLE END"], [None], ["INTRA"], list(INTRA), MOVE, ["TABLE END"]]


def write(work: Path) -> None:
    import ezodf

    document = ezodf.newdoc(doctype="ods", filename=str(work / "wallets.ods"))
    table = rows()
    sheet = ezodf.Sheet("BTC", size=(len(table), len(IN)))
    document.sheets += sheet
    for r, row in enumerate(table):
        for c, value in enumerate(row):
            if value is not None:
                sheet[r, c].set_value(value)
    document.save()
    headers = "\n\n".join(f"[{name}]\n" + "\n".join(f"{field} = {i}" for i, field in enumerate(fields))
                          for name, fields in (("in_header", IN), ("out_header", OUT), ("intra_header", INTRA)))
    (work / "wallets.ini").write_text(
        f"[general]\nassets = BTC\nexchanges = Coinbase, Kraken\nholders = Me\n\n{headers}\n", encoding="utf-8")


def main() -> None:
    peers.require_peers()
    with tempfile.TemporaryDirectory(prefix="rp2-wallets-") as scratch:
        os.chdir(scratch)  # rp2 writes ./log from its first import on
        years = run(Path(scratch))
    for year, gain in sorted(years.items()):
        print(f"rp2 {year}: net {gain:.2f}")
    print("ledger tax: 2024 net 22550.00; 2025 net 104990.00 per wallet, 109980.00 with universalBasis")


def run(work: Path) -> dict:
    """rp2's parser and FIFO engine on the trades (as peers.rp2_totals runs them); the net gain
    of each year, each lot it sold printed."""
    from prezzemolo.avl_tree import AVLTree
    from rp2.accounting_engine import AccountingEngine
    from rp2.configuration import MIN_DATE, Configuration
    from rp2.logger import LOGGER
    from rp2.ods_parser import open_ods, parse_ods
    from rp2.plugin.country.us import US
    from rp2.tax_engine import compute_tax

    LOGGER.setLevel(logging.ERROR)
    write(work)
    configuration = Configuration(str(work / "wallets.ini"), US())
    methods = AVLTree()
    methods.insert_node(MIN_DATE.year, import_module("rp2.plugin.accounting_method.fifo").AccountingMethod())
    computed = compute_tax(configuration, AccountingEngine(years_2_methods=methods),
                           parse_ods(configuration, "BTC", open_ods(configuration, str(work / "wallets.ods"))))
    years: dict = {}
    for gain_loss in computed.gain_loss_set:
        sale, lot = gain_loss.taxable_event, gain_loss.acquired_lot
        term = "long" if gain_loss.is_long_term_capital_gains() else "short"
        print(f"{sale.timestamp.date()} {Decimal(gain_loss.crypto_amount):f} BTC: lot {lot.timestamp.date()} "
              f"({lot.exchange}), proceeds {Decimal(gain_loss.taxable_event_fiat_amount_with_fee_fraction):.2f}, "
              f"cost {Decimal(gain_loss.fiat_cost_basis):.2f}, {term}")
        year = sale.timestamp.year
        years[year] = years.get(year, Decimal(0)) + Decimal(gain_loss.fiat_gain)
    return years


if __name__ == "__main__":
    sys.exit(main())
