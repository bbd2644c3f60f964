//===- OpsResize.c - ONNX Resize and Upsample --------------------------------===//
//
// With static shapes and the scales (or sizes) known at import time, every
// output coordinate of Resize reads, along each axis, a few input samples
// (1 for nearest, 2 for linear, 4 for cubic) with weights that depend on the
// coordinate only. The importer computes those indices and weights on the
// host, exactly as ONNX's reference does (onnx/backend/test/case/node/
// resize.py: the coordinate transformation, the neighbours among the input
// padded by its edge values, the coefficients, `exclude_outside`, the
// extrapolation of tf_crop_and_resize), and emits one pass per axis that
// changes, innermost first (the reference's order):
//
//   nearest         gather(x, idx, axis): the selected element itself
//   linear, cubic   Σ_t gather(x, idx_t, axis) · w_t, in f64 (the
//                   reference's precision), rounded to x's dtype at the end
//   tf_crop_and_resize  where(outside, extrapolation_value, ·) after the pass
//
// The coordinate uses the reference's output width, scale · input width (not
// the floored output size). Upsample (opsets 7-9) is Resize with the
// asymmetric transformation and, for nearest, the floor rounding.
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { TAPS_MAX = 4 };

typedef struct {
  char mode[16], coord[24], nearest[24];
  double cubicA, extrapolation;
  bool excludeOutside;
} ResizeSpec;

// The n nearest indices to xp among [0, limit), the smaller one preferred on
// a tie, in ascending order (the reference's get_neighbor_idxes).
static void neighbours(double xp, int n, int64_t limit, int64_t *out) {
  int64_t lo = (int64_t)floor(xp) - n - 1, hi;
  if (lo > limit - 2 * n - 2)
    lo = limit - 2 * n - 2;
  if (lo < 0)
    lo = 0;
  hi = lo + 2 * n + 3 < limit ? lo + 2 * n + 3 : limit;
  int k = 0;
  for (int64_t i = lo; i < hi && k < n; ++i) { // pick n by (|xp - i|, i)
    int64_t best = -1;
    for (int64_t j = lo; j < hi; ++j) {
      bool used = false;
      for (int u = 0; u < k; ++u)
        used |= out[u] == j;
      if (used)
        continue;
      if (best < 0 || fabs(xp - (double)j) < fabs(xp - (double)best))
        best = j;
    }
    out[k++] = best;
  }
  for (int a = 0; a < k; ++a) // ascending
    for (int b = a + 1; b < k; ++b)
      if (out[b] < out[a]) {
        int64_t t = out[a];
        out[a] = out[b], out[b] = t;
      }
}

static int coeffs(const ResizeSpec *s, double ratio, bool integral, double *c) {
  if (!strcmp(s->mode, "nearest")) {
    bool ceilSide;
    if (integral)
      ceilSide = true;
    else if (!strcmp(s->nearest, "round_prefer_floor"))
      ceilSide = ratio > 0.5;
    else if (!strcmp(s->nearest, "round_prefer_ceil"))
      ceilSide = ratio >= 0.5;
    else
      ceilSide = !strcmp(s->nearest, "ceil");
    c[0] = !ceilSide, c[1] = ceilSide;
    return 2;
  }
  if (!strcmp(s->mode, "linear")) {
    c[0] = 1 - ratio, c[1] = ratio;
    return 2;
  }
  double A = s->cubicA, r = ratio, q = 1 - ratio;
  c[0] = ((A * (r + 1) - 5 * A) * (r + 1) + 8 * A) * (r + 1) - 4 * A;
  c[1] = ((A + 2) * r - (A + 3)) * r * r + 1;
  c[2] = ((A + 2) * q - (A + 3)) * q * q + 1;
  c[3] = ((A * (q + 1) - 5 * A) * (q + 1) + 8 * A) * (q + 1) - 4 * A;
  return 4;
}

