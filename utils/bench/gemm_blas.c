//===- gemm_blas.c - square GEMM through BLIS or OpenBLAS, called directly -===//
//
// gemm_blas --dtype f32|f64 --n N --threads T [--a FILE --b FILE] [--blis-arch NAME]
//           [--dump FILE] [--reps R] [--min-sample S] [--budget S]
//
// The libraries' side of the GEMM benchmark: C = A·B for row-major N×N
// matrices, alpha 1, beta 0, the computation of `tc_tensor.matmul`. Built
// twice by the driver, never both libraries in one binary (both export the
// CBLAS symbols):
//
//   -DBENCH_BLIS      bli_sgemm / bli_dgemm, BLIS's typed API, row stride N,
//                     column stride 1; threads by bli_thread_set_num_threads;
//                     linked with -lblis (Debian's default alternative)
//   -DBENCH_OPENBLAS  cblas_sgemm / cblas_dgemm (CblasRowMajor); threads by
//                     openblas_set_num_threads; linked with -lopenblas
//
// The JSON line names the kernels the library actually ran (BLIS's
// sub-configuration, OpenBLAS's core), so the table can say what was
// measured. `--blis-arch NAME` makes BLIS run another sub-configuration;
// OpenBLAS's core is forced by its own OPENBLAS_CORETYPE variable.
// A and B come from raw files (to judge the output) or are drawn.
//
//===----------------------------------------------------------------------===//
#define _POSIX_C_SOURCE 200809L // setenv
#include "bench_util.h"

#if defined(BENCH_BLIS)
#include <blis.h>
#elif defined(BENCH_OPENBLAS)
#include <cblas.h>
void openblas_set_num_threads(int);
char *openblas_get_corename(void);
#else
#error "build with -DBENCH_BLIS or -DBENCH_OPENBLAS"
#endif

typedef struct {
  int isF64;
  long n;
  void *a, *b, *c;
} Gemm;

static void gemmCall(void *ctx) {
  Gemm *g = ctx;
  long n = g->n;
#if defined(BENCH_BLIS)
  if (g->isF64) {
    double one = 1.0, zero = 0.0;
    bli_dgemm(BLIS_NO_TRANSPOSE, BLIS_NO_TRANSPOSE, n, n, n, &one, g->a, n, 1, g->b, n, 1, &zero,
              g->c, n, 1);
  } else {
    float one = 1.0f, zero = 0.0f;
    bli_sgemm(BLIS_NO_TRANSPOSE, BLIS_NO_TRANSPOSE, n, n, n, &one, g->a, n, 1, g->b, n, 1, &zero,
              g->c, n, 1);
  }
#else
  if (g->isF64)
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)n, (int)n, (int)n, 1.0, g->a,
                (int)n, g->b, (int)n, 0.0, g->c, (int)n);
  else
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)n, (int)n, (int)n, 1.0f, g->a,
                (int)n, g->b, (int)n, 0.0f, g->c, (int)n);
#endif
}

#if defined(BENCH_BLIS)
// --blis-arch NAME: the sub-configuration BLIS runs, by its name, through
// BLIS_ARCH_TYPE (which takes BLIS's enum number) before bli_init.
static void forceBlisArch(const char *name) {
  for (int id = 0; id < BLIS_NUM_ARCHS; ++id)
    if (strcmp(bli_arch_string((arch_t)id), name) == 0) {
      char number[16];
      snprintf(number, sizeof number, "%d", id);
      setenv("BLIS_ARCH_TYPE", number, 1);
      return;
    }
  benchFail("this BLIS has no sub-configuration", name);
}
#endif

static void setThreads(int threads) {
#if defined(BENCH_BLIS)
  bli_init(); // BLIS 0.9 answers queries only once initialised
  bli_thread_set_num_threads(threads);
#else
  openblas_set_num_threads(threads);
#endif
}

static void printKernel(void) {
#if defined(BENCH_BLIS)
  printf(", \"impl\": \"blis\", \"kernel\": \"%s\"}\n", bli_arch_string(bli_arch_query_id()));
#else
  printf(", \"impl\": \"openblas\", \"kernel\": \"%s\"}\n", openblas_get_corename());
#endif
}

int main(int argc, char **argv) {
  BenchPlan plan = BENCH_DEFAULT_PLAN;
  Gemm g = {0, 0, NULL, NULL, NULL};
  int threads = 1;
  const char *fileA = NULL, *fileB = NULL, *dump = NULL;
  for (int i = 1; i < argc; ++i) {
    if (benchParsePlan(argc, argv, &i, &plan))
      continue;
    if (i + 1 >= argc)
      benchFail("option needs a value", argv[i]);
    const char *opt = argv[i], *value = argv[++i];
    if (strcmp(opt, "--dtype") == 0)
      g.isF64 = strcmp(value, "f64") == 0;
    else if (strcmp(opt, "--n") == 0)
      g.n = atol(value);
    else if (strcmp(opt, "--threads") == 0)
      threads = atoi(value);
    else if (strcmp(opt, "--a") == 0)
      fileA = value;
    else if (strcmp(opt, "--b") == 0)
      fileB = value;
    else if (strcmp(opt, "--dump") == 0)
      dump = value;
#if defined(BENCH_BLIS)
    else if (strcmp(opt, "--blis-arch") == 0)
      forceBlisArch(value);
#endif
    else
      benchFail("unknown option", opt);
  }
  if (g.n < 1 || threads < 1)
    benchFail("--n and --threads must be positive", NULL);
  size_t count = (size_t)g.n * (size_t)g.n, bytes = count * (g.isF64 ? 8 : 4);
  g.a = benchAlloc(bytes), g.b = benchAlloc(bytes), g.c = benchAlloc(bytes);
  if (fileA)
    benchReadRaw(fileA, g.a, bytes);
  else
    benchFillRandom(g.a, count, g.isF64, 17);
  if (fileB)
    benchReadRaw(fileB, g.b, bytes);
  else
    benchFillRandom(g.b, count, g.isF64, 18);
  setThreads(threads);
  benchMeasure(gemmCall, &g, plan);
  printKernel();
  if (dump)
    benchWriteRaw(dump, g.c, bytes);
  return 0;
}
