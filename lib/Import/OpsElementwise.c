//===- OpsElementwise.c - ONNX elementwise ops -----------------------------===//
//
// ONNX's unary, binary and comparison ops map one to one onto tc_tensor's
// (same NumPy broadcasting, same dtype rules) where tc_tensor has the op and
// the dtype class; the table below says which. Variadic Max, Min, Sum and
// Mean are left-nested chains of binary ops (Mean then divides by the count,
// as ONNX defines it). Ops tc_tensor lacks are decomposed only where the
// decomposition is ONNX's own defining formula: IsNaN is x != x, IsInf
// compares with ±inf, Tan is sin/cos, Cosh is (e^x + e^−x)/2. Asinh, Acosh
// and Atanh are their logarithmic forms, evaluated in f64 and rounded to x's
// dtype once (see importInvHyperbolic). BitShift (unsigned only) is
// x · 2^y (LEFT) or x / 2^y (RIGHT) with 2^y the wrapping integer `pow`:
// exact for y below the width, and 0 for y at or above it (2^y wraps to 0
// and x / 0 = 0), as NumPy's shifts give. Clip takes its
// bounds as attributes when they are known at import time and as max/min
// ops otherwise. Mod picks `mod` (fmod = 0, integers) or `fmod`. Pow with an
// integer exponent on a float base casts the exponent when the cast is exact;
// other mixed dtypes are computed in f64 and cast to the base's dtype, as
// NumPy's promotion computes them.
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <math.h>
#include <string.h>

enum { C_FLOAT = 1, C_INT = 2, C_BOOL = 4, C_NUMERIC = C_FLOAT | C_INT, C_ANY = 7 };

typedef struct Mapped {
  const char *onnx, *tc;
  unsigned classes;
} Mapped;

static const Mapped kUnary[] = {
    {"Abs", "abs", C_NUMERIC},   {"Neg", "neg", C_NUMERIC},     {"Exp", "exp", C_FLOAT},
    {"Log", "log", C_FLOAT},     {"Sqrt", "sqrt", C_FLOAT},     {"Tanh", "tanh", C_FLOAT},
    {"Sigmoid", "sigmoid", C_FLOAT}, {"Relu", "relu", C_NUMERIC}, {"Erf", "erf", C_FLOAT},
    {"Sin", "sin", C_FLOAT},     {"Cos", "cos", C_FLOAT},       {"Floor", "floor", C_FLOAT},
    {"Ceil", "ceil", C_FLOAT},   {"Round", "round", C_FLOAT},   {"Sign", "sign", C_NUMERIC},
    {"Reciprocal", "reciprocal", C_FLOAT}, {"Not", "not", C_BOOL}, {"Identity", "identity", C_ANY},
};

static const Mapped kBinary[] = {
    {"Add", "add", C_NUMERIC}, {"Sub", "sub", C_NUMERIC}, {"Mul", "mul", C_NUMERIC}, {"Div", "div", C_NUMERIC},
    {"And", "and", C_BOOL},    {"Or", "or", C_BOOL},      {"Xor", "xor", C_BOOL},
};

static const Mapped kCompare[] = {
    {"Equal", "eq", C_ANY},         {"Less", "lt", C_NUMERIC},          {"Greater", "gt", C_NUMERIC},
    {"LessOrEqual", "le", C_NUMERIC}, {"GreaterOrEqual", "ge", C_NUMERIC},
};

static const Mapped *findIn(const Mapped *table, size_t n, const char *op) {
  for (size_t i = 0; i < n; ++i)
    if (strcmp(table[i].onnx, op) == 0)
      return &table[i];
  return NULL;
}
#define FIND(table, op) findIn(table, sizeof table / sizeof *table, op)

static unsigned classOf(int32_t dtype) {
  return tcImpIsFloat(dtype) ? C_FLOAT : tcImpIsInt(dtype) ? C_INT : dtype == IMP_BOOL ? C_BOOL : 0;
}

