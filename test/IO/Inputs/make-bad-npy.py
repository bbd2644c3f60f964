"""make-bad-npy.py DIR: writes .npy files whose headers break the format in
one way each (and well-formed ones spelled unusually) into DIR, for
test/IO/npy-header.test. Every file holds a float32 array of shape (3,)
(12 data bytes) unless its name says otherwise."""
import os
import sys

DATA = b"\x00\x00\x80\x3f" * 3  # three float32 ones

HEADERS = {
    "no-close.npy": "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), ",
    "dup-key.npy": "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'shape': (3,), }",
    "unknown-key.npy": "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'extra': 1, }",
    "after-close.npy": "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), } junk",
    "no-shape.npy": "{'descr': '<f4', 'fortran_order': False, }",
    "descr-not-string.npy": "{'descr': 4, 'fortran_order': False, 'shape': (3,), }",
    "shape-junk.npy": "{'descr': '<f4', 'fortran_order': False, 'shape': (3 x), }",
    "no-colon.npy": "{'descr' '<f4', 'fortran_order': False, 'shape': (3,), }",
    # shapes the 12 data bytes do not hold: read without allocating the claim
    "huge-claim.npy": "{'descr': '<f4', 'fortran_order': False, 'shape': (100000, 100000), }",
    "over-limit.npy": "{'descr': '<f8', 'fortran_order': False, 'shape': (1099511627776,), }",
    # well formed: other key order, no trailing comma, double quotes
    "reordered.npy": '{"shape": (3,), "fortran_order": False, "descr": "<f4"}',
}


def write(path, header):
    text = header.encode()
    pad = (64 - (10 + len(text) + 1) % 64) % 64
    text += b" " * pad + b"\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(text).to_bytes(2, "little") + text + DATA)


os.makedirs(sys.argv[1], exist_ok=True)
for name, header in HEADERS.items():
    write(os.path.join(sys.argv[1], name), header)
