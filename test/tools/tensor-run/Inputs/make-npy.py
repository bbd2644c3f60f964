"""make-npy.py DIR: writes the .npy inputs the tensor-run tests use into DIR."""
import os
import sys

import numpy as np

ARRAYS = {
    # @bias_add of test/Target/Inputs/abi-kernels.mlir
    "a.npy": np.arange(6, dtype=np.float32).reshape(2, 3),
    "b.npy": np.array([0.5, -1, 2], dtype=np.float32),
    # @threshold
    "x.npy": np.array([1, 5, -3, 200, 7], dtype=np.int32),
    "t.npy": np.array(4, dtype=np.uint8),
    # @convert
    "c64.npy": np.array([1 + 2**-8 + 2**-30, 1 + 2**-8, -0.0, np.nan, 1e300, 2**-134, 3, -np.inf]),
    "c32.npy": np.array([1, 2, 3, 4, 5, 6, 7, 65520], dtype=np.float32),
    # wrong ones
    "b-int.npy": np.array([1, 2, 3], dtype=np.int32),
    "b-long.npy": np.zeros(4, dtype=np.float32),
    "b-2d.npy": np.zeros((1, 3), dtype=np.float32),
}

directory = sys.argv[1]
os.makedirs(directory, exist_ok=True)
for name, array in ARRAYS.items():
    np.save(os.path.join(directory, name), array)
with open(os.path.join(directory, "truncated.npy"), "wb") as f:
    f.write(b"\x93NUMPY\x01\x00")
