"""class-table.py BIN WORK: feeds the same bad inputs to every tool that reads
a tc_tensor program and prints, per input, each tool's exit code and the
failure-class prefix of its last stderr line, one line per input:

    INPUT: tensor-opt=2 structural-rejection, tensor-ref=2 ..., ...

test/tools/class-table.test checks the table against docs/exit-codes.md."""
import os
import re
import subprocess
import sys

binary, work = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
os.makedirs(work, exist_ok=True)
# A real artifact for tensor-conform (of add.mlir's @f), so that only the program is at fault.
add = os.path.join(here, "..", "..", "Conformance", "Inputs", "add.mlir")
lowered, artifact = os.path.join(work, "add.llvm.mlir"), os.path.join(work, "add.so")
subprocess.run([os.path.join(binary, "tensor-opt"), "--tc-cpu-pipeline", add, "-o", lowered], check=True)
subprocess.run([os.path.join(binary, "tensor-translate"), "--emit=shared", lowered, "-o", artifact], check=True)

TOOLS = {
    "tensor-opt": lambda p: ["tensor-opt", p, "-o", os.path.join(work, "out.mlir")],
    "tensor-ref": lambda p: ["tensor-ref", p, "--seed", "1"],
    "tensor-conform": lambda p: ["tensor-conform", p, "--artifact", artifact, "--seed", "1", "--quiet"],
    "tensorc": lambda p: ["tensorc", "compile", "--no-cache", "--quiet", p, "-o", os.path.join(work, "out")],
}
PREFIX = re.compile(r"^[\w-]+(?: \w+)?: ([a-z-]+): ")
INPUTS = ["missing.mlir", "empty.mlir", "blank.mlir", "garbage.mlir", "no-function.mlir", "shape-mismatch.mlir",
          "dynamic.mlir", "stamp-not-string.mlir", "stamp-wrong.mlir"]
for name in INPUTS:
    cells = []
    for tool, cmd in TOOLS.items():
        argv = cmd(os.path.join(here, name))
        r = subprocess.run([os.path.join(binary, argv[0])] + argv[1:], capture_output=True, text=True)
        lines = [l for l in r.stderr.splitlines() if l.strip()]
        m = PREFIX.match(lines[-1]) if lines else None
        cells.append(f"{tool}={r.returncode} {m.group(1) if m else '-'}")
    print(f"{name}: " + ", ".join(cells))
