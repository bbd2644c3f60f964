//===- Fold.c - values known at import time ---------------------------------===//
//
// Everything ONNX computes from static shapes is a constant here (from
// dynamic ones, a size expression: Sizes.c): Shape, Size, EyeLike and
// ConstantOfShape depend on shapes only, and the arithmetic that shape
// subgraphs do on them (Add, Mul, Div, comparisons, Where, Cast between
// integer types) folds on the host when its inputs are integer constants.
// Data movement on constants (Reshape, Squeeze, Gather, Concat, Slice, ...)
// folds in the op importers themselves, so a Shape -> Gather -> Concat ->
// Reshape chain ends as a Reshape with a static result type. `Constant`
// nodes are read here too.
//
// Folded integer arithmetic follows tc_tensor's semantics exactly (wrapping,
// truncating division with x / 0 = 0), so folding never changes a value that
// the compiled op would have computed. Unsigned 64-bit values are not folded
// (int64 arithmetic would misorder them).
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

//===-- Constant ---------------------------------------------------------------===//

static bool defineFromTensor(Importer *im, const Onnx__TensorProto *t) {
  const void *data;
  void *owned;
  int rank;
  int64_t dims[IMP_MAX_RANK];
  if (!tcImpTensorData(im, t, "attribute 'value'", true, &data, &owned, &rank, dims))
    return false;
  ImpValue *out = tcImpOutput(im, 0);
  if (!out) {
    free(owned);
    return true;
  }
  if (!tcImpDefineConstant(im, 0, t->data_type, rank, dims, owned))
    return false;
  out->data = data ? data : "";
  out->proto = t;
  return true;
}

static bool foldConstant(Importer *im) {
  const Onnx__AttributeProto *a = im->node->n_attribute == 1 ? im->node->attribute[0] : NULL;
  if (!a || !a->name)
    return tcImpInvalid(im, "a Constant needs exactly one attribute");
  if (!tcImpAtMostOutputs(im, 1))
    return false;
  if (strcmp(a->name, "value") == 0 && a->t)
    return defineFromTensor(im, a->t);
  int64_t dims[1];
  if (strcmp(a->name, "value_float") == 0 && a->has_f) {
    float *f = malloc(4);
    *f = a->f;
    return tcImpDefineConstant(im, 0, IMP_F32, 0, dims, f);
  }
  if (strcmp(a->name, "value_int") == 0 && a->has_i)
    return tcImpDefineInts(im, 0, IMP_I64, 0, dims, &a->i);
  if (strcmp(a->name, "value_ints") == 0) {
    dims[0] = (int64_t)a->n_ints;
    return tcImpDefineInts(im, 0, IMP_I64, 1, dims, a->ints);
  }
  if (strcmp(a->name, "value_floats") == 0) {
    dims[0] = (int64_t)a->n_floats;
    float *f = malloc(a->n_floats * 4 + 4);
    memcpy(f, a->floats, a->n_floats * 4);
    return tcImpDefineConstant(im, 0, IMP_F32, 1, dims, f);
  }
  if (strcmp(a->name, "sparse_value") == 0 || strncmp(a->name, "value_string", 12) == 0)
    return tcImpUnsupported(im, "attribute '%s' is not supported", a->name);
  return tcImpInvalid(im, "attribute '%s' is not a valid Constant value", a->name);
}

//===-- Values of shapes ---------------------------------------------------===//

static bool foldShape(Importer *im) {
  ImpValue *x = tcImpInput(im, 0);
  int64_t start, end;
  if (!x || !tcImpAttrInt(im, "start", 0, &start) || !tcImpAttrInt(im, "end", x->rank, &end))
    return x ? false : tcImpInvalid(im, "input #0 is missing");
  int64_t r = x->rank;
  start = start < 0 ? start + r : start, end = end < 0 ? end + r : end;
  start = start < 0 ? 0 : start > r ? r : start;
  end = end < 0 ? 0 : end > r ? r : end;
  int n = end > start ? (int)(end - start) : 0;
  ImpSize sizes[IMP_MAX_RANK]; // a dynamic dimension is its symbol (Sizes.c)
  for (int d = 0; d < n; ++d)
    sizes[d] = tcImpSizeOfDim(im, x, (int)start + d);
  return tcImpDefineSizes(im, 0, IMP_I64, 1, sizes, n);
}

