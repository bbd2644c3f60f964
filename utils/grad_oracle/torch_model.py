# torch_model.py - a tc_tensor function as a differentiable PyTorch program
#
# utils/grad-oracle.py checks gradients against PyTorch's float64 autograd,
# so it needs each case as a PyTorch program: this module runs a parsed
# function (ref_oracle/mlirtext.py) op by op on float64 tensors, with
# PyTorch's own ops wherever PyTorch has the op (F.conv2d, F.max_pool2d,
# F.layer_norm, torch.softmax, torch.amax, ...), so that PyTorch's autograd
# formulas, not ours, give the gradients. It shares no code with tensorc.
#
# Values are (tensor, dtype): floats as float64 tensors holding values
# representable in the dtype, integers as int64, i1 as bool. Every float
# result is rounded once to its dtype (ref_oracle/numerics.rnd, exact) with a
# straight-through correction, y + (rnd(y) - y).detach(): the next op reads
# the rounded value, as the program does, and the gradient flows as PyTorch's
# derivative of the exact op at the operands the program gave it, which is
# the semantics of the reference VJP (docs/autodiff.md §3).
#
# Only what the spec defines is modelled; where PyTorch lacks an op form
# (asymmetric or ceil-mode padding, negative slice steps), the operand is
# padded or indexed explicitly first, so PyTorch still computes the op.
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ref_oracle import mlirtext  # noqa: E402
from ref_oracle import numerics as nx  # noqa: E402

torch = None
F = None


def load_torch():
    global torch, F
    if torch is None:
        import torch as t
        import torch.nn.functional as f

        t.set_num_threads(1)
        torch, F = t, f
    return torch


class ModelError(Exception):
    pass


_round = np.vectorize(lambda v, d: nx.rnd(float(v), d), otypes=[np.float64])


def rnd(t, dtype):
    """t rounded once to float dtype, the gradient passed straight through."""
    if dtype == "f64" or t.numel() == 0:
        return t
    exact = torch.from_numpy(_round(t.detach().numpy(), dtype).reshape(t.shape))
    return t + (exact - t).detach()


def _axis(a, r):
    return a + r if a < 0 else a


def _shape(types, i):
    return tuple(types[i][0])


# -- elementwise -----------------------------------------------------------------

_UNARY = {
    "neg": lambda x: -x, "abs": lambda x: torch.abs(x), "exp": lambda x: torch.exp(x),
    "log": lambda x: torch.log(x), "sqrt": lambda x: torch.sqrt(x), "rsqrt": lambda x: torch.rsqrt(x),
    "tanh": lambda x: torch.tanh(x), "sigmoid": lambda x: torch.sigmoid(x), "relu": lambda x: torch.relu(x),
    "gelu": lambda x: F.gelu(x), "erf": lambda x: torch.erf(x), "sin": lambda x: torch.sin(x),
    "cos": lambda x: torch.cos(x), "floor": lambda x: torch.floor(x), "ceil": lambda x: torch.ceil(x),
    "round": lambda x: torch.round(x), "sign": lambda x: torch.sign(x),
    "reciprocal": lambda x: torch.reciprocal(x), "identity": lambda x: x * 1,
}

_BINARY = {
    "add": lambda x, y: x + y, "sub": lambda x, y: x - y, "mul": lambda x, y: x * y,
    "div": lambda x, y: x / y, "pow": lambda x, y: torch.pow(x, y), "max": lambda x, y: torch.maximum(x, y),
    "min": lambda x, y: torch.minimum(x, y), "mod": lambda x, y: torch.remainder(x, y),
    "fmod": lambda x, y: torch.fmod(x, y),
}

_COMPARE = {"eq": "eq", "ne": "ne", "lt": "lt", "le": "le", "gt": "gt", "ge": "ge"}


def _unary(op, args):
    (x, d), = args
    if op.name == "not":
        return [(~x, d)]
    if not nx.is_float(d):
        raise ModelError("integer %s is not modelled (no gradient)" % op.name)
    return [(_UNARY[op.name](x), d)]


def _binary(op, args):
    (x, d), (y, _) = args
    if op.name in ("and", "or", "xor"):
        fn = {"and": torch.bitwise_and, "or": torch.bitwise_or, "xor": torch.bitwise_xor}[op.name]
        return [(fn(x, y), d)]
    if not nx.is_float(d):
        raise ModelError("integer %s is not modelled (no gradient)" % op.name)
    return [(_BINARY[op.name](x, y), d)]


