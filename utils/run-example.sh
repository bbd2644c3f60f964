#!/usr/bin/env bash
# The README's main command: installs what is missing, builds, and runs the
# main job on the bundled examples: parse and verify each example with
# tensor-opt (tc-verify: the rules of docs/dialects.md), check that printing
# and re-reading it is stable and that upstream mlir-opt reads it with the
# dialects loaded from dialects/*.irdl.mlir; compile it with the driver,
# `tensorc compile` (docs/tensorc.md: stamp, CPU pipeline, shared library and
# C header, the conformance gate, the artifact cache), twice, the second time
# a cache hit; then run the library with tensor-run on the reference
# evaluator's seeded inputs, timed, and judge its outputs under the default
# contract. Last, the bundled ONNX model goes through the same driver, and
# its shipped test (examples/onnx: a data set and a grad set from PyTorch's
# float64 autograd) through utils/onnx-backend-test --grad.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TC_BUILD_DIR:-$root/build}
"$root/utils/install-deps.sh"
TC_BUILD_DIR=$build "$root/utils/build.sh"

opt="$build/bin/tensor-opt"
contract="$root/lib/Contract/default.contract.json"
mlir_opt=/usr/lib/llvm-22/bin/mlir-opt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

status=0
for example in "$root"/examples/*.mlir; do
  name=${example#"$root"/}
  if ! "$opt" "$example" -o "$work/once.mlir"; then
    echo "$name: FAILED: tensor-opt rejected it" >&2
    status=1
    continue
  fi
  "$opt" "$work/once.mlir" -o "$work/twice.mlir"
  if ! cmp -s "$work/once.mlir" "$work/twice.mlir"; then
    echo "$name: FAILED: printing is not stable across a round trip" >&2
    status=1
    continue
  fi
  if ! "$mlir_opt" --irdl-file="$root/dialects/tc_tensor.irdl.mlir" "$example" -o "$work/upstream.mlir"; then
    echo "$name: FAILED: upstream mlir-opt does not read it" >&2
    status=1
    continue
  fi
  ops=$(grep -c '"tc_tensor\.' "$work/once.mlir" || true)
  echo "$name: verified ($ops tc_tensor ops), round trip stable, read by upstream mlir-opt"
  base=$(basename "$example" .mlir)
  # The driver: stamp, compile, gate (tensor-conform against the reference
  # evaluator), cache, write. A second call is a cache hit.
  if ! TC_CACHE_DIR="$work/cache" "$build/bin/tensorc" compile "$example" -o "$work/$base" 2>&1 | sed 's/^/  /'; then
    echo "$name: FAILED: tensorc compile did not produce a gated artifact" >&2
    status=1
    continue
  fi
  TC_CACHE_DIR="$work/cache" "$build/bin/tensorc" compile "$example" -o "$work/$base.again" 2>&1 | grep -E 'cache (hit|miss)' | sed 's/^/  /'
  entry=$(grep -oE '^void [A-Za-z_0-9]+\(' "$work/$base/$base.h" | grep -v __tc_packed | tr -d '(' | tr '\n' ' ')
  echo "$name: compiled to $base.so, $base.h ($(grep -c '"step"' "$work/$base/$base.manifest.json" || true) pipeline steps in its manifest; entry point: ${entry% })"
  if ! "$build/bin/tensor-ref" "$example" --seed 1 --output-dir "$work/$base.ref" | sed 's/^/  reference (seed 1) /'; then
    echo "$name: FAILED: the reference evaluator could not run it" >&2
    status=1
    continue
  fi
  inputs=$(ls "$work/$base.ref"/input_*.npy 2>/dev/null | sort -V)
  # shellcheck disable=SC2086
  if ! "$build/bin/tensor-run" "$work/$base/$base.so" ${inputs:+--input $inputs} --output-dir "$work/$base.run" --repeat 100 |
       sed 's/^/  compiled  (seed 1) /'; then
    echo "$name: FAILED: the compiled artifact did not run" >&2
    status=1
    continue
  fi
  if ! "$build/bin/tensor-conform" compare --contract "$contract" "$work/$base.ref" "$work/$base.run" |
       sed 's/^/  /'; then
    echo "$name: FAILED: the compiled artifact disagrees with the reference" >&2
    status=1
  fi
done

# The bundled ONNX model (examples/make-mlp-onnx.py made it): tensorc imports
# it (lib/Import), and the gate judges the artifact against the reference
# evaluator's reading of the imported program.
for model in "$root"/examples/*.onnx; do
  name=${model#"$root"/}
  base=$(basename "$model" .onnx)
  if ! TC_CACHE_DIR="$work/cache" "$build/bin/tensorc" compile "$model" -o "$work/$base.onnx.out" 2>&1 | sed 's/^/  /'; then
    echo "$name: FAILED: tensorc compile did not produce a gated artifact" >&2
    status=1
    continue
  fi
  TC_CACHE_DIR="$work/cache" "$build/bin/tensorc" compile "$model" -o "$work/$base.onnx.again" 2>&1 | grep -E 'cache (hit|miss)' | sed 's/^/  /'
  echo "$name: imported, compiled and gated to $base.so"
  "$build/bin/tensor-import-onnx" "$model" -o "$work/$base.onnx.mlir"
  "$build/bin/tensor-ref" "$work/$base.onnx.mlir" --seed 1 --output-dir "$work/$base.onnx.ref" |
    sed 's/^/  reference (seed 1) /'
  inputs=$(ls "$work/$base.onnx.ref"/input_*.npy 2>/dev/null | sort -V)
  # shellcheck disable=SC2086
  if ! "$build/bin/tensor-run" "$work/$base.onnx.out/$base.so" ${inputs:+--input $inputs} \
       --output-dir "$work/$base.onnx.run" --repeat 100 | sed 's/^/  compiled  (seed 1) /' ||
     ! "$build/bin/tensor-conform" compare --contract "$contract" "$work/$base.onnx.ref" \
       "$work/$base.onnx.run" | sed 's/^/  /'; then
    echo "$name: FAILED: the compiled artifact did not run or disagrees with the reference" >&2
    status=1
  fi
done

# The ONNX example's own backend test, gradients included (docs/autodiff.md
# §9). onnx-backend-test exits 0 when tests fail (without --floor), so its
# last line decides.
backend=$("$root/utils/onnx-backend-test" --grad "$root/examples/onnx" --bin "$build/bin" -v 2>&1) || true
echo "$backend" | sed 's/^/  /'
if ! echo "$backend" | tail -n 1 | grep -Eq '^[1-9][0-9]* passed, 0 failed$'; then
  echo "examples/onnx: FAILED: the compiled forward or VJP disagrees with PyTorch's float64 values" >&2
  status=1
fi
exit $status
