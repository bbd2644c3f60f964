"""suites.py - the benchmarks of utils/bench/run.

Each suite generates its programs (programs.py), builds the artifacts,
CHECKS every implementation's output against an expected one under the
default contract before timing it (an implementation that fails is reported
as wrong and not timed), then times all implementations side by side
(Bench.compare: round-robin, pooled samples) at each thread count:

- gemm: tensorc vs BLIS vs OpenBLAS on square matmul, each library as it
  chooses and, where its kernels are older than the CPU's, with the CPU's
  own forced too (gemm_libraries). Expected output: the
  float64 product of the same inputs rounded to the dtype (NumPy); the
  reference evaluator would take minutes per matrix at N >= 1024. tensorc's
  output is judged with the default contract's matmul tolerance, its gamma
  bound included (tensor-conform compare --operands); the libraries' by the
  classical summation error bound (summation_bound_judge), which is what
  that gamma bound states. For f32 a second tensorc row, "tensorc (strict
  contract)", is compiled under contracts/strict.contract.json (f32 summed
  in f64: bli_dgemm on f64 copies) and judged by the same bound. Artifacts
  up to gate_max are built by `tensorc
  compile` (the gate on seed 1); larger ones by the same CPU pipeline without
  the gate, whose job the check above then does. A tensorc size whose
  projected call time (8x the previous size's at 1 thread) exceeds
  call_cap seconds is skipped and says so.
- chain: tensorc vs the fused C loop (without and with OpenMP) vs NumPy vs
  PyTorch, plus STREAM triad for the bandwidth floor, all on the reference
  evaluator's seed-1 inputs and judged against its output.
- rows: softmax and layer_norm over the last axis, tensorc vs NumPy vs
  PyTorch, judged with the op's own tolerance.
- models: the bundled examples at several batches, tensorc vs PyTorch eager,
  judged against the reference evaluator under the function-output budget.
- compile: `tensorc compile --no-cache` and `tensor-opt --tc-cpu-pipeline`
  wall time on programs of a given number of ops.
- reference: the reference evaluator's own GEMM and convolution rate,
  tensor-ref on a square matmul (or a 3x3 conv2d) reduced to its sum minus
  tensor-ref on the same inputs reduced without it (programs.reference_gemm,
  reference_conv), at each thread count (tensor-ref --threads), f32 (plain
  double sums) and f64 (compensated). Its check: the fast mode's sum equals
  the exact mode's bit for bit (at the smallest matmul and on the
  convolution, which the exact mode evaluates in seconds, not hours).
- scale: issue 16's scale target, the MLP and the CNN of make-models.py
  exported from PyTorch: tensor-ref --seed 1 (fast mode) and `tensorc
  compile --no-cache` on the ONNX file, with the gate's share of the
  compile read from tensorc's stage lines (from "[6/7 ...] gating" to the
  end of the run).
"""
import os

import numpy as np

import programs
from harness import STRICT, ROOT, BenchError, Figure, now, raw_to_npy, to_raw

NP = {"f32": np.float32, "f64": np.float64}
TC_STRICT = "tensorc (strict contract)"
PYIMPL = ["/usr/bin/python3", os.path.join(os.path.dirname(os.path.abspath(__file__)), "pyimpl.py")]


