//===- OpsLayout.c - ONNX ops that rearrange or mask data ------------------===//
//
// Each is an exact composition of data-movement ops (no arithmetic):
//
//   Dropout        inference: the identity; its mask output all true
//   Split          equal parts: `split`; otherwise one `slice` per output
//   Pad            `pad` (constant, reflect, edge); wrap is unsupported
//   Tile           reshape to [1, d0, 1, d1, ...], broadcast_to
//                  [r0, d0, r1, d1, ...], reshape to [r0·d0, r1·d1, ...]
//   DepthToSpace   reshape, transpose, reshape (DCR and CRD as ONNX
//   SpaceToDepth   defines them)
//   Trilu          `where` with a constant mask of the last two dimensions
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static ImpValue *need(Importer *im, int i) {
  ImpValue *v = tcImpInput(im, i);
  if (!v)
    tcImpInvalid(im, "input #%d is missing", i);
  return v;
}

static bool importDropout(Importer *im) {
  ImpValue *x = need(im, 0);
  if (!x)
    return false;
  ImpValue *mode = tcImpInput(im, 2);
  if (mode && (!mode->data || tcImpDataInt(mode->data, mode->dtype, 0) != 0))
    return tcImpUnsupported(im, "training mode (random) or a training_mode not known at import time");
  if (!tcImpAtMostOutputs(im, 2) || !tcImpDefine(im, 0, tcImpUnary(im, "identity", tcImpGet(im, x))))
    return false;
  if (!tcImpOutput(im, 1))
    return true;
  int32_t maskType = im->opset >= 10 ? IMP_BOOL : x->dtype;
  int64_t n = tcImpNumElements(x->rank, x->dims);
  int64_t *ones = malloc((size_t)(n ? n : 1) * sizeof *ones);
  for (int64_t k = 0; k < n; ++k)
    ones[k] = 1;
  bool ok = tcImpDefineInts(im, 1, maskType, x->rank, x->dims, ones);
  free(ones);
  return ok;
}

static bool importSplit(Importer *im) {
  ImpValue *x = need(im, 0);
  int64_t axis, parts[IMP_MAX_RANK * 2];
  int n = 0, outs = (int)im->node->n_output;
  bool present = false;
  if (!x || !tcImpAttrInt(im, "axis", 0, &axis) || !tcImpAxis(im, axis, x->rank, &axis))
    return false;
  if (outs > IMP_MAX_RANK * 2)
    return tcImpUnsupported(im, "%d outputs", outs);
  if (im->opset < 13) {
    if (!tcImpAttrInts(im, "split", parts, IMP_MAX_RANK * 2, &n, &present))
      return false;
  } else if ((present = tcImpInput(im, 1) != NULL) && !tcImpConstInts(im, 1, "split", parts, IMP_MAX_RANK * 2, &n)) {
    return false;
  }
  int64_t numOutputs = 0;
  if (im->opset >= 18 && !tcImpAttrInt(im, "num_outputs", 0, &numOutputs))
    return false;
  if (numOutputs && present)
    return tcImpInvalid(im, "both the split input and num_outputs are given");
  if (numOutputs) { // opset 18: ceil(d / num_outputs) each, the last one smaller
    if (numOutputs != outs)
      return tcImpInvalid(im, "num_outputs is %" PRId64 " but the node has %d outputs", numOutputs, outs);
    int64_t chunk = (x->dims[axis] + outs - 1) / outs;
    for (int i = 0; i < outs; ++i) {
      int64_t left = x->dims[axis] - chunk * i;
      parts[i] = left < chunk ? (left < 0 ? 0 : left) : chunk;
    }
    n = outs;
  } else if (!present) {
    if (x->dims[axis] % outs)
      return tcImpInvalid(im, "dimension %" PRId64 " does not split into %d equal parts", x->dims[axis], outs);
    for (int i = 0; i < outs; ++i)
      parts[i] = x->dims[axis] / outs;
    n = outs;
  }
  int64_t total = 0;
  for (int i = 0; i < n; ++i)
    total += parts[i];
  if (n != outs || total != x->dims[axis])
    return tcImpInvalid(im, "split sizes do not add up to the dimension");
  MlirValue v = tcImpGet(im, x);
  int64_t dims[IMP_MAX_RANK], zeros[IMP_MAX_RANK] = {0}, ones[IMP_MAX_RANK];
  memcpy(dims, x->dims, sizeof dims);
  for (int d = 0; d < x->rank; ++d)
    ones[d] = 1;
  for (int i = 0, start = 0; i < outs; start += (int)parts[i++]) {
    int64_t starts[IMP_MAX_RANK], ends[IMP_MAX_RANK];
    memcpy(starts, zeros, sizeof starts);
    memcpy(ends, x->dims, sizeof ends);
    starts[axis] = start, ends[axis] = start + parts[i], dims[axis] = parts[i];
    MlirNamedAttribute attrs[3] = {tcImpNamed(im, "starts", tcImpI64Array(im, starts, x->rank)),
                                   tcImpNamed(im, "ends", tcImpI64Array(im, ends, x->rank)),
                                   tcImpNamed(im, "steps", tcImpI64Array(im, ones, x->rank))};
    if (!tcImpDefine(im, i, tcImpOp(im, "slice", &v, 1, tcImpLike(im, v, x->rank, dims), attrs, 3)))
      return false;
  }
  return true;
}

