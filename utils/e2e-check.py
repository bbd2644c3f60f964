#!/usr/bin/python3
"""End-to-end check of a tc_tensor program: compiled artifact vs tensor-ref.

    e2e-check.py --bin DIR --work DIR [--contract FILE] [--seed N ...]
                 [--size N ...] [--opt-arg=ARG ...] PROGRAM.mlir

For every public function of PROGRAM (each `// -----` part on its own, as
tensor-opt -split-input-file reads it):

 1. tensor-opt --tc-cpu-pipeline (plus each --opt-arg, e.g.
    --opt-arg=--tc-test-fault=drop-bias), then tensor-translate --emit=shared;
 2. tensor-ref draws inputs with each seed (declared tc.distribution) and
    writes them with its outputs;
 3. tensor-run runs the artifact on the same input files;
 4. tensor-conform compare (the gate's judge, docs/conformance.md §7)
    judges every output under the contract: the op's own tolerance when the
    function computes one op kind (constants aside), else the contract's
    `outputs` budget.

A function with a `?` in its types (docs/dynamic-shapes.md) runs once per
--size N and seed: every `?` becomes N, tensor-ref draws the inputs from
that static copy of the function, and the dynamic program's reference
(tensor-ref --input) and its one artifact (tensor-run) run on them.

The contract defaults to the compiler's default contract
(lib/Contract/default.contract.json); tolerances are never written here.
Prints one line per function and seed; exits 0 if all agree, else the
first failing tool's exit code (5 for a disagreement).
"""
import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FUNC = re.compile(r"func\.func\s+(?!private)@([\w$.]+)")
OP = re.compile(r'"tc_tensor\.(\w+)"')
# tensor-ref prints `output #0: tensor<2x3xbf16> = ...`; bf16 travels in
# float32 .npy files, so the comparison must be told the real dtype.
BF16_OUTPUT = re.compile(r"^output #(\d+): tensor<(?:[0-9]+x)*bf16>", re.M)
# A dynamic dimension in a type: `?` before an `x` (tensor<?x3xf32>).
DYNAMIC_DIM = re.compile(r"(?<=[<x])\?(?=x)")


def run(cmd, what):
    proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(f"e2e-check: {what} failed (exit {proc.returncode}): {' '.join(map(str, cmd))}\n")
        sys.stderr.write(proc.stdout + proc.stderr)
    return proc


def npy_files(directory, stem):
    """The files `stem`_<i>.npy of `directory`, by i."""
    return sorted(directory.glob(f"{stem}_*.npy"), key=lambda p: int(p.stem.split("_")[1]))


def functions(text):
    """(name, op kind or None) for every public function of `text`."""
    text = re.sub(r"^\s*//.*$", "", text, flags=re.M)  # a CHECK line may spell a function
    starts = [(m.start(), m.group(1)) for m in FUNC.finditer(text)]
    result = []
    for i, (start, name) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        kinds = set(OP.findall(text[start:end])) - {"constant"}
        result.append((name, kinds.pop() if len(kinds) == 1 else None))
    return result


def check_part(args, part, index):
    work = args.work / f"part{index}"
    work.mkdir(parents=True, exist_ok=True)
    source = work / "program.mlir"
    source.write_text(part)
    lowered, lib = work / "lowered.mlir", work / "program.so"
    proc = run([args.bin / "tensor-opt", "--tc-cpu-pipeline", *args.opt_arg, source, "-o", lowered], "tensor-opt")
    if proc.returncode:
        return proc.returncode
    proc = run([args.bin / "tensor-translate", "--emit=shared", "-o", lib, lowered], "tensor-translate")
    if proc.returncode:
        return proc.returncode
    dynamic = bool(DYNAMIC_DIM.search(part))
    for name, kind in functions(part):
        for seed, size in [(seed, size) for seed in args.seed for size in (args.size if dynamic else [None])]:
            tag = f"{name}.{seed}" + (f".n{size}" if size else "")
            ref, out = work / f"{tag}.ref", work / f"{tag}.run"
            if size:
                drawn = work / f"{tag}.draw"
                static = work / f"static.n{size}.mlir"
                static.write_text(DYNAMIC_DIM.sub(size, part))
                proc = run([args.bin / "tensor-ref", static, "--fn", name, "--seed", seed, "--output-dir", drawn],
                           "tensor-ref (drawing inputs)")
                if proc.returncode:  # the static copy draws; the dynamic program judges
                    return proc.returncode
                drawn_inputs = npy_files(drawn, "input")
                cmd = [args.bin / "tensor-ref", source, "--fn", name, "--output-dir", ref]
                proc_ref = run(cmd + (["--input"] + drawn_inputs if drawn_inputs else []), "tensor-ref")
            else:
                proc_ref = run([args.bin / "tensor-ref", source, "--fn", name, "--seed", seed, "--output-dir", ref],
                               "tensor-ref")
            if proc_ref.returncode:
                return proc_ref.returncode
            inputs = npy_files(ref, "input")
            cmd = [args.bin / "tensor-run", lib, "--fn", name, "--output-dir", out]
            if inputs:
                cmd += ["--input"] + inputs
            proc = run(cmd, "tensor-run")
            if proc.returncode:
                return proc.returncode
            cmd = [args.bin / "tensor-conform", "compare", "--contract", args.contract]
            if kind:
                cmd += ["--op", kind]
            for index in BF16_OUTPUT.findall(proc_ref.stdout):
                cmd += ["--dtype", f"{index}=bf16"]
            proc = run(cmd + [ref, out], f"comparing {name} (seed {seed})")
            if proc.returncode:
                return proc.returncode
            print(f"{name} seed {seed}{f' size {size}' if size else ''}: agrees ({'op ' + kind if kind else 'outputs'} budget)")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", type=pathlib.Path, required=True, help="directory of the tensorc tools")
    parser.add_argument("--work", type=pathlib.Path, required=True, help="scratch directory")
    parser.add_argument("--contract", type=pathlib.Path, default=ROOT / "lib" / "Contract" / "default.contract.json")
    parser.add_argument("--seed", action="append", help="input seed (repeatable; default 1 and 2)")
    parser.add_argument("--size", action="append", help="the size of every ? (repeatable; default 1, 13 and 64)")
    parser.add_argument("--opt-arg", action="append", default=[], help="one more tensor-opt argument (repeatable)")
    parser.add_argument("program", type=pathlib.Path)
    args = parser.parse_args()
    args.seed = args.seed or ["1", "2"]
    args.size = args.size or ["1", "13", "64"]
    parts = re.split(r"^// -----.*$", args.program.read_text(), flags=re.M)
    for i, part in enumerate(parts):
        rc = check_part(args, part, i)
        if rc:
            return rc
    return 0


if __name__ == "__main__":
    sys.exit(main())
