//===- HostTarget.c - the machine choices the compiler makes --------------===//
//
// include/tensorc/HostTarget.h lists the choices. They are resolved in
// dependency order: the CPU first (this machine's, through LLVM's host
// detection, or a name from kCpus, whose rows say what each CPU has), its
// ISA from that, then the vector width (at most the ISA's; 256 bits by
// default on AVX-512 CPUs, LLVM's own preference there), the libmvec
// variants (at most the ISA's), the BLIS configuration (BLIS 0.9's own x86
// rule for this machine, kCpus' column for a named CPU, or forced; its
// kernels' features must be the CPU's) and the OpenMP threshold. A forced
// value that the CPU cannot honour is an error, never silently replaced.
//
// The features given to LLVM are this machine's full list for the host CPU
// and none (the CPU's own defaults) for a named one, followed by
// TC_HOST_UNSAFE_FEATURES either way.
//
//===----------------------------------------------------------------------===//
#include "tensorc/HostTarget.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/Environment.h"

#include "../Target/ArtifactRuntime/BlisFeatures.h"

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// A CPU TC_TARGET_CPU may name: its ISA and the BLIS configuration BLIS
/// 0.9 would pick on it.
typedef struct Cpu {
  const char *name;
  TcHostIsa isa;
  const char *blis;
} Cpu;

static const Cpu kCpus[] = {
    {"x86-64", TC_ISA_SSE2, "generic"},
    {"x86-64-v2", TC_ISA_SSE42, "penryn"},
    {"x86-64-v3", TC_ISA_AVX2, "haswell"},
    {"x86-64-v4", TC_ISA_AVX512, "skx"},
    {"haswell", TC_ISA_AVX2, "haswell"},
    {"skylake", TC_ISA_AVX2, "haswell"},
    {"alderlake", TC_ISA_AVX2, "haswell"},
    {"skylake-avx512", TC_ISA_AVX512, "skx"},
    {"cascadelake", TC_ISA_AVX512, "skx"},
    {"icelake-server", TC_ISA_AVX512, "skx"},
    {"sapphirerapids", TC_ISA_AVX512, "skx"},
    {"znver1", TC_ISA_AVX2, "zen"},
    {"znver2", TC_ISA_AVX2, "zen2"},
    {"znver3", TC_ISA_AVX2, "zen3"},
    {"znver4", TC_ISA_AVX512, "zen3"},
};
enum { kNumCpus = sizeof kCpus / sizeof kCpus[0] };


/// The TC_BLIS_FEATURE_* bits an ISA includes.
static int isaBlisFeatures(TcHostIsa isa) {
  int f = isa >= TC_ISA_SSE42 ? TC_BLIS_FEATURE_SSSE3 : 0;
  if (isa >= TC_ISA_AVX2)
    f |= TC_BLIS_FEATURE_AVX | TC_BLIS_FEATURE_AVX2_FMA;
  if (isa >= TC_ISA_AVX512)
    f |= TC_BLIS_FEATURE_AVX512;
  return f;
}

static bool fail(char *err, size_t errSize, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errSize, fmt, ap);
  va_end(ap);
  return false;
}

static bool hasFeature(const char *features, const char *name) {
  size_t n = strlen(name);
  for (const char *p = features; (p = strstr(p, name)); p += n)
    if (p > features && p[-1] == '+' && (p[n] == ',' || p[n] == '\0'))
      return true;
  return false;
}

/// This machine's ISA, from LLVM's feature list.
static TcHostIsa isaOfFeatures(const char *f) {
  if (hasFeature(f, "avx512f") && hasFeature(f, "avx512bw") && hasFeature(f, "avx512dq") && hasFeature(f, "avx512vl"))
    return TC_ISA_AVX512;
  if (hasFeature(f, "avx2") && hasFeature(f, "fma"))
    return TC_ISA_AVX2;
  if (hasFeature(f, "sse4.2") && hasFeature(f, "ssse3"))
    return TC_ISA_SSE42;
  return TC_ISA_SSE2;
}