/// Input `i`, which must be present and of a dtype in `classes`.
static ImpValue *typedInput(Importer *im, int i, unsigned classes) {
  ImpValue *v = tcImpInput(im, i);
  if (!v) {
    tcImpInvalid(im, "input #%d is missing", i);
    return NULL;
  }
  if (!(classOf(v->dtype) & classes)) {
    tcImpUnsupported(im, "dtype %s is not supported for this op", tcImpDtypeName(v->dtype));
    return NULL;
  }
  return v;
}

static bool sameDtype(Importer *im, ImpValue *a, ImpValue *b) {
  if (a->dtype != b->dtype)
    return tcImpInvalid(im, "inputs have different dtypes (%s and %s)", tcImpDtypeName(a->dtype),
                        tcImpDtypeName(b->dtype));
  return true;
}

static bool importUnary(Importer *im) {
  const Mapped *m = FIND(kUnary, im->node->op_type);
  ImpValue *x = typedInput(im, 0, m->classes);
  if (!x || !tcImpAtMostOutputs(im, 1))
    return false;
  // Relu on integers exists from opset 14; Neg, Abs and Sign on unsigned
  // integers wrap or are the identity in tc_tensor just as in ONNX.
  return tcImpDefine(im, 0, tcImpUnary(im, m->tc, tcImpGet(im, x)));
}

//===-- Opsets 1-6 ------------------------------------------------------------===//

bool tcImpLegacyOp(const char *op) {
  // Each op's definitions in opsets 1-6 differ from its opset-7 one at most
  // by `consumed_inputs` (which the importers do not read) or, for the binary
  // ops, the legacy broadcast below. Not here, e.g.: Cast (`to` a string in
  // opset 1), Concat (axis optional before 4), Reshape (shape an attribute
  // before 5), Pad (`paddings` in 1), Gemm and PRelu (other broadcasts),
  // BatchNormalization and Dropout (`is_test`, `spatial`), Pow.
  static const char *const ops[] = {
      "Abs", "Neg", "Exp", "Log", "Sqrt", "Tanh", "Sigmoid", "Relu", "Floor", "Ceil", "Reciprocal", "Not",
      "Identity", "Elu", "Selu", "HardSigmoid", "LeakyRelu", "Softplus", "Softsign", "Softmax", "LogSoftmax",
      "Add", "Sub", "Mul", "Div", "And", "Or", "Xor", "Equal", "Less", "Greater", "Sum", "Max", "Min", "Mean",
      "Clip", "MatMul", "Conv", "MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool", "ReduceSum",
      "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1", "ReduceL2", "ReduceSumSquare",
      "ReduceLogSum", "ReduceLogSumExp", "ArgMax", "ArgMin", "Transpose", "Flatten", "Squeeze", "Unsqueeze",
      "Gather", "Shape", "Size", "Constant", "InstanceNormalization", NULL};
  for (const char *const *o = ops; *o; ++o)
    if (strcmp(*o, op) == 0)
      return true;
  return false;
}

