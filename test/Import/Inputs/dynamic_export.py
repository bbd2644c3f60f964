"""What the dynamic-import generators share (make-dynamic.py, make-chains.py).

export_with_batches writes NAME.onnx, a PyTorch module exported with a
dynamic batch on input x0 and output y, and for each batch B of BATCHES
NAME_x_B.npy (normal inputs from `rng`) and NAME_torch_B/output_0.npy,
PyTorch's own output: the oracle tensor-ref is judged against. save
writes a hand-built opset-13 graph, checked by ONNX's checker.
"""
import os

import numpy as np
import onnx
import torch
from onnx import helper

BATCHES = (1, 5, 17, 64)


def export_with_batches(out, name, model, item, rng, opset=13):
    torch.onnx.export(model, torch.randn(2, *item), os.path.join(out, name + ".onnx"), opset_version=opset,
                      input_names=["x0"], output_names=["y"], dynamic_axes={"x0": {0: "batch"}, "y": {0: "batch"}})
    for b in BATCHES:
        x = rng.standard_normal((b, *item)).astype(np.float32)
        np.save(os.path.join(out, f"{name}_x_{b}.npy"), x)
        with torch.no_grad():
            y = model(torch.from_numpy(x)).numpy()
        os.makedirs(os.path.join(out, f"{name}_torch_{b}"), exist_ok=True)
        np.save(os.path.join(out, f"{name}_torch_{b}", "output_0.npy"), y)


def save(out, name, nodes, inputs, outputs, inits=(), opset=13):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, name + ".onnx"))
