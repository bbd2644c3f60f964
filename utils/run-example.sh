#!/usr/bin/env bash
# The README's main command: installs what is missing, builds, and runs the
# main job on the bundled examples. For now that job is: parse and verify each
# example with tensor-opt (tc-verify: the rules of docs/dialects.md), check
# that printing and re-reading it is stable, and check that upstream mlir-opt
# reads it with the dialects loaded from dialects/*.irdl.mlir, then evaluate it
# with the reference evaluator on seeded inputs and print its outputs. Later
# stages (compiling and running) extend this script.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TC_BUILD_DIR:-$root/build}
"$root/utils/install-deps.sh"
TC_BUILD_DIR=$build "$root/utils/build.sh"

opt="$build/bin/tensor-opt"
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
  if ! "$build/bin/tensor-ref" "$example" --seed 1 | sed 's/^/  reference (seed 1) /'; then
    echo "$name: FAILED: the reference evaluator could not run it" >&2
    status=1
  fi
done
exit $status
