#!/usr/bin/python3
"""Checks what a stress draw of Inputs/draws.mlir promises (docs/reference.md, "Draws").

    check-draws.py KIND DIR

DIR holds tensor-ref --output-dir's input_<i>.npy. Exits 1, naming the
property, if the draw does not have the properties of KIND.
"""
import sys

import numpy as np

kind, d = sys.argv[1], sys.argv[2]
e, m, n, declared = (np.load(f"{d}/input_{i}.npy") for i in range(4))
failed = []


def need(ok, what):
    if not ok:
        failed.append(what)


# A declared distribution decides its argument in every kind.
need(((declared >= 2) & (declared <= 3)).all(), "the declared uniform(2, 3) decides its argument")
if kind == "wide":
    need(e.max() > 88.8 and e.min() < -103.3, "exp's argument passes its overflow and underflow thresholds")
    need(np.abs(e).max() <= 1.25 * np.log(np.finfo(np.float32).max) + 1, "exp's argument stays near its domain")
    big = np.abs(m).max()
    need(big > 1e6, "the matmul's operands reach large magnitudes")
    need(big < 2.0 ** (127 / 2 - 8) * 2, "the matmul's operands keep their products and sums finite")
    need(np.abs(m[m != 0]).min() < 1e-30, "the matmul's operands reach tiny magnitudes")
    need(n.min() < -100 and n.max() > 100, "integers span the dtype's range")
elif kind in ("negative", "positive"):
    s = -1 if kind == "negative" else 1
    for name, a in (("exp's", e), ("matmul's", m), ("the integer", n)):
        need((np.sign(a) == s).all(), f"{name} argument is all {kind}")
elif kind == "rows":
    signs = [frozenset(np.sign(row)) for row in list(e) + list(m)]
    need(all(s <= {-1.0, 1.0} for s in signs), "rows hold no zeros")
    need({frozenset({-1.0}), frozenset({1.0})} <= set(signs), "some rows are all negative, some all positive")
    need(frozenset({-1.0, 1.0}) in signs, "some rows are mixed")
elif kind == "special":
    for name, a in (("exp's", e), ("matmul's", m)):
        need(np.isnan(a).any() or np.isinf(a).any(), f"{name} argument holds NaN or an infinity")
        special = ~np.isfinite(a) | (a == 0) | (np.abs(a) < np.finfo(np.float32).tiny)
        need(special[0, 0] and special[-1, -1], f"{name} argument has special values first and last")
    need(~np.isfinite(e[0, 16]) or e[0, 16] == 0 or abs(e[0, 16]) < np.finfo(np.float32).tiny,
         "the 8- and 16-lane vector tail of a row of 21 starts with a special value")
    need(n[0, 0] in (-128, 127, 0, -1, 1), "integers get their extremes")
else:
    need(np.abs(e).max() < 1 and np.abs(m).max() < 1, "the standard draw is in (-1, 1)")
if failed:
    print(f"check-draws.py: the {kind} draw does not hold: " + "; ".join(failed))
    sys.exit(1)
print(f"check-draws.py: the {kind} draw holds")