// The taps of output coordinate x of one axis: indices into [0, in) and
// weights; false when tf_crop_and_resize extrapolates.
static bool taps(const ResizeSpec *s, int64_t in, double scale, double roiStart, double roiWidth, int64_t x,
                 int *n, int64_t *idx, double *w) {
  double outWidth = scale * (double)in, xo;
  const char *m = s->coord;
  if (!strcmp(m, "align_corners"))
    xo = outWidth == 1 ? 0 : (double)x * (double)(in - 1) / (outWidth - 1);
  else if (!strcmp(m, "asymmetric"))
    xo = (double)x / scale;
  else if (!strcmp(m, "tf_crop_and_resize")) {
    xo = outWidth == 1 ? roiWidth * (double)(in - 1) / 2
                       : (double)x * roiWidth * (double)(in - 1) / (outWidth - 1);
    xo += roiStart * (double)(in - 1);
    if (xo < 0 || xo > (double)(in - 1))
      return false;
  } else if (!strcmp(m, "pytorch_half_pixel"))
    xo = outWidth == 1 ? -0.5 : ((double)x + 0.5) / scale - 0.5;
  else if (!strcmp(m, "tf_half_pixel_for_nn"))
    xo = ((double)x + 0.5) / scale;
  else // half_pixel
    xo = ((double)x + 0.5) / scale - 0.5;
  bool integral = xo == floor(xo);
  double ratio = integral ? 1 : xo - floor(xo);
  *n = coeffs(s, ratio, integral, w);
  int pad = (*n + 1) / 2;
  int64_t padded[TAPS_MAX];
  neighbours(xo + pad, *n, in + 2 * pad, padded);
  double sum = 0;
  for (int t = 0; t < *n; ++t) {
    int64_t i = padded[t] - pad;
    if (s->excludeOutside && (i < 0 || i >= in))
      w[t] = 0;
    sum += w[t];
    idx[t] = i < 0 ? 0 : i >= in ? in - 1 : i; // the edge padding
  }
  if (s->excludeOutside)
    for (int t = 0; t < *n; ++t)
      w[t] /= sum;
  return true;
}

static MlirValue gatherAxis(Importer *im, MlirValue x, int axis, const int64_t *idx, int64_t n) {
  int r = tcImpRankOf(x);
  int64_t dims[IMP_MAX_RANK];
  tcImpShapeOf(x, dims);
  dims[axis] = n;
  MlirValue ops[2] = {x, tcImpConstInts64(im, IMP_I64, 1, &n, idx)};
  MlirNamedAttribute a = tcImpNamed(im, "axis", tcImpI64(im, axis));
  return tcImpOp(im, "gather", ops, 2, tcImpLike(im, x, r, dims), &a, 1);
}

// A constant of `dtype` shaped as rank-`rank` ones except `n` at `at`.
static MlirValue vectorAt(Importer *im, int32_t dtype, int rank, int at, int64_t n, const double *v) {
  int64_t dims[IMP_MAX_RANK];
  for (int d = 0; d < rank; ++d)
    dims[d] = d == at ? n : 1;
  MlirType element = tcImpElementType(im->ctx, dtype);
  MlirAttribute *elements = malloc((size_t)n * sizeof *elements);
  for (int64_t k = 0; k < n; ++k)
    elements[k] = dtype == IMP_BOOL ? mlirIntegerAttrGet(element, v[k] != 0)
                                    : mlirFloatAttrDoubleGet(im->ctx, element, v[k]);
  MlirType type = tcImpTensorType(im, dtype, rank, dims);
  MlirNamedAttribute a = tcImpNamed(im, "value", mlirDenseElementsAttrGet(type, (intptr_t)n, elements));
  free(elements);
  return tcImpOp(im, "constant", NULL, 0, type, &a, 1);
}

