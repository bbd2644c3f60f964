"""The Python runtime on a dynamic entry point (test/python/dynamic.test):
one artifact called on 0, 1, 5 and 17 rows equals tensor-run's outputs bit
for bit, and shapes the guards or the static dimensions refuse raise
ValueError before anything runs."""
import sys

import numpy as np
import tensorc

work = sys.argv[1]
m = tensorc.load(f"{work}/add.so")
print(f"OK: {m['add']!r} dynamic={m['add'].dynamic}")
for n in (0, 1, 5, 17):
    a, b = np.load(f"{work}/a{n}.npy"), np.load(f"{work}/b{n}.npy")
    y = m(a, b)
    ref = np.load(f"{work}/out{n}/output_0.npy")
    same = y.shape == ref.shape and y.dtype == ref.dtype and y.tobytes() == ref.tobytes()
    print(f"{'OK' if same else 'FAIL'}: {n} rows: {y.shape} equals tensor-run's bit for bit")
for what, args in (("unequal rows", (np.zeros((5, 3), np.float32), np.zeros((4, 3), np.float32))),
                   ("inner 4", (np.zeros((5, 4), np.float32), np.zeros((5, 3), np.float32)))):
    try:
        m(*args)
        print(f"FAIL: {what} was accepted")
    except ValueError as e:
        print(f"OK: {what}: ValueError: {e}")
