#!/usr/bin/python3
# grad-oracle.py - checks gradients in float64 against finite differences and PyTorch
#
#   grad-oracle.py CASES.mlir --tensor-ref PATH --contract FILE [--wrt-constants]
#                  [--artifact LIB --tensor-run PATH] [--seed N] [--filter REGEX]
#   grad-oracle.py --coverage dialects/tc_tensor.irdl.mlir TESTDIR
#
# Run it with Debian's /usr/bin/python3 (python3-numpy, python3-torch).
#
# CASES.mlir holds one public func.func per case (ref_oracle/mlirtext.py
# reads it). For every case the harness draws the arguments (seeded NumPy,
# `tc.distribution` and `tc.oracle` as utils/ref-oracle.py reads them) and a
# cotangent per float result (uniform(-1, 1) rounded to the dtype), and
# computes the VJP three ways:
#
#   reference  `tensor-ref --grad` (lib/Reference's own rules)
#   torch      PyTorch's float64 autograd of the case modelled in PyTorch
#              (grad_oracle/torch_model.py), rounded once to the dtype
#   numeric    central finite differences of that float64 model without
#              its roundings to narrower dtypes (the exact function, whose
#              derivative the rules define; rounding makes it piecewise
#              constant), (L(x + eps e_i) - L(x - eps e_i)) / 2 eps with
#              L = sum_j <y_j, dy_j>,
#              only when every differentiated value is f64 (gradcheck in
#              float32 fails by construction: the step is below f32's
#              resolution)
#
# and checks:
#   forward    the model's outputs against tensor-ref's forward outputs, so
#              that the model is known to compute the same function
#              (contract section "forward");
#   torch      reference gradients against torch's ("torch" section);
#   numeric    reference gradients against the finite differences:
#              |g - n| <= atol + rtol |n| ("gradcheck": eps, atol, rtol).
# With --artifact (a library built with tc-grad), the artifact's f_vjp
# (tensor-run) is checked the same way on its f64 cases: against the finite
# differences, and against torch where every value of the case is f64 (an
# f32 step makes the compiled VJP only f32-accurate); its other dtypes are
# judged against the reference by tensor-conform --grad under the numerical
# contract.
#
# Function attributes steer a case:
#   tc.grad_oracle_no_fd = "..."  the case sits on a point where the
#       derivative is a convention, not a limit (relu at 0, ties of max):
#       finite differences do not apply; the reason is printed.
#
# --checks picks checks and --perturb breaks the reference's first gradient
# element or the model's first output on purpose: the harness's own test
# (test/Reference/grad/harness-self-test.test) shows each check failing.
#
# Output: "PASS name (checks)" or "FAIL name: check grad #i [index]: got G,
# expected E, ..." per case, then "N cases, M failures". Exit status 1 if
# any case failed. --coverage lists differentiable tc_tensor ops (the
# reference's table, tensor-ref --grad) without a case in TESTDIR.
import argparse
import os
import re
import subprocess
import sys
import tempfile
import zlib

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402

from grad_oracle import contract as ct  # noqa: E402
from grad_oracle import torch_model as tm  # noqa: E402
from ref_oracle import inputs as gen  # noqa: E402
from ref_oracle import mlirtext  # noqa: E402
from ref_oracle import numerics as nx  # noqa: E402
from ref_oracle.contract import ContractError  # noqa: E402

# The ops with a derivative (docs/autodiff.md §1); the others contribute none.
DIFFERENTIABLE = {
    "neg", "abs", "exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "relu", "gelu", "erf", "sin", "cos",
    "reciprocal", "identity", "add", "sub", "mul", "div", "pow", "max", "min", "mod", "fmod", "where", "clip",
    "cast", "matmul", "gemm", "conv2d", "max_pool2d", "avg_pool2d", "global_max_pool", "global_avg_pool",
    "batch_norm", "layer_norm", "softmax", "log_softmax", "reduce_sum", "reduce_prod", "reduce_max",
    "reduce_min", "reduce_mean", "transpose", "reshape", "broadcast_to", "concat", "split", "slice", "gather",
    "pad"}


class Case:
    def __init__(self, func, work):
        self.func, self.dir = func, os.path.join(work, func.name)
        os.makedirs(self.dir, exist_ok=True)
        self.inputs, self.cotangents = [], []


def float_results(func):
    return [i for i, (dims, dtype) in enumerate(func.result_types) if nx.is_float(dtype)]


