//===- Blis.c - the BLIS shim compiled into artifacts ----------------------===//
//
// Not part of the compiler: at build time clang compiles this file to LLVM
// IR (lib/Target/CMakeLists.txt), the IR is embedded into tensorc, and
// lib/Target/BlisLink.c links it into every module that calls
// `__tc_blis_gemm` (tc-lower-kernels emits those calls for
// `tc_kernel.gemm kernel = "blis"`). Its symbols are weak and hidden: each
// artifact keeps its own copy and exports nothing.
//
// One entry, `__tc_blis_gemm`, computes a (batched) row-major gemm
//   c[β] <- alpha * op(a[β]) * op(b[β]) + beta * c[β]
// with BLIS's typed expert API, describing op(a) and op(b) by explicit row
// and column strides (a transpose is a swap of strides, never a copy). Modes:
//   0  f64 data: bli_dgemm_ex.
//   1  f32 data: bli_sgemm_ex (products and sums in f32, FMA), for
//      `accumulate = "f32"` (a contract whose f32 tolerance has gamma >= 1).
//   2  f32 data: bli_dgemm_ex on f64 copies of a, b (and c if beta != 0),
//      rounded once to f32 at the end: the sums have the f64 accumulator
//      tensorc's loop path uses (docs/lowering.md, "Kernel selection").
//
// The three rules of docs/lowering.md "BLIS at run time":
// - Configuration: the compiler passes the sub-configuration it chose for
//   the compile host (BlisConfigs.def). The first call checks that this CPU
//   has the features its kernels execute, asks BLIS to use it (BLIS 0.9
//   reads BLIS_ARCH_TYPE, a number, once, when it initialises; the variable
//   is set around bli_init() and restored), and checks that BLIS runs it.
//   Any mismatch prints why and aborts: never a silent different kernel, and
//   never an illegal instruction.
// - Threads: one pool, OpenMP's. BLIS itself always runs on one thread (each
//   call passes its own rntm_t; a call never changes BLIS's global state, so
//   concurrent calls are safe). A batch of gemms with as many gemms as
//   threads, and B·M·N·K > TC_BLIS_ONE_THREAD_VOLUME (BlisFeatures.h), shares
//   its whole gemms out to the threads of one OpenMP parallel region (as
//   many threads as the generated loops use: OMP_NUM_THREADS, else one per
//   CPU), each gemm one single-threaded BLIS call, as on one thread.
//   Otherwise a gemm of M·N·K > TC_BLIS_ONE_THREAD_VOLUME is split by
//   columns of c (and b) into one slab per thread of a region (by rows of c
//   and a if c has too few columns for every thread), and each thread makes
//   one single-threaded BLIS call on its slab. BLIS's own threads, whose
//   barriers spin without yielding, never run next to OpenMP's (a spinning
//   partner on a busy machine cost them 10-30x), and the only
//   synchronisation is the region's one join. Slabs are whole groups of
//   kSlabColumns columns; every element of c is computed by the same
//   micro-kernel over the same k blocks whatever the slab, so results do not
//   depend on the thread count. That needs BLIS's conventional path: its
//   small-matrix ("sup") path, chosen by the problem's shape, would pick
//   another summation order for a narrower slab, so it is allowed only for
//   gemms that always run as one call (M·N·K <= TC_BLIS_ONE_THREAD_VOLUME).
// - BLIS is called only from top-level statements of an entry point, never
//   inside a parallel loop, so its region never nests in another.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "BlisFeatures.h"

#include <blis.h>

#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TC_SHIM __attribute__((weak, visibility("hidden")))
#define TC_LOCAL static __attribute__((visibility("hidden")))


static _Atomic int64_t gConfig = -1; // the code of the first call; every call must pass the same
static pthread_once_t gOnce = PTHREAD_ONCE_INIT;

__attribute__((noreturn)) TC_LOCAL void fail(const char *what, const char *name) {
  fprintf(stderr, "tensorc artifact: BLIS: %s%s%s\n", what, name ? " " : "", name ? name : "");
  fflush(stderr);
  abort();
}

/// BLIS's own id of the sub-configuration named `name`, or -1.
TC_LOCAL int blisId(const char *name) {
  for (int id = 0; id < BLIS_NUM_ARCHS; ++id)
    if (strcmp(bli_arch_string((arch_t)id), name) == 0)
      return id;
  return -1;
}

