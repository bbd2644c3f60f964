# library.py - cross-checks the exact oracle against NumPy and PyTorch
#
# The oracle (numerics.py and the ops_* modules) is our own code; it is the
# yardstick for tensor-ref, so a mistake in it would be copied into both. This
# module closes that loop with libraries nobody here wrote: for every op that
# NumPy or PyTorch has, it computes the op in float64 (integers in their own
# NumPy dtype, which wraps like the spec) on the same operands the oracle
# read, and checks the oracle's result against it within the contract's
# separate "library" budgets (ref_oracle/contract.py).
#
# Each op of a case is checked on its own, with the oracle's values of its
# operands, so a case of several ops checks every one of them.
#
# Comparison rules (library results against the exact oracle):
# - a float64 library result is rounded once to the result dtype
#   (numerics.rnd) before comparing f16/bf16/f32 results, so the budget
#   covers the library's float64 error plus the one-ulp double rounding it
#   can cause; f64 results are compared as they are;
# - NaN matches NaN, an infinity the same infinity; zeros are compared by
#   value, not sign: neither library defines the sign of every zero the spec
#   does (BLAS sums start at +0, np.maximum(-0., 0.) and np.sign(-0.) and
#   relu(-0.) give +0 or -0 by argument order), and the tensor-ref check
#   already holds every zero's sign to the oracle exactly;
# - integers and i1 exactly.
#
# Where the spec deliberately differs from the library, the elements (or the
# whole case) are not compared, and the output says so with the reason:
# "LIB-PASS (k of n elements not compared: reason)" or "LIB-SKIP (reason)".
# Nothing is skipped silently.
import math
import warnings

import numpy as np

from . import numerics as nx

_torch = None


def torch():
    """PyTorch, imported on first use (the import costs about 2 s)."""
    global _torch
    if _torch is None:
        import torch as t

        t.set_num_threads(1)
        _torch = t
    return _torch


class Skip(Exception):
    """The library cannot compute the op as the spec defines it."""


# Ops computed with PyTorch (the harness imports it only for files using them).
TORCH_OPS = {"sigmoid", "gelu", "erf", "rsqrt", "conv2d", "max_pool2d", "avg_pool2d", "batch_norm",
             "layer_norm", "softmax", "log_softmax"}


def _np(v):
    """A Val as a NumPy array: floats as float64 (exact), integers in their dtype."""
    if nx.is_float(v.dtype):
        return v.arr.astype(np.float64)
    return v.to_npy()


def _t(a):
    return torch().from_numpy(np.array(a, dtype=np.float64))  # a writable copy


def _none():
    return None


class Result:
    def __init__(self, value, excluded=None, reason=None):
        self.value, self.excluded, self.reason = value, excluded, reason


# -- elementwise -------------------------------------------------------------------

_UNARY_NP = {
    "neg": np.negative, "abs": np.abs, "exp": np.exp, "log": np.log, "sqrt": np.sqrt, "tanh": np.tanh,
    "sin": np.sin, "cos": np.cos, "floor": np.floor, "ceil": np.ceil,
    "round": np.rint,  # ties to even, as the spec
    "sign": np.sign, "reciprocal": np.reciprocal, "identity": np.copy,
    "relu": lambda x: np.maximum(x, np.zeros((), x.dtype)),
}


def _unary(op, args):
    (x,) = args
    a = _np(x)
    name = op.name
    if x.dtype == "i1":
        return Result(np.logical_not(a) if name == "not" else a.copy())
    if name == "not":
        return Result(np.invert(a))
    if nx.is_float(x.dtype) and name in ("sigmoid", "gelu", "erf", "rsqrt"):
        t = torch()
        fn = {"sigmoid": t.sigmoid, "erf": t.erf, "rsqrt": t.rsqrt,
              "gelu": lambda v: t.nn.functional.gelu(v)}[name]  # approximate='none': x * Phi(x)
        return Result(fn(_t(a)).numpy())
    return Result(_UNARY_NP[name](a))


_BINARY_NP = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide, "pow": np.power,
    "max": np.maximum, "min": np.minimum,
    "mod": np.remainder,  # floored, the sign of y (spec: NumPy's remainder)
    "fmod": np.fmod,  # truncated, the sign of x
    "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor,
}


