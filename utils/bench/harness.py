"""harness.py - what the benchmark suites share: tools, processes, samples, checks.

A Bench object holds the run's settings (tool directory, work directory,
rounds, the per-process plan) and knows how to

- build the C harnesses with the system cc (build_harnesses): tc_call
  (tensorc artifacts through dlopen and the packed wrapper), gemm_blis
  (-lblis, Debian's default alternative), gemm_openblas (-lopenblas, named
  explicitly, never through the libblas alternative), chain_c and chain_omp
  (the fused loop, -O3 -march=native, without and with OpenMP);
- compile a tc_tensor program into an artifact (compile): `tensorc compile`
  with the gate on seed 1, in a cache private to the work directory; or,
  where the gate's reference evaluation would take minutes (gate=False),
  the same CPU pipeline through `tensor-opt --tc-cpu-pipeline` and
  `tensor-translate --emit=shared`, the output then judged here instead;
- run one measurement process with the thread count set in every way the
  libraries read it (run_once), and pool samples round-robin over
  implementations so each comparison is measured side by side, interleaved
  in time (compare);
- judge an output directory against an expected one under the default
  contract with tensor-conform compare (judge).

A Figure is one implementation at one thread count on one case: its pooled
samples (seconds per call) summarised as median, interquartile range and
min-max, or the reason it has no time (wrong output, skipped).
"""
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CONTRACT = os.path.join(ROOT, "lib", "Contract", "default.contract.json")
STRICT = os.path.join(ROOT, "contracts", "strict.contract.json")
CFLAGS = ["-O3", "-march=native", "-std=c17", "-Wall", "-Wextra"]
OPENBLAS_INCLUDE = "/usr/include/x86_64-linux-gnu/openblas-pthread"


class BenchError(Exception):
    pass


class Figure:
    def __init__(self, suite, case, impl, threads, samples=None, note=""):
        self.suite, self.case, self.impl, self.threads = suite, case, impl, threads
        self.samples, self.note, self.extra = samples or [], note, {}

    @property
    def key(self):
        return f"{self.suite}/{self.case}/{self.impl}/{self.threads}t"

    def stat(self, name):
        s = sorted(self.samples)
        if not s:
            return None
        if name == "median":
            return statistics.median(s)
        if name in ("q1", "q3"):
            q = statistics.quantiles(s, n=4, method="inclusive") if len(s) > 1 else [s[0]] * 3
            return q[0] if name == "q1" else q[2]
        return s[0] if name == "min" else s[-1]

    def as_json(self):
        d = {"key": self.key, "suite": self.suite, "case": self.case, "impl": self.impl,
             "threads": self.threads, "note": self.note, "samples": self.samples}
        for name in ("median", "q1", "q3", "min", "max"):
            d[name] = self.stat(name)
        d.update(self.extra)
        return d


