#!/usr/bin/python3
"""Summarises the variant agreement of a conformance report (docs/conformance.md §2.4).

    agreements.py REPORT.json

Prints, sorted, one line per kind of agreement check that ran: what differed
between the two builds compared, the mode, and how many checks; then, for
each variant built with every parallel nest threaded, whether its manifest
says tc-lower-loops put nests on OpenMP threads at threshold 0.
"""
import collections
import json
import sys

report = json.load(open(sys.argv[1]))
kinds = collections.Counter()
for check in report["checks"]:
    if check["kind"] == "variant-agreement":
        kinds[(" ".join(check.get("differs_in", [])), check["mode"])] += 1
for (differs, mode), n in sorted(kinds.items()):
    print(f"agreement [{differs}] {mode}: {n} check(s)")
for v in report["variants"]:
    if v["choices"].get("TC_PARALLEL_MIN_WORK") == "0" and v["manifest"]:
        text = json.dumps(v["manifest"])
        print(f"{v['name']}: threaded nests {'yes' if '(threshold 0)' in text and 'OpenMP threads' in text else 'no'}")
