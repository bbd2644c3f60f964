# ops_reduce_shape.py - the oracle's reductions, argmax/argmin, global
# pooling and shape ops (docs/dialects.md §2.2.13, §2.2.17-§2.2.26)
#
# Reductions gather each result element's multiset R and evaluate the spec's
# table on it exactly. Shape ops move elements only, so NumPy's own
# transpose/reshape/broadcast_to/concatenate/split/take do the work where
# their semantics are the spec's; slice and pad follow the spec's per-axis
# index mapping, which NumPy has no single call for (Python's slicing rules,
# negative pads that crop), and pad is cross-checked against np.pad when no
# pad is negative.
import functools

import numpy as np

from . import numerics as nx
from .numerics import INF, Val
from .ops_elementwise import _min_float
from .ops_nn import empty_max, empty_min, float_max


class OracleRuntimeError(Exception):
    """The spec says the evaluation is a run-time program error."""


def _norm_axes(axes, r):
    return sorted({a % r for a in axes}) if axes else list(range(r))


def _reduce_groups(x, axes, keepdims):
    """(result shape, list of R in row-major result order)."""
    r = len(x.shape)
    kept = [i for i in range(r) if i not in axes]
    moved = np.transpose(x.arr, kept + axes) if r else x.arr
    outer = tuple(x.shape[i] for i in kept)
    size = int(np.prod([x.shape[i] for i in axes], dtype=np.int64))
    flat = moved.reshape(outer + (size,))
    groups = [flat[idx].tolist() for idx in np.ndindex(*outer)]
    shape = tuple(1 if i in axes else x.shape[i] for i in range(r)) if keepdims else outer
    return shape, groups


def _reduce_value(kind, R, dtype):
    if nx.is_float(dtype):
        R = [float(v) for v in R]
        if kind == "sum":
            return nx.rnd(nx.add_all(R), dtype)  # empty: +0
        if kind == "prod":
            return nx.rnd(nx.mul_all(R), dtype)  # empty: 1
        if kind == "mean":
            return nx.rnd(nx.div(nx.add_all(R), len(R)), dtype)  # empty: 0/0 = NaN
        if kind == "max":
            return float_max(R)
        return functools.reduce(_min_float, R, INF)
    if kind == "sum":
        return nx.wrap(sum(R), dtype)
    if kind == "prod":
        return nx.wrap(functools.reduce(lambda a, b: a * b, R, 1), dtype)
    if kind == "max":
        return max(R) if R else empty_max(dtype)
    return min(R) if R else empty_min(dtype)


def reduce(op, args, name):
    (x,) = args
    axes = _norm_axes(op.attrs["axes"], len(x.shape))
    shape, groups = _reduce_groups(x, axes, op.attrs["keepdims"])
    kind = name[len("reduce_"):]
    return [Val.of(x.dtype, shape, [_reduce_value(kind, R, x.dtype) for R in groups])]


def global_pool(op, args, name):
    (x,) = args
    shape, groups = _reduce_groups(x, list(range(2, len(x.shape))), True)
    kind = "max" if name == "global_max_pool" else "mean"
    return [Val.of(x.dtype, shape, [_reduce_value(kind, R, x.dtype) for R in groups])]


def _arg_extreme(vals, want_max, last):
    order = range(len(vals) - 1, -1, -1) if last else range(len(vals))
    nans = [j for j in order if vals[j] != vals[j]]
    if nans:  # NaN wins
        return nans[0]
    best = max(vals) if want_max else min(vals)
    return next(j for j in order if vals[j] == best)  # -0 == +0


def argmax(op, args, name):
    (x,) = args
    axis = op.attrs["axis"] % len(x.shape)
    shape, groups = _reduce_groups(x, [axis], op.attrs["keepdims"])
    last = op.attrs["select_last_index"]
    return [Val.of("i64", shape, [_arg_extreme(R, name == "argmax", last) for R in groups])]


def transpose(op, args, name):
    (x,) = args
    return [Val(x.dtype, np.transpose(x.arr, op.attrs["perm"]).copy())]


