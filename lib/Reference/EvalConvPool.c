//===- EvalConvPool.c - reference evaluation of conv2d and pooling ----------===//
//
// docs/dialects.md §2.2.10-13. conv2d, max_pool2d and avg_pool2d slide a 2-D
// window over the H and W dimensions of an NCHW tensor. Each spatial
// dimension is an Axis: input size, kernel size, stride, pads before and
// after, dilation. From it come the spec's window extent E = d·(k − 1) + 1,
// the padded size P = in + pads, the output size (floor, or ceil mode minus
// a last window that would start in the end padding), and for output o and
// kernel tap t the input position o·s + t·d − pad_begin, which is a real
// element only if it lies in [0, in).
//
// Attribute values are arbitrary i64 and the spec's rules are about their
// exact values, so every window computation (E, P, output size, positions)
// is done in 128 bits, where no sum or product of i64 values here overflows.
//
// Each output element is then computed from its definition:
//   - conv2d: the exact sum (Numerics.c) of bias[m] and every product
//     xp · w, where a padded position reads +0 and is multiplied like any
//     other element (a NaN weight on padding still gives NaN). An absent
//     bias is no addend at all, so a sum of -0 products stays -0.
//   - max_pool2d: the max over the valid positions by the rules of `max`,
//     starting from the empty set's value (-inf, or the integer minimum).
//   - avg_pool2d: the exact sum over the valid positions divided by
//     |V|, or by the window's area inside the padded input when
//     count_include_pad; an empty V gives 0/0 = NaN or +0/D = +0 by itself.
// The global pools are exactly reduce_max / reduce_mean over the spatial
// dimensions with keepdims, so they call that reduction (EvalReduce.c).
//
// In the fast mode (docs/reference.md) a float conv2d is a matrix product
// per image and group, W_g · col, col the im2col matrix of a band of output
// rows (each column the window of one output position, padding read as +0
// exactly as convElement reads it), computed by the blocked kernels
// (FastDot.c) with the bias added as one more rounded term; every element
// the bound cannot prove is computed by convElement. avg_pool2d sums each
// window in double with its bound and divides (Certify.c), falling back to
// avgPoolElement likewise.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <math.h>
#include <stdlib.h>

typedef __int128 Wide;

// One spatial dimension of a sliding window.
typedef struct Axis {
  int64_t in, kernel, stride, padBegin, padEnd, dilation;
  int64_t out; // set by convOutSize / poolOutSize
} Axis;

static const char *const kDimName[2] = {"height", "width"};

static Wide extent(const Axis *a) { return (Wide)a->dilation * (a->kernel - 1) + 1; }
static Wide padded(const Axis *a) { return (Wide)a->in + a->padBegin + a->padEnd; }

// The input position that output `o` reads at kernel tap `t`, in *pos; true
// if it is a real element (not padding, not past it).
static bool tap(const Axis *a, int64_t o, int64_t t, int64_t *pos) {
  Wide v = (Wide)o * a->stride + (Wide)t * a->dilation - a->padBegin;
  *pos = v >= 0 && v < a->in ? (int64_t)v : 0;
  return v >= 0 && v < a->in;
}

// The input position (ih, iw) that output idx = [n, c, oh, ow] reads at
// kernel tap (i, j); true if it is a real element on both axes.
static bool tap2(const Axis *axes, const int64_t *idx, int64_t i, int64_t j, int64_t *ih, int64_t *iw) {
  bool inH = tap(&axes[0], idx[2], i, ih);
  bool inW = tap(&axes[1], idx[3], j, iw);
  return inH && inW;
}

// Linear index of x[n, c, h, w] in an NCHW tensor.
static int64_t at4(const TcRefTensor *x, int64_t n, int64_t c, int64_t h, int64_t w) {
  return ((n * x->dims[1] + c) * x->dims[2] + h) * x->dims[3] + w;
}

// Reads I64Array `name`: exactly `size` entries, each >= `min`.
static bool readArray(RefOp *r, const char *name, intptr_t size, int64_t min, int64_t *out) {
  RefArray a;
  if (!tcRefGetI64ArrayAttr(r, name, &a))
    return false;
  if (a.size != size)
    return tcRefError(r, "attribute '%s' must have %ld entries, got %ld", name, (long)size, (long)a.size);
  for (intptr_t i = 0; i < size; ++i) {
    if (a.data[i] < min)
      return tcRefError(r, "attribute '%s' entries must be >= %lld, got %lld", name, (long long)min,
                        (long long)a.data[i]);
    out[i] = a.data[i];
  }
  return true;
}

