//===- RulesShape.c - VJP rules of the data-movement ops -------------------===//
//
// Each data-movement op reads x at a static index map; its adjoint sends dy
// back along that map, summing where several result positions read one
// element:
//
//   transpose     transpose(dy, perm⁻¹)         reshape   reshape(dy)
//   broadcast_to  unbroadcast(dy)               concat    two slices of dy
//   split         concat of the results' adjoints (+0 for a missing one)
//   slice         tcGradUnslice: dy put back at the positions read, +0 elsewhere
//   gather        Σ over indices naming an element: onehotᵀ · dy, a matmul
//                 of the [n, J] one-hot matrix (indices == iota) with dy
//                 viewed as [A, J, B]; the indices get no adjoint
//   pad           constant: pad(dy, −pads), which crops what was padded and
//                 pads with +0 what was cropped; edge and reflect per axis:
//                 the centre as for constant, plus the padded positions
//                 folded back onto the element they copied (edge: summed
//                 into the first or last element; reflect: reversed onto
//                 positions 1..b and d − 1 − e..d − 2)
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

#include "tensorc/Diagnostics.h"

#include <stdlib.h>
#include <string.h>

bool tcGradRuleTranspose(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  int64_t perm[GRAD_MAX_RANK], inverse[GRAD_MAX_RANK];
  intptr_t n = tcGradAttrArray(c->op, "perm", perm);
  for (intptr_t k = 0; k < n; ++k)
    inverse[perm[k]] = k;
  tcGradGive(c, 0, tcGradTranspose(c->b, tcGradDy(c, 0), inverse));
  return true;
}

bool tcGradRuleReshape(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  GradShape xs = tcGradShapeOf(tcGradOperand(c, 0));
  tcGradGive(c, 0, tcGradReshape(c->b, tcGradDy(c, 0), &xs));
  return true;
}

bool tcGradRuleBroadcastTo(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  GradShape xs = tcGradShapeOf(tcGradOperand(c, 0));
  tcGradStep(c, "x.unbroadcast-sum");
  tcGradGive(c, 0, tcGradUnbroadcast(c->b, tcGradDy(c, 0), &xs));
  return true;
}

// dy[.., from : from + size, ..] along `axis`.
static MlirValue band(GradBuilder *b, MlirValue v, int64_t axis, int64_t from, int64_t size) {
  GradShape s = tcGradShapeOf(v);
  int64_t starts[GRAD_MAX_RANK], ends[GRAD_MAX_RANK], steps[GRAD_MAX_RANK];
  for (intptr_t d = 0; d < s.rank; ++d) {
    starts[d] = d == axis ? from : 0;
    ends[d] = d == axis ? from + size : s.dims[d];
    steps[d] = 1;
  }
  return tcGradSlice(b, v, starts, ends, steps);
}

bool tcGradRuleConcat(GradCall *c) {
  MlirValue dy = tcGradDy(c, 0);
  GradShape ls = tcGradShapeOf(tcGradOperand(c, 0)), rs = tcGradShapeOf(tcGradOperand(c, 1));
  int64_t axis = tcGradAxis(tcGradAttrI64(c->op, "axis"), ls.rank);
  if (tcGradWants(c, 0))
    tcGradGive(c, 0, band(c->b, dy, axis, 0, ls.dims[axis]));
  if (tcGradWants(c, 1))
    tcGradGive(c, 1, band(c->b, dy, axis, ls.dims[axis], rs.dims[axis]));
  return true;
}

bool tcGradRuleSplit(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  intptr_t n = mlirOperationGetNumResults(c->op);
  if (n > GRAD_MAX_RESULTS) {
    tcEmitError(mlirOperationGetLocation(c->op), "tc-grad supports split into at most %d results", GRAD_MAX_RESULTS);
    return false;
  }
  int64_t axis = tcGradAxis(tcGradAttrI64(c->op, "axis"), tcGradShapeOf(tcGradOperand(c, 0)).rank);
  MlirValue v = tcGradDy(c, 0);
  for (intptr_t i = 1; i < n; ++i)
    v = tcGradConcat(c->b, v, tcGradDy(c, i), axis);
  tcGradGive(c, 0, v);
  return true;
}

bool tcGradRuleSlice(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  int64_t starts[GRAD_MAX_RANK], ends[GRAD_MAX_RANK], steps[GRAD_MAX_RANK];
  tcGradAttrArray(c->op, "starts", starts);
  tcGradAttrArray(c->op, "ends", ends);
  tcGradAttrArray(c->op, "steps", steps);
  GradShape xs = tcGradShapeOf(tcGradOperand(c, 0));
  tcGradGive(c, 0, tcGradUnslice(c->b, tcGradDy(c, 0), &xs, starts, ends, steps));
  return true;
}

static int64_t product(const GradShape *s, intptr_t from, intptr_t to) {
  int64_t p = 1;
  for (intptr_t d = from; d < to; ++d)
    p *= s->dims[d];
  return p;
}

