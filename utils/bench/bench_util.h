//===- bench_util.h - what the benchmark harnesses share ------------------===//
//
// Header-only support for the C harnesses of utils/bench (tc_call.c,
// gemm_blas.c, chain_loop.c), which the driver `utils/bench/run` compiles with
// the system cc. Every harness measures the same way, so that their figures
// can stand side by side in one table:
//
//   - untimed warm-up calls: at least BENCH_WARMUP_CALLS and at least
//     BENCH_WARMUP_SECONDS, unless they exceed a third of the budget. The
//     first calls pay one-time costs (thread creation, page faults on
//     BLIS's packing buffers, lazy binding), up to several times a warm
//     call; the fastest warm-up call calibrates `inner`, the number of
//     calls per sample, so that a sample lasts at least `minSample` seconds
//     (small problems are otherwise below the clock's useful resolution);
//   - then `reps` samples, each the wall time (CLOCK_MONOTONIC) of `inner`
//     calls divided by `inner`; fewer samples (at least 3) when one call
//     alone exceeds the per-process time budget (--reps 1 --budget 0
//     is one checked call after the warm-up);
//   - the samples are printed on stdout as one JSON line
//     {"samples": [s, ...], "inner": n, ...extra members}, which the driver
//     pools across rounds into a median and its spread.
//
// Inputs are raw little-endian arrays (the driver converts .npy to raw and
// back) or, without a file, uniform values in [-1, 1) from a fixed seed.
// Errors print `bench: message` and exit 1: these are tools for the driver,
// which reports them.
//
//===----------------------------------------------------------------------===//
#ifndef TC_BENCH_UTIL_H
#define TC_BENCH_UTIL_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE // clock_gettime, posix_memalign, pthread barriers (blis.h)
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void (*BenchFn)(void *ctx);

enum { BENCH_WARMUP_CALLS = 3 };
#define BENCH_WARMUP_SECONDS 0.05

typedef struct {
  int reps;         // samples wanted
  double minSample; // seconds a sample should last at least
  double budget;    // seconds of timed calls per process (soft)
} BenchPlan;

static inline double benchNow(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline void benchFail(const char *message, const char *what) {
  fprintf(stderr, "bench: %s%s%s\n", message, what ? ": " : "", what ? what : "");
  exit(1);
}

static inline void *benchAlloc(size_t bytes) {
  void *p = NULL;
  size_t rounded = (bytes + 63) / 64 * 64;
  if (posix_memalign(&p, 64, rounded ? rounded : 64) != 0)
    benchFail("out of memory", NULL);
  memset(p, 0, rounded ? rounded : 64);
  return p;
}

/// Fills `count` floats (f32 if `isF64` is 0) with uniform values in [-1, 1).
static inline void benchFillRandom(void *data, size_t count, int isF64, uint64_t seed) {
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  for (size_t i = 0; i < count; ++i) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    double v = (double)(s >> 11) / 9007199254740992.0 * 2.0 - 1.0;
    if (isF64)
      ((double *)data)[i] = v;
    else
      ((float *)data)[i] = (float)v;
  }
}

/// Reads exactly `bytes` bytes of `path` into `data`.
static inline void benchReadRaw(const char *path, void *data, size_t bytes) {
  FILE *f = fopen(path, "rb");
  if (!f)
    benchFail("cannot open input", path);
  size_t got = fread(data, 1, bytes, f);
  int extra = fgetc(f);
  fclose(f);
  if (got != bytes || extra != EOF)
    benchFail("input file has the wrong size", path);
}

static inline void benchWriteRaw(const char *path, const void *data, size_t bytes) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, bytes, f) != bytes || fclose(f) != 0)
    benchFail("cannot write output", path);
}

static inline int benchCompareSamples(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/// Times `fn(ctx)` as the file's opening comment says and prints the JSON
/// line's opening (`{"samples": [...], "inner": n`); the caller adds its own
/// members and the closing brace.
static inline void benchMeasure(BenchFn fn, void *ctx, BenchPlan plan) {
  double one = 0, warmStart = benchNow();
  for (int calls = 0;; ++calls) {
    double elapsed = benchNow() - warmStart;
    if (calls >= 1 && ((calls >= BENCH_WARMUP_CALLS && elapsed >= BENCH_WARMUP_SECONDS) || elapsed > plan.budget / 3))
      break;
    double t0 = benchNow();
    fn(ctx);
    double t = benchNow() - t0;
    one = calls == 0 || t < one ? t : one;
  }
  if (one <= 0)
    one = 1e-9;
  long inner = one >= plan.minSample ? 1 : (long)(plan.minSample / one) + 1;
  int reps = plan.reps;
  if (one * inner * reps > plan.budget) {
    reps = (int)(plan.budget / (one * inner));
    int floor = plan.reps < 3 ? plan.reps : 3; // at least 3 samples, unless fewer were asked for
    if (reps < floor)
      reps = floor;
  }
  double *samples = benchAlloc(sizeof(double) * (size_t)reps);
  for (int r = 0; r < reps; ++r) {
    double start = benchNow();
    for (long i = 0; i < inner; ++i)
      fn(ctx);
    samples[r] = (benchNow() - start) / (double)inner;
  }
  printf("{\"samples\": [");
  for (int r = 0; r < reps; ++r)
    printf("%s%.9g", r ? ", " : "", samples[r]);
  printf("], \"inner\": %ld", inner);
  free(samples);
}

/// Parses the options every harness takes; returns 1 if argv[*i] was one.
static inline int benchParsePlan(int argc, char **argv, int *i, BenchPlan *plan) {
  const char *opt = argv[*i];
  if (*i + 1 >= argc)
    return 0;
  if (strcmp(opt, "--reps") == 0)
    plan->reps = atoi(argv[++*i]);
  else if (strcmp(opt, "--min-sample") == 0)
    plan->minSample = atof(argv[++*i]);
  else if (strcmp(opt, "--budget") == 0)
    plan->budget = atof(argv[++*i]);
  else
    return 0;
  if (plan->reps < 1)
    benchFail("--reps must be at least 1", NULL);
  return 1;
}

#define BENCH_DEFAULT_PLAN {10, 0.002, 3.0}

#endif // TC_BENCH_UTIL_H
