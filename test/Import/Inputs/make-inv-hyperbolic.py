#!/usr/bin/python3
"""make-inv-hyperbolic.py ROOT: Asinh, Acosh and Atanh models (lib/Import/
OpsElementwise.c) over dense grids of their domains, in the ONNX backend test
layout, for test/Import/inv-hyperbolic.test. The expected outputs are NumPy's
arcsinh / arccosh / arctanh in float64, rounded once: an oracle independent
of tensorc. Each grid spans the whole finite range of its dtype (geometric),
0 and -0, +-inf, a dense uniform part, and the points next to +-1 one ulp
apart (where acosh and atanh are steepest).
"""
import os
import sys

import numpy as np
from onnx import helper, numpy_helper
from onnx.mapping import NP_TYPE_TO_TENSOR_TYPE

root = sys.argv[1]


def case(name, op, x, y, opset=13):
    d = os.path.join(root, name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    vi = lambda n, a: helper.make_tensor_value_info(n, NP_TYPE_TO_TENSOR_TYPE[a.dtype], list(a.shape))
    graph = helper.make_graph([helper.make_node(op, ["x"], ["y"])], name, [vi("x", x)], [vi("y", y)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    with open(os.path.join(d, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    for kind, n, a in (("input", "x", x), ("output", "y", y)):
        with open(os.path.join(d, "test_data_set_0", f"{kind}_0.pb"), "wb") as f:
            f.write(numpy_helper.from_array(a, n).SerializeToString())


def near_one(dt, k):
    one = dt(1)
    up, down = [one], [one]
    for _ in range(k):
        up.append(np.nextafter(up[-1], dt(2)))
        down.append(np.nextafter(down[-1], dt(0)))
    return np.array(up[1:] + down[1:], dt)


for dt, tag in ((np.float32, "f32"), (np.float64, "f64")):
    fi = np.finfo(dt)
    mags = np.geomspace(float(fi.tiny), float(fi.max), 6000).astype(dt)
    dense = np.linspace(-12, 12, 4001).astype(dt)
    ones = near_one(dt, 1500)
    special = np.array([0.0, -0.0, np.inf, -np.inf], dt)
    x = np.concatenate([mags, -mags, dense, ones, -ones, special])
    with np.errstate(all="ignore"):
        case(f"asinh_{tag}", "Asinh", x, np.arcsinh(x.astype(np.float64)).astype(dt))
        xc = np.concatenate([mags[mags >= 1], ones[ones >= 1], np.linspace(1, 12, 4001).astype(dt),
                             np.array([1.0, np.inf], dt)])
        case(f"acosh_{tag}", "Acosh", xc, np.arccosh(xc.astype(np.float64)).astype(dt))
        xt = np.concatenate([mags[mags < 1], -mags[mags < 1], ones[ones < 1], -ones[ones < 1],
                             np.linspace(-1, 1, 4001).astype(dt), np.array([0.0, -0.0, 1.0, -1.0], dt)])
        case(f"atanh_{tag}", "Atanh", xt, np.arctanh(xt.astype(np.float64)).astype(dt))
