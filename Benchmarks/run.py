#!/usr/bin/env python3
"""Side-by-side benchmark: ledger against ledger-cli, hledger and beancount on the same trades.

    python3 Benchmarks/run.py --sizes 10000,100000 --assets 50 --runs 3

For each size: generate.py writes the same seeded history for every tool; this script builds
our release binary, installs the peers when missing (ledger and hledger from Debian, beancount
from PyPI; --no-install skips that), loads the history, times whole processes (median of
--runs, peak RSS from wait4) and checks that every tool holds the generator's quantities.
--only-ours leaves the peers out (for the 1,000,000-trade size, where hledger needs ~10 GB).
Our ledger is loaded twice (--loads): from the JSONL export (50 prices, the final ones) and from
the generic CSV export of the same trades, as users build ledgers, which records the price each
row states (issue 34); both then get the final prices of prices.csv.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from datetime import date, timedelta
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def timed(argv, env=None, stdin=None):
    """Runs argv to completion: (seconds, peak RSS in MB, stdout text). Fails loudly."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, stdin=stdin)
    # Both pipes drained at once (one full pipe would block the child), then reaped with wait4
    # for its resource usage; Popen must not reap it first.
    out, err = _drain(process)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = 0
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"run.py: {' '.join(argv)} failed:\n{err.decode(errors='replace')[-2000:]}")
    return seconds, usage.ru_maxrss / 1024, out.decode(errors="replace")


def _drain(process):
    import selectors
    chunks = {process.stdout: [], process.stderr: []}
    selector = selectors.DefaultSelector()
    for stream in chunks:
        selector.register(stream, selectors.EVENT_READ)
    while selector.get_map():
        for key, _ in selector.select():
            data = os.read(key.fileobj.fileno(), 65536)
            if data:
                chunks[key.fileobj].append(data)
            else:
                selector.unregister(key.fileobj)
    return b"".join(chunks[process.stdout]), b"".join(chunks[process.stderr])


def median_of(runs, argv, env=None, before=None):
    """The median time and the peak memory of `runs` runs, after one unmeasured warm-up run
    (so the first read of the files from disk is not counted)."""
    if before:
        before()
    timed(argv, env)
    results = []
    for _ in range(runs):
        if before:
            before()
        results.append(timed(argv, env))
    return statistics.median(r[0] for r in results), max(r[1] for r in results), results[-1][2]


def build_release():
    print("building the release binary…", flush=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "ledger"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(ROOT, ".build", "release", "ledger")


def install_peers():
    missing = [p for p, tool in (("ledger", "ledger"), ("hledger", "hledger")) if not shutil.which(tool)]
    if missing:
        subprocess.run(["apt-get", "install", "-y", "-qq"] + missing, check=False)
    if not shutil.which("bean-check"):
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "beancount"], check=False)


def version(argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True).stdout.splitlines()[0].strip()
    except (OSError, IndexError):
        return "absent"


def journal_holdings(text):
    """Quantities per asset from a `bal Assets:Broker --flat` listing (ledger-cli or hledger)."""
    held = {}
    for line in text.splitlines():
        match = re.search(r"(-?[\d,]*\.?\d+) ([A-Z]+)\s+Assets:Broker:([A-Z]+)\s*$", line)
        if match and match.group(2) == match.group(3):
            held[match.group(2)] = Decimal(match.group(1).replace(",", ""))
    return held


def our_holdings(text):
    return {h["asset"]: Decimal(h["quantity"]) for h in json.loads(text)["holdings"] if h["asset"] != "USD"}


def agree(name, held, expected):
    ok = all(held.get(a, Decimal(0)) == q for a, q in expected.items())
    print(f"  holdings of {name}: {'agree' if ok else 'DIFFER'} with the generator's ({len(expected)} assets)")
    return ok


def load_command(binary, data, load):
    """The import that builds the ledger: the JSONL export, or the generic CSV export."""
    if load == "jsonl":
        return [binary, "import", os.path.join(data, "events.jsonl")]
    mapping = open(os.path.join(data, "trades.map")).read().strip()
    return [binary, "import", os.path.join(data, "trades.csv"), "--format", "generic", "--map", mapping,
            "--account", "broker"]