def reshape(op, args, name):
    (x,) = args
    return [Val(x.dtype, x.arr.reshape(op.result_types[0][0]))]


def broadcast_to(op, args, name):
    (x,) = args
    return [Val(x.dtype, np.broadcast_to(x.arr, op.result_types[0][0]).copy())]


def concat(op, args, name):
    a, b = args
    return [Val(a.dtype, np.concatenate([a.arr, b.arr], axis=op.attrs["axis"] % len(a.shape)))]


def split(op, args, name):
    (x,) = args
    parts = np.split(x.arr, len(op.result_types), axis=op.attrs["axis"] % len(x.shape))
    return [Val(x.dtype, p.copy()) for p in parts]


def _slice_indices(n, s, e, t):
    """The spec's per-axis bounds (§2.2.24), step by step."""
    if s < 0:
        s += n
    if e < 0:
        e += n
    lo, hi = (0, n) if t > 0 else (-1, n - 1)
    s, e = min(max(s, lo), hi), min(max(e, lo), hi)
    count = max(0, -(-(e - s) // t))
    return [s + j * t for j in range(count)]


def _take_grid(arr, index_lists):
    if not index_lists:
        return arr.copy()
    grid = np.ix_(*[np.asarray(ix, dtype=np.intp) for ix in index_lists])
    return arr[grid]


def slice_(op, args, name):
    (x,) = args
    lists = [_slice_indices(n, s, e, t)
             for n, s, e, t in zip(x.shape, op.attrs["starts"], op.attrs["ends"], op.attrs["steps"])]
    return [Val(x.dtype, _take_grid(x.arr, lists))]


def gather(op, args, name):
    data, indices = args
    axis = op.attrs["axis"] % len(data.shape)
    n = data.shape[axis]
    flat = []
    for k in indices.flat():
        j = k + n if k < 0 else k
        if not 0 <= j < n:
            raise OracleRuntimeError("gather index %d is out of range for a dimension of %d" % (k, n))
        flat.append(j)
    idx = np.asarray(flat, dtype=np.intp).reshape(indices.shape)
    return [Val(data.dtype, np.take(data.arr, idx, axis=axis))]


def _pad_value(value, dtype):
    if nx.is_float(dtype):
        return nx.rnd(float(value), dtype)
    return nx.float_to_int(float(value), dtype)  # as cast from f64


def pad(op, args, name):
    (x,) = args
    r, mode = len(x.shape), op.attrs["mode"]
    pads = op.attrs["pads"]
    begins, ends = pads[:r], pads[r:]
    value = _pad_value(op.attrs["value"], x.dtype)

    def source(o, d, b):
        s = o - b
        if 0 <= s < d or mode == "constant":
            return s
        if mode == "edge":
            return min(max(s, 0), d - 1)
        return -s if s < 0 else 2 * (d - 1) - s  # reflect: the edge is not repeated

    out_shape = tuple(d + b + e for d, b, e in zip(x.shape, begins, ends))
    lists = [[source(o, d, b) for o in range(n)] for n, d, b in zip(out_shape, x.shape, begins)]
    flat = []
    for o in np.ndindex(*out_shape):
        s = tuple(lst[i] for lst, i in zip(lists, o))
        inside = all(0 <= si < d for si, d in zip(s, x.shape))
        flat.append(x.arr[s] if inside else value)
    result = Val.of(x.dtype, out_shape, flat)
    if r and all(p >= 0 for p in pads) and x.arr.size:
        np_mode = {"constant": "constant", "edge": "edge", "reflect": "reflect"}[mode]
        kw = {"constant_values": value} if mode == "constant" else {}
        ref = np.pad(x.arr, list(zip(begins, ends)), mode=np_mode, **kw)
        same = (ref == result.arr) | ((ref != ref) & (result.arr != result.arr))
        if ref.shape != result.shape or not np.all(same):
            raise AssertionError("oracle: pad mapping disagrees with np.pad for %s" % (pads,))
    return [result]