// One axis of the resize; `cur` is the tensor so far.
static MlirValue resizeAxis(Importer *im, const ResizeSpec *s, MlirValue cur, int axis, int64_t in, int64_t out,
                            double scale, double roiStart, double roiWidth) {
  int r = tcImpRankOf(cur);
  int64_t *idx = malloc((size_t)out * TAPS_MAX * sizeof *idx);
  double *w = malloc((size_t)out * TAPS_MAX * sizeof *w), *outside = malloc((size_t)out * sizeof *outside);
  int n = 0;
  bool identity = in == out, extrapolates = false;
  for (int64_t o = 0; o < out; ++o) {
    int64_t ti[TAPS_MAX];
    double tw[TAPS_MAX];
    int k = 0;
    outside[o] = !taps(s, in, scale, roiStart, roiWidth, o, &k, ti, tw);
    if (outside[o]) {
      extrapolates = true;
      k = !strcmp(s->mode, "cubic") ? 4 : 2;
      for (int t = 0; t < k; ++t)
        ti[t] = 0, tw[t] = 0;
    }
    n = k;
    for (int t = 0; t < k; ++t) {
      idx[t * out + o] = ti[t], w[t * out + o] = tw[t];
      identity &= tw[t] == 0 || (tw[t] == 1 && ti[t] == o);
    }
  }
  MlirValue res = cur;
  if (!identity || extrapolates) {
    if (!strcmp(s->mode, "nearest")) { // one tap has weight 1
      int64_t *pick = malloc((size_t)out * sizeof *pick);
      for (int64_t o = 0; o < out; ++o)
        pick[o] = w[out + o] != 0 ? idx[out + o] : idx[o];
      res = gatherAxis(im, cur, axis, pick, out);
      free(pick);
    } else {
      res = (MlirValue){NULL};
      for (int t = 0; t < n; ++t) {
        bool any = false;
        for (int64_t o = 0; o < out; ++o)
          any |= w[t * out + o] != 0;
        if (!any)
          continue;
        MlirValue term = tcImpBinary(im, "mul", gatherAxis(im, cur, axis, idx + t * out, out),
                                     vectorAt(im, tcImpDtypeOfValue(cur), r, axis, out, w + t * out));
        res = mlirValueIsNull(res) ? term : tcImpBinary(im, "add", res, term);
      }
      if (mlirValueIsNull(res)) // every weight 0: only extrapolated points
        res = tcImpBinary(im, "mul", gatherAxis(im, cur, axis, idx, out), tcImpScalar(im, tcImpDtypeOfValue(cur), 0));
    }
    if (extrapolates)
      res = tcImpWhere(im, vectorAt(im, IMP_BOOL, r, axis, out, outside),
                       tcImpScalar(im, tcImpDtypeOfValue(cur), s->extrapolation), res);
  }
  free(idx), free(w), free(outside);
  return res;
}

// ONNX's reference takes roi_end − roi_start in roi's dtype (then widens it).
static void roiWidths(const ImpValue *roiV, int r, double *roi) {
  for (int d = 0; d < r; ++d) {
    double w = roi[r + d] - roi[d];
    roi[r + d] = roiV->dtype == IMP_F32 ? (double)(float)w : w; // now the width
  }
}

// Reads a float tensor input known at import time into `out` (r entries).
static bool constFloats(Importer *im, ImpValue *v, const char *what, int count, double *out) {
  if (!v->data)
    return tcImpNotKnown(im, what, v);
  if (!tcImpIsFloat(v->dtype))
    return tcImpInvalid(im, "input '%s' must be a float tensor, not %s", what, tcImpDtypeName(v->dtype));
  if (v->rank != 1 || v->dims[0] != count)
    return tcImpInvalid(im, "input '%s' must have %d entries", what, count);
  for (int k = 0; k < count; ++k)
    out[k] = tcImpDataDouble(v->data, v->dtype, k);
  return true;
}

static bool resize(Importer *im, ImpValue *x, const ResizeSpec *s, const double *scales, const int64_t *sizes,
                   const double *roi) {
  int r = x->rank;
  int64_t out[IMP_MAX_RANK];
  double scale[IMP_MAX_RANK];
  bool crop = !strcmp(s->coord, "tf_crop_and_resize");
  for (int d = 0; d < r; ++d) {
    if (sizes) {
      if (sizes[d] < 0)
        return tcImpInvalid(im, "sizes[%d] is negative", d);
      out[d] = sizes[d];
      scale[d] = (double)sizes[d] / (double)x->dims[d];
    } else {
      if (!(scales[d] > 0))
        return tcImpInvalid(im, "scales[%d] is %g (> 0 expected)", d, scales[d]);
      scale[d] = scales[d];
      double o = floor((double)x->dims[d] * (crop ? roi[r + d] : 1) * scales[d]);
      if (!(o >= 0) || o > (double)(INT64_C(1) << 40))
        return tcImpUnsupported(im, "an output dimension %g", o);
      out[d] = (int64_t)o;
    }
    if (x->dims[d] == 0 && out[d] != 0)
      return tcImpUnsupported(im, "resizing an empty dimension");
    if (out[d] > IMP_FOLD_LIMIT * 16) // the host tables of indices and weights
      return tcImpUnsupported(im, "an output dimension of %" PRId64 " (at most %d)", out[d], IMP_FOLD_LIMIT * 16);
  }
  bool nearest = !strcmp(s->mode, "nearest");
  // The passes' tensors are at most the input's and output's extents per
  // axis (in f64 for linear and cubic): within tc_tensor's size limit.
  int64_t widest[IMP_MAX_RANK];
  for (int d = 0; d < r; ++d)
    widest[d] = out[d] > x->dims[d] ? out[d] : x->dims[d];
  if (tcImpNumElements(r, widest) >
      (INT64_C(1) << IMP_MAX_LOG2_BYTES) / (nearest ? (int64_t)tcImpDtypeSize(x->dtype) : 8))
    return tcImpUnsupported(im, "an intermediate tensor beyond 2^%d bytes", IMP_MAX_LOG2_BYTES);
  MlirValue cur = tcImpGet(im, x);
  if (!nearest)
    cur = tcImpCast(im, cur, IMP_F64);
  for (int d = r - 1; d >= 0; --d) {
    if (x->dims[d] == 0 || out[d] == 0) {
      if (x->dims[d] != out[d])
        return tcImpUnsupported(im, "resizing to an empty dimension");
      continue;
    }
    cur = resizeAxis(im, s, cur, d, x->dims[d], out[d], scale[d], crop ? roi[d] : 0,
                     crop ? roi[r + d] : 1);
    if (mlirValueIsNull(cur))
      return false;
  }
  if (!nearest)
    cur = tcImpCast(im, cur, x->dtype);
  else if (mlirValueEqual(cur, tcImpGet(im, x)))
    cur = tcImpUnary(im, "identity", cur);
  return tcImpDefine(im, 0, cur);
}

