#!/usr/bin/env python3
"""Where a `verify` run's CPU goes, by thread and phase, from a `perf record -g` file.

    perf record -F 999 -g -o verify.perf .build/release/ledger --ledger L verify
    python3 Benchmarks/verify-phases.py verify.perf

Each sample counts once, in the innermost phase its stack names (the list below, innermost
first); a sample whose stack names none is "other" (libc, the Swift runtime, and libraries
whose frames unwind to no caller: libcrypto's SHA-256 lands there when it is not the hash's
own frame). Prints samples per thread, then per thread and phase, with the share of all
samples (docs/PERFORMANCE.md, "Open", `verify`).
"""
import collections
import subprocess
import sys

PHASES = [
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
    # The walk's own code, and what it calls that names no phase above (libc, the runtime).
    ("walk, the rest", ["FastChainWalk"]),
]


def samples(path):
    """(thread id, [frames, innermost first]) for every sample of the file."""
    out = subprocess.run(
        ["perf", "script", "-i", path, "-F", "tid,ip,sym,dso"], capture_output=True, text=True, check=True
    ).stdout
    current = None
    for line in out.split("\n"):
        if not line.strip():
            if current:
                yield current
            current = None
        elif not line.startswith("\t"):
            current = (line.split()[0], [])
        elif current is not None:
            current[1].append(line.strip())
    if current:
        yield current


def phase(frames):
    for frame in frames:
        for name, keys in PHASES:
            if any(key in frame for key in keys):
                return name
    return "other"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: perf-phases.py PERF_DATA")
    counts = collections.Counter()
    threads = collections.Counter()
    for tid, frames in samples(sys.argv[1]):
        threads[tid] += 1
        counts[(tid, phase(frames))] += 1
    total = sum(threads.values())
    print("samples", total, dict(threads))
    for (tid, name), n in sorted(counts.items(), key=lambda item: (item[0][0], -item[1])):
        print(f"{tid:>8} {name:24} {n:6} {100 * n / total:5.1f}%")


if __name__ == "__main__":
    main()
