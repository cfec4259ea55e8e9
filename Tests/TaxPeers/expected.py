#!/usr/bin/env python3
"""Writes the fixture that lets Swift tests check `ledger tax` without Python:

    expected.py [--seed 42] [--trades 200]

expected/history-seed<SEED>.csv   the history (import it with the generic preset and
                                  shared.ledger_map(CURRENCY), written in the JSON);
expected/totals-seed<SEED>.json   per-year totals in `ledger.tax/2` field names: "us" per
                                  method and "uk" from reference.py (exact, each total rounded
                                  half-even to the cent once), after checking that rp2 and
                                  bittytax agree with them; "uk_bittytax" is bittytax's own
                                  summary (each matched part rounded to the cent first).

Refuses to write (exit 1) when a peer disagrees; exit 77 without the peers.
"""

import argparse
import json
import shutil
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path

import history
import peers
import shared

EXPECTED = Path(__file__).resolve().parent / "expected"


def import_options(currency: str) -> str:
    return f"--format generic --map {shared.ledger_map(currency)} --account exchange"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--trades", type=int, default=200)
    args = parser.parse_args()
    peers.require_peers()
    with tempfile.TemporaryDirectory(prefix="taxpeers-") as scratch:
        work = Path(scratch)
        trades = history.generate(work, args.seed, args.trades)
        found = peers.run_peers(work)
        lines = peers.check(work, found)
        if lines:
            print("\n".join(lines))
            sys.exit(1)
        exact = peers.reference_totals(work)
        csv_name = f"history-seed{args.seed}.csv"
        EXPECTED.mkdir(exist_ok=True)
        shutil.copyfile(work / shared.LEDGER_CSV, EXPECTED / csv_name)
    document = {
        "about": "Per-year totals of `ledger tax -O json` (ledger.tax/2 years[]) for the history beside this "
        "file; see Tests/TaxPeers/README.md",
        "seed": args.seed,
        "trades": len(trades),
        "history": csv_name,
        "import": {c: f"ledger import {csv_name} {import_options(c)}" for c in ("USD", "GBP")},
        "checked_with": {"rp2": version("rp2"), "bittytax": version("bittytax")},
        "us": exact["us"],
        "uk": exact["uk"],
        "uk_bittytax": found["uk"],
    }
    target = EXPECTED / f"totals-seed{args.seed}.json"
    target.write_text(json.dumps(document, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {target} and {csv_name}: {len(trades)} trades, the peers agree")


if __name__ == "__main__":
    main()
