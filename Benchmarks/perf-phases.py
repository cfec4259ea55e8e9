#!/usr/bin/env python3
"""Where a run's CPU goes, by phase and by thread, from a `perf record` with call stacks.

    # an import (or a replay): SQLite's frames break frame-pointer stacks, hence dwarf
    perf record -F 99 --call-graph dwarf,16384 -o import.perf ledger --ledger NEW.ledger import FILE ...
    python3 Benchmarks/perf-phases.py import import.perf --hz 99 [--every 2]

    # `verify`
    perf record -F 999 -g -o verify.perf ledger --ledger L verify
    python3 Benchmarks/perf-phases.py verify verify.perf [--hz 999]

Two phase sets, each with its rule for a sample's phase:
- `import`: the first phase in the list whose markers the stack names anywhere (so a replay's
  reader thread, whose generic `BatchPipe` code the linker may fold with the chain walk's, is
  named by `forEachEffectiveEvent` before the walk's markers are tried);
- `verify`: the innermost frame that names a phase (libcrypto's frames unwind to no caller, so
  SHA-256 lands in "other" unless the hash's own frame is sampled).
A sample whose stack names none is "other". Prints each phase's samples, share (and CPU
seconds with --hz) and the span of time it was seen in; then samples per thread and phase;
with --every S, each S seconds' samples by thread (main or helper) and phase.
"""
import collections
import subprocess
import sys

PHASE_SETS = {
    "import": ("listed", [
        ("closing check (pricesNeeded: replay + snapshot)",
         ["pricesNeeded", "ReplayRunnerV17replayForHoldings", "forEachEffectiveEvent", "LedgerSnapshots"]),
        ("walk before COMMIT (verifiedPoint)", ["verifiedPoint", "FastChainWalkO3run", "resultProblem",
                                                "WalkReplayRows"]),
        ("stated prices (sort + upsert)", ["statedPrices", "LedgerPrices", "upsert"]),
        ("transfers match", ["TransferMatch", "transfersMatch"]),
        ("encode (canonical JSON, SHA-256, packed row)", ["EventEncoder", "AssistedWorker"]),
        ("insert (SQLite)", ["StreamingAppender", "InOrderAppend", "InOrderFeed", "EventAppender"]),
        ("parse (CSV, preset, tally)", ["ImportReader", "ExchangeFileReader", "GenericLayout", "notePrices"]),
    ]),
    "verify": ("innermost", [
        ("holdings fold", ["WalkHoldings", "PositionBook"]),
        ("validity", ["validate"]),
        ("event canonical JSON", ["CanonicalEventJSON"]),
        ("replay row decode", ["PackedEventDecoder"]),
        ("SHA-256", ["HashChain", "sha256", "SHA256"]),
        ("columns canonical JSON", ["CanonicalColumns"]),
        ("replay row read", ["WalkReplayRows"]),
        ("sqlite", ["sqlite3", "libsqlite3", "pread"]),
        ("pipe hand-over", ["BatchChannel", "BatchPipe", "Monitor", "WalkChunks"]),
        ("snapshots/anchor", ["Snapshot", "Anchor", "HMAC"]),
        # The walks' own code, and what it calls that names no phase above (libc, the runtime).
        ("walk, the rest", ["FastChainWalk"]),
    ]),
}
OTHER = "other"


def samples(data):
    """(time, thread id, is the main thread, [frames, innermost first]) of every sample."""
    text = subprocess.run(["perf", "script", "-i", data, "-F", "pid,tid,time,ip,sym,dso"],
                          capture_output=True, text=True, check=True).stdout
    for block in text.split("\n\n"):
        lines = block.strip("\n").split("\n")
        if not lines or not lines[0].strip() or lines[0].startswith("\t"):
            continue
        head = lines[0].split()
        times = [field for field in head if field.endswith(":")]
        if not times:
            continue
        pid, tid = head[0].split("/") if "/" in head[0] else (head[0], head[1])
        yield float(times[0].rstrip(":")), tid, pid == tid, [line.strip() for line in lines[1:]]


def phase(frames, rule, phases):
    if rule == "listed":
        stack = " ".join(frames)
        return next((name for name, markers in phases if any(m in stack for m in markers)), OTHER)
    for frame in frames:
        for name, markers in phases:
            if any(m in frame for m in markers):
                return name
    return OTHER


def option(name, default=None):
    return float(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in PHASE_SETS:
        sys.exit("usage: perf-phases.py import|verify PERF_DATA [--hz N] [--every SECONDS]")
    rule, phases = PHASE_SETS[sys.argv[1]]
    hz, every = option("--hz"), option("--every")
    rows = [(t, tid, main_thread, phase(frames, rule, phases))
            for t, tid, main_thread, frames in samples(sys.argv[2])]
    if not rows:
        sys.exit("no samples in " + sys.argv[2])
    start = min(t for t, _, _, _ in rows)
    totals = collections.Counter(name for _, _, _, name in rows)
    spans = {}
    for t, _, _, name in rows:
        first, last = spans.get(name, (t, t))
        spans[name] = (min(first, t), max(last, t))
    for name, count in totals.most_common():
        first, last = spans[name]
        cpu = f" {count / hz:7.2f} s CPU" if hz else ""
        print(f"{name:50s} {count:7d}{cpu} {100 * count / len(rows):5.1f} %"
              f"   from {first - start:6.1f} to {last - start:6.1f} s")
    print(f"{'total':50s} {len(rows):7d}" + (f" {len(rows) / hz:7.2f} s CPU" if hz else ""))
    threads = collections.Counter((tid, main_thread) for _, tid, main_thread, _ in rows)
    print("\nby thread:", ", ".join(f"{tid}{' (main)' if m else ''} {n}" for (tid, m), n in threads.most_common()))
    by_thread = collections.Counter((tid, name) for _, tid, _, name in rows)
    for (tid, name), n in sorted(by_thread.items(), key=lambda item: (item[0][0], -item[1])):
        print(f"{tid:>8} {name:50s} {n:7d} {100 * n / len(rows):5.1f} %")
    if every:
        buckets = collections.defaultdict(collections.Counter)
        for t, _, main_thread, name in rows:
            buckets[int((t - start) // every)][("main" if main_thread else "helper") + ": " + name.split(" (")[0]] += 1
        for bucket in sorted(buckets):
            print(f"{bucket * every:5.0f} s  " + "; ".join(f"{k} {v}" for k, v in buckets[bucket].most_common(5)))


if __name__ == "__main__":
    main()
