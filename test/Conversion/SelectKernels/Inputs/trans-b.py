"""Writes the program of test/Conversion/SelectKernels/trans-b-constant.test:
gemms with trans_b whose b is a constant (dense, dense_resource f32 and
f64, one read by a second op too) and one whose b is an argument. The
constants hold distinct values, so a transposition that moved an element
to the wrong place changes the result."""
import sys

import numpy as np

M, N, K = 32, 128, 64  # M > 16: BLIS, not the panel gemm (panel.test)
rng = np.random.default_rng(7)
blobs = {}


def resource(name, array):
    blobs[name] = "0x" + (np.uint32(array.itemsize).tobytes() + array.tobytes()).hex().upper()
    return f"dense_resource<{name}>"


def dense(array):
    return "dense<[" + ", ".join("[" + ", ".join(repr(float(v)) for v in row) + "]" for row in array) + "]>"


def gemm(name, dtype, b_value, shared=False, argument=False):
    t = "f32" if dtype == np.float32 else "f64"
    args = f"%x: tensor<{M}x{K}x{t}>, %c: tensor<{N}x{t}>" + (f", %w: tensor<{N}x{K}x{t}>" if argument else "")
    results = f"tensor<{M}x{N}x{t}>" + (f", tensor<{N}x{K}x{t}>" if shared else "")
    lines = [f"func.func @{name}({args}) -> ({results}) {{"]
    if not argument:
        lines.append(f'  %w = "tc_tensor.constant"() {{value = {b_value} : tensor<{N}x{K}x{t}>}} : () -> tensor<{N}x{K}x{t}>')
    lines.append(f'  %y = "tc_tensor.gemm"(%x, %w, %c) {{alpha = 0.5 : f64, beta = 2.0 : f64, trans_a = false, '
                 f'trans_b = true}} : (tensor<{M}x{K}x{t}>, tensor<{N}x{K}x{t}>, tensor<{N}x{t}>) -> tensor<{M}x{N}x{t}>')
    if shared:
        lines.append(f'  %n = "tc_tensor.neg"(%w) : (tensor<{N}x{K}x{t}>) -> tensor<{N}x{K}x{t}>')
        lines.append(f"  return %y, %n : {results}")
    else:
        lines.append(f"  return %y : {results}")
    return "\n".join(lines + ["}"])


def values(dtype):
    return (rng.permutation(N * K).reshape(N, K) / (N * K) - 0.5).astype(dtype)


out = [
    gemm("dense", np.float32, dense(values(np.float32))),
    gemm("resource", np.float32, resource("w_f32", values(np.float32))),
    gemm("resource_f64", np.float64, resource("w_f64", values(np.float64))),
    gemm("shared", np.float32, resource("w_shared", values(np.float32)), shared=True),
    gemm("argument", np.float32, None, argument=True),
]
out.append("{-#\n  dialect_resources: {\n    builtin: {\n" +
           ",\n".join(f"      {k}: \"{v}\"" for k, v in blobs.items()) + "\n    }\n  }\n#-}")
sys.stdout.write("\n".join(out) + "\n")
