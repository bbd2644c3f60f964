#!/usr/bin/python3
"""make-legacy-opsets.py DIR: one network written for opsets 1, 6, 13, 17
and 18, each in the form its opset defines (for test/Import/opsets.test):

  y = Softmax(ReduceSum(Relu(x + b) * c, axis 2, keepdims 0), axis 1)

with x [2, 3, 4], b [4] and c [2] (a per-batch scale). Opsets 1 and 6 write
the binary ops with the legacy broadcast (`broadcast = 1`; Mul aligns c at
`axis = 0`) and Relu/Add with opset 1's `consumed_inputs`; opsets 13 to 18
write NumPy broadcasting with c as a [2, 1, 1] initializer, ReduceSum's axes
as an input (13) and opset 18's form. Each model also goes into
DIR/root/<name>/ in the ONNX backend test layout, with the expected output
computed by NumPy in float64: an oracle independent of tensorc.
"""
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
rng = np.random.default_rng(7)
F = TensorProto.FLOAT
x = rng.standard_normal((2, 3, 4)).astype(np.float32)
b = rng.standard_normal(4).astype(np.float32)
c = np.array([0.5, -2.0], np.float32)

x64 = x.astype(np.float64)
s = (np.maximum(x64 + b, 0) * c.astype(np.float64)[:, None, None]).sum(axis=2)
e = np.exp(s - s.max(axis=1, keepdims=True))
expected = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)


def model(opset):
    legacy = opset < 7
    consumed = {"consumed_inputs": [0]} if opset == 1 else {}
    inits = [numpy_helper.from_array(b, "b"), numpy_helper.from_array(c if legacy else c.reshape(2, 1, 1), "c")]
    nodes = [helper.make_node("Add", ["x", "b"], ["xb"], **({"broadcast": 1} if legacy else {}), **consumed),
             helper.make_node("Relu", ["xb"], ["r"], **consumed),
             helper.make_node("Mul", ["r", "c"], ["m"], **({"broadcast": 1, "axis": 0} if legacy else {}))]
    if opset < 13:
        nodes.append(helper.make_node("ReduceSum", ["m"], ["s"], axes=[2], keepdims=0))
    else:
        inits.append(numpy_helper.from_array(np.array([2], np.int64), "axes"))
        nodes.append(helper.make_node("ReduceSum", ["m", "axes"], ["s"], keepdims=0))
    nodes.append(helper.make_node("Softmax", ["s"], ["y"], axis=1))
    graph = helper.make_graph(nodes, "net", [helper.make_tensor_value_info("x", F, [2, 3, 4])],
                              [helper.make_tensor_value_info("y", F, [2, 3])], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


for opset in (1, 6, 13, 17, 18):
    m = model(opset)
    with open(os.path.join(out, f"net_opset{opset}.onnx"), "wb") as f:
        f.write(m.SerializeToString())
    d = os.path.join(out, "root", f"net_opset{opset}")
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    with open(os.path.join(d, "model.onnx"), "wb") as f:
        f.write(m.SerializeToString())
    for kind, name, a in (("input", "x", x), ("output", "y", expected)):
        with open(os.path.join(d, "test_data_set_0", f"{kind}_0.pb"), "wb") as f:
            f.write(numpy_helper.from_array(a, name).SerializeToString())

# A legacy broadcast that does not fit, and an op whose old form differs.
bad = helper.make_graph([helper.make_node("Add", ["x", "b"], ["y"], name="add", broadcast=1, axis=0)], "bad",
                        [helper.make_tensor_value_info("x", F, [2, 3, 4]), helper.make_tensor_value_info("b", F, [4])],
                        [helper.make_tensor_value_info("y", F, [2, 3, 4])])
with open(os.path.join(out, "bad_broadcast.onnx"), "wb") as f:
    f.write(helper.make_model(bad, opset_imports=[helper.make_opsetid("", 6)]).SerializeToString())
cat = helper.make_graph([helper.make_node("Concat", ["x", "x"], ["y"], name="cat")], "cat",
                        [helper.make_tensor_value_info("x", F, [2, 3])], [helper.make_tensor_value_info("y", F, [2, 6])])
with open(os.path.join(out, "concat_opset3.onnx"), "wb") as f:
    f.write(helper.make_model(cat, opset_imports=[helper.make_opsetid("", 3)]).SerializeToString())
