# ops_nn.py - the oracle's matmul, gemm, conv2d, pooling, batch/layer norm
# and softmax ops (docs/dialects.md §2.2.8-§2.2.16)
#
# Each output element is one exact expression over exact operands (sums and
# products as Fractions, square roots and exponentials as 320-bit mpf), with
# §2.2.0's special-value and signed-zero rules applied at every step, rounded
# once. Loops are written out element by element: these tensors are small,
# and the loops read like the spec's formulas.
import functools

import mpmath
import numpy as np

from . import numerics as nx
from .numerics import INF, NAN, Val
from .ops_elementwise import _max_float


def _dot(row, col):
    return nx.add_all([nx.mul(a, b) for a, b in zip(row, col)])


def matmul(op, args, name):
    a, b = args
    d = a.dtype
    A, B = a.arr, b.arr
    if A.ndim == 1:
        A = A.reshape((1, A.shape[0]))
    if B.ndim == 1:
        B = B.reshape((B.shape[0], 1))
    (M, K), N = A.shape[-2:], B.shape[-1]
    batch = tuple(np.broadcast_shapes(A.shape[:-2], B.shape[:-2]))
    A = np.broadcast_to(A, batch + (M, K))
    B = np.broadcast_to(B, batch + (K, N))
    out = []
    for idx in np.ndindex(*batch, M, N):
        bi, m, n = idx[:-2], idx[-2], idx[-1]
        row, col = A[bi + (m,)].tolist(), B[bi + (slice(None), n)].tolist()
        if nx.is_float(d):
            out.append(nx.rnd(_dot(row, col), d))  # K = 0: the empty sum, +0
        else:
            out.append(nx.wrap(sum(x * y for x, y in zip(row, col)), d))
    shape = batch + ((M,) if a.arr.ndim > 1 else ()) + ((N,) if b.arr.ndim > 1 else ())
    return [Val.of(d, shape, out)]


def gemm(op, args, name):
    a, b = args[:2]
    c = args[2] if len(args) > 2 else None
    alpha, beta = op.attrs["alpha"], op.attrs["beta"]
    A = a.arr.T if op.attrs["trans_a"] else a.arr
    B = b.arr.T if op.attrs["trans_b"] else b.arr
    (M, K), N = A.shape, B.shape[1]
    C = np.broadcast_to(c.arr, (M, N)) if c is not None else None
    out = []
    for m, n in np.ndindex(M, N):
        terms = []
        # A term whose scalar factor is 0 is omitted (BLAS), so a NaN or inf
        # in an unread operand cannot leak in; K = 0 makes the product term +0.
        if alpha != 0:
            terms.append(nx.mul(alpha, _dot(A[m].tolist(), B[:, n].tolist())) if K else 0.0)
        if C is not None and beta != 0:
            terms.append(nx.mul(beta, float(C[m, n])))
        out.append(nx.rnd(nx.add_all(terms), a.dtype))
    return [Val.of(a.dtype, (M, N), out)]


def conv2d(op, args, name):
    x, w = args[:2]
    bias = args[2].arr if len(args) > 2 else None
    N, C, H, W = x.shape
    M, Cg, kH, kW = w.shape
    sh, sw = op.attrs["strides"]
    pt, pl, pb, pr = op.attrs["pads"]
    dh, dw = op.attrs["dilations"]
    G = op.attrs["group"]
    Ho = (H + pt + pb - dh * (kH - 1) - 1) // sh + 1
    Wo = (W + pl + pr - dw * (kW - 1) - 1) // sw + 1
    X, Wt = x.arr, w.arr
    out = []
    for n, m, oh, ow in np.ndindex(N, M, Ho, Wo):
        g = m // (M // G)
        # An absent bias is omitted from the sum (§2.2.10), as gemm's absent
        # c: no addend at all, so all -0 products still sum to -0.
        terms = [float(bias[m])] if bias is not None else []
        for c, kh, kw in np.ndindex(Cg, kH, kW):
            ih, iw = oh * sh + kh * dh - pt, ow * sw + kw * dw - pl
            xv = float(X[n, g * Cg + c, ih, iw]) if (0 <= ih < H and 0 <= iw < W) else 0.0
            terms.append(nx.mul(xv, float(Wt[m, c, kh, kw])))  # padding is +0, multiplied
        out.append(nx.rnd(nx.add_all(terms), x.dtype))
    return [Val.of(x.dtype, (N, M, Ho, Wo), out)]