TC_LOCAL void initialise(void) {
  const char *name = NULL;
  int features = 0;
  for (size_t i = 0; i < sizeof kTcBlisConfigs / sizeof kTcBlisConfigs[0]; ++i)
    if (kTcBlisConfigs[i].code == atomic_load(&gConfig))
      name = kTcBlisConfigs[i].name, features = kTcBlisConfigs[i].features;
  if (!name)
    fail("the artifact names an unknown sub-configuration", NULL);
  if ((tcBlisHostFeatures() & features) != features)
    fail("this CPU cannot run the kernels of the sub-configuration the artifact was compiled for:", name);
  int id = blisId(name); // bli_arch_string needs no initialisation
  if (id < 0)
    fail("this BLIS library does not have the sub-configuration", name);
  const char *old = getenv("BLIS_ARCH_TYPE");
  char *saved = old ? strdup(old) : NULL, wanted[16];
  snprintf(wanted, sizeof wanted, "%d", id);
  setenv("BLIS_ARCH_TYPE", wanted, 1);
  bli_init(); // no effect if BLIS was initialised before: then the check below decides
  saved ? setenv("BLIS_ARCH_TYPE", saved, 1) : unsetenv("BLIS_ARCH_TYPE");
  free(saved);
  if ((int)bli_arch_query_id() != id) {
    fprintf(stderr, "tensorc artifact: BLIS runs sub-configuration %s\n", bli_arch_string(bli_arch_query_id()));
    fail("BLIS was initialised with another sub-configuration than the artifact's:", name);
  }
}

typedef struct Gemm {
  int64_t m, n, k;
  inc_t rsa, csa, rsb, csb;
} Gemm;

TC_LOCAL double *allocate(int64_t count) {
  double *y = malloc((size_t)(count ? count : 1) * sizeof *y);
  if (!y)
    fail("out of memory for the f64 copies of an f32 gemm", NULL);
  return y;
}

TC_LOCAL double *widen(const float *x, int64_t count) {
  double *y = allocate(count);
  for (int64_t i = 0; i < count; ++i)
    y[i] = x[i];
  return y;
}

/// Slab `t` of `count` slabs of `n` rows or columns of c: whole groups of
/// kSlabColumns, the last slab taking the rest.
enum { kSlabColumns = 16 };

TC_LOCAL void slabOf(int64_t n, int t, int count, int64_t *first, int64_t *width) {
  int64_t groups = (n + kSlabColumns - 1) / kSlabColumns;
  int64_t lo = groups * t / count * kSlabColumns, hi = groups * (t + 1) / count * kSlabColumns;
  *first = lo < n ? lo : n;
  *width = (hi < n ? hi : n) - *first;
}

/// A block of c: rows [row, row + rows), columns [col, col + cols).
typedef struct Block {
  int64_t row, rows, col, cols;
} Block;

/// Block `s` of c (row stride g->n) on one BLIS thread: mode 1 in f32, else
/// in f64 (mode 2's copies included). `sup` lets BLIS take its small-matrix
/// path, whose choice depends on the block's shape: only for gemms that
/// always run as one block.
TC_LOCAL void gemmSlab(int64_t mode, const Gemm *g, double alpha, double beta, const void *a, const void *b, void *c,
                       Block s, bool sup) {
  if (s.rows <= 0 || s.cols <= 0)
    return;
  rntm_t one = BLIS_RNTM_INITIALIZER;
  bli_rntm_set_num_threads(1, &one);
  bli_rntm_set_l3_sup(sup, &one);
  int64_t ao = s.row * g->rsa, bo = s.col * g->csb, co = s.row * g->n + s.col;
  if (mode == 1) {
    float alpha32 = (float)alpha, beta32 = (float)beta;
    bli_sgemm_ex(BLIS_NO_TRANSPOSE, BLIS_NO_TRANSPOSE, s.rows, s.cols, g->k, &alpha32, (float *)a + ao, g->rsa,
                 g->csa, (float *)b + bo, g->rsb, g->csb, &beta32, (float *)c + co, g->n, 1, NULL, &one);
  } else {
    bli_dgemm_ex(BLIS_NO_TRANSPOSE, BLIS_NO_TRANSPOSE, s.rows, s.cols, g->k, &alpha, (double *)a + ao, g->rsa, g->csa,
                 (double *)b + bo, g->rsb, g->csb, &beta, (double *)c + co, g->n, 1, NULL, &one);
  }
}

/// Rounds block `s` of the f64 result to f32.
TC_LOCAL void narrowSlab(const Gemm *g, const double *c64, float *c, Block s) {
  for (int64_t i = s.row; i < s.row + s.rows; ++i)
    for (int64_t j = s.col; j < s.col + s.cols; ++j)
      c[i * g->n + j] = (float)c64[i * g->n + j];
}