def draw(case, seed):
    func = case.func
    for i, (_, type_, attrs) in enumerate(func.args):
        v = gen.generate(func.name, i, type_, attrs, seed)
        case.inputs.append(v)
        np.save(os.path.join(case.dir, "x_%d.npy" % i), v.to_npy())
    rng = np.random.default_rng(zlib.crc32(("cotangent:%d:%s" % (seed, func.name)).encode()))
    for j in float_results(func):
        dims, dtype = func.result_types[j]
        flat = [nx.rnd(float(v), dtype) for v in rng.uniform(-1, 1, size=int(np.prod(dims)))]
        v = nx.Val.of(dtype, dims, flat)
        case.cotangents.append(v)
        np.save(os.path.join(case.dir, "dy_%d.npy" % (len(case.cotangents) - 1)), v.to_npy())


def run(cmd):
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return proc.returncode, proc.stderr


def paths(case, stem, n):
    return [os.path.join(case.dir, "%s_%d.npy" % (stem, i)) for i in range(n)]


def reference(case, args):
    cmd = [args.tensor_ref, args.cases, "--grad", "--fn", case.func.name, "--output-dir", os.path.join(case.dir, "ref")]
    if case.inputs:
        cmd += ["--input"] + paths(case, "x", len(case.inputs))
    if case.cotangents:
        cmd += ["--cotangent"] + paths(case, "dy", len(case.cotangents))
    if args.wrt_constants:
        cmd += ["--wrt-constants"]
    return run(cmd)


def artifact(case, args, weights, weight_ops):
    """Runs the artifact's f_vjp on the case's arguments, weights and
    cotangents; ((exit code, stderr), output directory)."""
    out = os.path.join(case.dir, "artifact")
    files = paths(case, "x", len(case.inputs))
    for k, (w, op) in enumerate(zip(weights, weight_ops)):
        np.save(os.path.join(case.dir, "w_%d.npy" % k), nx.Val(op.result_types[0][1], w).to_npy())
        files.append(os.path.join(case.dir, "w_%d.npy" % k))
    files += paths(case, "dy", len(case.cotangents))
    cmd = [args.tensor_run, args.artifact, "--fn", case.func.name + "_vjp", "--output-dir", out]
    return run(cmd + (["--input"] + files if files else [])), out


def ulp_distance(a, b, dtype):
    if a == b:
        return 0
    p, emin, _ = nx.FLOAT_FORMATS[dtype]
    e = max(np.frexp(max(abs(a), abs(b)))[1] - 1, emin)
    return abs(a - b) / 2.0 ** (e - (p - 1))


MEASURE = []  # --measure: (what, dtype, max abs error, max ulp error) of every comparison


def compare(got, want, dtype, tol, what=""):
    """None, or a description of the worst element outside `tol`."""
    got, want = np.asarray(got, dtype=np.float64).ravel(), np.asarray(want, dtype=np.float64).ravel()
    if got.shape != want.shape:
        return "%d elements, expected %d" % (got.size, want.size)
    worst, bad, max_abs, max_ulp = None, 0, 0.0, 0.0
    for k, (g, w) in enumerate(zip(got, want)):
        if np.isnan(g) or np.isnan(w) or np.isinf(g) or np.isinf(w):
            ok, err = (np.isnan(g) and np.isnan(w)) or g == w, float("inf")
        else:
            err_abs, err_ulp = abs(g - w), ulp_distance(g, w, dtype)
            ok, err = tol.allows(err_abs, err_ulp, abs(w)), err_abs
            max_abs, max_ulp = max(max_abs, err_abs), max(max_ulp, err_ulp)
        if not ok:
            bad += 1
            if worst is None or err > worst[1]:
                worst = (k, err, g, w)
    if what:
        MEASURE.append((what, dtype, max_abs, max_ulp))
    if worst is None:
        return None
    k, err, g, w = worst
    return "[%d]: got %r, expected %r (abs error %.3g, budget %s); %d of %d elements outside" % (
        k, float(g), float(w), err, tol.describe(), bad, got.size)


def loss(outputs, cotangents):
    total = 0
    floats = [t for t, d in outputs if nx.is_float(d)]
    for t, dy in zip(floats, cotangents):
        total = total + (t * tm.torch.from_numpy(dy.arr)).sum()
    return total


def model_inputs(case):
    return [v.arr.astype(np.float64) if nx.is_float(v.dtype) else np.array(v.flat(), dtype=np.int64).reshape(v.shape)
            if v.dtype != "i1" else np.array(v.flat(), dtype=bool).reshape(v.shape) for v in case.inputs]


