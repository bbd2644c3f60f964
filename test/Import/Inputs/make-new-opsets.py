#!/usr/bin/python3
"""make-new-opsets.py ROOT: models of opsets 18 to 21 in the ONNX backend
test layout (model.onnx, test_data_set_0/input_<i>.pb, output_<i>.pb), for
test/Import/new-opsets.test. The expected outputs are NumPy's (math.erf for
Gelu), computed here in float64 and rounded once: an oracle independent of
tensorc. onnx 1.12 knows opsets up to 17, so models are not checked by its
checker.

  reduce_mean_axes_input   opset 18: ReduceMean's axes as an input
  reduce_max_axes_input    opset 18: ReduceMax's, keepdims 0, a negative axis
  split_num_outputs        opset 18: Split into ceil(7/3) = 3, 3, 1 by num_outputs
  pad_axes_input           opset 18: Pad only axis 1, given through the axes input
  gelu                     opset 20: Gelu, exact
  gelu_tanh                opset 20: Gelu, approximate = "tanh"
  mlp_opset21              opset 21: MatMul, Add, Relu, Transpose, Flatten
"""
import math
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper
from onnx_case import write_case

root = sys.argv[1]
F = TensorProto.FLOAT
rng = np.random.default_rng(21)


def case(name, opset, nodes, inputs, outputs, inits=()):
    """inputs/outputs: lists of (name, float32 array)."""
    write_case(root, name, nodes, inputs, outputs, opset, inits, elem_type=F)


def f32(a):
    return np.asarray(a, dtype=np.float64).astype(np.float32)


x = rng.standard_normal((3, 4, 5)).astype(np.float32)
case("reduce_mean_axes_input", 18, [helper.make_node("ReduceMean", ["x", "axes"], ["y"], keepdims=1)],
     [("x", x)], [("y", f32(x.astype(np.float64).mean(axis=(0, 2), keepdims=True)))],
     [("axes", np.array([0, 2], np.int64))])
case("reduce_max_axes_input", 18, [helper.make_node("ReduceMax", ["x", "axes"], ["y"], keepdims=0)],
     [("x", x)], [("y", x.max(axis=-1))], [("axes", np.array([-1], np.int64))])

s = rng.standard_normal((2, 7)).astype(np.float32)
case("split_num_outputs", 18, [helper.make_node("Split", ["s"], ["a", "b", "c"], axis=1, num_outputs=3)],
     [("s", s)], [("a", s[:, 0:3]), ("b", s[:, 3:6]), ("c", s[:, 6:7])])

p = rng.standard_normal((2, 3)).astype(np.float32)
case("pad_axes_input", 18, [helper.make_node("Pad", ["p", "pads", "value", "axes"], ["q"], mode="constant")],
     [("p", p)], [("q", np.pad(p, ((0, 0), (1, 2)), constant_values=1.5))],
     [("pads", np.array([1, 2], np.int64)), ("value", np.array(1.5, np.float32)), ("axes", np.array([1], np.int64))])

g = (rng.standard_normal((4, 6)) * 3).astype(np.float32)
g64 = g.astype(np.float64)
exact = g64 * 0.5 * (1 + np.vectorize(math.erf)(g64 / math.sqrt(2)))
approx = 0.5 * g64 * (1 + np.tanh(math.sqrt(2 / math.pi) * (g64 + 0.044715 * g64 ** 3)))
case("gelu", 20, [helper.make_node("Gelu", ["g"], ["h"])], [("g", g)], [("h", f32(exact))])
case("gelu_tanh", 20, [helper.make_node("Gelu", ["g"], ["h"], approximate="tanh")], [("g", g)], [("h", f32(approx))])

m = rng.standard_normal((2, 3, 4)).astype(np.float32)
w = rng.standard_normal((12, 5)).astype(np.float32)
b = rng.standard_normal((5,)).astype(np.float32)
flat = m.transpose(0, 2, 1).reshape(2, 12).astype(np.float64)
case("mlp_opset21", 21,
     [helper.make_node("Transpose", ["m"], ["t"], perm=[0, 2, 1]), helper.make_node("Flatten", ["t"], ["f"], axis=1),
      helper.make_node("MatMul", ["f", "w"], ["mm"]), helper.make_node("Add", ["mm", "b"], ["z"]),
      helper.make_node("Relu", ["z"], ["out"])],
     [("m", m)], [("out", f32(np.maximum(flat @ w.astype(np.float64) + b, 0)))], [("w", w), ("b", b)])