/// The gemm on `threads` threads, one slab each: of columns, or of rows when
/// c has fewer groups of kSlabColumns columns than threads and more rows
/// than columns (a 1x1 convolution to 16 channels: 16 columns, 25088 rows).
/// Either way every element is computed by the same micro-kernel over the
/// same k blocks. `narrowed` (mode 2) gets the f32 rounding of the f64
/// result `c`.
TC_LOCAL void gemmSlabs(int64_t mode, const Gemm *g, double alpha, double beta, const void *a, const void *b, void *c,
                        float *narrowed, int threads) {
  bool sup = g->m * g->n * g->k <= TC_BLIS_ONE_THREAD_VOLUME; // always one slab
  if (threads <= 1) {
    Block all = {0, g->m, 0, g->n};
    gemmSlab(mode, g, alpha, beta, a, b, c, all, sup);
    if (narrowed)
      narrowSlab(g, c, narrowed, all);
    return;
  }
  bool byRows = (g->n + kSlabColumns - 1) / kSlabColumns < threads && g->m > g->n;
#pragma omp parallel num_threads(threads)
  {
    Block s = {0, g->m, 0, g->n};
    if (byRows)
      slabOf(g->m, omp_get_thread_num(), omp_get_num_threads(), &s.row, &s.rows);
    else
      slabOf(g->n, omp_get_thread_num(), omp_get_num_threads(), &s.col, &s.cols);
    gemmSlab(mode, g, alpha, beta, a, b, c, s, sup);
    if (narrowed)
      narrowSlab(g, c, narrowed, s);
  }
}

TC_LOCAL void gemmViaF64(const Gemm *g, double alpha, double beta, const float *a, const float *b, float *c,
                         int threads) {
  double *a64 = widen(a, g->m * g->k), *b64 = widen(b, g->k * g->n);
  double *c64 = beta != 0.0 ? widen(c, g->m * g->n) : allocate(g->m * g->n); // beta = 0: c is not read
  gemmSlabs(0, g, alpha, beta, a64, b64, c64, c, threads);
  free(a64);
  free(b64);
  free(c64);
}
/// Gemm `i` of the batch, on `threads` threads (slabs) or the caller's.
TC_LOCAL void batchGemm(int64_t mode, const Gemm *g, double alpha, double beta, int64_t a, int64_t b, int64_t c,
                        int64_t i, int threads) {
  size_t size = mode == 0 ? sizeof(double) : sizeof(float);
  char *ai = (char *)(intptr_t)a + (size_t)(i * g->m * g->k) * size;
  char *bi = (char *)(intptr_t)b + (size_t)(i * g->k * g->n) * size;
  char *ci = (char *)(intptr_t)c + (size_t)(i * g->m * g->n) * size;
  if (mode == 2)
    gemmViaF64(g, alpha, beta, (const float *)ai, (const float *)bi, (float *)ci, threads);
  else
    gemmSlabs(mode, g, alpha, beta, ai, bi, ci, NULL, threads);
}

/// See the file comment. `a`, `b`, `c` are the addresses of dense row-major
/// arrays: a is [k, m] if transA else [m, k]; b is [n, k] if transB else
/// [k, n]; c is [m, n]; each repeated `batch` times.
TC_SHIM void __tc_blis_gemm(int64_t config, int64_t mode, int64_t batch, int64_t transA, int64_t transB, int64_t m,
                            int64_t n, int64_t k, double alpha, double beta, int64_t a, int64_t b, int64_t c) {
  int64_t first = -1;
  atomic_compare_exchange_strong(&gConfig, &first, config);
  if (atomic_load(&gConfig) != config) // two artifacts' objects merged into one image
    fail("two sub-configurations in one process", NULL);
  pthread_once(&gOnce, initialise);
  Gemm g = {m, n, k, transA ? 1 : k, transA ? m : 1, transB ? 1 : n, transB ? k : 1};
  int threads = batch * m * n * k <= TC_BLIS_ONE_THREAD_VOLUME ? 1 : omp_get_max_threads();
  if (threads > 1 && batch >= threads) {
    // Whole gemms shared by the threads of one region (one join, not one per
    // gemm), each one single-threaded call, exactly as on one thread.
#pragma omp parallel for schedule(static) num_threads(threads)
    for (int64_t i = 0; i < batch; ++i)
      batchGemm(mode, &g, alpha, beta, a, b, c, i, 1);
    return;
  }
  int perGemm = m * n * k <= TC_BLIS_ONE_THREAD_VOLUME ? 1 : threads;
  for (int64_t i = 0; i < batch; ++i)
    batchGemm(mode, &g, alpha, beta, a, b, c, i, perGemm);
}
