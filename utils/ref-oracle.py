#!/usr/bin/python3
# ref-oracle.py - checks the reference evaluator against an independent oracle
#
#   ref-oracle.py CASES.mlir --tensor-ref PATH --contract FILE
#                 [--tensor-ref-arg ARG]... [--seed N] [--filter REGEX]
#                 [--jobs N] [--keep DIR] [--show-diffs N]
#   ref-oracle.py --self-check
#   ref-oracle.py --coverage dialects/tc_tensor.irdl.mlir TESTDIR
#
# Run it with Debian's /usr/bin/python3 (python3-numpy, python3-mpmath).
#
# CASES.mlir holds one public func.func per case, each a tc_tensor op (or a
# few). For every case the oracle draws the arguments (seeded NumPy;
# ref_oracle/inputs.py documents `tc.distribution` and `tc.oracle`, which
# mixes in NaN, ±inf, ±0, subnormals, extreme integers), writes them as .npy,
# runs `tensor-ref CASES.mlir --fn NAME --input ... --output-dir DIR`, and
# computes the expected results itself from the spec's reference semantics:
# exact arithmetic (Fractions, 320-bit mpmath for transcendental functions)
# rounded once to the result dtype (ref_oracle/numerics.py). It shares no code
# with lib/Reference. Results are compared element by element: integers and
# i1 exactly; floats within the tolerance the contract file (below) gives the
# op kind that produced the output, NaN equal to NaN, -0 and +0 distinct.
# `--tensor-ref-arg` passes an option to tensor-ref (`--exact` for its exact
# mode). Where tensor-ref writes bound_<i>.npy beside output_<i>.npy (its
# fast mode's own error bound of an element it did not prove exact,
# docs/reference.md), an element also passes if it lies within that bound
# of the oracle's value, which is what the bound claims; the summary line
# then counts such elements.
#
# The contract file (test/Reference/oracle.contract.json) uses the member
# names, pass rule and lookup order of tensorc's numerical contracts
# (docs/contract.md, format tensorc-contract/1) for what they share, plus a
# required "why" per tolerance, which that closed schema has no place for;
# hence its own format name. Members of tensorc-contract/1 that say how to
# compile (dtypes, permissions, outputs) have no meaning for the evaluator
# and are not accepted:
#
#   {"format": "tensorc-oracle-contract/1", "name": "...", "description": "...",
#    "ops": {"<op kind>" | "*": {"tolerance": {"<dtype>" | "*":
#        {"atol": A, "rtol": R, "ulp": U, "why": "the observed, explained
#         disagreement this allows"}}}}}
#
# The op kind's tolerance for the dtype is the first of
# ops.<kind>.tolerance.<dtype>, ops.<kind>.tolerance.*, ops.*.tolerance.<dtype>,
# ops.*.tolerance.* (exact if none); an element passes if
# |got - want| <= A + R*|want| or it is at most U ulp of the dtype away (no
# "ulp": no ulp bound). NaN, infinities and zero signs must match exactly.
#
# Output: one line per case, "PASS name" or "FAIL name: output #i [index]:
# got G, expected E, error N ulp (abs A), budget B" (the worst element), and
# finally "N cases, M failures, L library checks, D library disagreements"
# (see "Library cross-check" below). Exit status 1 if any case failed.
#
# Function attributes steer a case:
#   tc.oracle_known_bug = "..."  tensor-ref is known to be wrong here (the
#       test file says why, with the spec's rule). The case still runs and
#       prints "KNOWN-BUG name: ..." without counting as a failure while it
#       disagrees; once it agrees it FAILs, so that the marker is removed.
#   tc.oracle_library_skip = "..."  the case tests what float64 libraries
#       cannot do (exact intermediates that overflow, round or cancel in
#       double); the library cross-check (below) is skipped with this reason.
#   tc.oracle_expect = "<op kind>"  compute this op instead of the one
#       written: only for the harness's own self-test, which must fail.
# A case whose inputs make the op a run-time program error (a gather index
# out of range) expects tensor-ref to exit with status 1 and no output.
#
# Library cross-check. The exact oracle is our own code, so each case also
# checks it against libraries nobody here wrote (ref_oracle/library.py):
# every op of the case that NumPy or PyTorch has is computed by them in
# float64 on the oracle's operands, and the oracle's result must agree within
# the contract's "library" budgets. Each case line ends in " | LIB-PASS",
# " | LIB-PASS (k of n elements not compared: reason)" where the spec
# deliberately differs from the library, " | LIB-SKIP (reason)" or
# " | LIB-FAIL (op output #i [index]: oracle X, library Y, ...)". The last
# line adds "L library checks, D library disagreements"; a disagreement makes
# the exit status 1. PyTorch is imported only when a case needs it.
# --perturb-library NAME (the harness's self-test only) changes the library's
# first compared element of case NAME, which must then be reported.
#
# --self-check tests the oracle's rounding against NumPy's f16/f32
# conversions and against the definition of round-to-nearest-even.
# --coverage lists tc_tensor ops without an oracle implementation or without
# a case expected to pass.
#
# Why mpmath and not NumPy/PyTorch float64 for the values: the spec's value
# is the exact result rounded once. NumPy's float64 exp/tanh/... are libm's
# (or NumPy's own SIMD kernels) and are not correctly rounded either, so
# agreeing with them proves little for f64 results; PyTorch's float64 ->
# bfloat16 and -> float16 conversions round through float32 (1 + 2^-8 +
# 2^-30 becomes 1.0, not 1.0078125), which is the double rounding the spec
# forbids; and importing torch costs two seconds per test file. NumPy still
# generates the inputs, moves elements in the shape ops and checks the
# oracle's rounding in --self-check.
import argparse
import os
import re
import subprocess
import sys
import tempfile
import traceback
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402

