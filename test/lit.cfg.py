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
# `%e2e PROGRAM` compiles PROGRAM with the CPU pipeline, runs every public
# function on seeded inputs and compares with tensor-ref under the default
# contract (utils/e2e-check.py).
config.substitutions.append(
    ("%e2e", "/usr/bin/python3 " + os.path.join(config.tc_src_root, "utils", "e2e-check.py")
     + " --bin " + config.tc_tools_dir + " --work %t"))
# Host features some tests need: libmvec's vector variants are AVX2 code.
if os.path.exists("/proc/cpuinfo") and " avx2" in open("/proc/cpuinfo").read():
    config.available_features.add("avx2")
