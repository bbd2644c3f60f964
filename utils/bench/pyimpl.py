#!/usr/bin/python3
"""pyimpl.py - the NumPy and PyTorch sides of utils/bench, one run per process.

    pyimpl.py KERNEL --impl numpy|torch --threads T --input A.npy ...
              [--program FILE] [--dump OUT.npy] [--reps R] [--min-sample S] [--budget S]

KERNEL is chain, softmax, layer_norm, mlp, cnn or net. Each is written the way a
user of the library would write it (eager, no fusion, no JIT): the chain as
one NumPy / torch expression in float32 (z*z*z, not z**3); softmax with the
row maximum subtracted; layer_norm with the population variance and epsilon
1e-5; the bundled models from the weights of --program (the tc_tensor text,
parsed by programs.constants) under torch.inference_mode(); `net` is
one of make-models.py's PyTorch modules (--model NAME --batch B), rebuilt
with the seed it was exported with, so its weights are those of the ONNX file, and run
as the module itself (PyTorch's own kernels, its inference fast paths
included) under torch.inference_mode(). Inputs are the
reference evaluator's input_<i>.npy, so --dump writes an output the driver
judges against the reference's under the contract before it trusts a time.

It measures as the C harnesses do (bench_util.h): warm-up calls (at least 3
and 50 ms) whose fastest calibrates the calls per sample, then R samples, and prints one JSON line
{"samples": [...], "inner": n, "impl": ...}. The thread count is set before
the libraries load (OMP_NUM_THREADS, OPENBLAS_NUM_THREADS, MKL_NUM_THREADS in
the environment, by the driver) and, for torch, by torch.set_num_threads(T)
and one inter-op thread. NumPy's elementwise and reduction code is
single-threaded whatever T says.
"""
import argparse
import json
import os
import sys
import time

import numpy as np

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import programs  # noqa: E402


def numpy_kernels(args):
    f = np.float32

    def chain(x, w, b):
        z = x * w + b
        return f(0.5) * z * (f(1) + np.tanh(f(0.79788456) * (z + f(0.044715) * (z * z * z))))

    def softmax(x):
        e = np.exp(x - x.max(axis=-1, keepdims=True))
        return e / e.sum(axis=-1, keepdims=True)

    def layer_norm(x, g, b):
        mu = x.mean(axis=-1, keepdims=True)
        var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
        return (x - mu) / np.sqrt(var + f(1e-5)) * g + b

    return {"chain": chain, "softmax": softmax, "layer_norm": layer_norm}


def torch_kernels(args):
    import torch
    torch.set_num_threads(args.threads)
    try:
        torch.set_num_interop_threads(1)
    except RuntimeError:
        pass
    F = torch.nn.functional
    weights = {}
    if args.program:
        with open(args.program) as fh:
            weights = {k: torch.tensor(v, dtype=torch.float32) for k, v in programs.constants(fh.read()).items()}

    def chain(x, w, b):
        z = x * w + b
        return 0.5 * z * (1 + torch.tanh(0.79788456 * (z + 0.044715 * (z * z * z))))

    def mlp(x):
        h = F.relu(x @ weights["w1"] + weights["b1"])
        return torch.softmax(h @ weights["w2"] + weights["b2"], dim=-1)

    def cnn(image):
        h = F.max_pool2d(F.relu(F.conv2d(image, weights["k1"], weights["c1"], padding=1)), 2, 2)
        h = F.relu(F.conv2d(h, weights["k2"]))
        h = h.mean(dim=(2, 3)).reshape(h.shape[0], -1)
        return F.log_softmax(h @ weights["fc"] + weights["fb"], dim=1)

    def softmax(x):
        return torch.softmax(x, dim=-1)

    def layer_norm(x, g, b):
        return F.layer_norm(x, (x.shape[-1],), g, b, eps=1e-5)

    kernels = {"chain": chain, "softmax": softmax, "layer_norm": layer_norm, "mlp": mlp, "cnn": cnn}
    if args.model:
        kernels["net"] = _net(args.model, args.batch)
    return {k: _inference(torch, fn) for k, fn in kernels.items()}


def _net(name, batch):
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_models", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                              "make-models.py"))
    make_models = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_models)
    model, _ = make_models.build(name, batch)
    return model


def _inference(torch, fn):
    def run(*xs):
        with torch.inference_mode():
            return fn(*xs)
    return run


WARMUP_CALLS, WARMUP_SECONDS = 3, 0.05  # as bench_util.h


def measure(call, reps, min_sample, budget):
    one, calls, warm_start = None, 0, time.perf_counter()
    while calls == 0 or not ((calls >= WARMUP_CALLS and time.perf_counter() - warm_start >= WARMUP_SECONDS)
                             or time.perf_counter() - warm_start > budget / 3):
        t0 = time.perf_counter()
        call()
        t = time.perf_counter() - t0
        one = t if one is None else min(one, t)
        calls += 1
    one = max(one, 1e-9)
    inner = 1 if one >= min_sample else int(min_sample / one) + 1
    if one * inner * reps > budget:
        reps = max(min(3, reps), int(budget / (one * inner)))
    samples = []
    for _ in range(reps):
        start = time.perf_counter()
        for _ in range(inner):
            call()
        samples.append((time.perf_counter() - start) / inner)
    return samples, inner


def main():
    p = argparse.ArgumentParser()
    p.add_argument("kernel", choices=["chain", "softmax", "layer_norm", "mlp", "cnn", "net"])
    p.add_argument("--impl", choices=["numpy", "torch"], required=True)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--input", nargs="+", default=[])
    p.add_argument("--program")
    p.add_argument("--model", help="net: make-models.py's model name")
    p.add_argument("--batch", type=int, help="net: the batch it is built for")
    p.add_argument("--dump")
    p.add_argument("--reps", type=int, default=10)
    p.add_argument("--min-sample", type=float, default=0.002)
    p.add_argument("--budget", type=float, default=3.0)
    args = p.parse_args()
    kernels = numpy_kernels(args) if args.impl == "numpy" else torch_kernels(args)
    if args.kernel not in kernels:
        sys.exit(f"pyimpl: {args.impl} has no {args.kernel}")
    inputs = [np.load(path) for path in args.input]
    if args.impl == "torch":
        import torch
        inputs = [torch.from_numpy(a) for a in inputs]
    fn = kernels[args.kernel]
    samples, inner = measure(lambda: fn(*inputs), args.reps, args.min_sample, args.budget)
    if args.dump:
        out = fn(*inputs)
        np.save(args.dump, np.asarray(out.numpy() if hasattr(out, "numpy") else out, dtype=np.float32))
    print(json.dumps({"samples": samples, "inner": inner, "impl": args.impl}))


if __name__ == "__main__":
    main()
