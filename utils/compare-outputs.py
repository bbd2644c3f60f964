#!/usr/bin/python3
"""compare-outputs.py - judge an artifact's outputs against the reference's.

    compare-outputs.py --contract FILE [--op KIND [--operands A.npy B.npy]]
                       [--dtype I=DTYPE ...] EXPECTED_DIR ACTUAL_DIR

EXPECTED_DIR holds the reference's output_<i>.npy (tensor-ref --output-dir),
ACTUAL_DIR the artifact's (tensor-run --output-dir). Every pair must have the
same dtype and shape. Integers and bools must be equal. Floats are judged by
the numerical contract (docs/contract.md), the only place tolerances come
from: with --op KIND by the op's tolerance, looked up as §2 says
(ops.<kind>.tolerance.<dtype>, ops.<kind>.tolerance.*, ops.*.tolerance.<dtype>,
ops.*.tolerance.*, else exact); without it by the function-output map
(outputs.<dtype>, outputs.*, else exact). With --grads the outputs are
gradients, judged by the contract's grads section instead (grads.outputs,
or with --op grads.ops; docs/contract.md §1.2). An element y passes against the
reference r if

    |y - r| <= atol + rtol * |r|   or   y is at most `ulp` ulps of the dtype from r,

with |y - r| computed in double, or, with `--op matmul --operands A.npy
B.npy` under a tolerance with `gamma` c (docs/contract.md §1.1), if
|y - r| <= c * gamma_n * m, m = |A| @ |B| (NumPy, in float64), n = K + 1,
gamma_n = n*u / (1 - n*u). Without --operands the gamma bound is not used
(never a laxer judgement); gemm's magnitude needs its attributes and is
judged by tensor-conform only. NaN matches NaN (any payload); an infinity
matches only the same infinity. An exact budget (atol = rtol = 0, no ulp or
ulp 0) asks for the same bits, NaN payloads aside: -0 against +0 fails.

NumPy has no bfloat16: bf16 outputs travel as float32 arrays of bf16 values,
so say `--dtype I=bf16` for such an output I to get bf16's budget and ulps.

Prints one line per output with its budget's clause and worst element, then a
summary. Exit status: 0 all pass, 5 (conformance failure) otherwise, 1 for a
bad command line, contract or expected directory (docs/exit-codes.md).
"""
import argparse
import json
import math
import os
import re
import sys

import numpy as np

EXIT_USAGE = 1
EXIT_CONFORMANCE = 5
CONTRACT_FORMAT = "tensorc-contract/1"

# NumPy dtype name -> tensorc dtype (bf16 only through --dtype).
DTYPES = {
    "bool": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "ui8", "uint16": "ui16", "uint32": "ui32", "uint64": "ui64",
    "float16": "f16", "float32": "f32", "float64": "f64",
}
# Float dtype -> (unsigned type of the stored bits, bits per ulp step of
# the stored value): bf16 values stored in float32 step by 2^16 f32 ulps.
FLOAT_BITS = {"f16": (np.uint16, 1), "bf16": (np.uint32, 1 << 16), "f32": (np.uint32, 1), "f64": (np.uint64, 1)}


def usage_error(message):
    print(f"compare-outputs: {message}", file=sys.stderr)
    sys.exit(EXIT_USAGE)


def load_contract(path):
    try:
        with open(path) as f:
            contract = json.load(f)
    except (OSError, ValueError) as e:
        usage_error(f"cannot read contract '{path}': {e}")
    if not isinstance(contract, dict) or contract.get("format") != CONTRACT_FORMAT:
        usage_error(f"'{path}' is not a {CONTRACT_FORMAT} contract")
    for member in ("ops", "outputs"):
        if not isinstance(contract.get(member), dict):
            usage_error(f"'{path}': '{member}' must be an object")
    return contract


