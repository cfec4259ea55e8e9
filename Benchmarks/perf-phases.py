#!/usr/bin/env python3
"""Where an import's (or a replay's) time goes, by phase, from a `perf record` with call stacks.

    perf record -F 99 --call-graph dwarf,16384 -o import.perf ledger --ledger NEW.ledger import FILE ...
    python3 Benchmarks/perf-phases.py import.perf 99            # CPU seconds per phase, all threads
    python3 Benchmarks/perf-phases.py import.perf 99 --every 2  # and per 2 s: each thread's samples by phase

Each sample counts in the first phase below whose markers its stack names (so a replay's
reader thread, whose generic `BatchPipe` code the linker may fold with the chain walk's, is
named by `forEachEffectiveEvent` before the walk's markers are tried). Frame pointers are not
enough: SQLite's frames break the stacks, hence `--call-graph dwarf`.
"""
import collections
import subprocess
import sys

PHASES = [
    ("closing check (pricesNeeded: replay + snapshot)",
     ("pricesNeeded", "ReplayRunnerV17replayForHoldings", "forEachEffectiveEvent", "LedgerSnapshots")),
    ("walk before COMMIT (verifiedPoint)", ("verifiedPoint", "FastChainWalkO3run", "resultProblem", "WalkReplayRows")),
    ("stated prices (sort + upsert)", ("statedPrices", "LedgerPrices", "upsert")),
    ("transfers match", ("TransferMatch", "transfersMatch")),
    ("encode (canonical JSON, SHA-256, packed row)", ("EventEncoder", "AssistedWorker")),
    ("insert (SQLite)", ("StreamingAppender", "InOrderAppend", "InOrderFeed", "EventAppender")),
    ("parse (CSV, preset, tally)", ("ImportReader", "ExchangeFileReader", "GenericLayout", "notePrices")),
]
OTHER = "other (start, open, COMMIT, kernel)"


def samples(data):
    """(time, is the main thread, phase) of every sample."""
    text = subprocess.run(["perf", "script", "-i", data, "-F", "pid,tid,time,ip,sym"],
                          capture_output=True, text=True, check=True).stdout
    for block in text.split("\n\n"):
        lines = block.strip().split("\n")
        if not lines or not lines[0].strip():
            continue
        head = lines[0].split()
        times = [field for field in head if field.endswith(":")]
        if not times:
            continue
        pid, tid = head[0].split("/") if "/" in head[0] else (head[0], head[1])
        stack = " ".join(lines[1:])
        phase = next((name for name, markers in PHASES if any(m in stack for m in markers)), OTHER)
        yield float(times[0].rstrip(":")), pid == tid, phase


def main():
    data, hz = sys.argv[1], float(sys.argv[2])
    every = float(sys.argv[sys.argv.index("--every") + 1]) if "--every" in sys.argv else None
    rows = list(samples(data))
    start = min(t for t, _, _ in rows)
    totals = collections.Counter(phase for _, _, phase in rows)
    spans = {}
    for t, _, phase in rows:
        first, last = spans.get(phase, (t, t))
        spans[phase] = (min(first, t), max(last, t))
    for phase, count in totals.most_common():
        first, last = spans[phase]
        print(f"{phase:50s} {count / hz:7.2f} s CPU {100 * count / len(rows):5.1f} %"
              f"   from {first - start:6.1f} to {last - start:6.1f} s")
    print(f"{'total':50s} {len(rows) / hz:7.2f} s CPU")
    if every:
        buckets = collections.defaultdict(collections.Counter)
        for t, main_thread, phase in rows:
            buckets[int((t - start) // every)][("main" if main_thread else "helper") + ": " + phase.split(" (")[0]] += 1
        for bucket in sorted(buckets):
            print(f"{bucket * every:5.0f} s  " + "; ".join(f"{k} {v}" for k, v in buckets[bucket].most_common(5)))


if __name__ == "__main__":
    main()
