"""Writes the program of test/Conversion/SelectKernels/run-time-m.test: f32
gemms and matmuls whose M is a run-time size (`?`, a dynamic batch), one per
branch of lib/Conversion/SelectKernels/SelectGemmDynamic.c: the guarded
panel/BLIS choice (a constant b), BLIS alone (b an argument), and the loops
(N*K below the threshold even at 17 rows; beta != 1 with c).
The constants hold distinct values, as panel.py's do."""
import sys

import numpy as np

rng = np.random.default_rng(12)
blobs = {}


def resource(name, array):
    blobs[name] = "0x" + (np.uint32(array.itemsize).tobytes() + array.tobytes()).hex().upper()
    return f"dense_resource<{name}>"


def t(*shape):
    return "tensor<" + "x".join("?" if d is None else str(d) for d in shape) + "xf32>"


def gemm(name, k, n, beta=1.0, argument=False, trans_b=True):
    b_shape = (n, k) if trans_b else (k, n)
    args = [f"%x: {t(None, k)}", f"%c: {t(n)}"] + ([f"%w: {t(*b_shape)}"] if argument else [])
    lines = [f"func.func @{name}({', '.join(args)}) -> {t(None, n)} {{"]
    if not argument:
        w = (rng.permutation(n * k).reshape(b_shape) / (n * k) - 0.5).astype(np.float32)
        lines.append(f'  %w = "tc_tensor.constant"() {{value = {resource("w_" + name, w)} : {t(*b_shape)}}} : () -> '
                     f'{t(*b_shape)}')
    lines.append(f'  %y = "tc_tensor.gemm"(%x, %w, %c) {{alpha = 1.0 : f64, beta = {beta} : f64, trans_a = false, '
                 f'trans_b = {str(trans_b).lower()}}} : ({t(None, k)}, {t(*b_shape)}, {t(n)}) -> {t(None, n)}')
    lines.append(f"  return %y : {t(None, n)}")
    return "\n".join(lines + ["}"])


out = [
    gemm("guarded", 256, 64),                          # PyTorch's Linear: panel for M <= 16, else BLIS
    gemm("blis_only", 256, 256, argument=True, trans_b=False),  # b an argument: BLIS for every M
    gemm("small", 16, 8),                              # 17*N*K < 65536: loops
    gemm("beta2", 256, 64, beta=2.0),                  # c read with beta != 1: loops
]
out.append("{-#\n  dialect_resources: {\n    builtin: {\n" +
           ",\n".join(f"      {k}: \"{v}\"" for k, v in blobs.items()) + "\n    }\n  }\n#-}")
sys.stdout.write("\n".join(out) + "\n")
