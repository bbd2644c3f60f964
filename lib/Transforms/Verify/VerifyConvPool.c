//===- VerifyConvPool.c - tc-verify rules for conv2d and pooling ----------===//
//
// docs/dialects.md §2.2.10-13. conv2d, max_pool2d and avg_pool2d share one
// model: a 2-D window (kernel size, strides, pads in ONNX order top, left,
// bottom, right, dilations) slides over the H and W dimensions of an NCHW
// tensor. Each op reads its attributes into a Window (avg_pool2d has
// dilations 1; conv2d takes its kernel size from w), after which one function
// checks each spatial dimension and computes its output size:
// E = d * (k - 1) + 1, P = in + pad_begin + pad_end, P >= E, and
// out = floor((P - E) / s) + 1, or for pools in ceil mode ceil(...) + 1 minus
// the window that would start in the end padding; pools also need each pad
// smaller than E. Attribute values are arbitrary i64, so this arithmetic is
// done in 128 bits (no product or sum of three i64 values overflows it) and an
// output size beyond i64 is its own error. The global pools only replace the
// spatial dimensions by 1.
//
// Dynamic dimensions (docs/dialects.md §1.5) may appear in x only: w and bias
// must be static. A dynamic N or C passes into the result (C = group · Cg is
// then the `equal-dims` run-time constraint); a dynamic H or W gives a
// dynamic output size, and the window fitting the padded input becomes the
// `window-fits` constraint. Attribute rules (pads smaller than the window)
// stay static.
//
// tc_kernel.conv2d has every rule of conv2d (VerifyKernel.c), so the conv2d
// attribute reader and operand rules are exported (tcvReadConv2dAttrs,
// tcvConv2dShape) and take the operands as values rather than by position.
// The kernel's messages print a size beyond i64 as "2^63 or more" where
// conv2d's print it exactly; TcvConv2d.capWide keeps that difference.
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

#include <stdio.h>
#include <string.h>

// Wide enough for d * (k - 1) + 1 and in + pads with i64 operands.
typedef __int128 Wide;

typedef struct Window {
  int64_t kernel[2], strides[2], pads[4], dilations[2];
  bool ceilMode, isPool, capWide;
} Window;

static const char *const kDimName[2] = {"height", "width"};
static const char *const kPadSide[4] = {"top", "left", "bottom", "right"};

// Writes `v` in decimal or, with `cap` and outside i64, as "2^63 or more".
static const char *formatWide(Wide v, bool cap, char *buf, size_t size) {
  if (cap && (v < INT64_MIN || v > INT64_MAX)) {
    snprintf(buf, size, "%s2^63 or more", v < 0 ? "-" : "");
    return buf;
  }
  char digits[48];
  int n = 0;
  bool negative = v < 0;
  do {
    int d = (int)(v % 10);
    digits[n++] = (char)('0' + (d < 0 ? -d : d));
    v /= 10;
  } while (v != 0);
  size_t used = 0;
  if (negative && used + 1 < size)
    buf[used++] = '-';
  while (n > 0 && used + 1 < size)
    buf[used++] = digits[--n];
  buf[used] = '\0';
  return buf;
}

// Reads I64Array attribute `name` into `out`: exactly `size` entries, each >= `min`.
static bool readArray(MlirOperation op, const char *name, intptr_t size, int64_t min, int64_t *out) {
  TcvArray a;
  if (!tcvGetI64Array(op, name, &a))
    return false;
  if (a.size != size) {
    tcEmitOpError(op, "attribute '%s' must have %ld entries, got %ld", name, (long)size, (long)a.size);
    return false;
  }
  for (intptr_t i = 0; i < size; ++i) {
    if (a.data[i] < min) {
      tcEmitOpError(op, "attribute '%s' entries must be >= %lld, got %lld at index %ld", name, (long long)min,
                    (long long)a.data[i], (long)i);
      return false;
    }
    out[i] = a.data[i];
  }
  return true;
}

// Each pad must be smaller than the window extent of its dimension, so that
// the span of every window meets the input (pools only).
static bool checkPoolPads(MlirOperation op, const Window *w, int dim, Wide extent) {
  for (int side = dim; side < 4; side += 2) {
    if (w->pads[side] < extent)
      continue;
    char e[48];
    tcEmitOpError(op, "attribute 'pads' %s pad %lld must be smaller than the window %s %s", kPadSide[side],
                  (long long)w->pads[side], kDimName[dim], formatWide(extent, w->capWide, e, sizeof e));
    return false;
  }
  return true;
}