// For a binary op before opset 7: `b` as the opset-7 (NumPy) broadcast
// reads it. broadcast = 0 needs equal shapes; broadcast = 1 aligns b's
// dimensions with a's at `axis` (default: the trailing ones), which is
// b reshaped with trailing 1s. Null value after reporting.
static MlirValue impLegacyBroadcast(Importer *im, ImpValue *a, ImpValue *b) {
  int64_t broadcast, axis;
  char sa[IMP_MAX_RANK * 24 + 8], sb[IMP_MAX_RANK * 24 + 8];
  if (!tcImpAttrInt(im, "broadcast", 0, &broadcast) || !tcImpAttrInt(im, "axis", a->rank - b->rank, &axis))
    return (MlirValue){NULL};
  if (!broadcast) {
    MlirValue v = tcImpGet(im, b);
    bool same = a->rank == b->rank;
    for (int d = 0; same && d < a->rank; ++d)
      same = a->dims[d] == b->dims[d];
    if (!same)
      tcImpInvalid(im, "without broadcast, shapes %s and %s must be equal",
                   tcImpFormatShape(a->rank, a->dims, sa, sizeof sa),
                   tcImpFormatShape(b->rank, b->dims, sb, sizeof sb));
    return same ? v : (MlirValue){NULL};
  }
  if (axis < 0)
    axis += a->rank;
  bool fits = b->rank <= a->rank && axis >= 0 && axis + b->rank <= a->rank;
  for (int d = 0; fits && d < b->rank; ++d)
    fits = b->dims[d] == a->dims[axis + d] || b->dims[d] == 1;
  if (!fits) {
    tcImpInvalid(im, "B of shape %s does not broadcast to A of shape %s at axis %" PRId64,
                 tcImpFormatShape(b->rank, b->dims, sb, sizeof sb), tcImpFormatShape(a->rank, a->dims, sa, sizeof sa),
                 axis);
    return (MlirValue){NULL};
  }
  int r = a->rank - (int)axis;
  if (r == b->rank)
    return tcImpGet(im, b);
  int64_t dims[IMP_MAX_RANK];
  for (int d = 0; d < r; ++d)
    dims[d] = d < b->rank ? b->dims[d] : 1;
  if (b->data) { // a constant stays one, of the new shape (as a later opset's model writes it)
    ImpValue reshaped = *b;
    reshaped.rank = r;
    memcpy(reshaped.dims, dims, sizeof dims);
    reshaped.value = (MlirValue){NULL};
    return tcImpGet(im, &reshaped);
  }
  return tcImpReshape(im, tcImpGet(im, b), r, dims);
}

static MlirValue rhsOf(Importer *im, ImpValue *a, ImpValue *b) {
  return im->opset < 7 ? impLegacyBroadcast(im, a, b) : tcImpGet(im, b);
}

static bool importBinary(Importer *im) {
  const Mapped *m = FIND(kBinary, im->node->op_type);
  ImpValue *a = typedInput(im, 0, m->classes), *b = a ? typedInput(im, 1, m->classes) : NULL;
  if (!b || !sameDtype(im, a, b) || !tcImpAtMostOutputs(im, 1))
    return false;
  MlirValue rhs = rhsOf(im, a, b);
  return !mlirValueIsNull(rhs) && tcImpDefine(im, 0, tcImpBinary(im, m->tc, tcImpGet(im, a), rhs));
}

static bool importCompare(Importer *im) {
  const Mapped *m = FIND(kCompare, im->node->op_type);
  ImpValue *a = typedInput(im, 0, m->classes), *b = a ? typedInput(im, 1, m->classes) : NULL;
  if (!b || !sameDtype(im, a, b) || !tcImpAtMostOutputs(im, 1))
    return false;
  MlirValue rhs = rhsOf(im, a, b);
  return !mlirValueIsNull(rhs) && tcImpDefine(im, 0, tcImpCompare(im, m->tc, tcImpGet(im, a), rhs));
}

// Max, Min, Sum, Mean: a left-nested chain over every input.
static bool importVariadic(Importer *im) {
  const char *op = im->node->op_type;
  bool mean = strcmp(op, "Mean") == 0;
  const char *kind = strcmp(op, "Max") == 0 ? "max" : strcmp(op, "Min") == 0 ? "min" : "add";
  int n = tcImpNumInputs(im);
  if (n < 1)
    return tcImpInvalid(im, "needs at least one input");
  ImpValue *first = typedInput(im, 0, mean || strcmp(op, "Sum") == 0 ? C_FLOAT : C_NUMERIC);
  if (!first || !tcImpAtMostOutputs(im, 1))
    return false;
  MlirValue acc = tcImpGet(im, first);
  for (int i = 1; i < n; ++i) {
    ImpValue *v = typedInput(im, i, C_NUMERIC);
    if (!v || !sameDtype(im, first, v))
      return false;
    acc = tcImpBinary(im, kind, acc, tcImpGet(im, v));
    if (mlirValueIsNull(acc))
      return false;
  }
  if (n == 1)
    acc = tcImpUnary(im, "identity", acc);
  if (mean)
    acc = tcImpBinary(im, "div", acc, tcImpScalar(im, first->dtype, n));
  return tcImpDefine(im, 0, acc);
}