def _compare(op, args):
    (x, _), (y, _) = args
    return [(getattr(torch, _COMPARE[op.name])(x, y), "i1")]


def _where(op, args):
    (c, _), (x, d), (y, _) = args
    return [(torch.where(c, x, y), d)]


def _clip(op, args):
    (x, d), = args
    lo, hi = nx.rnd(float(op.attrs["min"]), d), nx.rnd(float(op.attrs["max"]), d)
    return [(torch.clamp(x, lo, hi), d)]


def _cast(op, args):
    (x, d), = args
    to = op.result_types[0][1]
    if nx.is_float(d) and nx.is_float(to):
        return [(x * 1, to)]
    if to == "i1":
        return [(x != 0, to)]
    if nx.is_float(to):
        return [(x.to(torch.float64), to)]
    if nx.is_float(d):  # truncate toward zero and saturate, NaN -> 0 (docs/dialects.md §2.2.6)
        lo, hi = nx.int_range(to)
        v = torch.nan_to_num(torch.trunc(x.detach()), nan=0.0).clamp(float(lo), float(hi))
        return [(v.to(torch.int64), to)]
    return [(x, to)]


# -- linear algebra, convolution, pooling -------------------------------------------

def _matmul(op, args):
    (x, d), (y, _) = args
    return [(torch.matmul(x, y), d)]


def _gemm(op, args):
    a, d = args[0]
    b = args[1][0]
    alpha, beta = float(op.attrs["alpha"]), float(op.attrs["beta"])
    a = a.t() if op.attrs["trans_a"] else a
    b = b.t() if op.attrs["trans_b"] else b
    out = torch.zeros((a.shape[0], b.shape[1]), dtype=torch.float64)
    if alpha != 0:
        out = alpha * (a @ b)
    if len(args) > 2 and beta != 0:
        out = out + beta * args[2][0]
    return [(out, d)]


def _conv2d(op, args):
    x, d = args[0]
    w = args[1][0]
    bias = args[2][0] if len(args) > 2 else None
    pt, pl, pb, pr = op.attrs["pads"]
    xp = F.pad(x, (pl, pr, pt, pb))
    out = F.conv2d(xp, w, bias, stride=tuple(op.attrs["strides"]), dilation=tuple(op.attrs["dilations"]),
                   groups=op.attrs["group"])
    return [(out, d)]


def _pool_pads(op, x, out_shape, dilations):
    """(begin, end) per spatial axis so that a floor-mode pool over the padded
    tensor has the result's size: the explicit pads, and the end extended
    (ceil mode) or cut (a floor window that would run past it) to fit."""
    pads = []
    for a in range(2):
        k, s, dl = op.attrs["kernel"][a], op.attrs["strides"][a], dilations[a]
        need = (out_shape[2 + a] - 1) * s + dl * (k - 1) + 1
        begin = op.attrs["pads"][a]
        pads.append((begin, need - x.shape[2 + a] - begin))
    return pads


def _max_pool2d(op, args):
    x, d = args[0]
    dil = tuple(op.attrs["dilations"])
    (pt, pb), (pl, pr) = _pool_pads(op, x, op.result_types[0][0], dil)
    xp = F.pad(x, (pl, pr, pt, pb), value=-math.inf)
    out = F.max_pool2d(xp, tuple(op.attrs["kernel"]), stride=tuple(op.attrs["strides"]), dilation=dil)
    return [(out, d)]


def _avg_pool2d(op, args):
    x, d = args[0]
    out_shape = op.result_types[0][0]
    kernel, strides = op.attrs["kernel"], op.attrs["strides"]
    (pt, pb), (pl, pr) = _pool_pads(op, x, out_shape, (1, 1))
    xp = F.pad(x, (pl, pr, pt, pb))
    sums = F.avg_pool2d(xp, tuple(kernel), stride=tuple(strides)) * (kernel[0] * kernel[1])
    div = np.ones(out_shape[2:], dtype=np.float64)
    for oh in range(out_shape[2]):
        for ow in range(out_shape[3]):
            n = []
            for a, o in ((0, oh), (1, ow)):
                size, begin = x.shape[2 + a], op.attrs["pads"][a]
                start = o * strides[a]
                if op.attrs["count_include_pad"]:
                    padded = size + begin + op.attrs["pads"][a + 2]
                    n.append(min(start + kernel[a], padded) - start)
                else:
                    lo = start - begin
                    n.append(min(lo + kernel[a], size) - max(lo, 0))
            div[oh, ow] = n[0] * n[1]
    return [(sums / torch.from_numpy(div), d)]