static bool foldSize(Importer *im) {
  ImpValue *x = tcImpInput(im, 0);
  if (!x)
    return tcImpInvalid(im, "input #0 is missing");
  ImpSize n = {0, tcImpNumElements(x->rank, x->dims), 1};
  for (int d = 0; d < x->rank; ++d) {
    char shape[IMP_MAX_RANK * 24 + 8];
    if (x->dims[d] != IMP_DYN)
      continue;
    if (n.sym)
      return tcImpUnsupported(im, "Size of the shape %s: a product of two dynamic sizes is not a size expression",
                              tcImpFormatShape(x->rank, x->dims, shape, sizeof shape));
    n.sym = tcImpSizeOfDim(im, x, d).sym;
  }
  return tcImpDefineSizes(im, 0, IMP_I64, 0, &n, 1);
}

// A value tc_tensor cannot build: its shape is a size expression (Sizes.c).
static bool dynamicResult(Importer *im, const char *what, const ImpValue *v) {
  char buf[IMP_MAX_RANK * 40 + 8];
  return tcImpUnsupported(im,
                          "%s '%s' is the size expression %s of a dynamic shape: the result's shape would be "
                          "computed from a value at run time, and tc_tensor's constant takes static shapes only "
                          "(docs/dialects.md §1.5)",
                          what, v->name,
                          tcImpFormatSizes(im, v->sizes, v->rank ? (int)v->dims[0] : 1, buf, sizeof buf));
}

static bool foldConstantOfShape(Importer *im) {
  int64_t dims[IMP_MAX_RANK];
  int rank;
  if (tcImpInput(im, 0) && tcImpInput(im, 0)->sizes)
    return dynamicResult(im, "input", tcImpInput(im, 0));
  if (!tcImpConstInts(im, 0, "input", dims, IMP_MAX_RANK, &rank))
    return false;
  const Onnx__AttributeProto *a = tcImpAttr(im, "value");
  int32_t dtype = IMP_F32;
  const void *fill = "\0\0\0\0";
  void *owned = NULL;
  if (a && a->t) {
    int r;
    int64_t d[IMP_MAX_RANK];
    if (!tcImpTensorData(im, a->t, "attribute 'value'", false, &fill, &owned, &r, d))
      return false;
    if (tcImpNumElements(r, d) != 1)
      return tcImpInvalid(im, "attribute 'value' must hold one element");
    dtype = a->t->data_type;
  }
  for (int i = 0; i < rank; ++i)
    if (dims[i] < 0) {
      free(owned);
      return tcImpInvalid(im, "a negative dimension");
    }
  int64_t n = tcImpNumElements(rank, dims);
  if (n > IMP_FOLD_LIMIT * 16) {
    char shape[IMP_MAX_RANK * 24 + 8];
    free(owned);
    return tcImpUnsupported(im, "a constant of shape %s (more than %d elements)",
                            tcImpFormatShape(rank, dims, shape, sizeof shape), IMP_FOLD_LIMIT * 16);
  }
  size_t size = tcImpDtypeSize(dtype);
  unsigned char *data = malloc((size_t)(n ? n : 1) * size);
  for (int64_t k = 0; k < n; ++k)
    memcpy(data + k * size, fill, size);
  free(owned);
  return tcImpDefineConstant(im, 0, dtype, rank, dims, data);
}

static bool foldEyeLike(Importer *im) {
  ImpValue *x = tcImpInput(im, 0);
  int64_t k, dtype;
  if (!x)
    return tcImpInvalid(im, "input #0 is missing");
  if (!tcImpAttrInt(im, "k", 0, &k) || !tcImpAttrInt(im, "dtype", x->dtype, &dtype))
    return false;
  if (x->rank != 2)
    return tcImpInvalid(im, "EyeLike needs a rank-2 input");
  if (!tcImpElementType(im->ctx, (int32_t)dtype).ptr)
    return tcImpUnsupported(im, "dtype %s", tcImpDtypeName((int32_t)dtype));
  int64_t n = x->dims[0] * x->dims[1];
  if (n > IMP_FOLD_LIMIT * 16)
    return tcImpUnsupported(im, "a constant of %" PRId64 " elements", n);
  int64_t *ints = calloc((size_t)(n ? n : 1), sizeof *ints);
  for (int64_t i = 0; i < x->dims[0]; ++i)
    if (i + k >= 0 && i + k < x->dims[1])
      ints[i * x->dims[1] + i + k] = 1;
  bool ok = tcImpDefineInts(im, 0, (int32_t)dtype, 2, x->dims, ints);
  free(ints);
  return ok;
}

