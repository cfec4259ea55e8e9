#!/usr/bin/env python3
"""Times one ledger command run by several binaries in turn: wall and CPU (getrusage of the
children) medians, for short commands (a portfolio from its snapshot) where /usr/bin/time's
10 ms steps say nothing.

    python3 Benchmarks/cpu-median.py RUNS TAG OLD old.ledger NEW new.ledger -- portfolio --no-chart
"""
import os, resource, subprocess, sys, time, statistics
args = sys.argv[1:]
runs, tag = int(args[0]), args[1]
sep = args.index('--')
pairs = list(zip(args[2:sep:2], args[3:sep:2]))
cmd = args[sep+1:]
env = dict(os.environ, HOME=os.environ.get('HOME', '/tmp/speed18/homeG'))
res = {i: ([], []) for i in range(len(pairs))}
for r in range(runs):
    for i, (b, l) in enumerate(pairs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([b, '--ledger', l] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        res[i][0].append(wall * 1000); res[i][1].append(cpu * 1000)
for i, (b, l) in enumerate(pairs):
    w, c = res[i]
    print(f"{tag} {b.split('/')[-2]+'/'+b.split('/')[-1]}: wall median {statistics.median(w):.1f} ms (min {min(w):.1f}, max {max(w):.1f}); cpu median {statistics.median(c):.1f} ms (min {min(c):.1f})")
