#!/usr/bin/env python3
"""The modules a build compiles: the closure of one llbuild target ("test": what
`swift build --build-tests` builds; "main": `swift build`) in SwiftPM's build manifest, by the
`.build/debug/NAME.build/` folders its commands read and write. The manifest lists every
target of every package in the graph, built or not (hummingbird's swift-nio-ssl, for one), and
`swift package show-dependencies` lists packages, not what is compiled; this says what is.

    Benchmarks/pg-build-modules.py [.build/debug.yaml] [test|main] [OTHER.yaml]

With a second manifest, prints the modules only one of them compiles (round 27: main's
`--traits PostgreSQL` build against libpq's, docs/PERFORMANCE.md "The PostgreSQL client").
"""
import json
import re
import sys


def modules(manifest, target):
    text = open(manifest).read()
    section = text[text.index("targets:"):text.index("commands:")]
    roots = {}
    for match in re.finditer(r'^\s+"?([^":]+)"?: (\[.*\])$', section, re.M):
        roots[match.group(1)] = json.loads(match.group(2))
    producer = {}
    for block in re.split(r'\n  "', text[text.index("commands:"):]):
        inputs = re.search(r"\n    inputs: (\[.*\])", block)
        outputs = re.search(r"\n    outputs: (\[.*\])", block)
        if not outputs:
            continue
        try:
            made = json.loads(outputs.group(1))
            read = json.loads(inputs.group(1)) if inputs else []
        except ValueError:
            continue
        for node in made:
            producer[node] = read
    seen, stack = set(), list(roots[target])
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.add(node)
            stack.extend(producer.get(node, []))
    return {m.group(1) for node in seen for m in re.finditer(r"/debug/([A-Za-z0-9_]+)\.build/", node)}


args = sys.argv[1:]
manifest = args[0] if args else ".build/debug.yaml"
target = args[1] if len(args) > 1 else "test"
mine = modules(manifest, target)
print(f"{manifest} ({target}): {len(mine)} modules")
if len(args) > 2:
    other = modules(args[2], target)
    print(f"{args[2]} ({target}): {len(other)} modules")
    print("only in the first:", " ".join(sorted(mine - other)) or "none")
    print("only in the second:", " ".join(sorted(other - mine)) or "none")
else:
    print(" ".join(sorted(mine)))
