//===- GradBuildShape.c - data movement and reductions for VJP rules -------===//
//
// Builders of the ops whose result shape follows from attributes (reduce,
// reshape, transpose, slice, pad, concat, matmul), and three composites
// every family of rules needs:
//
// - tcGradUnbroadcast: the adjoint of an operand NumPy broadcasting stretched is
//   the sum of the result's adjoint over the stretched dimensions
//   (reduce_sum with keepdims), reshaped to the operand;
// - tcGradDilate: s - 1 zeros after every element along an axis, as a reshape
//   to [.., n, 1, ..], a zero pad to [.., n, s, ..] and a reshape back;
// - tcGradUnslice: the adjoint of a slice, dy put back where the slice read it:
//   negative steps reversed (a slice with step -1), strides dilated, then a
//   pad (negative ends crop the dilation's trailing zeros) to x's shape.
//   Positions the slice did not read get +0, the empty sum.
//
// Each op is exact or a plain sum, and tagged with the builder's rule step.
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

#include <assert.h>
#include <string.h>

MlirValue tcGradReduce(GradBuilder *b, const char *kind, MlirValue x, intptr_t n, const int64_t *axes, bool keepdims) {
  if (n == 0)
    return x; // nothing to reduce (an empty `axes` would mean every axis)
  GradShape s = tcGradShapeOf(x), out = {0, {0}};
  bool reduced[GRAD_MAX_RANK] = {false};
  for (intptr_t i = 0; i < n; ++i)
    reduced[axes[i]] = true;
  for (intptr_t d = 0; d < s.rank; ++d) {
    if (!reduced[d])
      out.dims[out.rank++] = s.dims[d];
    else if (keepdims)
      out.dims[out.rank++] = 1;
  }
  char name[64];
  strcpy(name, "tc_tensor.reduce_");
  strcat(name, kind);
  MlirNamedAttribute attrs[2] = {tcGradNamed(b->ctx, "axes", tcGradI64ArrayAttr(b->ctx, n, axes)),
                                 tcGradNamed(b->ctx, "keepdims", mlirBoolAttrGet(b->ctx, keepdims))};
  return tcGradOp(b, name, tcGradTensorType(b->ctx, &out, tcGradElem(x)), 1, &x, 2, attrs);
}

static bool sameShape(const GradShape *a, const GradShape *b) {
  return a->rank == b->rank && memcmp(a->dims, b->dims, (size_t)a->rank * sizeof a->dims[0]) == 0;
}

MlirValue tcGradReshape(GradBuilder *b, MlirValue x, const GradShape *shape) {
  GradShape s = tcGradShapeOf(x);
  if (sameShape(&s, shape))
    return x;
  return tcGradOp(b, "tc_tensor.reshape", tcGradTensorType(b->ctx, shape, tcGradElem(x)), 1, &x, 0, NULL);
}

MlirValue tcGradBroadcastTo(GradBuilder *b, MlirValue x, const GradShape *shape) {
  GradShape s = tcGradShapeOf(x);
  if (sameShape(&s, shape))
    return x;
  return tcGradOp(b, "tc_tensor.broadcast_to", tcGradTensorType(b->ctx, shape, tcGradElem(x)), 1, &x, 0, NULL);
}

MlirValue tcGradTranspose(GradBuilder *b, MlirValue x, const int64_t *perm) {
  GradShape s = tcGradShapeOf(x), out = {s.rank, {0}};
  for (intptr_t k = 0; k < s.rank; ++k)
    out.dims[k] = s.dims[perm[k]];
  MlirNamedAttribute attr = tcGradNamed(b->ctx, "perm", tcGradI64ArrayAttr(b->ctx, s.rank, perm));
  return tcGradOp(b, "tc_tensor.transpose", tcGradTensorType(b->ctx, &out, tcGradElem(x)), 1, &x, 1, &attr);
}

MlirValue tcGradTransposeLast2(GradBuilder *b, MlirValue x) {
  GradShape s = tcGradShapeOf(x);
  int64_t perm[GRAD_MAX_RANK];
  for (intptr_t k = 0; k < s.rank; ++k)
    perm[k] = k;
  perm[s.rank - 2] = s.rank - 1;
  perm[s.rank - 1] = s.rank - 2;
  return tcGradTranspose(b, x, perm);
}

static int64_t clampTo(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

// Python's slice.indices(n): the clamped start in *s and the length.
static int64_t sliceLength(int64_t n, int64_t *s, int64_t e, int64_t t) {
  *s = *s < 0 ? *s + n : *s;
  e = e < 0 ? e + n : e;
  *s = t > 0 ? clampTo(*s, 0, n) : clampTo(*s, -1, n - 1);
  e = t > 0 ? clampTo(e, 0, n) : clampTo(e, -1, n - 1);
  int64_t q = (e - *s) / t, size = q + ((e - *s) % t != 0 && ((e - *s) < 0) == (t < 0));
  return size > 0 ? size : 0;
}

MlirValue tcGradSlice(GradBuilder *b, MlirValue x, const int64_t *starts, const int64_t *ends, const int64_t *steps) {
  GradShape s = tcGradShapeOf(x), out = {s.rank, {0}};
  for (intptr_t d = 0; d < s.rank; ++d) {
    int64_t start = starts[d];
    out.dims[d] = sliceLength(s.dims[d], &start, ends[d], steps[d]);
  }
  MlirNamedAttribute attrs[3] = {tcGradNamed(b->ctx, "starts", tcGradI64ArrayAttr(b->ctx, s.rank, starts)),
                                 tcGradNamed(b->ctx, "ends", tcGradI64ArrayAttr(b->ctx, s.rank, ends)),
                                 tcGradNamed(b->ctx, "steps", tcGradI64ArrayAttr(b->ctx, s.rank, steps))};
  return tcGradOp(b, "tc_tensor.slice", tcGradTensorType(b->ctx, &out, tcGradElem(x)), 1, &x, 3, attrs);
}

MlirValue tcGradPad(GradBuilder *b, MlirValue x, const int64_t *pads, const char *mode, double value) {
  GradShape s = tcGradShapeOf(x), out = {s.rank, {0}};
  bool none = true;
  for (intptr_t d = 0; d < s.rank; ++d) {
    out.dims[d] = s.dims[d] + pads[d] + pads[s.rank + d];
    none &= pads[d] == 0 && pads[s.rank + d] == 0;
  }
  if (none)
    return x;
  MlirNamedAttribute attrs[3] = {
      tcGradNamed(b->ctx, "pads", tcGradI64ArrayAttr(b->ctx, 2 * s.rank, pads)),
      tcGradNamed(b->ctx, "mode", mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString(mode))),
      tcGradNamed(b->ctx, "value", tcGradF64Attr(b->ctx, value))};
  return tcGradOp(b, "tc_tensor.pad", tcGradTensorType(b->ctx, &out, tcGradElem(x)), 1, &x, 3, attrs);
}

