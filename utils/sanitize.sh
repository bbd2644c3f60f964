#!/usr/bin/env bash
# utils/sanitize.sh [address,undefined | thread] [--threads]: builds tensorc
# with the sanitizers into build-sanitize-<kind>/ (CMake's TC_SANITIZE) and
# runs the whole test suite (lit and cmocka) with it, leaks included. With
# --threads it builds only what the tests of concurrent runs need and runs
# only them (two contexts on two threads; a func.func pass on several
# functions at once): `utils/sanitize.sh thread --threads` is the
# ThreadSanitizer check of docs/reliability.md, a few minutes from scratch. Any sanitizer
# report makes its tool exit non-zero, so the test fails. Suppressions, only
# for third-party code and each with its reason, are in
# utils/sanitize.supp. docs/reliability.md says how long it takes.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kind=${1:-address,undefined}
only=${2:-}
build=${TC_BUILD_DIR:-$root/build-sanitize-${kind//,/-}}
"$root/utils/install-deps.sh" || exit 1
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTC_SANITIZE="$kind" >/dev/null || exit 1
# The gate runs artifacts that crash on purpose (test/Conformance) in forked
# children and must see them die by their signal, so ASan leaves SEGV, BUS,
# FPE and abort to the default handlers; a tool that crashes still fails
# its test by dying.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=71:halt_on_error=1:handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_abort=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=71"
export LSAN_OPTIONS="suppressions=$root/utils/sanitize.supp:print_suppressions=0:exitcode=71"
export TSAN_OPTIONS="suppressions=$root/utils/sanitize.supp:halt_on_error=1:exitcode=71"
if [[ $only == --threads ]]; then
  ninja -C "$build" -j "${TC_JOBS:-2}" tc-capi-two-contexts tensor-opt >/dev/null || exit 1
  exec /usr/lib/llvm-22/bin/lit -sv "$build/test/CAPI/two-contexts.test" "$build/test/Conversion/SelectKernels/threads.test"
fi
TC_FUZZ_SMOKE=0 TC_BUILD_DIR=$build exec "$root/utils/run-tests.sh"