def _binary(op, args):
    x, y = args
    a, b = _np(x), _np(y)
    name, d = op.name, x.dtype
    if nx.is_float(d) or name not in ("div", "pow", "mod", "fmod"):
        return Result(_BINARY_NP[name](a, b))
    a, b = np.broadcast_arrays(a, b)
    if name == "pow":
        # NumPy refuses negative integer exponents; the spec truncates
        # x^y toward zero (1, -1 or 0).
        neg = b < 0
        r = np.power(a, np.where(neg, np.zeros_like(b), b))
        return Result(r, neg if neg.any() else None, "int pow with a negative exponent (NumPy raises)")
    zero = b == 0
    safe = np.where(zero, np.ones_like(b), b)
    if name == "div":
        # NumPy's integer division floors; the spec truncates toward zero:
        # x - fmod(x, y) is an exact multiple of y, so floor division of it is
        # the truncated quotient (NumPy's own floor_divide and fmod; MIN / -1
        # wraps to MIN in both).
        r = np.floor_divide(a - np.fmod(a, safe), safe)
    else:
        r = _BINARY_NP[name](a, safe)
    # Spec: x / 0, x mod 0 and fmod(x, 0) are 0 for integers; NumPy returns 0
    # with a warning, which it does not promise.
    return Result(r, zero if zero.any() else None, "integer division or remainder by zero")


_COMPARE_NP = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
               "ge": np.greater_equal}


def _compare(op, args):
    x, y = args
    return Result(_COMPARE_NP[op.name](_np(x), _np(y)))


def _where(op, args):
    c, x, y = args
    return Result(np.where(_np(c).astype(bool), _np(x), _np(y)))


def _clip(op, args):
    (x,) = args
    a = _np(x)
    lo, hi = op.attrs["min"], op.attrs["max"]
    if nx.is_float(x.dtype):
        # The attributes are f64; the spec casts them to the dtype first.
        lo, hi = nx.rnd(float(lo), x.dtype), nx.rnd(float(hi), x.dtype)
    elif nx.is_unsigned(x.dtype):
        lo, hi = lo % 2**64, hi % 2**64  # the spec reads the i64 attribute's bits unsigned
    if lo > hi:
        raise Skip("clip with min > max: np.clip's result is not documented for it (spec: max)")
    if not nx.is_float(x.dtype):
        lo, hi = np.array(lo).astype(a.dtype), np.array(hi).astype(a.dtype)
    return Result(np.clip(a, lo, hi))


def _cast(op, args):
    (x,) = args
    a = _np(x)
    dst = op.result_types[0][1]
    with np.errstate(all="ignore"):
        if nx.is_float(dst):
            if dst == "bf16":
                # NumPy has no bfloat16, and PyTorch rounds f64 -> bf16
                # through f32 (double rounding): the library value is the
                # source's f64 (or NumPy's int64 -> f64), rounded once to bf16
                # by the comparison.
                return Result(a.astype(np.float64))
            return Result(a.astype(nx.NPY_DTYPE[dst]).astype(np.float64))
        if dst == "i1":
            return Result(a.astype(bool))  # v != 0; NaN != 0 is true in both
        if nx.is_float(x.dtype):
            # NumPy's float -> int astype is C's conversion: undefined for NaN
            # and out-of-range values (the spec saturates and maps NaN to 0).
            lo, hi = nx.int_range(dst)
            t = np.trunc(a)
            bad = np.isnan(a) | (t < float(lo)) | (t >= float(hi + 1))  # lo and hi + 1 are powers of 2: exact
            r = np.where(bad, 0, a).astype(nx.NPY_DTYPE[dst])
            return Result(r, bad if bad.any() else None,
                          "NaN or out-of-range float -> int (C/NumPy: undefined; spec: saturate, NaN -> 0)")
        return Result(a.astype(nx.NPY_DTYPE[dst]))  # integers wrap modulo 2^N in both


# -- linear algebra and nn ---------------------------------------------------------


def _matmul(op, args):
    a, b = args
    return Result(np.matmul(_np(a), _np(b)))


def _gemm(op, args):
    a, b = args[:2]
    c = args[2] if len(args) > 2 else None
    A, B = _np(a), _np(b)
    A = A.T if op.attrs["trans_a"] else A
    B = B.T if op.attrs["trans_b"] else B
    alpha, beta = op.attrs["alpha"], op.attrs["beta"]
    # BLAS gemm: a zero alpha or beta skips its term (the spec's rule too),
    # so NaN or inf in an unread operand does not leak in.
    r = np.zeros((A.shape[0], B.shape[1]))
    if alpha != 0:
        r = alpha * np.matmul(A, B)
    if c is not None and beta != 0:
        r = r + beta * np.broadcast_to(_np(c), r.shape)
    return Result(r)


