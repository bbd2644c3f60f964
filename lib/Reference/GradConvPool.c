//===- GradConvPool.c - reference derivatives of conv2d and 2-D pools ------===//
//
// docs/autodiff.md §3.3. Every output element of these ops reads the
// window positions (oh·sh + i·dh − pt, ow·sw + j·dw − pl) for kernel taps
// (i, j); a position outside the input is padding, which holds no
// variable. From the definitions of docs/dialects.md §2.2.10-12:
//
//   conv2d      each product xp·w of out[n, m, oh, ow] sends dy·w to x (when
//               the tap is a real element) and dy·xp to w; bias[m] gets dy
//   avg_pool2d  every real element of the window gets dy / D, D the
//               forward's divisor (count_include_pad: the window's area in
//               the padded input; else its number of real elements)
//   max_pool2d  one element of the window gets dy: the last NaN if the
//               window holds one, else the first (taps in row-major order)
//               equal to the maximum; this is the element PyTorch's
//               max_pool2d_with_indices records, so ties go to the first
//
// Output sizes are the result's; window positions are computed in 64 bits,
// which the forward's 128-bit checks made safe for every real output.
//
//===----------------------------------------------------------------------===//
#include "GradInternal.h"

#include <math.h>

typedef struct Window {
  int64_t kernel[2], strides[2], pads[4], dilations[2];
} Window;

static bool readArray(RefGrad *g, const char *name, intptr_t n, int64_t *out) {
  RefArray a;
  if (!tcRefGetI64ArrayAttr(&g->r, name, &a))
    return false;
  if (a.size != n)
    return tcRefError(&g->r, "attribute '%s' must have %ld entries", name, (long)n);
  for (intptr_t i = 0; i < n; ++i)
    out[i] = a.data[i];
  return true;
}

static bool readWindow(RefGrad *g, Window *w, bool hasKernel, bool hasDilations) {
  w->dilations[0] = w->dilations[1] = 1;
  return (!hasKernel || readArray(g, "kernel", 2, w->kernel)) && readArray(g, "strides", 2, w->strides) &&
         readArray(g, "pads", 4, w->pads) && (!hasDilations || readArray(g, "dilations", 2, w->dilations));
}

// Input position along axis a (0: H, 1: W) of output o at tap t.
static int64_t at(const Window *w, int a, int64_t o, int64_t t) {
  return o * w->strides[a] + t * w->dilations[a] - w->pads[a];
}

static int64_t index4(const TcRefTensor *t, int64_t n, int64_t c, int64_t h, int64_t v) {
  return ((n * t->dims[1] + c) * t->dims[2] + h) * t->dims[3] + v;
}

bool tcRefGradConv2d(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0], *w = g->r.operands[1], *y = g->results[0];
  Window win;
  int64_t groups;
  if (!tcRefGetI64Attr(&g->r, "group", &groups) || !readWindow(g, &win, false, true))
    return false;
  int64_t cg = w->dims[1], kh = w->dims[2], kw = w->dims[3], perGroup = w->dims[0] / groups, idx[4];
  RefShape shape = tcRefShapeOf(y);
  for (int64_t k = 0; g->dy[0] && k < y->numel; ++k) {
    tcRefUnravel(k, &shape, idx);
    Quad d = g->dy[0][k];
    int64_t n = idx[0], m = idx[1], first = m / perGroup * cg;
    if (g->r.numOperands > 2 && g->dx[2])
      g->dx[2][m] += d;
    for (int64_t c = 0; c < cg; ++c)
      for (int64_t i = 0; i < kh; ++i)
        for (int64_t j = 0; j < kw; ++j) {
          int64_t h = at(&win, 0, idx[2], i), v = at(&win, 1, idx[3], j), wi = ((m * cg + c) * kh + i) * kw + j;
          if (h < 0 || h >= x->dims[2] || v < 0 || v >= x->dims[3])
            continue; // padding: +0 times w, and no variable to receive dy·w
          int64_t xi = index4(x, n, first + c, h, v);
          if (g->dx[0])
            g->dx[0][xi] += d * refGradX(w, wi);
          if (g->dx[1])
            g->dx[1][wi] += d * refGradX(x, xi);
        }
  }
  return true;
}

// The element of window (n, c, oh, ow) that receives max_pool2d's dy, or -1.
static int64_t maxPoolPick(const TcRefTensor *x, const Window *w, const int64_t *o, double best) {
  int64_t firstMax = -1, lastNan = -1;
  for (int64_t i = 0; i < w->kernel[0]; ++i)
    for (int64_t j = 0; j < w->kernel[1]; ++j) {
      int64_t h = at(w, 0, o[2], i), v = at(w, 1, o[3], j);
      if (h < 0 || h >= x->dims[2] || v < 0 || v >= x->dims[3])
        continue;
      int64_t e = index4(x, o[0], o[1], h, v);
      if (isnan(x->data[e].f))
        lastNan = e;
      else if (firstMax < 0 && x->data[e].f == best)
        firstMax = e;
    }
  return lastNan >= 0 ? lastNan : firstMax;
}

bool tcRefGradMaxPool2d(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0], *y = g->results[0];
  Window win;
  if (!readWindow(g, &win, true, true))
    return false;
  RefShape shape = tcRefShapeOf(y);
  int64_t idx[4];
  for (int64_t k = 0; g->dy[0] && g->dx[0] && k < y->numel; ++k) {
    tcRefUnravel(k, &shape, idx);
    int64_t e = maxPoolPick(x, &win, idx, y->data[k].f);
    if (e >= 0)
      g->dx[0][e] += g->dy[0][k];
  }
  return true;
}

// avg_pool2d's divisor of output (oh, ow).
static int64_t divisor(const TcRefTensor *x, const Window *w, const int64_t *o, bool includePad) {
  int64_t n[2];
  for (int a = 0; a < 2; ++a) {
    int64_t start = o[2 + a] * w->strides[a], padded = x->dims[2 + a] + w->pads[a] + w->pads[a + 2];
    int64_t lo = start - w->pads[a], hi = lo + w->kernel[a], size = x->dims[2 + a];
    n[a] = includePad ? (start + w->kernel[a] < padded ? start + w->kernel[a] : padded) - start
                      : (hi < size ? hi : size) - (lo > 0 ? lo : 0);
  }
  return n[0] * n[1];
}

bool tcRefGradAvgPool2d(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0], *y = g->results[0];
  Window win;
  bool includePad;
  if (!tcRefGetBoolAttr(&g->r, "count_include_pad", &includePad) || !readWindow(g, &win, true, false))
    return false;
  RefShape shape = tcRefShapeOf(y);
  int64_t idx[4];
  for (int64_t k = 0; g->dy[0] && g->dx[0] && k < y->numel; ++k) {
    tcRefUnravel(k, &shape, idx);
    Quad share = g->dy[0][k] / divisor(x, &win, idx, includePad);
    for (int64_t i = 0; i < win.kernel[0]; ++i)
      for (int64_t j = 0; j < win.kernel[1]; ++j) {
        int64_t h = at(&win, 0, idx[2], i), v = at(&win, 1, idx[3], j);
        if (h >= 0 && h < x->dims[2] && v >= 0 && v < x->dims[3])
          g->dx[0][index4(x, idx[0], idx[1], h, v)] += share;
      }
  }
  return true;
}