from ref_oracle import contract as ct  # noqa: E402
from ref_oracle import inputs as gen  # noqa: E402
from ref_oracle import interp  # noqa: E402
from ref_oracle import library  # noqa: E402
from ref_oracle import mlirtext  # noqa: E402
from ref_oracle import numerics as nx  # noqa: E402
from ref_oracle.ops_reduce_shape import OracleRuntimeError  # noqa: E402

EXIT_BAD_INPUT = 1  # tensor-ref's code for a run-time program error


def run_tensor_ref(tool, extra, program, func, input_paths, out_dir):
    cmd = [tool, program, "--fn", func.name, "--output-dir", out_dir] + extra
    if input_paths:
        cmd += ["--input"] + input_paths
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return proc.returncode, proc.stderr


def _fmt_value(v, dtype):
    if not nx.is_float(dtype):
        return str(v)
    return repr(float(v))


SHOW_DIFFS = 0  # --show-diffs N: list up to N differing elements per output


BOUNDED = 0  # elements that passed only within tensor-ref's own bound


def within_bound(g, w, b):
    """True if tensor-ref's value g is within its bound b of the oracle's w."""
    inf = float("inf")
    if not b > 0 or g != g or w != w or g in (inf, -inf) or w in (inf, -inf):
        return False
    return abs(float(g) - float(w)) <= b


def compare_output(got_arr, want, dtype, tol, bound=None):
    """None if the output passes, else a description of its worst element."""
    global BOUNDED
    if tuple(got_arr.shape) != want.shape:
        return "shape %s, expected %s" % (list(got_arr.shape), list(want.shape))
    got = nx.Val.from_npy(got_arr, dtype).flat()
    exp = want.flat()
    bounds = [float(b) for b in bound.reshape(-1)] if bound is not None else None
    worst, bad = None, 0
    for k, (g, w) in enumerate(zip(got, exp)):
        ok, err_ulp, err_abs = _element_ok(g, w, dtype, tol)
        if ok:
            continue
        if bounds and within_bound(g, w, bounds[k]):
            BOUNDED += 1
            continue
        bad += 1
        if bad <= SHOW_DIFFS:
            idx = list(np.unravel_index(k, want.shape)) if want.shape else []
            print("  diff %s: got %s, expected %s, input index in flat order %d"
                  % ([int(i) for i in idx], _fmt_value(g, dtype), _fmt_value(w, dtype), k))
        if worst is None or err_ulp > worst[1]:
            worst = (k, err_ulp, err_abs, g, w)
    if worst is None:
        return None
    k, err_ulp, err_abs, g, w = worst
    index = list(np.unravel_index(k, want.shape)) if want.shape else []
    text = "[%s]: got %s, expected %s" % (", ".join(str(int(i)) for i in index), _fmt_value(g, dtype),
                                          _fmt_value(w, dtype))
    if nx.is_float(dtype):
        if err_ulp != float("inf"):
            err = "%d ulp (abs %.3g)" % (err_ulp, err_abs)
        elif g == 0 and w == 0:
            err = "sign of zero"
        else:
            err = "NaN or infinity against another value"
        text += ", error %s, budget %s" % (err, tol.describe())
    return text + "; %d of %d elements differ" % (bad, len(exp))


