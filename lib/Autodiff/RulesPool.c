//===- RulesPool.c - VJP rules of max_pool2d and avg_pool2d ----------------===//
//
// A 2-D pool reads, for kernel tap (i, j), the input positions
// (oh·sh + i·dh − pt, ow·sw + j·dw − pl): a strided slice of x padded to
// cover every window (ceil mode may run past the explicit padding). Each
// tap's share of dy is put back where the tap read it (dilated by the
// strides, then padded to the tap's offset: the step `x.route`), the taps
// are summed, and the padding is cropped away.
//
// - avg_pool2d: every tap gets dy / D, D the window's divisor
//   (count_include_pad: the window's area inside the padded input, else its
//   number of real elements), a constant of [Ho, Wo] computed here.
// - max_pool2d: one tap per window gets dy, the one PyTorch's
//   max_pool2d_with_indices records: the last NaN of the window if it holds
//   one, otherwise the first element (taps in row-major order) equal to the
//   maximum, so ties go to the first. A tap over padding never counts; which
//   taps are real is a constant mask of [Ho, Wo] per tap.
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

#include <stdlib.h>

typedef struct Pool {
  int64_t kernel[2], strides[2], pads[4], dilations[2];
  GradShape xs, ys;
  int64_t span[2]; ///< padded length along H, W covering every window
} Pool;

static void readPool(GradCall *c, Pool *p, bool dilated) {
  p->xs = tcGradShapeOf(tcGradOperand(c, 0));
  p->ys = tcGradShapeOf(tcGradResult(c, 0));
  tcGradAttrArray(c->op, "kernel", p->kernel);
  tcGradAttrArray(c->op, "strides", p->strides);
  tcGradAttrArray(c->op, "pads", p->pads);
  p->dilations[0] = p->dilations[1] = 1;
  if (dilated)
    tcGradAttrArray(c->op, "dilations", p->dilations);
  for (int a = 0; a < 2; ++a) {
    int64_t reach = (p->ys.dims[2 + a] - 1) * p->strides[a] + (p->kernel[a] - 1) * p->dilations[a] + 1;
    int64_t padded = p->xs.dims[2 + a] + p->pads[a] + p->pads[a + 2];
    p->span[a] = reach > padded ? reach : padded;
  }
}

// Input position of output o at tap t along axis a, relative to the input.
static int64_t position(const Pool *p, int a, int64_t o, int64_t t) {
  return o * p->strides[a] + t * p->dilations[a] - p->pads[a];
}

// x padded (value 0; padding is masked out) to the span.
static MlirValue padToSpan(GradBuilder *b, const Pool *p, MlirValue x) {
  int64_t pads[8] = {0, 0, p->pads[0], p->pads[1], 0, 0, 0, 0};
  for (int a = 0; a < 2; ++a)
    pads[6 + a] = p->span[a] - p->xs.dims[2 + a] - p->pads[a];
  return tcGradPad(b, x, pads, "constant", 0.0);
}

static MlirValue tapSlice(GradBuilder *b, const Pool *p, MlirValue xp, int64_t i, int64_t j) {
  int64_t starts[4] = {0, 0, i * p->dilations[0], j * p->dilations[1]};
  int64_t ends[4] = {p->xs.dims[0], p->xs.dims[1], starts[2] + (p->ys.dims[2] - 1) * p->strides[0] + 1,
                     starts[3] + (p->ys.dims[3] - 1) * p->strides[1] + 1};
  int64_t steps[4] = {1, 1, p->strides[0], p->strides[1]};
  return tcGradSlice(b, xp, starts, ends, steps);
}

// The dilated share (already spaced by the strides) put at tap (i, j)'s
// offset in the span: the step `x.route`.
static MlirValue route(GradCall *c, const Pool *p, MlirValue spaced, int64_t i, int64_t j) {
  tcGradStep(c, "x.route");
  GradShape s = tcGradShapeOf(spaced);
  int64_t pads[8] = {0, 0, i * p->dilations[0], j * p->dilations[1], 0, 0, 0, 0};
  pads[6] = p->span[0] - pads[2] - s.dims[2];
  pads[7] = p->span[1] - pads[3] - s.dims[3];
  MlirValue v = tcGradPad(c->b, spaced, pads, "constant", 0.0);
  tcGradStep(c, "x");
  return v;
}

static MlirValue space(GradBuilder *b, const Pool *p, MlirValue share) {
  return tcGradDilate(b, tcGradDilate(b, share, 2, p->strides[0]), 3, p->strides[1]);
}

// The span-shaped sum cropped back to x.
static MlirValue crop(GradBuilder *b, const Pool *p, MlirValue sum) {
  int64_t pads[8] = {0, 0, -p->pads[0], -p->pads[1], 0, 0, 0, 0};
  for (int a = 0; a < 2; ++a)
    pads[6 + a] = -(p->span[a] - p->xs.dims[2 + a] - p->pads[a]);
  return tcGradPad(b, sum, pads, "constant", 0.0);
}

static MlirValue accumulate(GradBuilder *b, MlirValue sum, MlirValue v) {
  return mlirValueIsNull(sum) ? v : tcGradBinary(b, "tc_tensor.add", sum, v);
}

