# Writes the inputs of Inputs/fast-ties.mlir into the directory argv[1]:
# tie_{a,b}.npy, tie64_{a,b}.npy and cancel_{a,b}.npy (see that file).
import os
import sys

import numpy as np

out = sys.argv[1]


def save(name, array):
    np.save(os.path.join(out, name + ".npy"), array)


save("tie_a", np.array([[1, 2.0**-24, 2.0**-80]], dtype=np.float32))
save("tie_b", np.ones((3, 1), dtype=np.float32))
save("tie64_a", np.array([[1, 2.0**-53, 2.0**-110]], dtype=np.float64))
save("tie64_b", np.ones((3, 1), dtype=np.float64))
# Row i: +2^40 and -2^40 at two places, small values elsewhere; every column
# of b is 1 at those places, so the large products cancel exactly and what
# is left (a few units) is far below the bound of 64 terms of 2^40.
rng = np.random.default_rng(16)
a = rng.uniform(-1, 1, (4, 64)).astype(np.float32)
a[:, 3], a[:, 40] = 2.0**40, -(2.0**40)
b = rng.uniform(-1, 1, (64, 3)).astype(np.float32)
b[3, :], b[40, :] = 1, 1
save("cancel_a", a)
save("cancel_b", b)