def checked_budget(budget, clause):
    """Validates a tolerance entry as docs/contract.md §1 defines it."""
    allowed = {"atol", "rtol", "ulp"} | ({"gamma"} if clause.startswith(("ops.matmul.", "ops.gemm.")) else set())
    ok = isinstance(budget, dict) and set(budget) <= allowed and "atol" in budget and "rtol" in budget
    for key in ("atol", "rtol", "gamma"):
        value = budget.get(key, 0) if ok else None
        ok = ok and isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0
    ulp = budget.get("ulp", 0) if ok else None
    ok = ok and isinstance(ulp, int) and not isinstance(ulp, bool) and ulp >= 0
    if not ok:
        usage_error(f"contract tolerance '{clause}' is not {{atol, rtol[, ulp][, gamma (matmul, gemm)]}} with finite values >= 0")
    return {"atol": float(budget["atol"]), "rtol": float(budget["rtol"]), "ulp": budget.get("ulp", 0),
            "gamma": float(budget.get("gamma", 0))}


GRADS = False  # --grads: judge gradients, by the contract's grads section (docs/contract.md §1.2)


def lookup_budget(contract, op, dtype):
    """Returns (budget or None for exact, clause) as docs/contract.md §2 does."""
    root = ("grads",) if GRADS else ()
    if op:
        kind = op[len("tc_tensor."):] if op.startswith("tc_tensor.") else op
        candidates = [root + ("ops", k, "tolerance", d) for k in (kind, "*") for d in (dtype, "*")]
    else:
        candidates = [root + ("outputs", d) for d in (dtype, "*")]
    for path in candidates:
        node = contract
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        if node is not None:
            clause = ".".join(path)
            return checked_budget(node, clause), clause
    return None, "exact"


def is_exact(budget):
    return budget is None or (budget["atol"] == 0 and budget["rtol"] == 0 and budget["ulp"] == 0)


def ulp_distance(y, r, dtype):
    """Ulps of `dtype` between y and r (finite, same shape), as float64."""
    utype, step = FLOAT_BITS[dtype]
    bits = 8 * np.dtype(utype).itemsize
    sign = np.array(1 << (bits - 1), dtype=utype)
    yb, rb = y.view(utype), r.view(utype)
    ym, rm = yb & ~sign, rb & ~sign
    same = (yb & sign) == (rb & sign)
    # Same sign: the magnitudes' difference; opposite signs: their sum (0 for +-0).
    dist = np.where(same, np.maximum(ym, rm) - np.minimum(ym, rm), ym + rm)
    return dist.astype(np.float64) / step


UNIT_ROUNDOFF = {"f16": 2.0 ** -11, "bf16": 2.0 ** -8, "f32": 2.0 ** -24, "f64": 2.0 ** -53}


def gamma_bound(budget, dtype, operands, shape):
    """c * gamma_n * (|A| @ |B|) for a matmul's result, or None."""
    if not budget or not budget["gamma"] or operands is None:
        return None
    a, b = (np.abs(x.astype(np.float64)) for x in operands)
    n = a.shape[-1] + 1
    nu = n * UNIT_ROUNDOFF[dtype]
    if nu >= 1:
        return None
    m = np.matmul(a, b)
    if m.shape != shape:
        usage_error(f"--operands give a product of shape {m.shape}, the output has {shape}")
    return budget["gamma"] * nu / (1 - nu) * m


