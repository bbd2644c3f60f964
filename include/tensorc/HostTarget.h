//===- HostTarget.h - the machine choices the compiler makes -----*- C -*-===//
//
// Every choice tensorc makes from the CPU it compiles for is made here, once,
// and each can be forced through a declared environment variable
// (lib/Host/Environment.def), so that tests exercise every alternative the
// code has whatever CPU the test machine has:
//
//   choice                           forced by              default
//   the CPU LLVM compiles for        TC_TARGET_CPU          this machine's
//   the vector width LLVM prefers    TC_VECTOR_BITS         the CPU's widest, 256 on AVX-512
//   the libmvec variants offered     TC_VECTOR_MATH         as wide as the vector width
//   the BLIS sub-configuration       TC_BLIS_CONFIG         the CPU's (BLIS 0.9's rule)
//   whether gemm-like ops use BLIS   TC_GEMM_KERNEL         blis (where tc-select-kernels' rule allows)
//   the OpenMP work threshold        TC_PARALLEL_MIN_WORK   TC_PARALLEL_MIN_WORK_DEFAULT
//
// One choice is not a choice: CPU features whose instructions compute
// something the dialect spec does not (AVX512-BF16 and AVX-NE-CONVERT
// convert f32 to bf16 with subnormals flushed to zero) are always switched
// off (TC_HOST_UNSAFE_FEATURES), and the manifest says so.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_HOST_TARGET_H
#define TENSORC_HOST_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The widest x86-64 vector instruction set a CPU has, in the psABI's
/// levels' terms (each includes the ones before).
typedef enum TcHostIsa {
  TC_ISA_SSE2,   ///< x86-64: 128-bit vectors
  TC_ISA_SSE42,  ///< x86-64-v2: 128-bit vectors, SSSE3 and SSE4.2
  TC_ISA_AVX2,   ///< x86-64-v3: 256-bit vectors, AVX2 and FMA
  TC_ISA_AVX512, ///< x86-64-v4: 512-bit vectors, AVX-512 F, BW, DQ, VL
} TcHostIsa;

/// Which libmvec variants calls of exp, log, tanh and erf may become.
typedef enum TcVectorMath {
  TC_VECTOR_MATH_NONE,   ///< none: scalar libm only
  TC_VECTOR_MATH_AVX2,   ///< the AVX2 variants (_ZGVdN8v_expf, _ZGVdN4v_exp, ...)
  TC_VECTOR_MATH_AVX512, ///< those and the AVX-512 ones (_ZGVeN16v_expf, _ZGVeN8v_exp, ...)
} TcVectorMath;

/// The features always switched off, as LLVM feature text to append.
#define TC_HOST_UNSAFE_FEATURES "-avx512bf16,-avxneconvert"

/// The OpenMP work threshold when TC_PARALLEL_MIN_WORK is unset (measured:
/// docs/lowering.md).
#define TC_PARALLEL_MIN_WORK_DEFAULT (INT64_C(1) << 21)

/// Bits of TcHostTarget.forced: which choices came from the environment.
enum {
  TC_HOST_FORCED_CPU = 1,
  TC_HOST_FORCED_VECTOR_BITS = 2,
  TC_HOST_FORCED_VECTOR_MATH = 4,
  TC_HOST_FORCED_BLIS = 8,
  TC_HOST_FORCED_PARALLEL = 16,
  TC_HOST_FORCED_GEMM_KERNEL = 32,
};

/// The resolved choices. Plain data: copy it freely.
typedef struct TcHostTarget {
  char cpu[64];              ///< the LLVM CPU name compiled for
  char features[4096];       ///< the feature text given to LLVM with the CPU
  TcHostIsa isa;             ///< the CPU's widest vector instruction set
  int vectorBits;            ///< 128, 256 or 512
  TcVectorMath vectorMath;   ///< the widest libmvec variants offered
  int blisConfig;            ///< BLIS sub-configuration code (lib/Target/ArtifactRuntime/BlisConfigs.def)
  bool useBlis;              ///< false: tc-select-kernels sends nothing to BLIS (TC_GEMM_KERNEL=loops)
  int64_t parallelMinWork;   ///< the OpenMP work threshold
  unsigned forced;           ///< TC_HOST_FORCED_* bits
} TcHostTarget;

/// Resolves every choice from the environment and this machine. On a bad
/// value (an unknown CPU, a width or variant set the CPU lacks, a BLIS
/// configuration whose kernels it cannot run, a negative threshold) returns
/// false with a one-line reason naming the variable in `err`.
bool tcHostTargetResolve(TcHostTarget *target, char *err, size_t errSize);

/// Like tcHostTargetResolve, for code that cannot report an error (a pass
/// that runs after its tool checked the environment): aborts on a bad value.
TcHostTarget tcHostTargetGet(void);

/// The ISA's name ("sse2", "sse4.2", "avx2", "avx512"). Static string.
const char *tcHostIsaGetName(TcHostIsa isa);

/// "none", "avx2" or "avx512". Static string.
const char *tcVectorMathGetName(TcVectorMath vectorMath);

/// BLIS's name of configuration `code` ("skx", "haswell", ...). Static string.
const char *tcHostBlisConfigGetName(int code);

/// The TC_BLIS_FEATURE_* bits (lib/Target/ArtifactRuntime/BlisFeatures.h)
/// of configuration `code`, or -1 if there is no such configuration.
int tcHostBlisConfigFeatures(int code);

/// A one-line description of every choice and where it came from, for
/// manifests and `tensorc host`, choices separated by "; ": "cpu
/// sapphirerapids (this machine's); isa avx512; vector 512 bits (the CPU's
/// widest); ...". Writes at most `size`
/// bytes into `buf`.
void tcHostTargetDescribe(const TcHostTarget *target, char *buf, size_t size);

/// The widest vectors of `isa`, in bits (128, 256 or 512).
int tcHostIsaVectorBits(TcHostIsa isa);

/// Whether the kernels of BLIS configuration `code` run on a CPU of `isa`.
bool tcHostBlisConfigRuns(int code, TcHostIsa isa);

/// The code of the BLIS configuration BLIS calls `name`, or -1.
int tcHostBlisConfigFromName(const char *name);

/// The `i`th CPU name TC_TARGET_CPU accepts, or NULL past the last. Static.
const char *tcHostKnownCpu(int i);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_HOST_TARGET_H
