#!/usr/bin/python3
"""make-conv-transpose.py ROOT: ConvTranspose models (lib/Import/OpsConvPool.c)
in the ONNX backend test layout, for test/Import/conv-transpose.test. The
expected outputs come from PyTorch's conv_transpose in float64 (the full
output, without padding), cropped by ONNX's pads (a negative pad extends with
zeros) and plus the bias: an oracle independent of tensorc.

  ct_group_stride_dil     2-D, group 2 (C/g = 2, M/g = 3), strides [2, 3],
                          dilations [1, 2], asymmetric pads, output_padding,
                          bias
  ct_output_shape_big     2-D, output_shape one larger than the full output
                          (extended at the end), strides 2
  ct_1d_same_lower        1-D, auto_pad SAME_LOWER, strides 3, bias
  ct_f64_valid            f64, auto_pad VALID, kernel 1 x 2
"""
import os
import sys

import numpy as np
import torch
from onnx import helper, numpy_helper
from onnx_case import write_case

root = sys.argv[1]
rng = np.random.default_rng(2123)


def case(name, nodes, inputs, outputs, opset=13):
    """inputs/outputs: lists of (name, array)."""
    write_case(root, name, nodes, inputs, outputs, opset)


def conv_transpose(x, w, b, strides, dilations, group, pads, opad):
    """ONNX ConvTranspose: pads = [begins..., ends...] (negative extends)."""
    sp = x.ndim - 2
    fn = torch.nn.functional.conv_transpose1d if sp == 1 else torch.nn.functional.conv_transpose2d
    y = fn(torch.from_numpy(x.astype(np.float64)), torch.from_numpy(w.astype(np.float64)), None, tuple(strides),
           0, tuple(opad), group, tuple(dilations)).numpy()
    ext = [(0, 0), (0, 0)] + [(max(0, -pads[i]), max(0, -pads[i + sp])) for i in range(sp)]
    y = np.pad(y, ext)
    crop = tuple([slice(None), slice(None)] +
                 [slice(max(0, pads[i]), y.shape[2 + i] - max(0, pads[i + sp])) for i in range(sp)])
    y = y[crop]
    if b is not None:
        y = y + b.astype(np.float64).reshape([1, -1] + [1] * sp)
    return y.astype(x.dtype)


def full_size(n, k, s, d, op):
    return s * (n - 1) + op + (k - 1) * d + 1


x = rng.standard_normal((2, 4, 3, 4)).astype(np.float32)
w = rng.standard_normal((4, 3, 2, 3)).astype(np.float32)
b = rng.standard_normal(6).astype(np.float32)
pads = [1, 0, 2, 1]
case("ct_group_stride_dil",
     [helper.make_node("ConvTranspose", ["x", "w", "b"], ["y"], group=2, strides=[2, 3], dilations=[1, 2],
                       pads=pads, output_padding=[1, 0])],
     [("x", x), ("w", w), ("b", b)], [("y", conv_transpose(x, w, b, [2, 3], [1, 2], 2, pads, [1, 0]))])

x = rng.standard_normal((1, 1, 3, 3)).astype(np.float32)
w = rng.standard_normal((1, 2, 3, 3)).astype(np.float32)
shape = [full_size(3, 3, 2, 1, 0) + 1, full_size(3, 3, 2, 1, 0)]
pads = [0, 0, -1, 0]  # total -1: start total - floor(total / 2) = 0, end floor(-1 / 2) = -1
case("ct_output_shape_big", [helper.make_node("ConvTranspose", ["x", "w"], ["y"], strides=[2, 2], output_shape=shape)],
     [("x", x), ("w", w)], [("y", conv_transpose(x, w, None, [2, 2], [1, 1], 1, pads, [0, 0]))])

x = rng.standard_normal((1, 2, 5)).astype(np.float32)
w = rng.standard_normal((2, 3, 4)).astype(np.float32)
b = rng.standard_normal(3).astype(np.float32)
total = full_size(5, 4, 3, 1, 0) - 5 * 3  # SAME_LOWER: the larger half at the start
case("ct_1d_same_lower", [helper.make_node("ConvTranspose", ["x", "w", "b"], ["y"], strides=[3], auto_pad="SAME_LOWER")],
     [("x", x), ("w", w), ("b", b)],
     [("y", conv_transpose(x, w, b, [3], [1], 1, [total - total // 2, total // 2], [0]))])

x = rng.standard_normal((2, 3, 2, 3))
w = rng.standard_normal((3, 2, 1, 2))
case("ct_f64_valid", [helper.make_node("ConvTranspose", ["x", "w"], ["y"], auto_pad="VALID")],
     [("x", x), ("w", w)], [("y", conv_transpose(x, w, None, [1, 1], [1, 1], 1, [0, 0, 0, 0], [0, 0]))])
