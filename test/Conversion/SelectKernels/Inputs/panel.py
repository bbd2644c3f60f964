"""Writes the program of test/Conversion/SelectKernels/panel.test: f32
gemms and matmuls of few rows whose b is a constant (the panel gemm), with
row counts that leave every remainder of the kernel's row blocks (1, 5, 8,
13, 16 rows) and column counts that are no multiple of a panel (16 or 32
columns), and three that stay on BLIS: 17 rows, b an argument, b read
transposed by a matmul of a batch. The constants hold distinct values, so
an element stored in the wrong panel place changes the result."""
import sys

import numpy as np

rng = np.random.default_rng(11)
blobs = {}


def resource(name, array):
    blobs[name] = "0x" + (np.uint32(array.itemsize).tobytes() + array.tobytes()).hex().upper()
    return f"dense_resource<{name}>"


def values(rows, cols):
    return (rng.permutation(rows * cols).reshape(rows, cols) / (rows * cols) - 0.5).astype(np.float32)


def t(*shape):
    return "tensor<" + "x".join(str(d) for d in shape) + "xf32>"


def gemm(name, m, n, k, trans_b, bias, argument=False):
    b_shape = (n, k) if trans_b else (k, n)
    args = [f"%x: {t(m, k)}"] + ([f"%c: {t(n)}"] if bias else []) + ([f"%w: {t(*b_shape)}"] if argument else [])
    lines = [f"func.func @{name}({', '.join(args)}) -> {t(m, n)} {{"]
    if not argument:
        lines.append(f'  %w = "tc_tensor.constant"() {{value = {resource("w_" + name, values(*b_shape))} : '
                     f'{t(*b_shape)}}} : () -> {t(*b_shape)}')
    operands = "%x, %w" + (", %c" if bias else "")
    types = f"{t(m, k)}, {t(*b_shape)}" + (f", {t(n)}" if bias else "")
    lines.append(f'  %y = "tc_tensor.gemm"({operands}) {{alpha = 0.5 : f64, beta = {2.0 if bias else 0.0} : f64, '
                 f'trans_a = false, trans_b = {str(trans_b).lower()}}} : ({types}) -> {t(m, n)}')
    lines.append(f"  return %y : {t(m, n)}")
    return "\n".join(lines + ["}"])


def matmul(name, lhs, k, n):
    lines = [f"func.func @{name}(%x: {t(*lhs, k)}) -> {t(*lhs, n)} {{",
             f'  %w = "tc_tensor.constant"() {{value = {resource("w_" + name, values(k, n))} : {t(k, n)}}} : () -> {t(k, n)}',
             f'  %y = "tc_tensor.matmul"(%x, %w) : ({t(*lhs, k)}, {t(k, n)}) -> {t(*lhs, n)}',
             f"  return %y : {t(*lhs, n)}", "}"]
    return "\n".join(lines)


out = [
    gemm("rows8", 8, 100, 300, trans_b=True, bias=True),   # PyTorch's Linear: Gemm(x, W, c, transB=1)
    gemm("rows13", 13, 40, 200, trans_b=False, bias=False),
    matmul("rows5", (5,), 256, 64),
    matmul("rows1", (1,), 256, 300),
    matmul("folded16", (2, 8), 128, 70),                   # [2, 8, 128] folds to M = 16
    gemm("threaded", 16, 520, 512, trans_b=True, bias=True),  # M*N*K > 262144: panels on the threads
    gemm("rows17", 17, 64, 128, trans_b=True, bias=False),   # M > 16: BLIS
    gemm("argument", 8, 64, 256, trans_b=True, bias=False, argument=True),  # b not a constant: BLIS
]
out.append("{-#\n  dialect_resources: {\n    builtin: {\n" +
           ",\n".join(f"      {k}: \"{v}\"" for k, v in blobs.items()) + "\n    }\n  }\n#-}")
sys.stdout.write("\n".join(out) + "\n")
