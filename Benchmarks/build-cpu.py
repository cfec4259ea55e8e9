#!/usr/bin/env python3
"""Compiler CPU per module of a build (docs/PERFORMANCE.md, "Build").

    python3 Benchmarks/build-cpu.py OUT.tsv -- swift build --build-tests ...

Runs the command and reads /proc every 0.25 s: for each `swift-frontend` its `-module-name`,
for each `clang` its object's target folder (`NAME.build`), with the CPU time (user + system)
at the last sight and the first and last sight in seconds since the start. Writes one row per
process to OUT.tsv and prints the CPU per module, largest first, with the span in which it
compiled. A process that lives less than 0.25 s may be missed; the totals are a lower bound.
"""

import os
import re
import subprocess
import sys
import time

TICKS = os.sysconf("SC_CLK_TCK")


def module_of(argv):
    name = os.path.basename(argv[0]) if argv else ""
    if name == "swift-frontend":
        if "-module-name" in argv:
            return argv[argv.index("-module-name") + 1]
        return None
    if name in ("clang", "clang++"):
        for arg in argv:
            match = re.search(r"/([^/]+)\.build/", arg)
            if match:
                return match.group(1) + " (C)"
    return None


def sample(seen, start):
    now = time.monotonic() - start
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        module = module_of([a.decode(errors="replace") for a in argv if a])
        if module is None:
            continue
        cpu = (int(fields[11]) + int(fields[12])) / TICKS
        key = (pid, fields[19])  # pid and start time: a reused pid is another process
        first = seen.get(key, (module, cpu, now, now))[2]
        seen[key] = (module, cpu, first, now)


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit(__doc__)
    out, command = sys.argv[1], sys.argv[3:]
    seen = {}
    start = time.monotonic()
    child = subprocess.Popen(command)
    while child.poll() is None:
        sample(seen, start)
        time.sleep(0.25)
    wall = time.monotonic() - start
    totals = {}
    with open(out, "w") as f:
        f.write("module\tcpu_s\tfirst_s\tlast_s\n")
        for module, cpu, first, last in seen.values():
            f.write(f"{module}\t{cpu:.2f}\t{first:.1f}\t{last:.1f}\n")
            cpu0, first0, last0 = totals.get(module, (0.0, first, last))
            totals[module] = (cpu0 + cpu, min(first0, first), max(last0, last))
    print(f"wall {wall:.1f} s, exit {child.returncode}; compiler CPU {sum(t[0] for t in totals.values()):.1f} s")
    for module, (cpu, first, last) in sorted(totals.items(), key=lambda item: -item[1][0]):
        print(f"{cpu:8.1f} s  {first:6.1f}-{last:6.1f} s  {module}")
    sys.exit(child.returncode)


if __name__ == "__main__":
    main()