// Reads strides, pads and (if `hasDilations`) dilations into both axes;
// without them the dilation is 1.
static bool readWindow(RefOp *r, Axis *axes, bool hasDilations) {
  int64_t strides[2] = {0}, pads[4] = {0}, dilations[2] = {1, 1};
  if (!readArray(r, "strides", 2, 1, strides) || !readArray(r, "pads", 4, 0, pads) ||
      (hasDilations && !readArray(r, "dilations", 2, 1, dilations)))
    return false;
  for (int i = 0; i < 2; ++i) {
    axes[i].stride = strides[i];
    axes[i].padBegin = pads[i]; // ONNX order: top, left, bottom, right
    axes[i].padEnd = pads[i + 2];
    axes[i].dilation = dilations[i];
  }
  return true;
}

static bool setOut(RefOp *r, Axis *a, Wide out, int dim) {
  if (out > INT64_MAX)
    return tcRefError(r, "output %s is 2^63 or more", kDimName[dim]);
  a->out = (int64_t)out;
  return true;
}

static bool checkFits(RefOp *r, const Axis *a, int dim) {
  if (padded(a) >= extent(a))
    return true;
  return tcRefConstraint(
      r, "window-fits",
      "the window (kernel %lld, dilation %lld) must fit in the padded input (%lld + pads %lld, %lld) "
      "along the %s",
      (long long)a->kernel, (long long)a->dilation, (long long)a->in, (long long)a->padBegin, (long long)a->padEnd,
      kDimName[dim]);
}

static bool convOutSize(RefOp *r, Axis *a, int dim) {
  return checkFits(r, a, dim) && setOut(r, a, (padded(a) - extent(a)) / a->stride + 1, dim);
}

// Pools also need each pad smaller than the window, and in ceil mode drop
// the extra window when it would start in the end padding.
static bool poolOutSize(RefOp *r, Axis *a, bool ceilMode, int dim) {
  Wide e = extent(a), span = padded(a) - e;
  if (a->padBegin >= e || a->padEnd >= e)
    return tcRefError(r, "pads along the %s must be smaller than the window extent", kDimName[dim]);
  if (!checkFits(r, a, dim))
    return false;
  if (!ceilMode)
    return setOut(r, a, span / a->stride + 1, dim);
  Wide hc = (span + a->stride - 1) / a->stride + 1;
  bool startsInEndPad = (hc - 1) * a->stride >= (Wide)a->in + a->padBegin;
  return setOut(r, a, startsInEndPad ? hc - 1 : hc, dim);
}

static bool checkResultDtype(RefOp *r, TcRefDtype want) {
  if (tcRefResultDtype(r, 0) == want)
    return true;
  return tcRefError(r, "result dtype must be the operand's, %s", tcRefDtypeName(want));
}

//===-- conv2d ----------------------------------------------------------------===//

typedef struct Conv {
  const TcRefTensor *x, *w, *bias; // bias may be NULL
  int64_t groups;
  Axis axes[2];
} Conv;

static bool checkConvOperands(RefOp *r, const Conv *c) {
  static const char *const names[] = {"x", "w", "bias"};
  TcRefDtype d = c->x->dtype;
  if (!tcRefDtypeIsFloat(d))
    return tcRefError(r, "operand 'x' must have float elements, got %s", tcRefDtypeName(d));
  for (intptr_t i = 1; i < r->numOperands; ++i)
    if (r->operands[i]->dtype != d)
      return tcRefError(r, "operand '%s' must have the dtype of 'x', %s", names[i], tcRefDtypeName(d));
  if (c->x->rank != 4 || c->w->rank != 4 || (c->bias && c->bias->rank != 1))
    return tcRefError(r, "operands 'x' and 'w' must have rank 4 and 'bias' rank 1");
  return checkResultDtype(r, d);
}