// Which outputs' tap (i, j) reads a real element, as a [Ho, Wo] constant.
static MlirValue validMask(GradBuilder *b, const Pool *p, int64_t i, int64_t j) {
  int64_t ho = p->ys.dims[2], wo = p->ys.dims[3];
  bool *valid = malloc((size_t)(ho * wo > 0 ? ho * wo : 1) * sizeof *valid);
  for (int64_t oh = 0; oh < ho; ++oh)
    for (int64_t ow = 0; ow < wo; ++ow) {
      int64_t h = position(p, 0, oh, i), w = position(p, 1, ow, j);
      valid[oh * wo + ow] = h >= 0 && h < p->xs.dims[2] && w >= 0 && w < p->xs.dims[3];
    }
  GradShape s = {2, {ho, wo}};
  MlirValue m = tcGradBoolConstant(b, &s, valid);
  free(valid);
  return m;
}

// hit = valid & cond & !found; found |= hit.
static MlirValue claim(GradBuilder *b, MlirValue valid, MlirValue cond, MlirValue *found) {
  MlirValue hit = tcGradBinary(b, "tc_tensor.and", cond, valid);
  if (!mlirValueIsNull(*found))
    hit = tcGradBinary(b, "tc_tensor.and", hit, tcGradUnary(b, "tc_tensor.not", *found));
  *found = mlirValueIsNull(*found) ? hit : tcGradBinary(b, "tc_tensor.or", *found, hit);
  return hit;
}

bool tcGradRuleMaxPool2d(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  GradBuilder *b = c->b;
  Pool p;
  readPool(c, &p, true);
  MlirValue y = tcGradResult(c, 0), dy = tcGradDy(c, 0), zero = tcGradScalar(b, tcGradElem(dy), 0.0);
  tcGradStep(c, "x");
  MlirValue xp = padToSpan(b, &p, tcGradOperand(c, 0)), yIsNan = tcGradCompare(b, "tc_tensor.ne", y, y);
  int64_t taps = p.kernel[0] * p.kernel[1];
  MlirValue *xs = malloc((size_t)taps * sizeof *xs), *nanHit = malloc((size_t)taps * sizeof *nanHit);
  MlirValue *valid = malloc((size_t)taps * sizeof *valid), foundNan = {NULL}, found = {NULL}, sum = {NULL};
  for (int64_t t = 0; t < taps; ++t) {
    xs[t] = tapSlice(b, &p, xp, t / p.kernel[1], t % p.kernel[1]);
    valid[t] = validMask(b, &p, t / p.kernel[1], t % p.kernel[1]);
  }
  for (int64_t t = taps - 1; t >= 0; --t) // the last NaN
    nanHit[t] = claim(b, valid[t], tcGradCompare(b, "tc_tensor.ne", xs[t], xs[t]), &foundNan);
  for (int64_t t = 0; t < taps; ++t) { // the first maximum
    MlirValue hit = claim(b, valid[t], tcGradCompare(b, "tc_tensor.eq", xs[t], y), &found);
    MlirValue share = tcGradWhere(b, tcGradWhere(b, yIsNan, nanHit[t], hit), dy, zero);
    sum = accumulate(b, sum, route(c, &p, space(b, &p, share), t / p.kernel[1], t % p.kernel[1]));
  }
  tcGradGive(c, 0, crop(b, &p, sum));
  free(xs);
  free(nanHit);
  free(valid);
  return true;
}

// The divisor of every window, as a [Ho, Wo] constant of x's dtype.
static MlirValue divisors(GradBuilder *b, const Pool *p, bool includePad, MlirType elem) {
  int64_t ho = p->ys.dims[2], wo = p->ys.dims[3];
  double *d = malloc((size_t)(ho * wo > 0 ? ho * wo : 1) * sizeof *d);
  for (int64_t oh = 0; oh < ho; ++oh)
    for (int64_t ow = 0; ow < wo; ++ow) {
      int64_t n[2];
      for (int a = 0; a < 2; ++a) {
        int64_t o = a == 0 ? oh : ow, start = o * p->strides[a], padded = p->xs.dims[2 + a] + p->pads[a] + p->pads[a + 2];
        int64_t lo = position(p, a, o, 0), hi = lo + p->kernel[a]; // [lo, hi) relative to the input
        n[a] = includePad ? (start + p->kernel[a] < padded ? start + p->kernel[a] : padded) - start
                          : (hi < p->xs.dims[2 + a] ? hi : p->xs.dims[2 + a]) - (lo > 0 ? lo : 0);
      }
      d[oh * wo + ow] = (double)(n[0] * n[1]);
    }
  GradShape s = {2, {ho, wo}};
  MlirValue v = tcGradFloatConstant(b, &s, elem, d);
  free(d);
  return v;
}

bool tcGradRuleAvgPool2d(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  GradBuilder *b = c->b;
  Pool p;
  readPool(c, &p, false);
  MlirValue dy = tcGradDy(c, 0), sum = {NULL};
  tcGradStep(c, "x");
  MlirValue share =
      tcGradBinary(b, "tc_tensor.div", dy, divisors(b, &p, tcGradAttrBool(c->op, "count_include_pad"), tcGradElem(dy)));
  MlirValue spaced = space(b, &p, share);
  for (int64_t t = 0; t < p.kernel[0] * p.kernel[1]; ++t)
    sum = accumulate(b, sum, route(c, &p, spaced, t / p.kernel[1], t % p.kernel[1]));
  tcGradGive(c, 0, crop(b, &p, sum));
  return true;
}
