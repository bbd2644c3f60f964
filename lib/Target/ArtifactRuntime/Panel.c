//===- Panel.c - the panel gemm compiled into artifacts --------------------===//
//
// Not part of the compiler: at build time clang compiles this file to LLVM
// IR (lib/Target/CMakeLists.txt), the IR is embedded into tensorc, and
// lib/Target/BlisLink.c links it into every module that calls
// `__tc_panel_gemm` (tc-lower-kernels emits those calls for
// `tc_kernel.gemm kernel = "panel"`, docs/dialects.md §4.1). Its symbols
// are weak and hidden, as the BLIS shim's are.
//
// One entry computes a row-major f32 gemm with few rows,
//   c[m, n] <- alpha * Σ_k a[m, k] · b[k, n] + beta * c[m, n],
// from a b that the compiler stored at compile time in panels of W columns:
// panel p holds b[k, p·W + j] at p·K·W + k·W + j, zero past column N. A
// block of up to R rows of c times one panel is summed in registers over
// the whole of K: every k step loads the panel's W values once (contiguous,
// in the order they are stored, so the loads stream) and adds one product
// per row and column. Nothing is packed at run time, which is where BLIS
// spends the time of a gemm of M <= 16 (docs/lowering.md, "Kernel
// selection", has the measurements).
//
// W and R fit the registers of the target: W = 32, R = 8 (16 accumulators
// of 16 floats) for 512-bit vectors; W = 16, R = 6 (12 accumulators of two
// 8-float halves) for 256-bit ones. The compiler passes W; each element is
// the same sequential f32 sum over k = 0..K-1 (with or without FMA, as the
// target contracts it) whichever block and thread computes it, so results
// do not depend on the thread count. The contract's f32 tolerance must
// have gamma >= 1 (tc-select-kernels asks): the classical bound covers
// this order as any other.
//
// Threads: the panels are shared out to the threads of one OpenMP region
// when M·N·K > TC_BLIS_ONE_THREAD_VOLUME, as the BLIS shim does (and like
// it, the call is a top-level statement of an entry point, never inside a
// parallel loop).
//
//===----------------------------------------------------------------------===//
#include "BlisFeatures.h"

#include <omp.h>
#include <stdint.h>
#include <string.h>

#define TC_SHIM __attribute__((weak, visibility("hidden")))
#define TC_LOCAL static __attribute__((visibility("hidden")))
#define TC_INLINE static inline __attribute__((always_inline))

typedef float TcV16 __attribute__((vector_size(64), aligned(4)));

enum { kMaxRows = 8, kMaxVecs = 2 };

/// One block: rows [0, R) of a (row stride lda) times the panel `panel`
/// ([K, 16·V]); the block's alpha·sums + beta·c go to `c` (row stride ldc),
/// its first `cols` columns only.
TC_INLINE void block(const int R, const int V, int64_t k, const float *a, int64_t lda, const float *panel,
                     float alpha, float beta, float *c, int64_t ldc, int64_t cols) {
  TcV16 acc[kMaxRows][kMaxVecs];
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < V; ++v)
      acc[r][v] = (TcV16){0};
  for (int64_t kk = 0; kk < k; ++kk) {
    TcV16 bv[kMaxVecs];
    for (int v = 0; v < V; ++v)
      bv[v] = *(const TcV16 *)(panel + kk * 16 * V + 16 * v);
#pragma clang loop unroll(full)
    for (int r = 0; r < R; ++r) {
      float s = a[r * lda + kk];
#pragma clang loop unroll(full)
      for (int v = 0; v < V; ++v)
        acc[r][v] += s * bv[v];
    }
  }
  for (int r = 0; r < R; ++r) {
    float row[16 * kMaxVecs];
    memcpy(row, acc[r], sizeof(TcV16) * (size_t)V);
    float *out = c + r * ldc;
    if (beta == 0.0f) // the old contents of c are not read
      for (int64_t j = 0; j < cols; ++j)
        out[j] = alpha * row[j];
    else
      for (int64_t j = 0; j < cols; ++j)
        out[j] = alpha * row[j] + beta * out[j];
  }
}

/// Rows [0, rows) of c times panel `p`, in blocks of R rows then one block
/// of the remainder.
#define TC_PANEL_ROWS(R, V)                                                                                           \
  case R:                                                                                                              \
    block(R, V, k, a, lda, panel, alpha, beta, c, ldc, cols);                                                          \
    break;

TC_INLINE void panel32(int64_t m, int64_t k, const float *a, int64_t lda, const float *panel, float alpha,
                       float beta, float *c, int64_t ldc, int64_t cols) {
  for (int64_t row = 0; row < m; row += 8, a += 8 * lda, c += 8 * ldc)
    switch (m - row < 8 ? m - row : 8) {
      TC_PANEL_ROWS(1, 2) TC_PANEL_ROWS(2, 2) TC_PANEL_ROWS(3, 2) TC_PANEL_ROWS(4, 2) TC_PANEL_ROWS(5, 2)
      TC_PANEL_ROWS(6, 2) TC_PANEL_ROWS(7, 2) TC_PANEL_ROWS(8, 2)
    }
}

TC_INLINE void panel16(int64_t m, int64_t k, const float *a, int64_t lda, const float *panel, float alpha,
                       float beta, float *c, int64_t ldc, int64_t cols) {
  for (int64_t row = 0; row < m; row += 6, a += 6 * lda, c += 6 * ldc)
    switch (m - row < 6 ? m - row : 6) {
      TC_PANEL_ROWS(1, 1) TC_PANEL_ROWS(2, 1) TC_PANEL_ROWS(3, 1) TC_PANEL_ROWS(4, 1) TC_PANEL_ROWS(5, 1)
      TC_PANEL_ROWS(6, 1)
    }
}

TC_LOCAL void onePanel(int64_t width, int64_t m, int64_t n, int64_t k, float alpha, float beta, const float *a,
                       const float *b, float *c, int64_t p) {
  int64_t first = p * width, cols = n - first < width ? n - first : width;
  const float *panel = b + p * k * width;
  if (width == 32)
    panel32(m, k, a, k, panel, alpha, beta, c + first, n, cols);
  else
    panel16(m, k, a, k, panel, alpha, beta, c + first, n, cols);
}

/// See the file comment. `a` is [m, k], `b` the panels ([ceil(n / width), k,
/// width]), `c` [m, n], all dense row-major f32; `width` is 16 or 32.
TC_SHIM void __tc_panel_gemm(int64_t width, int64_t m, int64_t n, int64_t k, double alpha, double beta, int64_t a,
                             int64_t b, int64_t c) {
  const float *af = (const float *)(intptr_t)a, *bf = (const float *)(intptr_t)b;
  float *cf = (float *)(intptr_t)c;
  int64_t panels = (n + width - 1) / width;
  float alpha32 = (float)alpha, beta32 = (float)beta;
  if (m * n * k <= TC_BLIS_ONE_THREAD_VOLUME || omp_get_max_threads() == 1) {
    for (int64_t p = 0; p < panels; ++p)
      onePanel(width, m, n, k, alpha32, beta32, af, bf, cf, p);
    return;
  }
#pragma omp parallel for schedule(static)
  for (int64_t p = 0; p < panels; ++p)
    onePanel(width, m, n, k, alpha32, beta32, af, bf, cf, p);
}
