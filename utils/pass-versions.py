#!/usr/bin/python3
"""Holds tensorc's pass versions to their output (docs/manifest.md §1).

A pass's version (TcPassInfo.version, lib/Transforms/PassRegistry.c) names
its output: a manifest that says `tc-lower-tensor` version 3 must mean the
same IR for the same input. This script runs the CPU pipeline on a small
corpus with every host-dependent choice pinned (the caller pins the target
through the environment), reads each tensorc pass's record (version, IR hash
before and after), and compares them with a table of what they were:

  check TENSOR_OPT TABLE PROGRAM...   exit 1 if the table is out of date,
                                      with what to do
  update TENSOR_OPT TABLE PROGRAM...  rewrite the table from this build

`--opt=ARG` among the programs passes ARG to tensor-opt (e.g. a test-only
miscompile, --tc-test-fault, which inserts a fault pass: the table is then
stale, since no production pass miscompiles on demand).

A pass whose input is the table's but whose output is not, at the same
version, changed its output without a version bump: that is the failure
this exists for. Any other difference (a new version, an earlier pass that
changed this pass's input, a new corpus program or pass) only makes the
table stale: regenerate it, in the same commit.
"""
import json
import os
import subprocess
import sys
import tempfile

REGISTRY = "lib/Transforms/PassRegistry.c"


def records(tensor_opt, program, work, extra):
    out = os.path.join(work, "manifest.json")
    subprocess.run([tensor_opt, program, "--tc-cpu-pipeline", *extra, "--manifest-out=" + out, "-o", os.devnull],
                   check=True)
    module = json.load(open(out))["modules"][0]
    name = os.path.basename(program)
    return [(name, r["position"], r["pass"], r["version"], r["ir_before"], r["ir_after"])
            for r in module["records"] if r["origin"] == "tensorc"]


def current(tensor_opt, programs, extra):
    with tempfile.TemporaryDirectory() as work:
        return [row for p in programs for row in records(tensor_opt, p, work, extra)]


def read_table(path):
    rows = []
    for line in open(path):
        if line.strip() and not line.startswith("#"):
            name, position, pass_, version, before, after = line.split()
            rows.append((name, int(position), pass_, version, before, after))
    return rows


def write_table(path, rows):
    with open(path, "w") as f:
        f.write("# program position pass version ir_before ir_after: the CPU pipeline's tensorc passes on the\n"
                "# pass-version corpus (utils/pass-versions.py; regenerate with its `update`, never by hand)\n")
        for r in rows:
            f.write(" ".join(map(str, r)) + "\n")


def check(rows, table, update_command):
    known = {(r[0], r[1], r[2]): r for r in table}
    unbumped, stale = [], []
    for r in rows:
        old = known.pop((r[0], r[1], r[2]), None)
        if old is None:
            stale.append(f"{r[0]}: {r[2]} at position {r[1]} is not in the table")
        elif old[3] == r[3] and old[4] == r[4] and old[5] != r[5]:
            unbumped.append(f"{r[0]}: {r[2]} version {r[3]} turned the same input ({r[4]}) into other IR "
                            f"({r[5]}, the table says {old[5]})")
        elif old[3:] != r[3:]:
            stale.append(f"{r[0]}: {r[2]} at position {r[1]}: version {r[3]}, IR {r[4]} -> {r[5]}; the table says "
                         f"version {old[3]}, IR {old[4]} -> {old[5]}")
    stale += [f"{k[0]}: {k[2]} at position {k[1]} is in the table but did not run" for k in known]
    for line in unbumped:
        print(f"error: {line}")
    if unbumped:
        print(f"error: a pass's output changed without a version bump: bump its version in {REGISTRY} (the output "
              f"a manifest names by that version is no longer what it was), then regenerate the table:\n"
              f"  {update_command}")
        return 1
    for line in stale:
        print(f"error: stale: {line}")
    if stale:
        print(f"error: the pass-version table is out of date (no pass changed its output at an unchanged version "
              f"and input); regenerate it in the same commit:\n  {update_command}")
        return 1
    print(f"{len(rows)} records: every pass's output is what its version says")
    return 0


def main():
    if len(sys.argv) < 5 or sys.argv[1] not in ("check", "update"):
        print(__doc__, file=sys.stderr)
        return 2
    action, tensor_opt, table = sys.argv[1], sys.argv[2], sys.argv[3]
    programs = [a for a in sys.argv[4:] if not a.startswith("--opt=")]
    extra = [a[len("--opt="):] for a in sys.argv[4:] if a.startswith("--opt=")]
    rows = current(tensor_opt, programs, extra)
    if action == "update":
        write_table(table, rows)
        print(f"wrote {len(rows)} records to {table}")
        return 0
    pinned = " ".join(f"{v}={os.environ[v]}" for v in ("TC_TARGET_CPU",) if v in os.environ)
    update = f"env {pinned} utils/pass-versions.py update {tensor_opt} {table} {' '.join(programs)}"
    return check(rows, read_table(table), update)


if __name__ == "__main__":
    sys.exit(main())