static bool checkMode(Importer *im, const ResizeSpec *s) {
  static const char *const modes[] = {"nearest", "linear", "cubic", NULL};
  static const char *const coords[] = {"half_pixel", "asymmetric", "align_corners", "pytorch_half_pixel",
                                       "tf_crop_and_resize", "tf_half_pixel_for_nn", NULL};
  static const char *const nearests[] = {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil", NULL};
  const char *const *k;
  for (k = modes; *k && strcmp(*k, s->mode); ++k)
    ;
  if (!*k)
    return tcImpInvalid(im, "mode '%s' (nearest, linear or cubic expected)", s->mode);
  for (k = coords; *k && strcmp(*k, s->coord); ++k)
    ;
  if (!*k || (!strcmp(s->coord, "tf_half_pixel_for_nn") && im->opset >= 13))
    return strcmp(s->coord, "half_pixel_symmetric")
               ? tcImpInvalid(im, "coordinate_transformation_mode '%s'", s->coord)
               : tcImpUnsupported(im, "coordinate_transformation_mode 'half_pixel_symmetric'");
  for (k = nearests; *k && strcmp(*k, s->nearest); ++k)
    ;
  if (!*k)
    return tcImpInvalid(im, "nearest_mode '%s'", s->nearest);
  return true;
}

static bool importResize(Importer *im) {
  static const char *const known[] = {"mode", "coordinate_transformation_mode", "nearest_mode", "cubic_coeff_a",
                                      "exclude_outside", "extrapolation_value", "antialias", "axes",
                                      "keep_aspect_ratio_policy", NULL};
  ImpValue *x = tcImpInput(im, 0);
  if (!x)
    return tcImpInvalid(im, "Resize needs X");
  if (im->opset < 11)
    return tcImpUnsupported(im, "Resize at opset %" PRId64 " (its definition before opset 11 differs)", im->opset);
  ResizeSpec s;
  float a, ev;
  int64_t exclude, antialias;
  char policy[24];
  if (!tcImpKnownAttrs(im, known) || !tcImpAtMostOutputs(im, 1) ||
      !tcImpAttrString(im, "mode", "nearest", s.mode, sizeof s.mode) ||
      !tcImpAttrString(im, "coordinate_transformation_mode", "half_pixel", s.coord, sizeof s.coord) ||
      !tcImpAttrString(im, "nearest_mode", "round_prefer_floor", s.nearest, sizeof s.nearest) ||
      !tcImpAttrFloat(im, "cubic_coeff_a", -0.75f, &a) || !tcImpAttrInt(im, "exclude_outside", 0, &exclude) ||
      !tcImpAttrFloat(im, "extrapolation_value", 0.0f, &ev) || !tcImpAttrInt(im, "antialias", 0, &antialias) ||
      !tcImpAttrString(im, "keep_aspect_ratio_policy", "stretch", policy, sizeof policy) || !checkMode(im, &s))
    return false;
  s.cubicA = a, s.extrapolation = ev, s.excludeOutside = exclude != 0;
  if (antialias)
    return tcImpUnsupported(im, "antialias");
  if (strcmp(policy, "stretch"))
    return tcImpUnsupported(im, "keep_aspect_ratio_policy '%s'", policy);
  if (tcImpAttr(im, "axes"))
    return tcImpUnsupported(im, "the axes attribute");
  if (!tcImpIsFloat(x->dtype) && (strcmp(s.mode, "nearest") || !tcImpIsInt(x->dtype)))
    return tcImpUnsupported(im, "dtype %s in mode %s", tcImpDtypeName(x->dtype), s.mode);
  if (x->rank == 0)
    return tcImpInvalid(im, "Resize needs rank >= 1");
  int r = x->rank;
  ImpValue *roiV = tcImpInput(im, 1), *scalesV = tcImpInput(im, 2), *sizesV = tcImpInput(im, 3);
  if (scalesV && tcImpNumElements(scalesV->rank, scalesV->dims) == 0)
    scalesV = NULL; // an empty scales: sizes are given
  if (!scalesV == !sizesV)
    return tcImpInvalid(im, "exactly one of scales and sizes must be given");
  double roi[2 * IMP_MAX_RANK], scales[IMP_MAX_RANK];
  int64_t sizes[IMP_MAX_RANK];
  if (!strcmp(s.coord, "tf_crop_and_resize")) {
    if (!roiV)
      return tcImpInvalid(im, "tf_crop_and_resize needs roi");
    if (!constFloats(im, roiV, "roi", 2 * r, roi))
      return false;
    roiWidths(roiV, r, roi);
  }
  if (scalesV && !constFloats(im, scalesV, "scales", r, scales))
    return false;
  if (sizesV) {
    int n;
    if (!tcImpConstInts(im, 3, "sizes", sizes, IMP_MAX_RANK, &n))
      return false;
    if (n != r)
      return tcImpInvalid(im, "input 'sizes' must have %d entries", r);
  }
  return resize(im, x, &s, scalesV ? scales : NULL, sizesV ? sizes : NULL, roi);
}

static bool importUpsample(Importer *im) {
  static const char *const known[] = {"mode", "scales", NULL};
  ImpValue *x = tcImpInput(im, 0);
  if (!x)
    return tcImpInvalid(im, "Upsample needs X");
  ResizeSpec s = {.cubicA = -0.75};
  if (!tcImpKnownAttrs(im, known) || !tcImpAtMostOutputs(im, 1) ||
      !tcImpAttrString(im, "mode", "nearest", s.mode, sizeof s.mode))
    return false;
  if (strcmp(s.mode, "nearest") && strcmp(s.mode, "linear"))
    return tcImpInvalid(im, "mode '%s' (nearest or linear expected)", s.mode);
  strcpy(s.coord, "asymmetric");
  strcpy(s.nearest, "floor");
  if (!tcImpIsFloat(x->dtype) && (strcmp(s.mode, "nearest") || !tcImpIsInt(x->dtype)))
    return tcImpUnsupported(im, "dtype %s in mode %s", tcImpDtypeName(x->dtype), s.mode);
  if (x->rank == 0)
    return tcImpInvalid(im, "Upsample needs rank >= 1");
  double scales[IMP_MAX_RANK];
  if (im->opset >= 9) {
    ImpValue *sv = tcImpInput(im, 1);
    if (!sv)
      return tcImpInvalid(im, "Upsample needs scales");
    if (!constFloats(im, sv, "scales", x->rank, scales))
      return false;
  } else {
    const Onnx__AttributeProto *at = tcImpAttr(im, "scales");
    if (!at || (int)at->n_floats != x->rank)
      return tcImpInvalid(im, "attribute 'scales' must hold %d floats", x->rank);
    for (int d = 0; d < x->rank; ++d)
      scales[d] = at->floats[d];
  }
  for (int d = 0; d < x->rank; ++d)
    if (!(scales[d] >= 1))
      return tcImpInvalid(im, "scales[%d] is %g (>= 1 expected)", d, scales[d]);
  return resize(im, x, &s, scales, NULL, NULL);
}

ImpOpFn tcImpFindResizeOp(const char *op) {
  if (!strcmp(op, "Resize"))
    return importResize;
  if (!strcmp(op, "Upsample"))
    return importUpsample;
  return NULL;
}