static bool checkConvChannels(RefOp *r, const Conv *c) {
  int64_t channels = c->x->dims[1], m = c->w->dims[0], g = c->groups;
  if (channels % g != 0 || m % g != 0)
    return tcRefConstraint(r, "equal-dims",
                           "input channels %lld and output channels %lld must be divisible by group %lld",
                           (long long)channels, (long long)m, (long long)g);
  if (c->w->dims[1] != channels / g)
    return tcRefConstraint(r, "equal-dims", "dimension 1 of 'w' must be C / group = %lld, got %lld",
                           (long long)(channels / g), (long long)c->w->dims[1]);
  if (c->bias && c->bias->dims[0] != m)
    return tcRefError(r, "operand 'bias' must have shape [%lld] (the output channels)", (long long)m);
  if (c->w->dims[2] < 1 || c->w->dims[3] < 1)
    return tcRefError(r, "the kernel (dimensions 2 and 3 of 'w') must not be empty");
  return true;
}

static bool readConv(RefOp *r, Conv *c) {
  c->x = r->operands[0];
  c->w = r->operands[1];
  c->bias = r->numOperands > 2 ? r->operands[2] : NULL;
  if (!tcRefGetI64Attr(r, "group", &c->groups) || !readWindow(r, c->axes, true) || !checkConvOperands(r, c))
    return false;
  if (c->groups < 1)
    return tcRefError(r, "attribute 'group' must be >= 1, got %lld", (long long)c->groups);
  if (!checkConvChannels(r, c))
    return false;
  for (int i = 0; i < 2; ++i) {
    c->axes[i].in = c->x->dims[2 + i];
    c->axes[i].kernel = c->w->dims[2 + i];
    if (!convOutSize(r, &c->axes[i], i))
      return false;
  }
  return true;
}

// out[n, m, oh, ow] for idx = [n, m, oh, ow].
static void convElement(const Conv *c, const int64_t *idx, TcRefTensor *y, int64_t k) {
  const TcRefTensor *x = c->x, *w = c->w;
  int64_t n = idx[0], m = idx[1], cg = w->dims[1], kh = w->dims[2], kw = w->dims[3];
  int64_t first = m / (w->dims[0] / c->groups) * cg; // first input channel of m's group
  RefSum sum = {0};
  if (c->bias)
    tcRefSumAdd(&sum, c->bias->data[m].f);
  for (int64_t ci = 0; ci < cg; ++ci)
    for (int64_t i = 0; i < kh; ++i)
      for (int64_t j = 0; j < kw; ++j) {
        int64_t ih, iw;
        double xv = tap2(c->axes, idx, i, j, &ih, &iw) ? x->data[at4(x, n, first + ci, ih, iw)].f : 0.0;
        tcRefSumAddProduct(&sum, xv, w->data[((m * cg + ci) * kh + i) * kw + j].f);
      }
  tcRefSumStore(&sum, 1, y, k);
}

// One image n, one group g, output rows [oh0, oh0 + rows).
typedef struct ConvFast {
  const Conv *c;
  TcRefTensor *y;
  RefDots d;
  int64_t n, g, mg, oh0;
  int64_t *inH, *inW; // input row of (kernel row i, output row oh), column of (j, ow); -1: padding
} ConvFast;

enum { CONV_COLUMN_BYTES = 1 << 25 }; // the im2col band is at most 32 MiB

// The im2col band: row (ci, i, j), column (oh - oh0)·OW + ow.
static double *convColumns(const ConvFast *f, int64_t rows) {
  const TcRefTensor *x = f->c->x, *w = f->c->w;
  int64_t cg = w->dims[1], kh = w->dims[2], kw = w->dims[3], oh = f->c->axes[0].out, ow = f->c->axes[1].out;
  int64_t np = rows * ow;
  double *col = malloc((size_t)(cg * kh * kw * np) * sizeof *col);
  if (!col)
    tcFatal("out of memory in the reference evaluator");
  for (int64_t ci = 0; ci < cg; ++ci)
    for (int64_t i = 0; i < kh; ++i)
      for (int64_t j = 0; j < kw; ++j) {
        double *out = col + ((ci * kh + i) * kw + j) * np;
        for (int64_t h = 0; h < rows; ++h)
          for (int64_t q = 0; q < ow; ++q) {
            int64_t ih = f->inH[i * oh + f->oh0 + h], iw = f->inW[j * ow + q];
            out[h * ow + q] = ih >= 0 && iw >= 0 ? x->data[at4(x, f->n, f->g * cg + ci, ih, iw)].f : 0.0;
          }
      }
  return col;
}