def bench_ours(binary, data, runs, expected, load="jsonl"):
    env = dict(os.environ, LGR_FILE=os.path.join(data, f"books-{load}.ledger"), NO_COLOR="1")
    ledger_file = env["LGR_FILE"]

    def fresh():
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(ledger_file + suffix):
                os.remove(ledger_file + suffix)

    label = "JSONL" if load == "jsonl" else "generic CSV, prices recorded"
    rows = [(f"ledger import ({label})",) + median_of(runs, load_command(binary, data, load), env, fresh)[:2]]
    timed([binary, "prices", "import", os.path.join(data, "prices.csv")], env)
    cold = median_of(runs, [binary, "portfolio", "--full-replay", "--no-chart"], env)
    rows.append(("ledger portfolio, cold (no snapshot)",) + cold[:2])
    timed([binary, "portfolio"], env)  # writes the snapshot
    rows.append(("ledger portfolio, from a snapshot",) + median_of(runs, [binary, "portfolio", "--no-chart"], env)[:2])
    # The day after the last trade: an add dated before the snapshot's last event would
    # (rightly) invalidate it, and this row is about the common case, a new trade today.
    last = json.loads(open(os.path.join(data, "events.jsonl")).readlines()[-1])["occurred_at"][:10]
    next_day = (date.fromisoformat(last) + timedelta(days=1)).isoformat()
    add = [binary, "add", "buy", "CAA", "0.001", "@", "1", "--date", next_day]
    rows.append(("ledger add buy (end to end)",) + median_of(runs, add, env)[:2])
    after = []
    for _ in range(runs):
        timed(add, env)
        after.append(timed([binary, "portfolio", "--no-chart"], env))
    rows.append(("ledger portfolio after one add", statistics.median(a[0] for a in after), max(a[1] for a in after)))
    rows.append(("ledger verify",) + median_of(runs, [binary, "verify"], env)[:2])
    rows = [(name if i == 0 else f"{name} [{load}]", seconds, peak) for i, (name, seconds, peak) in enumerate(rows)]
    fresh()
    timed(load_command(binary, data, load), env)
    timed([binary, "prices", "import", os.path.join(data, "prices.csv")], env)
    agree("ledger", our_holdings(timed([binary, "portfolio", "-O", "json"], env)[2]), expected)
    return rows, cold[0]


def bench_peers(data, runs, expected):
    rows = []
    if shutil.which("ledger"):
        seconds, peak, _ = median_of(runs, ["ledger", "-f", os.path.join(data, "ledger.journal"), "bal", "-V"])
        rows.append(("ledger-cli `bal -V`", seconds, peak))
        agree("ledger-cli", journal_holdings(timed(["ledger", "-f", os.path.join(data, "ledger.journal"), "bal", "Assets:Broker", "--flat"])[2]), expected)
    if shutil.which("hledger"):
        seconds, peak, _ = median_of(runs, ["hledger", "-f", os.path.join(data, "hledger.journal"), "bal", "-V"])
        rows.append(("hledger `bal -V`", seconds, peak))
        agree("hledger", journal_holdings(timed(["hledger", "-f", os.path.join(data, "hledger.journal"), "bal", "Assets:Broker", "--flat"])[2]), expected)
    if shutil.which("bean-check"):
        seconds, peak, _ = median_of(runs, ["bean-check", os.path.join(data, "beancount.bean")])
        rows.append(("beancount `bean-check` (no cache)", seconds, peak))
    return rows


def print_table(size, assets, rows, cold):
    print(f"\n{size:,} trades, {assets} assets (× the first cold portfolio, [load] = how the ledger was built):\n")
    print("| command | median s | peak MB | × our cold portfolio |")
    print("|---|--:|--:|--:|")
    for name, seconds, peak in rows:
        strong = "**" if "cold" in name else ""
        print(f"| {strong}{name}{strong} | {strong}{seconds:.3f}{strong} | {peak:.0f} | {seconds / cold:.1f}× |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10000", help="comma-separated trade counts")
    parser.add_argument("--assets", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--out", default="/tmp/ledger-bench", help="where the generated files go")
    parser.add_argument("--only-ours", action="store_true", help="leave ledger-cli, hledger and beancount out")
    parser.add_argument("--no-install", action="store_true", help="do not install missing peers")
    parser.add_argument("--binary", help="use this ledger binary instead of building one")
    parser.add_argument("--loads", default="jsonl,csv", help="how our ledger is built: jsonl, csv or both")
    args = parser.parse_args()

    binary = args.binary or build_release()
    if not args.only_ours and not args.no_install:
        install_peers()
    print("versions:", "; ".join(version(v) for v in (
        [binary, "--version"], ["ledger", "--version"], ["hledger", "--version"], ["bean-check", "--version"])))
    for size in (int(s) for s in args.sizes.split(",")):
        data = os.path.join(args.out, str(size))
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), str(size), str(args.assets), str(args.seed), data],
                       check=True)
        expected = {a: Decimal(q) for a, q in json.load(open(os.path.join(data, "held.json"))).items()}
        rows, cold = [], None
        for load in args.loads.split(","):
            ours, ours_cold = bench_ours(binary, data, args.runs, expected, load)
            rows += ours
            cold = cold or ours_cold
        if not args.only_ours:
            rows += bench_peers(data, args.runs, expected)
        print_table(size, args.assets, rows, cold)


if __name__ == "__main__":
    main()
