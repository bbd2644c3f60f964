#!/usr/bin/env bash
# compile-shapes.sh IN.mlir FN OUT: runs tc-insert-guards on IN, keeps only
# @FN__tc_shapes (the tc_tensor ops of @FN stay unregistered, in generic
# form, and are dropped by symbol-dce), lowers it to LLVM and links it
# with shapes-driver.c into the executable OUT.
set -euo pipefail
in=$1 fn=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
tensor-opt --tc-insert-guards -mlir-print-op-generic "$in" -o "$out.gen.mlir"
mlir-opt --allow-unregistered-dialect "--symbol-privatize=exclude=${fn}__tc_shapes" --symbol-dce \
  --convert-scf-to-cf '--convert-func-to-llvm=use-bare-ptr-memref-call-conv=1' --finalize-memref-to-llvm \
  --convert-arith-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts "$out.gen.mlir" -o "$out.llvm.mlir"
mlir-translate --mlir-to-llvmir "$out.llvm.mlir" -o "$out.ll"
clang -O1 -w -DTC_SHAPES="${fn}__tc_shapes" "$here/shapes-driver.c" "$out.ll" -o "$out"