static int blisCode(const char *name) {
  for (size_t i = 0; i < sizeof kTcBlisConfigs / sizeof kTcBlisConfigs[0]; ++i)
    if (strcmp(kTcBlisConfigs[i].name, name) == 0)
      return kTcBlisConfigs[i].code;
  return -1;
}

/// BLIS 0.9's x86-64 detection for this machine (AMD family 19h zen3, 17h
/// zen2/zen; Intel by features), falling back to generic if the CPU lacks
/// the chosen configuration's features.
static int hostBlis(void) {
  __builtin_cpu_init();
  const char *name = "generic";
  if (__builtin_cpu_is("amdfam19h"))
    name = "zen3";
  else if (__builtin_cpu_is("znver2"))
    name = "zen2";
  else if (__builtin_cpu_is("amdfam17h"))
    name = "zen";
  else if (__builtin_cpu_is("intel")) {
    int f = tcBlisHostFeatures();
    name = f & TC_BLIS_FEATURE_AVX512     ? "skx"
           : f & TC_BLIS_FEATURE_AVX2_FMA ? "haswell"
           : f & TC_BLIS_FEATURE_AVX      ? "sandybridge"
           : f & TC_BLIS_FEATURE_SSSE3    ? "penryn"
                                          : "generic";
  }
  int code = blisCode(name);
  int need = tcHostBlisConfigFeatures(code);
  return code < 0 || (tcBlisHostFeatures() & need) != need ? blisCode("generic") : code;
}

static bool resolveCpu(TcHostTarget *t, const char **blis, char *err, size_t errSize) {
  const char *forced = tcEnvGet("TC_TARGET_CPU");
  if (!forced || strcmp(forced, "host") == 0) {
    char *cpu = LLVMGetHostCPUName(), *features = LLVMGetHostCPUFeatures();
    snprintf(t->cpu, sizeof t->cpu, "%s", cpu);
    t->isa = isaOfFeatures(features);
    int n = snprintf(t->features, sizeof t->features, "%s,%s", features, TC_HOST_UNSAFE_FEATURES);
    LLVMDisposeMessage(cpu);
    LLVMDisposeMessage(features);
    if (n < 0 || (size_t)n >= sizeof t->features)
      return fail(err, errSize, "this machine's CPU feature list is too long");
    *blis = NULL;
    return true;
  }
  for (int i = 0; i < kNumCpus; ++i)
    if (strcmp(kCpus[i].name, forced) == 0) {
      snprintf(t->cpu, sizeof t->cpu, "%s", forced);
      snprintf(t->features, sizeof t->features, "%s", TC_HOST_UNSAFE_FEATURES);
      t->isa = kCpus[i].isa;
      t->forced |= TC_HOST_FORCED_CPU;
      *blis = kCpus[i].blis;
      return true;
    }
  return fail(err, errSize, "TC_TARGET_CPU names a CPU tensorc does not know: '%s' (tensorc host --list)", forced);
}

static int isaBits(TcHostIsa isa) { return isa == TC_ISA_AVX512 ? 512 : isa == TC_ISA_AVX2 ? 256 : 128; }

int tcHostIsaVectorBits(TcHostIsa isa) { return isaBits(isa); }

bool tcHostBlisConfigRuns(int code, TcHostIsa isa) {
  int need = tcHostBlisConfigFeatures(code), have = isaBlisFeatures(isa);
  return need >= 0 && (have & need) == need;
}

int tcHostBlisConfigFromName(const char *name) { return blisCode(name); }