def summation_bound_judge(a, bm, dtype, label):
    """Judges a library's GEMM output by the classical forward error bound of
    any summation order, |y - r| <= 2·γ_K·(|A|·|B|), γ_K = K·u/(1 - K·u), u
    the dtype's unit roundoff (r, the float64 product, is inexact for f64,
    hence the factor 2). This checks that the harness calls the library
    right (layout, strides, transposes); tensorc's output is judged by the
    default contract's matmul tolerance (tensor-conform compare), whose gamma
    bound states the same thing (docs/contract.md §1.1), because that is
    tensorc's promise, not the libraries'."""
    k, u = a.shape[1], float(np.finfo(NP[dtype]).eps) / 2
    gamma = k * u / (1 - k * u)
    bound = 2 * gamma * (np.abs(a.astype(np.float64)) @ np.abs(bm.astype(np.float64)))

    def judge(b, expected, actual, t):
        r = np.load(os.path.join(expected, "output_0.npy")).astype(np.float64)
        y = np.load(os.path.join(actual, "output_0.npy")).astype(np.float64)
        ok = bool(np.all(np.abs(y - r) <= bound))
        worst = float(np.max(np.abs(y - r) / np.maximum(bound, np.finfo(np.float64).tiny)))
        b.checks.append({"what": f"{label} at {t} thread(s)", "pass": ok, "op": "summation error bound 2γ_K·|A||B|",
                         "detail": f"worst |y - r| / bound = {worst:.3g}"})
        if not ok:
            b.log(f"bench: WRONG OUTPUT {label} at {t} thread(s): worst |y - r| / bound = {worst:.3g}")
        return ok
    return judge


def checked(b, label, cmd_for, dump_path, to_npy, expected, threads_list, op=None, judge=None):
    """Runs cmd_for(t, dump_path) once per thread count and judges the output
    under the contract (or by `judge`); {t: note} for failures."""
    notes = {}
    for t in threads_list:
        cmd = cmd_for(t, dump_path)
        if cmd is None:
            continue
        try:
            b.run_once(cmd, t, plan=(1, 0.0, 0.0))
            actual = os.path.join(os.path.dirname(dump_path), f"judged-{t}t")
            to_npy(dump_path, os.path.join(actual, "output_0.npy"))
            ok = judge(b, expected, actual, t) if judge else b.judge(f"{label} at {t} thread(s)", expected, actual, op)
            if not ok:
                notes[t] = "WRONG output: not timed"
        except BenchError as e:
            notes[t] = f"failed: {e}"
    return notes


def tc_cmd(b, so, fn, inputs, out_spec):
    """tc_call command: inputs [(dtype, count, raw file)], one output (dtype, count)."""
    def build(t, dump=None):
        cmd = [b.harness["tc_call"], so, fn]
        for dtype, count, raw in inputs:
            cmd += ["--in", f"{dtype}:{count}:{raw}"]
        return cmd + ["--out", f"{out_spec[0]}:{out_spec[1]}" + (f":{dump}" if dump else "")]
    return build


def run_suite(b, suite, case, impls, threads_list, expected, dump_dir, op=None, judges=None):
    """impls: [(name, cmd_for(t, dump) or None, to_npy or None (not judged))];
    judges: {name: judge} for implementations not judged by the contract."""
    notes = {}
    for name, cmd_for, to_npy in impls:
        if to_npy is None:
            continue
        dump = os.path.join(dump_dir, name, "out.raw")
        os.makedirs(os.path.dirname(dump), exist_ok=True)
        judge = (judges or {}).get(name)
        for t, note in checked(b, f"{suite} {case} {name}", cmd_for, dump, to_npy, expected, threads_list, op, judge).items():
            notes[(name, t)] = note
    timed = [(name, (lambda f: lambda t: f(t, None))(cmd_for)) for name, cmd_for, _ in impls]
    return b.compare(suite, case, timed, threads_list, notes)


def cpu_level():
    """This CPU's widest vector level: 3 AVX-512 (F, BW, DQ, VL), 2 AVX2 with
    FMA, 1 below."""
    flags = set()
    for line in open("/proc/cpuinfo"):
        if line.startswith("flags"):
            flags = set(line.split(":", 1)[1].split())
            break
    return 3 if {"avx512f", "avx512bw", "avx512dq", "avx512vl"} <= flags else 2 if {"avx2", "fma"} <= flags else 1


# The level of each library's kernel set; a name not listed is below AVX2.
BLIS_LEVEL = {"skx": 3, "haswell": 2, "zen": 2, "zen2": 2, "zen3": 2}
OPENBLAS_LEVEL = {"SkylakeX": 3, "Cooperlake": 3, "SapphireRapids": 3, "Haswell": 2, "Zen": 2}
BLIS_BEST = {3: "skx", 2: "haswell"}
OPENBLAS_BEST = {3: "SkylakeX", 2: "Haswell"}