def autograd(case, blobs, weights):
    outputs, leaves = tm.run(case.func, model_inputs(case), blobs, weights)
    total = loss(outputs, case.cotangents)
    grads = [None] * len(leaves)
    if leaves and isinstance(total, tm.torch.Tensor) and total.requires_grad:
        grads = tm.torch.autograd.grad(total, leaves, allow_unused=True)
    return outputs, [(g if g is not None else tm.torch.zeros_like(l)).detach().numpy() for g, l in zip(grads, leaves)]


def numeric(case, blobs, weights, eps):
    """Central differences of L over every float argument and weight."""
    base = model_inputs(case)
    float_args = [i for i, v in enumerate(case.inputs) if nx.is_float(v.dtype)]
    slots = [("x", i) for i in float_args] + [("w", k) for k in range(len(weights or []))]
    result = []
    with tm.torch.no_grad():
        for kind, i in slots:
            target = base[i] if kind == "x" else weights[i]
            g = np.zeros(target.shape)
            for e in np.ndindex(*target.shape):
                values = []
                for sign in (1, -1):
                    xs = [a.copy() for a in base]
                    ws = [w.copy() for w in weights] if weights is not None else None
                    (xs[i] if kind == "x" else ws[i])[e] += sign * eps
                    values.append(float(loss(tm.run(case.func, xs, blobs, ws, exact=True)[0], case.cotangents)))
                g[e] = (values[0] - values[1]) / (2 * eps)
            result.append(g)
    return result


def pure_f64(func):
    """True if every float value of the function is f64."""
    types = [t for _, t, _ in func.args] + [t for op in func.body for t in op.result_types]
    return all(dtype == "f64" for _, dtype in types if nx.is_float(dtype))


def kind_of(func):
    return func.body[-1].name if func.body else "*"


def grad_dtypes(case, weights_ops):
    return [v.dtype for v in case.inputs if nx.is_float(v.dtype)] + [op.result_types[0][1] for op in weights_ops]


def check_grads(name, got, want, dtypes, tol_of):
    for i, (g, w, d) in enumerate(zip(got, want, dtypes)):
        if not nx.is_float(d):
            continue
        rounded = np.vectorize(lambda v: nx.rnd(float(v), d))(w) if w.size else w
        problem = compare(g, rounded, d, tol_of(d), name)
        if problem:
            return "%s grad #%d %s" % (name, i, problem)
    return None


def gradcheck(name, got, want, gc):
    tol = ct.Tolerance(gc.atol, gc.rtol, None, "gradcheck", "gradcheck")
    for i, (g, w) in enumerate(zip(got, want)):
        problem = compare(g, w, "f64", tol, name)
        if problem:
            return "%s grad #%d %s" % (name, i, problem)
    return None


def judge(case, args, blobs, contract):
    func = case.func
    rc, err = reference(case, args)
    if rc != 0:
        lines = [line for line in err.splitlines() if line.strip()]
        return "FAIL", "tensor-ref --grad exited with %d: %s" % (rc, lines[0] if lines else "")
    weight_ops = [op for op in func.body if tm.is_weight(op)] if args.wrt_constants else []
    weights = [tm.constant_value(op, blobs) for op in weight_ops] if args.wrt_constants else None
    outputs, torch_grads = autograd(case, blobs, weights)
    kind, dtypes = kind_of(func), grad_dtypes(case, weight_ops)
    ref_dir = os.path.join(case.dir, "ref")
    if args.perturb == "model" and outputs:
        changed = outputs[0][0].detach().clone()
        changed.view(-1)[0] += 1e-3
        outputs[0] = (changed, outputs[0][1])
    for i, (t, d) in enumerate(outputs if "forward" in args.checks else []):
        if nx.is_float(d):
            problem = compare(np.load(os.path.join(ref_dir, "output_%d.npy" % i)), t.detach().numpy(), d,
                              contract.forward_tolerance(kind, d), "forward:")
            if problem:
                return "FAIL", "forward: the model differs from tensor-ref: output #%d %s" % (i, problem)
    ref = [np.load(os.path.join(ref_dir, "grad_%d.npy" % i)) for i in range(len(dtypes))]
    if args.perturb == "grad" and ref and ref[0].size:
        flat = ref[0].reshape(-1)
        flat[0] += abs(flat[0]) * 0.01 + 1e-3
    problem = None
    if "torch" in args.checks:
        problem = check_grads("torch:", ref, torch_grads, dtypes, lambda d: contract.torch_tolerance(kind, d))
    if problem:
        return "FAIL", problem
    done = [c for c in ("forward", "torch") if c in args.checks]
    fd_reason = func.attrs.get("tc.grad_oracle_no_fd")
    all_f64 = bool(dtypes) and all(d == "f64" for d in dtypes)
    fd = None
    if all_f64 and not fd_reason and "numeric" in args.checks:
        fd = numeric(case, blobs, weights, contract.gradcheck.eps)
    if fd is not None:
        problem = gradcheck("numeric:", ref, fd, contract.gradcheck)
        if problem:
            return "FAIL", problem
        done.append("numeric")
    if args.artifact and all_f64:
        (rc, err), out = artifact(case, args, weights or [], weight_ops)
        if rc != 0:
            lines = [line for line in err.splitlines() if line.strip()]
            return "FAIL", "tensor-run exited with %d: %s" % (rc, lines[0] if lines else "")
        got = [np.load(os.path.join(out, "output_%d.npy" % i)) for i in range(len(dtypes))]
        problem = None
        if pure_f64(func) and "torch" in args.checks:  # an f32 step makes the compiled VJP f32-accurate
            problem = check_grads("artifact torch:", got, torch_grads, dtypes, lambda d: contract.torch_tolerance(kind, d))
        problem = problem or (gradcheck("artifact numeric:", got, fd, contract.gradcheck) if fd is not None else None)
        if problem:
            return "FAIL", problem
        done.append("artifact")
    note = " (no finite differences: %s)" % fd_reason if fd_reason else ""
    return "PASS", "(%s)%s" % (", ".join(done), note)


