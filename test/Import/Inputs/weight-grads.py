#!/usr/bin/python3
"""weight-grads.py MODEL.onnx REPORT.json: how many of the model's weights
had their gradient judged by the gate.

Prints `<n> float initializers, <k> weight gradients judged, <f> failing,
verdict <v>`: n counts the model's float initializers of rank >= 1 (what
--wrt-constants makes arguments), k the distinct `weight #i` gradients among
the report's checks, f the failing elements over all of its checks."""
import json
import sys

import onnx

model = onnx.load(sys.argv[1])
report = json.load(open(sys.argv[2]))
n = sum(1 for i in model.graph.initializer if i.data_type == onnx.TensorProto.FLOAT and len(i.dims) >= 1)
judged = {c["gradient_of"] for c in report["checks"] if c.get("gradient_of", "").startswith("weight #")}
failing = sum(c.get("failing", 0) for c in report["checks"])
print(f"{n} float initializers, {len(judged)} weight gradients judged, {failing} failing, verdict {report['verdict']}")