def judge_floats(y, r, dtype, budget, bound=None):
    """Returns (pass mask, badness per element) for float arrays."""
    y_nan, r_nan = np.isnan(y), np.isnan(r)
    both_nan = y_nan & r_nan
    if is_exact(budget):
        same = (y.view(FLOAT_BITS[dtype][0]) == r.view(FLOAT_BITS[dtype][0])) | both_nan
        with np.errstate(invalid="ignore"):
            diff = np.abs(y.astype(np.float64) - r.astype(np.float64))
        return same, np.where(same, 0.0, np.where(np.isfinite(diff), diff, np.inf))
    special = y_nan | r_nan | np.isinf(y) | np.isinf(r)
    special_ok = both_nan | (np.isinf(r) & (y == r))
    finite = ~special
    y64 = np.where(finite, y, 0).astype(np.float64)
    r64 = np.where(finite, r, 0).astype(np.float64)
    diff = np.abs(y64 - r64)
    allowed = budget["atol"] + budget["rtol"] * np.abs(r64)
    ok = finite & (diff <= allowed)
    if bound is not None:
        ok |= finite & (diff <= bound)
    if budget["ulp"]:
        ok |= finite & (ulp_distance(np.where(finite, y, 0).astype(y.dtype), np.where(finite, r, 0).astype(r.dtype),
                                     dtype) <= budget["ulp"])
    ok |= special_ok
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(allowed > 0, diff / allowed, np.where(diff > 0, np.inf, 0.0))
        if bound is not None:
            ratio = np.minimum(ratio, np.where(bound > 0, diff / bound, np.where(diff > 0, np.inf, 0.0)))
    return ok, np.where(special & ~special_ok, np.inf, ratio)


def describe_worst(y, r, dtype, index, is_float):
    where = list(np.unravel_index(index, r.shape)) if r.ndim else []
    text = f"worst element {[int(i) for i in where]}: expected {str(r.flat[index])}, got {str(y.flat[index])}"
    if is_float and np.isfinite(y.flat[index]) and np.isfinite(r.flat[index]):
        one = lambda a: a.reshape(-1)[index:index + 1]
        diff = abs(float(y.flat[index]) - float(r.flat[index]))
        text += f" (|diff| {diff:.3g}, {ulp_distance(one(y), one(r), dtype)[0]:g} ulp)"
    return text


def compare_pair(expected, actual, dtype, contract, op, operands=None):
    """Returns (passed, message) for one output."""
    if actual.dtype != expected.dtype:
        return False, f"FAIL: dtype {actual.dtype} differs from the expected {expected.dtype}"
    if actual.shape != expected.shape:
        return False, f"FAIL: shape {actual.shape} differs from the expected {expected.shape}"
    is_float = dtype in FLOAT_BITS
    budget, clause = lookup_budget(contract, op, dtype) if is_float else (None, "exact (not a float)")
    bound = gamma_bound(budget, dtype, operands, expected.shape) if is_float else None
    if is_float:
        ok, badness = judge_floats(actual, expected, dtype, budget, bound)
    else:
        ok = np.asarray(actual == expected)
        badness = (~ok).astype(np.float64)
    head = f"{dtype} {expected.shape}, budget {clause}"
    if budget is not None and not is_exact(budget):
        ulp = f", ulp {budget['ulp']}" if budget["ulp"] else ""
        if budget["gamma"]:
            ulp += f", gamma {budget['gamma']:g}" + ("" if bound is not None else " not used: no --operands")
        head += f" (atol {budget['atol']:g}, rtol {budget['rtol']:g}{ulp})"
    elif is_float:
        head += " (exact)"
    if expected.size == 0:
        return True, f"{head}: PASS (no elements)"
    failing = int(np.count_nonzero(~ok))
    # The worst element: a failing one if any, the one furthest out of its budget.
    score = np.where(ok.reshape(-1), 0.0, 1.0) * 1e300 + np.nan_to_num(badness.reshape(-1), posinf=1e299)
    worst = describe_worst(actual, expected, dtype, int(np.argmax(score)), is_float)
    if failing:
        return False, f"{head}: FAIL, {failing} of {expected.size} elements outside; {worst}"
    return True, f"{head}: PASS; {worst}"


def output_files(directory):
    try:
        names = os.listdir(directory)
    except OSError as e:
        usage_error(f"cannot read directory '{directory}': {e.strerror}")
    found = {}
    for name in names:
        m = re.fullmatch(r"output_(\d+)\.npy", name)
        if m:
            found[int(m.group(1))] = name
    return found


