#!/usr/bin/env python3
"""Reproduces README.md's evidence of where rp2 differs from the IRS rules, with the rp2_us
command itself:

    evidence.py

A buy of 1 BTC for 1,000.00 + 10.00 fee on 2021-01-04 and a sale of 0.5 BTC for 750.00 with
a 15.00 fee on 2022-01-04 (the anniversary), the fee given to rp2 as the sale's `fiat_fee`.
The IRS: amount realized 735.00, basis 505.00, gain 230.00, short term (held not more than a
year). Prints rp2's Form 8949 row: proceeds 750.00, gain 245.00, LONG.
"""

import datetime as dt
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

import history
import peers
import shared


def main() -> None:
    peers.require_peers()
    import ezodf

    bought, sold = (dt.datetime(year, 1, 4, 15, tzinfo=dt.timezone.utc) for year in (2021, 2022))
    trades = [
        shared.Trade("B1", bought, "buy", "BTC", Decimal(1), Decimal(1000), Decimal(10)),
        shared.Trade("S1", sold, "sell", "BTC", Decimal("0.5"), Decimal(750), Decimal(15)),
    ]
    with tempfile.TemporaryDirectory(prefix="rp2-evidence-") as scratch:
        work = Path(scratch)
        history.write_rp2(trades, work)
        spreadsheet = ezodf.opendoc(str(work / shared.RP2_ODS))
        sheet = spreadsheet.sheets["BTC"]
        sale = next(r for r in range(sheet.nrows()) if sheet[r, 10].value == "S1")
        for column, value in ((5, 1500.0), (8, 750.0), (9, 15.0)):  # spot price, fiat_out_no_fee, fiat_fee
            sheet[sale, column].set_value(value)
        spreadsheet.save()
        command = [sys.executable, "-c", "from rp2.plugin.country.us import rp2_entry; rp2_entry()"]
        subprocess.run(command + ["-m", "fifo", "-a", "BTC", "-o", "out", shared.RP2_INI, shared.RP2_ODS], cwd=work,
                       check=True, capture_output=True)
        report = ezodf.opendoc(str(work / "out" / "fifo_tax_report_us.ods")).sheets["Capital Gains"]
        for row in report.rows():
            cells = [cell.value for cell in row]
            if len(cells) > 15 and cells[9] == "OUT / SELL":
                print(f"rp2 Form 8949 row: acquired {cells[2]}, sold {cells[3]}, proceeds {cells[4]:.2f}, "
                      f"cost {cells[5]:.2f}, gain {cells[8]:.2f}, {cells[14]}")
    print("IRS: proceeds 735.00 (the fee reduces the amount realized), cost 505.00, gain 230.00, SHORT")


if __name__ == "__main__":
    main()