def gemm_libraries(b):
    """The library implementations to measure: {name: (harness, force)}.
    Each library runs once as it chooses; where the kernels it chose are
    older than this CPU's widest (Debian's OpenBLAS 0.3.21 picks Prescott on
    CPUs newer than it knows), it also runs with the matching kernels forced
    (OPENBLAS_CORETYPE, BLIS's sub-configuration), and the comparisons use
    the faster of the two (report.gemm_table)."""
    level = cpu_level()
    libs = {"blis": ("blis", lambda c: c), "openblas": ("openblas", lambda c: c)}
    for lib, table, best, forced in (
            ("blis", BLIS_LEVEL, BLIS_BEST, lambda k: lambda c: c + ["--blis-arch", k]),
            ("openblas", OPENBLAS_LEVEL, OPENBLAS_BEST, lambda k: lambda c: ["env", f"OPENBLAS_CORETYPE={k}"] + c)):
        probe = b.run_once([b.harness["gemm_" + lib], "--dtype", "f32", "--n", "8", "--threads", "1"], 1, plan=(1, 0.0, 0.0))
        chosen = probe.get("kernel", "?")
        b.log(f"bench: {lib} runs its '{chosen}' kernels on this CPU")
        if table.get(chosen, 1) < level and level in best:
            libs[f"{lib} ({best[level]})"] = (lib, forced(best[level]))
            b.log(f"bench: {lib}'s '{chosen}' kernels are older than this CPU's; also measuring '{best[level]}'")
    return libs


def gemm(b, sizes, dtypes, threads_list, gate_max, call_cap):
    libs = gemm_libraries(b)
    for dtype in dtypes:
        projected = None
        for n in sizes:
            case = f"{dtype} N={n}"
            d = b.path("gemm", f"{dtype}-{n}", "x")
            d = os.path.dirname(d)
            rng = np.random.default_rng(n)
            a = rng.uniform(-1, 1, (n, n)).astype(NP[dtype])
            bm = rng.uniform(-1, 1, (n, n)).astype(NP[dtype])
            a.tofile(os.path.join(d, "a.raw")), bm.tofile(os.path.join(d, "b.raw"))
            os.makedirs(os.path.join(d, "expected"), exist_ok=True)
            np.save(os.path.join(d, "expected", "output_0.npy"), (a.astype(np.float64) @ bm.astype(np.float64)).astype(NP[dtype]))
            to_npy = lambda raw, npy, n=n, dt=dtype: raw_to_npy(raw, NP[dt], (n, n), npy)  # noqa: E731
            impls, built = [], ""
            if projected is not None and projected * 8 > call_cap:
                impls.append(("tensorc", lambda t, dump: None, None))
                skip = f"skipped: projected {projected * 8:.2g} s per call"
            else:
                so, built = b.compile(f"mm_{dtype}_{n}", programs.gemm(n, dtype), gate=n <= gate_max)
                raw = [(dtype, n * n, os.path.join(d, "a.raw")), (dtype, n * n, os.path.join(d, "b.raw"))]
                impls.append(("tensorc", tc_cmd(b, so, "mm", raw, (dtype, n * n)), to_npy))
                skip = None
            if dtype == "f32":  # bli_dgemm on f64 copies: f64 sums, judged as the libraries are
                if skip:
                    impls.append((TC_STRICT, lambda t, dump: None, None))
                else:
                    so64, _ = b.compile(f"mm_{dtype}_{n}_strict", programs.gemm(n, dtype), gate=n <= gate_max,
                                        contract=STRICT)
                    impls.append((TC_STRICT, tc_cmd(b, so64, "mm", raw, (dtype, n * n)), to_npy))
            for name, (lib, force) in libs.items():
                def lib_cmd(t, dump, lib=lib, force=force, n=n, dtype=dtype):
                    cmd = [b.harness["gemm_" + lib], "--dtype", dtype, "--n", str(n), "--threads", str(t),
                           "--a", os.path.join(d, "a.raw"), "--b", os.path.join(d, "b.raw")]
                    return force(cmd) + (["--dump", dump] if dump else [])
                impls.append((name, lib_cmd, to_npy))
            np.save(os.path.join(d, "a.npy"), a), np.save(os.path.join(d, "b.npy"), bm)
            judges = {lib: summation_bound_judge(a, bm, dtype, f"gemm {case} {lib}") for lib in list(libs) + [TC_STRICT]}
            judges["tensorc"] = lambda b, expected, actual, t, d=d, case=case: b.judge(
                f"gemm {case} tensorc at {t} thread(s)", expected, actual, "matmul",
                (os.path.join(d, "a.npy"), os.path.join(d, "b.npy")))
            figs = run_suite(b, "gemm", case, impls, threads_list, os.path.join(d, "expected"), d, op="matmul", judges=judges)
            for t in threads_list:
                for impl in ("tensorc", TC_STRICT) if skip else ():
                    if impl == TC_STRICT and dtype != "f32":
                        continue
                    figs[(impl, t)] = fig = Figure("gemm", case, impl, t, note=skip)
                    b.figures.append(fig)
            for fig in figs.values():
                fig.extra["flop"] = 2 * n ** 3
                if fig.impl == "tensorc" and built:
                    fig.extra["built"] = built
            tc1 = figs.get(("tensorc", threads_list[0]))
            projected = tc1.stat("median") if tc1 and tc1.samples else projected and projected * 8


