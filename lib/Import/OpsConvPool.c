//===- OpsConvPool.c - ONNX convolution, pooling and normalisation ---------===//
//
// Conv, MaxPool and AveragePool map onto tc_tensor's 2-D ops; a 1-D one
// (rank-3 input) is the 2-D op on a height of 1 (an exact reshape before and
// after). auto_pad is resolved here into explicit pads as ONNX defines it
// (SAME_UPPER puts the odd pad at the end, SAME_LOWER at the start; VALID is
// no padding). MaxPool's Indices output and 3-D pooling are unsupported.
// GlobalAveragePool / GlobalMaxPool, BatchNormalization (inference form) and
// LayerNormalization map onto their ops; their extra training outputs are
// unsupported.
//
// ConvTranspose (1-D and 2-D) is the convolution it is the adjoint of: X
// with s − 1 zeros inserted between its elements (reshape to [.., H, 1, W,
// 1], pad the 1s to the strides, reshape), padded by (k − 1)·d minus ONNX's
// pads (plus output_padding at the end; a negative pad crops), then conv2d
// at stride 1 and the same dilations with W's spatial dimensions reversed
// (gather) and its channel roles swapped per group ([C, M/g, k..] to
// [M, C/g, k..]). Each output element is the sum of the same products as
// ONNX's definition plus products with the inserted zeros, which add +0.
// output_shape and auto_pad give the pads as ONNX's definition computes them
// (SAME_UPPER: the smaller half at the start).
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <string.h>

typedef struct Window {
  int64_t kernel[2], strides[2], dilations[2], pads[4];
  int64_t ceil;
  bool oneD;
} Window;

// Reads kernel_shape (or `kernelDefault`), strides, dilations, pads and
// auto_pad for spatial input dims `in` (2 entries).
static bool readWindow(Importer *im, int spatial, const int64_t *in, const int64_t *kernelDefault, Window *w) {
  int64_t v[8];
  int n;
  bool present;
  char autoPad[32];
  int s = spatial; // 1 or 2 attribute entries
  w->oneD = spatial == 1;
  for (int i = 0; i < 2; ++i)
    w->kernel[i] = kernelDefault ? kernelDefault[i] : 1, w->strides[i] = 1, w->dilations[i] = 1;
  memset(w->pads, 0, sizeof w->pads);
  int off = w->oneD ? 1 : 0; // 1-D attributes fill the width
  if (!tcImpAttrInts(im, "kernel_shape", v, 8, &n, &present))
    return false;
  if (present && n != s)
    return tcImpInvalid(im, "kernel_shape has %d entries", n);
  if (!present && !kernelDefault)
    return tcImpInvalid(im, "kernel_shape is required");
  for (int i = 0; present && i < s; ++i)
    w->kernel[i + off] = v[i];
  if (!tcImpAttrInts(im, "strides", v, 8, &n, &present) || (present && n != s))
    return present ? tcImpInvalid(im, "strides has %d entries", n) : false;
  for (int i = 0; present && i < s; ++i)
    w->strides[i + off] = v[i];
  if (!tcImpAttrInts(im, "dilations", v, 8, &n, &present) || (present && n != s))
    return present ? tcImpInvalid(im, "dilations has %d entries", n) : false;
  for (int i = 0; present && i < s; ++i)
    w->dilations[i + off] = v[i];
  if (!tcImpAttrInts(im, "pads", v, 8, &n, &present) || (present && n != 2 * s))
    return present ? tcImpInvalid(im, "pads has %d entries", n) : false;
  for (int i = 0; present && i < s; ++i)
    w->pads[i + off] = v[i], w->pads[i + off + 2] = v[i + s];
  if (!tcImpAttrString(im, "auto_pad", "NOTSET", autoPad, sizeof autoPad) ||
      !tcImpAttrInt(im, "ceil_mode", 0, &w->ceil))
    return false;
  for (int i = 0; i < 2; ++i)
    if (w->kernel[i] < 1 || w->strides[i] < 1 || w->dilations[i] < 1)
      return tcImpInvalid(im, "kernel, strides and dilations must be positive");
  if (!strcmp(autoPad, "VALID")) {
    memset(w->pads, 0, sizeof w->pads);
  } else if (!strcmp(autoPad, "SAME_UPPER") || !strcmp(autoPad, "SAME_LOWER")) {
    for (int i = 0; i < 2; ++i) {
      int64_t out = (in[i] + w->strides[i] - 1) / w->strides[i];
      int64_t ext = (w->kernel[i] - 1) * w->dilations[i] + 1, total = (out - 1) * w->strides[i] + ext - in[i];
      total = total > 0 ? total : 0;
      int64_t small = total / 2, big = total - small;
      w->pads[i] = autoPad[5] == 'U' ? small : big;
      w->pads[i + 2] = autoPad[5] == 'U' ? big : small;
    }
  } else if (strcmp(autoPad, "NOTSET") != 0) {
    return tcImpInvalid(im, "auto_pad '%s'", autoPad);
  }
  return true;
}