class Bench:
    def __init__(self, bin_dir, work, rounds, plan, quick, log=print):
        self.bin, self.work, self.rounds, self.plan, self.quick = bin_dir, work, rounds, plan, quick
        self.log = log
        self.figures, self.checks, self.info = [], [], {}
        os.makedirs(work, exist_ok=True)
        self.env = dict(os.environ, TC_CACHE_DIR=os.path.join(work, "cache"))

    def tool(self, name):
        return os.path.join(self.bin, name)

    def path(self, *parts):
        p = os.path.join(self.work, *parts)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        return p

    def sh(self, cmd, env=None, timeout=None):
        r = subprocess.run(cmd, env=env or self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=timeout)
        if r.returncode != 0:
            tail = (r.stderr.strip().splitlines() or ["(no stderr)"])[-1]
            raise BenchError(f"{os.path.basename(cmd[0])} exited {r.returncode}: {tail}")
        return r.stdout

    # -- the C harnesses -------------------------------------------------
    def build_harnesses(self):
        out = self.path("harness", "x")
        d = os.path.dirname(out)
        src = lambda f: os.path.join(HERE, f)  # noqa: E731
        builds = {
            "tc_call": [src("tc_call.c"), "-ldl"],
            "gemm_blis": ["-DBENCH_BLIS", src("gemm_blas.c"), "-lblis", "-lm"],
            "gemm_openblas": ["-DBENCH_OPENBLAS", "-I" + OPENBLAS_INCLUDE, src("gemm_blas.c"), "-lopenblas"],
            "chain_c": ["-fopenmp-simd", src("chain_loop.c"), "-lmvec", "-lm"],
            "chain_omp": ["-fopenmp", src("chain_loop.c"), "-lmvec", "-lm"],
        }
        for name, args in builds.items():
            self.sh(["cc"] + CFLAGS + ["-o", os.path.join(d, name)] + args)
        self.harness = {name: os.path.join(d, name) for name in builds}

    # -- artifacts -------------------------------------------------------
    def compile(self, name, text, gate=True, contract=None):
        """Writes `text` as NAME.mlir and returns (artifact path, how it was built);
        `contract`: a contract file to compile (and gate) under instead of the default."""
        src = self.path("programs", name + ".mlir")
        with open(src, "w") as f:
            f.write(text)
        out = self.path("artifacts", name, "x")
        out_dir = os.path.dirname(out)
        with_contract = ["--contract", contract] if contract else []
        if gate:
            self.sh([self.tool("tensorc"), "compile", "--quiet", "--seed", "1"] + with_contract + [src, "-o", out_dir])
            return os.path.join(out_dir, name + ".so"), "tensorc compile"
        lowered = os.path.join(out_dir, name + ".llvm.mlir")
        self.sh([self.tool("tensor-opt")] + [f"--contract={contract}"] * bool(contract) + ["--tc-cpu-pipeline", src, "-o", lowered])
        self.sh([self.tool("tensor-translate"), "--emit=shared", "-o", os.path.join(out_dir, name + ".so"), lowered])
        return os.path.join(out_dir, name + ".so"), "tensor-opt + tensor-translate (no gate)"

    def reference(self, program, out_dir):
        """tensor-ref on seed 1: input_<i>.npy and output_<i>.npy in out_dir."""
        os.makedirs(out_dir, exist_ok=True)
        self.sh([self.tool("tensor-ref"), program, "--seed", "1", "--output-dir", out_dir])

    # -- running ---------------------------------------------------------
    def thread_env(self, threads):
        t = str(threads)
        return dict(self.env, OMP_NUM_THREADS=t, BLIS_NUM_THREADS=t, OPENBLAS_NUM_THREADS=t,
                    MKL_NUM_THREADS=t, OMP_PROC_BIND="false")

    def run_once(self, cmd, threads, plan=None):
        """One measurement process; returns its parsed JSON line."""
        reps, min_sample, budget = plan or self.plan
        full = cmd + ["--reps", str(reps), "--min-sample", str(min_sample), "--budget", str(budget)]
        out = self.sh(full, env=self.thread_env(threads))
        lines = [ln for ln in out.splitlines() if ln.startswith("{")]
        if not lines:
            raise BenchError(f"{os.path.basename(cmd[0])} printed no measurement")
        return json.loads(lines[-1])

    def compare(self, suite, case, impls, threads_list, notes=None):
        """impls: [(name, threads -> cmd or None)], None where a thread count
        does not apply; notes: {(name, threads): why it is not timed}.
        Round-robin over implementations, samples pooled over rounds."""
        figs, notes = {}, notes or {}
        for name, builder in impls:
            for t in threads_list:
                if builder(t) is not None or (name, t) in notes:
                    figs[(name, t)] = Figure(suite, case, name, t, note=notes.get((name, t), ""))
        for _ in range(self.rounds):
            for (name, t), fig in figs.items():
                if fig.note:
                    continue
                try:
                    result = self.run_once(dict(impls)[name](t), t)
                    fig.samples += result["samples"]
                    fig.extra.update({k: v for k, v in result.items() if k not in ("samples", "impl")})
                except BenchError as e:
                    fig.note, fig.samples = f"failed: {e}", []
        self.figures += figs.values()
        return figs

    # -- correctness -----------------------------------------------------
    def judge(self, label, expected, actual, op=None, operands=None, contract=None):
        """tensor-conform compare (the gate's judge) under the default contract
        (or `contract`; with a matmul's operands, its gamma bound too); records
        and returns pass/fail."""
        cmd = [self.tool("tensor-conform"), "compare", "--contract", contract or CONTRACT]
        if op:
            cmd += ["--op", op]
        if operands:
            cmd += ["--operands"] + list(operands)
        r = subprocess.run(cmd + [expected, actual], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        ok = r.returncode == 0
        summary = (r.stdout.strip().splitlines() or [""])[0]
        self.checks.append({"what": label, "pass": ok, "op": (op or "outputs") + (f" ({os.path.basename(contract)})" if contract else ""),
                            "detail": summary})
        if not ok:
            self.log(f"bench: WRONG OUTPUT {label}: {r.stdout.strip()}")
        return ok


def to_raw(npy_path, raw_path):
    np.load(npy_path).tofile(raw_path)
    return raw_path


def raw_to_npy(raw_path, dtype, shape, npy_path):
    os.makedirs(os.path.dirname(npy_path), exist_ok=True)
    np.save(npy_path, np.fromfile(raw_path, dtype=dtype).reshape(shape))


def now():
    return time.perf_counter()


def warn(message):
    print(message, file=sys.stderr)
