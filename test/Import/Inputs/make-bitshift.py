#!/usr/bin/python3
"""make-bitshift.py ROOT: BitShift models (lib/Import/OpsElementwise.c) in the
ONNX backend test layout, for test/Import/bitshift.test. The expected
outputs are computed here with NumPy's shifts on each unsigned dtype, a
shift by the width or more giving 0 (ONNX leaves it undefined; tensorc
defines it as NumPy does), independent of tensorc. Every shift from 0 to
width + 2 is applied to values with high and low bits set, with
broadcasting of y against x.
"""
import os
import sys

import numpy as np
from onnx import helper
from onnx_case import write_case

root = sys.argv[1]
rng = np.random.default_rng(2124)


def case(name, direction, x, y, out):
    node = helper.make_node("BitShift", ["x", "y"], ["z"], direction=direction)
    write_case(root, name, [node], [("x", x), ("y", y)], [("z", out)], 13)


for dt in (np.uint8, np.uint16, np.uint32, np.uint64):
    bits = np.iinfo(dt).bits
    x = rng.integers(0, np.iinfo(dt).max, (3, 1), dtype=dt, endpoint=True)
    x[0, 0] = np.iinfo(dt).max
    y = np.arange(bits + 3, dtype=dt).reshape(1, -1)
    ys = np.minimum(y, dt(bits - 1))
    for direction, fn in (("LEFT", np.left_shift), ("RIGHT", np.right_shift)):
        out = np.where(y < bits, fn(x, ys), dt(0)).astype(dt)
        case(f"bitshift_{direction.lower()}_{np.dtype(dt).name}", direction, x, y, out)
