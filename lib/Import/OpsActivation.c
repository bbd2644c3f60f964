//===- OpsActivation.c - ONNX activations as their defining formulas -------===//
//
// tc_tensor has relu, sigmoid, tanh and gelu; ONNX's other activations are
// imported as the formula the ONNX operator specification defines them by,
// op for op, on floats only (their attributes are floats):
//
//   LeakyRelu        x < 0 ? alpha·x : x
//   PRelu            x < 0 ? slope·x : x        (slope broadcast to x)
//   Elu              x < 0 ? alpha·(e^x − 1) : x
//   Selu             x ≤ 0 ? gamma·(alpha·e^x − alpha) : gamma·x
//   Celu             max(0, x) + min(0, alpha·(e^(x/alpha) − 1))
//   HardSigmoid      max(0, min(1, alpha·x + beta))       (a clip to [0, 1])
//   HardSwish        x · HardSigmoid(x) with alpha = 1/6, beta = 1/2
//   ThresholdedRelu  x > alpha ? x : 0
//   Softplus         ln(e^x + 1)
//   Softsign         x / (1 + |x|)
//   Shrink           x < −lambd ? x + bias : x > lambd ? x − bias : 0
//   Gelu (opset 20)  gelu, or with approximate = "tanh"
//                    x/2 · (1 + tanh(√(2/π) · (x + 0.044715·x³)))
//
// The selects are `where`, so the branch not taken never reaches the result.
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <math.h>
#include <string.h>

typedef struct Act {
  Importer *im;
  int32_t dtype;
  MlirValue x;
} Act;

static MlirValue k(Act *a, double v) { return tcImpScalar(a->im, a->dtype, v); }
static MlirValue bin(Act *a, const char *op, MlirValue l, MlirValue r) { return tcImpBinary(a->im, op, l, r); }
static MlirValue cmp(Act *a, const char *op, MlirValue l, MlirValue r) { return tcImpCompare(a->im, op, l, r); }
static MlirValue sel(Act *a, MlirValue c, MlirValue l, MlirValue r) { return tcImpWhere(a->im, c, l, r); }

static MlirValue clip01(Act *a, MlirValue v) {
  MlirNamedAttribute attrs[2] = {tcImpNamed(a->im, "min", tcImpF64(a->im, 0)),
                                 tcImpNamed(a->im, "max", tcImpF64(a->im, 1))};
  return tcImpOp(a->im, "clip", &v, 1, mlirValueGetType(v), attrs, 2);
}

static bool attr(Act *a, const char *name, float def, double *out) {
  float f;
  if (!tcImpAttrFloat(a->im, name, def, &f))
    return false;
  *out = f;
  return true;
}