MlirValue tcGradConcat(GradBuilder *b, MlirValue x, MlirValue y, int64_t axis) {
  GradShape s = tcGradShapeOf(x), sy = tcGradShapeOf(y);
  s.dims[axis] += sy.dims[axis];
  MlirValue operands[2] = {x, y};
  MlirNamedAttribute attr = tcGradNamed(b->ctx, "axis", tcGradI64Attr(b->ctx, axis));
  return tcGradOp(b, "tc_tensor.concat", tcGradTensorType(b->ctx, &s, tcGradElem(x)), 2, operands, 1, &attr);
}

MlirValue tcGradMatmul(GradBuilder *b, MlirValue x, MlirValue y) {
  GradShape sx = tcGradShapeOf(x), sy = tcGradShapeOf(y);
  assert(sx.rank >= 2 && sy.rank >= 2 && "rules build matmuls of matrices");
  GradShape bx = sx, by = sy;
  bx.rank -= 2;
  by.rank -= 2;
  GradShape out = tcGradBroadcastShape(&bx, &by);
  out.dims[out.rank++] = sx.dims[sx.rank - 2];
  out.dims[out.rank++] = sy.dims[sy.rank - 1];
  MlirValue operands[2] = {x, y};
  return tcGradOp(b, "tc_tensor.matmul", tcGradTensorType(b->ctx, &out, tcGradElem(x)), 2, operands, 0, NULL);
}

MlirValue tcGradUnbroadcast(GradBuilder *b, MlirValue dy, const GradShape *target) {
  GradShape s = tcGradShapeOf(dy);
  int64_t axes[GRAD_MAX_RANK];
  intptr_t n = 0, lead = s.rank - target->rank;
  for (intptr_t d = 0; d < s.rank; ++d)
    if (d < lead || (target->dims[d - lead] == 1 && s.dims[d] != 1))
      axes[n++] = d;
  return tcGradReshape(b, tcGradReduce(b, "sum", dy, n, axes, true), target);
}

MlirValue tcGradDilate(GradBuilder *b, MlirValue x, intptr_t axis, int64_t s) {
  if (s == 1)
    return x;
  GradShape shape = tcGradShapeOf(x), split = {shape.rank + 1, {0}};
  for (intptr_t d = 0, k = 0; d < shape.rank; ++d) {
    split.dims[k++] = shape.dims[d];
    if (d == axis)
      split.dims[k++] = 1;
  }
  int64_t pads[2 * (GRAD_MAX_RANK + 1)] = {0};
  pads[split.rank + axis + 1] = s - 1; // zeros after each element
  MlirValue padded = tcGradPad(b, tcGradReshape(b, x, &split), pads, "constant", 0.0);
  shape.dims[axis] *= s;
  return tcGradReshape(b, padded, &shape);
}

MlirValue tcGradUnslice(GradBuilder *b, MlirValue dy, const GradShape *xs, const int64_t *starts, const int64_t *ends,
                        const int64_t *steps) {
  GradShape ds = tcGradShapeOf(dy);
  MlirType elem = tcGradElem(dy);
  int64_t first[GRAD_MAX_RANK], revStart[GRAD_MAX_RANK], revEnd[GRAD_MAX_RANK], revStep[GRAD_MAX_RANK];
  bool reverse = false;
  for (intptr_t d = 0; d < xs->rank; ++d) {
    int64_t s0 = starts[d], m = sliceLength(xs->dims[d], &s0, ends[d], steps[d]);
    if (m == 0)
      return tcGradSplat(b, tcGradTensorType(b->ctx, xs, elem), 0.0); // the slice read nothing
    first[d] = steps[d] > 0 ? s0 : s0 + (m - 1) * steps[d]; // the lowest position read
    revStart[d] = steps[d] > 0 ? 0 : m - 1;
    revEnd[d] = steps[d] > 0 ? m : -m - 1;
    revStep[d] = steps[d] > 0 ? 1 : -1;
    reverse |= steps[d] < 0;
  }
  MlirValue v = reverse ? tcGradSlice(b, dy, revStart, revEnd, revStep) : dy;
  int64_t pads[2 * GRAD_MAX_RANK];
  for (intptr_t d = 0; d < xs->rank; ++d) {
    int64_t t = ds.dims[d] == 1 ? 1 : steps[d] > 0 ? steps[d] : -steps[d]; // one element needs no stride
    v = tcGradDilate(b, v, d, t);
    pads[d] = first[d];
    pads[xs->rank + d] = xs->dims[d] - first[d] - ds.dims[d] * t;
  }
  return tcGradPad(b, v, pads, "constant", 0.0);
}
