"""make-outputs.py DIR CONTRACT: writes pairs of output directories for compare.test.

DIR/ref holds the reference's outputs; every other directory differs from it
in one way (its name), or not at all (same). edge-op and past-op put element
0 on the last float32 that ops.*.tolerance.f32 of CONTRACT accepts and on the
next one (one ulp past the bound); edge-out and past-out do the same for
outputs.f32. The budgets are read from the contract, never written here.
"""
import json
import os
import sys

import numpy as np

root, contract = sys.argv[1], json.load(open(sys.argv[2]))
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


def within(y, r, budget):
    """docs/contract.md §1: |y - r| <= atol + rtol*|r|, or at most ulp ulps (positive y and r)."""
    diff = abs(float(y) - float(r))
    ulps = abs(int(np.float32(y).view(np.int32)) - int(np.float32(r).view(np.int32)))
    return diff <= budget["atol"] + budget["rtol"] * abs(float(r)) or ulps <= budget.get("ulp", 0)


def edge(r, budget):
    """The last float32 above r within the budget, and the next one."""
    y = np.float32(r)
    while within(np.nextafter(y, np.float32(np.inf)), r, budget):
        y = np.nextafter(y, np.float32(np.inf))
    return y, np.nextafter(y, np.float32(np.inf))


for name, budget in (("op", contract["ops"]["*"]["tolerance"]["f32"]), ("out", contract["outputs"]["f32"])):
    last, past = edge(ref[0][0], budget)
    variant(f"edge-{name}", set_element(0, 0, last))
    variant(f"past-{name}", set_element(0, 0, past))

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
# An expected side that cannot be read: a file named like an output that is no .npy.
os.makedirs(os.path.join(root, "garbled"), exist_ok=True)
open(os.path.join(root, "garbled", "output_0.npy"), "w").write("not an array\n")
