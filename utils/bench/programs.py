"""programs.py - the tc_tensor programs utils/bench/run compiles and times.

Every benchmark program is generated here as text, in tc_tensor's generic
form (docs/dialects.md), so that the tables say exactly what was measured:

- gemm(n, dtype): @mm, one square `tc_tensor.matmul`;
- chain(shape): @chain(x, w, b), all three the same shape (no broadcast of
  w and b), the elementwise chain of issue 6 written op by op in the order
  the C loop evaluates it: z = x*w + b; z3 = (z*z)*z;
  y = (0.5*z) * (1 + tanh(0.79788456*(z + 0.044715*z3))), scalars as rank-0
  constants broadcast by the binary ops;
- softmax(rows, cols), layer_norm(rows, cols): one op over the last axis
  (layer_norm with [cols] scale and bias, epsilon 1e-5);
- batched(text, name, batch): the bundled examples/mlp.mlir (batch 4) and
  examples/cnn.mlir (batch 1) with their batch dimension rewritten;
- reference_gemm(n, dtype), reference_inputs(n, dtype): for the reference
  evaluator's GEMM rate, @mm reduces a square matmul to its sum (so
  tensor-ref prints one number, and the matmul is computed in full: no
  element is left with a bound), and @inputs reduces the same two
  arguments, drawn the same way, without the matmul: the difference of
  their times is the matmul's; reference_conv(batch, channels, size, dtype)
  likewise for a 3x3 convolution;
- compile_chain(ops): a program of exactly `ops` tc_tensor ops for the
  compile-time benchmark: a chain over 16x16 f32 tensors cycling through
  add, tanh, mul, sub, tanh, matmul, mul-by-constant (1/16), tanh, max, relu,
  so that one op in ten is a matmul and values stay bounded (tanh after
  every growing op), which keeps the gate's comparison meaningful.

constants(text) reads the named dense constants of a program back as nested
lists, for the PyTorch versions of the bundled models.
"""
import json
import re


def _t(shape, dtype="f32"):
    return "tensor<" + "".join(f"{d}x" for d in shape) + dtype + ">"


def gemm(n, dtype):
    t = _t([n, n], dtype)
    return (f"func.func @mm(%a: {t}, %b: {t}) -> {t} {{\n"
            f"  %c = \"tc_tensor.matmul\"(%a, %b) : ({t}, {t}) -> {t}\n"
            f"  return %c : {t}\n}}\n")


def reference_gemm(n, dtype):
    t, s = _t([n, n], dtype), f"tensor<{dtype}>"
    return (f"func.func @mm(%a: {t}, %b: {t}) -> {s} {{\n"
            f"  %c = \"tc_tensor.matmul\"(%a, %b) : ({t}, {t}) -> {t}\n"
            f"  %s = \"tc_tensor.reduce_sum\"(%c) {{axes = array<i64>, keepdims = false}} : ({t}) -> {s}\n"
            f"  return %s : {s}\n}}\n")


def reference_inputs(n, dtype):
    t, s = _t([n, n], dtype), f"tensor<{dtype}>"
    return (f"func.func @inputs(%a: {t}, %b: {t}) -> ({s}, {s}) {{\n"
            f"  %x = \"tc_tensor.reduce_sum\"(%a) {{axes = array<i64>, keepdims = false}} : ({t}) -> {s}\n"
            f"  %y = \"tc_tensor.reduce_sum\"(%b) {{axes = array<i64>, keepdims = false}} : ({t}) -> {s}\n"
            f"  return %x, %y : {s}, {s}\n}}\n")


def reference_conv(batch, channels, size, dtype):
    """@conv: a 3x3 convolution, stride 1, padding 1, channels -> channels,
    reduced to its sum; @inputs reduces its two arguments the same way.
    Returns (text of @conv, text of @inputs, flop)."""
    x, w, s = _t([batch, channels, size, size], dtype), _t([channels, channels, 3, 3], dtype), f"tensor<{dtype}>"
    attrs = "dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>"
    reduce_all = "{axes = array<i64>, keepdims = false}"
    conv = (f"func.func @conv(%x: {x}, %w: {w}) -> {s} {{\n"
            f"  %y = \"tc_tensor.conv2d\"(%x, %w) {{{attrs}}} : ({x}, {w}) -> {x}\n"
            f"  %s = \"tc_tensor.reduce_sum\"(%y) {reduce_all} : ({x}) -> {s}\n"
            f"  return %s : {s}\n}}\n")
    inputs = (f"func.func @inputs(%x: {x}, %w: {w}) -> ({s}, {s}) {{\n"
              f"  %a = \"tc_tensor.reduce_sum\"(%x) {reduce_all} : ({x}) -> {s}\n"
              f"  %b = \"tc_tensor.reduce_sum\"(%w) {reduce_all} : ({w}) -> {s}\n"
              f"  return %a, %b : {s}, {s}\n}}\n")
    return conv, inputs, 2 * batch * channels * size * size * channels * 9


