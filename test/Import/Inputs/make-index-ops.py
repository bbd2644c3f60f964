#!/usr/bin/python3
"""make-index-ops.py ROOT: models of the ops imported as a one-hot selection
(lib/Import/OpsIndex.c) in the ONNX backend test layout, for
test/Import/index-ops.test. The expected outputs are computed here with
NumPy in float64 from ONNX's definitions (np.take_along_axis, the loss
formulas), rounded once: an oracle independent of tensorc.

  gather_elements_neg      axis 1, negative indices, indices narrower than data
  gather_elements_int_axis0  int32 data, axis 0, int32 indices, fewer rows
  gather_elements_bool     bool data, axis -1
  nll_weight_ii            [N, C, d], weight, ignore_index 1 (inside [0, C)), mean
  nll_none                 [N, C], no weight, reduction none
  nll_sum_ii_negative      [N, C, d1, d2], ignore_index -5, sum
  sce_log_prob_weight      [N, C, d], weight, mean, both outputs
  sce_ii_no_weight         [N, C], ignore_index 0, mean (sum / count of kept)

and of the ops built from a one-hot tensor or unrolled (Hardmax, OneHot in
OpsIndex.c, CumSum in OpsReduce.c):

  hardmax_ties             [2, 3, 4], axis 1, ties (the first index wins)
  hardmax_opset11          opset 11: x coerced to 2-D at axis 1, f64
  onehot_float_axis0       float indices (cast to int64 by truncation),
                           negative and out-of-range ones, depth an
                           initializer, int32 values, axis 0
  onehot_depth_input       int32 indices, depth a float graph input (bound
                           at import time by the runner), axis -1
  cumsum_rev_excl          f32 [3, 7], axis 1 (int32 initializer), exclusive
                           and reverse, a -0.0 among the values
  cumsum_int_wrap          int32 [4, 2] wrapping, axis -2 a graph input
  cumsum_f64_axis0         f64 [3, 2, 2], axis 0
"""
import os
import sys

import numpy as np
from onnx import helper, numpy_helper
from onnx_case import write_case

root = sys.argv[1]
rng = np.random.default_rng(2121)


def case(name, nodes, inputs, outputs, opset=13):
    """inputs/outputs: lists of (name, array)."""
    write_case(root, name, nodes, inputs, outputs, opset)


x = rng.standard_normal((3, 5)).astype(np.float32)
i = np.array([[0, -1, 2], [4, -5, 1], [-2, 3, 0]], np.int64)
case("gather_elements_neg", [helper.make_node("GatherElements", ["x", "i"], ["y"], axis=1)],
     [("x", x), ("i", i)], [("y", np.take_along_axis(x, np.where(i < 0, i + 5, i), axis=1))])
xi = rng.integers(-100, 100, (4, 3)).astype(np.int32)
ii = np.array([[3, 0, 1], [2, 2, 0]], np.int32)
case("gather_elements_int_axis0", [helper.make_node("GatherElements", ["x", "i"], ["y"], axis=0)],
     [("x", xi), ("i", ii)], [("y", np.take_along_axis(xi[:, :3], ii, axis=0))])
xb = rng.integers(0, 2, (2, 4)).astype(bool)
ib = np.array([[3, 1, 1, 0], [0, 2, 3, 3]], np.int64)
case("gather_elements_bool", [helper.make_node("GatherElements", ["x", "i"], ["y"], axis=-1)],
     [("x", xb), ("i", ib)], [("y", np.take_along_axis(xb, ib, axis=-1))])


def nll(logp, t, w=None, reduction="mean", ii=None):
    """ONNX NegativeLogLikelihoodLoss in float64: input [N, C, d...]."""
    logp = logp.astype(np.float64)
    c = logp.shape[1]
    keep = np.ones(t.shape, bool) if ii is None else t != ii
    tc = np.clip(t, 0, c - 1)
    loss = -np.take_along_axis(logp, tc[:, None], axis=1)[:, 0] * keep
    wt = keep.astype(np.float64) if w is None else w.astype(np.float64)[tc] * keep
    if w is not None:
        loss = loss * wt
    if reduction == "none":
        return loss.astype(np.float32)
    if reduction == "sum":
        return np.float32(loss.sum())
    return np.float32(loss.sum() / wt.sum() if (w is not None or ii is not None) else loss.mean())


def log_softmax(s):
    s = s.astype(np.float64)
    m = s.max(axis=1, keepdims=True)
    return s - m - np.log(np.exp(s - m).sum(axis=1, keepdims=True))


a = rng.standard_normal((3, 4, 2)).astype(np.float32)
t = np.array([[1, 0], [3, 1], [2, 1]], np.int64)
w = rng.uniform(0.5, 2, 4).astype(np.float32)
case("nll_weight_ii", [helper.make_node("NegativeLogLikelihoodLoss", ["a", "t", "w"], ["l"], ignore_index=1)],
     [("a", a), ("t", t), ("w", w)], [("l", nll(a, t, w, "mean", 1))])
b = rng.standard_normal((4, 3)).astype(np.float32)
tb = np.array([2, 0, 1, 1], np.int32)
case("nll_none", [helper.make_node("NegativeLogLikelihoodLoss", ["b", "t"], ["l"], reduction="none")],
     [("b", b), ("t", tb)], [("l", nll(b, tb, reduction="none"))])