def _pool_size(size, before, after, extent, stride, ceil_mode):
    padded = size + before + after
    if not ceil_mode:
        return (padded - extent) // stride + 1
    hc = -(-(padded - extent) // stride) + 1
    return hc - 1 if (hc - 1) * stride >= size + before else hc


def _windows(op, shape, dilated):
    """For each output position in order: the valid input positions V and
    the window's extent inside the padded input (count_include_pad's D)."""
    N, C, H, W = shape
    kH, kW = op.attrs["kernel"]
    sh, sw = op.attrs["strides"]
    pt, pl, pb, pr = op.attrs["pads"]
    dh, dw = op.attrs["dilations"] if dilated else (1, 1)
    Ho, Wo = _pool_hw(op, shape, dilated)
    for n, c, oh, ow in np.ndindex(N, C, Ho, Wo):
        valid = []
        for kh, kw in np.ndindex(kH, kW):
            ih, iw = oh * sh + kh * dh - pt, ow * sw + kw * dw - pl
            if 0 <= ih < H and 0 <= iw < W:
                valid.append((n, c, ih, iw))
        span = (min(oh * sh + kH, H + pt + pb) - oh * sh) * (min(ow * sw + kW, W + pl + pr) - ow * sw)
        yield valid, span


def empty_max(dtype):
    if nx.is_float(dtype):
        return -INF
    return nx.int_range(dtype)[0] if not nx.is_unsigned(dtype) else 0


def empty_min(dtype):
    return INF if nx.is_float(dtype) else nx.int_range(dtype)[1]


def float_max(values):
    return functools.reduce(_max_float, values, -INF)


def max_pool2d(op, args, name):
    (x,) = args
    out = []
    for valid, _ in _windows(op, x.shape, True):
        vals = [x.arr[p] for p in valid]
        if nx.is_float(x.dtype):
            out.append(float_max([float(v) for v in vals]))  # NaN wins; +0 over -0; empty: -inf
        else:
            out.append(max(vals) if vals else empty_max(x.dtype))
    return [Val.of(x.dtype, x.shape[:2] + _pool_hw(op, x.shape, True), out)]


def _pool_hw(op, shape, dilated):
    _, _, H, W = shape
    kH, kW = op.attrs["kernel"]
    dh, dw = op.attrs["dilations"] if dilated else (1, 1)
    pt, pl, pb, pr = op.attrs["pads"]
    sh, sw = op.attrs["strides"]
    return (_pool_size(H, pt, pb, dh * (kH - 1) + 1, sh, op.attrs["ceil_mode"]),
            _pool_size(W, pl, pr, dw * (kW - 1) + 1, sw, op.attrs["ceil_mode"]))


def avg_pool2d(op, args, name):
    (x,) = args
    out = []
    for valid, span in _windows(op, x.shape, False):
        total = nx.add_all([float(x.arr[p]) for p in valid])  # no valid position: +0
        count = span if op.attrs["count_include_pad"] else len(valid)
        out.append(nx.rnd(nx.div(total, count), x.dtype))  # 0/0 = NaN
    return [Val.of(x.dtype, x.shape[:2] + _pool_hw(op, x.shape, False), out)]


def batch_norm(op, args, name):
    x, scale, bias, mean, var = args
    eps = op.attrs["epsilon"]
    X, out = x.arr, []
    for idx in np.ndindex(*x.shape):
        c = idx[1]
        t = nx.sub(float(X[idx]), float(mean.arr[c]))
        s = nx.sqrt(nx.add(float(var.arr[c]), eps))
        y = nx.add(nx.mul(nx.div(t, s), float(scale.arr[c])), float(bias.arr[c]))
        out.append(nx.rnd(y, x.dtype))
    return [Val.of(x.dtype, x.shape, out)]


def layer_norm(op, args, name):
    x, scale = args[:2]
    bias = args[2] if len(args) > 2 else None
    r = len(x.shape)
    axis = op.attrs["axis"] % r if r else 0
    inner = x.shape[axis:]
    D = int(np.prod(inner, dtype=np.int64))
    rows = x.arr.reshape((-1, D)) if x.arr.size else np.zeros((0, D))
    S = np.broadcast_to(scale.arr, inner).reshape(D)
    B = np.broadcast_to(bias.arr, inner).reshape(D) if bias is not None else None
    eps = op.attrs["epsilon"]
    out = []
    for row in rows:
        vals = [float(v) for v in row]
        mu = nx.div(nx.add_all(vals), D)
        dev = [nx.sub(v, mu) for v in vals]
        var = nx.div(nx.add_all([nx.mul(e, e) for e in dev]), D)  # population variance
        s = nx.sqrt(nx.add(var, eps))
        for j, e in enumerate(dev):
            # An absent bias is omitted (§2.2.15), as for conv2d: no +0 addend.
            y = nx.mul(nx.div(e, s), float(S[j]))
            if B is not None:
                y = nx.add(y, float(B[j]))
            out.append(nx.rnd(y, x.dtype))
    return [Val.of(x.dtype, x.shape, out)]


def _softmax_slice(vals, log):
    n = len(vals)
    if any(v != v or v == INF for v in vals) or all(v == -INF for v in vals):
        return [NAN] * n
    m = max(v for v in vals if v != -INF)
    # Shifting by the maximum is exact here (x_j - m is an exact Fraction);
    # it only keeps exp's arguments small.
    diffs = [None if v == -INF else nx.sub(v, m) for v in vals]
    exps = [mpmath.mpf(0) if e is None or e < -5000 else mpmath.exp(nx.mp(e)) if e != 0 else mpmath.mpf(1)
            for e in diffs]
    total = mpmath.fsum(exps)
    out = []
    if not log:
        return [0.0 if e is None else exps[j] / total for j, e in enumerate(diffs)]
    # ln(total) = log1p(total - 1): the terms other than the maxima, summed
    # without the 1s, so ln(1 + tiny) keeps its tiny value.
    rest = mpmath.fsum([x for x, e in zip(exps, diffs) if e != 0]) + (sum(1 for e in diffs if e == 0) - 1)
    lse = mpmath.log1p(rest)
    for e in diffs:
        out.append(-INF if e is None else nx.sub(e, lse if lse != 0 else 0.0))
    return out


def softmax(op, args, name):
    (x,) = args
    axis = op.attrs["axis"] % len(x.shape)
    moved = np.moveaxis(x.arr, axis, -1)
    result = np.empty(moved.shape, dtype=np.float64)
    for idx in np.ndindex(*moved.shape[:-1]):
        vals = [float(v) for v in moved[idx]]
        ys = _softmax_slice(vals, name == "log_softmax")
        result[idx] = [nx.rnd(y, x.dtype) for y in ys]
    return [Val(x.dtype, np.moveaxis(result, -1, axis))]