static int64_t outSize(int64_t in, int64_t pb, int64_t pe, int64_t k, int64_t s, int64_t d, bool ceil) {
  int64_t ext = d * (k - 1) + 1, span = in + pb + pe - ext;
  if (!ceil)
    return span / s + 1;
  int64_t c = (span + s - 1) / s + 1;
  return (c - 1) * s >= in + pb ? c - 1 : c;
}

// The 4-D form of a rank-3 (1-D) or rank-4 input.
static MlirValue as4d(Importer *im, ImpValue *x) {
  MlirValue v = tcImpGet(im, x);
  if (x->rank == 4)
    return v;
  int64_t dims[4] = {x->dims[0], x->dims[1], 1, x->dims[2]};
  return tcImpReshape(im, v, 4, dims);
}

static bool defineSpatial(Importer *im, ImpValue *x, MlirValue r) {
  if (x->rank == 3) {
    int64_t dims[3] = {tcImpDimOf(r, 0), tcImpDimOf(r, 1), tcImpDimOf(r, 3)};
    r = tcImpReshape(im, r, 3, dims);
  }
  return tcImpDefine(im, 0, r);
}

static ImpValue *spatialInput(Importer *im, bool floatOnly) {
  ImpValue *x = tcImpInput(im, 0);
  if (!x) {
    tcImpInvalid(im, "input #0 is missing");
    return NULL;
  }
  if (x->rank != 3 && x->rank != 4) {
    tcImpUnsupported(im, "rank %d input (tc_tensor has 1-D and 2-D convolution and pooling)", x->rank);
    return NULL;
  }
  if (floatOnly ? !tcImpIsFloat(x->dtype) : !(tcImpIsFloat(x->dtype) || tcImpIsInt(x->dtype))) {
    tcImpUnsupported(im, "dtype %s is not supported for this op", tcImpDtypeName(x->dtype));
    return NULL;
  }
  return x;
}

// Conv and the 2-D pools take a dynamic batch dimension only (docs/
// tensor-import-onnx.md, "Dynamic dimensions"): their window arithmetic
// (auto_pad, output sizes) needs known channels and spatial sizes, and W and
// B are weights.
static bool onlyBatchDynamic(Importer *im, const ImpValue *x, const ImpValue *w, const ImpValue *b) {
  char shape[IMP_MAX_RANK * 24 + 8];
  if (tcImpIsDynamic(x->rank - 1, x->dims + 1))
    return tcImpUnsupported(im, "X has the shape %s: only its batch dimension (0) may be dynamic",
                            tcImpFormatShape(x->rank, x->dims, shape, sizeof shape));
  const ImpValue *weights[2] = {w, b};
  for (int i = 0; i < 2; ++i)
    if (weights[i] && tcImpIsDynamic(weights[i]->rank, weights[i]->dims))
      return tcImpUnsupported(im, "%s has the dynamic shape %s", i ? "B" : "W",
                              tcImpFormatShape(weights[i]->rank, weights[i]->dims, shape, sizeof shape));
  return true;
}

static void spatialDims(const ImpValue *x, int64_t *in) {
  in[0] = x->rank == 4 ? x->dims[2] : 1;
  in[1] = x->dims[x->rank - 1];
}

