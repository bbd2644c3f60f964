#!/usr/bin/python3
"""make-chains.py DIR: the models of test/Import/chains.test, PyTorch exports
with a dynamic batch whose graphs compute reshape targets from shapes
(Shape -> Gather -> Unsqueeze -> Concat -> Reshape), and PyTorch's outputs.

  mlp.onnx    x.reshape(x.shape[0], -1) of [B, 28, 28], nn.Linear(784, 256),
              ReLU, nn.Linear(256, 10)
  cnn.onnx    nn.Conv2d(1, 4, 3, padding=1), ReLU, nn.MaxPool2d(2),
              x.view(x.size(0), -1), nn.Linear(144, 10) on [B, 1, 12, 12]
  block.onnx  a one-block self-attention on [B, 8, 16]: q = Linear(x)
              reshaped x.reshape(B, T, H, C // H), transposed, softmax(q q^T)
              q, transposed back, reshape(B, T, C), Linear, residual
  encoder.onnx  nn.TransformerEncoderLayer(d_model 32, 4 heads, feed-forward
              64, batch_first) on [B, 8, 32], exported at opset 17: its
              attention transposes to [T, B, C] (the ? in the middle),
              slices q, k and v out of one projection and reshapes to
              [T, B·H, D]; LayerNormalization after each residual

Each is exported by torch.onnx.export (opset 13 but encoder) with dynamic_axes
{0: "batch"} on the input x0 and the output y. For every batch B in BATCHES
the script writes DIR/<model>_x_<B>.npy (a fixed-seed draw) and
DIR/<model>_torch_<B>/output_0.npy, PyTorch's eager f32 output: the oracle.

Small graphs built with onnx.helper exercise the refusals of shape chains
(docs/tensor-import-onnx.md, "Shape chains"), each on an input x of shape
[N, 3] (or [N, M]):
  cos_dyn.onnx     ConstantOfShape(Shape(x))
  range_dyn.onnx   Range(0, Shape(x)[0], 1)
  expand_dyn.onnx  Expand of a [1, 3] constant to Shape(x)
  data_dyn.onnx    Cast(Shape(x), float) added to a constant (a size as data)
  out_dyn.onnx     Shape(x) as a graph output
  mul2_dyn.onnx    Shape(x)[0] * Shape(x)[1] of a [N, M] input
  two_dyn.onnx     Reshape of a [N, M] input to [N, M, 1]
  value_dyn.onnx   Reshape of x to a shape given as graph input s (its values)
  squeeze_dyn.onnx Squeeze of x's dynamic axis 0
  concat_dyn.onnx  Concat of x with itself (concat takes static shapes)
  index_dyn.onnx   Gather of a constant at the indices Shape(x) (a size as data)
  slice_dyn.onnx   Slice of Shape(x) up to Shape(x)[0] (a bound must be known)
  slicex_dyn.onnx  Slice of x's dynamic axis 0 from 1 (slice takes a ? axis whole)
  lnorm_dyn.onnx   LayerNormalization (opset 17) of a [N, M] input over axis 1
  unsq2_dyn.onnx   Unsqueeze of a [N, M] input (two dynamic reshape dims)
  size2_dyn.onnx   Size of a [N, M] input (a product of two sizes)
  floor_dyn.onnx   Reshape of x [N, 6] to [Shape(x)[0] / 2 * 2, -1] (no size expression)
  squeeze0_dyn.onnx, expand_bool_dyn.onnx, expand_big_dyn.onnx (at the end)
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


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(784, 256), nn.Linear(256, 10)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x.reshape(x.shape[0], -1))))


class CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv, self.pool, self.fc = nn.Conv2d(1, 4, 3, padding=1), nn.MaxPool2d(2), nn.Linear(144, 10)

    def forward(self, x):
        x = self.pool(torch.relu(self.conv(x)))
        return self.fc(x.view(x.size(0), -1))


class Block(nn.Module):
    def __init__(self, heads=4):
        super().__init__()
        self.q, self.o, self.heads = nn.Linear(16, 16), nn.Linear(16, 16), heads

    def forward(self, x):
        b, t, c = x.shape
        q = self.q(x).reshape(b, t, self.heads, c // self.heads).transpose(1, 2)
        a = torch.softmax(q @ q.transpose(-1, -2) / 2.0, dim=-1) @ q
        return self.o(a.transpose(1, 2).reshape(b, t, c)) + x


for seed, (name, make, item) in enumerate((("mlp", MLP, (28, 28)), ("cnn", CNN, (1, 12, 12)),
                                           ("block", Block, (8, 16)))):
    torch.manual_seed(40 + seed)
    model = make().eval()
    dynamic_export.export_with_batches(out, name, model, item, np.random.default_rng(4000 + seed))
torch.manual_seed(43)
encoder = nn.TransformerEncoderLayer(d_model=32, nhead=4, dim_feedforward=64, batch_first=True).eval()
dynamic_export.export_with_batches(out, "encoder", encoder, (8, 32), np.random.default_rng(4003), opset=17)


save = functools.partial(dynamic_export.save, out)


F, I64 = TensorProto.FLOAT, TensorProto.INT64
x = helper.make_tensor_value_info("x", F, ["N", 3])
xnm = helper.make_tensor_value_info("x", F, ["N", "M"])
shape = helper.make_node("Shape", ["x"], ["s"], name="shape")
zero = numpy_helper.from_array(np.array([0], np.int64), "zero")
zero0 = numpy_helper.from_array(np.array(0, np.int64), "zero0")
one0 = numpy_helper.from_array(np.array(1, np.int64), "one0")
batch = helper.make_node("Gather", ["s", "zero0"], ["n"], name="batch", axis=0)


def y(rank=None, dtype=F):
    return helper.make_tensor_value_info("y", dtype, None if rank is None else [None] * rank)


save("cos_dyn", [shape, helper.make_node("ConstantOfShape", ["s"], ["y"], name="cos")], [x], [y(2)])
save("range_dyn", [shape, batch, helper.make_node("Range", ["zero0", "n", "one0"], ["y"], name="range")], [x],
     [y(1, I64)], [zero0, one0])
save("expand_dyn", [shape, helper.make_node("Expand", ["c", "s"], ["y"], name="expand")], [x], [y(2)],
     [numpy_helper.from_array(np.ones((1, 3), np.float32), "c")])
save("data_dyn", [shape, helper.make_node("Cast", ["s"], ["f"], name="cast", to=F),
                  helper.make_node("Add", ["f", "c"], ["y"], name="add")], [x], [y(1)],
     [numpy_helper.from_array(np.ones(2, np.float32), "c")])
save("out_dyn", [shape], [x], [helper.make_tensor_value_info("s", I64, [2])])
save("mul2_dyn", [shape, batch, helper.make_node("Gather", ["s", "one0"], ["m"], name="cols", axis=0),
                  helper.make_node("Mul", ["n", "m"], ["nm"], name="mul"),
                  helper.make_node("Unsqueeze", ["nm", "zero"], ["t"], name="unsq"),
                  helper.make_node("Reshape", ["x", "t"], ["y"], name="reshape")], [xnm], [y(1)],
     [zero0, one0, zero])
save("two_dyn", [shape, helper.make_node("Concat", ["s", "one"], ["t"], name="concat", axis=0),
                 helper.make_node("Reshape", ["x", "t"], ["y"], name="reshape")], [xnm], [y(3)],
     [numpy_helper.from_array(np.array([1], np.int64), "one")])
save("value_dyn", [helper.make_node("Reshape", ["x", "t"], ["y"], name="reshape")],
     [x, helper.make_tensor_value_info("t", I64, [2])], [y(2)])
save("squeeze_dyn", [helper.make_node("Squeeze", ["x", "zero"], ["y"], name="squeeze")], [x], [y(1)], [zero])
save("concat_dyn", [helper.make_node("Concat", ["x", "x"], ["y"], name="concat", axis=1)], [x], [y(2)])
save("index_dyn", [shape, helper.make_node("Gather", ["c", "s"], ["y"], name="gather", axis=0)], [x], [y(2)],
     [numpy_helper.from_array(np.ones((4, 2), np.float32), "c")])
save("slice_dyn", [shape, batch, helper.make_node("Unsqueeze", ["n", "zero"], ["e"], name="unsq"),
                   helper.make_node("Slice", ["s", "zero", "e"], ["y"], name="slice")], [x], [y(1, I64)],
     [zero0, zero])
save("slicex_dyn", [helper.make_node("Slice", ["x", "one", "big"], ["y"], name="slice")], [x], [y(2)],
     [numpy_helper.from_array(np.array([1], np.int64), "one"),
      numpy_helper.from_array(np.array([2**63 - 1], np.int64), "big")])
save("lnorm_dyn", [helper.make_node("LayerNormalization", ["x", "s"], ["y"], name="lnorm", axis=1)], [xnm], [y(2)],
     [numpy_helper.from_array(np.ones(1, np.float32), "s")], opset=17)
save("unsq2_dyn", [helper.make_node("Unsqueeze", ["x", "zero"], ["y"], name="unsq")], [xnm], [y(3)], [zero])
save("size2_dyn", [helper.make_node("Size", ["x"], ["n"], name="size"),
                   helper.make_node("Unsqueeze", ["n", "zero"], ["t"], name="unsq"),
                   helper.make_node("Reshape", ["x", "t"], ["y"], name="reshape")], [xnm], [y(1)], [zero])

# Graphs that import, judged against NumPy at every batch:
#   expand_ok.onnx  Expand of x [N, 1] to [Shape(x)[0], 3] (np.broadcast_to)
#   arith_ok.onnx   Reshape of x [N, 6] to [Shape(x)[0:1] * 6 / 3, -1]
x1 = helper.make_tensor_value_info("x", F, ["N", 1])
x6 = helper.make_tensor_value_info("x", F, ["N", 6])
save("expand_ok", [shape, batch, helper.make_node("Unsqueeze", ["n", "zero"], ["u"], name="unsq"),
                   helper.make_node("Concat", ["u", "three"], ["t"], name="concat", axis=0),
                   helper.make_node("Expand", ["x", "t"], ["y"], name="expand")], [x1], [y(2)],
     [zero0, zero, numpy_helper.from_array(np.array([3], np.int64), "three")])
save("arith_ok", [shape, helper.make_node("Slice", ["s", "zero", "one"], ["n1"], name="slice"),
                  helper.make_node("Mul", ["n1", "six"], ["n6"], name="mul"),
                  helper.make_node("Div", ["n6", "three"], ["n2"], name="div"),
                  helper.make_node("Concat", ["n2", "minus1"], ["t"], name="concat", axis=0),
                  helper.make_node("Reshape", ["x", "t"], ["y"], name="reshape")], [x6], [y(2)],
     [numpy_helper.from_array(np.array([v], np.int64), n) for n, v in
      (("zero", 0), ("one", 1), ("six", 6), ("three", 3), ("minus1", -1))])
#   size_ok.onnx    Reshape of x [N, 6] to [Size(x) / 3, 3]
save("size_ok", [helper.make_node("Size", ["x"], ["n"], name="size"),
                 helper.make_node("Div", ["n", "three0"], ["n2"], name="div"),
                 helper.make_node("Unsqueeze", ["n2", "zero"], ["u"], name="unsq"),
                 helper.make_node("Concat", ["u", "three"], ["t"], name="concat", axis=0),
                 helper.make_node("Reshape", ["x", "t"], ["y"], name="reshape")], [x6], [y(2)],
     [zero, numpy_helper.from_array(np.array(3, np.int64), "three0"),
      numpy_helper.from_array(np.array([3], np.int64), "three")])
# and one refusal: floor(N / 2) * 2 is not N (floor_dyn.onnx).
save("floor_dyn", [shape, batch, helper.make_node("Div", ["n", "two0"], ["h"], name="div"),
                   helper.make_node("Mul", ["h", "two0"], ["n2"], name="mul"),
                   helper.make_node("Unsqueeze", ["n2", "zero"], ["u"], name="unsq"),
                   helper.make_node("Concat", ["u", "minus1"], ["t"], name="concat", axis=0),
                   helper.make_node("Reshape", ["x", "t"], ["y"], name="reshape")], [x6], [y(2)],
     [zero0, zero, numpy_helper.from_array(np.array(2, np.int64), "two0"),
      numpy_helper.from_array(np.array([-1], np.int64), "minus1")])
rng = np.random.default_rng(4100)
for name, cols, oracle in (("expand_ok", 1, lambda v: np.broadcast_to(v, (v.shape[0], 3))),
                           ("arith_ok", 6, lambda v: v.reshape(-1, 3)), ("size_ok", 6, lambda v: v.reshape(-1, 3))):
    for b in BATCHES:
        v = rng.standard_normal((b, cols)).astype(np.float32)
        np.save(os.path.join(out, f"{name}_x_{b}.npy"), v)
        os.makedirs(os.path.join(out, f"{name}_np_{b}"), exist_ok=True)
        np.save(os.path.join(out, f"{name}_np_{b}", "output_0.npy"), np.ascontiguousarray(oracle(v)))

# More refusals: Squeeze without axes of x, Expand of a bool [N, 1] to
# [N, 3], Expand of x [N, 1] to [1, 2000000] (a ones tensor too large).
save("squeeze0_dyn", [helper.make_node("Squeeze", ["x"], ["y"], name="squeeze")], [x], [y(2)])
save("expand_bool_dyn", [helper.make_node("Expand", ["x", "t"], ["y"], name="expand")],
     [helper.make_tensor_value_info("x", TensorProto.BOOL, ["N", 1])], [y(2, TensorProto.BOOL)],
     [numpy_helper.from_array(np.array([1, 3], np.int64), "t")])
save("expand_big_dyn", [helper.make_node("Expand", ["x", "t"], ["y"], name="expand")], [x1], [y(2)],
     [numpy_helper.from_array(np.array([1, 2000000], np.int64), "t")])