static bool importWhere(Importer *im) {
  ImpValue *c = typedInput(im, 0, C_BOOL), *a = c ? typedInput(im, 1, C_ANY) : NULL;
  ImpValue *b = a ? typedInput(im, 2, C_ANY) : NULL;
  if (!b || !sameDtype(im, a, b) || !tcImpAtMostOutputs(im, 1))
    return false;
  return tcImpDefine(im, 0, tcImpWhere(im, tcImpGet(im, c), tcImpGet(im, a), tcImpGet(im, b)));
}

static bool castTo(Importer *im, int32_t to) {
  ImpValue *x = typedInput(im, 0, C_ANY);
  if (!x || !tcImpAtMostOutputs(im, 1))
    return false;
  if (!tcImpElementType(im->ctx, to).ptr)
    return tcImpUnsupported(im, "cast to %s, which tc_tensor lacks", tcImpDtypeName(to));
  MlirValue v = tcImpGet(im, x);
  return tcImpDefine(im, 0, x->dtype == to ? tcImpUnary(im, "identity", v) : tcImpCast(im, v, to));
}

static bool importCast(Importer *im) {
  int64_t to;
  static const char *const known[] = {"to", NULL};
  if (!tcImpKnownAttrs(im, known) || !tcImpAttrInt(im, "to", 0, &to))
    return false;
  if (!tcImpAttr(im, "to"))
    return tcImpInvalid(im, "attribute 'to' is required");
  return castTo(im, (int32_t)to);
}

static bool importCastLike(Importer *im) {
  ImpValue *like = typedInput(im, 1, C_ANY);
  return like && castTo(im, like->dtype);
}

static bool importIsNaN(Importer *im) {
  ImpValue *x = typedInput(im, 0, C_FLOAT);
  if (!x)
    return false;
  MlirValue v = tcImpGet(im, x);
  return tcImpDefine(im, 0, tcImpCompare(im, "ne", v, v));
}

static bool importIsInf(Importer *im) {
  ImpValue *x = typedInput(im, 0, C_FLOAT);
  int64_t pos, neg;
  if (!x || !tcImpAttrInt(im, "detect_positive", 1, &pos) || !tcImpAttrInt(im, "detect_negative", 1, &neg))
    return false;
  MlirValue v = tcImpGet(im, x);
  MlirValue isPos = tcImpCompare(im, "eq", v, tcImpScalar(im, x->dtype, INFINITY));
  MlirValue isNeg = tcImpCompare(im, "eq", v, tcImpScalar(im, x->dtype, -INFINITY));
  MlirValue r = pos && neg ? tcImpBinary(im, "or", isPos, isNeg)
                : pos      ? isPos
                : neg      ? isNeg
                           : tcImpCompare(im, "ne", v, v);
  if (!pos && !neg) // neither: all false, and x != x is false except for NaN
    r = tcImpBinary(im, "and", r, tcImpCompare(im, "eq", v, v));
  return tcImpDefine(im, 0, r);
}

static bool importTrig(Importer *im) {
  ImpValue *x = typedInput(im, 0, C_FLOAT);
  if (!x)
    return false;
  MlirValue v = tcImpGet(im, x);
  if (strcmp(im->node->op_type, "Tan") == 0)
    return tcImpDefine(im, 0, tcImpBinary(im, "div", tcImpUnary(im, "sin", v), tcImpUnary(im, "cos", v)));
  // Cosh: (e^x + e^-x) / 2
  MlirValue sum = tcImpBinary(im, "add", tcImpUnary(im, "exp", v), tcImpUnary(im, "exp", tcImpUnary(im, "neg", v)));
  return tcImpDefine(im, 0, tcImpBinary(im, "div", sum, tcImpScalar(im, x->dtype, 2)));
}