static bool importConv(Importer *im) {
  ImpValue *x = spatialInput(im, true), *w = tcImpInput(im, 1), *b = tcImpInput(im, 2);
  int64_t group, in[2];
  if (!x || !w || !tcImpAttrInt(im, "group", 1, &group))
    return x && !w ? tcImpInvalid(im, "W is missing") : false;
  if (!onlyBatchDynamic(im, x, w, b))
    return false;
  if (w->rank != x->rank || w->dtype != x->dtype || (b && (b->rank != 1 || b->dtype != x->dtype)))
    return tcImpInvalid(im, "W and B do not fit X");
  if (group < 1 || x->dims[1] != w->dims[1] * group || w->dims[0] % group || (b && b->dims[0] != w->dims[0]))
    return tcImpInvalid(im, "channel counts of X, W and B do not fit group %" PRId64 "", group);
  spatialDims(x, in);
  int64_t kdef[2] = {w->rank == 4 ? w->dims[2] : 1, w->dims[w->rank - 1]};
  Window win;
  if (!readWindow(im, x->rank - 2, in, kdef, &win))
    return false;
  if (win.kernel[0] != kdef[0] || win.kernel[1] != kdef[1])
    return tcImpInvalid(im, "kernel_shape differs from W's shape");
  int64_t dims[4] = {x->dims[0], w->dims[0], 0, 0};
  for (int i = 0; i < 2; ++i)
    dims[2 + i] = outSize(in[i], win.pads[i], win.pads[i + 2], win.kernel[i], win.strides[i], win.dilations[i], false);
  MlirValue wv = tcImpGet(im, w);
  if (w->rank == 3) {
    int64_t wd[4] = {w->dims[0], w->dims[1], 1, w->dims[2]};
    wv = tcImpReshape(im, wv, 4, wd);
  }
  MlirValue ops[3] = {as4d(im, x), wv, b ? tcImpGet(im, b) : (MlirValue){NULL}};
  MlirNamedAttribute attrs[4] = {tcImpNamed(im, "strides", tcImpI64Array(im, win.strides, 2)),
                                 tcImpNamed(im, "pads", tcImpI64Array(im, win.pads, 4)),
                                 tcImpNamed(im, "dilations", tcImpI64Array(im, win.dilations, 2)),
                                 tcImpNamed(im, "group", tcImpI64(im, group))};
  return defineSpatial(im, x, tcImpOp(im, "conv2d", ops, b ? 3 : 2, tcImpLike(im, ops[0], 4, dims), attrs, 4));
}

static bool importPool(Importer *im) {
  bool isMax = strcmp(im->node->op_type, "MaxPool") == 0;
  ImpValue *x = spatialInput(im, !isMax);
  int64_t in[2], cip, storage;
  Window win;
  if (!x || !tcImpAtMostOutputs(im, 1) || !onlyBatchDynamic(im, x, NULL, NULL))
    return false;
  spatialDims(x, in);
  if (!readWindow(im, x->rank - 2, in, NULL, &win) || !tcImpAttrInt(im, "count_include_pad", 0, &cip) ||
      !tcImpAttrInt(im, "storage_order", 0, &storage))
    return false;
  if (!isMax && (win.dilations[0] != 1 || win.dilations[1] != 1))
    return tcImpUnsupported(im, "AveragePool with dilations");
  int64_t dims[4] = {x->dims[0], x->dims[1], 0, 0};
  for (int i = 0; i < 2; ++i) {
    int64_t ext = win.dilations[i] * (win.kernel[i] - 1) + 1;
    if (win.pads[i] >= ext || win.pads[i + 2] >= ext)
      return tcImpUnsupported(im, "a pad as large as the pooling window");
    dims[2 + i] = outSize(in[i], win.pads[i], win.pads[i + 2], win.kernel[i], win.strides[i], win.dilations[i],
                          win.ceil != 0);
  }
  MlirValue v = as4d(im, x);
  MlirNamedAttribute attrs[5] = {tcImpNamed(im, "kernel", tcImpI64Array(im, win.kernel, 2)),
                                 tcImpNamed(im, "strides", tcImpI64Array(im, win.strides, 2)),
                                 tcImpNamed(im, "pads", tcImpI64Array(im, win.pads, 4)),
                                 tcImpNamed(im, "ceil_mode", tcImpBool(im, win.ceil != 0)),
                                 isMax ? tcImpNamed(im, "dilations", tcImpI64Array(im, win.dilations, 2))
                                       : tcImpNamed(im, "count_include_pad", tcImpBool(im, cip != 0))};
  return defineSpatial(im, x,
                       tcImpOp(im, isMax ? "max_pool2d" : "avg_pool2d", &v, 1, tcImpLike(im, v, 4, dims), attrs, 5));
}

