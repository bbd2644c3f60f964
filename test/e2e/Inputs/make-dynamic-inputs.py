"""Writes the .npy inputs of test/e2e/dynamic.mlir's hand-picked shapes.

    make-dynamic-inputs.py DIR

x5x3, y5x3: a 5x3 pair; y1x3: a row that broadcasts against ?x3; y4x3:
rows that do not (4 against 5); x5x4: an inner size that breaks ?x3.
Values are seeded standard normal float32 (NumPy), any values serving:
the checks compare the artifact with tensor-ref on these same files.
"""
import pathlib
import sys

import numpy as np

out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
rng = np.random.default_rng(7)
for name, shape in [("x5x3", (5, 3)), ("y5x3", (5, 3)), ("y1x3", (1, 3)), ("y4x3", (4, 3)), ("x5x4", (5, 4))]:
    np.save(out / f"{name}.npy", rng.standard_normal(shape).astype(np.float32))