// The inverse hyperbolic functions in f64, rounded to x's dtype at the end:
//   asinh x = sign(x) · ln(|x| + √(x² + 1))
//   acosh x = ln(x + √((x − 1)(x + 1)))           (x < 1: NaN)
//   atanh x = ln((1 + x) / (1 − x)) / 2           (±1: ±inf, |x| > 1: NaN)
// The f64 evaluation makes every f32 (f16, bf16) result the correctly
// rounded one but for a last-bit rounding of the f64 value; near 0, where
// the logarithm of 1 + tiny loses relative precision, asinh and atanh are x
// itself for |x| < 1e-8 (the next term, x³/6 or x³/3, is below half an f64
// ulp of x), and above 1e150 asinh and acosh are ln|x| + ln 2 (x² would
// overflow f64). ±0 keeps its sign in asinh and atanh.
static bool importInvHyperbolic(Importer *im) {
  ImpValue *x = typedInput(im, 0, C_FLOAT);
  if (!x)
    return false;
  const char *op = im->node->op_type;
  // (each operand in its own statement: the IR's order does not depend on
  // the compiler's order of evaluating arguments)
  MlirValue w = tcImpCast(im, tcImpGet(im, x), IMP_F64);
  MlirValue one = tcImpScalar(im, IMP_F64, 1);
  MlirValue a = tcImpUnary(im, "abs", w);
  MlirValue r;
  if (!strcmp(op, "Atanh")) {
    MlirValue num = tcImpBinary(im, "add", one, w);
    MlirValue den = tcImpBinary(im, "sub", one, w);
    MlirValue l = tcImpUnary(im, "log", tcImpBinary(im, "div", num, den));
    r = tcImpBinary(im, "mul", l, tcImpScalar(im, IMP_F64, 0.5));
  } else {
    MlirValue core;
    if (!strcmp(op, "Asinh")) {
      MlirValue sq = tcImpBinary(im, "mul", a, a);
      MlirValue root = tcImpUnary(im, "sqrt", tcImpBinary(im, "add", sq, one));
      core = tcImpUnary(im, "log", tcImpBinary(im, "add", a, root));
    } else {
      MlirValue lo = tcImpBinary(im, "sub", w, one);
      MlirValue hi = tcImpBinary(im, "add", w, one);
      MlirValue root = tcImpUnary(im, "sqrt", tcImpBinary(im, "mul", lo, hi));
      core = tcImpUnary(im, "log", tcImpBinary(im, "add", w, root));
    }
    MlirValue far = tcImpBinary(im, "add", tcImpUnary(im, "log", a), tcImpScalar(im, IMP_F64, 0.69314718055994530942));
    MlirValue isBig = tcImpCompare(im, "gt", a, tcImpScalar(im, IMP_F64, 1e150));
    r = tcImpWhere(im, isBig, far, core);
    if (!strcmp(op, "Asinh")) {
      MlirValue isNeg = tcImpCompare(im, "lt", w, tcImpScalar(im, IMP_F64, 0));
      r = tcImpWhere(im, isNeg, tcImpUnary(im, "neg", r), r);
    }
  }
  if (strcmp(op, "Acosh")) {
    MlirValue isTiny = tcImpCompare(im, "lt", a, tcImpScalar(im, IMP_F64, 1e-8));
    r = tcImpWhere(im, isTiny, w, r);
  }
  return tcImpDefine(im, 0, tcImpCast(im, r, x->dtype));
}

static bool importBitShift(Importer *im) {
  static const char *const known[] = {"direction", NULL};
  ImpValue *x = typedInput(im, 0, C_INT), *y = x ? typedInput(im, 1, C_INT) : NULL;
  char dir[16];
  if (!y || !sameDtype(im, x, y) || !tcImpKnownAttrs(im, known) || !tcImpAtMostOutputs(im, 1) ||
      !tcImpAttrString(im, "direction", "", dir, sizeof dir))
    return false;
  if (!tcImpIsUnsigned(x->dtype))
    return tcImpInvalid(im, "dtype %s (BitShift takes unsigned integers)", tcImpDtypeName(x->dtype));
  bool left = !strcmp(dir, "LEFT");
  if (!left && strcmp(dir, "RIGHT"))
    return tcImpInvalid(im, "direction '%s' (LEFT or RIGHT expected)", dir);
  MlirValue yv = tcImpGet(im, y);
  MlirValue p = tcImpBinary(im, "pow", tcImpScalar(im, x->dtype, 2), yv);
  return tcImpDefine(im, 0, tcImpBinary(im, left ? "mul" : "div", tcImpGet(im, x), p));
}

