# ops_elementwise.py - the oracle's unary, binary, comparison, where, clip,
# cast and constant ops (docs/dialects.md §2.2.1-§2.2.7)
#
# Written from the spec's text, case by case: each function returns the exact
# value of one element (numerics' exact values) and the caller rounds it once.
# Where the spec deliberately departs from NumPy/ONNX (integer division and
# remainder by zero, int pow with a negative exponent, sign(-0), relu(-0),
# max/min of signed zeros, float -> int saturation), the rule here is the
# spec's, and the comment says what NumPy would do.
import math
from fractions import Fraction

import mpmath
import numpy as np

from . import mlirtext
from . import numerics as nx
from .numerics import INF, NAN, Val

# -- unary, float ----------------------------------------------------------------


def _special(x):
    return x != x or x in (INF, -INF)


def _exp(x):
    if x != x or x == INF:
        return x
    if x == -INF or x < -1100:  # below half of f64's smallest subnormal
        return 0.0
    if x > 1000:
        return INF
    return 1.0 if x == 0 else mpmath.exp(nx.mp(x))


def _log(x):
    if x != x or x < 0:  # -inf included; NumPy agrees
        return NAN
    if x == 0:
        return -INF
    if x == INF:
        return INF
    return 0.0 if x == 1 else mpmath.log(nx.mp(x))


def _rsqrt(x):
    if x == 0:
        return math.copysign(INF, x)  # 1/sqrt(-0) = 1/-0 = -inf
    return nx.div(1.0, nx.sqrt(x))


def _tanh(x):
    if x != x or x == 0:
        return x
    if abs(x) > 40:  # |tanh| > 1 - 2^-115: rounds to 1 in every dtype
        return math.copysign(1.0, x)
    return mpmath.tanh(nx.mp(x))


def _sigmoid(x):
    if x != x:
        return x
    if x == 0:
        return 0.5
    if x > 800:
        return 1.0
    if x < -1200:
        return 0.0
    return 1 / (1 + mpmath.exp(-nx.mp(x)))


def _relu(x):
    # Spec: -0 -> +0 (NumPy's maximum(-0., 0.) returns -0.).
    return x if (x != x or x > 0) else 0.0


def _gelu(x):
    if x != x or x == 0 or x == INF:
        return x
    if x == -INF or x < -60:  # x*Phi(x) is below every dtype's smallest subnormal
        return -0.0
    v = nx.mp(x)
    # Phi(x) = erfc(-x/sqrt 2)/2: no cancellation for negative x, unlike 1 + erf.
    return v * mpmath.erfc(-v / mpmath.sqrt(2)) / 2


def _erf(x):
    if x != x or x == 0:
        return x
    if abs(x) > 30:  # 1 - erf(30) < 2^-1300
        return math.copysign(1.0, x)
    return mpmath.erf(nx.mp(x))


def _sin(x):
    if _special(x):
        return NAN
    return x if x == 0 else mpmath.sin(nx.mp(x))


def _cos(x):
    if _special(x):
        return NAN
    return 1.0 if x == 0 else mpmath.cos(nx.mp(x))


def _integral(fn):
    def f(x):
        if _special(x) or x == 0:
            return x
        r = fn(x)
        return float(r) if r != 0 else math.copysign(0.0, x)  # a zero keeps x's sign

    return f


def _sign_float(x):
    # Spec: ±0 -> +0 (as NumPy's sign; ONNX leaves the zero's sign open).
    if x != x:
        return x
    return 1.0 if x > 0 else -1.0 if x < 0 else 0.0


UNARY_FLOAT = {
    "neg": lambda x: -x,
    "abs": abs,
    "exp": _exp,
    "log": _log,
    "sqrt": nx.sqrt,
    "rsqrt": _rsqrt,
    "tanh": _tanh,
    "sigmoid": _sigmoid,
    "relu": _relu,
    "gelu": _gelu,
    "erf": _erf,
    "sin": _sin,
    "cos": _cos,
    "floor": _integral(math.floor),
    "ceil": _integral(math.ceil),
    "round": _integral(round),  # Python's round: ties to even, as the spec
    "sign": _sign_float,
    "reciprocal": lambda x: nx.div(1.0, x),
    "identity": lambda x: x,
}

