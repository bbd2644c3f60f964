# Writes the .npy fixtures of tensor-ref-cli.test (run from this directory
# with /usr/bin/python3; each file is well under 1 KB). Kept so the fixtures
# can be regenerated, not run by the tests.
import numpy as np

a = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32)
np.save("npy-a.npy", a)
np.save("npy-b.npy", np.array([10, 20, 30], dtype=np.float32))
np.save("npy-wrong-shape.npy", a.reshape(3, 2))
np.save("npy-wrong-dtype.npy", a.astype(np.float64))
np.save("npy-big-endian.npy", a.astype(">f4"))
np.save("npy-fortran.npy", np.asfortranarray(a))
np.save("npy-int8.npy", np.array([5, -128], dtype=np.int8))

with open("npy-a.npy", "rb") as f:
    whole = f.read()
with open("npy-truncated.npy", "wb") as f:
    f.write(whole[:-8])  # the header promises 24 data bytes; 16 remain
with open("npy-bad-magic.npy", "wb") as f:
    f.write(b"PK\x03\x04 this is not a .npy file\n")
