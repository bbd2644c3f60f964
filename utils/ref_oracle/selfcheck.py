# selfcheck.py - tests the oracle's own rounding and ulp arithmetic
#
# The oracle is only as good as `numerics.rnd`. This check rounds doubles
# chosen to stress it (random values across each format's range, exact
# midpoints and their neighbours, subnormals, values near overflow) and
# compares with two references that do not share its code: NumPy's float64 ->
# float32/float16 conversions (correctly rounded), and, for every format
# bf16 included, the definition itself: the result is representable, no
# representable neighbour is nearer, and a tie goes to the even significand.
import math
import random
from fractions import Fraction

import numpy as np

from . import numerics as nx


def _neighbours(r, dtype):
    """The representable values just below and above r (finite r)."""
    p, emin, _ = nx.FLOAT_FORMATS[dtype]
    a = abs(r)
    e = max(math.frexp(a)[1] - 1, emin) if a else emin
    up = Fraction(2) ** (e - p + 1)
    down = up / 2 if (a and a == 2.0**e and e > emin) else up
    return Fraction(r) - down, Fraction(r) + up


def _exact_in(r, dtype):
    p, emin, _ = nx.FLOAT_FORMATS[dtype]
    if r == 0:
        return True
    f = Fraction(abs(r))
    e = max(math.frexp(abs(r))[1] - 1, emin)
    scaled = f / Fraction(2) ** (e - p + 1)
    return scaled.denominator == 1 and abs(r) <= nx.max_finite(dtype)


def _check_definition(x, r, dtype):
    if x != x:
        return r != r
    if x in (nx.INF, -nx.INF):
        return r == x
    if r in (nx.INF, -nx.INF):
        p, _, emax = nx.FLOAT_FORMATS[dtype]
        limit = Fraction(nx.max_finite(dtype)) + Fraction(2) ** (emax - p + 1) / 2
        return abs(Fraction(x)) >= limit and math.copysign(1, r) == math.copysign(1, x)
    if not _exact_in(r, dtype):
        return False
    lo, hi = _neighbours(r, dtype)
    fx, fr = Fraction(x), Fraction(r)
    d = abs(fx - fr)
    if d > abs(fx - lo) or d > abs(fx - hi):
        return False
    tie = d == abs(fx - lo) or d == abs(fx - hi)
    if tie and d:
        p, emin, _ = nx.FLOAT_FORMATS[dtype]
        e = max(math.frexp(abs(r))[1] - 1, emin) if r else emin
        return (Fraction(abs(r)) / Fraction(2) ** (e - p + 1)).numerator % 2 == 0
    return True


def _samples(dtype, rng):
    p, emin, emax = nx.FLOAT_FORMATS[dtype]
    out = []
    for _ in range(400):
        e = rng.randint(emin - p - 2, emax + 1)
        out.append(math.ldexp(rng.uniform(1, 2), e) * rng.choice((1, -1)))
    for _ in range(200):  # midpoints between neighbours, and one double-ulp away
        e = rng.randint(emin - p + 1, emax)
        m = rng.randint(2 ** (p - 1), 2**p - 1)
        mid = math.ldexp(2 * m + 1, e - p)
        out += [mid, math.nextafter(mid, 0), math.nextafter(mid, math.inf)]
    big = nx.max_finite(dtype)
    out += [big, math.nextafter(big, math.inf), nx.min_subnormal(dtype) / 2, nx.min_subnormal(dtype) * 0.75,
            0.0, -0.0, nx.NAN, nx.INF, -nx.INF]
    if dtype != "f64":
        out.append(float(Fraction(big) + Fraction(big - math.nextafter(big, 0)) / 2))
    return out


def main():
    rng = random.Random(1)
    checked = bad = 0
    for dtype in ("f16", "bf16", "f32", "f64"):
        for x in _samples(dtype, rng):
            r = nx.rnd(x, dtype)
            ok = _check_definition(x, r, dtype) if not (x == 0) else (r == 0 and math.copysign(1, r) == math.copysign(1, x))
            if dtype in ("f16", "f32") and ok:
                with np.errstate(over="ignore"):
                    want = float(np.array([x]).astype(np.float16 if dtype == "f16" else np.float32)[0])
                ok = (want != want and r != r) or (want == r and math.copysign(1, want) == math.copysign(1, r))
            if ok and r == r and r not in (nx.INF, -nx.INF):
                ok = nx.ulp_distance(r, r, dtype) == 0
            checked += 1
            if not ok:
                bad += 1
                print("MISMATCH %s: rnd(%r) = %r" % (dtype, x, r))
    for dtype in ("f16", "bf16", "f32", "f64"):  # ulp distance of neighbours is 1
        for x in _samples(dtype, rng)[:100]:
            r = nx.rnd(x, dtype)
            if r != r or r in (nx.INF, -nx.INF) or abs(r) == nx.max_finite(dtype):
                continue
            up = float(_neighbours(r, dtype)[1])
            checked += 1
            if nx.ulp_distance(r, up, dtype) != 1:
                bad += 1
                print("MISMATCH %s: ulp_distance(%r, %r) != 1" % (dtype, r, up))
    print("self-check: %d values, %d mismatches" % (checked, bad))
    return 1 if bad else 0