static bool importMod(Importer *im) {
  int64_t fmodAttr;
  ImpValue *a = typedInput(im, 0, C_NUMERIC), *b = a ? typedInput(im, 1, C_NUMERIC) : NULL;
  if (!b || !sameDtype(im, a, b) || !tcImpAttrInt(im, "fmod", 0, &fmodAttr))
    return false;
  if (tcImpIsFloat(a->dtype) && !fmodAttr)
    return tcImpInvalid(im, "fmod must be 1 for floating-point inputs");
  return tcImpDefine(im, 0, tcImpBinary(im, fmodAttr ? "fmod" : "mod", tcImpGet(im, a), tcImpGet(im, b)));
}

// Whether every value of constant `v` is exactly representable in `dtype`.
static bool constantFits(const ImpValue *v, int32_t dtype) {
  int64_t n = tcImpNumElements(v->rank, v->dims);
  for (int64_t k = 0; k < n; ++k) {
    double d = tcImpDataDouble(v->data, v->dtype, k);
    if (dtype == IMP_F32 ? (double)(float)d != d : fabs(d) > 9007199254740992.0)
      return false;
  }
  return true;
}

static bool importPow(Importer *im) {
  ImpValue *a = typedInput(im, 0, C_NUMERIC), *b = a ? typedInput(im, 1, C_NUMERIC) : NULL;
  if (!b)
    return false;
  MlirValue x = tcImpGet(im, a);
  if (a->dtype == b->dtype)
    return tcImpDefine(im, 0, tcImpBinary(im, "pow", x, tcImpGet(im, b)));
  // Mixed dtypes where NumPy (ONNX's reference) promotes to float64: an
  // integer base with a float exponent, or a float base with an exponent
  // that f32 cannot hold exactly. Computed as NumPy does: both widened to
  // f64, pow, cast to the base's dtype (float -> int truncates).
  bool intByFloat = tcImpIsInt(a->dtype) && tcImpIsFloat(b->dtype);
  if (!intByFloat && (!tcImpIsFloat(a->dtype) || !tcImpIsInt(b->dtype)))
    return tcImpUnsupported(im, "pow of %s by %s", tcImpDtypeName(a->dtype), tcImpDtypeName(b->dtype));
  // An integer exponent converts exactly to f64 up to 2^53; to f32 up to 2^24.
  bool small = !intByFloat && (tcImpDtypeSize(b->dtype) <= 2 || (b->dtype == IMP_I32 && a->dtype == IMP_F64));
  bool fits = small || (!intByFloat && b->data && constantFits(b, a->dtype == IMP_F64 ? IMP_F64 : IMP_F32));
  if (!fits || !(a->dtype == IMP_F32 || a->dtype == IMP_F64)) {
    MlirValue wx = tcImpCast(im, x, IMP_F64);
    MlirValue wy = tcImpCast(im, tcImpGet(im, b), IMP_F64);
    MlirValue wide = tcImpBinary(im, "pow", wx, wy);
    return tcImpDefine(im, 0, tcImpCast(im, wide, a->dtype));
  }
  return tcImpDefine(im, 0, tcImpBinary(im, "pow", x, tcImpCast(im, tcImpGet(im, b), a->dtype)));
}