static bool importGlobalPool(Importer *im) {
  bool isMax = strcmp(im->node->op_type, "GlobalMaxPool") == 0;
  ImpValue *x = tcImpInput(im, 0);
  if (!x)
    return tcImpInvalid(im, "input #0 is missing");
  if (x->rank < 3 || !(tcImpIsFloat(x->dtype) || (isMax && tcImpIsInt(x->dtype))))
    return tcImpUnsupported(im, "rank %d %s input", x->rank, tcImpDtypeName(x->dtype));
  int64_t dims[IMP_MAX_RANK];
  for (int d = 0; d < x->rank; ++d)
    dims[d] = d < 2 ? x->dims[d] : 1;
  MlirValue v = tcImpGet(im, x);
  return tcImpDefine(
      im, 0,
      tcImpOp(im, isMax ? "global_max_pool" : "global_avg_pool", &v, 1, tcImpLike(im, v, x->rank, dims), NULL, 0));
}

static bool importBatchNorm(Importer *im) {
  ImpValue *in[5];
  float eps;
  int64_t training, spatial;
  for (int i = 0; i < 5; ++i)
    if (!(in[i] = tcImpInput(im, i)))
      return tcImpInvalid(im, "input #%d is missing", i);
  if (!tcImpAtMostOutputs(im, 1) || !tcImpAttrFloat(im, "epsilon", 1e-5f, &eps) ||
      !tcImpAttrInt(im, "training_mode", 0, &training) || !tcImpAttrInt(im, "spatial", 1, &spatial))
    return false;
  if (training || spatial != 1)
    return tcImpUnsupported(im, "training mode or spatial = 0");
  if (!tcImpIsFloat(in[0]->dtype) || in[0]->rank < 2)
    return tcImpUnsupported(im, "rank %d %s input", in[0]->rank, tcImpDtypeName(in[0]->dtype));
  for (int i = 1; i < 5; ++i)
    if (in[i]->dtype != in[0]->dtype || in[i]->rank != 1 || in[i]->dims[0] != in[0]->dims[1])
      return tcImpUnsupported(im, "input #%d is not a [C] tensor of the input's dtype", i);
  MlirValue ops[5];
  for (int i = 0; i < 5; ++i)
    ops[i] = tcImpGet(im, in[i]);
  MlirNamedAttribute a = tcImpNamed(im, "epsilon", tcImpF64(im, eps));
  return tcImpDefine(im, 0, tcImpOp(im, "batch_norm", ops, 5, mlirValueGetType(ops[0]), &a, 1));
}

// LayerNormalization's optional Mean and InvStdDev outputs, as its ONNX
// function body computes them: Mean = ReduceMean(X), InvStdDev =
// 1 / Sqrt(ReduceMean((X - Mean)²) + epsilon), over axes [axis, r).
static bool layerNormStats(Importer *im, ImpValue *x, MlirValue v, int64_t axis, float eps) {
  if (!tcImpOutput(im, 1) && !tcImpOutput(im, 2))
    return true;
  int64_t stash;
  if (!tcImpAttrInt(im, "stash_type", 1, &stash))
    return false;
  if (x->dtype != IMP_F32 || stash != 1)
    return tcImpUnsupported(im, "Mean and InvStdDev outputs of a %s input or with stash_type %" PRId64 "",
                            tcImpDtypeName(x->dtype), stash);
  int64_t axes[IMP_MAX_RANK];
  int n = 0;
  for (int64_t d = axis; d < x->rank; ++d)
    axes[n++] = d;
  MlirValue mean = tcImpReduce(im, "reduce_mean", v, axes, n, true);
  MlirValue d = tcImpBinary(im, "sub", v, mean);
  MlirValue var = tcImpReduce(im, "reduce_mean", tcImpBinary(im, "mul", d, d), axes, n, true);
  MlirValue inv =
      tcImpUnary(im, "reciprocal", tcImpUnary(im, "sqrt", tcImpBinary(im, "add", var, tcImpScalar(im, IMP_F32, eps))));
  return tcImpDefine(im, 1, mean) && tcImpDefine(im, 2, inv);
}

