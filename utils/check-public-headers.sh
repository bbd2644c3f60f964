#!/usr/bin/env bash
# Compiles every header of an include directory on its own, as C11 and C17
# (gcc, clang) and as C++17 (g++, clang++), with warnings as errors, and
# checks that none reaches a third-party header besides MLIR's C API and the
# C library (no jansson, no xxHash, no protobuf-c).
#
#   check-public-headers.sh INCLUDE-DIR [MLIR-INCLUDE-DIR]
#
# Prints `ok HEADER COMPILER STD` or `FAIL ...` per combination and a final
# `N ok, N failed`; exits 1 on any failure.
set -uo pipefail
inc=${1:?usage: check-public-headers.sh INCLUDE-DIR [MLIR-INCLUDE-DIR]}
mlir_inc=${2:-/usr/lib/llvm-22/include}
llvm=/usr/lib/llvm-22/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
compilers=("gcc -std=c11 -x c" "gcc -std=c17 -x c" "$llvm/clang -std=c11 -x c" "$llvm/clang -std=c17 -x c"
  "g++ -std=c++17 -x c++" "$llvm/clang++ -std=c++17 -x c++")
ok=0 failed=0
for h in "$inc"/tensorc/*.h; do
  name=$(basename "$h")
  printf '#include "tensorc/%s"\nint tc_header_check;\n' "$name" >"$work/tu"
  for c in "${compilers[@]}"; do
    read -r cc std lang langname <<<"$c"
    label="$name $(basename "$cc") ${std#-std=}"
    if ! $cc $std $lang$langname -Wall -Wextra -Werror -pedantic -I"$inc" -isystem "$mlir_inc" -fsyntax-only \
        "$work/tu" 2>"$work/err"; then
      echo "FAIL $label: $(head -n 3 "$work/err" | tr '\n' ' ')"
      failed=$((failed + 1))
      continue
    fi
    deps=$($cc $std $lang$langname -I"$inc" -isystem "$mlir_inc" -M "$work/tu" 2>/dev/null | tr ' \\' '\n\n' |
      grep -E '\.h$' | grep -vE "^($inc|$mlir_inc)/" | grep -vE '^/usr/(include|lib/gcc|lib/llvm-22/lib/clang)/' )
    third=$(grep -E 'jansson|xxhash|protobuf' <<<"$(
      $cc $std $lang$langname -I"$inc" -isystem "$mlir_inc" -M "$work/tu" 2>/dev/null)")
    if [[ -n "$third" || -n "$deps" ]]; then
      echo "FAIL $label: reaches a third-party header: $(echo $third $deps | head -c 200)"
      failed=$((failed + 1))
      continue
    fi
    echo "ok $label"
    ok=$((ok + 1))
  done
done
echo "$ok ok, $failed failed"
((failed == 0))
