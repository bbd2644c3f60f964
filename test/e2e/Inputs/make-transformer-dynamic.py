"""Exports a PyTorch transformer encoder layer with a dynamic batch and
PyTorch's own outputs.

    make-transformer-dynamic.py OUTDIR

encoder.onnx: nn.TransformerEncoderLayer(d_model 64, 4 heads, feed-forward
256, ReLU, post-norm, batch_first) on [B, 16, 64], exported at opset 17
(LayerNormalization) with dynamic_axes on x's and y's dimension 0, traced
with gradients on (under no_grad PyTorch takes its fused inference path,
which has no ONNX form). utils/bench's transformer is the same layer at
d_model 256 on [B, 128, 256]; this one is small enough for a test but
keeps its projections on BLIS. For each batch B in 1, 5, 17, 64,
OUTDIR/encoder.B/input_0.npy (seeded normal inputs) and output_0.npy
(PyTorch's float32 output): the oracle, independent of tensorc.
"""
import pathlib
import sys

import numpy as np
import torch
from torch import nn

out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
torch.manual_seed(22)
model = nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=256, batch_first=True).eval()
torch.onnx.export(model, torch.randn(2, 16, 64), out / "encoder.onnx", opset_version=17, input_names=["x"],
                  output_names=["y"], dynamic_axes={"x": {0: "batch"}, "y": {0: "batch"}})
for batch in (1, 5, 17, 64):
    x = torch.randn(batch, 16, 64)
    with torch.no_grad():
        y = model(x)
    d = out / f"encoder.{batch}"
    d.mkdir(exist_ok=True)
    np.save(d / "input_0.npy", x.numpy())
    np.save(d / "output_0.npy", y.numpy())