static RefFast convValue(void *ctx, int64_t i, int64_t j, bool precise) {
  ConvFast *f = ctx;
  RefFast v = tcRefDotsValue(&f->d, i, j, precise);
  return f->c->bias ? tcRefFastAdd(v, f->c->bias->data[f->g * f->mg + i].f, f->d.compensated) : v;
}

static int64_t convIndex(void *ctx, int64_t i, int64_t j) {
  ConvFast *f = ctx;
  int64_t positions = f->c->axes[0].out * f->c->axes[1].out;
  return (f->n * f->c->w->dims[0] + f->g * f->mg + i) * positions + f->oh0 * f->c->axes[1].out + j;
}

static void convExact(void *ctx, int64_t i, int64_t j, int64_t k) {
  ConvFast *f = ctx;
  int64_t ow = f->c->axes[1].out, p = f->oh0 * ow + j;
  int64_t idx[4] = {f->n, f->g * f->mg + i, p / ow, p % ow};
  convElement(f->c, idx, f->y, k);
}

// The input positions of every (kernel tap, output position) on one axis.
static int64_t *axisTaps(const Axis *a) {
  int64_t *taps = malloc((size_t)(a->kernel * a->out) * sizeof *taps);
  if (!taps)
    tcFatal("out of memory in the reference evaluator");
  for (int64_t t = 0; t < a->kernel; ++t)
    for (int64_t o = 0; o < a->out; ++o) {
      int64_t pos;
      taps[t * a->out + o] = tap(a, o, t, &pos) ? pos : -1;
    }
  return taps;
}

// One band of output rows of image n, group g.
static void convBand(RefOp *r, ConvFast *f, int64_t rows, bool bounded) {
  const TcRefTensor *w = f->c->w;
  int64_t kc = w->dims[1] * w->dims[2] * w->dims[3], np = rows * f->c->axes[1].out;
  double *col = convColumns(f, rows);
  f->d = (RefDots){.a = {&w->data[f->g * f->mg * kc].f, f->mg, kc, kc, 1}, .b = {col, kc, np, np, 1},
                   .compensated = w->dtype == TC_REF_F64};
  RefFastBlock block = {f->y, f->mg, np, f, convValue, convIndex, convExact, bounded};
  if (tcRefDotsCompute(&f->d, tcRefThreads(r)))
    tcRefStoreBlock(&block, tcRefThreads(r));
  else // the fast bound would not hold: every element exactly
    for (int64_t i = 0; i < f->mg; ++i)
      for (int64_t j = 0; j < np; ++j)
        convExact(f, i, j, convIndex(f, i, j));
  tcRefDotsFree(&f->d);
  free(col);
}

static void convFast(RefOp *r, const Conv *c) {
  const TcRefTensor *w = c->w;
  int64_t kc = w->dims[1] * w->dims[2] * w->dims[3], oh = c->axes[0].out, ow = c->axes[1].out;
  int64_t band = CONV_COLUMN_BYTES / (int64_t)sizeof(double) / kc / ow;
  band = band < 1 ? 1 : band;
  ConvFast f = {.c = c, .y = &r->results[0], .mg = w->dims[0] / c->groups, .inH = axisTaps(&c->axes[0]),
                .inW = axisTaps(&c->axes[1])};
  bool bounded = tcRefPrepareBound(r, f.y);
  for (f.n = 0; f.n < c->x->dims[0]; ++f.n)
    for (f.g = 0; f.g < c->groups; ++f.g)
      for (f.oh0 = 0; f.oh0 < oh; f.oh0 += band)
        convBand(r, &f, oh - f.oh0 < band ? oh - f.oh0 : band, bounded);
  tcRefFinishBound(f.y);
  free(f.inH);
  free(f.inW);
}

bool tcRefEvalConv2d(RefOp *r) {
  Conv c;
  if (!readConv(r, &c))
    return false;
  RefShape shape = {4, {c.x->dims[0], c.w->dims[0], c.axes[0].out, c.axes[1].out}};
  if (!tcRefCreateResult(r, 0, &shape))
    return false;
  if (refFast(r) && c.w->dims[1] > 0 && r->results[0].numel > 0) {
    convFast(r, &c);
    return true;
  }
  int64_t idx[4];
  for (int64_t k = 0; k < r->results[0].numel; ++k) {
    tcRefUnravel(k, &shape, idx);
    convElement(&c, idx, &r->results[0], k);
  }
  return true;
}

