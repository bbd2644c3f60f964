#!/usr/bin/python3
"""Writes examples/mlp.onnx: a two-layer perceptron as an ONNX model.

    /usr/bin/python3 examples/make-mlp-onnx.py [OUT]

The bundled ONNX example that utils/run-example.sh compiles with
`tensorc compile` (which imports it with lib/Import). It computes
softmax(relu(x·W1 + b1)·W2 + b2) for x of shape [4, 8], with the weights as
initializers drawn from a fixed seed, so the file is the same on every run.
python3-onnx only builds the file; tensorc never uses it.
"""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "mlp.onnx"
    rng = np.random.default_rng(2026)
    weights = {
        "w1": rng.uniform(-0.5, 0.5, (8, 16)).astype(np.float32),
        "b1": rng.uniform(-0.1, 0.1, (16,)).astype(np.float32),
        "w2": rng.uniform(-0.5, 0.5, (16, 4)).astype(np.float32),
        "b2": rng.uniform(-0.1, 0.1, (4,)).astype(np.float32),
    }
    nodes = [
        helper.make_node("MatMul", ["x", "w1"], ["h0"], name="fc1"),
        helper.make_node("Add", ["h0", "b1"], ["h1"], name="bias1"),
        helper.make_node("Relu", ["h1"], ["h2"], name="relu1"),
        helper.make_node("Gemm", ["h2", "w2", "b2"], ["logits"], name="fc2"),
        helper.make_node("Softmax", ["logits"], ["y"], name="softmax", axis=1),
    ]
    graph = helper.make_graph(
        nodes, "mlp",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 8])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4, 4])],
        initializer=[numpy_helper.from_array(v, name=k) for k, v in weights.items()])
    model = helper.make_model(graph, producer_name="tensorc examples", opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, out)


if __name__ == "__main__":
    main()