static bool resolveVector(TcHostTarget *t, char *err, size_t errSize) {
  const char *bits = tcEnvGet("TC_VECTOR_BITS");
  // 256 bits on an AVX-512 CPU unless asked for more: what LLVM's own
  // tuning prefers on these CPUs, and what tensorc compiled before the
  // width was an explicit choice.
  t->vectorBits = t->isa == TC_ISA_AVX512 ? 256 : isaBits(t->isa);
  if (bits) {
    int v = strcmp(bits, "128") == 0 ? 128 : strcmp(bits, "256") == 0 ? 256 : strcmp(bits, "512") == 0 ? 512 : 0;
    if (!v)
      return fail(err, errSize, "TC_VECTOR_BITS must be 128, 256 or 512, not '%s'", bits);
    if (v > isaBits(t->isa))
      return fail(err, errSize, "TC_VECTOR_BITS=%d: CPU %s has %d-bit vectors at most", v, t->cpu, isaBits(t->isa));
    t->vectorBits = v;
    t->forced |= TC_HOST_FORCED_VECTOR_BITS;
  }
  const char *math = tcEnvGet("TC_VECTOR_MATH");
  t->vectorMath = t->vectorBits == 512 ? TC_VECTOR_MATH_AVX512 : t->vectorBits == 256 ? TC_VECTOR_MATH_AVX2
                                                                                      : TC_VECTOR_MATH_NONE;
  if (math) {
    TcVectorMath m = strcmp(math, "none") == 0     ? TC_VECTOR_MATH_NONE
                     : strcmp(math, "avx2") == 0   ? TC_VECTOR_MATH_AVX2
                     : strcmp(math, "avx512") == 0 ? TC_VECTOR_MATH_AVX512
                                                   : (TcVectorMath)-1;
    if ((int)m < 0)
      return fail(err, errSize, "TC_VECTOR_MATH must be none, avx2 or avx512, not '%s'", math);
    TcHostIsa need = m == TC_VECTOR_MATH_AVX512 ? TC_ISA_AVX512 : m == TC_VECTOR_MATH_AVX2 ? TC_ISA_AVX2 : TC_ISA_SSE2;
    if (t->isa < need)
      return fail(err, errSize, "TC_VECTOR_MATH=%s: CPU %s has no %s", math, t->cpu, tcHostIsaGetName(need));
    t->vectorMath = m;
    t->forced |= TC_HOST_FORCED_VECTOR_MATH;
  }
  return true;
}

static bool resolveBlis(TcHostTarget *t, const char *cpuBlis, char *err, size_t errSize) {
  const char *forced = tcEnvGet("TC_BLIS_CONFIG");
  t->blisConfig = cpuBlis ? blisCode(cpuBlis) : hostBlis();
  if (forced) {
    t->blisConfig = blisCode(forced);
    if (t->blisConfig < 0)
      return fail(err, errSize, "TC_BLIS_CONFIG names no BLIS sub-configuration tensorc knows: '%s'", forced);
    t->forced |= TC_HOST_FORCED_BLIS;
  }
  int need = tcHostBlisConfigFeatures(t->blisConfig), have = isaBlisFeatures(t->isa);
  if ((have & need) != need)
    return fail(err, errSize, "BLIS sub-configuration %s needs instructions CPU %s lacks",
                tcHostBlisConfigGetName(t->blisConfig), t->cpu);
  return true;
}

static bool resolveGemmKernel(TcHostTarget *t, char *err, size_t errSize) {
  const char *kernel = tcEnvGet("TC_GEMM_KERNEL");
  t->useBlis = true;
  if (!kernel)
    return true;
  if (strcmp(kernel, "blis") != 0 && strcmp(kernel, "loops") != 0)
    return fail(err, errSize, "TC_GEMM_KERNEL must be blis or loops, not '%s'", kernel);
  t->useBlis = strcmp(kernel, "blis") == 0;
  t->forced |= TC_HOST_FORCED_GEMM_KERNEL;
  return true;
}

