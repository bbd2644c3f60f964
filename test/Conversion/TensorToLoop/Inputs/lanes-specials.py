"""Writes inputs with special values for the functions of lanes.mlir into
DIR/<function>/input_<i>.npy: rows of -0 (a sum of -0s is -0), rows with
NaN and infinities (NaN propagates through every lane and the combination),
a constant row (layer_norm's exact mean), sums whose f32 result overflows."""
import os
import sys

import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(7)


def save(fn, *arrays):
    os.makedirs(os.path.join(out, fn), exist_ok=True)
    for i, a in enumerate(arrays):
        np.save(os.path.join(out, fn, f"input_{i}.npy"), a)


x = rng.uniform(-1, 1, (5, 37)).astype(np.float32)
x[0] = -0.0
x[1, 3], x[1, 30] = np.inf, -np.inf
x[2, 35] = np.nan  # in the tail
x[3] = 3e38        # the f64 sum is finite, its f32 rounding +inf
save("sum_tail", x)

s = rng.uniform(-4, 4, (3, 50)).astype(np.float32)
s[0, 17] = np.nan
s[1, 49] = np.inf
s[2, 8] = -np.inf
save("softmax_rows", s)

c = rng.uniform(-4, 4, (41, 3)).astype(np.float32)
c[40, 0] = np.nan
c[5, 1] = -np.inf
save("log_softmax_columns", c)

n = rng.uniform(-2, 2, (4, 2, 33)).astype(np.float32)
n[0] = np.float32(0.1)  # constant row: mean is exactly 0.1, deviations 0
n[1] = -0.0
n[2, 1, 32] = np.nan
g = rng.uniform(0.5, 1.5, (2, 33)).astype(np.float32)
b = rng.uniform(-1, 1, (2, 33)).astype(np.float32)
save("layer_norm_rows", n, g, b)
