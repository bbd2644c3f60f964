#!/usr/bin/python3
"""Proves that a target links nothing of the compiler.

Usage: check-independence.py CLOSURE_FILE BINARY

CLOSURE_FILE lists everything the target links, as CMake computed it
(utils/cmake/TensorcLinkClosure.cmake). Every tensorc library in it must be
one the reference side may use (the evaluator, the gate, numerical contracts,
file I/O, tool support, IR registration and parsing, the MLIR C API); any
other tensorc library (passes, conversions, kernels, targets, runtime: today
tensorc_transforms, tensorc_tool and tensorc_runtime, tomorrow whatever is
added) and any kernel library (BLIS, OpenBLAS, OpenMP) fails the check. Then
BINARY's defined symbols must hold none of the compiler's entry points
(tc-verify, pass creation, the pass registry, pipelines, the runtime's loader,
the target's emitters, tc-grad's rules), which catches code linked around
CMake's graph.

Prints one line per violation and exits 1 if there is any.
"""
import re
import subprocess
import sys

ALLOWED_TENSORC = {"tensorc_reference", "tensorc_io", "tensorc_tool_support", "tensorc_ir", "tc_mlir_capi",
                   "tensorc_contract", "tensorc_conformance", "tensor-ref", "tensor-conform"}
FORBIDDEN_EXTERNAL = re.compile(r"^(lib)?(blis|openblas|omp|gomp|iomp5)([.0-9-]|$)", re.I)
FORBIDDEN_SYMBOL = re.compile(r"^(tcv[A-Z]\w*|tcVerify\w*|tcCreate\w*Pass|tcGetPassRegistry|tcLookupPass|"
                              r"tcPipeline\w*|tcHasVerifyRule|tcArtifact\w*|tcEntryPoint\w*|tcTarget\w*|"
                              r"tcGrad\w*|grad[A-Z]\w*)$")


def main():
    closure_file, binary = sys.argv[1], sys.argv[2]
    violations = []
    for item in open(closure_file).read().split():
        name = item.rsplit("/", 1)[-1]
        is_tensorc = name.startswith(("tensorc", "tc_", "tensor-"))
        if is_tensorc and name not in ALLOWED_TENSORC:
            violations.append(f"links compiler library {name}")
        elif not is_tensorc and FORBIDDEN_EXTERNAL.search(name):
            violations.append(f"links kernel library {name}")
    symbols = subprocess.run(["nm", "--defined-only", "--format=posix", binary], capture_output=True, text=True,
                             check=True).stdout.splitlines()
    for line in symbols:
        symbol = line.split(" ", 1)[0]
        if FORBIDDEN_SYMBOL.match(symbol):
            violations.append(f"defines compiler symbol {symbol}")
    for v in violations:
        print(f"{binary}: {v}")
    print(f"{len(violations)} violations")
    sys.exit(1 if violations else 0)


if __name__ == "__main__":
    main()
