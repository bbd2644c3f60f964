#!/usr/bin/python3
"""make-unsupported.py DIR: a model with several unsupported nodes, for
test/Import/unsupported-all.test.

    x -> Acos "ac" -> Relu "after_ac" -> Det (unnamed, node #2) -> y
    x -> Relu "ok" -> Acos (unnamed, node #4) -> z
    x -> Abs "fine" -> w

Acos and Det have no importer. Det reads a value Acos left
unavailable and is still listed (its op has no importer at all); Relu
"after_ac" reads one too but has an importer, so it is not. "ok" and "fine"
import.
"""
import os
import sys

import onnx
from onnx import TensorProto, helper

F = TensorProto.FLOAT
nodes = [
    helper.make_node("Acos", ["x"], ["h"], name="ac"),
    helper.make_node("Relu", ["h"], ["r"], name="after_ac"),
    helper.make_node("Det", ["r"], ["y"]),
    helper.make_node("Relu", ["x"], ["o"], name="ok"),
    helper.make_node("Acos", ["o"], ["z"]),
    helper.make_node("Abs", ["x"], ["w"], name="fine"),
]
graph = helper.make_graph(nodes, "several", [helper.make_tensor_value_info("x", F, [3, 3])],
                          [helper.make_tensor_value_info("y", F, []), helper.make_tensor_value_info("z", F, [3, 3]),
                           helper.make_tensor_value_info("w", F, [3, 3])])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
onnx.checker.check_model(model)
os.makedirs(sys.argv[1], exist_ok=True)
onnx.save(model, os.path.join(sys.argv[1], "several.onnx"))