//===-- max_pool2d, avg_pool2d ------------------------------------------------===//

typedef struct Pool {
  const TcRefTensor *x;
  Axis axes[2];
  bool ceilMode, countIncludePad;
} Pool;

// Reads the attributes both pools share and computes the output size.
static bool readPool(RefOp *r, Pool *p, bool hasDilations) {
  int64_t kernel[2] = {0};
  p->x = r->operands[0];
  if (!readArray(r, "kernel", 2, 1, kernel) || !readWindow(r, p->axes, hasDilations) ||
      !tcRefGetBoolAttr(r, "ceil_mode", &p->ceilMode))
    return false;
  if (p->x->rank != 4)
    return tcRefError(r, "operand 'x' must have rank 4, got %ld", (long)p->x->rank);
  if (!checkResultDtype(r, p->x->dtype))
    return false;
  for (int i = 0; i < 2; ++i) {
    p->axes[i].in = p->x->dims[2 + i];
    p->axes[i].kernel = kernel[i];
    if (!poolOutSize(r, &p->axes[i], p->ceilMode, i))
      return false;
  }
  return true;
}

static bool createPoolResult(RefOp *r, const Pool *p, RefShape *shape) {
  *shape = (RefShape){4, {p->x->dims[0], p->x->dims[1], p->axes[0].out, p->axes[1].out}};
  return tcRefCreateResult(r, 0, shape);
}

// max by the rules of `max`: NaN wins, +0 over -0.
static double floatMax(double acc, double v) {
  if (isnan(acc) || isnan(v))
    return NAN;
  if (acc == v)
    return signbit(acc) ? v : acc;
  return v > acc ? v : acc;
}

static void maxPoolElement(const Pool *p, const int64_t *idx, TcRefTensor *y, int64_t k) {
  const TcRefTensor *x = p->x;
  bool isFloat = tcRefDtypeIsFloat(x->dtype), isSigned = tcRefIsSigned(x->dtype);
  unsigned width = tcRefIntWidth(x->dtype);
  double best = -INFINITY; // the empty window's value
  uint64_t bestBits = isSigned ? ~((UINT64_C(1) << (width - 1)) - 1) : 0;
  for (int64_t i = 0; i < p->axes[0].kernel; ++i)
    for (int64_t j = 0; j < p->axes[1].kernel; ++j) {
      int64_t ih, iw;
      if (!tap2(p->axes, idx, i, j, &ih, &iw))
        continue;
      int64_t e = at4(x, idx[0], idx[1], ih, iw);
      uint64_t v = isFloat ? 0 : tcRefGetBits(x, e);
      if (isFloat)
        best = floatMax(best, x->data[e].f);
      else if (isSigned ? (int64_t)v > (int64_t)bestBits : v > bestBits)
        bestBits = v;
    }
  if (isFloat)
    tcRefSetDouble(y, k, best);
  else
    tcRefSetBits(y, k, bestBits);
}

bool tcRefEvalMaxPool2d(RefOp *r) {
  Pool p;
  RefShape shape;
  if (!readPool(r, &p, true))
    return false;
  if (p.x->dtype == TC_REF_I1)
    return tcRefError(r, "operand 'x' must have numeric elements, got i1");
  if (!createPoolResult(r, &p, &shape))
    return false;
  int64_t idx[4];
  for (int64_t k = 0; k < r->results[0].numel; ++k) {
    tcRefUnravel(k, &shape, idx);
    maxPoolElement(&p, idx, &r->results[0], k);
  }
  return true;
}

// The number of window positions of output o inside the input or its
// explicit padding: min(o·s + k, P) − o·s (ceil mode may run past P).
static Wide paddedWindow(const Axis *a, int64_t o) {
  Wide start = (Wide)o * a->stride, end = start + a->kernel;
  return (end < padded(a) ? end : padded(a)) - start;
}