def _element_ok(g, w, dtype, tol):
    """(passes, error in ulps, absolute error) for one element."""
    if not nx.is_float(dtype):
        return g == w, float("inf"), float("inf")
    inf = float("inf")
    if w != w or g != g:
        return (w != w and g != g), inf, inf
    if w in (inf, -inf) or g in (inf, -inf):
        return g == w, inf, inf
    if g == 0 and w == 0:
        same = nx.negative(g) == nx.negative(w)
        return same, (0 if same else inf), 0.0
    err_ulp = nx.ulp_distance(g, w, dtype)
    err_abs = abs(g - w)
    return tol.allows(err_abs, err_ulp, abs(w)), err_ulp, err_abs


class Case:
    def __init__(self, func):
        self.func = func
        self.inputs, self.paths, self.job = [], [], None
        self.out_dir = None


def prepare(case, seed, work):
    func = case.func
    case.out_dir = os.path.join(work, func.name)
    os.makedirs(case.out_dir, exist_ok=True)
    for i, (_, type_, attrs) in enumerate(func.args):
        value = gen.generate(func.name, i, type_, attrs, seed)
        path = os.path.join(case.out_dir, "arg_%d.npy" % i)
        np.save(path, value.to_npy())
        case.inputs.append(value)
        case.paths.append(path)


PERTURB_LIBRARY = None  # --perturb-library NAME: the harness's self-test


def library_check(case, steps, error, contract):
    """(LIB-PASS | LIB-FAIL | LIB-SKIP, note): the exact oracle's values of
    every op of the case against NumPy's or PyTorch's (ref_oracle/library.py)."""
    skip = case.func.attrs.get("tc.oracle_library_skip")
    if skip:
        return "LIB-SKIP", skip
    if case.func.attrs.get("tc.oracle_expect"):
        return "LIB-SKIP", "harness self-test (tc.oracle_expect computes another op than the one written)"
    if error is not None:
        return "LIB-SKIP", "a run-time program error (%s): no value to compare" % error
    try:
        return library.check(steps, contract, perturb=case.func.name == PERTURB_LIBRARY)
    except Exception as e:  # a defect of the cross-check itself: say where
        where = traceback.extract_tb(e.__traceback__)[-1]
        return "LIB-FAIL", "library check error %s: %s (%s:%d)" % (type(e).__name__, e,
                                                                   os.path.basename(where.filename), where.lineno)


def judge(case, blobs, contract):
    """(status, message): status in PASS, FAIL, KNOWN-BUG. The library
    cross-check's verdict is left in case.lib."""
    func = case.func
    expect = func.attrs.get("tc.oracle_expect")
    steps = []
    case.lib = ("LIB-SKIP", "the oracle cannot compute the case")
    try:
        want, error = interp.run(func, case.inputs, blobs, expect, steps), None
    except OracleRuntimeError as e:
        want, error = None, str(e)
    except (interp.OracleError, mlirtext.ParseError) as e:
        return "FAIL", "oracle cannot compute the case: %s" % e
    except Exception as e:  # a defect of the oracle itself: say where
        where = traceback.extract_tb(e.__traceback__)[-1]
        return "FAIL", "oracle error %s: %s (%s:%d)" % (type(e).__name__, e, os.path.basename(where.filename),
                                                         where.lineno)
    case.lib = library_check(case, steps, error, contract)
    rc, stderr = case.job.result()
    if error is not None:
        if rc == EXIT_BAD_INPUT:
            return "PASS", None
        return "FAIL", "expected a run-time program error (%s), tensor-ref exited with %d" % (error, rc)
    if rc != 0:
        last = [line for line in stderr.splitlines() if line.strip()]
        return "FAIL", "tensor-ref exited with %d: %s" % (rc, last[0] if last else "(no message)")
    kinds = interp.result_kinds(func)
    for i, (value, kind) in enumerate(zip(want, kinds)):
        path = os.path.join(case.out_dir, "output_%d.npy" % i)
        if not os.path.exists(path):
            return "FAIL", "tensor-ref wrote no output #%d" % i
        tol = contract.tolerance(expect or kind, value.dtype)
        bound_path = os.path.join(case.out_dir, "bound_%d.npy" % i)
        bound = np.load(bound_path) if os.path.exists(bound_path) else None
        problem = compare_output(np.load(path), value, value.dtype, tol, bound)
        if problem:
            return "FAIL", "output #%d %s" % (i, problem)
    return "PASS", None


def report(case, status, message):
    name = case.func.name
    bug = case.func.attrs.get("tc.oracle_known_bug")
    lib, note = case.lib
    lib = " | %s%s" % (lib, " (%s)" % note if note else "")
    if bug and status == "FAIL":
        print("KNOWN-BUG %s: %s (still differs: %s)%s" % (name, bug, message, lib))
        return False
    if bug:
        print("FAIL %s: marked tc.oracle_known_bug but tensor-ref now agrees with the oracle; "
              "remove the marker%s" % (name, lib))
        return True
    print("%s %s%s%s" % (status, name, ": " + message if message else "", lib))
    return status == "FAIL"


