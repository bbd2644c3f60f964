"""make-outputs.py DIR: writes pairs of output directories for compare-outputs.test.

DIR/ref holds the reference's outputs; every other directory differs from it
in one way (its name), or not at all (same).
"""
import os
import sys

import numpy as np

root = sys.argv[1]
ref = {
    0: np.array([1.0, -2.5, 0.0, np.inf, np.nan], dtype=np.float32),
    1: np.array([1, 2, 3], dtype=np.int32),
}


def variant(name, change):
    outputs = {i: a.copy() for i, a in ref.items()}
    change(outputs)
    directory = os.path.join(root, name)
    os.makedirs(directory, exist_ok=True)
    for i, a in outputs.items():
        np.save(os.path.join(directory, f"output_{i}.npy"), a)


def set_element(i, k, value):
    def change(outputs):
        outputs[i][k] = value
    return change


def other_payload(outputs):
    bits = outputs[0].view(np.uint32)
    bits[4] = 0x7FC00001


variant("ref", lambda outputs: None)
variant("same", lambda outputs: None)
variant("ulp", set_element(0, 0, np.nextafter(np.float32(1), np.float32(2))))
variant("nan", set_element(0, 1, np.nan))
variant("negzero", set_element(0, 2, -0.0))
variant("payload", other_payload)
variant("inf", set_element(0, 3, np.finfo(np.float32).max))
variant("int", set_element(1, 2, 4))
variant("shape", lambda outputs: outputs.update({0: outputs[0][:4].reshape(2, 2)}))
variant("dtype", lambda outputs: outputs.update({0: outputs[0].astype(np.float64)}))
variant("missing", lambda outputs: outputs.pop(1))
variant("extra", lambda outputs: outputs.update({2: np.zeros(1, np.float32)}))
# bf16 values in float32 arrays: 1 and the next bf16 up.
for name, value in (("bf16-ref", 1.0), ("bf16-ulp", 1.0078125)):
    os.makedirs(os.path.join(root, name), exist_ok=True)
    np.save(os.path.join(root, name, "output_0.npy"), np.array([value, 2.0], dtype=np.float32))
os.makedirs(os.path.join(root, "empty"), exist_ok=True)