bool tcGradRuleGather(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  GradBuilder *b = c->b;
  MlirValue data = tcGradOperand(c, 0), idx = tcGradOperand(c, 1), dy = tcGradDy(c, 0);
  GradShape ds = tcGradShapeOf(data), is = tcGradShapeOf(idx);
  int64_t axis = tcGradAxis(tcGradAttrI64(c->op, "axis"), ds.rank), n = ds.dims[axis], j = product(&is, 0, is.rank);
  MlirType it = tcGradElem(idx);
  GradShape column = {2, {j, 1}}, row = {2, {1, n}};
  MlirValue flat = tcGradReshape(b, idx, &column);
  MlirValue wrapped = tcGradWhere(b, tcGradCompare(b, "tc_tensor.lt", flat, tcGradScalar(b, it, 0)),
                                  tcGradBinary(b, "tc_tensor.add", flat, tcGradScalar(b, it, (double)n)), flat);
  int64_t *iota = malloc((size_t)(n ? n : 1) * sizeof *iota);
  for (int64_t k = 0; k < n; ++k)
    iota[k] = k;
  MlirValue hot =
      tcGradCast(b, tcGradCompare(b, "tc_tensor.eq", wrapped, tcGradIntConstant(b, &row, it, iota)), tcGradElem(data));
  free(iota);
  GradShape viewed = {3, {product(&ds, 0, axis), j, product(&ds, axis + 1, ds.rank)}};
  MlirValue sums = tcGradMatmul(b, tcGradTransposeLast2(b, hot), tcGradReshape(b, dy, &viewed));
  tcGradGive(c, 0, tcGradReshape(b, sums, &ds));
  return true;
}

// v[lo : hi] along `axis`, reversed (hi − lo elements).
static MlirValue reversedBand(GradBuilder *b, MlirValue v, int64_t axis, int64_t lo, int64_t hi) {
  GradShape s = tcGradShapeOf(v);
  int64_t starts[GRAD_MAX_RANK], ends[GRAD_MAX_RANK], steps[GRAD_MAX_RANK];
  for (intptr_t d = 0; d < s.rank; ++d) {
    starts[d] = d == axis ? hi - 1 : 0;
    ends[d] = d == axis ? (lo >= 1 ? lo - 1 : -s.dims[d] - 1) : s.dims[d];
    steps[d] = d == axis ? -1 : 1;
  }
  return tcGradSlice(b, v, starts, ends, steps);
}

// `v` (length `len` along axis) padded with `before` and `after` zeros.
static MlirValue place(GradBuilder *b, MlirValue v, int64_t axis, int64_t before, int64_t after) {
  intptr_t r = tcGradShapeOf(v).rank;
  int64_t pads[2 * GRAD_MAX_RANK] = {0};
  pads[axis] = before;
  pads[r + axis] = after;
  return tcGradPad(b, v, pads, "constant", 0.0);
}

// The adjoint along one axis of an edge or reflect pad (begin p, end q).
static MlirValue foldAxis(GradBuilder *b, MlirValue dy, int64_t axis, int64_t d, int64_t p, int64_t q, bool edge) {
  intptr_t r = tcGradShapeOf(dy).rank;
  int64_t len = d + p + q, pads[2 * GRAD_MAX_RANK] = {0};
  pads[axis] = -p;
  pads[r + axis] = -q;
  MlirValue sum = tcGradPad(b, dy, pads, "constant", 0.0);
  if (p > 0) {
    MlirValue lead =
        edge ? tcGradReduce(b, "sum", band(b, dy, axis, 0, p), 1, &axis, true) : reversedBand(b, dy, axis, 0, p);
    sum = tcGradBinary(b, "tc_tensor.add", sum,
                       edge ? place(b, lead, axis, 0, d - 1) : place(b, lead, axis, 1, d - 1 - p));
  }
  if (q > 0) {
    MlirValue trail = edge ? tcGradReduce(b, "sum", band(b, dy, axis, len - q, q), 1, &axis, true)
                           : reversedBand(b, dy, axis, len - q, len);
    sum = tcGradBinary(b, "tc_tensor.add", sum,
                       edge ? place(b, trail, axis, d - 1, 0) : place(b, trail, axis, d - 1 - q, 1));
  }
  return sum;
}

bool tcGradRulePad(GradCall *c) {
  if (!tcGradWants(c, 0))
    return true;
  GradBuilder *b = c->b;
  MlirValue dy = tcGradDy(c, 0);
  GradShape xs = tcGradShapeOf(tcGradOperand(c, 0));
  int64_t pads[2 * GRAD_MAX_RANK], negated[2 * GRAD_MAX_RANK];
  intptr_t n = tcGradAttrArray(c->op, "pads", pads);
  MlirStringRef mode = mlirStringAttrGetValue(
      mlirOperationGetDiscardableAttributeByName(c->op, mlirStringRefCreateFromCString("mode")));
  if (mlirStringRefEqual(mode, mlirStringRefCreateFromCString("constant"))) {
    for (intptr_t i = 0; i < n; ++i)
      negated[i] = -pads[i];
    tcGradGive(c, 0, tcGradPad(b, dy, negated, "constant", 0.0));
    return true;
  }
  bool edge = mlirStringRefEqual(mode, mlirStringRefCreateFromCString("edge"));
  MlirValue v = dy;
  for (intptr_t axis = xs.rank - 1; axis >= 0; --axis)
    v = foldAxis(b, v, axis, xs.dims[axis], pads[axis], pads[xs.rank + axis], edge);
  tcGradGive(c, 0, v);
  return true;
}