// The value of a Clip bound: a constant scalar, absent, or a runtime value.
static bool clipBound(Importer *im, int i, ImpValue *x, double def, double *out, MlirValue *runtime) {
  ImpValue *b = tcImpInput(im, i);
  *runtime = (MlirValue){NULL};
  *out = def;
  if (!b)
    return true;
  if (b->dtype != x->dtype)
    return tcImpInvalid(im, "clip bounds must have the input's dtype");
  if (b->rank != 0 && tcImpNumElements(b->rank, b->dims) != 1)
    return tcImpInvalid(im, "clip bounds must be scalars");
  if (b->data)
    *out = tcImpDataDouble(b->data, b->dtype, 0);
  else
    *runtime = tcImpGet(im, b);
  return true;
}

static bool importClip(Importer *im) {
  ImpValue *x = typedInput(im, 0, C_NUMERIC);
  if (!x)
    return false;
  bool isFloat = tcImpIsFloat(x->dtype);
  double lo = isFloat ? -INFINITY : 0, hi = isFloat ? INFINITY : 0;
  if (!isFloat && x->dtype != IMP_U64) {
    size_t bits = 8 * tcImpDtypeSize(x->dtype);
    lo = tcImpIsUnsigned(x->dtype) ? 0 : -ldexp(1, (int)bits - 1);
    hi = tcImpIsUnsigned(x->dtype) ? ldexp(1, (int)bits) - 1 : ldexp(1, (int)bits - 1) - 1;
  } else if (!isFloat) {
    return tcImpUnsupported(im, "clip of uint64");
  }
  double defLo = lo, defHi = hi;
  MlirValue rlo = {NULL}, rhi = {NULL};
  if (im->opset < 11) {
    float flo, fhi;
    if (!tcImpAttrFloat(im, "min", -3.402823466e+38f, &flo) || !tcImpAttrFloat(im, "max", 3.402823466e+38f, &fhi))
      return false;
    lo = flo, hi = fhi;
  } else if (!clipBound(im, 1, x, lo, &lo, &rlo) || !clipBound(im, 2, x, hi, &hi, &rhi)) {
    return false;
  }
  if (isnan(lo) || isnan(hi))
    return tcImpUnsupported(im, "a NaN clip bound");
  // ONNX Clip is min(max(x, lo), hi); runtime bounds become those ops.
  MlirValue v = tcImpGet(im, x);
  if (!mlirValueIsNull(rlo))
    v = tcImpBinary(im, "max", v, rlo), lo = defLo;
  if (!mlirValueIsNull(rhi))
    hi = defHi;
  MlirNamedAttribute attrs[2] = {tcImpNamed(im, "min", isFloat ? tcImpF64(im, lo) : tcImpI64(im, (int64_t)lo)),
                                 tcImpNamed(im, "max", isFloat ? tcImpF64(im, hi) : tcImpI64(im, (int64_t)hi))};
  v = tcImpOp(im, "clip", &v, 1, mlirValueGetType(v), attrs, 2);
  if (!mlirValueIsNull(rhi))
    v = tcImpBinary(im, "min", v, rhi);
  return tcImpDefine(im, 0, v);
}

ImpOpFn tcImpFindElementwiseOp(const char *op) {
  static const struct {
    const char *name;
    ImpOpFn fn;
  } kOther[] = {
      {"Max", importVariadic}, {"Min", importVariadic}, {"Sum", importVariadic}, {"Mean", importVariadic},
      {"Where", importWhere},  {"Cast", importCast},     {"CastLike", importCastLike}, {"IsNaN", importIsNaN},
      {"IsInf", importIsInf},  {"Tan", importTrig},      {"Cosh", importTrig},     {"Mod", importMod},
      {"Pow", importPow},      {"Clip", importClip},     {"Asinh", importInvHyperbolic},
      {"Acosh", importInvHyperbolic}, {"Atanh", importInvHyperbolic}, {"BitShift", importBitShift},
  };
  if (FIND(kUnary, op))
    return importUnary;
  if (FIND(kBinary, op))
    return importBinary;
  if (FIND(kCompare, op))
    return importCompare;
  for (size_t i = 0; i < sizeof kOther / sizeof *kOther; ++i)
    if (strcmp(kOther[i].name, op) == 0)
      return kOther[i].fn;
  return NULL;
}
