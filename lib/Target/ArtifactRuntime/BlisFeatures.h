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
