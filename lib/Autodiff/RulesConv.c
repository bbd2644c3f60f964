//===- RulesConv.c - the VJP rule of conv2d --------------------------------===//
//
// out[n, m, o] = Σ_{c, k} xp[n, g·Cg + c, o·s + k·d − p] · w[m, c, k] per
// spatial axis (s stride, d dilation, p leading pad, g = m's group). Its
// three adjoints are convolutions again, built from tc_tensor ops so that
// they are lowered like any conv2d:
//
// - dx: dy with s − 1 zeros after every element (tcGradDilate), padded by
//   E − 1 − p before and to length H + E − 1 in all (E = d·(k − 1) + 1;
//   negative pads crop), correlated with w flipped along both spatial axes,
//   its output and input channels exchanged within each group
//   ([G, Mg, Cg, k] → [G·Cg, Mg, k]), dilation d, group G;
// - dw: x as [Cg, G·N, H, W] (batch and channel exchanged, grouped by g)
//   correlated with dy as [M, N, Ho, Wo] as the kernel, with strides d,
//   dilations s and the forward pads, group G: that gives
//   Σ_{n, o} xp[n, g·Cg + c, o·s + k·d − p] · dy[n, m, o] for k up to at
//   least the kernel size, sliced to it and transposed to [M, Cg, kH, kW];
// - dbias = Σ_{n, o} dy[n, m, o].
//
// The dw convolution is the step `w.correlate`; a test-only fault swaps its
// dilations (the forward strides).
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

typedef struct Conv {
  int64_t strides[2], pads[4], dilations[2], group;
  GradShape xs, ws, ys;
} Conv;

static MlirValue conv(GradBuilder *b, MlirValue x, MlirValue w, const int64_t *strides, const int64_t *pads,
                      const int64_t *dilations, int64_t group) {
  GradShape sx = tcGradShapeOf(x), sw = tcGradShapeOf(w), out = {4, {sx.dims[0], sw.dims[0], 0, 0}};
  for (int i = 0; i < 2; ++i) {
    int64_t extent = dilations[i] * (sw.dims[2 + i] - 1) + 1;
    out.dims[2 + i] = (sx.dims[2 + i] + pads[i] + pads[i + 2] - extent) / strides[i] + 1;
  }
  MlirNamedAttribute attrs[4] = {tcGradNamed(b->ctx, "strides", tcGradI64ArrayAttr(b->ctx, 2, strides)),
                                 tcGradNamed(b->ctx, "pads", tcGradI64ArrayAttr(b->ctx, 4, pads)),
                                 tcGradNamed(b->ctx, "dilations", tcGradI64ArrayAttr(b->ctx, 2, dilations)),
                                 tcGradNamed(b->ctx, "group", tcGradI64Attr(b->ctx, group))};
  MlirValue operands[2] = {x, w};
  return tcGradOp(b, "tc_tensor.conv2d", tcGradTensorType(b->ctx, &out, tcGradElem(x)), 2, operands, 4, attrs);
}

// v reshaped to [a, b, rest...] split at dim 0 or 1, transposed by `perm`,
// reshaped to `to`: the channel shuffles of dx and dw.
static MlirValue shuffle(GradBuilder *b, MlirValue v, const GradShape *split, const int64_t *perm,
                         const GradShape *to) {
  return tcGradReshape(b, tcGradTranspose(b, tcGradReshape(b, v, split), perm), to);
}

