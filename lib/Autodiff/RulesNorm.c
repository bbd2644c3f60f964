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
  return tcGradBinary(b, name, x, y);
}

bool tcGradRuleSoftmax(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  GradBuilder *b = c->b;
  MlirValue y = tcGradResult(c, 0), dy = tcGradDy(c, 0);
  GradShape s = tcGradShapeOf(y);
  int64_t axis = tcGradAxis(tcGradAttrI64(c->op, "axis"), s.rank);
  if (!strcmp(c->kind, "log_softmax")) {
    MlirValue total = tcGradReduce(b, "sum", dy, 1, &axis, true);
    tcGradGive(c, 0, bin(b, "sub", dy, bin(b, "mul", tcGradUnary(b, "tc_tensor.exp", y), total)));
    return true;
  }
  MlirValue dot = tcGradReduce(b, "sum", bin(b, "mul", dy, y), 1, &axis, true);
  tcGradStep(c, "x.subtract-dot");
  MlirValue centred = bin(b, "sub", dy, dot);
  tcGradStep(c, "x");
  tcGradGive(c, 0, bin(b, "mul", y, centred));
  return true;
}

typedef struct Normalised {
  MlirValue xh, inv; ///< (x − μ)/σ and 1/σ (keepdims)
} Normalised;

static Normalised normalise(GradBuilder *b, MlirValue x, intptr_t n, const int64_t *axes, double eps) {
  MlirValue mu = tcGradReduce(b, "mean", x, n, axes, true), xc = bin(b, "sub", x, mu);
  MlirValue var = tcGradReduce(b, "mean", bin(b, "mul", xc, xc), n, axes, true);
  MlirValue sigma = tcGradUnary(b, "tc_tensor.sqrt", bin(b, "add", var, tcGradScalar(b, tcGradElem(x), eps)));
  MlirValue inv = bin(b, "div", tcGradScalar(b, tcGradElem(x), 1.0), sigma);
  return (Normalised){bin(b, "mul", xc, inv), inv};
}

bool tcGradRuleLayerNorm(GradCall *c) {
  GradBuilder *b = c->b;
  MlirValue x = tcGradOperand(c, 0), scale = tcGradOperand(c, 1), dy = tcGradDy(c, 0);
  GradShape xs = tcGradShapeOf(x);
  int64_t axes[GRAD_MAX_RANK], axis = tcGradAxis(tcGradAttrI64(c->op, "axis"), xs.rank);
  intptr_t n = 0;
  for (int64_t d = axis; d < xs.rank; ++d)
    axes[n++] = d;
  tcGradStep(c, "stats");
  Normalised z = normalise(b, x, n, axes, tcGradAttrF64(c->op, "epsilon"));
  if (tcGradWants(c, 0)) {
    tcGradStep(c, "x");
    MlirValue g = bin(b, "mul", dy, scale);
    MlirValue mg = tcGradReduce(b, "mean", g, n, axes, true);
    MlirValue mgx = tcGradReduce(b, "mean", bin(b, "mul", g, z.xh), n, axes, true);
    MlirValue inner = bin(b, "sub", bin(b, "sub", g, mg), bin(b, "mul", z.xh, mgx));
    tcGradGive(c, 0, bin(b, "mul", inner, z.inv));
  }
  if (tcGradWants(c, 1)) {
    GradShape target = tcGradShapeOf(scale);
    tcGradStep(c, "scale");
    tcGradGive(c, 1, tcGradUnbroadcast(b, bin(b, "mul", dy, z.xh), &target));
  }
  if (mlirOperationGetNumOperands(c->op) > 2 && tcGradWants(c, 2)) {
    GradShape target = tcGradShapeOf(tcGradOperand(c, 2));
    tcGradStep(c, "bias");
    tcGradGive(c, 2, tcGradUnbroadcast(b, dy, &target));
  }
  return true;
}

// [C] as [1, C, 1, ...] of rank r, to broadcast along x's channel dim.
static MlirValue perChannel(GradBuilder *b, MlirValue v, intptr_t r) {
  GradShape s = {r, {0}};
  for (intptr_t d = 0; d < r; ++d)
    s.dims[d] = 1;
  s.dims[1] = tcGradShapeOf(v).dims[0];
  return tcGradReshape(b, v, &s);
}

// Σ over every dim of v (rank r) but the channel: a [C] tensor.
static MlirValue channelSum(GradBuilder *b, MlirValue v, intptr_t r) {
  int64_t axes[GRAD_MAX_RANK];
  intptr_t n = 0;
  for (intptr_t d = 0; d < r; ++d)
    if (d != 1)
      axes[n++] = d;
  return tcGradReduce(b, "sum", v, n, axes, false);
}

bool tcGradRuleBatchNorm(GradCall *c) {
  GradBuilder *b = c->b;
  MlirValue x = tcGradOperand(c, 0), scale = tcGradOperand(c, 1), mean = tcGradOperand(c, 3), var = tcGradOperand(c, 4);
  MlirValue dy = tcGradDy(c, 0);
  intptr_t r = tcGradShapeOf(x).rank;
  MlirType t = tcGradElem(x);
  tcGradStep(c, "stats");
  MlirValue inv =
      bin(b, "div", tcGradScalar(b, t, 1.0),
          tcGradUnary(b, "tc_tensor.sqrt", bin(b, "add", var, tcGradScalar(b, t, tcGradAttrF64(c->op, "epsilon")))));
  MlirValue invB = perChannel(b, inv, r), xc = bin(b, "sub", x, perChannel(b, mean, r));
  if (tcGradWants(c, 0)) {
    tcGradStep(c, "x");
    tcGradGive(c, 0, bin(b, "mul", dy, bin(b, "mul", perChannel(b, scale, r), invB)));
  }
  if (tcGradWants(c, 1)) {
    tcGradStep(c, "scale");
    tcGradGive(c, 1, channelSum(b, bin(b, "mul", bin(b, "mul", dy, xc), invB), r));
  }
  if (tcGradWants(c, 2)) {
    tcGradStep(c, "bias");
    tcGradGive(c, 2, channelSum(b, dy, r));
  }
  MlirValue scaled = bin(b, "mul", scale, inv);
  if (tcGradWants(c, 3)) {
    tcGradStep(c, "mean");
    tcGradGive(c, 3, tcGradUnary(b, "tc_tensor.neg", bin(b, "mul", channelSum(b, dy, r), scaled)));
  }
  if (tcGradWants(c, 4)) {
    tcGradStep(c, "var");
    MlirValue cube = bin(b, "mul", bin(b, "mul", scaled, inv), inv);
    tcGradGive(c, 4, tcGradScale(b, bin(b, "mul", channelSum(b, bin(b, "mul", dy, xc), r), cube), -0.5));
  }
  return true;
}
