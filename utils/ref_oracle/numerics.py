# numerics.py - dtypes, exact values and rounding once, for utils/ref-oracle.py
#
# The oracle computes the spec's reference semantics literally
# (docs/dialects.md §1.4, §2.2.0): every operand element is an exact number,
# the op's formula is evaluated exactly, and the value is rounded once to the
# result dtype. It does not reuse the evaluator's method (doubles and libm):
#
# - an exact value is a Python float for NaN, ±inf and ±0 (the zero carries
#   its sign), a Fraction for a finite non-zero rational, or an mpmath mpf
#   (320 bits) for an irrational one (exp, log, sqrt, erf, ...). 320 bits is
#   far beyond any dtype's precision plus the distance at which an irrational
#   value could sit from a rounding boundary for these small tests;
# - `rnd` rounds any of them to a float dtype with integer arithmetic
#   (nearest, ties to even, subnormals, overflow to inf), so no double
#   rounding can creep in (f64 -> bf16 through f32, as PyTorch converts, would
#   double-round);
# - the arithmetic helpers apply §2.2.0's rules for special values and signed
#   zeros step by step (NaN propagates, inf - inf and 0 * inf are NaN, an exact
#   zero sum is -0 only if every addend is -0, a zero product is -0 iff an odd
#   number of factors is negative or -0).
#
# Integers are Python ints (exact) and wrap once at the end (`wrap`).
import math
import struct
from fractions import Fraction

import mpmath
import numpy as np

mpmath.mp.prec = 320
mpf = mpmath.mpf

NAN = float("nan")
INF = float("inf")

# (precision in bits incl. the implicit one, minimum normal exponent, maximum exponent)
FLOAT_FORMATS = {"f16": (11, -14, 15), "bf16": (8, -126, 127), "f32": (24, -126, 127), "f64": (53, -1022, 1023)}
INT_BITS = {"i8": 8, "i16": 16, "i32": 32, "i64": 64, "ui8": 8, "ui16": 16, "ui32": 32, "ui64": 64}
DTYPES = ["i1"] + list(INT_BITS) + list(FLOAT_FORMATS)

# How each dtype travels in .npy (tensor-ref's convention: bf16 as float32).
NPY_DTYPE = {"i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
             "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
             "f16": np.float16, "bf16": np.float32, "f32": np.float32, "f64": np.float64}


def is_float(dtype):
    return dtype in FLOAT_FORMATS


def is_unsigned(dtype):
    return dtype.startswith("ui")


def is_int(dtype):
    return dtype in INT_BITS


def int_range(dtype):
    if dtype == "i1":
        return 0, 1
    n = INT_BITS[dtype]
    return (0, 2**n - 1) if is_unsigned(dtype) else (-(2 ** (n - 1)), 2 ** (n - 1) - 1)


def wrap(v, dtype):
    """The one value of the integer dtype congruent to v modulo 2^N."""
    if dtype == "i1":
        return v & 1
    lo, _ = int_range(dtype)
    n = INT_BITS[dtype]
    return (v - lo) % (2**n) + lo


def max_finite(dtype):
    p, _, emax = FLOAT_FORMATS[dtype]
    return float((2**p - 1) * Fraction(2) ** (emax - p + 1))


def min_subnormal(dtype):
    p, emin, _ = FLOAT_FORMATS[dtype]
    return float(Fraction(2) ** (emin - p + 1))


def min_normal(dtype):
    return float(Fraction(2) ** FLOAT_FORMATS[dtype][1])


# -- classification of exact values ----------------------------------------


def is_nan(v):
    return isinstance(v, float) and v != v


def is_inf(v):
    return isinstance(v, float) and v in (INF, -INF)


def is_zero(v):
    return v == 0


def negative(v):
    """Sign bit: true for -0, -inf and negative values (NaN: its sign bit)."""
    if isinstance(v, float):
        return math.copysign(1.0, v) < 0
    return v < 0


def exact(x):
    """The exact value of a float element (a Python float) or an int."""
    if isinstance(x, float):
        return x if (x == 0 or x != x or x in (INF, -INF)) else Fraction(x)
    if isinstance(x, int):
        return Fraction(x) if x else 0.0
    return x


def _to_mpf(v):
    if isinstance(v, Fraction):
        return mpf(v.numerator) / v.denominator
    return mpf(v)


def _finite_op(a, b, fn):
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return fn(a, b)
    return fn(_to_mpf(a), _to_mpf(b))


# -- arithmetic with IEEE special cases (§2.2.0) -----------------------------


def add_all(terms):
    """Exact sum with §2.2.0's rules: NaN, +inf + -inf -> NaN, zero sign."""
    terms = [exact(t) for t in terms]
    if any(is_nan(t) for t in terms):
        return NAN
    infs = {t for t in terms if is_inf(t)}
    if len(infs) == 2:
        return NAN
    if infs:
        return infs.pop()
    finite = [t for t in terms if not is_zero(t)]
    if any(isinstance(t, mpmath.mpf) for t in finite):
        total = mpmath.fsum([_to_mpf(t) for t in finite])
    else:
        total = sum(finite, Fraction(0))
    if total != 0:
        return total
    return -0.0 if terms and all(is_zero(t) and negative(t) for t in terms) else 0.0


def add(a, b):
    return add_all([a, b])


def sub(a, b):
    return add_all([a, -b])


def mul_all(factors):
    factors = [exact(f) for f in factors]
    if any(is_nan(f) for f in factors):
        return NAN
    sign = sum(1 for f in factors if negative(f)) % 2
    if any(is_inf(f) for f in factors):
        return NAN if any(is_zero(f) for f in factors) else (-INF if sign else INF)
    if any(is_zero(f) for f in factors):
        return -0.0 if sign else 0.0
    prod = Fraction(1)
    for f in factors:
        prod = _finite_op(prod, f, lambda x, y: x * y)
    return prod


