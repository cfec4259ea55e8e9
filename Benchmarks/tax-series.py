#!/usr/bin/env python3
"""Pools the lines of `Benchmarks/tax-floors.sh` (issue 32; docs/PERFORMANCE.md, "How to measure"
and "`ledger tax`"): per binary (old, new) and command (tax, portfolio), the floor, lower
quartile and median of wall and CPU (user + sys) time over every run taken after an idle
second (`IDLE=...`: the line's idle share at least MIN, default 90), then tax over its own
binary's `portfolio --full-replay` by each of the three, the peak RSS and the load range.

usage: tax-series.py [--min-idle MIN] FILE...
"""
import collections
import statistics
import sys


def summary(values):
    ordered = sorted(values)
    return ordered[0], ordered[len(ordered) // 4], statistics.median(ordered)


def main(arguments):
    least = 90
    if arguments[:1] == ["--min-idle"]:
        least, arguments = int(arguments[1]), arguments[2:]
    wall, cpu, rss = collections.defaultdict(list), collections.defaultdict(list), collections.defaultdict(int)
    loads, skipped = [], 0
    for name in arguments:
        for line in open(name):
            words = line.split()
            if len(words) < 10 or words[2] != "cpu":
                continue
            idle = int(words[words.index("idle_before") + 1]) if "idle_before" in words else 0
            if idle < least:
                skipped += 1
                continue
            key = (words[0], words[1])
            cpu[key].append(float(words[3]))
            wall[key].append(float(words[5]))
            rss[key] = max(rss[key], int(words[7]))
            loads.append(float(words[words.index("load") + 1]))
    for key in sorted(cpu):
        print("%s %-9s n %2d  wall floor/q1/median %.2f %.2f %.2f  cpu %.2f %.2f %.2f  peak rss_kb %d"
              % (key + (len(cpu[key]),) + summary(wall[key]) + summary(cpu[key]) + (rss[key],)))
    for side in sorted({key[0] for key in cpu}):
        if (side, "tax") not in cpu or (side, "portfolio") not in cpu:
            continue
        ratios = []
        for times in (wall, cpu):
            tax, portfolio = summary(times[(side, "tax")]), summary(times[(side, "portfolio")])
            ratios += [tax[i] / portfolio[i] for i in range(3)]
        print("%s tax / its portfolio: wall floor %.2fx q1 %.2fx median %.2fx | cpu floor %.2fx q1 %.2fx median %.2fx"
              % ((side,) + tuple(ratios)))
    if loads:
        print("load %.2f-%.2f, %d runs kept, %d under %d %% idle left out" % (min(loads), max(loads), len(loads), skipped, least))


if __name__ == "__main__":
    main(sys.argv[1:])
