//===- BlisFeatures.h - the CPU features BLIS configurations need -*- C -*-===//
//
// The TC_BLIS_FEATURE_* bits of BlisConfigs.def and how to read them off the
// CPU the code runs on. Included by the compiler (which picks a BLIS
// configuration for the compile host) and by the shim compiled into
// artifacts (which refuses a CPU that lacks the chosen configuration's
// features), so both test the same features the same way.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_TARGET_ARTIFACT_RUNTIME_BLIS_FEATURES_H
#define TENSORC_LIB_TARGET_ARTIFACT_RUNTIME_BLIS_FEATURES_H

#define TC_BLIS_FEATURE_SSSE3 1
#define TC_BLIS_FEATURE_AVX 2
#define TC_BLIS_FEATURE_AVX2_FMA 4
#define TC_BLIS_FEATURE_AVX512 8

/// A gemm of at most this M·N·K runs on one BLIS thread whatever the thread
/// count: starting BLIS's threads and meeting at its spinning barriers costs
/// more than the second thread wins (measured at N = 64: 2 threads 10
/// GFLOP/s, 1 thread 40). The value is OpenBLAS's own rule
/// (interface/gemm.c: single-threaded while M·N·K <= 65536 ·
/// GEMM_MULTITHREAD_THRESHOLD, default 4). Shared by the shim, which applies
/// it, and the lowering, which records it in the manifest.
#define TC_BLIS_ONE_THREAD_VOLUME (4 * 65536)

/// The sub-configurations tensorc knows (BlisConfigs.def): BLIS's code, its
/// name and the TC_BLIS_FEATURE_* bits its kernels execute. One table for
/// the compiler (which chooses) and the shim (which checks).
static const struct TcBlisConfig {
  int code;
  const char *name;
  int features;
} kTcBlisConfigs[] __attribute__((unused)) = {
#define TC_BLIS_CONFIG(code, name, features) {code, name, features},
#include "BlisConfigs.def"
#undef TC_BLIS_CONFIG
};

/// The TC_BLIS_FEATURE_* bits this CPU has.
static inline int tcBlisHostFeatures(void) {
  __builtin_cpu_init();
  int f = 0;
  if (__builtin_cpu_supports("ssse3"))
    f |= TC_BLIS_FEATURE_SSSE3;
  if (__builtin_cpu_supports("avx"))
    f |= TC_BLIS_FEATURE_AVX;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    f |= TC_BLIS_FEATURE_AVX2_FMA;
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl"))
    f |= TC_BLIS_FEATURE_AVX512;
  return f;
}

#endif // TENSORC_LIB_TARGET_ARTIFACT_RUNTIME_BLIS_FEATURES_H