// Pad's `axes` input (opset 18): `pads` holds begins then ends for those
// axes only; spread them over every axis (the others are not padded).
static bool padAxes(Importer *im, const ImpValue *x, int64_t *pads, int *n) {
  int64_t axes[IMP_MAX_RANK], full[2 * IMP_MAX_RANK] = {0};
  int k;
  if (!tcImpConstInts(im, 3, "axes", axes, IMP_MAX_RANK, &k))
    return false;
  if (*n != 2 * k)
    return tcImpInvalid(im, "pads has %d entries for %d axes", *n, k);
  bool seen[IMP_MAX_RANK] = {false};
  for (int i = 0; i < k; ++i) {
    int64_t a;
    if (!tcImpAxis(im, axes[i], x->rank, &a))
      return false;
    if (seen[a])
      return tcImpInvalid(im, "axis %" PRId64 " repeats", axes[i]);
    seen[a] = true;
    full[a] = pads[i];
    full[a + x->rank] = pads[i + k];
  }
  memcpy(pads, full, (size_t)(2 * x->rank) * sizeof *pads);
  *n = 2 * x->rank;
  return true;
}

static bool importPad(Importer *im) {
  ImpValue *x = need(im, 0);
  char mode[32];
  int64_t pads[2 * IMP_MAX_RANK];
  int n;
  bool present;
  double value = 0;
  if (!x || !tcImpAttrString(im, "mode", "constant", mode, sizeof mode))
    return false;
  if (im->opset < 11) {
    float f;
    if (!tcImpAttrInts(im, "pads", pads, 2 * IMP_MAX_RANK, &n, &present) || !tcImpAttrFloat(im, "value", 0, &f))
      return false;
    value = f;
  } else {
    if (!tcImpConstInts(im, 1, "pads", pads, 2 * IMP_MAX_RANK, &n))
      return false;
    ImpValue *c = tcImpInput(im, 2);
    if (c && !c->data)
      return tcImpNotKnown(im, "constant_value", c);
    if (c)
      value = tcImpDataDouble(c->data, c->dtype, 0);
    if (tcImpInput(im, 3) && !padAxes(im, x, pads, &n)) // opset 18
      return false;
  }
  if (n != 2 * x->rank)
    return tcImpInvalid(im, "pads has %d entries for rank %d", n, x->rank);
  if (strcmp(mode, "constant") && strcmp(mode, "reflect") && strcmp(mode, "edge"))
    return tcImpUnsupported(im, "mode '%s'", mode);
  int64_t dims[IMP_MAX_RANK];
  for (int d = 0; d < x->rank; ++d) {
    dims[d] = x->dims[d] + pads[d] + pads[d + x->rank];
    bool padded = pads[d] > 0 || pads[d + x->rank] > 0;
    if (dims[d] < 0 || (!strcmp(mode, "reflect") && (pads[d] >= x->dims[d] || pads[d + x->rank] >= x->dims[d]) &&
                        padded) || (!strcmp(mode, "edge") && padded && x->dims[d] == 0))
      return tcImpUnsupported(im, "pads beyond what mode '%s' can fill", mode);
  }
  if (strcmp(mode, "constant"))
    value = 0;
  else if (!tcImpIsFloat(x->dtype) && value != floor(value))
    return tcImpInvalid(im, "a non-integer pad value for an integer tensor");
  MlirNamedAttribute attrs[3] = {tcImpNamed(im, "pads", tcImpI64Array(im, pads, 2 * x->rank)),
                                 tcImpNamed(im, "mode", tcImpStr(im, mode)),
                                 tcImpNamed(im, "value", tcImpF64(im, value))};
  MlirValue v = tcImpGet(im, x);
  return tcImpDefine(im, 0, tcImpOp(im, "pad", &v, 1, tcImpLike(im, v, x->rank, dims), attrs, 3));
}