def _global_pool(op, args):
    x, d = args[0]
    dims = tuple(range(2, x.dim()))
    out = torch.amax(x, dim=dims, keepdim=True) if op.name == "global_max_pool" else x.mean(dim=dims, keepdim=True)
    return [(out, d)]


# -- norms and softmax --------------------------------------------------------------------

def _batch_norm(op, args):
    (x, d), (scale, _), (bias, _), (mean, _), (var, _) = args
    shape = [1, x.shape[1]] + [1] * (x.dim() - 2)
    r = lambda t: t.reshape(shape)  # noqa: E731
    out = (x - r(mean)) / torch.sqrt(r(var) + float(op.attrs["epsilon"])) * r(scale) + r(bias)
    return [(out, d)]


def _layer_norm(op, args):
    x, d = args[0]
    axis = _axis(op.attrs["axis"], x.dim())
    tail = tuple(x.shape[axis:])
    weight = args[1][0].expand(tail)
    bias = args[2][0].expand(tail) if len(args) > 2 else None
    return [(F.layer_norm(x, tail, weight, bias, eps=float(op.attrs["epsilon"])), d)]


def _softmax(op, args):
    x, d = args[0]
    axis = _axis(op.attrs["axis"], x.dim())
    fn = torch.log_softmax if op.name == "log_softmax" else torch.softmax
    return [(fn(x, dim=axis), d)]


# -- reductions -----------------------------------------------------------------------------

def _reduced(op, r):
    axes = [_axis(a, r) for a in op.attrs["axes"]]
    return sorted(axes) if axes else list(range(r))


def _reduce(op, args):
    x, d = args[0]
    axes, keep = _reduced(op, x.dim()), op.attrs["keepdims"]
    if not axes:
        return [(x * 1, d)]
    kind = op.name[len("reduce_"):]
    if kind == "prod":
        out = x
        for a in sorted(axes, reverse=True):
            out = torch.prod(out, dim=a, keepdim=True)
        if not keep:
            out = out.reshape(op.result_types[0][0])
    elif kind in ("max", "min"):
        out = (torch.amax if kind == "max" else torch.amin)(x, dim=tuple(axes), keepdim=keep)
    else:
        out = getattr(torch, kind)(x, dim=tuple(axes), keepdim=keep)
    return [(out, d)]


def _arg_reduce(op, args):
    x, _ = args[0]
    axis = _axis(op.attrs["axis"], x.dim())
    fn = torch.argmax if op.name == "argmax" else torch.argmin
    if op.attrs["select_last_index"]:
        n = x.shape[axis]
        out = n - 1 - fn(torch.flip(x, [axis]), dim=axis, keepdim=op.attrs["keepdims"])
    else:
        out = fn(x, dim=axis, keepdim=op.attrs["keepdims"])
    return [(out, "i64")]


# -- data movement ------------------------------------------------------------------------

def _take(x, axis, index):
    return torch.index_select(x, axis, torch.tensor(index, dtype=torch.int64))


def _slice(op, args):
    x, d = args[0]
    for a in range(x.dim()):
        n = x.shape[a]
        idx = list(range(n))[slice(op.attrs["starts"][a], op.attrs["ends"][a], op.attrs["steps"][a])]
        x = _take(x, a, idx)
    return [(x, d)]


def _pad_source(mode, o, b, n):
    s = o - b
    if 0 <= s < n:
        return s
    if mode == "edge":
        return 0 if s < 0 else n - 1
    return -s if s < 0 else 2 * (n - 1) - s


def _pad(op, args):
    x, d = args[0]
    pads, mode, r = op.attrs["pads"], op.attrs["mode"], x.dim()
    if mode == "constant":
        flat = []
        for a in reversed(range(r)):
            flat += [pads[a], pads[r + a]]
        value = float(op.attrs["value"]) if nx.is_float(d) else int(op.attrs["value"])
        return [(F.pad(x, tuple(flat), value=value), d)]
    for a in range(r):
        n, b, e = x.shape[a], pads[a], pads[r + a]
        x = _take(x, a, [_pad_source(mode, o, b, n) for o in range(n + b + e)])
    return [(x, d)]