static bool importLayerNorm(Importer *im) {
  ImpValue *x = tcImpInput(im, 0), *s = tcImpInput(im, 1), *b = tcImpInput(im, 2);
  float eps;
  int64_t axis;
  if (!x || !s)
    return tcImpInvalid(im, "X and Scale are required");
  if (!tcImpAtMostOutputs(im, 3) || !tcImpAttrFloat(im, "epsilon", 1e-5f, &eps) ||
      !tcImpAttrInt(im, "axis", -1, &axis) || !tcImpAxis(im, axis, x->rank, &axis))
    return false;
  if (!tcImpIsFloat(x->dtype) || s->dtype != x->dtype || (b && b->dtype != x->dtype))
    return tcImpUnsupported(im, "dtypes %s/%s", tcImpDtypeName(x->dtype), tcImpDtypeName(s->dtype));
  // docs/dialects.md §1.5: a `?` among the rows only; Scale and B static.
  for (int64_t d = axis; d < x->rank; ++d)
    if (x->dims[d] == IMP_DYN)
      return tcImpUnsupported(im, "normalised axis %" PRId64 " of X has a dynamic size; tc_tensor's layer_norm "
                              "normalises static dimensions only", d);
  for (ImpValue *p = s; p; p = p == s ? b : NULL) {
    if (tcImpIsDynamic(p->rank, p->dims))
      return tcImpUnsupported(im, "Scale or B has a dynamic shape; tc_tensor's layer_norm takes static ones only");
    bool fits = p->rank <= x->rank - axis;
    for (int d = 0; fits && d < p->rank; ++d) {
      int64_t t = x->dims[x->rank - p->rank + d];
      fits = p->dims[d] == 1 || p->dims[d] == t;
    }
    if (!fits)
      return tcImpInvalid(im, "Scale and B must broadcast to the normalised dimensions");
  }
  MlirValue ops[3] = {tcImpGet(im, x), tcImpGet(im, s), b ? tcImpGet(im, b) : (MlirValue){NULL}};
  MlirNamedAttribute attrs[2] = {tcImpNamed(im, "axis", tcImpI64(im, axis)),
                                 tcImpNamed(im, "epsilon", tcImpF64(im, eps))};
  if (!tcImpDefine(im, 0, tcImpOp(im, "layer_norm", ops, b ? 3 : 2, mlirValueGetType(ops[0]), attrs, 2)))
    return false;
  return layerNormStats(im, x, ops[0], axis, eps);
}

// W's spatial axis `axis` (at most 64 long, checked by the caller) reversed.
static MlirValue reverseAxis(Importer *im, MlirValue w, int axis) {
  int64_t n = tcImpDimOf(w, axis), idx[64];
  for (int64_t i = 0; i < n; ++i)
    idx[i] = n - 1 - i;
  int64_t dims[4];
  tcImpShapeOf(w, dims);
  MlirValue ops[2] = {w, tcImpConstInts64(im, IMP_I64, 1, &n, idx)};
  MlirNamedAttribute a = tcImpNamed(im, "axis", tcImpI64(im, axis));
  return tcImpOp(im, "gather", ops, 2, tcImpLike(im, w, 4, dims), &a, 1);
}