def _conv2d(op, args):
    F = torch().nn.functional
    x, w = args[:2]
    if w.shape[1] == 0:
        raise Skip("no input channels: torch's conv2d gives no output channels (spec: the bias)")
    bias = _t(_np(args[2])) if len(args) > 2 else None
    pt, pl, pb, pr = op.attrs["pads"]
    X = F.pad(_t(_np(x)), (pl, pr, pt, pb))  # zeros; conv2d's padding is symmetric only
    r = F.conv2d(X, _t(_np(w)), bias, stride=tuple(op.attrs["strides"]), padding=0,
                 dilation=tuple(op.attrs["dilations"]), groups=op.attrs["group"])
    return Result(r.numpy())


def _pool_args(op, x, fill):
    """(input tensor, padding) for torch's pooling: symmetric pads of at most
    half the kernel go to torch; others are applied first with `fill`, which
    ceil_mode cannot follow (its last window may not start in the right or
    bottom padding, which torch would then count as input)."""
    kH, kW = op.attrs["kernel"]
    pt, pl, pb, pr = op.attrs["pads"]
    if 0 in x.shape[2:]:
        raise Skip("an empty spatial input: torch's pooling refuses it")
    X = _t(x)
    if pt == pb and pl == pr and 2 * pt <= kH and 2 * pl <= kW:
        return X, (pt, pl)
    if op.attrs["ceil_mode"]:
        raise Skip("ceil_mode with asymmetric or over-half-kernel pads: torch pads symmetrically, at most "
                   "half the kernel")
    return torch().nn.functional.pad(X, (pl, pr, pt, pb), value=fill), (0, 0)


def _max_pool2d(op, args):
    (x,) = args
    a = _np(x)
    if not nx.is_float(x.dtype):
        if a.size and np.abs(a.astype(object)).max() > 2**53:
            raise Skip("integers beyond 2^53: torch's max_pool2d has no integer kernel, float64 rounds them")
        fill = float(nx.int_range(x.dtype)[0])
    else:
        fill = -math.inf
    X, padding = _pool_args(op, a.astype(np.float64), fill)
    r = torch().nn.functional.max_pool2d(X, tuple(op.attrs["kernel"]), tuple(op.attrs["strides"]), padding,
                                         tuple(op.attrs["dilations"]), ceil_mode=op.attrs["ceil_mode"])
    r = r.numpy()
    if not nx.is_float(x.dtype):
        r = r.astype(nx.NPY_DTYPE[x.dtype])
    return Result(r)


def _avg_pool2d(op, args):
    (x,) = args
    include = op.attrs["count_include_pad"]
    pt, pl, pb, pr = op.attrs["pads"]
    kH, kW = op.attrs["kernel"]
    if not (pt == pb and pl == pr and 2 * pt <= kH and 2 * pl <= kW) and not include:
        raise Skip("asymmetric pads without count_include_pad: torch pads symmetrically, at most half the kernel")
    X, padding = _pool_args(op, _np(x), 0.0)
    r = torch().nn.functional.avg_pool2d(X, tuple(op.attrs["kernel"]), tuple(op.attrs["strides"]), padding,
                                         ceil_mode=op.attrs["ceil_mode"], count_include_pad=include)
    return Result(r.numpy())


def _batch_norm(op, args):
    x, scale, bias, mean, var = [_t(_np(v)) for v in args]
    r = torch().nn.functional.batch_norm(x, mean, var, scale, bias, training=False, eps=op.attrs["epsilon"])
    return Result(r.numpy())


def _layer_norm(op, args):
    x, scale = args[:2]
    r = len(x.shape)
    axis = op.attrs["axis"] % r if r else 0
    inner = tuple(x.shape[axis:])
    S = _t(np.broadcast_to(_np(scale), inner))
    B = _t(np.broadcast_to(_np(args[2]), inner)) if len(args) > 2 else None
    return Result(torch().nn.functional.layer_norm(_t(_np(x)), inner, S, B, op.attrs["epsilon"]).numpy())


def _softmax(op, args):
    (x,) = args
    F = torch().nn.functional
    fn = F.log_softmax if op.name == "log_softmax" else F.softmax
    return Result(fn(_t(_np(x)), dim=op.attrs["axis"]).numpy())


# -- reductions and shape ops ------------------------------------------------------


def _axes(axes, r):
    return tuple(sorted({a % r for a in axes})) if axes else tuple(range(r))