static MlirValue inputAdjoint(GradBuilder *b, const Conv *c, MlirValue w, MlirValue dy) {
  int64_t G = c->group, M = c->ws.dims[0], Cg = c->ws.dims[1], C = c->xs.dims[1];
  MlirValue d = tcGradDilate(b, tcGradDilate(b, dy, 2, c->strides[0]), 3, c->strides[1]);
  int64_t pads[8] = {0};
  for (int i = 0; i < 2; ++i) {
    int64_t extent = c->dilations[i] * (c->ws.dims[2 + i] - 1) + 1, before = extent - 1 - c->pads[i];
    pads[2 + i] = before;
    pads[6 + i] = c->xs.dims[2 + i] + extent - 1 - before - c->ys.dims[2 + i] * c->strides[i];
  }
  d = tcGradPad(b, d, pads, "constant", 0.0);
  GradShape split = {5, {G, M / G, Cg, c->ws.dims[2], c->ws.dims[3]}};
  GradShape to = {4, {C, M / G, c->ws.dims[2], c->ws.dims[3]}};
  static const int64_t perm[5] = {0, 2, 1, 3, 4};
  MlirValue wt = shuffle(b, w, &split, perm, &to);
  int64_t starts[4] = {0, 0, -1, -1}, ends[4] = {INT64_MAX, INT64_MAX, INT64_MIN, INT64_MIN}, steps[4] = {1, 1, -1, -1};
  MlirValue flipped = tcGradSlice(b, wt, starts, ends, steps);
  static const int64_t ones[2] = {1, 1}, zeros[4] = {0, 0, 0, 0};
  return conv(b, d, flipped, ones, zeros, c->dilations, G);
}

static MlirValue weightAdjoint(GradCall *call, const Conv *c, MlirValue x, MlirValue dy) {
  GradBuilder *b = call->b;
  int64_t G = c->group, N = c->xs.dims[0], Cg = c->ws.dims[1], M = c->ws.dims[0];
  GradShape xsplit = {5, {N, G, Cg, c->xs.dims[2], c->xs.dims[3]}}, xto = {4, {Cg, G * N, c->xs.dims[2], c->xs.dims[3]}};
  static const int64_t xperm[5] = {2, 1, 0, 3, 4}, yperm[5] = {1, 2, 0, 3, 4};
  GradShape ysplit = {5, {N, G, M / G, c->ys.dims[2], c->ys.dims[3]}}, yto = {4, {M, N, c->ys.dims[2], c->ys.dims[3]}};
  MlirValue xt = shuffle(b, x, &xsplit, xperm, &xto), dyt = shuffle(b, dy, &ysplit, yperm, &yto);
  tcGradStep(call, "w.correlate");
  MlirValue full = conv(b, xt, dyt, c->dilations, c->pads, c->strides, G);
  tcGradStep(call, "w");
  int64_t starts[4] = {0, 0, 0, 0}, ends[4] = {Cg, M, c->ws.dims[2], c->ws.dims[3]}, steps[4] = {1, 1, 1, 1};
  static const int64_t back[4] = {1, 0, 2, 3};
  return tcGradTranspose(b, tcGradSlice(b, full, starts, ends, steps), back);
}

bool tcGradRuleConv2d(GradCall *call) {
  GradBuilder *b = call->b;
  MlirValue x = tcGradOperand(call, 0), w = tcGradOperand(call, 1), dy = tcGradDy(call, 0);
  Conv c = {.group = tcGradAttrI64(call->op, "group"),
            .xs = tcGradShapeOf(x),
            .ws = tcGradShapeOf(w),
            .ys = tcGradShapeOf(dy)};
  tcGradAttrArray(call->op, "strides", c.strides);
  tcGradAttrArray(call->op, "pads", c.pads);
  tcGradAttrArray(call->op, "dilations", c.dilations);
  if (tcGradWants(call, 0)) {
    tcGradStep(call, "x");
    tcGradGive(call, 0, inputAdjoint(b, &c, w, dy));
  }
  if (tcGradWants(call, 1))
    tcGradGive(call, 1, weightAdjoint(call, &c, x, dy));
  if (mlirOperationGetNumOperands(call->op) > 2 && tcGradWants(call, 2)) {
    static const int64_t axes[3] = {0, 2, 3};
    tcGradStep(call, "bias");
    tcGradGive(call, 2, tcGradReduce(b, "sum", dy, 3, axes, false));
  }
  return true;
}
