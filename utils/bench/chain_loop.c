//===- chain_loop.c - the hand-written fused elementwise chain, and triad -===//
//
// chain_loop chain --n N --threads T [--x F --w F --b F --dump F] [plan]
// chain_loop triad --n N --threads T [plan]
//
// The hand-written baselines of the elementwise benchmark, compiled by the
// driver with `cc -O3 -march=native -fopenmp-simd` (one thread) and again
// with `-fopenmp` (the thread count from omp_set_num_threads(T)):
//
//   chain   y[i] = 0.5·z·(1 + tanh(0.79788456·(z + 0.044715·z³))),
//           z = x[i]·w[i] + b[i]: one fused loop over same-shape f32
//           arrays, as a programmer would write it. tanhf is declared
//           `omp declare simd`, so GCC calls glibc's vector tanh (libmvec,
//           _ZGVdN8v_tanhf, link -lmvec) without -ffast-math: the rest of
//           the arithmetic keeps IEEE semantics (FMA contraction aside,
//           which GCC does by default).
//   triad   a[i] = b[i] + 3·c[i] on f32 arrays, STREAM's triad kernel. The
//           JSON line adds the bytes STREAM counts (3 arrays, no
//           write-allocate), from which the driver derives GB/s and the
//           chain's bandwidth floor (4 arrays: x, w, b read, y written).
//
// Arrays are first touched in the loop's own schedule (parallel, static),
// as STREAM does. Measurement: bench_util.h.
//
//===----------------------------------------------------------------------===//
#include "bench_util.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#pragma omp declare simd notinbranch
float tanhf(float);

typedef struct {
  long n;
  float *x, *w, *b, *y;
} Arrays;

static void chainCall(void *ctx) {
  Arrays *a = ctx;
  const float *restrict x = a->x, *restrict w = a->w, *restrict b = a->b;
  float *restrict y = a->y;
  long n = a->n;
#pragma omp parallel for simd schedule(static)
  for (long i = 0; i < n; ++i) {
    float z = x[i] * w[i] + b[i];
    float inner = 0.79788456f * (z + 0.044715f * z * z * z);
    y[i] = 0.5f * z * (1.0f + tanhf(inner));
  }
}

static void triadCall(void *ctx) {
  Arrays *a = ctx;
  float *restrict out = a->y;
  const float *restrict p = a->x, *restrict q = a->w;
  long n = a->n;
#pragma omp parallel for simd schedule(static)
  for (long i = 0; i < n; ++i)
    out[i] = p[i] + 3.0f * q[i];
}

/// First touch in the loops' schedule, then the values.
static float *touched(long n, const char *file, uint64_t seed) {
  float *p = benchAlloc(sizeof(float) * (size_t)n);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i)
    p[i] = 0.0f;
  if (file)
    benchReadRaw(file, p, sizeof(float) * (size_t)n);
  else
    benchFillRandom(p, (size_t)n, 0, seed);
  return p;
}

int main(int argc, char **argv) {
  if (argc < 2 || (strcmp(argv[1], "chain") != 0 && strcmp(argv[1], "triad") != 0))
    benchFail("usage: chain_loop chain|triad --n N --threads T ...", NULL);
  int isChain = strcmp(argv[1], "chain") == 0;
  BenchPlan plan = BENCH_DEFAULT_PLAN;
  long n = 0;
  int threads = 1;
  const char *files[3] = {NULL, NULL, NULL}, *dump = NULL;
  for (int i = 2; i < argc; ++i) {
    if (benchParsePlan(argc, argv, &i, &plan))
      continue;
    if (i + 1 >= argc)
      benchFail("option needs a value", argv[i]);
    const char *opt = argv[i], *value = argv[++i];
    if (strcmp(opt, "--n") == 0)
      n = atol(value);
    else if (strcmp(opt, "--threads") == 0)
      threads = atoi(value);
    else if (strcmp(opt, "--x") == 0 || strcmp(opt, "--w") == 0 || strcmp(opt, "--b") == 0)
      files[opt[2] == 'x' ? 0 : opt[2] == 'w' ? 1 : 2] = value;
    else if (strcmp(opt, "--dump") == 0)
      dump = value;
    else
      benchFail("unknown option", opt);
  }
  if (n < 1 || threads < 1)
    benchFail("--n and --threads must be positive", NULL);
#ifdef _OPENMP
  omp_set_num_threads(threads);
#else
  if (threads != 1)
    benchFail("built without OpenMP: one thread only", NULL);
#endif
  Arrays a = {n, touched(n, files[0], 21), touched(n, files[1], 22), touched(n, files[2], 23),
              touched(n, NULL, 24)};
  benchMeasure(isChain ? chainCall : triadCall, &a, plan);
  printf(", \"impl\": \"%s\", \"bytes\": %ld}\n", isChain ? "c-loop" : "triad",
         (long)sizeof(float) * n * (isChain ? 4 : 3));
  if (dump)
    benchWriteRaw(dump, a.y, sizeof(float) * (size_t)n);
  return 0;
}