static bool foldRange(Importer *im) {
  ImpValue *s = tcImpInput(im, 0), *l = tcImpInput(im, 1), *d = tcImpInput(im, 2);
  if (!s || !l || !d)
    return tcImpInvalid(im, "Range needs start, limit and delta");
  if (s->sizes || l->sizes || d->sizes)
    return dynamicResult(im, s->sizes ? "start" : l->sizes ? "limit" : "delta", s->sizes ? s : l->sizes ? l : d);
  if (!s->data || !l->data || !d->data)
    return tcImpNotKnown(im, !s->data ? "start" : !l->data ? "limit" : "delta", !s->data ? s : !l->data ? l : d);
  double start = tcImpDataDouble(s->data, s->dtype, 0), limit = tcImpDataDouble(l->data, l->dtype, 0),
         delta = tcImpDataDouble(d->data, d->dtype, 0);
  if (delta == 0)
    return tcImpInvalid(im, "Range with delta 0");
  double count = ceil((limit - start) / delta);
  int64_t n = count > 0 ? (int64_t)count : 0;
  if (n > IMP_FOLD_LIMIT * 16)
    return tcImpUnsupported(im, "a constant of %" PRId64 " elements", n);
  size_t size = tcImpDtypeSize(s->dtype);
  unsigned char *data = malloc((size_t)(n ? n : 1) * size);
  int64_t istart = tcImpDataInt(s->data, s->dtype, 0), idelta = tcImpDataInt(d->data, d->dtype, 0);
  for (int64_t k = 0; k < n; ++k) {
    if (s->dtype == IMP_F32) {
      float f = (float)(start + (double)k * delta);
      memcpy(data + k * size, &f, 4);
    } else if (s->dtype == IMP_F64) {
      double f = start + (double)k * delta;
      memcpy(data + k * size, &f, 8);
    } else if (tcImpIsInt(s->dtype)) {
      int64_t v = istart + k * idelta;
      memcpy(data + k * size, &v, size);
    } else {
      free(data);
      return tcImpUnsupported(im, "Range of %s", tcImpDtypeName(s->dtype));
    }
  }
  return tcImpDefineConstant(im, 0, s->dtype, 1, &n, data);
}

//===-- Integer arithmetic on constants ------------------------------------===//

static int64_t applyInt(const char *op, int64_t a, int64_t b, int64_t c) {
  if (!strcmp(op, "Add")) return (int64_t)((uint64_t)a + (uint64_t)b);
  if (!strcmp(op, "Sub")) return (int64_t)((uint64_t)a - (uint64_t)b);
  if (!strcmp(op, "Mul")) return (int64_t)((uint64_t)a * (uint64_t)b);
  if (!strcmp(op, "Div")) return b == 0 ? 0 : (a == INT64_MIN && b == -1) ? a : a / b;
  if (!strcmp(op, "Equal")) return a == b;
  if (!strcmp(op, "Less")) return a < b;
  if (!strcmp(op, "Greater")) return a > b;
  if (!strcmp(op, "LessOrEqual")) return a <= b;
  if (!strcmp(op, "GreaterOrEqual")) return a >= b;
  if (!strcmp(op, "And")) return a && b;
  if (!strcmp(op, "Or")) return a || b;
  if (!strcmp(op, "Xor")) return !a != !b;
  if (!strcmp(op, "Not")) return !a;
  if (!strcmp(op, "Neg")) return (int64_t)(0 - (uint64_t)a);
  if (!strcmp(op, "Abs")) return a < 0 ? (int64_t)(0 - (uint64_t)a) : a;
  if (!strcmp(op, "Where")) return a ? b : c;
  return a; // Identity, Cast
}

static bool isFoldableArith(const char *op) {
  static const char *const ops[] = {"Add", "Sub", "Mul", "Div", "Equal", "Less", "Greater", "LessOrEqual",
                                    "GreaterOrEqual", "And", "Or", "Xor", "Not", "Neg", "Abs", "Where",
                                    "Identity", "Cast", NULL};
  for (const char *const *o = ops; *o; ++o)
    if (!strcmp(*o, op))
      return true;
  return false;
}