def _reduce_np(kind, a, axes, keepdims, dtype):
    fn = {"sum": np.sum, "prod": np.prod, "max": np.max, "min": np.min, "mean": np.mean}[kind]
    kw = {}
    if kind in ("sum", "prod") and not nx.is_float(dtype):
        kw["dtype"] = a.dtype  # accumulate in the dtype: wraps modulo 2^N, as the spec
    if kind in ("max", "min") and 0 in [a.shape[i] for i in axes]:
        # NumPy refuses an empty max/min without `initial`; the spec's
        # identity (-inf/+inf, the integer extremes) is given as it.
        from .ops_nn import empty_max, empty_min

        kw["initial"] = (empty_max if kind == "max" else empty_min)(dtype)
    with np.errstate(all="ignore"):
        return fn(a, axis=axes, keepdims=keepdims, **kw)


def _reduce(op, args):
    (x,) = args
    axes = _axes(op.attrs["axes"], len(x.shape))
    return Result(_reduce_np(op.name[len("reduce_"):], _np(x), axes, op.attrs["keepdims"], x.dtype))


def _global_pool(op, args):
    (x,) = args
    kind = "max" if op.name == "global_max_pool" else "mean"
    return Result(_reduce_np(kind, _np(x), tuple(range(2, len(x.shape))), True, x.dtype))


def _argmax(op, args):
    (x,) = args
    a = _np(x)
    axis = op.attrs["axis"] % len(x.shape)
    fn = np.argmax if op.name == "argmax" else np.argmin  # both: the first NaN wins, as the spec
    if a.shape[axis] == 0:
        raise Skip("argmax/argmin of an empty axis: NumPy raises")
    if op.attrs["select_last_index"]:
        r = a.shape[axis] - 1 - fn(np.flip(a, axis), axis=axis)
    else:
        r = fn(a, axis=axis)
    if op.attrs["keepdims"]:
        r = np.expand_dims(r, axis)
    return Result(np.asarray(r, dtype=np.int64))


def _transpose(op, args):
    return Result(np.transpose(_np(args[0]), op.attrs["perm"]))


def _reshape(op, args):
    return Result(np.reshape(_np(args[0]), op.result_types[0][0]))


def _broadcast_to(op, args):
    return Result(np.broadcast_to(_np(args[0]), op.result_types[0][0]))


def _concat(op, args):
    return Result(np.concatenate([_np(v) for v in args], axis=op.attrs["axis"] % len(args[0].shape)))


def _split(op, args):
    (x,) = args
    parts = np.split(_np(x), len(op.result_types), axis=op.attrs["axis"] % len(x.shape))
    return [Result(p) for p in parts]


def _slice(op, args):
    (x,) = args
    # Python's slice(start, end, step) clamps out-of-range bounds the way the
    # spec does (negative bounds count from the end, then clamp to [0, n] or
    # [-1, n - 1] for negative steps).
    key = tuple(slice(s, e, t) for s, e, t in zip(op.attrs["starts"], op.attrs["ends"], op.attrs["steps"]))
    return Result(_np(x)[key])


def _gather(op, args):
    data, indices = args
    # An out-of-range index is a run-time program error (the oracle raises
    # before this is reached); np.take's own negative indices are the spec's.
    return Result(np.take(_np(data), _np(indices).astype(np.int64), axis=op.attrs["axis"] % len(data.shape)))


def _pad(op, args):
    (x,) = args
    r, pads = len(x.shape), op.attrs["pads"]
    if r == 0:
        return Result(_np(x).copy())  # nothing to pad; np.pad refuses the empty pad list
    if any(p < 0 for p in pads):
        raise Skip("negative pads (cropping): np.pad has none")
    if op.attrs["mode"] == "reflect" and any(p and d < 2 for p, d in zip(pads, list(x.shape) * 2)):
        raise Skip("reflect padding of an axis shorter than 2: np.pad repeats the edge, the spec does not")
    a = _np(x)
    from .ops_reduce_shape import _pad_value

    kw = {}
    if op.attrs["mode"] == "constant":
        kw["constant_values"] = _pad_value(op.attrs["value"], x.dtype)  # the spec's cast of the f64 value
    return Result(np.pad(a, list(zip(pads[:r], pads[r:])), mode=op.attrs["mode"], **kw))


def _constant(op, args):
    raise Skip("no library computation (its values are the attribute's)")


OPS = {"where": _where, "clip": _clip, "cast": _cast, "matmul": _matmul, "gemm": _gemm, "conv2d": _conv2d,
       "max_pool2d": _max_pool2d, "avg_pool2d": _avg_pool2d, "batch_norm": _batch_norm,
       "layer_norm": _layer_norm, "softmax": _softmax, "log_softmax": _softmax,
       "global_max_pool": _global_pool, "global_avg_pool": _global_pool, "argmax": _argmax,
       "argmin": _argmax, "transpose": _transpose, "reshape": _reshape, "broadcast_to": _broadcast_to,
       "concat": _concat, "split": _split, "slice": _slice, "gather": _gather, "pad": _pad,
       "constant": _constant}