def _gather(op, args):
    (data, d), (idx, _) = args
    axis = _axis(op.attrs["axis"], data.dim())
    n = data.shape[axis]
    flat = torch.where(idx < 0, idx + n, idx).reshape(-1)
    out = torch.index_select(data, axis, flat)
    shape = list(data.shape[:axis]) + list(idx.shape) + list(data.shape[axis + 1:])
    return [(out.reshape(shape), d)]


def _movement(op, args):
    x, d = args[0]
    name, out = op.name, op.result_types[0][0]
    if name == "transpose":
        return [(x.permute(*op.attrs["perm"]), d)]
    if name == "reshape":
        return [(x.reshape(out), d)]
    if name == "broadcast_to":
        return [(x.reshape([1] * (len(out) - x.dim()) + list(x.shape)).expand(out), d)]
    if name == "concat":
        return [(torch.cat([x, args[1][0]], dim=_axis(op.attrs["axis"], x.dim())), d)]
    if name == "split":
        axis = _axis(op.attrs["axis"], x.dim())
        return [(p, d) for p in torch.split(x, x.shape[axis] // len(op.result_types), dim=axis)]
    raise ModelError("no model of %s" % name)


_OPS = {"where": _where, "clip": _clip, "cast": _cast, "matmul": _matmul, "gemm": _gemm, "conv2d": _conv2d,
        "max_pool2d": _max_pool2d, "avg_pool2d": _avg_pool2d, "global_max_pool": _global_pool,
        "global_avg_pool": _global_pool, "batch_norm": _batch_norm, "layer_norm": _layer_norm,
        "softmax": _softmax, "log_softmax": _softmax, "argmax": _arg_reduce, "argmin": _arg_reduce,
        "slice": _slice, "pad": _pad, "gather": _gather}
for _k in ("transpose", "reshape", "broadcast_to", "concat", "split"):
    _OPS[_k] = _movement
for _k in ("reduce_sum", "reduce_prod", "reduce_max", "reduce_min", "reduce_mean"):
    _OPS[_k] = _reduce
for _k in list(_UNARY) + ["not"]:
    _OPS[_k] = _unary
for _k in list(_BINARY) + ["and", "or", "xor"]:
    _OPS[_k] = _binary
for _k in _COMPARE:
    _OPS[_k] = _compare

MODELLED = set(_OPS) | {"constant"}


def tensor_of(arr, dtype, grad):
    if nx.is_float(dtype):
        return torch.tensor(np.asarray(arr, dtype=np.float64), dtype=torch.float64, requires_grad=grad)
    if dtype == "i1":
        return torch.tensor(np.asarray(arr, dtype=bool))
    return torch.tensor(np.asarray(arr, dtype=np.int64))


def is_weight(op):
    dims, dtype = op.result_types[0]
    return op.name == "constant" and nx.is_float(dtype) and len(dims) >= 1


def constant_value(op, blobs):
    dims, dtype = op.result_types[0]
    return np.array(mlirtext.dense_elements(op.attrs["value"], blobs), dtype=np.float64 if nx.is_float(dtype) else
                    np.int64).reshape(dims)


def run(func, inputs, blobs, weights=None, exact=False):
    """Runs func on `inputs` (NumPy arrays; floats as float64). Float
    arguments are autograd leaves. With `weights` (a list of NumPy arrays,
    one per float constant of rank >= 1, in order) those constants take
    these values and are leaves too. `exact`: no rounding to the dtypes
    (finite differences need the function itself). Returns (outputs, leaves): outputs as
    (tensor, dtype), leaves in argument order, then the weights."""
    load_torch()
    env, leaves, k = {}, [], 0
    for (name, (dims, dtype), _), value in zip(func.args, inputs):
        t = tensor_of(value, dtype, nx.is_float(dtype))
        env[name] = (t, dtype)
        if nx.is_float(dtype):
            leaves.append(t)
    weight_leaves = []
    for op in func.body:
        if op.name == "constant":
            dims, dtype = op.result_types[0]
            hoisted = weights is not None and is_weight(op)
            t = tensor_of(weights[k] if hoisted else constant_value(op, blobs), dtype, hoisted)
            if hoisted:
                weight_leaves.append(t)
                k += 1
            results = [(t, dtype)]
        elif op.name in _OPS:
            results = _OPS[op.name](op, [env[v] for v in op.operands])
        else:
            raise ModelError("no model of tc_tensor.%s" % op.name)
        for name, (t, dtype) in zip(op.results, results):
            env[name] = (rnd(t, dtype) if nx.is_float(dtype) and not exact else t, dtype)
    return [env[v] for v in func.returns], leaves + weight_leaves
