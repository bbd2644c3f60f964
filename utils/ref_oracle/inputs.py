# inputs.py - argument values for utils/ref-oracle.py
#
# Each argument is drawn with NumPy's seeded generator (one stream per file
# seed, function and argument, so adding a case changes no other case's
# inputs) and rounded to its dtype. Two argument attributes steer it:
#
#   tc.distribution = "uniform(lo, hi)" | "normal(mean, std)" |
#                     "integers(lo, hi)" | "bernoulli(p)"
#       the base draw, in tensor-ref's grammar (so `tensor-ref --seed` can run
#       the same file); integers(lo, hi) is lo inclusive, hi exclusive, and
#       also works for float dtypes (integer-valued floats, for ties).
#       Default: uniform(-4, 4) for floats, integers(-50, 51) for signed,
#       integers(0, 100) for unsigned dtypes, bernoulli(0.5) for i1.
#   tc.oracle = "special"        overwrite a random 40% of the elements (at
#                                least one of each special value if the
#                                tensor has room) with the dtype's specials
#             | "specials"       every element a special value, in order, so
#                                an [n, 1] and an [n] operand broadcast to
#                                every pair
#             | "full"           integers uniform over the dtype's whole range
#             | "values(a, b, ...)"    each element drawn from the list
#             | "sequence(a, b, ...)"  the list in order, repeated
#       List entries: numbers, nan, inf, -inf, -0, max, -max (largest finite
#       float, or the integer dtype's maximum), min (integer minimum), tiny,
#       -tiny (smallest subnormal), normal (smallest normal).
#
# Specials: floats NaN, ±inf, ±0, ±smallest subnormal, largest subnormal,
# smallest normal, ±largest finite, ±1, 0.5, -1.5, 2.5; signed integers MIN,
# MIN + 1, -2, -1, 0, 1, 2, MAX - 1, MAX; unsigned 0, 1, 2, 2^(N-1) - 1,
# 2^(N-1), MAX - 1, MAX; i1 false, true.
import re
import zlib

import numpy as np

from . import numerics as nx


class InputError(Exception):
    pass


def specials(dtype):
    if nx.is_float(dtype):
        tiny, normal, big = nx.min_subnormal(dtype), nx.min_normal(dtype), nx.max_finite(dtype)
        return [nx.NAN, nx.INF, -nx.INF, 0.0, -0.0, tiny, -tiny, normal - tiny, normal, big, -big,
                1.0, -1.0, 0.5, -1.5, 2.5]
    lo, hi = nx.int_range(dtype)
    if dtype == "i1":
        return [0, 1]
    if nx.is_unsigned(dtype):
        half = (hi + 1) // 2
        return [0, 1, 2, half - 1, half, hi - 1, hi]
    return [lo, lo + 1, -2, -1, 0, 1, 2, hi - 1, hi]


def _named(token, dtype):
    token = token.strip()
    lo, hi = (None, None) if nx.is_float(dtype) else nx.int_range(dtype)
    words = {"nan": nx.NAN, "inf": nx.INF, "-inf": -nx.INF, "-0": -0.0, "-0.0": -0.0}
    if nx.is_float(dtype):
        if token in words:
            return words[token]
        named = {"max": nx.max_finite(dtype), "tiny": nx.min_subnormal(dtype), "normal": nx.min_normal(dtype)}
        key = token.lstrip("-")
        if key in named:
            return -named[key] if token.startswith("-") else named[key]
        return nx.rnd(float(token), dtype)
    if token in ("max", "min"):
        return hi if token == "max" else lo
    value = int(token, 0)
    if not lo <= value <= hi:
        raise InputError("value %s is out of range for %s" % (token, dtype))
    return value


def _distribution(text, dtype, n, rng):
    m = re.match(r"\s*(\w+)\s*\((.*)\)\s*$", text)
    if not m:
        raise InputError("malformed distribution '%s'" % text)
    name, args = m.group(1), [a.strip() for a in m.group(2).split(",")]
    if name == "integers":
        lo, hi = int(args[0]), int(args[1])
        draws = [lo + int(v) for v in rng.integers(0, hi - lo, size=n, dtype=np.uint64)] if hi > lo else []
        if nx.is_float(dtype):
            return [nx.rnd(float(v), dtype) for v in draws]
        rlo, rhi = nx.int_range(dtype)
        if draws and not (rlo <= min(draws) and max(draws) <= rhi):
            raise InputError("integers(%d, %d) leaves the range of %s" % (lo, hi, dtype))
        return draws
    if name == "bernoulli":
        return [int(v) for v in rng.random(n) < float(args[0])]
    if name in ("uniform", "normal") and nx.is_float(dtype):
        a, b = float(args[0]), float(args[1])
        draws = rng.uniform(a, b, n) if name == "uniform" else rng.normal(a, b, n)
        return [nx.rnd(float(v), dtype) for v in draws]
    raise InputError("distribution '%s' does not fit %s" % (text, dtype))


def _default(dtype):
    if nx.is_float(dtype):
        return "uniform(-4, 4)"
    if dtype == "i1":
        return "bernoulli(0.5)"
    return "integers(0, 100)" if nx.is_unsigned(dtype) else "integers(-50, 51)"


def _list(text, dtype):
    return [_named(t, dtype) for t in text.split(",") if t.strip()]


def generate(func_name, index, arg_type, attrs, seed):
    """The value of one argument, a numerics.Val."""
    dims, dtype = arg_type
    n = 1
    for d in dims:
        n *= d
    rng = np.random.default_rng(zlib.crc32(("%d:%s:%d" % (seed, func_name, index)).encode()))
    mode = attrs.get("tc.oracle", "")
    if mode == "full":
        lo, hi = nx.int_range(dtype)
        flat = [lo + int(v) for v in rng.integers(0, hi - lo + 1, size=n, dtype=np.uint64)]
    else:
        flat = _distribution(attrs.get("tc.distribution", _default(dtype)), dtype, n, rng)
    m = re.match(r"(values|sequence)\((.*)\)$", mode)
    if mode == "special":
        sp = specials(dtype)
        count = min(n, max(len(sp), (2 * n) // 5))
        for i, pos in enumerate(rng.permutation(n)[:count]):
            flat[pos] = sp[i % len(sp)]
    elif mode == "specials":
        sp = specials(dtype)
        flat = [sp[i % len(sp)] for i in range(n)]
    elif m:
        choices = _list(m.group(2), dtype)
        if m.group(1) == "sequence":
            flat = [choices[i % len(choices)] for i in range(n)]
        else:
            flat = [choices[int(i)] for i in rng.integers(0, len(choices), size=n)]
    elif mode not in ("", "full"):
        raise InputError("unknown tc.oracle mode '%s'" % mode)
    return nx.Val.of(dtype, dims, flat)
