#!/usr/bin/env python3
"""Reads a Swift Testing event stream (--event-stream-output-path F --event-stream-version 0)
and prints where the run's wall time went: the tests that ended last, the longest tests, each
suite's span (first start to last end), and how many tests ran at once over time.
Usage: Benchmarks/citests-events.py EVENTS.jsonl [top]"""
import collections
import json
import sys

path = sys.argv[1]
top = int(sys.argv[2]) if len(sys.argv) > 2 else 25
starts, ends, kinds = {}, {}, {}
run_start = run_end = None
for line in open(path):
    record = json.loads(line)
    payload = record.get("payload", {})
    if record.get("kind") == "test":
        kinds[payload["id"]] = payload.get("kind")
        continue
    kind = payload.get("kind")
    when = payload.get("instant", {}).get("absolute")
    test = payload.get("testID")
    if kind == "runStarted":
        run_start = when
    elif kind == "runEnded":
        run_end = when
    elif kind == "testStarted" and test:
        starts[test] = when
    elif kind == "testEnded" and test:
        ends[test] = when
t0 = run_start or min(starts.values())
spans = {t: (starts[t] - t0, ends[t] - t0) for t in starts if t in ends}
tests = {t: v for t, v in spans.items() if kinds.get(t) == "function"}
suites = {t: v for t, v in spans.items() if kinds.get(t) == "suite"}
print(f"run {((run_end or max(e for _, e in tests.values())) - t0):.1f} s; {len(tests)} tests, {len(suites)} suites")
print(f"\nlongest tests (start, end, seconds):")
for t, (s, e) in sorted(tests.items(), key=lambda kv: kv[1][0] - kv[1][1])[:top]:
    print(f"  {s:7.1f} {e:7.1f} {e - s:7.1f}  {t.split('/')[0]}/{t.split('/')[1] if '/' in t else ''}")
print(f"\nlast to end:")
for t, (s, e) in sorted(tests.items(), key=lambda kv: -kv[1][1])[:top]:
    print(f"  {s:7.1f} {e:7.1f} {e - s:7.1f}  {t.split('/')[0]}/{t.split('/')[1] if '/' in t else ''}")
print(f"\nsuites by span (start, end, span, sum of their tests):")
by_suite = collections.defaultdict(float)
for t, (s, e) in tests.items():
    by_suite[t.split("/")[0]] += e - s
for t, (s, e) in sorted(suites.items(), key=lambda kv: kv[1][0] - kv[1][1])[:top]:
    print(f"  {s:7.1f} {e:7.1f} {e - s:7.1f} {by_suite.get(t, 0):7.1f}  {t}")
print("\ntests running at once, per 10 s:")
end = max(e for _, e in tests.values())
for window in range(0, int(end) + 10, 10):
    busy = sum(max(0, min(e, window + 10) - max(s, window)) for s, e in tests.values()) / 10
    print(f"  {window:4d}-{window + 10:<4d} {busy:6.1f}")