def chain(b, shape, threads_list):
    n = int(np.prod(shape))
    case = f"{n >> 20}M f32" if n % (1 << 20) == 0 else f"{n >> 10}K f32" if n % 1024 == 0 else f"{n} f32"
    so, _ = b.compile("chain", programs.chain(shape))
    ref = os.path.join(b.work, "chain", "ref")
    b.reference(os.path.join(b.work, "programs", "chain.mlir"), ref)
    npys = [os.path.join(ref, f"input_{i}.npy") for i in range(3)]
    raws = [to_raw(p, os.path.join(b.work, "chain", f"in{i}.raw")) for i, p in enumerate(npys)]
    to_npy = lambda raw, npy: raw_to_npy(raw, np.float32, tuple(shape), npy)  # noqa: E731
    copy_npy = lambda src, npy: (os.makedirs(os.path.dirname(npy), exist_ok=True), os.replace(src, npy))  # noqa: E731

    def loop(binary, one_thread_only):
        def cmd(t, dump):
            if one_thread_only and t != 1:
                return None
            c = [b.harness[binary], "chain", "--n", str(n), "--threads", str(t),
                 "--x", raws[0], "--w", raws[1], "--b", raws[2]]
            return c + (["--dump", dump] if dump else [])
        return cmd

    def py(impl, one_thread_only):
        def cmd(t, dump):
            if one_thread_only and t != 1:
                return None
            c = PYIMPL + ["chain", "--impl", impl, "--threads", str(t), "--input"] + npys
            return c + (["--dump", dump + ".npy"] if dump else [])
        return cmd

    py_npy = lambda raw, npy: copy_npy(raw + ".npy", npy)  # noqa: E731
    impls = [
        ("tensorc", tc_cmd(b, so, "chain", [("f32", n, r) for r in raws], ("f32", n)), to_npy),
        ("C loop", loop("chain_c", True), to_npy),
        ("C loop + OpenMP", loop("chain_omp", False), to_npy),
        ("numpy", py("numpy", True), py_npy),
        ("torch", py("torch", False), py_npy),
        ("triad", lambda t, dump: [b.harness["chain_omp"], "triad", "--n", str(n), "--threads", str(t)], None),
    ]
    figs = run_suite(b, "chain", case, impls, threads_list, ref, os.path.join(b.work, "chain"))
    for t in threads_list:
        triad = figs.get(("triad", t))
        if triad and triad.samples:
            bandwidth = triad.extra["bytes"] / triad.stat("median")
            b.info[f"triad_gbs_{t}t"] = bandwidth / 1e9
            b.info[f"chain_floor_s_{t}t"] = 4 * 4 * n / bandwidth