static bool resolveParallel(TcHostTarget *t, char *err, size_t errSize) {
  const char *work = tcEnvGet("TC_PARALLEL_MIN_WORK");
  t->parallelMinWork = TC_PARALLEL_MIN_WORK_DEFAULT;
  if (!work)
    return true;
  char *end;
  errno = 0;
  long long v = strtoll(work, &end, 10);
  if (errno || *end || end == work || v < 0)
    return fail(err, errSize, "TC_PARALLEL_MIN_WORK must be a non-negative integer, not '%s'", work);
  t->parallelMinWork = v;
  t->forced |= TC_HOST_FORCED_PARALLEL;
  return true;
}

bool tcHostTargetResolve(TcHostTarget *t, char *err, size_t errSize) {
  memset(t, 0, sizeof *t);
  const char *cpuBlis = NULL;
  return resolveCpu(t, &cpuBlis, err, errSize) && resolveVector(t, err, errSize) &&
         resolveBlis(t, cpuBlis, err, errSize) && resolveGemmKernel(t, err, errSize) &&
         resolveParallel(t, err, errSize);
}

TcHostTarget tcHostTargetGet(void) {
  TcHostTarget t;
  char err[256];
  if (!tcHostTargetResolve(&t, err, sizeof err))
    tcFatal("%s", err);
  return t;
}

const char *tcHostIsaGetName(TcHostIsa isa) {
  static const char *const names[] = {"sse2", "sse4.2", "avx2", "avx512"};
  return names[isa];
}

const char *tcVectorMathGetName(TcVectorMath m) {
  static const char *const names[] = {"none", "avx2", "avx512"};
  return names[m];
}

const char *tcHostBlisConfigGetName(int code) {
  for (size_t i = 0; i < sizeof kTcBlisConfigs / sizeof kTcBlisConfigs[0]; ++i)
    if (kTcBlisConfigs[i].code == code)
      return kTcBlisConfigs[i].name;
  return "unknown";
}

int tcHostBlisConfigFeatures(int code) {
  for (size_t i = 0; i < sizeof kTcBlisConfigs / sizeof kTcBlisConfigs[0]; ++i)
    if (kTcBlisConfigs[i].code == code)
      return kTcBlisConfigs[i].features;
  return -1;
}

static const char *origin(const TcHostTarget *t, unsigned bit, const char *var, const char *otherwise) {
  return t->forced & bit ? var : otherwise;
}

void tcHostTargetDescribe(const TcHostTarget *t, char *buf, size_t size) {
  char off[128] = "";
  size_t n = 0;
  for (const char *p = TC_HOST_UNSAFE_FEATURES; *p && n + 1 < sizeof off; ++p)
    if (*p != '-')
      off[n++] = *p == ',' ? ' ' : *p;
  off[n] = '\0';
  snprintf(buf, size,
           "cpu %s (%s); isa %s; vector %d bits (%s); vector math %s (%s); BLIS %s (%s); gemm kernel %s (%s); "
           "parallel min work %lld (%s); features off: %s",
           t->cpu, origin(t, TC_HOST_FORCED_CPU, "TC_TARGET_CPU", "this machine's"), tcHostIsaGetName(t->isa),
           t->vectorBits, origin(t, TC_HOST_FORCED_VECTOR_BITS, "TC_VECTOR_BITS", t->isa == TC_ISA_AVX512 ? "the default for AVX-512" : "the CPU's widest"),
           tcVectorMathGetName(t->vectorMath), origin(t, TC_HOST_FORCED_VECTOR_MATH, "TC_VECTOR_MATH", "as the vector width"),
           tcHostBlisConfigGetName(t->blisConfig), origin(t, TC_HOST_FORCED_BLIS, "TC_BLIS_CONFIG", "the CPU's"),
           t->useBlis ? "blis" : "loops", origin(t, TC_HOST_FORCED_GEMM_KERNEL, "TC_GEMM_KERNEL", "default"),
           (long long)t->parallelMinWork, origin(t, TC_HOST_FORCED_PARALLEL, "TC_PARALLEL_MIN_WORK", "default"), off);
}

const char *tcHostKnownCpu(int i) { return i >= 0 && i < kNumCpus ? kCpus[i].name : NULL; }
