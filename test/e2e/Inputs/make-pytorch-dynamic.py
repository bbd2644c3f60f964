"""Exports PyTorch models with a dynamic batch and PyTorch's own outputs.

    make-pytorch-dynamic.py OUTDIR

mlp.onnx: Linear(784, 256), ReLU, Linear(256, 10), exported with
dynamic_axes={"x": {0: "batch"}}; for each batch B in 1, 5, 17, 64,
OUTDIR/mlp.B/input_0.npy (seeded normal inputs) and output_0.npy (the
module's float32 output, computed by PyTorch): the oracle the compiled
artifact is judged against, independent of tensorc.

cnn.onnx: Conv2d(1, 8, 3, padding=1), ReLU, MaxPool2d(2), Conv2d(8, 16, 3),
ReLU, MaxPool2d(2), x.view(x.size(0), -1), Linear(576, 10) on 1x28x28
images, exported likewise; OUTDIR/cnn.B/ for the same batches, and
OUTDIR/cnn.bad/ holds inputs of a wrong channel count (2x2x28x28) and a
wrong spatial size (2x1x27x28) for the rejected-shape checks.
"""
import pathlib
import sys

import numpy as np
import torch

out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)


def export(model, name, features):
    """NAME.onnx with a dynamic batch, and NAME.<batch>/ holding PyTorch's
    input and output at each batch of the test."""
    torch.onnx.export(model, torch.randn(2, *features), out / f"{name}.onnx", input_names=["x"],
                      output_names=["y"], dynamic_axes={"x": {0: "batch"}, "y": {0: "batch"}})
    for batch in (1, 5, 17, 64):
        x = torch.randn(batch, *features)
        with torch.no_grad():
            y = model(x)
        d = out / f"{name}.{batch}"
        d.mkdir(exist_ok=True)
        np.save(d / "input_0.npy", x.numpy())
        np.save(d / "output_0.npy", y.numpy())


torch.manual_seed(0)
mlp = torch.nn.Sequential(torch.nn.Linear(784, 256), torch.nn.ReLU(), torch.nn.Linear(256, 10)).eval()
export(mlp, "mlp", (784,))

class Cnn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(1, 8, 3, padding=1)
        self.c2 = torch.nn.Conv2d(8, 16, 3)
        self.fc = torch.nn.Linear(16 * 6 * 6, 10)

    def forward(self, x):
        x = torch.nn.functional.max_pool2d(torch.relu(self.c1(x)), 2)
        x = torch.nn.functional.max_pool2d(torch.relu(self.c2(x)), 2)
        return self.fc(x.view(x.size(0), -1))


cnn = Cnn().eval()
export(cnn, "cnn", (1, 28, 28))
bad = out / "cnn.bad"
bad.mkdir(exist_ok=True)
np.save(bad / "channels.npy", torch.randn(2, 2, 28, 28).numpy())
np.save(bad / "spatial.npy", torch.randn(2, 1, 27, 28).numpy())