def rows(b, rows_, cols, threads_list):
    case = f"{rows_}x{cols} f32"
    for kernel, text in (("softmax", programs.softmax(rows_, cols)), ("layer_norm", programs.layer_norm(rows_, cols))):
        so, _ = b.compile(kernel, text)
        ref = os.path.join(b.work, kernel, "ref")
        b.reference(os.path.join(b.work, "programs", kernel + ".mlir"), ref)
        npys = sorted(os.path.join(ref, f) for f in os.listdir(ref) if f.startswith("input_"))
        shapes = [np.load(p).shape for p in npys]
        raws = [to_raw(p, os.path.join(b.work, kernel, f"in{i}.raw")) for i, p in enumerate(npys)]
        tc = tc_cmd(b, so, kernel, [("f32", int(np.prod(s)), r) for s, r in zip(shapes, raws)], ("f32", rows_ * cols))
        impls = [("tensorc", tc, lambda raw, npy: raw_to_npy(raw, np.float32, (rows_, cols), npy))]
        for impl in ("numpy", "torch"):
            def cmd(t, dump, impl=impl, kernel=kernel):
                if impl == "numpy" and t != 1:
                    return None
                c = PYIMPL + [kernel, "--impl", impl, "--threads", str(t), "--input"] + npys
                return c + (["--dump", dump + ".npy"] if dump else [])
            impls.append((impl, cmd, lambda raw, npy: (os.makedirs(os.path.dirname(npy), exist_ok=True), os.replace(raw + ".npy", npy))))
        run_suite(b, kernel, case, impls, threads_list, ref, os.path.join(b.work, kernel), op=kernel)


def models(b, configs, threads_list):
    for name, batch in configs:
        with open(os.path.join(ROOT, "examples", name + ".mlir")) as f:
            text = f.read()
        if batch != programs.example_batch(name):
            text = programs.batched(text, name, batch)
        prog_name = f"{name}_b{batch}"
        so, _ = b.compile(prog_name, text)
        program = os.path.join(b.work, "programs", prog_name + ".mlir")
        ref = os.path.join(b.work, prog_name, "ref")
        b.reference(program, ref)
        x = os.path.join(ref, "input_0.npy")
        x_shape, y_shape = np.load(x).shape, np.load(os.path.join(ref, "output_0.npy")).shape
        raw = to_raw(x, os.path.join(b.work, prog_name, "in0.raw"))
        tc = tc_cmd(b, so, name, [("f32", int(np.prod(x_shape)), raw)], ("f32", int(np.prod(y_shape))))

        def torch_cmd(t, dump, name=name, program=program, x=x):
            c = PYIMPL + [name, "--impl", "torch", "--threads", str(t), "--program", program, "--input", x]
            return c + (["--dump", dump + ".npy"] if dump else [])
        impls = [("tensorc", tc, lambda r, npy, s=y_shape: raw_to_npy(r, np.float32, s, npy)),
                 ("torch", torch_cmd, lambda r, npy: (os.makedirs(os.path.dirname(npy), exist_ok=True), os.replace(r + ".npy", npy)))]
        run_suite(b, "models", f"{name} batch {batch}", impls, threads_list, ref, os.path.join(b.work, prog_name))