static bool importConvTranspose(Importer *im) {
  static const char *const known[] = {"auto_pad", "dilations", "group", "kernel_shape", "output_padding",
                                      "output_shape", "pads", "strides", NULL};
  ImpValue *x = spatialInput(im, true), *w = tcImpInput(im, 1), *b = tcImpInput(im, 2);
  int64_t group;
  if (!x || !w || !tcImpKnownAttrs(im, known) || !tcImpAtMostOutputs(im, 1) || !tcImpAttrInt(im, "group", 1, &group))
    return x && !w ? tcImpInvalid(im, "W is missing") : false;
  if (w->rank != x->rank || w->dtype != x->dtype || (b && (b->rank != 1 || b->dtype != x->dtype)))
    return tcImpInvalid(im, "W and B do not fit X");
  if (group < 1 || x->dims[1] != w->dims[0] || w->dims[0] % group || (b && b->dims[0] != w->dims[1] * group))
    return tcImpInvalid(im, "channel counts of X, W and B do not fit group %" PRId64 "", group);
  int sp = x->rank - 2, off = 2 - sp; // 1-D attributes fill the width
  int64_t in[2], k[2], st[2] = {1, 1}, dil[2] = {1, 1}, pads[4] = {0, 0, 0, 0}, opad[2] = {0, 0}, oshape[2];
  spatialDims(x, in);
  k[0] = w->rank == 4 ? w->dims[2] : 1, k[1] = w->dims[w->rank - 1];
  int64_t v[8];
  int n;
  bool present, hasShape;
  struct {
    const char *name;
    int64_t *dst;
    int count;
  } lists[] = {{"kernel_shape", k, 1}, {"strides", st, 1}, {"dilations", dil, 1}, {"output_padding", opad, 1}};
  for (size_t l = 0; l < sizeof lists / sizeof *lists; ++l) {
    int64_t kw[2] = {k[0], k[1]};
    if (!tcImpAttrInts(im, lists[l].name, v, 8, &n, &present))
      return false;
    if (present && n != sp)
      return tcImpInvalid(im, "%s has %d entries", lists[l].name, n);
    for (int i = 0; present && i < sp; ++i)
      lists[l].dst[i + off] = v[i];
    if (l == 0 && (k[0] != kw[0] || k[1] != kw[1]))
      return tcImpInvalid(im, "kernel_shape differs from W's shape");
  }
  if (!tcImpAttrInts(im, "pads", v, 8, &n, &present))
    return false;
  if (present && n != 2 * sp)
    return tcImpInvalid(im, "pads has %d entries", n);
  for (int i = 0; present && i < sp; ++i)
    pads[i + off] = v[i], pads[i + off + 2] = v[i + sp];
  if (!tcImpAttrInts(im, "output_shape", v, 8, &n, &hasShape))
    return false;
  if (hasShape && n != sp && n != sp + 2)
    return tcImpInvalid(im, "output_shape has %d entries", n);
  oshape[0] = 1;
  for (int i = 0; hasShape && i < sp; ++i)
    oshape[i + off] = v[n - sp + i];
  char autoPad[32];
  if (!tcImpAttrString(im, "auto_pad", "NOTSET", autoPad, sizeof autoPad))
    return false;
  bool upper = !strcmp(autoPad, "SAME_UPPER"), same = upper || !strcmp(autoPad, "SAME_LOWER");
  if (!same && strcmp(autoPad, "NOTSET") && strcmp(autoPad, "VALID"))
    return tcImpInvalid(im, "auto_pad '%s'", autoPad);
  for (int i = 0; i < 2; ++i) {
    if (k[i] < 1 || st[i] < 1 || dil[i] < 1)
      return tcImpInvalid(im, "kernel, strides and dilations must be positive");
    if (opad[i] < 0 || (opad[i] >= st[i] && opad[i] >= dil[i]))
      return tcImpInvalid(im, "output_padding must be smaller than the stride or the dilation");
    if (k[i] > 64 || st[i] > (INT64_C(1) << 20) || dil[i] > (INT64_C(1) << 20) || in[i] > (INT64_C(1) << 30))
      return tcImpUnsupported(im, "a kernel of more than 64 or a stride, dilation or size beyond 2^20");
  }
  if (!strcmp(autoPad, "VALID"))
    memset(pads, 0, sizeof pads);
  int64_t out[2];
  for (int i = 0; i < 2; ++i) {
    int64_t full = st[i] * (in[i] - 1) + opad[i] + (k[i] - 1) * dil[i] + 1;
    if (hasShape || same) {
      // total / 2 rounded down (ONNX's reference: an output larger than the
      // full one is extended at the end)
      int64_t want = hasShape ? oshape[i] : in[i] * st[i], total = full - want;
      int64_t half = total >= 0 ? total / 2 : -((-total + 1) / 2);
      pads[i] = upper ? half : total - half;
      pads[i + 2] = upper ? total - half : half;
    }
    out[i] = full - pads[i] - pads[i + 2];
    if (out[i] < 1)
      return tcImpInvalid(im, "the output would have a dimension of %" PRId64 "", out[i]);
  }
  // The stuffed and padded X must fit tc_tensor's size limit.
  int64_t widest[4] = {x->dims[0], x->dims[1], 1, 1};
  for (int i = 0; i < 2; ++i) {
    int64_t stuffed = in[i] * st[i], lead = (k[i] - 1) * dil[i] - pads[i];
    int64_t tail = (k[i] - 1) * dil[i] - pads[i + 2] + opad[i] - (st[i] - 1);
    widest[2 + i] = stuffed + (lead > 0 ? lead : 0) + (tail > 0 ? tail : 0);
  }
  if (tcImpNumElements(4, widest) > (INT64_C(1) << IMP_MAX_LOG2_BYTES) / (int64_t)tcImpDtypeSize(x->dtype))
    return tcImpUnsupported(im, "an intermediate tensor beyond 2^%d bytes", IMP_MAX_LOG2_BYTES);
  // X with zeros between its elements: [N, C, (H-1)s+1, (W-1)s+1].
  int64_t N = x->dims[0], C = x->dims[1], g = group, M = w->dims[1] * group;
  MlirValue xv = as4d(im, x);
  int64_t d6[6] = {N, C, in[0], 1, in[1], 1};
  xv = tcImpReshape(im, xv, 6, d6);
  int64_t p6[12] = {0}, d6p[6] = {N, C, in[0], st[0], in[1], st[1]};
  p6[6 + 3] = st[0] - 1, p6[6 + 5] = st[1] - 1;
  MlirNamedAttribute pa[3] = {tcImpNamed(im, "pads", tcImpI64Array(im, p6, 12)),
                              tcImpNamed(im, "mode", tcImpStr(im, "constant")),
                              tcImpNamed(im, "value", tcImpF64(im, 0))};
  if (st[0] > 1 || st[1] > 1)
    xv = tcImpOp(im, "pad", &xv, 1, tcImpLike(im, xv, 6, d6p), pa, 3);
  int64_t d4[4] = {N, C, in[0] * st[0], in[1] * st[1]};
  xv = tcImpReshape(im, xv, 4, d4);
  // Pad for the full correlation (crop the stuffing's tail, ONNX's pads).
  int64_t p4[8] = {0, 0, 0, 0, 0, 0, 0, 0}, d4p[4] = {N, C, 0, 0};
  bool padded = false;
  for (int i = 0; i < 2; ++i) {
    p4[2 + i] = (k[i] - 1) * dil[i] - pads[i];
    p4[6 + i] = (k[i] - 1) * dil[i] - pads[i + 2] + opad[i] - (st[i] - 1);
    d4p[2 + i] = d4[2 + i] + p4[2 + i] + p4[6 + i];
    padded |= p4[2 + i] || p4[6 + i];
  }
  MlirNamedAttribute pb[3] = {tcImpNamed(im, "pads", tcImpI64Array(im, p4, 8)),
                              tcImpNamed(im, "mode", tcImpStr(im, "constant")),
                              tcImpNamed(im, "value", tcImpF64(im, 0))};
  if (padded)
    xv = tcImpOp(im, "pad", &xv, 1, tcImpLike(im, xv, 4, d4p), pb, 3);
  // W as a convolution's: [g, C/g, M/g, k..] -> [g, M/g, C/g, k..] -> [M, C/g, k..], reversed.
  MlirValue wv = tcImpGet(im, w);
  int64_t w5[5] = {g, C / g, M / g, k[0], k[1]}, perm[5] = {0, 2, 1, 3, 4}, w4[4] = {M, C / g, k[0], k[1]};
  wv = tcImpReshape(im, wv, 5, w5);
  if (C / g > 1 && M / g > 1)
    wv = tcImpTranspose(im, wv, perm);
  wv = tcImpReshape(im, wv, 4, w4);
  for (int i = 0; i < 2; ++i)
    if (k[i] > 1)
      wv = reverseAxis(im, wv, 2 + i);
  int64_t ones[2] = {1, 1}, zeros[4] = {0, 0, 0, 0};
  MlirValue ops[3] = {xv, wv, b ? tcImpGet(im, b) : (MlirValue){NULL}};
  MlirNamedAttribute attrs[4] = {
      tcImpNamed(im, "strides", tcImpI64Array(im, ones, 2)), tcImpNamed(im, "pads", tcImpI64Array(im, zeros, 4)),
      tcImpNamed(im, "dilations", tcImpI64Array(im, dil, 2)), tcImpNamed(im, "group", tcImpI64(im, group))};
  int64_t dims[4] = {N, M, out[0], out[1]};
  return defineSpatial(im, x, tcImpOp(im, "conv2d", ops, b ? 3 : 2, tcImpLike(im, xv, 4, dims), attrs, 4));
}

ImpOpFn tcImpFindConvPoolOp(const char *op) {
  static const struct {
    const char *name;
    ImpOpFn fn;
  } kOps[] = {
      {"Conv", importConv},
      {"ConvTranspose", importConvTranspose},
      {"MaxPool", importPool},
      {"AveragePool", importPool},
      {"GlobalAveragePool", importGlobalPool},
      {"GlobalMaxPool", importGlobalPool},
      {"BatchNormalization", importBatchNorm},
      {"LayerNormalization", importLayerNorm},
  };
  for (size_t i = 0; i < sizeof kOps / sizeof *kOps; ++i)
    if (strcmp(kOps[i].name, op) == 0)
      return kOps[i].fn;
  return NULL;
}
