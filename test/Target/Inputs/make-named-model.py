#!/usr/bin/python3
"""make-named-model.py DIR: ONNX models whose graph names the ABI must keep,
for test/Target/abi-names.test.

named.onnx: y = x @ w + b with inputs "x.1" and "w" and the output
'out"*/y' — a dot, a quote and a comment terminator, which the header must
quote and the descriptor escape; b is an initializer (not an input).
dup-out.onnx: one value listed twice as an output, so the names are not
distinct and the ABI keeps none.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
F = TensorProto.FLOAT
b = numpy_helper.from_array(np.array([0.5, -1.0, 2.0], np.float32), "b")
nodes = [helper.make_node("MatMul", ["x.1", "w"], ["t"]), helper.make_node("Add", ["t", "b"], ['out"*/y'])]
graph = helper.make_graph(nodes, "named", [helper.make_tensor_value_info("x.1", F, [2, 4]),
                                            helper.make_tensor_value_info("w", F, [4, 3])],
                          [helper.make_tensor_value_info('out"*/y', F, [2, 3])], [b])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
onnx.checker.check_model(model)
onnx.save(model, os.path.join(out, "named.onnx"))

graph = helper.make_graph([helper.make_node("Relu", ["x"], ["r"])], "dup_out",
                          [helper.make_tensor_value_info("x", F, [3])],
                          [helper.make_tensor_value_info("r", F, [3]), helper.make_tensor_value_info("r", F, [3])])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
onnx.save(model, os.path.join(out, "dup-out.onnx"))

x = np.arange(8, dtype=np.float32).reshape(2, 4) / 4
w = np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3)
np.save(os.path.join(out, "x.npy"), x)
np.save(os.path.join(out, "w.npy"), w)
