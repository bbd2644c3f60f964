# Prints every .npy file of a directory, sorted by name, as
# "name dtype shape values" (NumPy's own reading of the file), for the tests
# of the files tensor-ref writes.
import os
import sys

import numpy as np

directory = sys.argv[1]
for name in sorted(os.listdir(directory)):
    if name.endswith(".npy"):
        array = np.load(os.path.join(directory, name))  # no pickles: plain arrays only
        print(name, array.dtype, array.shape, array.tolist())