for _n in list(_UNARY_NP) + ["sigmoid", "gelu", "erf", "rsqrt", "not"]:
    OPS[_n] = _unary
for _n in _BINARY_NP:
    OPS[_n] = _binary
for _n in _COMPARE_NP:
    OPS[_n] = _compare
for _n in ("sum", "prod", "max", "min", "mean"):
    OPS["reduce_" + _n] = _reduce


def compute(op, args):
    """The library's results of one op: a list of Result."""
    fn = OPS.get(op.name)
    if fn is None:
        raise Skip("no NumPy or PyTorch counterpart for tc_tensor.%s" % op.name)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Mean of empty slice" and the like: the values are compared
        out = fn(op, args)
    return out if isinstance(out, list) else [out]


# -- comparison --------------------------------------------------------------------


def _lib_value(v, dtype):
    if not nx.is_float(dtype):
        return int(v)
    v = float(v)
    return v if dtype == "f64" else nx.rnd(v, dtype)


def compare(lib, want, tol, perturb=False):
    """(compared, excluded, problem) for one output: problem is None if the
    oracle's value agrees with the library's everywhere compared."""
    value = np.asarray(lib.value)
    if tuple(value.shape) != want.shape:
        return 0, 0, "shape %s, the library computes %s" % (list(want.shape), list(value.shape))
    libs = value.ravel().tolist()
    exc = np.broadcast_to(lib.excluded, want.shape).ravel().tolist() if lib.excluded is not None else None
    exact = want.flat()
    compared = excluded = bad = 0
    worst = None
    for k, (g, w) in enumerate(zip(libs, exact)):
        if exc is not None and exc[k]:
            excluded += 1
            continue
        g = _lib_value(g, want.dtype)
        if perturb and compared == 0:  # --perturb-library: the harness's self-test
            g = g + 1 if not nx.is_float(want.dtype) else (nx.rnd(g * (1 + 2.0**-6), want.dtype) if g else 1.0)
        compared += 1
        ok, err_ulp, err_abs = _agree(g, w, want.dtype, tol)
        if not ok:
            bad += 1
            if worst is None or err_ulp > worst[1]:
                worst = (k, err_ulp, err_abs, g, w)
    if worst is None:
        return compared, excluded, None
    k, err_ulp, err_abs, g, w = worst
    index = [int(i) for i in np.unravel_index(k, want.shape)] if want.shape else []
    fmt = (lambda v: repr(float(v))) if nx.is_float(want.dtype) else str
    text = "%s: oracle %s, library %s" % (index, fmt(w), fmt(g))
    if nx.is_float(want.dtype):
        err = "%d ulp (abs %.3g)" % (err_ulp, err_abs) if err_ulp != math.inf else "NaN or infinity"
        text += ", error %s, budget %s" % (err, tol.describe())
    return compared, excluded, text + "; %d of %d elements differ" % (bad, len(exact))


def _agree(g, w, dtype, tol):
    if not nx.is_float(dtype):
        return g == w, math.inf, math.inf
    if g != g or w != w:
        return g != g and w != w, math.inf, math.inf
    if g in (math.inf, -math.inf) or w in (math.inf, -math.inf):
        return g == w, math.inf, math.inf
    if g == 0 and w == 0:  # zeros by value (see the top of the file)
        return True, 0, 0.0
    err_ulp = nx.ulp_distance(g, w, dtype)
    err_abs = abs(g - w)
    return tol.allows(err_abs, err_ulp, abs(w)), err_ulp, err_abs


def check(steps, contract, perturb=False):
    """Checks every op the oracle evaluated: steps are (op, args, results).
    Returns (status, note): LIB-PASS, LIB-FAIL or LIB-SKIP."""
    checked, skips, notes = 0, [], []
    first = True
    for op, args, results in steps:
        try:
            libs = compute(op, args)
        except Skip as e:
            skips.append("%s: %s" % (op.name, e))
            continue
        for i, (lib, want) in enumerate(zip(libs, results)):
            tol = contract.library_tolerance(op.name, want.dtype)
            compared, excluded, problem = compare(lib, want, tol, perturb and first)
            first = False
            if problem:
                return "LIB-FAIL", "%s output #%d %s" % (op.name, i, problem)
            if excluded:
                notes.append("%s: %d of %d elements not compared: %s"
                             % (op.name, excluded, excluded + compared, lib.reason))
        checked += 1
    if not checked:
        return "LIB-SKIP", "; ".join(skips) or "no op"
    return "LIB-PASS", "; ".join(notes + ["skipped " + s for s in skips]) or None
