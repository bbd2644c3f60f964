//===- RulesNorm.c - VJP rules of batch_norm, layer_norm, softmax ----------===//
//
// softmax       dx = y · (dy − Σ dy·y)          (sums along the axis; the
//                                               subtraction is the step
//                                               `x.subtract-dot`)
// log_softmax   dx = dy − e^y · Σ dy
// layer_norm    over the normalised dims D: μ, σ = sqrt(var + eps),
//               x̂ = (x − μ)/σ, g = dy · scale:
//               dx = (g − mean(g) − x̂ · mean(g · x̂)) / σ,
//               dscale = unbroadcast(dy · x̂), dbias = unbroadcast(dy)
// batch_norm    (inference: mean and var are operands) r = 1/sqrt(var + eps)
//               per channel: dx = dy · scale · r, dscale = Σ dy·(x − mean)·r,
//               dbias = Σ dy, dmean = −Σ dy · scale · r,
//               dvar = −Σ dy·(x − mean) · scale · r³ / 2
//               (Σ over every dimension but the channel)
//
// The forward statistics are recomputed from x with tc_tensor ops (μ, σ),
// as the forward op keeps none. epsilon enters as a constant of x's dtype.
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

#include <string.h>

static MlirValue bin(GradBuilder *b, const char *op, MlirValue x, MlirValue y) {
  char name[64] = "tc_tensor.";
  strcat(name, op);
  return gBinary(b, name, x, y);
}

bool gradRuleSoftmax(GradCall *c) {
  if (!gradWants(c, 0))
    return true;
  GradBuilder *b = c->b;
  MlirValue y = gradResult(c, 0), dy = gradDy(c, 0);
  GradShape s = gShapeOf(y);
  int64_t axis = gAxis(gAttrI64(c->op, "axis"), s.rank);
  if (!strcmp(c->kind, "log_softmax")) {
    MlirValue total = gReduce(b, "sum", dy, 1, &axis, true);
    gradGive(c, 0, bin(b, "sub", dy, bin(b, "mul", gUnary(b, "tc_tensor.exp", y), total)));
    return true;
  }
  MlirValue dot = gReduce(b, "sum", bin(b, "mul", dy, y), 1, &axis, true);
  gradStep(c, "x.subtract-dot");
  MlirValue centred = bin(b, "sub", dy, dot);
  gradStep(c, "x");
  gradGive(c, 0, bin(b, "mul", y, centred));
  return true;
}

typedef struct Normalised {
  MlirValue xh, inv; ///< (x − μ)/σ and 1/σ (keepdims)
} Normalised;

static Normalised normalise(GradBuilder *b, MlirValue x, intptr_t n, const int64_t *axes, double eps) {
  MlirValue mu = gReduce(b, "mean", x, n, axes, true), xc = bin(b, "sub", x, mu);
  MlirValue var = gReduce(b, "mean", bin(b, "mul", xc, xc), n, axes, true);
  MlirValue sigma = gUnary(b, "tc_tensor.sqrt", bin(b, "add", var, gScalar(b, gElem(x), eps)));
  MlirValue inv = bin(b, "div", gScalar(b, gElem(x), 1.0), sigma);
  return (Normalised){bin(b, "mul", xc, inv), inv};
}

bool gradRuleLayerNorm(GradCall *c) {
  GradBuilder *b = c->b;
  MlirValue x = gradOperand(c, 0), scale = gradOperand(c, 1), dy = gradDy(c, 0);
  GradShape xs = gShapeOf(x);
  int64_t axes[GRAD_MAX_RANK], axis = gAxis(gAttrI64(c->op, "axis"), xs.rank);
  intptr_t n = 0;
  for (int64_t d = axis; d < xs.rank; ++d)
    axes[n++] = d;
  gradStep(c, "stats");
  Normalised z = normalise(b, x, n, axes, gAttrF64(c->op, "epsilon"));
  if (gradWants(c, 0)) {
    gradStep(c, "x");
    MlirValue g = bin(b, "mul", dy, scale);
    MlirValue mg = gReduce(b, "mean", g, n, axes, true);
    MlirValue mgx = gReduce(b, "mean", bin(b, "mul", g, z.xh), n, axes, true);
    MlirValue inner = bin(b, "sub", bin(b, "sub", g, mg), bin(b, "mul", z.xh, mgx));
    gradGive(c, 0, bin(b, "mul", inner, z.inv));
  }
  if (gradWants(c, 1)) {
    GradShape target = gShapeOf(scale);
    gradStep(c, "scale");
    gradGive(c, 1, gUnbroadcast(b, bin(b, "mul", dy, z.xh), &target));
  }
  if (mlirOperationGetNumOperands(c->op) > 2 && gradWants(c, 2)) {
    GradShape target = gShapeOf(gradOperand(c, 2));
    gradStep(c, "bias");
    gradGive(c, 2, gUnbroadcast(b, dy, &target));
  }
  return true;
}

// [C] as [1, C, 1, ...] of rank r, to broadcast along x's channel dim.
static MlirValue perChannel(GradBuilder *b, MlirValue v, intptr_t r) {
  GradShape s = {r, {0}};
  for (intptr_t d = 0; d < r; ++d)
    s.dims[d] = 1;
  s.dims[1] = gShapeOf(v).dims[0];
  return gReshape(b, v, &s);
}

// Σ over every dim of v (rank r) but the channel: a [C] tensor.
static MlirValue channelSum(GradBuilder *b, MlirValue v, intptr_t r) {
  int64_t axes[GRAD_MAX_RANK];
  intptr_t n = 0;
  for (intptr_t d = 0; d < r; ++d)
    if (d != 1)
      axes[n++] = d;
  return gReduce(b, "sum", v, n, axes, false);
}

bool gradRuleBatchNorm(GradCall *c) {
  GradBuilder *b = c->b;
  MlirValue x = gradOperand(c, 0), scale = gradOperand(c, 1), mean = gradOperand(c, 3), var = gradOperand(c, 4);
  MlirValue dy = gradDy(c, 0);
  intptr_t r = gShapeOf(x).rank;
  MlirType t = gElem(x);
  gradStep(c, "stats");
  MlirValue inv = bin(b, "div", gScalar(b, t, 1.0),
                      gUnary(b, "tc_tensor.sqrt", bin(b, "add", var, gScalar(b, t, gAttrF64(c->op, "epsilon")))));
  MlirValue invB = perChannel(b, inv, r), xc = bin(b, "sub", x, perChannel(b, mean, r));
  if (gradWants(c, 0)) {
    gradStep(c, "x");
    gradGive(c, 0, bin(b, "mul", dy, bin(b, "mul", perChannel(b, scale, r), invB)));
  }
  if (gradWants(c, 1)) {
    gradStep(c, "scale");
    gradGive(c, 1, channelSum(b, bin(b, "mul", bin(b, "mul", dy, xc), invB), r));
  }
  if (gradWants(c, 2)) {
    gradStep(c, "bias");
    gradGive(c, 2, channelSum(b, dy, r));
  }
  MlirValue scaled = bin(b, "mul", scale, inv);
  if (gradWants(c, 3)) {
    gradStep(c, "mean");
    gradGive(c, 3, gUnary(b, "tc_tensor.neg", bin(b, "mul", channelSum(b, dy, r), scaled)));
  }
  if (gradWants(c, 4)) {
    gradStep(c, "var");
    MlirValue cube = bin(b, "mul", bin(b, "mul", scaled, inv), inv);
    gradGive(c, 4, gScale(b, bin(b, "mul", channelSum(b, bin(b, "mul", dy, xc), r), cube), -0.5));
  }
  return true;
}
