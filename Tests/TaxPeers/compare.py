#!/usr/bin/env python3
"""`ledger tax` against rp2 and bittytax on a seeded history, per year, to the cent.

    compare.py --ledger PATH/TO/ledger [--seed N] [--trades N] [--keep DIR] [--via tax|gains|both]

1. history.py writes the history (history.csv, rp2's and bittytax's inputs);
2. peers.py runs rp2 (FIFO, LIFO, HIFO) and bittytax, and checks them against reference.py;
3. two fresh ledgers (USD and GBP) import history.csv with the generic preset, and
   `ledger tax --rules us --method M -O json` and `ledger tax --rules uk -O json` are compared
   with the peers year by year: every total of `years[]`, each rounded half-even to the cent
   (UK: with reference.py's exact totals, which bittytax confirms under its per-part rounding;
   README.md).

`--via gains` builds the US totals from `ledger gains --year Y --method M -O json` instead (the
lot engine `tax` builds on; no UK rules there), so the harness runs before `ledger tax` exists.
`--via both` compares `tax` and `gains` against one run of the peers (what TaxPeerTests runs).

Prints each difference; exit 0 when all agree, 1 otherwise, 77 with one line "skipped: ..."
when a peer is not installed or (without --via gains) the ledger has no `tax` command.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

import history
import peers
import shared

# Every market source on a closed loopback port: nothing here may reach the network.
SOURCES = ("coingecko", "cryptocompare", "coinbase", "kraken", "binance", "yahoo", "frankfurter", "coinpaprika", "ecb")


class Ledger:
    """The built `ledger` on one ledger file, with a private state directory and no network."""

    def __init__(self, binary: Path, work: Path, currency: str):
        self.binary, self.currency = binary, currency
        self.path = work / f"{currency.lower()}.ledger"
        self.env = {key: value for key, value in os.environ.items() if not key.startswith("LGR_")}
        closed = {f"LGR_{source.upper()}_URL": f"http://127.0.0.1:9/{source}" for source in SOURCES}
        self.env.update(closed)
        self.env.update({"NO_COLOR": "1", "XDG_STATE_HOME": str(work / "state")})

    def run(self, *arguments: str) -> subprocess.CompletedProcess:
        command = [str(self.binary), "--ledger", str(self.path), *arguments]
        return subprocess.run(command, capture_output=True, text=True, env=self.env)

    def must(self, *arguments: str) -> str:
        result = self.run(*arguments)
        if result.returncode != 0:
            command = " ".join(arguments)
            raise RuntimeError(f"ledger {command} exited {result.returncode}:\n{result.stderr}{result.stdout}")
        return result.stdout

    def load(self, csv: Path) -> None:
        self.must("init", "--currency", self.currency)
        mapping = shared.ledger_map(self.currency)
        self.must("import", str(csv), "--format", "generic", "--map", mapping, "--account", "exchange")

    def tax_years(self, *options: str) -> list:
        document = json.loads(self.must("tax", *options, "-O", "json"))
        return document["years"]

    def gains_years(self, method: str, years: list) -> list:
        """US totals built from `ledger gains --year Y -O json` (ledger.gains/1: one row per lot
        taken, with its sale's event and term), grouped per sale and term as rp2's are."""
        totals = shared.Totals()
        for year in years:
            document = json.loads(self.must("gains", "--year", year, "--method", method, "-O", "json"))
            for row in document["disposals"]:
                term = f"{row['term']}_term"
                proceeds, cost = Decimal(row["proceeds"]), Decimal(row["cost_basis"])
                totals.add(year, (row["event"], term), proceeds, cost, term)
        return totals.json_years(uk=False)


def has_tax_command(binary: Path) -> bool:
    """True when `ledger tax --help` describes a tax command (not the root help, not an error)."""
    environment = {**os.environ, "NO_COLOR": "1"}
    result = subprocess.run([str(binary), "tax", "--help"], capture_output=True, text=True, env=environment)
    return result.returncode == 0 and "--rules" in result.stdout


def compare(binary: Path, work: Path, seed: int, count: int, vias: tuple) -> list:
    """The peers run once; each of `vias` (tax, gains) is compared with their totals."""
    history.generate(work, seed, count)
    found = peers.run_peers(work)
    lines = peers.check(work, found)
    us = Ledger(binary, work, "USD")
    us.load(work / shared.LEDGER_CSV)
    for via in vias:
        for method in shared.US_METHODS:
            theirs = found["us"][method]["years"]
            if via == "gains":
                ours = us.gains_years(method, [year["year"] for year in theirs])
            else:
                ours = us.tax_years("--rules", "us", "--method", method)
            lines += peers.differences(f"ledger {via} vs rp2 {method}", ours, theirs, peers.US_FIELDS)
    if "tax" not in vias:
        return lines
    exact = peers.reference_totals(work)
    uk = Ledger(binary, work, "GBP")
    uk.load(work / shared.LEDGER_CSV)
    ours = uk.tax_years("--rules", "uk")
    fields = peers.UK_FIELDS + ("cost_basis",)
    lines += peers.differences("ledger vs reference (uk, exact)", ours, exact["uk"]["years"], fields)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ledger", type=Path, required=True, help="the built ledger executable")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--trades", type=int, default=1000)
    parser.add_argument("--keep", type=Path, help="work in DIR (a new directory) and leave the files there")
    parser.add_argument(
        "--via", choices=("tax", "gains", "both"), default="tax",
        help="gains: the US totals from `ledger gains -O json` instead of `ledger tax` (rp2 only); "
        "both: tax and gains against one run of the peers")
    args = parser.parse_args()
    peers.require_peers()
    vias = ("tax", "gains") if args.via == "both" else (args.via,)
    if "tax" in vias and not has_tax_command(args.ledger):
        shared.skip(f"{args.ledger} has no 'tax' command yet (issue 32)")
    with tempfile.TemporaryDirectory(prefix="taxpeers-") as scratch:
        work = args.keep or Path(scratch)
        lines = compare(args.ledger, work, args.seed, args.trades, vias)
    peer_names = "rp2 (fifo, lifo, hifo)" + (" and bittytax" if "tax" in vias else "")
    agreed = f"ledger {' and '.join(vias)} agrees with {peer_names}, seed {args.seed}"
    print("\n".join(lines) if lines else agreed)
    sys.exit(1 if lines else 0)


if __name__ == "__main__":
    main()
