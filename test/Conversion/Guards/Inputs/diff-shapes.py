#!/usr/bin/python3
"""diff-shapes.py EXE MLIR FN EXPECT SHAPE... : one differential case of a
shape function (tc-insert-guards) against the reference evaluator.

Each SHAPE is `dtype:AxB` (`f32:2x3`, `i1:3`, `f32:scalar`), one per input.
The script writes zero-filled .npy inputs of those shapes, runs
`tensor-ref MLIR --fn FN` on them and reads what it reports: the name of
the violated constraint, or each output's type. It runs EXE (a compiled
shape function, shapes-driver.c) on the same sizes. It passes only if both
name the same constraint (0 for none) and that is EXPECT (`ok` or a
constraint name: the case tests what it says), and, on `ok`, the shape
function wrote the reference's result shapes; on a violation it left the
outputs' entries untouched (-7)."""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

CODES = {"ok": 0, "arg-shape": 1, "equal-dims": 2, "broadcast": 3, "reshape-count": 4, "window-fits": 5,
         "nonempty-axis": 6, "size-limit": 7}


def parse(spec):
    dtype, dims = spec.split(":")
    return dtype, [] if dims == "scalar" else [int(d) for d in dims.split("x")]


def reference(mlir, fn, shapes, tmp):
    files = []
    for i, (dtype, dims) in enumerate(shapes):
        path = os.path.join(tmp, f"in{i}.npy")
        np.save(path, np.zeros(dims, dtype=np.bool_ if dtype == "i1" else np.dtype(dtype.replace("f", "float")
                                                                                    .replace("i", "int"))))
        files.append(path)
    run = subprocess.run(["tensor-ref", mlir, "--fn", fn, "--input", *files], capture_output=True, text=True)
    m = re.search(r"shape constraint '([a-z-]+)' violated", run.stderr)
    if m:
        return m.group(1), None
    if run.returncode != 0:
        sys.exit(f"tensor-ref failed without naming a constraint:\n{run.stderr}")
    outs = re.findall(r"output #\d+: tensor<([^>]*)>", run.stdout)
    dims = []
    for t in outs:
        dims += [int(d) for d in t.split("x")[:-1]]
    return "ok", dims


def main():
    exe, mlir, fn, expect, *specs = sys.argv[1:]
    shapes = [parse(s) for s in specs]
    with tempfile.TemporaryDirectory() as tmp:
        ref, ref_dims = reference(mlir, fn, shapes, tmp)
    given = [d for _, dims in shapes for d in dims]
    n_out = len(ref_dims) if ref_dims is not None else 0
    # K (the dims array's length) is read from the shape function's type.
    line = next(l for l in open(exe + ".gen.mlir") if f'sym_name = "{fn}__tc_shapes"' in l)
    k = int(re.search(r"memref<(\d+)xi64>", line).group(1))
    run = subprocess.run([exe, str(k), *map(str, given)], capture_output=True, text=True, check=True)
    m = re.match(r"code=(-?\d+) dims=(.*)", run.stdout)
    code, dims = int(m.group(1)), [int(d) for d in m.group(2).split()]
    print(f"{fn} {' '.join(specs)}: reference {ref}, shape function {code}, dims {dims}")
    ok = code == CODES[ref] and ref == expect
    if ref == "ok":
        ok &= dims[len(given):] == ref_dims and n_out == k - len(given)
    else:
        ok &= all(d == -7 for d in dims[len(given):])
    ok &= dims[:len(given)] == given
    sys.exit(0 if ok else f"MISMATCH (expected {expect})")


main()
