#!/usr/bin/env bash
# utils/fuzz.sh - tensorc's fuzz targets (test/fuzz, libFuzzer; docs/reliability.md)
#
#   utils/fuzz.sh TARGET SECONDS [libFuzzer options...]   run one target
#   utils/fuzz.sh --smoke [SECONDS]                        every target briefly (CI; default 10 s each)
#   utils/fuzz.sh --list                                   the targets
#
# Builds tensorc with clang-22, -fsanitize=fuzzer-no-link,address,undefined
# into build-fuzz/ (TC_FUZZ_BUILD_DIR; the tools that make seeds come from
# the normal build/), seeds each target's corpus from the
# test tree (build-fuzz/corpus/TARGET, kept between runs so long runs
# accumulate), gives it its dictionary (test/fuzz/dicts), and runs it for
# SECONDS. Findings (crash-*, leak-*, timeout-*) go to build-fuzz/findings/
# TARGET; any finding, or a sanitizer report, is a failure (exit 1). The
# last line of --smoke is `N passed, N failed`.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TC_FUZZ_BUILD_DIR:-$root/build-fuzz}
tools_build=${TC_BUILD_DIR:-$root/build} # the normal build, whose tools make the seeds
targets=(fuzz-mlir fuzz-mlir-bytecode fuzz-onnx fuzz-npy fuzz-contract fuzz-abi fuzz-cache-record)
llvm=/usr/lib/llvm-22/bin

usage() { echo "usage: utils/fuzz.sh TARGET SECONDS [libFuzzer options] | --smoke [SECONDS] | --list" >&2; exit 1; }

# configure TARGETS...: the fuzz build of those targets, and the normal build
# (whose tools make the seeds: the reference evaluator's binary128 code does
# not build with clang, and no fuzz target needs it).
configure() {
  "$root/utils/install-deps.sh" || exit 1
  mkdir -p "$build"
  TC_BUILD_DIR=$tools_build "$root/utils/build.sh" >"$build/tools.log" 2>&1 || { tail -n 30 "$build/tools.log" >&2; exit 1; }
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=$llvm/clang -DCMAKE_CXX_COMPILER=$llvm/clang++ \
    -DTC_FUZZ=ON -DTC_SANITIZE=address,undefined >"$build/configure.log" 2>&1 ||
    { cat "$build/configure.log" >&2; exit 1; }
  ninja -C "$build" -j "${TC_JOBS:-2}" "$@" >"$build/build.log" 2>&1 || { tail -n 30 "$build/build.log" >&2; exit 1; }
}

# descriptor_of SO: the __tc_abi descriptor of the shared artifact SO.
descriptor_of() {
  ASAN_OPTIONS=detect_leaks=0 /usr/bin/python3 -c "import ctypes, sys; l = ctypes.CDLL(sys.argv[1]); sys.stdout.buffer.write(ctypes.string_at(ctypes.addressof(ctypes.c_char.in_dll(l, '__tc_abi'))))" "$1"
}

# seed TARGET DIR: the target's starting corpus, from files the tests use.
seed() {
  local t=$1 dir=$2 tools=$tools_build/bin
  mkdir -p "$dir"
  [ -n "$(ls -A "$dir")" ] && return 0
  case $t in
  fuzz-mlir)
    find "$root/test" "$root/examples" -name '*.mlir' -size -64k -exec cp -t "$dir" --backup=numbered {} + ;;
  fuzz-mlir-bytecode)
    local n=0
    for f in $(find "$root/test/dialects" "$root/test/e2e" "$root/examples" -name '*.mlir' -size -32k); do
      $llvm/mlir-opt --allow-unregistered-dialect --emit-bytecode "$f" -o "$dir/$((n++)).mlirbc" 2>/dev/null ||
        rm -f "$dir/$((n - 1)).mlirbc"
    done ;;
  fuzz-onnx)
    cp "$root"/examples/*.onnx "$dir"/
    local n=0
    for f in $(ls /usr/share/libonnx-testdata/data/node/*/model.onnx | awk 'NR % 4 == 0'); do cp "$f" "$dir/$((n++)).onnx"; done ;;
  fuzz-npy)
    /usr/bin/python3 - "$dir" <<'PY'
