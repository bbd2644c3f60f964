# lit configuration for tensorc. Tests run tensorc's tools from the build tree
# and LLVM 22's FileCheck, not and mlir-opt; nothing else is on PATH first.
import os

import lit.formats

config.name = "tensorc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tc_obj_root, "test")

path = os.pathsep.join([config.tc_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
config.environment["PATH"] = path

config.substitutions.append(("%tc_dialects", os.path.join(config.tc_src_root, "dialects")))
config.substitutions.append(("%tc_src_root", config.tc_src_root))
config.substitutions.append(("%tc_obj_root", config.tc_obj_root))
config.substitutions.append(("%tc_tools_dir", config.tc_tools_dir))
# Test scripts run with Debian's interpreter, which later oracles (numpy, torch) need.
config.substitutions.append(("%python", "/usr/bin/python3"))
# `%expect_exit N cmd...` runs cmd and passes only if it exits with status N.
config.substitutions.append(
    ("%expect_exit", "bash " + os.path.join(config.tc_src_root, "utils", "expect-exit.sh")))
# `%compare --contract C [--op KIND] EXPECTED_DIR ACTUAL_DIR` judges output
# files with the gate's own judge (tensor-conform compare, docs/conformance.md
# §7): the one place the tests name the judge.
config.substitutions.append(("%compare", os.path.join(config.tc_tools_dir, "tensor-conform") + " compare"))
# `%e2e PROGRAM` compiles PROGRAM with the CPU pipeline, runs every public
# function on seeded inputs and compares with tensor-ref under the default
# contract (utils/e2e-check.py).
config.substitutions.append(
    ("%e2e", "/usr/bin/python3 " + os.path.join(config.tc_src_root, "utils", "e2e-check.py")
     + " --bin " + config.tc_tools_dir + " --work %t"))
# The host-dependent choices (docs/environment.md) pass through, so the
# whole suite can run as it would on another CPU: TC_TARGET_CPU=x86-64-v3
# utils/run-tests.sh compiles every test as for an AVX2-only machine.
for var in ("TC_TARGET_CPU", "TC_VECTOR_BITS", "TC_VECTOR_MATH", "TC_BLIS_CONFIG", "TC_GEMM_KERNEL", "TC_PARALLEL_MIN_WORK"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# A sanitizer build (utils/sanitize.sh) tells every tool how to report.
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# What this CPU can execute: tests that *run* code compiled for a forced
# target (TC_TARGET_CPU, docs/environment.md) need it; what each target
# compiles to is tested on every machine.
if os.path.exists("/proc/cpuinfo"):
    flags, vendor = set(), ""
    for line in open("/proc/cpuinfo"):
        if line.startswith("vendor_id") and not vendor:
            vendor = line.split(":", 1)[1].strip()
        if line.startswith("flags"):
            flags = set(line.split(":", 1)[1].split())
            break
    if {"avx2", "fma"} <= flags:
        config.available_features.add("avx2")
    if {"avx512f", "avx512bw", "avx512dq", "avx512vl"} <= flags:
        config.available_features.add("avx512")
    # An Intel CPU with AVX2 but no AVX-512 is one whose own BLIS
    # configuration is haswell (lib/Host/HostTarget.c, hostBlis): a test that
    # forces haswell to differ from the default cannot run there.
    elif vendor == "GenuineIntel" and {"avx2", "fma"} <= flags:
        config.available_features.add("blis-default-haswell")