def coverage(irdl_path, test_dir):
    with open(irdl_path) as f:
        ops = re.findall(r"irdl\.operation\s+@(\w+)", f.read())
    tested = set()
    for name in sorted(os.listdir(test_dir)):
        if name.endswith(".mlir"):
            with open(os.path.join(test_dir, name)) as f:
                for func in mlirtext.parse_functions(f.read()):
                    tested.update(op.name for op in func.body)
    gaps = 0
    for op in ops:
        if op in DIFFERENTIABLE and op not in tested:
            print("no gradient case for tc_tensor.%s" % op)
            gaps += 1
        if op not in tm.MODELLED:
            print("the PyTorch model lacks tc_tensor.%s" % op)
            gaps += 1
    print("%d ops, %d differentiable, %d gaps" % (len(ops), len(DIFFERENTIABLE & set(ops)), gaps))
    return 1 if gaps else 0


def main(argv):
    p = argparse.ArgumentParser(description="Check gradients against finite differences and PyTorch.")
    p.add_argument("cases", nargs="?")
    p.add_argument("--tensor-ref", default="tensor-ref")
    p.add_argument("--tensor-run", default="tensor-run")
    p.add_argument("--artifact")
    p.add_argument("--contract")
    p.add_argument("--wrt-constants", action="store_true")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--filter", default="")
    p.add_argument("--coverage", nargs=2, metavar=("IRDL", "TESTDIR"))
    p.add_argument("--checks", default="forward,torch,numeric",
                   help="which checks to run (comma-separated; the harness's self-test runs one at a time)")
    p.add_argument("--perturb", choices=("model", "grad"),
                   help="harness self-test only: change the model's first output element or the reference's first "
                        "gradient element, which the checks must then report")
    p.add_argument("--measure", action="store_true",
                   help="also print the largest error of every comparison (the evidence behind a budget)")
    a = p.parse_args(argv)
    a.checks = set(a.checks.split(","))
    if a.coverage:
        return coverage(*a.coverage)
    if not a.cases or not a.contract:
        p.error("give a case file and --contract")
    try:
        contract = ct.Contract(a.contract)
        with open(a.cases) as f:
            text = f.read()
        funcs = [f for f in mlirtext.parse_functions(text) if re.search(a.filter, f.name)]
        blobs = mlirtext.parse_resources(text)
    except (OSError, ContractError, mlirtext.ParseError) as e:
        print("grad-oracle: %s" % e, file=sys.stderr)
        return 2
    if not funcs:
        print("grad-oracle: no public function in %s matches '%s'" % (a.cases, a.filter), file=sys.stderr)
        return 2
    tm.load_torch()
    failures = 0
    with tempfile.TemporaryDirectory(prefix="grad-oracle-") as work:
        for func in funcs:
            case = Case(func, work)
            try:
                draw(case, a.seed)
                status, message = judge(case, a, blobs, contract)
            except (gen.InputError, tm.ModelError) as e:
                status, message = "FAIL", "cannot run the case: %s" % e
            failures += status == "FAIL"
            print("%s %s%s" % (status, func.name, (": " if status == "FAIL" else " ") + message))
            for what, dtype, max_abs, max_ulp in MEASURE if a.measure else []:
                print("  measured %s %s %s: max abs error %.3g, max %.3g ulp" % (func.name, what, dtype, max_abs, max_ulp))
            MEASURE.clear()
    print("%d cases, %d failures" % (len(funcs), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