import sys, numpy as np
d = sys.argv[1]
for i, a in enumerate([np.zeros((2, 3), np.float32), np.arange(5, dtype=np.int64), np.array(3.5), np.ones((0, 4), np.float16),
                       np.array([True, False]), np.arange(6, dtype=np.uint8).reshape(1, 2, 3), np.eye(3)]):
    np.save(f"{d}/{i}.npy", a)
PY
    ;;
  fuzz-contract)
    cp "$root/lib/Contract/default.contract.json" "$root"/contracts/*.json "$dir"/
    find "$root/test" -name '*contract*.json' -exec cp -t "$dir" --backup=numbered {} + ;;
  fuzz-abi)
    local n=0
    for f in "$root"/examples/*.mlir "$root"/test/Host/Inputs/kernels.mlir; do
      "$tools/tensor-opt" --tc-cpu-pipeline "$f" -o "$dir/tmp.mlir" && "$tools/tensor-translate" --emit=shared "$dir/tmp.mlir" -o "$dir/tmp.so" &&
        descriptor_of "$dir/tmp.so" >"$dir/$((n++)).json"
    done
    # a dynamic entry point's descriptor (tensorc-abi/2), from the llvm dialect as written
    "$tools/tensor-translate" --emit=shared "$root/test/tools/tensor-run/Inputs/dynamic-add.mlir" -o "$dir/tmp.so" &&
      descriptor_of "$dir/tmp.so" >"$dir/$((n++)).json"
    rm -f "$dir/tmp.mlir" "$dir/tmp.so" ;;
  fuzz-cache-record)
    local cache=$dir.cache
    printf 'artifact bytes' >"$dir/a.so"
    echo '{"semantic_hash": "xxh3-128:0001"}' >"$dir/m.json"
    TC_CACHE_DIR=$cache "$tools/tensorc" cache put "$dir/m.json" "$dir/a.so" >/dev/null &&
      cp "$cache"/entries/*/entry.json "$dir/0.json"
    rm -rf "$cache" "$dir/a.so" "$dir/m.json" ;;
  esac
}

# run TARGET SECONDS [options]: one fuzzing run; 0 if it found nothing.
run() {
  local t=$1 seconds=$2
  shift 2
  local corpus=$build/corpus/$t findings=$build/findings/$t dict=$root/test/fuzz/dicts/${t#fuzz-}.dict
  [ "$t" = fuzz-mlir-bytecode ] && dict=$root/test/fuzz/dicts/mlir.dict
  # The bytecode target's child processes (lib/IR/ParseBytecode.c) limit
  # their own memory; libFuzzer's malloc hook, inherited by them, must not
  # write an oom finding for an allocation the child is allowed.
  local malloc_limit=4096
  [ "$t" = fuzz-mlir-bytecode ] && malloc_limit=8192
  seed "$t" "$corpus"
  mkdir -p "$findings"
  local log=$build/logs/$t.log
  mkdir -p "$(dirname "$log")"
  ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    "$build/bin/$t" "$corpus" -dict="$dict" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=4096 -malloc_limit_mb=$malloc_limit \
    -max_len=65536 -artifact_prefix="$findings/" -print_final_stats=1 "$@" >"$log" 2>&1
  local rc=$?
  local execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log" | tail -n 1)
  local cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1)
  if [ $rc -eq 0 ] && [ -z "$(ls -A "$findings")" ]; then
    echo "PASS: $t: ${execs:-0} executions in ${seconds} s, ${cov:-cov: ?}, 0 findings"
    return 0
  fi
  echo "FAIL: $t: exit $rc, findings in $findings (log $log):"
  grep -E 'ERROR|SUMMARY|==[0-9]+==' "$log" | head -n 8
  return 1
}

case ${1:-} in
--list) printf '%s\n' "${targets[@]}" ;;
--smoke)
  seconds=${2:-10}
  configure "${targets[@]}"
  passed=0 failed=0
  for t in "${targets[@]}"; do
    if run "$t" "$seconds"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
  done
  echo "$passed passed, $failed failed"
  [ $failed -eq 0 ] ;;
fuzz-*)
  [ $# -ge 2 ] || usage
  [[ " ${targets[*]} " == *" $1 "* ]] || { echo "utils/fuzz.sh: no target '$1' (--list)" >&2; exit 1; }
  t=$1 seconds=$2
  shift 2
  configure "$t"
  run "$t" "$seconds" "$@" ;;
*) usage ;;
esac
