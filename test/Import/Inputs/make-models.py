#!/usr/bin/python3
"""Writes the small ONNX models the importer's lit tests read into DIR.

    make-models.py DIR

Built with python-onnx (Debian's python3-onnx) at test time, so no binary
model is committed. Each model exercises one import rule or one diagnostic.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
F = TensorProto.FLOAT


def save(name, nodes, inputs, outputs, inits=(), opset=13, check=True):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    if check:
        onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, name + ".onnx"))
    return model


def vi(name, dims, t=F):
    return helper.make_tensor_value_info(name, t, dims)


# add_relu: argument order follows the graph inputs, results its outputs.
save("add_relu", [helper.make_node("Add", ["b", "a"], ["s"], name="add0"),
                  helper.make_node("Relu", ["s"], ["r"], name="relu0")],
     [vi("a", [2, 3]), vi("b", [3])], [vi("r", [2, 3]), vi("s", [2, 3])])

# A large initializer (a dense_resource) and a small one (dense).
w = numpy_helper.from_array(np.arange(64 * 32, dtype=np.float32).reshape(64, 32), "w")
bias = numpy_helper.from_array(np.array([1, 2], dtype=np.float32), "bias")
save("matmul_init", [helper.make_node("MatMul", ["x", "w"], ["y"], name="mm"),
                     helper.make_node("Add", ["y", "bias2"], ["z"], name="badd")],
     [vi("x", [2, 64])], [vi("z", [2, 32])],
     [w, numpy_helper.from_array(np.ones(32, dtype=np.float32), "bias2")])

# Shape -> Gather -> Concat -> Reshape folds to one reshape.
save("shape_fold", [
    helper.make_node("Shape", ["x"], ["shp"]),
    helper.make_node("Constant", [], ["i0"], value=numpy_helper.from_array(np.array([0], dtype=np.int64))),
    helper.make_node("Gather", ["shp", "i0"], ["n"], axis=0),
    helper.make_node("Constant", [], ["m1"], value=numpy_helper.from_array(np.array([-1], dtype=np.int64))),
    helper.make_node("Concat", ["n", "m1"], ["newshape"], axis=0),
    helper.make_node("Reshape", ["x", "newshape"], ["y"], name="flat")],
    [vi("x", [2, 3, 4])], [vi("y", [2, 12])])

# Softmax before opset 13 flattens at axis 1.
save("softmax_v11", [helper.make_node("Softmax", ["x"], ["y"], name="sm")],
     [vi("x", [2, 3, 4])], [vi("y", [2, 3, 4])], opset=11)

# Gemm with its defaults written out.
save("gemm_defaults", [helper.make_node("Gemm", ["a", "b", "c"], ["y"], name="g", transB=1)],
     [vi("a", [2, 3]), vi("b", [4, 3]), vi("c", [4])], [vi("y", [2, 4])])

# Diagnostics.
save("unsupported_op", [helper.make_node("Det", ["x"], ["y"], name="det0")], [vi("x", [3, 3])], [vi("y", [])])
save("dynamic_dim", [helper.make_node("Relu", ["x"], ["y"], name="r")], [vi("x", ["N", 3])], [vi("y", ["N", 3])])
save("old_opset", [helper.make_node("Relu", ["x"], ["y"], name="r")], [vi("x", [3])], [vi("y", [3])], opset=22,
     check=False)
save("dangling", [helper.make_node("Relu", ["nowhere"], ["y"], name="r")], [vi("x", [3])], [vi("y", [3])],
     check=False)
save("bad_attr", [helper.make_node("Softmax", ["x"], ["y"], name="sm", axis=1.5)], [vi("x", [3])], [vi("y", [3])],
     check=False)
save("wrong_output", [helper.make_node("Relu", ["x"], ["y"], name="r")], [vi("x", [3])], [vi("y", [4])])
save("unsupported_attr", [helper.make_node("Pad", ["x", "p"], ["y"], name="pad0", mode="wrap")],
     [vi("x", [3])], [vi("y", [5])], [numpy_helper.from_array(np.array([1, 1], dtype=np.int64), "p")])
save("string_input", [helper.make_node("Identity", ["x"], ["y"], name="id")],
     [vi("x", [2], TensorProto.STRING)], [vi("y", [2], TensorProto.STRING)])

# One-hot selections (OpsIndex.c) and their diagnostics.
I64 = TensorProto.INT64
save("gather_elements", [helper.make_node("GatherElements", ["x", "i"], ["y"], name="ge", axis=1)],
     [vi("x", [2, 3]), vi("i", [2, 2], I64)], [vi("y", [2, 2])])
save("gather_elements_f_index", [helper.make_node("GatherElements", ["x", "i"], ["y"], name="ge", axis=1)],
     [vi("x", [2, 3]), vi("i", [2, 2])], [vi("y", [2, 2])], check=False)
save("nll_bad_target", [helper.make_node("NegativeLogLikelihoodLoss", ["x", "t"], ["l"], name="nll")],
     [vi("x", [2, 3, 4]), vi("t", [2, 5], I64)], [vi("l", [])], check=False)
save("nll_bad_reduction", [helper.make_node("NegativeLogLikelihoodLoss", ["x", "t"], ["l"], name="nll",
                                            reduction="max")],
     [vi("x", [2, 3]), vi("t", [2], I64)], [vi("l", [])], check=False)
save("sce_weight", [helper.make_node("SoftmaxCrossEntropyLoss", ["x", "t", "w"], ["l", "lp"], name="sce",
                                     ignore_index=2)],
     [vi("x", [2, 3]), vi("t", [2], I64), vi("w", [3])], [vi("l", []), vi("lp", [2, 3])])

save("gather_elements_rank", [helper.make_node("GatherElements", ["x", "i"], ["y"], name="ge")],
     [vi("x", [2, 3]), vi("i", [2], I64)], [vi("y", [2])], check=False)
save("gather_elements_wide", [helper.make_node("GatherElements", ["x", "i"], ["y"], name="ge", axis=1)],
     [vi("x", [2, 3]), vi("i", [3, 2], I64)], [vi("y", [3, 2])], check=False)
# Hardmax, OneHot (OpsIndex.c) and CumSum (OpsReduce.c), and their diagnostics.
save("hardmax", [helper.make_node("Hardmax", ["x"], ["y"], name="hm")], [vi("x", [2, 3])], [vi("y", [2, 3])])
save("onehot", [helper.make_node("OneHot", ["i", "depth", "v"], ["y"], name="oh", axis=0)],
     [vi("i", [2], I64), vi("v", [2], TensorProto.INT32)], [vi("y", [3, 2], TensorProto.INT32)],
     [numpy_helper.from_array(np.array(3, np.int64), "depth")], opset=11)
save("onehot_bad_values", [helper.make_node("OneHot", ["i", "depth", "v"], ["y"], name="oh")],
     [vi("i", [2], I64), vi("v", [3])], [vi("y", [2, 3])],
     [numpy_helper.from_array(np.array(3, np.int64), "depth")], opset=11, check=False)
save("onehot_depth_input", [helper.make_node("OneHot", ["i", "depth", "v"], ["y"], name="oh")],
     [vi("i", [2], I64), vi("depth", [], I64), vi("v", [2])], [vi("y", [2, 3])], opset=11, check=False)
save("cumsum", [helper.make_node("CumSum", ["x", "axis"], ["y"], name="cs", exclusive=1)],
     [vi("x", [2, 3])], [vi("y", [2, 3])], [numpy_helper.from_array(np.array(1, np.int64), "axis")], opset=14)
save("cumsum_long", [helper.make_node("CumSum", ["x", "axis"], ["y"], name="cs")],
     [vi("x", [300])], [vi("y", [300])], [numpy_helper.from_array(np.array(0, np.int64), "axis")], opset=14)
save("cumsum_axis_matrix", [helper.make_node("CumSum", ["x", "axis"], ["y"], name="cs")],
     [vi("x", [3])], [vi("y", [3])], [numpy_helper.from_array(np.zeros((1, 1), np.int64), "axis")], opset=14,
     check=False)
# Resize and Upsample (OpsResize.c) and their diagnostics.
def resize_model(name, attrs, xdims, ydims, opset=13, scales=None, sizes=None, check=True):
    inits = []
    ins = ["x", "", "scales" if scales is not None else "", "sizes" if sizes is not None else ""]
    if scales is not None:
        inits.append(numpy_helper.from_array(np.array(scales, np.float32), "scales"))
    if sizes is not None:
        inits.append(numpy_helper.from_array(np.array(sizes, np.int64), "sizes"))
    save(name, [helper.make_node("Resize", ins if sizes is not None else ins[:3], ["y"], name="rs", **attrs)],
         [vi("x", xdims)], [vi("y", ydims)], inits, opset=opset, check=check)


resize_model("resize_nearest", {"mode": "nearest"}, [1, 3], [2, 6], scales=[2, 2])
resize_model("resize_linear", {"mode": "linear", "coordinate_transformation_mode": "align_corners"}, [2, 2], [2, 3],
             sizes=[2, 3])
resize_model("resize_bad_mode", {"mode": "area"}, [1, 3], [2, 6], scales=[2, 2], check=False)
resize_model("resize_antialias", {"mode": "linear", "antialias": 1}, [1, 3], [2, 6], opset=18, scales=[2, 2],
             check=False)
resize_model("resize_opset10", {"mode": "nearest"}, [1, 3], [2, 6], opset=10, check=False)
# ConvTranspose (OpsConvPool.c) and its diagnostics.
ct_w = numpy_helper.from_array(np.arange(12, dtype=np.float32).reshape(1, 2, 2, 3), "w")
save("conv_transpose", [helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="ct", strides=[2, 1])],
     [vi("x", [1, 1, 2, 2])], [vi("y", [1, 2, 4, 4])], [ct_w])
save("conv_transpose_channels", [helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="ct")],
     [vi("x", [1, 3, 2, 2])], [vi("y", [1, 2, 3, 4])], [ct_w], check=False)
save("conv_transpose_opad", [helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="ct", output_padding=[1, 1])],
     [vi("x", [1, 1, 2, 2])], [vi("y", [1, 2, 4, 5])], [ct_w], check=False)
save("conv_transpose_3d", [helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="ct")],
     [vi("x", [1, 1, 2, 2, 2]), vi("w", [1, 1, 1, 1, 1])], [vi("y", [1, 1, 2, 2, 2])])
save("bitshift_signed", [helper.make_node("BitShift", ["x", "y"], ["z"], name="bs", direction="LEFT")],
     [vi("x", [2], TensorProto.INT32), vi("y", [2], TensorProto.INT32)], [vi("z", [2], TensorProto.INT32)],
     check=False)
save("onehot_big_depth", [helper.make_node("OneHot", ["i", "depth", "v"], ["y"], name="oh")],
     [vi("i", [2], I64), vi("v", [2])], [vi("y", [2, 2**21])],
     [numpy_helper.from_array(np.array(2**21, np.int64), "depth")], opset=11)
save("hardmax_long", [helper.make_node("Hardmax", ["x"], ["y"], name="hm")], [vi("x", [2**21])], [vi("y", [2**21])])
resize_model("resize_big", {"mode": "nearest"}, [1, 2], [1, 2**21], sizes=[1, 2**21])
save("nll_bad_weight", [helper.make_node("NegativeLogLikelihoodLoss", ["x", "t", "w"], ["l"], name="nll")],
     [vi("x", [2, 3]), vi("t", [2], I64), vi("w", [4])], [vi("l", [])], check=False)
save("instnorm_rank", [helper.make_node("InstanceNormalization", ["x", "s", "b"], ["y"], name="in")],
     [vi("x", [2, 3]), vi("s", [3]), vi("b", [3])], [vi("y", [2, 3])], check=False)
save("instnorm_scale", [helper.make_node("InstanceNormalization", ["x", "s", "b"], ["y"], name="in")],
     [vi("x", [2, 3, 4]), vi("s", [4]), vi("b", [3])], [vi("y", [2, 3, 4])], check=False)
save("legacy_no_broadcast", [helper.make_node("Add", ["x", "b"], ["y"], name="add")],
     [vi("x", [2, 3]), vi("b", [3])], [vi("y", [2, 3])], opset=6, check=False)

# Inputs needed at import time, given as graph inputs (bind.test).
save("reshape_shape_input", [helper.make_node("Reshape", ["x", "s"], ["y"], name="rs")],
     [vi("x", [2, 3]), vi("s", [2], I64)], [vi("y", [3, 2])], check=False)
with open(os.path.join(out, "shape_3x2.pb"), "wb") as f:
    f.write(numpy_helper.from_array(np.array([3, 2], dtype=np.int64), "s").SerializeToString())
save("range_inputs", [helper.make_node("Range", ["a", "b", "c"], ["y"], name="r")],
     [vi("a", [], I64), vi("b", [], I64), vi("c", [], I64)], [vi("y", [3], I64)], check=False)

# A tensor file and a non-tensor file.
t = numpy_helper.from_array(np.array([[1.5, -2.0, 3.25]], dtype=np.float32))
with open(os.path.join(out, "tensor.pb"), "wb") as f:
    f.write(t.SerializeToString())