c = rng.standard_normal((2, 3, 2, 2)).astype(np.float32)
tc = np.array([[[0, -5], [2, 1]], [[-5, 2], [1, 0]]], np.int64)
case("nll_sum_ii_negative", [helper.make_node("NegativeLogLikelihoodLoss", ["c", "t"], ["l"], reduction="sum",
                                              ignore_index=-5)],
     [("c", c), ("t", tc)], [("l", nll(c, tc, reduction="sum", ii=-5))])
s = rng.standard_normal((3, 4, 2)).astype(np.float32)
case("sce_log_prob_weight", [helper.make_node("SoftmaxCrossEntropyLoss", ["s", "t", "w"], ["l", "lp"])],
     [("s", s), ("t", t), ("w", w)],
     [("l", nll(log_softmax(s), t, w)), ("lp", log_softmax(s).astype(np.float32))])
s2 = rng.standard_normal((5, 3)).astype(np.float32)
t2 = np.array([0, 2, 0, 1, 2], np.int64)
case("sce_ii_no_weight", [helper.make_node("SoftmaxCrossEntropyLoss", ["s", "t"], ["l"], ignore_index=0)],
     [("s", s2), ("t", t2)], [("l", nll(log_softmax(s2), t2, ii=0))])


def hardmax(x, axis):
    y = np.zeros_like(x)
    np.put_along_axis(y, np.expand_dims(np.argmax(x, axis=axis), axis), 1, axis=axis)
    return y


h = rng.integers(0, 3, (2, 3, 4)).astype(np.float32)
case("hardmax_ties", [helper.make_node("Hardmax", ["x"], ["y"], axis=1)], [("x", h)], [("y", hardmax(h, 1))])
h2 = rng.standard_normal((2, 3, 4))
case("hardmax_opset11", [helper.make_node("Hardmax", ["x"], ["y"], axis=1)], [("x", h2)],
     [("y", hardmax(h2.reshape(2, 12), 1).reshape(2, 3, 4))], opset=11)


def one_hot(indices, depth, values, axis):
    """ONNX OneHot: indices cast to int64, a negative one plus depth, any
    outside [0, depth) all off."""
    i = indices.astype(np.int64)
    i = np.where(i < 0, i + depth, i)
    r = i.ndim + 1
    axis = axis + r if axis < 0 else axis
    hot = np.expand_dims(i, axis) == np.arange(depth).reshape([depth if k == axis else 1 for k in range(r)])
    return np.where(hot, values[1], values[0]).astype(values.dtype)


fi = np.array([[0.0, 2.7, -1.2], [5.0, -4.0, 3.9]], np.float32)
vi32 = np.array([-3, 7], np.int32)
case("onehot_float_axis0", [helper.make_node("Constant", [], ["depth"], value=numpy_helper.from_array(np.int64(4))),
                            helper.make_node("OneHot", ["i", "depth", "v"], ["y"], axis=0)],
     [("i", fi), ("v", vi32)], [("y", one_hot(fi, 4, vi32, 0))], opset=11)
ii = np.array([4, -1, 0, -5, 2], np.int32)
vf = np.array([0.5, -2.0], np.float32)
case("onehot_depth_input", [helper.make_node("OneHot", ["i", "depth", "v"], ["y"])],
     [("i", ii), ("depth", np.array([5.0], np.float32)), ("v", vf)], [("y", one_hot(ii, 5, vf, -1))], opset=11)


def cumsum(x, axis, exclusive=False, reverse=False):
    """ONNX CumSum in float64 (wrapping for integers), rounded once."""
    w = x.astype(np.float64) if x.dtype.kind == "f" else x
    if reverse:
        w = np.flip(w, axis)
    c = np.cumsum(w, axis=axis, dtype=w.dtype)
    if exclusive:
        c = np.concatenate([np.zeros_like(np.take(c, [0], axis)), np.take(c, range(c.shape[axis] - 1), axis)], axis)
    if reverse:
        c = np.flip(c, axis)
    return c.astype(x.dtype)


c1 = rng.standard_normal((3, 7)).astype(np.float32)
c1[1, 3] = -0.0
case("cumsum_rev_excl", [helper.make_node("Constant", [], ["axis"], value=numpy_helper.from_array(np.int32(1))),
                         helper.make_node("CumSum", ["x", "axis"], ["y"], exclusive=1, reverse=1)],
     [("x", c1)], [("y", cumsum(c1, 1, True, True))], opset=14)
c2 = np.array([[2**31 - 5, -7], [3, 2**30], [9, 2**30], [-1, 2**30]], np.int32)
case("cumsum_int_wrap", [helper.make_node("CumSum", ["x", "axis"], ["y"])],
     [("x", c2), ("axis", np.array(-2, np.int64))], [("y", cumsum(c2, 0))], opset=14)
c3 = rng.standard_normal((3, 2, 2))
case("cumsum_f64_axis0", [helper.make_node("CumSum", ["x", "axis"], ["y"])],
     [("x", c3), ("axis", np.array(0, np.int32))], [("y", cumsum(c3, 0))], opset=14)