static MlirValue formula(Act *a, const char *op, bool *ok) {
  double alpha, beta, gamma;
  MlirValue x = a->x, zero = k(a, 0);
  *ok = true;
  if (!strcmp(op, "LeakyRelu") && (*ok = attr(a, "alpha", 0.01f, &alpha)))
    return sel(a, cmp(a, "lt", x, zero), bin(a, "mul", x, k(a, alpha)), x);
  if (!strcmp(op, "Elu") && (*ok = attr(a, "alpha", 1.0f, &alpha)))
    return sel(a, cmp(a, "lt", x, zero),
               bin(a, "mul", k(a, alpha), bin(a, "sub", tcImpUnary(a->im, "exp", x), k(a, 1))), x);
  if (!strcmp(op, "Selu") && (*ok = attr(a, "alpha", 1.67326319217681884765625f, &alpha) &&
                                    attr(a, "gamma", 1.05070102214813232421875f, &gamma))) {
    MlirValue neg = bin(a, "sub", bin(a, "mul", k(a, alpha), tcImpUnary(a->im, "exp", x)), k(a, alpha));
    return sel(a, cmp(a, "le", x, zero), bin(a, "mul", k(a, gamma), neg), bin(a, "mul", k(a, gamma), x));
  }
  if (!strcmp(op, "Celu") && (*ok = attr(a, "alpha", 1.0f, &alpha))) {
    MlirValue e = bin(a, "sub", tcImpUnary(a->im, "exp", bin(a, "div", x, k(a, alpha))), k(a, 1));
    return bin(a, "add", bin(a, "max", zero, x), bin(a, "min", zero, bin(a, "mul", k(a, alpha), e)));
  }
  if (!strcmp(op, "HardSigmoid") && (*ok = attr(a, "alpha", 0.2f, &alpha) && attr(a, "beta", 0.5f, &beta)))
    return clip01(a, bin(a, "add", bin(a, "mul", k(a, alpha), x), k(a, beta)));
  if (!strcmp(op, "HardSwish"))
    return bin(a, "mul", x, clip01(a, bin(a, "add", bin(a, "mul", k(a, 1.0 / 6.0), x), k(a, 0.5))));
  if (!strcmp(op, "ThresholdedRelu") && (*ok = attr(a, "alpha", 1.0f, &alpha)))
    return sel(a, cmp(a, "gt", x, k(a, alpha)), x, zero);
  if (!strcmp(op, "Softplus"))
    return tcImpUnary(a->im, "log", bin(a, "add", tcImpUnary(a->im, "exp", x), k(a, 1)));
  if (!strcmp(op, "Softsign"))
    return bin(a, "div", x, bin(a, "add", k(a, 1), tcImpUnary(a->im, "abs", x)));
  if (!strcmp(op, "Gelu")) { // opset 20: exact, or its tanh approximation
    char approximate[16];
    if (!(*ok = tcImpAttrString(a->im, "approximate", "none", approximate, sizeof approximate)))
      return (MlirValue){NULL};
    if (!strcmp(approximate, "none"))
      return tcImpUnary(a->im, "gelu", x);
    if (strcmp(approximate, "tanh")) {
      *ok = tcImpInvalid(a->im, "approximate must be 'none' or 'tanh', not '%s'", approximate);
      return (MlirValue){NULL};
    }
    MlirValue cube = bin(a, "mul", bin(a, "mul", x, x), x);
    MlirValue inner = bin(a, "mul", k(a, 0.79788456080286535588) /* √(2/π) */, bin(a, "add", x, bin(a, "mul", k(a, 0.044715), cube)));
    return bin(a, "mul", bin(a, "mul", k(a, 0.5), x), bin(a, "add", k(a, 1), tcImpUnary(a->im, "tanh", inner)));
  }
  if (!strcmp(op, "Shrink") && (*ok = attr(a, "lambd", 0.5f, &alpha) && attr(a, "bias", 0.0f, &beta)))
    return sel(a, cmp(a, "lt", x, k(a, -alpha)), bin(a, "sub", x, k(a, -beta)),
               sel(a, cmp(a, "gt", x, k(a, alpha)), bin(a, "sub", x, k(a, beta)), zero));
  *ok = false;
  return (MlirValue){NULL};
}

static bool importActivation(Importer *im) {
  ImpValue *x = tcImpInput(im, 0);
  if (!x)
    return tcImpInvalid(im, "input #0 is missing");
  if (!tcImpIsFloat(x->dtype))
    return tcImpUnsupported(im, "dtype %s is not supported for this op", tcImpDtypeName(x->dtype));
  if (!tcImpAtMostOutputs(im, 1))
    return false;
  Act a = {im, x->dtype, tcImpGet(im, x)};
  bool ok;
  MlirValue r = formula(&a, im->node->op_type, &ok);
  return ok && tcImpDefine(im, 0, r);
}

static bool importPRelu(Importer *im) {
  ImpValue *x = tcImpInput(im, 0), *s = tcImpInput(im, 1);
  if (!x || !s)
    return tcImpInvalid(im, "PRelu needs two inputs");
  if (!tcImpIsFloat(x->dtype) || s->dtype != x->dtype)
    return tcImpUnsupported(im, "dtype %s is not supported for this op", tcImpDtypeName(x->dtype));
  int r;
  int64_t dims[IMP_MAX_RANK];
  if (!tcImpBroadcastShape(x->rank, x->dims, s->rank, s->dims, &r, dims) || r != x->rank ||
      memcmp(dims, x->dims, (size_t)r * sizeof *dims))
    return tcImpInvalid(im, "slope does not broadcast to the input");
  Act a = {im, x->dtype, tcImpGet(im, x)};
  MlirValue zero = k(&a, 0);
  return tcImpDefine(im, 0, sel(&a, cmp(&a, "lt", a.x, zero), bin(&a, "mul", a.x, tcImpGet(im, s)), a.x));
}

ImpOpFn tcImpFindActivationOp(const char *op) {
  static const char *const kActs[] = {"LeakyRelu", "Elu", "Selu", "Celu", "HardSigmoid", "HardSwish",
                                      "ThresholdedRelu", "Softplus", "Softsign", "Shrink", "Gelu", NULL};
  for (const char *const *a = kActs; *a; ++a)
    if (!strcmp(*a, op))
      return importActivation;
  if (!strcmp(op, "PRelu"))
    return importPRelu;
  return NULL;
}
