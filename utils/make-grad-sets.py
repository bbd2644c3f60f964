#!/usr/bin/python3
"""make-grad-sets.py - ONNX backend tests with gradients, expected from PyTorch float64

    make-grad-sets.py pytorch OUTDIR
    make-grad-sets.py onnx MODEL.onnx OUTDIR

Writes test directories in the ONNX backend layout that utils/onnx-backend-test
--grad reads: OUTDIR/<name>/model.onnx, test_data_set_0/ (input_<i>.pb,
output_<i>.pb) and grad_set_0/ (cotangent_<k>.pb, one per graph output, and
grad_input_<i>.pb, one per graph input). Inputs and cotangents are
uniform(-1, 1) float32 values from a fixed seed; the expected outputs and
gradients are PyTorch's float64 forward and autograd at exactly those
values, rounded once to float32. Run with Debian's /usr/bin/python3
(python3-torch, python3-onnx); the files are the same on every run.

- `pytorch`: four models defined and exported here with torch.onnx (opset
  17), at the sizes they are used at: an MLP 784-2048-2048-10 at batch 4
  (Gemm, Relu, Tanh); LeNet-5 on 28x28 images at batch 8 (Conv, Relu,
  MaxPool, Flatten, Gemm); a ResNet basic block, 16 channels of 16x16 at
  batch 8 (Conv, BatchNormalization in inference form, Relu, Add; exported
  with TrainingMode.PRESERVE so that batch norm is not folded into the
  convolutions); and PyTorch's own nn.TransformerEncoderLayer (d_model 64,
  4 heads, feed-forward 256, post-norm) on 2 sequences of 16 tokens
  (MatMul, Gemm, Reshape, Transpose, Slice, Mul, Div, Softmax, Add,
  LayerNormalization, Relu, and Shape, Gather, Unsqueeze, Concat computing
  the shapes). Batch and layer norm get non-identity
  statistics and affine parameters. Their float64 twin is the same module
  in double precision. The MLP's file is 23 MB, so these are made at test
  time, never committed.
- `onnx`: a given model whose nodes are among MatMul, Add, Relu, Gemm and
  Softmax (examples/mlp.onnx), run as a PyTorch float64 program node by
  node, the initializers converted to float64.
"""
import os
import shutil
import sys

import numpy as np

SEED = 2026


def torch():
    import torch as t

    t.set_num_threads(1)
    return t


def save(array, path, name=""):
    from onnx import numpy_helper

    with open(path, "wb") as f:
        f.write(numpy_helper.from_array(np.asarray(array), name=name).SerializeToString())


def write_sets(directory, inputs, run64):
    """test_data_set_0 and grad_set_0 for float32 `inputs`, with `run64`
    mapping float64 input tensors (requiring grad) to float64 outputs."""
    t = torch()
    rng = np.random.default_rng(SEED + 1)
    xs = [t.tensor(x.astype(np.float64), requires_grad=True) for x in inputs]
    ys = run64(xs)
    dys = [rng.uniform(-1, 1, tuple(y.shape)).astype(np.float32) for y in ys]
    grads = t.autograd.grad(ys, xs, [t.tensor(d.astype(np.float64)) for d in dys])
    data, grad = os.path.join(directory, "test_data_set_0"), os.path.join(directory, "grad_set_0")
    os.makedirs(data, exist_ok=True)
    os.makedirs(grad, exist_ok=True)
    for i, x in enumerate(inputs):
        save(x, os.path.join(data, "input_%d.pb" % i))
    for k, (y, dy) in enumerate(zip(ys, dys)):
        save(y.detach().numpy().astype(np.float32), os.path.join(data, "output_%d.pb" % k))
        save(dy, os.path.join(grad, "cotangent_%d.pb" % k))
    for i, g in enumerate(grads):
        save(g.numpy().astype(np.float32), os.path.join(grad, "grad_input_%d.pb" % i))


# -- PyTorch-exported models ------------------------------------------------------------