UNARY_INT = {
    "neg": lambda x: -x,
    "abs": abs,  # |MIN| wraps back to MIN
    "relu": lambda x: max(x, 0),
    "sign": lambda x: (x > 0) - (x < 0),
    "not": lambda x: ~x,  # two's complement: wraps to the N-bit complement
    "identity": lambda x: x,
}


def unary(op, args, name):
    (x,) = args
    if nx.is_float(x.dtype):
        fn = UNARY_FLOAT[name]
        return [emap(lambda v: nx.rnd(fn(v), x.dtype), [x], x.dtype)]
    if x.dtype == "i1":
        fn = {"not": lambda v: 1 - v, "identity": lambda v: v}[name]
    else:
        fn = UNARY_INT[name]
    return [emap(lambda v: nx.wrap(fn(v), x.dtype), [x], x.dtype)]


def emap(fn, vals, dtype):
    """fn applied elementwise under NumPy broadcasting (§1.3)."""
    arrs = np.broadcast_arrays(*[v.arr for v in vals])
    flats = [a.ravel().tolist() for a in arrs]
    return Val.of(dtype, arrs[0].shape, [fn(*xs) for xs in zip(*flats)])


# -- binary ------------------------------------------------------------------------


def _is_int_valued(y):
    return not _special(y) and y == math.floor(y)


def _pow_float(x, y):
    """C99 pow (Annex F) as the spec's table lists it, then the exact x^y."""
    if y == 0 or x == 1:
        return 1.0
    if x != x or y != y:
        return NAN
    yint = _is_int_valued(y)
    yodd = yint and int(y) % 2 == 1
    if not _special(x) and x < 0 and not _special(y) and not yint:
        return NAN
    if x == 0:
        if y < 0:
            return math.copysign(INF, x) if yodd else INF
        return x if yodd else 0.0
    if y in (INF, -INF):
        if x == -1:
            return 1.0
        return INF if (abs(x) < 1) == (y < 0) else 0.0
    if x in (INF, -INF):
        mag = 0.0 if y < 0 else INF
        return -mag if (x < 0 and yodd) else mag
    sign = -1 if (x < 0 and yodd) else 1
    a = abs(x)
    est = y * math.log2(a)
    if est > 1100:
        return sign * INF
    if est < -1200:
        return math.copysign(0.0, sign)
    if yint and abs(y) <= 4096:
        return sign * Fraction(a) ** int(y)
    return sign * mpmath.power(nx.mp(a), nx.mp(y))


