//===- GradShape.c - reference derivatives of data movement ----------------===//
//
// docs/autodiff.md §3.6. A data-movement op copies, for each result element
// k, one element of an operand (its source, given by the element formula of
// docs/dialects.md §2.2.19-26) or a constant (pad's value). So the adjoint
// is the scatter of dy along the same map: every source gets dy[k] added,
// and elements several results copied (broadcast_to, gather with repeated
// indices, the edge and reflect modes of pad) collect the sum. Each rule
// below recomputes the source index of every result element from the op's
// attributes, independently of the forward evaluator's code.
//
//===----------------------------------------------------------------------===//
#include "GradInternal.h"

static int64_t linear(const TcRefTensor *t, const int64_t *idx) {
  int64_t k = 0;
  for (intptr_t d = 0; d < t->rank; ++d)
    k = k * t->dims[d] + idx[d];
  return k;
}

static void scatter(RefGrad *g, intptr_t operand, intptr_t result, int64_t k, int64_t source) {
  if (g->dx[operand] && g->dy[result])
    g->dx[operand][source] += g->dy[result][k];
}

bool tcRefGradTranspose(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0], *y = g->results[0];
  RefArray perm;
  if (!tcRefGetI64ArrayAttr(&g->r, "perm", &perm))
    return false;
  RefShape shape = tcRefShapeOf(y);
  int64_t i[TC_REF_MAX_RANK], j[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < y->numel; ++k) {
    tcRefUnravel(k, &shape, i);
    for (intptr_t d = 0; d < shape.rank; ++d)
      j[perm.data[d]] = i[d];
    scatter(g, 0, 0, k, linear(x, j));
  }
  return true;
}

bool tcRefGradReshape(RefGrad *g) {
  for (int64_t k = 0; k < g->results[0]->numel; ++k)
    scatter(g, 0, 0, k, k);
  return true;
}

bool tcRefGradBroadcastTo(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0], *y = g->results[0];
  RefShape shape = tcRefShapeOf(y);
  int64_t i[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < y->numel; ++k) {
    tcRefUnravel(k, &shape, i);
    scatter(g, 0, 0, k, tcRefBroadcastIndex(x, i, shape.rank));
  }
  return true;
}

bool tcRefGradConcat(RefGrad *g) {
  const TcRefTensor *a = g->r.operands[0], *b = g->r.operands[1], *y = g->results[0];
  int64_t rawAxis, axis;
  if (!tcRefGetI64Attr(&g->r, "axis", &rawAxis) || !tcRefNormalizeAxis(&g->r, "axis", rawAxis, a->rank, &axis))
    return false;
  RefShape shape = tcRefShapeOf(y);
  int64_t i[TC_REF_MAX_RANK], o = a->dims[axis];
  for (int64_t k = 0; k < y->numel; ++k) {
    tcRefUnravel(k, &shape, i);
    bool left = i[axis] < o;
    i[axis] -= left ? 0 : o;
    scatter(g, left ? 0 : 1, 0, k, linear(left ? a : b, i));
  }
  return true;
}

bool tcRefGradSplit(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0];
  int64_t rawAxis, axis;
  if (!tcRefGetI64Attr(&g->r, "axis", &rawAxis) || !tcRefNormalizeAxis(&g->r, "axis", rawAxis, x->rank, &axis))
    return false;
  int64_t i[TC_REF_MAX_RANK];
  for (intptr_t p = 0; p < g->numResults; ++p) {
    const TcRefTensor *y = g->results[p];
    RefShape shape = tcRefShapeOf(y);
    for (int64_t k = 0; k < y->numel; ++k) {
      tcRefUnravel(k, &shape, i);
      i[axis] += (int64_t)p * y->dims[axis];
      scatter(g, 0, p, k, linear(x, i));
    }
  }
  return true;
}

// Python's slice.indices(n) start for step t (docs/dialects.md §2.2.24).
static int64_t sliceStart(int64_t n, int64_t s, int64_t t) {
  s = s < 0 ? s + n : s;
  if (t > 0)
    return s < 0 ? 0 : s > n ? n : s;
  return s < -1 ? -1 : s > n - 1 ? n - 1 : s;
}

bool tcRefGradSlice(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0], *y = g->results[0];
  RefArray starts, steps;
  if (!tcRefGetI64ArrayAttr(&g->r, "starts", &starts) || !tcRefGetI64ArrayAttr(&g->r, "steps", &steps))
    return false;
  RefShape shape = tcRefShapeOf(y);
  int64_t i[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < y->numel; ++k) {
    tcRefUnravel(k, &shape, i);
    for (intptr_t d = 0; d < shape.rank; ++d)
      i[d] = sliceStart(x->dims[d], starts.data[d], steps.data[d]) + i[d] * steps.data[d];
    scatter(g, 0, 0, k, linear(x, i));
  }
  return true;
}

bool tcRefGradGather(RefGrad *g) {
  const TcRefTensor *data = g->r.operands[0], *indices = g->r.operands[1], *y = g->results[0];
  int64_t rawAxis, axis;
  if (!tcRefGetI64Attr(&g->r, "axis", &rawAxis) || !tcRefNormalizeAxis(&g->r, "axis", rawAxis, data->rank, &axis))
    return false;
  RefShape shape = tcRefShapeOf(y);
  int64_t i[TC_REF_MAX_RANK], src[TC_REF_MAX_RANK], q = indices->rank, n = data->dims[axis];
  for (int64_t k = 0; k < y->numel; ++k) {
    tcRefUnravel(k, &shape, i); // [a, j, b], j of rank q
    int64_t v = indices->data[linear(indices, i + axis)].i;
    for (intptr_t d = 0; d < axis; ++d)
      src[d] = i[d];
    src[axis] = v < 0 ? v + n : v;
    for (intptr_t d = axis + 1; d < data->rank; ++d)
      src[d] = i[d - 1 + q];
    scatter(g, 0, 0, k, linear(data, src));
  }
  return true;
}

// The source position along one axis of pad's result position o, or -1
// for the constant.
static int64_t padSource(int mode, int64_t o, int64_t b, int64_t d) {
  int64_t s = o - b;
  if (s >= 0 && s < d)
    return s;
  if (mode == 0)
    return -1;
  if (mode == 1)
    return s < 0 ? 0 : d - 1;
  return s < 0 ? -s : 2 * (d - 1) - s;
}

bool tcRefGradPad(RefGrad *g) {
  const TcRefTensor *x = g->r.operands[0], *y = g->results[0];
  RefArray pads;
  MlirStringRef mode;
  if (!tcRefGetI64ArrayAttr(&g->r, "pads", &pads) || !tcRefGetStringAttr(&g->r, "mode", &mode))
    return false;
  int m = mlirStringRefEqual(mode, mlirStringRefCreateFromCString("constant")) ? 0
          : mlirStringRefEqual(mode, mlirStringRefCreateFromCString("edge"))   ? 1
                                                                               : 2;
  RefShape shape = tcRefShapeOf(y);
  int64_t o[TC_REF_MAX_RANK], s[TC_REF_MAX_RANK];
  for (int64_t k = 0; k < y->numel; ++k) {
    tcRefUnravel(k, &shape, o);
    bool constant = false;
    for (intptr_t d = 0; d < x->rank && !constant; ++d)
      constant = (s[d] = padSource(m, o[d], pads.data[d], x->dims[d])) < 0;
    if (!constant)
      scatter(g, 0, 0, k, linear(x, s));
  }
  return true;
}