def mul(a, b):
    return mul_all([a, b])


def div(a, b):
    a, b = exact(a), exact(b)
    if is_nan(a) or is_nan(b):
        return NAN
    sign = negative(a) != negative(b)
    if is_inf(a):
        return NAN if is_inf(b) else (-INF if sign else INF)
    if is_zero(b):
        return NAN if is_zero(a) else (-INF if sign else INF)
    if is_inf(b) or is_zero(a):
        return -0.0 if sign else 0.0
    return _finite_op(a, b, lambda x, y: x / y)


def sqrt(a):
    a = exact(a)
    if is_nan(a) or (negative(a) and not is_zero(a)):
        return NAN
    if is_zero(a) or is_inf(a):
        return a
    if isinstance(a, Fraction):
        n, d = a.numerator, a.denominator
        rn, rd = math.isqrt(n), math.isqrt(d)
        if rn * rn == n and rd * rd == d:
            return Fraction(rn, rd)
    return mpmath.sqrt(_to_mpf(a))


def mp(v):
    """A finite non-zero exact value as an mpf (for transcendental functions)."""
    return _to_mpf(v)


# -- rounding once -------------------------------------------------------------


def _pow2(e):
    return Fraction(2**e) if e >= 0 else Fraction(1, 2 ** (-e))


def rnd(v, dtype):
    """Rounds the exact value v to float dtype: a Python float holding it."""
    p, emin, emax = FLOAT_FORMATS[dtype]
    if isinstance(v, float):
        if v != v or v in (INF, -INF) or v == 0 or dtype == "f64":
            return v
        v = Fraction(v)
    elif isinstance(v, int):
        if v == 0:
            return 0.0
        v = Fraction(v)
    elif isinstance(v, mpmath.mpf):
        if mpmath.isnan(v):
            return NAN
        if mpmath.isinf(v):
            return INF if v > 0 else -INF
        if v == 0:
            return 0.0
        sgn, man, exp, bc = v._mpf_
        top = bc + exp  # |v| < 2^top
        if top - 1 > emax + 1:
            return -INF if sgn else INF
        if top <= emin - p:  # below half the smallest subnormal
            return -0.0 if sgn else 0.0
        v = Fraction(-man if sgn else man) * _pow2(exp)
    if v == 0:
        return 0.0
    sign = -1 if v < 0 else 1
    a = abs(v)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if a < _pow2(e):
        e -= 1
    if e > emax + 1:
        return sign * INF
    q = max(e, emin) - (p - 1)
    scaled = a / _pow2(q)
    n = scaled.numerator // scaled.denominator
    rem = scaled - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2 == 1):
        n += 1
    if n == 0:
        return math.copysign(0.0, sign)
    r = n * _pow2(q)
    if r >= _pow2(emax + 1):
        return sign * INF
    return sign * float(r)


# -- float -> int (cast, pad's value) ------------------------------------------


def float_to_int(x, dtype):
    """§2.2.6: truncate toward zero and saturate; NaN -> 0; i1: x != 0."""
    if dtype == "i1":
        return int(x != 0)  # NaN != 0 is true
    lo, hi = int_range(dtype)
    if x != x:
        return 0
    if x == INF:
        return hi
    if x == -INF:
        return lo
    return min(max(math.trunc(x), lo), hi)


# -- comparing results ----------------------------------------------------------


def _ordinal(x, dtype):
    """Position of a representable float on the number line, in ulps."""
    if dtype == "f64":
        bits = struct.unpack("<q", struct.pack("<d", x))[0]
        mag = bits & 0x7FFFFFFFFFFFFFFF
    elif dtype == "f32":
        bits = int(np.array([x], np.float32).view(np.int32)[0])
        mag = bits & 0x7FFFFFFF
    elif dtype == "bf16":
        bits = int(np.array([x], np.float32).view(np.int32)[0]) >> 16
        mag = bits & 0x7FFF
    else:
        bits = int(np.array([x], np.float16).view(np.int16)[0])
        mag = bits & 0x7FFF
    return -mag if bits < 0 else mag


def ulp_distance(got, want, dtype):
    return abs(_ordinal(got, dtype) - _ordinal(want, dtype))


# -- tensors ----------------------------------------------------------------------


class Val:
    """A tensor value: float dtypes hold a float64 array of values exactly
    representable in the dtype; integer dtypes and i1 an object array of
    Python ints (exact, already wrapped)."""

    __slots__ = ("dtype", "arr")

    def __init__(self, dtype, arr):
        self.dtype = dtype
        self.arr = np.asarray(arr, dtype=np.float64 if is_float(dtype) else object)

    @property
    def shape(self):
        return tuple(self.arr.shape)

    @staticmethod
    def of(dtype, dims, flat):
        kind = np.float64 if is_float(dtype) else object
        arr = np.empty(len(flat), dtype=kind)
        arr[:] = flat
        return Val(dtype, arr.reshape(dims))

    def flat(self):
        """Elements as Python floats or ints, row-major."""
        return self.arr.ravel().tolist()

    def to_npy(self):
        if is_float(self.dtype):
            return self.arr.astype(NPY_DTYPE[self.dtype])
        return np.array(self.flat(), dtype=NPY_DTYPE[self.dtype]).reshape(self.shape)

    @staticmethod
    def from_npy(arr, dtype):
        if is_float(dtype):
            return Val(dtype, arr.astype(np.float64))
        return Val.of(dtype, arr.shape, [int(v) for v in arr.ravel().tolist()])