def compile_time(b, sizes, reps_for):
    """reps_for(ops) repetitions of each tool per size, interleaved."""
    figs, paths = {}, {}
    for ops in sizes:
        paths[ops] = b.path("compile", f"chain{ops}.mlir")
        with open(paths[ops], "w") as f:
            f.write(programs.compile_chain(ops))
        for tool in ("tensorc compile --no-cache", "tensor-opt --tc-cpu-pipeline"):
            figs[(ops, tool)] = Figure("compile", f"{ops} ops", tool, 1)
    for r in range(max(reps_for(ops) for ops in sizes)):
        for ops in sizes:
            if r >= reps_for(ops):
                continue
            out = os.path.dirname(b.path("compile", f"out{ops}", "x"))
            cmds = {"tensorc compile --no-cache": [b.tool("tensorc"), "compile", "--no-cache", "--quiet", "--seed", "1", paths[ops], "-o", out],
                    "tensor-opt --tc-cpu-pipeline": [b.tool("tensor-opt"), "--tc-cpu-pipeline", paths[ops], "-o", b.path("compile", f"out{ops}", "lowered.mlir")]}
            for tool, cmd in cmds.items():
                fig = figs[(ops, tool)]
                if fig.note:
                    continue
                start = now()
                try:
                    b.sh(cmd)
                    fig.samples.append(now() - start)
                except BenchError as e:
                    fig.note, fig.samples = f"failed: {e}", []
    for (ops, _), fig in figs.items():
        fig.extra["ops"] = ops
    b.figures += figs.values()


def _reference_case(b, case, name, texts, flop, threads_list, check_exact):
    """tensor-ref on texts[0] minus tensor-ref on texts[1] (the same inputs
    without the op), per round and thread count: figure 'reference' / case."""
    paths = []
    for suffix, text in zip(("op", "inputs"), texts):
        paths.append(b.path("reference", f"{name}_{suffix}.mlir"))
        with open(paths[-1], "w") as f:
            f.write(text)
    if check_exact:
        fast = b.sh([b.tool("tensor-ref"), paths[0], "--seed", "1"])
        exact = b.sh([b.tool("tensor-ref"), paths[0], "--seed", "1", "--exact"])
        ok = fast == exact
        b.checks.append({"what": f"reference {case} fast mode", "pass": ok, "op": "exact mode, bit for bit",
                         "detail": "same sum" if ok else f"fast {fast.strip()} vs exact {exact.strip()}"})
    figs = {t: Figure("reference", case, "tensor-ref", t) for t in threads_list}
    for _ in range(b.rounds):
        for t in threads_list:
            times = []
            for prog in paths:
                start = now()
                b.sh([b.tool("tensor-ref"), prog, "--seed", "1", "--threads", str(t)])
                times.append(now() - start)
            if times[0] > times[1]:  # else the op took less than the two runs' noise: no sample
                figs[t].samples.append(times[0] - times[1])
    for fig in figs.values():
        fig.extra["flop"] = flop
        if not fig.samples:
            fig.note = "below the timing noise"
        b.figures.append(fig)


def reference_gemm(b, sizes, dtypes, threads_list, conv):
    """The evaluator's matmul at each size and its 3x3 convolution
    (conv = (batch, channels, size)), f32 and f64; the smallest matmul and
    the convolution are also checked against the exact mode."""
    for dtype in dtypes:
        for n in sizes:
            texts = (programs.reference_gemm(n, dtype), programs.reference_inputs(n, dtype))
            _reference_case(b, f"{dtype} matmul N={n}", f"mm_{dtype}_{n}", texts, 2 * n ** 3, threads_list,
                            n == min(sizes))
        batch, channels, size = conv
        op, inputs, flop = programs.reference_conv(batch, channels, size, dtype)
        _reference_case(b, f"{dtype} conv2d {batch}x{channels}x{size}x{size}, 3x3, {channels} filters",
                        f"conv_{dtype}", (op, inputs), flop, threads_list, True)


def _stage_seconds(stderr, stage):
    """The time tensorc's progress line of `stage` (1-7) printed, or None."""
    import re
    for line in stderr.splitlines():
        m = re.match(r"tensorc: \[(\d)/7\s+([0-9.]+)s\]", line)
        if m and int(m.group(1)) == stage:
            return float(m.group(2))
    return None


