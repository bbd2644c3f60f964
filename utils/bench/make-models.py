#!/usr/bin/python3
"""make-models.py - the two PyTorch models of issue 16's scale target, as ONNX.

    /usr/bin/python3 utils/bench/make-models.py OUT_DIR

Writes OUT_DIR/mlp.onnx and OUT_DIR/cnn.onnx, exported with
torch.onnx.export at opset 17 from fixed seeds (so every run writes the
same weights):

- mlp: a 3-layer perceptron 512 -> 2048 -> 2048 -> 512 with GELU between the
  layers (nn.GELU, exact erf form), batch 64; 6.3M weights.
- cnn: three 3x3 convolutions 3 -> 32 -> 64 -> 64 (stride 1, padding 1)
  with ReLU after each, input 8x3x64x64.

The files are build outputs: the benchmark writes them to its work
directory, never to the source tree. `tensorc compile OUT_DIR/mlp.onnx`
(and tensor-import-onnx) read them; PyTorch only builds them.
"""
import os
import sys

import torch
from torch import nn


def mlp():
    torch.manual_seed(16)
    return nn.Sequential(nn.Linear(512, 2048), nn.GELU(), nn.Linear(2048, 2048), nn.GELU(),
                         nn.Linear(2048, 512)), torch.randn(64, 512)


def cnn():
    torch.manual_seed(17)
    layers = []
    for cin, cout in ((3, 32), (32, 64), (64, 64)):
        layers += [nn.Conv2d(cin, cout, 3, stride=1, padding=1), nn.ReLU()]
    return nn.Sequential(*layers), torch.randn(8, 3, 64, 64)


def export(model, example, path):
    model.eval()
    with torch.no_grad():
        torch.onnx.export(model, example, path, opset_version=17, input_names=["x"], output_names=["y"])


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-models.py OUT_DIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, build in (("mlp", mlp), ("cnn", cnn)):
        model, example = build()
        export(model, example, os.path.join(out, name + ".onnx"))
        print(os.path.join(out, name + ".onnx"))


if __name__ == "__main__":
    main()