// Checks spatial dimension `dim` (0: H, 1: W) of size `in` against the window
// and computes its output size.
static bool spatialSize(MlirOperation op, const Window *w, int dim, int64_t in, int64_t *out) {
  Wide extent = (Wide)w->dilations[dim] * (w->kernel[dim] - 1) + 1;
  Wide padded = (Wide)in + w->pads[dim] + w->pads[dim + 2], stride = w->strides[dim];
  if (w->isPool && !checkPoolPads(op, w, dim, extent))
    return false;
  if (in == TCV_DYN) {
    *out = TCV_DYN;
    return true;
  }
  char a[48], b[48];
  if (padded < extent) {
    tcEmitOpError(op, "padded input %s %s (input plus pads) must be at least the %s %s %s", kDimName[dim],
                  formatWide(padded, w->capWide, a, sizeof a), w->isPool ? "window" : "dilated kernel",
                  kDimName[dim], formatWide(extent, w->capWide, b, sizeof b));
    return false;
  }
  Wide size = (padded - extent + (w->ceilMode ? stride - 1 : 0)) / stride + 1;
  // Ceil mode drops a last window that would start in the end padding.
  if (w->ceilMode && (size - 1) * stride >= (Wide)in + w->pads[dim])
    --size;
  if (size > INT64_MAX) {
    tcEmitOpError(op, "output %s %s does not fit in a 64-bit dimension", kDimName[dim],
                  formatWide(size, w->capWide, a, sizeof a));
    return false;
  }
  *out = (int64_t)size;
  return true;
}

// Computes [N, channels, H_out, W_out] from x = [N, C, H, W].
static bool windowedShape(MlirOperation op, const Window *w, MlirValue xValue, int64_t channels, TcvShape *out) {
  TcvShape x = tcvShapeOf(xValue);
  *out = (TcvShape){4, {x.dims[0], channels, 0, 0}};
  return spatialSize(op, w, 0, x.dims[2], &out->dims[2]) && spatialSize(op, w, 1, x.dims[3], &out->dims[3]);
}

//===-- conv2d --------------------------------------------------------------===//

bool tcvReadConv2dAttrs(MlirOperation op, TcvConv2d *conv) {
  if (!readArray(op, "strides", 2, 1, conv->strides) || !readArray(op, "pads", 4, 0, conv->pads) ||
      !readArray(op, "dilations", 2, 1, conv->dilations) || !tcvGetI64(op, "group", &conv->group))
    return false;
  if (conv->group >= 1)
    return true;
  tcEmitOpError(op, "attribute 'group' must be >= 1, got %lld", (long long)conv->group);
  return false;
}

static bool checkGroupDivides(MlirOperation op, int64_t group, int64_t n, const char *what) {
  if (n % group == 0)
    return true;
  tcEmitOpError(op, "attribute 'group' (%lld) must divide the number of %s channels %lld", (long long)group, what,
                (long long)n);
  return false;
}

// x = [N, C, H, W], w = [M, C / group, kH, kW], bias = [M].
static bool checkConvOperands(MlirOperation op, const TcvConv2d *conv) {
  TcvShape x = tcvShapeOf(conv->x), w = tcvShapeOf(conv->w);
  int64_t group = conv->group;
  if ((x.dims[1] != TCV_DYN && !checkGroupDivides(op, group, x.dims[1], "input")) ||
      !checkGroupDivides(op, group, w.dims[0], "output"))
    return false;
  if (x.dims[1] != TCV_DYN && w.dims[1] != x.dims[1] / group) {
    tcEmitOpError(op, "operand 'w' must have w.shape[1] = C / group = %lld, got %lld", (long long)(x.dims[1] / group),
                  (long long)w.dims[1]);
    return false;
  }
  if (w.dims[2] < 1 || w.dims[3] < 1) {
    tcEmitOpError(op, "operand 'w' must have a kernel of at least 1x1, got %lldx%lld", (long long)w.dims[2],
                  (long long)w.dims[3]);
    return false;
  }
  if (mlirValueIsNull(conv->bias))
    return true;
  TcvShape bias = tcvShapeOf(conv->bias);
  if (bias.dims[0] == w.dims[0])
    return true;
  tcEmitOpError(op, "operand 'bias' must have shape [M] = %lld, got %lld", (long long)w.dims[0],
                (long long)bias.dims[0]);
  return false;
}

