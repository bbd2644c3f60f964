#!/usr/bin/python3
"""make-dynamic.py DIR: the models of test/Import/dynamic.test, with a dynamic
batch dimension, and PyTorch's outputs at several batch sizes.

  mlp.onnx    nn.Linear(64, 128), ReLU, nn.Linear(128, 32)
  cnn.onnx    nn.Conv2d(1, 4, 3, padding=1), ReLU, nn.MaxPool2d(2),
              nn.Flatten(), nn.Linear(144, 10) on [B, 1, 12, 12]

Both are exported by torch.onnx.export with dynamic_axes {0: "batch"} on the
input x0 and the output y, so the graph declares the batch as a dim_param.
For every batch B in BATCHES the script writes DIR/<model>_x_<B>.npy (a
fixed-seed draw) and DIR/<model>_torch_<B>/output_0.npy, PyTorch's eager
f32 output for it: the oracle the reference's output is judged against.

Two small graphs built with onnx.helper:
  transpose_dyn.onnx  Transpose of a [N, 3] input (the ? moves)
  conv_dyn_hw.onnx    Conv of a [1, 1, H, W] input (refused: only the batch may be ?)
"""
import os
import sys

import numpy as np
import onnx
import torch
from onnx import TensorProto, helper, numpy_helper
from torch import nn

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
BATCHES = (1, 5, 17, 64)


def mlp():
    torch.manual_seed(22)
    return nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 32)).eval(), (64,)


def cnn():
    torch.manual_seed(23)
    return nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                         nn.Linear(144, 10)).eval(), (1, 12, 12)


for name, make in (("mlp", mlp), ("cnn", cnn)):
    model, item = make()
    example = torch.randn(2, *item)
    torch.onnx.export(model, example, os.path.join(out, name + ".onnx"), opset_version=13, input_names=["x0"],
                      output_names=["y"], dynamic_axes={"x0": {0: "batch"}, "y": {0: "batch"}})
    rng = np.random.default_rng(2200 + len(name))
    for b in BATCHES:
        x = rng.standard_normal((b, *item)).astype(np.float32)
        np.save(os.path.join(out, f"{name}_x_{b}.npy"), x)
        with torch.no_grad():
            y = model(torch.from_numpy(x)).numpy()
        os.makedirs(os.path.join(out, f"{name}_torch_{b}"), exist_ok=True)
        np.save(os.path.join(out, f"{name}_torch_{b}", "output_0.npy"), y)


def save(name, nodes, inputs, outputs, inits=()):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, name + ".onnx"))


F = TensorProto.FLOAT
save("transpose_dyn", [helper.make_node("Transpose", ["x"], ["y"], perm=[1, 0], name="t")],
     [helper.make_tensor_value_info("x", F, ["N", 3])], [helper.make_tensor_value_info("y", F, [3, "N"])])
w = numpy_helper.from_array(np.ones((1, 1, 3, 3), np.float32), "w")
save("conv_dyn_hw", [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")],
     [helper.make_tensor_value_info("x", F, [1, 1, "H", "W"])],
     [helper.make_tensor_value_info("y", F, [1, 1, None, None])], [w])
