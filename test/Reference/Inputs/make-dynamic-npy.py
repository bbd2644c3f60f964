#!/usr/bin/python3
"""make-dynamic-npy.py DIR: the inputs of test/Reference/dynamic.mlir, one
.npy per name below, written at test time (the two 4 MiB rows of the
size-limit case are not worth committing)."""
import os
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
f32 = np.float32
arrays = {
    "ones1x4": np.ones((1, 4), f32),
    "ones5x4": np.ones((5, 4), f32),
    "ones5x3": np.ones((5, 3), f32),
    "a2x4": np.arange(8, dtype=f32).reshape(2, 4),
    "b4x3": np.arange(12, dtype=f32).reshape(4, 3),
    "b5x3": np.arange(15, dtype=f32).reshape(5, 3),
    "v3": np.array([1, 2, 3], f32),
    "v1": np.array([10], f32),
    "v4": np.array([1, 2, 3, 4], f32),
    "v5": np.arange(5, dtype=f32),
    "m3x4": np.arange(12, dtype=f32).reshape(3, 4),
    "m4x4": np.arange(16, dtype=f32).reshape(4, 4),
    "img2x2": np.arange(4, dtype=f32).reshape(1, 1, 2, 2),
    "img3x3": np.arange(9, dtype=f32).reshape(1, 1, 3, 3),
    "empty0x3": np.zeros((0, 3), f32),
    "col": np.ones((1 << 20, 1), f32),
    "row": np.ones((1, 1 << 20), f32),
}
for name, a in arrays.items():
    np.save(os.path.join(out, name + ".npy"), a)