def coverage(irdl_path, test_dir):
    """Every op the dialect defines has an oracle implementation and a case
    that is expected to pass (not a known bug, not a self-test) in some test
    file of TESTDIR."""
    with open(irdl_path) as f:
        ops = re.findall(r"irdl\.operation\s+@(\w+)", f.read())
    tested = set()
    for name in sorted(os.listdir(test_dir)):
        if name.endswith(".mlir"):
            with open(os.path.join(test_dir, name)) as f:
                for func in mlirtext.parse_functions(f.read()):
                    if "tc.oracle_known_bug" not in func.attrs and "tc.oracle_expect" not in func.attrs:
                        tested.update(op.name for op in func.body)
    gaps = 0
    for op in ops:
        if op not in interp.SUPPORTED:
            print("the oracle does not implement tc_tensor.%s" % op)
            gaps += 1
        if op not in tested:
            print("no oracle test for tc_tensor.%s" % op)
            gaps += 1
    print("%d ops, %d gaps" % (len(ops), gaps))
    return 1 if gaps or not ops else 0


def main(argv):
    p = argparse.ArgumentParser(description="Check tensor-ref against an independent oracle.")
    p.add_argument("cases", nargs="?")
    p.add_argument("--tensor-ref", default="tensor-ref")
    p.add_argument("--tensor-ref-arg", action="append", default=[], metavar="ARG",
                   help="an option for tensor-ref (repeatable), e.g. --tensor-ref-arg=--exact")
    p.add_argument("--contract")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--filter", default="")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("--keep", help="keep inputs and outputs in this directory")
    p.add_argument("--show-diffs", type=int, default=0, metavar="N",
                   help="print up to N differing elements of each failing output")
    p.add_argument("--perturb-library", metavar="NAME",
                   help="harness self-test only: perturb the library's result of case NAME")
    p.add_argument("--self-check", action="store_true")
    p.add_argument("--coverage", nargs=2, metavar=("IRDL", "TESTDIR"),
                   help="check that every tc_tensor op of IRDL is implemented here and tested in TESTDIR")
    a = p.parse_args(argv)
    global SHOW_DIFFS, PERTURB_LIBRARY
    SHOW_DIFFS = a.show_diffs
    PERTURB_LIBRARY = a.perturb_library
    if a.coverage:
        return coverage(*a.coverage)
    if a.self_check:
        from ref_oracle import selfcheck

        return selfcheck.main()
    if not a.cases or not a.contract:
        p.error("give a case file and --contract")
    try:
        contract = ct.Contract(a.contract)
        with open(a.cases) as f:
            text = f.read()
        funcs = [f for f in mlirtext.parse_functions(text) if re.search(a.filter, f.name)]
        blobs = mlirtext.parse_resources(text)
    except (OSError, ct.ContractError, mlirtext.ParseError) as e:
        print("ref-oracle: %s" % e, file=sys.stderr)
        return 2
    if not funcs:
        print("ref-oracle: no public function in %s matches '%s'" % (a.cases, a.filter), file=sys.stderr)
        return 2
    work = a.keep or tempfile.mkdtemp(prefix="ref-oracle-")
    cases = [Case(f) for f in funcs]
    failures = known = lib_checks = lib_fails = 0
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        for case in cases:
            try:
                prepare(case, a.seed, work)
            except gen.InputError as e:
                print("ref-oracle: %s: %s" % (case.func.name, e), file=sys.stderr)
                return 2
            case.job = pool.submit(run_tensor_ref, a.tensor_ref, a.tensor_ref_arg, a.cases, case.func, case.paths,
                                   case.out_dir)
        for case in cases:
            status, message = judge(case, blobs, contract)
            failures += report(case, status, message)
            known += bool(case.func.attrs.get("tc.oracle_known_bug")) and status == "FAIL"
            lib_checks += case.lib[0] != "LIB-SKIP"
            lib_fails += case.lib[0] == "LIB-FAIL"
    if not a.keep:
        import shutil

        shutil.rmtree(work, ignore_errors=True)
    print("%d cases, %d failures%s, %d library checks, %d library disagreements%s"
          % (len(cases), failures, ", %d known bugs" % known if known else "", lib_checks, lib_fails,
             "; %d elements within tensor-ref's own bound" % BOUNDED if BOUNDED else ""))
    return 1 if failures or lib_fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