def scale(b):
    """Figures 'scale' / model / 'tensor-ref', 'tensorc compile --no-cache'
    and 'gate' (seconds, 1 = the tools' own thread choice)."""
    import subprocess
    models = os.path.join(b.work, "models")
    b.sh(["/usr/bin/python3", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-models.py"), models])
    for name in ("mlp", "cnn"):
        onnx = os.path.join(models, name + ".onnx")
        program = os.path.join(models, name + ".mlir")
        b.sh([b.tool("tensor-import-onnx"), onnx, "-o", program])
        figs = {impl: Figure("scale", name, impl, 1) for impl in ("tensor-ref", "tensorc compile --no-cache", "gate")}
        out = os.path.dirname(b.path("scale", name, "x"))
        for _ in range(b.rounds):
            start = now()
            b.sh([b.tool("tensor-ref"), program, "--seed", "1"])
            figs["tensor-ref"].samples.append(now() - start)
            start = now()
            r = subprocess.run([b.tool("tensorc"), "compile", "--no-cache", onnx, "-o", out], env=b.env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            total = now() - start
            gate_start = _stage_seconds(r.stderr, 6)
            if r.returncode != 0 or gate_start is None:
                for fig in figs.values():
                    fig.note = f"tensorc compile exited {r.returncode}"
                break
            figs["tensorc compile --no-cache"].samples.append(total)
            figs["gate"].samples.append(total - gate_start)
        b.figures += figs.values()


def _func_name(text):
    import re
    m = re.search(r"func\.func @([\w.$-]+)\(", text)
    if not m:
        raise BenchError("the imported model has no function")
    return m.group(1)


def nets(b, configs, threads_list):
    """Issue 18's models (make-models.py: mlp, cnn, transformer, mobilenet),
    exported from PyTorch at each batch of `configs` [(name, batch)]: tensorc
    under the default contract (f32 sums) and under contracts/strict (f32
    summed in f64, the default before issue 18), each
    built by the CPU pipeline (tensor-opt --tc-cpu-pipeline, tensor-translate)
    without the gate, whose full run (variant builds, five draws) takes
    minutes per model on a loaded 2-core machine; the output check below does
    its job on seed 1 (`tensorc compile` gates the same programs: docs/
    performance.md). Against PyTorch eager on the same module (pyimpl.py
    rebuilds it from the same seed). Every output is
    judged against the reference evaluator's seed-1 output by the
    function-output budget of the contract the implementation claims
    (PyTorch's by the default contract, whose f32 sums it shares; the strict
    artifact's by the strict contract)."""
    models = os.path.join(b.work, "nets")
    here = os.path.dirname(os.path.abspath(__file__))
    b.sh(["/usr/bin/python3", os.path.join(here, "make-models.py"), models]
         + [f"{name}:{batch}" for name, batch in configs])
    for name, batch in configs:
        stem = f"{name}_b{batch}"
        program = os.path.join(models, stem + ".mlir")
        b.sh([b.tool("tensor-import-onnx"), os.path.join(models, stem + ".onnx"), "-o", program])
        with open(program) as f:
            text = f.read()
        fn = _func_name(text)
        so, _ = b.compile(stem, text, gate=False)
        so64, _ = b.compile(stem + "_strict", text, gate=False, contract=STRICT)
        ref = os.path.join(b.work, stem, "ref")
        b.reference(program, ref)
        x = os.path.join(ref, "input_0.npy")
        x_shape, y_shape = np.load(x).shape, np.load(os.path.join(ref, "output_0.npy")).shape
        raw = to_raw(x, os.path.join(b.work, stem, "in0.raw"))
        ins, out = [("f32", int(np.prod(x_shape)), raw)], ("f32", int(np.prod(y_shape)))

        def torch_cmd(t, dump, name=name, batch=batch, x=x):
            c = PYIMPL + ["net", "--impl", "torch", "--threads", str(t), "--model", name, "--batch", str(batch),
                          "--input", x]
            return c + (["--dump", dump + ".npy"] if dump else [])
        to_npy = lambda r, npy, s=y_shape: raw_to_npy(r, np.float32, s, npy)  # noqa: E731
        impls = [("tensorc", tc_cmd(b, so, fn, ins, out), to_npy),
                 (TC_STRICT, tc_cmd(b, so64, fn, ins, out), to_npy),
                 ("torch", torch_cmd, lambda r, npy: (os.makedirs(os.path.dirname(npy), exist_ok=True),
                                                       os.replace(r + ".npy", npy)))]
        judges = {TC_STRICT: contract_judge(STRICT, f"nets {name} batch {batch} {TC_STRICT}")}
        run_suite(b, "nets", f"{name} batch {batch}", impls, threads_list, ref, os.path.join(b.work, stem),
                  judges=judges)


def dynamic(b, configs, threads_list):
    """Issue 22's target: a model exported with a dynamic batch, compiled once
    (tensorc-abi/2), against the same model exported at a fixed batch, both at
    that batch (make-models.py, the nets suite's modules and weights). Both
    artifacts are built by the CPU pipeline without the gate and judged against
    the reference evaluator's seed-1 output of the static program under the
    default contract; the dynamic one is called with the batch in its dims
    (tc_call --dims). A model whose dynamic program the pipeline refuses is
    reported as such, not timed."""
    models = os.path.join(b.work, "dynamic")
    here = os.path.dirname(os.path.abspath(__file__))
    specs = [f"{name}:{batch}" for name, batch in configs]
    b.sh(["/usr/bin/python3", os.path.join(here, "make-models.py"), models] + specs)
    b.sh(["/usr/bin/python3", os.path.join(here, "make-models.py"), "--dynamic", models] + specs)
    for name, batch in configs:
        texts = {}
        for variant, stem in (("static", f"{name}_b{batch}"), ("dynamic", f"{name}_b{batch}_dyn")):
            program = os.path.join(models, stem + ".mlir")
            b.sh([b.tool("tensor-import-onnx"), os.path.join(models, stem + ".onnx"), "-o", program])
            with open(program) as f:
                texts[variant] = (stem, program, f.read())
        stem, program, text = texts["static"]
        fn = _func_name(text)
        ref = os.path.join(b.work, stem + "_dynsuite", "ref")
        b.reference(program, ref)
        x = os.path.join(ref, "input_0.npy")
        x_shape, y_shape = np.load(x).shape, np.load(os.path.join(ref, "output_0.npy")).shape
        raw = to_raw(x, os.path.join(b.work, stem + "_dynsuite", "in0.raw"))
        ins, out = [("f32", int(np.prod(x_shape)), raw)], ("f32", int(np.prod(y_shape)))
        to_npy = lambda r, npy, s=y_shape: raw_to_npy(r, np.float32, s, npy)  # noqa: E731
        so, _ = b.compile(stem + "_dynsuite", text, gate=False)
        impls = [("static", tc_cmd(b, so, fn, ins, out), to_npy)]
        dims = ",".join(str(d) for d in list(x_shape) + list(y_shape))
        case, refused = f"{name} batch {batch}", None
        try:
            dyn_so, _ = b.compile(texts["dynamic"][0], texts["dynamic"][2], gate=False)
            cmd = tc_cmd(b, dyn_so, _func_name(texts["dynamic"][2]), ins, out)
            impls.append(("dynamic", lambda t, dump, cmd=cmd: cmd(t, dump) + ["--dims", dims], to_npy))
        except BenchError as e:
            refused = f"not compiled: {e}"
        run_suite(b, "dynamic", case, impls, threads_list, ref, os.path.join(b.work, stem + "_dynsuite"))
        if refused:
            b.figures += [Figure("dynamic", case, "dynamic", t, note=refused) for t in threads_list]


def contract_judge(contract, label):
    """A judge by tensor-conform compare under `contract` (function-output budget)."""
    def judge(b, expected, actual, t):
        return b.judge(f"{label} at {t} thread(s)", expected, actual, contract=contract)
    return judge
