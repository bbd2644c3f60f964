#!/usr/bin/python3
"""make-dynamic.py DIR: the models of test/Import/dynamic.test, with a dynamic
batch dimension, and PyTorch's outputs at several batch sizes.

  mlp.onnx    nn.Linear(64, 128), ReLU, nn.Linear(128, 32)
  cnn.onnx    nn.Conv2d(1, 4, 3, padding=1), ReLU, nn.MaxPool2d(2),
              nn.Flatten(), nn.Linear(144, 10) on [B, 1, 12, 12]
  acts.onnx   hardswish + hardsigmoid + leaky_relu + elu + softplus +
              softsign of one [B, 3, 4] input

Both are exported by torch.onnx.export with dynamic_axes {0: "batch"} on the
input x0 and the output y, so the graph declares the batch as a dim_param.
For every batch B in BATCHES the script writes DIR/<model>_x_<B>.npy (a
fixed-seed draw) and DIR/<model>_torch_<B>/output_0.npy, PyTorch's eager
f32 output for it: the oracle the reference's output is judged against.

Two small graphs built with onnx.helper:
  transpose_dyn.onnx  Transpose of a [N, 3] input (the ? moves)
  conv_dyn_hw.onnx    Conv of a [1, 1, H, W] input (refused: only the batch may be ?)
"""
import functools
import os
import sys

import numpy as np
import onnx
import torch
from onnx import TensorProto, helper, numpy_helper
from torch import nn

import dynamic_export
from dynamic_export import BATCHES

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def mlp():
    torch.manual_seed(22)
    return nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 32)).eval(), (64,)


def cnn():
    torch.manual_seed(23)
    return nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                         nn.Linear(144, 10)).eval(), (1, 12, 12)


class Activations(nn.Module):
    """ONNX's formula activations on one dynamic input: HardSwish,
    HardSigmoid, LeakyRelu, Elu, Softplus, Softsign (OpsActivation.c)."""

    def forward(self, x):
        return (nn.functional.hardswish(x) + nn.functional.hardsigmoid(x) + nn.functional.leaky_relu(x, 0.1)
                + nn.functional.elu(x) + nn.functional.softplus(x) + nn.functional.softsign(x))


def activations():
    return Activations().eval(), (3, 4)


for name, make in (("mlp", mlp), ("cnn", cnn), ("acts", activations)):
    model, item = make()
    dynamic_export.export_with_batches(out, name, model, item, np.random.default_rng(2200 + len(name)))


save = functools.partial(dynamic_export.save, out)


F = TensorProto.FLOAT
save("transpose_dyn", [helper.make_node("Transpose", ["x"], ["y"], perm=[1, 0], name="t")],
     [helper.make_tensor_value_info("x", F, ["N", 3])], [helper.make_tensor_value_info("y", F, [3, "N"])])
w = numpy_helper.from_array(np.ones((1, 1, 3, 3), np.float32), "w")
save("conv_dyn_hw", [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")],
     [helper.make_tensor_value_info("x", F, [1, 1, "H", "W"])],
     [helper.make_tensor_value_info("y", F, [1, 1, None, None])], [w])