def pytorch_models():
    """(name, module class, input shape): models at the sizes they are used at."""
    t = torch()
    nn = t.nn

    class MLP(nn.Module):  # MNIST-sized input, two 2048-wide hidden layers
        def __init__(self):
            super().__init__()
            self.a, self.b, self.c = nn.Linear(784, 2048), nn.Linear(2048, 2048), nn.Linear(2048, 10)

        def forward(self, x):
            return self.c(t.tanh(self.b(t.relu(self.a(x)))))

    class LeNet(nn.Module):  # LeNet-5 on 28x28 images
        def __init__(self):
            super().__init__()
            self.c1, self.c2 = nn.Conv2d(1, 6, 5, padding=2), nn.Conv2d(6, 16, 5)
            self.f1, self.f2, self.f3 = nn.Linear(16 * 5 * 5, 120), nn.Linear(120, 84), nn.Linear(84, 10)

        def forward(self, x):
            x = t.max_pool2d(t.relu(self.c1(x)), 2)
            x = t.max_pool2d(t.relu(self.c2(x)), 2)
            return self.f3(t.relu(self.f2(t.relu(self.f1(t.flatten(x, 1))))))

    class Residual(nn.Module):  # a ResNet basic block
        def __init__(self, c=16):
            super().__init__()
            self.c1, self.b1 = nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c)
            self.c2, self.b2 = nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c)

        def forward(self, x):
            return t.relu(x + self.b2(self.c2(t.relu(self.b1(self.c1(x))))))

    class Encoder(nn.Module):  # PyTorch's own transformer encoder layer
        def __init__(self):
            super().__init__()
            self.layer = nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=256, dropout=0.0,
                                                    batch_first=True)

        def forward(self, x):
            return self.layer(x)

    return [("mlp", MLP, (4, 784)), ("lenet", LeNet, (8, 1, 28, 28)), ("residual", Residual, (8, 16, 16, 16)),
            ("encoder", Encoder, (2, 16, 64))]


def make_pytorch(out):
    t = torch()
    for index, (name, cls, shape) in enumerate(pytorch_models()):
        t.manual_seed(SEED + index)
        model = cls().eval()
        with t.no_grad():
            for m in model.modules():  # normalisations that are not the identity
                if isinstance(m, t.nn.BatchNorm2d):
                    m.running_mean.uniform_(-0.5, 0.5)
                    m.running_var.uniform_(0.5, 2.0)
                if isinstance(m, (t.nn.BatchNorm2d, t.nn.LayerNorm)):
                    m.weight.uniform_(0.5, 1.5)
                    m.bias.uniform_(-0.5, 0.5)
        directory = os.path.join(out, name)
        os.makedirs(directory, exist_ok=True)
        x = np.random.default_rng(SEED).uniform(-1, 1, shape).astype(np.float32)
        t.onnx.export(model, t.tensor(x), os.path.join(directory, "model.onnx"), opset_version=17,
                      input_names=["x"], output_names=["y"], training=t.onnx.TrainingMode.PRESERVE,
                      do_constant_folding=False)
        twin = model.double()
        write_sets(directory, [x], lambda xs: [twin(xs[0])])


# -- A given ONNX model, node by node ------------------------------------------------------

def onnx_program(model):
    """A float64 PyTorch function of the graph inputs: its nodes in order."""
    from onnx import numpy_helper

    t = torch()
    weights = {i.name: t.tensor(numpy_helper.to_array(i).astype(np.float64)) for i in model.graph.initializer}
    attrs = lambda node: {a.name: (a.i if a.type == a.INT else a.f) for a in node.attribute}  # noqa: E731

    def node_value(node, args):
        a = attrs(node)
        if node.op_type == "MatMul":
            return args[0] @ args[1]
        if node.op_type == "Add":
            return args[0] + args[1]
        if node.op_type == "Relu":
            return t.relu(args[0])
        if node.op_type == "Softmax":
            return t.softmax(args[0], dim=int(a.get("axis", -1)))
        if node.op_type == "Gemm":
            p = args[0].T if a.get("transA", 0) else args[0]
            q = args[1].T if a.get("transB", 0) else args[1]
            y = float(a.get("alpha", 1.0)) * (p @ q)
            return y + float(a.get("beta", 1.0)) * args[2] if len(args) > 2 else y
        raise SystemExit("make-grad-sets: no float64 model of ONNX %s" % node.op_type)

    def run(xs):
        env = dict(weights)
        env.update({i.name: x for i, x in zip(graph_inputs(model), xs)})
        for node in model.graph.node:
            env[node.output[0]] = node_value(node, [env[n] for n in node.input])
        return [env[o.name] for o in model.graph.output]

    return run


def graph_inputs(model):
    names = {i.name for i in model.graph.initializer}
    return [i for i in model.graph.input if i.name not in names]


def make_onnx(path, out):
    import onnx

    model = onnx.load(path)
    directory = out
    os.makedirs(directory, exist_ok=True)
    if not os.path.exists(os.path.join(directory, "model.onnx")):
        shutil.copyfile(path, os.path.join(directory, "model.onnx"))
    rng = np.random.default_rng(SEED)
    inputs = []
    for i in graph_inputs(model):
        shape = tuple(d.dim_value for d in i.type.tensor_type.shape.dim)
        inputs.append(rng.uniform(-1, 1, shape).astype(np.float32))
    write_sets(directory, inputs, onnx_program(model))


def main(argv):
    if len(argv) == 2 and argv[0] == "pytorch":
        make_pytorch(argv[1])
    elif len(argv) == 3 and argv[0] == "onnx":
        make_onnx(argv[1], argv[2])
    else:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
