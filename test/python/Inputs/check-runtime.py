#!/usr/bin/python3
"""check-runtime.py WORK: the tensorc Python package (python/tensorc) against
tensor-run on the same artifacts, for test/python/runtime.test.

WORK holds k.so (test/Target/Inputs/abi-kernels.mlir: f32, f64, bf16, f16,
i32, ui8, i1, i64 and rank 0), mlp.so (examples/mlp.onnx, imported, so its
tensors have names), bf16.so (a bf16 input), in/*.npy (tensor-run's test
inputs) and out-<fn>/output_<i>.npy, what tensor-run wrote for the same
calls. Every output of the package must equal tensor-run's bit for bit: one
artifact, one call, two loaders. Prints one line per check; exits 1 on the
first failure.
"""
import os
import sys
import threading

import numpy as np

import tensorc

work = sys.argv[1]


def path(*p):
    return os.path.join(work, *p)


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def same_bits(a, b):
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def check_equal(fn, got, out_dir):
    got = got if isinstance(got, tuple) else (got,)
    for i, g in enumerate(got):
        want = np.load(path(out_dir, f"output_{i}.npy"))
        if not same_bits(g, want):
            fail(f"{fn} output #{i}: package {g!r} != tensor-run {want!r}")
    print(f"OK: {fn}: {len(got)} output(s) equal tensor-run's bit for bit")


def expect(exc, fn, words):
    try:
        fn()
    except exc as e:
        if words not in str(e):
            fail(f"{exc.__name__} {e!r} does not say {words!r}")
        print(f"OK: {exc.__name__}: {e}")
        return
    fail(f"no {exc.__name__} (expected one saying {words!r})")


k = tensorc.load(path("k.so"))
print("OK:", k)
a, b = np.load(path("in", "a.npy")), np.load(path("in", "b.npy"))
check_equal("bias_add", k["bias_add"](a, b), "out-bias_add")
check_equal("convert", k.convert(np.load(path("in", "c64.npy")), np.load(path("in", "c32.npy"))), "out-convert")
check_equal("threshold", k["threshold"](np.load(path("in", "x.npy")), np.load(path("in", "t.npy"))), "out-threshold")

# Names: positional and by name agree; the entry point lists them.
m = tensorc.load(path("mlp.so"))
print("OK:", m.mlp)
x = np.load(path("in", "x-mlp.npy"))
check_equal("mlp", m(x), "out-mlp")
if not same_bits(m(x=x), m(x)):
    fail("mlp: by name and by position differ")
print("OK: mlp: by name == by position; inputs", m.mlp.input_names, "outputs", m.mlp.output_names)

# bf16 inputs: float32 arrays holding bf16 values, refused when inexact.
bf = tensorc.load(path("bf16.so"))
vb = np.load(path("in", "v-bf16.npy"))
check_equal("bf16", bf(vb), "out-bf16")
expect(ValueError, lambda: bf(vb + np.float32(1e-3)), "is not a bf16 value")

# Errors a user can act on, before anything is called.
expect(TypeError, lambda: m(x.astype(np.float64)), "cast it with .astype(np.float32)")
expect(ValueError, lambda: m(x[:1]), "expected shape")
expect(TypeError, lambda: m(y=x), "has no input named 'y'")
expect(TypeError, lambda: m(), "missing mlp: input #0 'x'")
expect(TypeError, lambda: m(x, x=x), "given twice")
expect(TypeError, lambda: k(a, b), "has 3 entry points")
expect(KeyError, lambda: k["nope"], "has no entry point 'nope'")
expect(TypeError, lambda: k["bias_add"](a, b, a), "takes 2 input(s), 3 given")
expect(tensorc.TensorcError, lambda: tensorc.load(path("in", "a.npy")), "cannot load")
expect(tensorc.TensorcError, lambda: tensorc.load(path("plain.so")), "not a tensorc artifact")

# Calls from several threads at once (entry points are reentrant, ctypes
# releases the GIL) give the same bits as one call.
want = m(x)
results = [None] * 4
threads = [threading.Thread(target=lambda i=i: results.__setitem__(i, m(x))) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
if not all(r is not None and same_bits(r, want) for r in results):
    fail("mlp: a call from a thread differs")
print("OK: 4 threads at once: the same bits")
