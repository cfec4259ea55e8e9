#!/usr/bin/env bash
# Runs a command and prints its wall time and the whole machine's busy CPU seconds meanwhile
# (/proc/stat: user+nice+system+irq+softirq), which counts what the command's own rusage misses
# (Chromium, PostgreSQL and other processes a test starts and does not reap), with the load.
# Hold the build lock while timing: flock /tmp/swift-build.lock Benchmarks/citests-cpu.sh COMMAND…
set -uo pipefail
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8}' /proc/stat; }
hz=$(getconf CLK_TCK)
load=$(cut -d' ' -f1-3 /proc/loadavg)
before=$(busy)
start=$(date +%s.%N)
"$@"
status=$?
end=$(date +%s.%N)
after=$(busy)
printf 'citests-cpu: wall %.1f s, machine CPU %.1f s, load before %s after %s, exit %d: %s\n' \
    "$(echo "$end - $start" | bc)" "$(echo "($after - $before) / $hz" | bc -l)" "$load" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" "$status" "$*" >&2
exit $status
