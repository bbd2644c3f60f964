#!/usr/bin/env bash
# The README's main command: installs what is missing, builds, and runs the
# main job on the bundled examples: parse and verify each example with
# tensor-opt (tc-verify: the rules of docs/dialects.md), check that printing
# and re-reading it is stable and that upstream mlir-opt reads it with the
# dialects loaded from dialects/*.irdl.mlir; evaluate it with the reference
# evaluator on seeded inputs; compile it with the CPU pipeline into an
# object, a shared library and a C header (docs/abi.md); run the library
# with tensor-run on the same inputs and judge its outputs against the
# reference under the default contract.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TC_BUILD_DIR:-$root/build}
"$root/utils/install-deps.sh"
TC_BUILD_DIR=$build "$root/utils/build.sh"

opt="$build/bin/tensor-opt"
translate="$build/bin/tensor-translate"
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
  if ! "$build/bin/tensor-ref" "$example" --seed 1 --output-dir "$work/$base.ref" | sed 's/^/  reference (seed 1) /'; then
    echo "$name: FAILED: the reference evaluator could not run it" >&2
    status=1
    continue
  fi
  # Compile: the CPU pipeline, then an object, a shared library and a header.
  if ! "$opt" --tc-cpu-pipeline "$example" -o "$work/$base.llvm.mlir" ||
     ! "$translate" --emit=obj -o "$work/$base.o" "$work/$base.llvm.mlir" ||
     ! "$translate" --emit=shared -o "$work/$base.so" "$work/$base.llvm.mlir" ||
     ! "$translate" --emit=header -o "$work/$base.h" "$work/$base.llvm.mlir"; then
    echo "$name: FAILED: it did not compile" >&2
    status=1
    continue
  fi
  entry=$(grep -oE '^void [A-Za-z_0-9]+\(' "$work/$base.h" | grep -v __tc_packed | tr -d '(' | tr '\n' ' ')
  echo "$name: compiled to an object, a shared library and a header ($(grep -c '"step"' "$work/$base.so.manifest.json" || true) pipeline steps in its manifest; entry point: ${entry% })"
  inputs=$(ls "$work/$base.ref"/input_*.npy 2>/dev/null | sort -V)
  # shellcheck disable=SC2086
  if ! "$build/bin/tensor-run" "$work/$base.so" ${inputs:+--input $inputs} --output-dir "$work/$base.run" --repeat 100 |
       sed 's/^/  compiled  (seed 1) /'; then
    echo "$name: FAILED: the compiled artifact did not run" >&2
    status=1
    continue
  fi
  if ! /usr/bin/python3 "$root/utils/compare-outputs.py" --contract "$contract" "$work/$base.ref" "$work/$base.run" |
       sed 's/^/  /'; then
    echo "$name: FAILED: the compiled artifact disagrees with the reference" >&2
    status=1
  fi
done
exit $status
