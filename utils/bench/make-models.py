#!/usr/bin/python3
"""make-models.py - PyTorch models for utils/bench, as ONNX.

    /usr/bin/python3 utils/bench/make-models.py [--dynamic] OUT_DIR [MODEL[:BATCH] ...]

With no MODEL, writes issue 16's two models at their own batch:
OUT_DIR/mlp.onnx (batch 64) and OUT_DIR/cnn.onnx (batch 8). With MODEL:BATCH
arguments (issue 18's model benchmarks), writes OUT_DIR/MODEL_bBATCH.onnx
for each; MODEL alone means its own batch. Every model is exported with
torch.onnx.export at opset 17 from a fixed seed, so every run writes the
same weights, and `build(name)` (imported by pyimpl.py) rebuilds the same
module for PyTorch eager:

- mlp: a 3-layer perceptron 512 -> 2048 -> 2048 -> 512 with GELU between the
  layers (nn.GELU, exact erf form); 6.3M weights; batch 64.
- cnn: three 3x3 convolutions 3 -> 32 -> 64 -> 64 (stride 1, padding 1)
  with ReLU after each, input Bx3x64x64; batch 8.
- transformer: one nn.TransformerEncoderLayer, d_model 256, 4 heads,
  feed-forward 1024, ReLU, post-norm, batch_first, input Bx128x256; batch 8.
- mobilenet: a MobileNetV3 inverted-residual block on Bx16x56x56: expand
  1x1 16 -> 64 with batch norm and hardswish, depthwise 3x3 (64 groups)
  with batch norm and hardswish, squeeze-excite (global average pool, 1x1
  64 -> 16, ReLU, 1x1 16 -> 64, hardsigmoid, scale), project 1x1 64 -> 16
  with batch norm, and the residual add; batch 8. The batch norms have
  non-trivial running statistics (drawn), and the exporter folds them into
  the convolutions.

With --dynamic, each model is exported with a dynamic batch
(`dynamic_axes` on dimension 0 of x and y) and the file is
OUT_DIR/MODEL_bBATCH_dyn.onnx: the same module and weights, BATCH only
fixing the example the exporter traces (the benchmark's dynamic suite).

The files are build outputs: the benchmark writes them to its work
directory, never to the source tree. `tensorc compile OUT_DIR/mlp.onnx`
(and tensor-import-onnx) read them; PyTorch only builds them.
"""
import os
import sys

import torch
from torch import nn


def mlp(batch):
    torch.manual_seed(16)
    return nn.Sequential(nn.Linear(512, 2048), nn.GELU(), nn.Linear(2048, 2048), nn.GELU(),
                         nn.Linear(2048, 512)), torch.randn(batch, 512)


def cnn(batch):
    torch.manual_seed(17)
    layers = []
    for cin, cout in ((3, 32), (32, 64), (64, 64)):
        layers += [nn.Conv2d(cin, cout, 3, stride=1, padding=1), nn.ReLU()]
    return nn.Sequential(*layers), torch.randn(batch, 3, 64, 64)


def transformer(batch):
    torch.manual_seed(18)
    layer = nn.TransformerEncoderLayer(d_model=256, nhead=4, dim_feedforward=1024, dropout=0.1,
                                       batch_first=True)
    return layer, torch.randn(batch, 128, 256)


class SqueezeExcite(nn.Module):
    def __init__(self, channels, squeezed):
        super().__init__()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc1, self.fc2 = nn.Conv2d(channels, squeezed, 1), nn.Conv2d(squeezed, channels, 1)
        self.relu, self.gate = nn.ReLU(), nn.Hardsigmoid()

    def forward(self, x):
        return x * self.gate(self.fc2(self.relu(self.fc1(self.pool(x)))))


class InvertedResidual(nn.Module):
    def __init__(self, channels=16, expanded=64):
        super().__init__()
        self.expand = nn.Sequential(nn.Conv2d(channels, expanded, 1, bias=False), nn.BatchNorm2d(expanded),
                                    nn.Hardswish())
        self.depthwise = nn.Sequential(nn.Conv2d(expanded, expanded, 3, padding=1, groups=expanded, bias=False),
                                       nn.BatchNorm2d(expanded), nn.Hardswish())
        self.se = SqueezeExcite(expanded, channels)
        self.project = nn.Sequential(nn.Conv2d(expanded, channels, 1, bias=False), nn.BatchNorm2d(channels))

    def forward(self, x):
        return x + self.project(self.se(self.depthwise(self.expand(x))))


def mobilenet(batch):
    torch.manual_seed(19)
    block = InvertedResidual()
    for m in block.modules():  # running statistics of a trained network, not the identity
        if isinstance(m, nn.BatchNorm2d):
            m.running_mean.uniform_(-0.5, 0.5)
            m.running_var.uniform_(0.5, 2.0)
            m.weight.data.uniform_(0.5, 1.5)
            m.bias.data.uniform_(-0.5, 0.5)
    return block, torch.randn(batch, 16, 56, 56)


MODELS = {"mlp": (mlp, 64), "cnn": (cnn, 8), "transformer": (transformer, 8), "mobilenet": (mobilenet, 8)}


def build(name, batch=None):
    """(module in eval mode, example input) of model `name` at `batch`."""
    make, own = MODELS[name]
    model, example = make(own if batch is None else batch)
    return model.eval(), example


def export(model, example, path, dynamic=False):
    # Gradients stay enabled while tracing: under no_grad, PyTorch runs
    # TransformerEncoderLayer as one fused op (its inference fast path), which
    # has no ONNX form; traced with gradients it is the layer's own ops.
    axes = {"x": {0: "batch"}, "y": {0: "batch"}} if dynamic else None
    torch.onnx.export(model, example, path, opset_version=17, input_names=["x"], output_names=["y"],
                      dynamic_axes=axes)


def main():
    args = sys.argv[1:]
    dynamic = bool(args) and args[0] == "--dynamic"
    args = args[1:] if dynamic else args
    if not args:
        sys.exit("usage: make-models.py [--dynamic] OUT_DIR [MODEL[:BATCH] ...]")
    out = args[0]
    os.makedirs(out, exist_ok=True)
    specs = args[1:]
    jobs = [(name, None, name) for name in ("mlp", "cnn")] if not specs else []
    for spec in specs:
        name, _, batch = spec.partition(":")
        if name not in MODELS or (batch and not batch.isdigit()):
            sys.exit(f"make-models.py: unknown model '{spec}' (models: {', '.join(MODELS)}; MODEL:BATCH)")
        b = int(batch) if batch else MODELS[name][1]
        jobs.append((name, b, f"{name}_b{b}" + ("_dyn" if dynamic else "")))
    for name, batch, stem in jobs:
        model, example = build(name, batch)
        export(model, example, os.path.join(out, stem + ".onnx"), dynamic)
        print(os.path.join(out, stem + ".onnx"))


if __name__ == "__main__":
    main()