def _fmod_float(x, y):
    if x != x or y != y or y == 0 or x in (INF, -INF):
        return NAN
    if y in (INF, -INF) or x == 0:
        return x
    fx, fy = Fraction(x), Fraction(y)
    q = fx / fy
    t = fx - fy * (q.numerator // q.denominator if q > 0 else -((-q.numerator) // q.denominator))
    return t if t != 0 else math.copysign(0.0, x)  # exact (a representable value)


def _mod_float(x, y):
    # NumPy remainder, exactly: fmod, then shift into y's sign.
    t = _fmod_float(x, y)
    if t != t:
        return NAN
    if t == 0:
        return math.copysign(0.0, y)
    if (t < 0) != (y < 0):
        return nx.add(t, y)
    return t


def _max_float(x, y):
    if x != x or y != y:
        return NAN
    if x == 0 and y == 0:
        return 0.0 if not (nx.negative(x) and nx.negative(y)) else -0.0
    return max(x, y)


def _min_float(x, y):
    if x != x or y != y:
        return NAN
    if x == 0 and y == 0:
        return -0.0 if (nx.negative(x) or nx.negative(y)) else 0.0
    return min(x, y)


BINARY_FLOAT = {
    "add": nx.add, "sub": nx.sub, "mul": nx.mul, "div": nx.div, "pow": _pow_float,
    "max": _max_float, "min": _min_float, "mod": _mod_float, "fmod": _fmod_float,
}


def _div_int(x, y):
    # Spec: x / 0 = 0 (NumPy returns 0 with a warning; ONNX: undefined).
    if y == 0:
        return 0
    q = abs(x) // abs(y)
    return -q if (x < 0) != (y < 0) else q  # truncated toward zero


def _pow_int(x, y, dtype):
    if y >= 0:
        return pow(x, y, 2 ** nx.INT_BITS[dtype])
    # Spec: x^y truncated toward zero, 0^y = 0 (NumPy raises; ONNX: undefined).
    if x == 1:
        return 1
    if x == -1:
        return 1 if y % 2 == 0 else -1
    return 0


def _fmod_int(x, y):
    if y == 0:
        return 0
    r = abs(x) % abs(y)
    return -r if x < 0 else r


BINARY_INT = {
    "add": lambda x, y: x + y,
    "sub": lambda x, y: x - y,
    "mul": lambda x, y: x * y,
    "div": _div_int,
    "max": max,
    "min": min,
    "mod": lambda x, y: 0 if y == 0 else x % y,  # Python's % is floored, sign of y
    "fmod": _fmod_int,
    "and": lambda x, y: x & y,
    "or": lambda x, y: x | y,
    "xor": lambda x, y: x ^ y,
}


def binary(op, args, name):
    x, y = args
    d = x.dtype
    if nx.is_float(d):
        fn = BINARY_FLOAT[name]
        return [emap(lambda a, b: nx.rnd(fn(a, b), d), [x, y], d)]
    if name == "pow":
        return [emap(lambda a, b: nx.wrap(_pow_int(a, b, d), d), [x, y], d)]
    fn = BINARY_INT[name]
    return [emap(lambda a, b: nx.wrap(fn(a, b), d), [x, y], d)]


COMPARE = {
    "eq": lambda x, y: x == y, "ne": lambda x, y: x != y, "lt": lambda x, y: x < y,
    "le": lambda x, y: x <= y, "gt": lambda x, y: x > y, "ge": lambda x, y: x >= y,
}


def compare(op, args, name):
    # Python compares floats as IEEE does: NaN unordered (only != holds), -0 == +0.
    fn = COMPARE[name]
    return [emap(lambda a, b: int(fn(a, b)), args, "i1")]


def where(op, args, name):
    c, x, y = args
    return [emap(lambda k, a, b: a if k else b, [c, x, y], x.dtype)]


def clip(op, args, name):
    (x,) = args
    lo, hi = op.attrs["min"], op.attrs["max"]
    if nx.is_float(x.dtype):
        lo, hi = nx.rnd(float(lo), x.dtype), nx.rnd(float(hi), x.dtype)  # as cast from f64
        return [emap(lambda v: _min_float(_max_float(v, lo), hi), [x], x.dtype)]
    if nx.is_unsigned(x.dtype):
        lo, hi = lo % 2**64, hi % 2**64  # the i64 attribute's bits read unsigned
    return [emap(lambda v: min(max(v, lo), hi), [x], x.dtype)]


def _cast_element(v, src, dst):
    if nx.is_float(src):
        if nx.is_float(dst):
            return nx.rnd(v, dst)
        return nx.float_to_int(v, dst)  # truncate, saturate, NaN -> 0; i1: v != 0
    if dst == "i1":
        return int(v != 0)
    if nx.is_float(dst):
        return nx.rnd(v, dst)  # exact integer, rounded once
    return nx.wrap(v, dst)  # i1 is 0 or 1, never -1


def cast(op, args, name):
    (x,) = args
    dst = op.result_types[0][1]
    return [emap(lambda v: _cast_element(v, x.dtype, dst), [x], dst)]


def constant(op, args, name, blobs):
    value = op.attrs["value"]
    dims, dtype = value.type
    return [Val.of(dtype, dims, mlirtext.dense_elements(value, blobs))]
