#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs the lit tree
# and the cmocka unit tests (ctest), smoke-runs the fuzz targets, checks that
# /dev/null survived them all, and ends with one line `N passed, N failed`
# summing everything.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TC_BUILD_DIR:-$root/build}
"$root/utils/install-deps.sh" || exit 1
TC_BUILD_DIR=$build "$root/utils/build.sh" || { echo "0 passed, 1 failed"; exit 1; }

lit_log=$(mktemp)
ctest_log=$(mktemp)
trap 'rm -f "$lit_log" "$ctest_log"' EXIT

/usr/lib/llvm-22/bin/lit -sv -j "${TC_JOBS:-2}" "$build/test" 2>&1 | tee "$lit_log"
lit_rc=${PIPESTATUS[0]}
ctest --test-dir "$build" --output-on-failure 2>&1 | tee "$ctest_log"
ctest_rc=${PIPESTATUS[0]}

# The fuzz targets' smoke run (utils/fuzz.sh --smoke: a clang build with
# libFuzzer and ASan/UBSan, each target a few seconds on its seed corpus);
# each target counts as a test. TC_FUZZ_SMOKE=0 skips it (a sanitizer run of
# the suite, which is not about the fuzzers, sets that).
fuzz_pass=0 fuzz_fail=0
if [[ ${TC_FUZZ_SMOKE:-1} != 0 ]]; then
  fuzz_log=$(mktemp)
  TC_BUILD_DIR=$build TC_FUZZ_BUILD_DIR=${TC_FUZZ_BUILD_DIR:-$build-fuzz} "$root/utils/fuzz.sh" --smoke "${TC_FUZZ_SECONDS:-10}" 2>&1 |
    tee "$fuzz_log"
  fuzz_pass=$(grep -c '^PASS: fuzz-' "$fuzz_log")
  fuzz_fail=$(grep -c '^FAIL: fuzz-' "$fuzz_log")
  grep -qE '^[0-9]+ passed, [0-9]+ failed$' "$fuzz_log" || fuzz_fail=$((fuzz_fail + 1)) # it did not finish
  rm -f "$fuzz_log"
fi

# lit prints e.g. "  Passed: 12 (100.00%)"; expected failures count as
# passed, unsupported tests (not run) as neither, the rest as failed.
count() {
  local v
  v=$(grep -E "^ +$1 *: *[0-9]+" "$lit_log" | sed -E 's/.*: *([0-9]+).*/\1/' | head -n 1)
  echo "${v:-0}"
}
lit_pass=$(( $(count Passed) + $(count 'Expectedly Failed') ))
lit_fail=$(( $(count Failed) + $(count Unresolved) + $(count 'Timed Out') + $(count 'Unexpectedly Passed') ))
# ctest prints "100% tests passed, 0 tests failed out of 3".
ctest_total=$(sed -nE 's/.* tests failed out of ([0-9]+).*/\1/p' "$ctest_log" | tail -n 1)
ctest_fail=$(sed -nE 's/.*, ([0-9]+) tests failed out of.*/\1/p' "$ctest_log" | tail -n 1)
ctest_total=${ctest_total:-0}
ctest_fail=${ctest_fail:-0}
if [[ $ctest_rc -ne 0 && $ctest_fail -eq 0 ]]; then ctest_fail=1; fi
if [[ $lit_rc -ne 0 && $lit_fail -eq 0 ]]; then lit_fail=1; fi

# No test may replace a device it writes through (lib/IO/OutputFile.c); as
# root a rename over /dev/null would leave a regular file there.
if [[ -c /dev/null ]]; then
  echo "PASS: /dev/null is still a character device after the suite"
  dev_pass=1 dev_fail=0
else
  echo "FAIL: /dev/null is no longer a character device after the suite (a tool replaced it)"
  dev_pass=0 dev_fail=1
fi

passed=$(( lit_pass + ctest_total - ctest_fail + dev_pass + fuzz_pass ))
failed=$(( lit_fail + ctest_fail + dev_fail + fuzz_fail ))
if (( passed + failed == 0 )); then failed=1; fi
echo "$passed passed, $failed failed"
(( failed == 0 ))
