"""Exports PyTorch models with a dynamic batch and PyTorch's own outputs.

    make-pytorch-dynamic.py OUTDIR

mlp.onnx: Linear(784, 256), ReLU, Linear(256, 10), exported with
dynamic_axes={"x": {0: "batch"}}; for each batch B in 1, 5, 17, 64,
OUTDIR/mlp.B/input_0.npy (seeded normal inputs) and output_0.npy (the
module's float32 output, computed by PyTorch): the oracle the compiled
artifact is judged against, independent of tensorc.
"""
import pathlib
import sys

import numpy as np
import torch

out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
torch.manual_seed(0)
mlp = torch.nn.Sequential(torch.nn.Linear(784, 256), torch.nn.ReLU(), torch.nn.Linear(256, 10)).eval()
torch.onnx.export(mlp, torch.randn(2, 784), out / "mlp.onnx", input_names=["x"], output_names=["y"],
                  dynamic_axes={"x": {0: "batch"}, "y": {0: "batch"}})
for batch in (1, 5, 17, 64):
    x = torch.randn(batch, 784)
    with torch.no_grad():
        y = mlp(x)
    d = out / f"mlp.{batch}"
    d.mkdir(exist_ok=True)
    np.save(d / "input_0.npy", x.numpy())
    np.save(d / "output_0.npy", y.numpy())
