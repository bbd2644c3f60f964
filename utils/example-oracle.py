#!/usr/bin/python3
"""Checks tensor-ref on the bundled examples against PyTorch.

Usage: example-oracle.py TENSOR_REF CONTRACT EXAMPLES_DIR

For examples/mlp.mlir and examples/cnn.mlir: runs tensor-ref with a seed
(inputs drawn by tensor-ref, saved with --output-dir), rebuilds the same
network with torch.nn.functional from the weights written in the example
(the dense<...> constants, read back as Python literals), runs it in float64
on the same inputs, and compares tensor-ref's float32 output with the float64
result rounded to float32, within the budget the contract file states for
whole-model outputs. Prints a line per example and exits 1 on a mismatch.
"""
import json
import re
import subprocess
import sys
import tempfile

import numpy as np
import torch
import torch.nn.functional as F


def constants(text):
    """Maps each %name = "tc_tensor.constant" to a float64 tensor."""
    out = {}
    pattern = re.compile(r'%(\w+) = "tc_tensor.constant"\(\) \{value = dense<(.*?)> : tensor<([0-9x]*)xf32>\}')
    for name, literal, shape in pattern.findall(text):
        dims = [int(d) for d in shape.split("x") if d]
        out[name] = torch.tensor(np.array(eval(literal), dtype=np.float64).reshape(dims))
    return out


def mlp(c, x):
    h = torch.relu(x @ c["w1"] + c["b1"])
    return torch.softmax(h @ c["w2"] + c["b2"], dim=-1)


def cnn(c, image):
    y = torch.relu(F.conv2d(image, c["k1"], c["c1"], stride=1, padding=1))
    y = F.max_pool2d(y, kernel_size=2, stride=2)
    y = torch.relu(F.conv2d(y, c["k2"], None, stride=1, padding=0))
    y = F.adaptive_avg_pool2d(y, 1).reshape(1, 8)
    return torch.log_softmax(y @ c["fc"] + c["fb"], dim=1)


def ulp_error(got, want):
    """Distance in float32 ulps between got and the float64 value want."""
    spacing = np.spacing(np.abs(want.astype(np.float32))).astype(np.float64)
    return np.abs(got.astype(np.float64) - want) / spacing


def main():
    tensor_ref, contract_path, examples = sys.argv[1], sys.argv[2], sys.argv[3]
    budget = json.load(open(contract_path))["models"]["f32"]
    failures = 0
    for name, net in (("mlp", mlp), ("cnn", cnn)):
        path = f"{examples}/{name}.mlir"
        with tempfile.TemporaryDirectory() as out:
            subprocess.run([tensor_ref, path, "--seed", "7", "--output-dir", out], check=True, capture_output=True)
            x = torch.tensor(np.load(f"{out}/input_0.npy").astype(np.float64))
            got = np.load(f"{out}/output_0.npy")
            want = net(constants(open(path).read()), x).numpy()
        err = ulp_error(got, want)
        worst = int(np.argmax(err))
        ok = got.dtype == np.float32 and got.shape == want.shape and err.max() <= budget["ulp"]
        failures += not ok
        print(f"{'PASS' if ok else 'FAIL'} {name}: {got.size} outputs, worst {err.max():.2f} ulp at {worst} "
              f"(got {got.flat[worst]!r}, torch float64 {want.flat[worst]!r}), budget {budget['ulp']} ulp")
    print(f"2 examples, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