class _Body:
    """Builds a function body one op at a time, naming results %v0, %v1, ..."""

    def __init__(self):
        self.lines, self.count = [], 0

    def op(self, kind, operands, types, result, attrs=""):
        name = f"%v{self.count}"
        self.count += 1
        attr_text = f" {{{attrs}}}" if attrs else ""
        self.lines.append(f"  {name} = \"tc_tensor.{kind}\"({', '.join(operands)}){attr_text} : "
                          f"({', '.join(types)}) -> {result}")
        return name

    def scalar(self, value, dtype="f32"):
        return self.op("constant", [], [], f"tensor<{dtype}>", f"value = dense<{value!r}> : tensor<{dtype}>")


def chain(shape):
    t, s = _t(shape), "tensor<f32>"
    b = _Body()
    z = b.op("add", [b.op("mul", ["%x", "%w"], [t, t], t), "%b"], [t, t], t)
    z3 = b.op("mul", [b.op("mul", [z, z], [t, t], t), z], [t, t], t)
    inner = b.op("add", [z, b.op("mul", [b.scalar(0.044715), z3], [s, t], t)], [t, t], t)
    th = b.op("tanh", [b.op("mul", [b.scalar(0.79788456), inner], [s, t], t)], [t], t)
    one_plus = b.op("add", [b.scalar(1.0), th], [s, t], t)
    y = b.op("mul", [b.op("mul", [b.scalar(0.5), z], [s, t], t), one_plus], [t, t], t)
    return (f"func.func @chain(%x: {t}, %w: {t}, %b: {t}) -> {t} {{\n"
            + "\n".join(b.lines) + f"\n  return {y} : {t}\n}}\n")


def softmax(rows, cols):
    t = _t([rows, cols])
    return (f"func.func @softmax(%x: {t}) -> {t} {{\n"
            f"  %y = \"tc_tensor.softmax\"(%x) {{axis = -1 : i64}} : ({t}) -> {t}\n"
            f"  return %y : {t}\n}}\n")


def layer_norm(rows, cols):
    t, v = _t([rows, cols]), _t([cols])
    return (f"func.func @layer_norm(%x: {t}, %g: {v}, %b: {v}) -> {t} {{\n"
            f"  %y = \"tc_tensor.layer_norm\"(%x, %g, %b) {{axis = -1 : i64, epsilon = 1.0e-05 : f64}}"
            f" : ({t}, {v}, {v}) -> {t}\n"
            f"  return %y : {t}\n}}\n")


# The batch dimension of each bundled example: the leading dimension of
# these tensor types (and of nothing else in the file).
_BATCHED = {
    "mlp": (4, re.compile(r"tensor<4x(8|16|4)xf32>")),
    "cnn": (1, re.compile(r"tensor<1x((?:\d+x)*)f32>")),
}


def batched(text, name, batch):
    """The bundled example `name` with batch `batch` instead of its own."""
    _, pattern = _BATCHED[name]
    body = text.split("func.func", 1)
    return body[0] + "func.func" + pattern.sub(lambda m: f"tensor<{batch}x{m.group(1)}" + (
        "xf32>" if name == "mlp" else "f32>"), body[1])


def example_batch(name):
    return _BATCHED[name][0]


def constants(text):
    """{name: nested list} for every `%name = "tc_tensor.constant"` with a dense list."""
    found = {}
    for m in re.finditer(r"%(\w+) = \"tc_tensor\.constant\"\(\) \{value = dense<(\[.*?\])> :", text):
        found[m.group(1)] = json.loads(m.group(2))
    return found


_COMPILE_CYCLE = ["add", "tanh", "mul", "sub", "tanh", "matmul", "scale", "tanh", "max", "relu"]


def compile_chain(ops):
    """A chain of exactly `ops` tc_tensor ops (constants included), ops >= 2."""
    t, s = _t([16, 16]), "tensor<f32>"
    b = _Body()
    scale = b.scalar(0.0625)
    y = "%x"
    for i in range(ops - 1):
        kind = _COMPILE_CYCLE[i % len(_COMPILE_CYCLE)]
        if kind in ("tanh", "relu"):
            y = b.op(kind, [y], [t], t)
        elif kind == "scale":
            y = b.op("mul", [y, scale], [t, s], t)
        else:
            y = b.op(kind, [y, "%w"], [t, t], t)
    return (f"func.func @chain(%x: {t}, %w: {t}) -> {t} {{\n"
            + "\n".join(b.lines) + f"\n  return {y} : {t}\n}}\n")