static void avgPoolElement(const Pool *p, const int64_t *idx, TcRefTensor *y, int64_t k) {
  const TcRefTensor *x = p->x;
  RefSum sum = {0};
  for (int64_t i = 0; i < p->axes[0].kernel; ++i)
    for (int64_t j = 0; j < p->axes[1].kernel; ++j) {
      int64_t ih, iw;
      if (tap2(p->axes, idx, i, j, &ih, &iw))
        tcRefSumAdd(&sum, x->data[at4(x, idx[0], idx[1], ih, iw)].f);
    }
  Wide d = p->countIncludePad ? paddedWindow(&p->axes[0], idx[2]) * paddedWindow(&p->axes[1], idx[3]) : sum.count;
  if (d > INT64_MAX) // a window area past 2^63: only the double quotient is practical
    tcRefSetDouble(y, k, tcRefSumValue(&sum) / (double)d);
  else // the exact quotient, rounded once; an empty window: 0/0 = NaN, or +0/D = +0
    tcRefSumStore(&sum, (int64_t)d, y, k);
}

// The fast mode: the window's double sum with its bound, divided by the
// same divisor, proved or recomputed by avgPoolElement.
typedef struct AvgFast {
  const Pool *p;
  TcRefTensor *y;
  const RefShape *shape;
  bool bounded;
} AvgFast;

enum { POOL_CHUNK = 256 }; // output elements per work item

static void avgPoolFastItem(void *ctx, int64_t item) {
  const AvgFast *f = ctx;
  const Pool *p = f->p;
  int64_t idx[4];
  for (int64_t k = item * POOL_CHUNK; k < f->y->numel && k < (item + 1) * POOL_CHUNK; ++k) {
    tcRefUnravel(k, f->shape, idx);
    RefFastSum sum = {.s = -0.0};
    for (int64_t i = 0; i < p->axes[0].kernel; ++i)
      for (int64_t j = 0; j < p->axes[1].kernel; ++j) {
        int64_t ih, iw;
        if (tap2(p->axes, idx, i, j, &ih, &iw))
          refFastSumAdd(&sum, p->x->data[at4(p->x, idx[0], idx[1], ih, iw)].f);
      }
    Wide d = p->countIncludePad ? paddedWindow(&p->axes[0], idx[2]) * paddedWindow(&p->axes[1], idx[3]) : sum.n;
    bool fast = sum.n > 0 && d > 0 && d <= INT64_MAX;
    if (!fast || !tcRefStoreFast(f->y, k, tcRefFastDivide(tcRefFastSumValue(&sum), (int64_t)d, true), f->bounded))
      avgPoolElement(p, idx, f->y, k);
  }
}

bool tcRefEvalAvgPool2d(RefOp *r) {
  Pool p;
  RefShape shape;
  if (!tcRefGetBoolAttr(r, "count_include_pad", &p.countIncludePad) || !readPool(r, &p, false))
    return false;
  if (!tcRefDtypeIsFloat(p.x->dtype))
    return tcRefError(r, "operand 'x' must have float elements, got %s", tcRefDtypeName(p.x->dtype));
  if (!createPoolResult(r, &p, &shape))
    return false;
  if (refFast(r)) {
    AvgFast f = {&p, &r->results[0], &shape, tcRefPrepareBound(r, &r->results[0])};
    tcRefParallelFor(tcRefThreads(r), (f.y->numel + POOL_CHUNK - 1) / POOL_CHUNK, avgPoolFastItem, &f);
    tcRefFinishBound(f.y);
    return true;
  }
  int64_t idx[4];
  for (int64_t k = 0; k < r->results[0].numel; ++k) {
    tcRefUnravel(k, &shape, idx);
    avgPoolElement(&p, idx, &r->results[0], k);
  }
  return true;
}

//===-- global_max_pool, global_avg_pool --------------------------------------===//

bool tcRefEvalGlobalPool(RefOp *r) {
  const TcRefTensor *x = r->operands[0];
  bool reduced[TC_REF_MAX_RANK];
  if (x->rank < 3)
    return tcRefError(r, "operand 'x' must have rank at least 3, got %ld", (long)x->rank);
  for (intptr_t d = 0; d < x->rank; ++d)
    reduced[d] = d >= 2; // [N, C, d...] -> [N, C, 1...]
  return tcRefReduceOverAxes(r, tcRefOpIs(r, "global_max_pool") ? "reduce_max" : "reduce_mean", reduced, true);
}