def parse_dtype_overrides(specs):
    overrides = {}
    for spec in specs:
        m = re.fullmatch(r"(\d+)=(bf16|f16|f32|f64)", spec)
        if not m:
            usage_error(f"--dtype takes I=DTYPE with DTYPE a float dtype, got '{spec}'")
        overrides[int(m.group(1))] = m.group(2)
    return overrides


def tensorc_dtype(array, override, index):
    dtype = DTYPES.get(array.dtype.name)
    if override is None:
        return dtype
    if override == "bf16" and dtype != "f32" or override != "bf16" and override != dtype:
        usage_error(f"--dtype {index}={override} does not fit output_{index}.npy, which is {array.dtype}")
    return override


def load(path):
    try:
        return np.load(path, allow_pickle=False), None
    except (OSError, ValueError) as e:
        return None, str(e)


def compare_one(i, name, args, contract, overrides, actual_files):
    expected, err = load(os.path.join(args.expected, name))
    if expected is None:
        usage_error(f"cannot read expected {name}: {err}")
    if i not in actual_files:
        return False, "FAIL: missing from the actual outputs"
    actual, err = load(os.path.join(args.actual, actual_files[i]))
    if actual is None:
        return False, f"FAIL: cannot read it: {err}"
    if DTYPES.get(expected.dtype.name) is None:
        usage_error(f"expected {name} has dtype {expected.dtype}, which is no tensorc dtype")
    operands = None
    if args.operands:
        operands = [load(p)[0] for p in args.operands]
        if any(x is None for x in operands):
            usage_error("cannot read the --operands")
    return compare_pair(expected, actual, tensorc_dtype(expected, overrides.get(i), i), contract, args.op, operands)


class ArgumentParser(argparse.ArgumentParser):
    """argparse with tensorc's usage-error exit status (argparse's own is 2)."""

    def error(self, message):
        self.print_usage(sys.stderr)
        usage_error(message)


def main():
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--contract", required=True, help="the numerical contract (JSON) giving the tolerances")
    parser.add_argument("--op", help="judge by this op kind's tolerance instead of the outputs map")
    parser.add_argument("--operands", nargs=2, metavar="X.npy",
                        help="with --op matmul: its operands, for a tolerance's gamma bound")
    parser.add_argument("--dtype", action="append", default=[], metavar="I=DTYPE",
                        help="output I holds DTYPE values (bf16 outputs are float32 arrays)")
    parser.add_argument("--grads", action="store_true",
                        help="the outputs are gradients: judge by the contract's grads section (grads.outputs, "
                             "with --op grads.ops)")
    parser.add_argument("expected", help="directory of the reference's output_<i>.npy")
    parser.add_argument("actual", help="directory of the artifact's output_<i>.npy")
    args = parser.parse_args()
    if args.operands and (args.op or "").replace("tc_tensor.", "") != "matmul":
        usage_error("--operands goes with --op matmul")
    global GRADS
    GRADS = args.grads
    contract = load_contract(args.contract)
    overrides = parse_dtype_overrides(args.dtype)
    expected_files, actual_files = output_files(args.expected), output_files(args.actual)
    if not expected_files:
        usage_error(f"'{args.expected}' holds no output_<i>.npy")
    failed = 0
    for i in sorted(expected_files):
        ok, message = compare_one(i, expected_files[i], args, contract, overrides, actual_files)
        failed += not ok
        print(f"{expected_files[i]}: {message}")
    for i in sorted(set(actual_files) - set(expected_files)):
        failed += 1
        print(f"{actual_files[i]}: FAIL: not among the expected outputs")
    total = len(set(expected_files) | set(actual_files))
    name = contract.get("name", "?")
    if failed:
        print(f"compare-outputs: {failed} of {total} outputs failed under contract '{name}'")
        return EXIT_CONFORMANCE
    print(f"compare-outputs: all {total} outputs pass under contract '{name}'")
    return 0


if __name__ == "__main__":
    sys.exit(main())