// Index of output element `k` (of shape `dims`, rank r) in an input of rank
// q broadcast to it.
static int64_t broadcastIndex(int64_t k, int r, const int64_t *dims, const ImpValue *in) {
  int64_t idx = 0, stride = 1;
  for (int d = r - 1; d >= 0; --d) {
    int64_t i = k % dims[d];
    k /= dims[d];
    int qd = d - (r - in->rank);
    if (qd >= 0) {
      idx += (in->dims[qd] == 1 ? 0 : i) * stride;
      stride *= in->dims[qd];
    }
  }
  return idx;
}

static bool foldArith(Importer *im, bool *handled) {
  const char *op = im->node->op_type;
  int n = tcImpNumInputs(im);
  ImpValue *in[3] = {NULL};
  *handled = false;
  if (!isFoldableArith(op) || n < 1 || n > 3 || im->node->n_output != 1)
    return true;
  if (im->opset < 7 && tcImpAttr(im, "broadcast")) // the legacy broadcast: the importer reads it
    return true;
  int r = 0;
  int64_t dims[IMP_MAX_RANK];
  for (int i = 0; i < n; ++i) {
    in[i] = tcImpInput(im, i);
    bool cond = !strcmp(op, "Where") && i == 0;
    if (!in[i] || !in[i]->data || in[i]->dtype == IMP_U64 ||
        !(tcImpIsInt(in[i]->dtype) || in[i]->dtype == IMP_BOOL) || (cond && in[i]->dtype != IMP_BOOL))
      return true;
    int64_t tmp[IMP_MAX_RANK];
    if (!tcImpBroadcastShape(r, dims, in[i]->rank, in[i]->dims, &r, tmp))
      return true; // not broadcastable: let the importer report it
    memcpy(dims, tmp, sizeof tmp);
  }
  int32_t outType = in[n - 1]->dtype;
  if (!strcmp(op, "Cast")) {
    int64_t to;
    if (!tcImpAttrInt(im, "to", 0, &to))
      return false;
    if (!(tcImpIsInt((int32_t)to) && to != IMP_U64) && to != IMP_BOOL)
      return true;
    outType = (int32_t)to;
  } else if (strstr("Equal Less Greater LessOrEqual GreaterOrEqual", op)) {
    outType = IMP_BOOL;
  }
  int64_t count = tcImpNumElements(r, dims);
  if (count > IMP_FOLD_LIMIT)
    return true;
  int64_t *vals = malloc((size_t)(count ? count : 1) * sizeof *vals);
  for (int64_t k = 0; k < count; ++k) {
    int64_t x[3] = {0};
    for (int i = 0; i < n; ++i)
      x[i] = tcImpDataInt(in[i]->data, in[i]->dtype, broadcastIndex(k, r, dims, in[i]));
    vals[k] = applyInt(op, x[0], x[1], x[2]);
    if (outType == IMP_BOOL)
      vals[k] = vals[k] != 0;
  }
  // tcImpDefineInts keeps the low bytes: tc_tensor's wrapping.
  *handled = true;
  bool ok = tcImpDefineInts(im, 0, outType, r, dims, vals);
  free(vals);
  return ok;
}

// The ops that are only ever folded (they have no importer of their own).
static const struct {
  const char *name;
  ImpOpFn fn;
} kAlways[] = {{"Constant", foldConstant}, {"Shape", foldShape},   {"Size", foldSize},
               {"ConstantOfShape", foldConstantOfShape}, {"EyeLike", foldEyeLike}, {"Range", foldRange}};

bool tcImpTryFoldable(const char *op) {
  for (size_t i = 0; op && i < sizeof kAlways / sizeof *kAlways; ++i)
    if (!strcmp(kAlways[i].name, op))
      return true;
  return false;
}

bool tcImpTryFold(Importer *im, bool *failed) {
  const char *op = im->node->op_type;
  if (tcImpFoldSizes(im, failed))
    return !*failed;
  for (size_t i = 0; i < sizeof kAlways / sizeof *kAlways; ++i)
    if (!strcmp(kAlways[i].name, op)) {
      *failed = !kAlways[i].fn(im);
      return !*failed;
    }
  bool handled;
  *failed = !foldArith(im, &handled);
  return handled && !*failed;
}