static bool checkConvRanks(MlirOperation op, const TcvConv2d *conv) {
  return tcvCheckRank(op, conv->x, "x", 4) && tcvCheckRank(op, conv->w, "w", 4) &&
         (mlirValueIsNull(conv->bias) || tcvCheckRank(op, conv->bias, "bias", 1)) &&
         (mlirValueIsNull(conv->out) || tcvCheckRank(op, conv->out, "out", 4));
}

bool tcvConv2dShape(MlirOperation op, const TcvConv2d *conv, TcvShape *shape) {
  if (!checkConvRanks(op, conv) || !tcvCheckStatic(op, conv->w, "w") ||
      (!mlirValueIsNull(conv->bias) && !tcvCheckStatic(op, conv->bias, "bias")) || !checkConvOperands(op, conv))
    return false;
  TcvShape w = tcvShapeOf(conv->w);
  Window win = {.kernel = {w.dims[2], w.dims[3]}, .isPool = false, .capWide = conv->capWide};
  memcpy(win.strides, conv->strides, sizeof win.strides);
  memcpy(win.pads, conv->pads, sizeof win.pads);
  memcpy(win.dilations, conv->dilations, sizeof win.dilations);
  return windowedShape(op, &win, conv->x, w.dims[0], shape);
}

bool tcvVerifyConv2d(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"strides", "pads", "dilations", "group", NULL};
  bool hasBias = mlirOperationGetNumOperands(op) >= 3;
  TcvConv2d conv = {.x = mlirOperationGetOperand(op, 0), .w = mlirOperationGetOperand(op, 1)};
  if (hasBias)
    conv.bias = mlirOperationGetOperand(op, 2);
  TcvShape shape;
  return tcvCheckAllowedAttrs(op, attrs) && tcvReadConv2dAttrs(op, &conv) &&
         tcvCheckDtype(op, conv.x, "operand 'x'", rule->dtypes, rule->dtypeText) && tcvCheckSameElementType(op) &&
         tcvConv2dShape(op, &conv, &shape) && tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &shape);
}

//===-- Pools ---------------------------------------------------------------===//

// The checks both 2-D pools end with, once their attributes are read.
static bool checkPool(MlirOperation op, const TcvOpRule *rule, const Window *win) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  TcvShape shape;
  return tcvCheckDtype(op, x, "operand 'x'", rule->dtypes, rule->dtypeText) && tcvCheckSameElementType(op) &&
         tcvCheckRank(op, x, "x", 4) && windowedShape(op, win, x, tcvShapeOf(x).dims[1], &shape) &&
         tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &shape);
}

bool tcvVerifyMaxPool2d(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"kernel", "strides", "pads", "dilations", "ceil_mode", NULL};
  Window win = {.isPool = true};
  return tcvCheckAllowedAttrs(op, attrs) && readArray(op, "kernel", 2, 1, win.kernel) &&
         readArray(op, "strides", 2, 1, win.strides) && readArray(op, "pads", 4, 0, win.pads) &&
         readArray(op, "dilations", 2, 1, win.dilations) && tcvGetBool(op, "ceil_mode", &win.ceilMode) &&
         checkPool(op, rule, &win);
}

bool tcvVerifyAvgPool2d(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"kernel", "strides", "pads", "ceil_mode", "count_include_pad", NULL};
  Window win = {.dilations = {1, 1}, .isPool = true};
  bool countIncludePad;
  return tcvCheckAllowedAttrs(op, attrs) && readArray(op, "kernel", 2, 1, win.kernel) &&
         readArray(op, "strides", 2, 1, win.strides) && readArray(op, "pads", 4, 0, win.pads) &&
         tcvGetBool(op, "ceil_mode", &win.ceilMode) && tcvGetBool(op, "count_include_pad", &countIncludePad) &&
         checkPool(op, rule, &win);
}

bool tcvVerifyGlobalPool(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {NULL};
  MlirValue x = mlirOperationGetOperand(op, 0);
  TcvShape shape = tcvShapeOf(x);
  if (!tcvCheckAllowedAttrs(op, attrs) || !tcvCheckDtype(op, x, "operand 'x'", rule->dtypes, rule->dtypeText) ||
      !tcvCheckSameElementType(op) || !tcvCheckMinRank(op, x, "x", 3))
    return false;
  for (intptr_t i = 2; i < shape.rank; ++i)
    shape.dims[i] = 1;
  return tcvCheckResultShape(op, mlirOperationGetResult(op, 0), &shape);
}