static bool importTile(Importer *im) {
  ImpValue *x = need(im, 0);
  int64_t reps[IMP_MAX_RANK];
  int n;
  if (!x || !tcImpConstInts(im, 1, "repeats", reps, IMP_MAX_RANK, &n))
    return false;
  if (n != x->rank)
    return tcImpInvalid(im, "repeats has %d entries for rank %d", n, x->rank);
  if (2 * x->rank > IMP_MAX_RANK)
    return tcImpUnsupported(im, "rank %d", x->rank);
  int64_t split[IMP_MAX_RANK], wide[IMP_MAX_RANK], out[IMP_MAX_RANK];
  for (int d = 0; d < x->rank; ++d) {
    if (reps[d] < 0)
      return tcImpInvalid(im, "a negative repeat");
    split[2 * d] = 1, split[2 * d + 1] = x->dims[d];
    wide[2 * d] = reps[d], wide[2 * d + 1] = x->dims[d];
    if (__builtin_mul_overflow(reps[d], x->dims[d], &out[d]))
      return tcImpUnsupported(im, "repeats[%d] = %" PRId64 " times dimension %" PRId64 " overflows 64 bits", d, reps[d],
                              x->dims[d]);
  }
  MlirValue v = tcImpReshape(im, tcImpGet(im, x), 2 * x->rank, split);
  v = tcImpBroadcastTo(im, v, 2 * x->rank, wide);
  return tcImpDefine(im, 0, tcImpReshape(im, v, x->rank, out));
}

static bool importDepthSpace(Importer *im) {
  ImpValue *x = need(im, 0);
  int64_t b;
  char mode[8];
  bool toSpace = strcmp(im->node->op_type, "DepthToSpace") == 0;
  if (!x || !tcImpAttrInt(im, "blocksize", 0, &b) || !tcImpAttrString(im, "mode", "DCR", mode, sizeof mode))
    return false;
  if (x->rank != 4 || b < 1)
    return tcImpInvalid(im, "needs a rank-4 input and a positive blocksize");
  int64_t N = x->dims[0], C = x->dims[1], H = x->dims[2], W = x->dims[3];
  MlirValue v = tcImpGet(im, x);
  if (toSpace) {
    if (C % (b * b) || (strcmp(mode, "DCR") && strcmp(mode, "CRD")))
      return tcImpInvalid(im, "channels not divisible by blocksize², or mode '%s'", mode);
    bool dcr = !strcmp(mode, "DCR");
    int64_t six[6] = {N, dcr ? b : C / (b * b), dcr ? b : b, dcr ? C / (b * b) : b, H, W};
    if (!dcr)
      six[1] = C / (b * b), six[2] = b, six[3] = b;
    static const int64_t permDcr[6] = {0, 3, 4, 1, 5, 2}, permCrd[6] = {0, 1, 4, 2, 5, 3};
    int64_t out[4] = {N, C / (b * b), H * b, W * b};
    v = tcImpTranspose(im, tcImpReshape(im, v, 6, six), dcr ? permDcr : permCrd);
    return tcImpDefine(im, 0, tcImpReshape(im, v, 4, out));
  }
  if (H % b || W % b)
    return tcImpInvalid(im, "spatial dimensions not divisible by blocksize");
  int64_t six[6] = {N, C, H / b, b, W / b, b}, out[4] = {N, C * b * b, H / b, W / b};
  static const int64_t perm[6] = {0, 3, 5, 1, 2, 4};
  v = tcImpTranspose(im, tcImpReshape(im, v, 6, six), perm);
  return tcImpDefine(im, 0, tcImpReshape(im, v, 4, out));
}

static bool importTrilu(Importer *im) {
  ImpValue *x = need(im, 0);
  int64_t upper, k = 0;
  int n;
  if (!x || !tcImpAttrInt(im, "upper", 1, &upper))
    return false;
  if (tcImpInput(im, 1) && !tcImpConstInts(im, 1, "k", &k, 1, &n))
    return false;
  if (x->rank < 2)
    return tcImpInvalid(im, "Trilu needs rank >= 2");
  int64_t rows = x->dims[x->rank - 2], cols = x->dims[x->rank - 1], count = rows * cols;
  if (count > IMP_FOLD_LIMIT * 16)
    return tcImpUnsupported(im, "a %" PRId64 "x%" PRId64 " mask", rows, cols);
  int64_t *mask = malloc((size_t)(count ? count : 1) * sizeof *mask);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      mask[i * cols + j] = upper ? j - i >= k : j - i <= k;
  MlirValue m = tcImpConstInts64(im, IMP_BOOL, 2, x->dims + x->rank - 2, mask);
  free(mask);
  MlirValue v = tcImpGet(im, x);
  return tcImpDefine(im, 0, tcImpWhere(im, m, v, tcImpScalar(im, x->dtype, 0)));
}

ImpOpFn tcImpFindLayoutOp(const char *op) {
  static const struct {
    const char *name;
    ImpOpFn fn;
  } kOps[] = {
      {"Dropout", importDropout},         {"Split", importSplit},           {"Pad", importPad},
      {"Tile", importTile},               {"DepthToSpace", importDepthSpace}, {"SpaceToDepth", importDepthSpace},
      {"Trilu", importTrilu},
  };
  for (size_t i = 0; i < sizeof kOps / sizeof *kOps; ++i)
    if (strcmp(kOps[i].name, op) == 0)
      return kOps[i].fn;
  return NULL;
}
