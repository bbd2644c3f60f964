//===- OpsShape.c - ONNX ops that move data: reshapes, slices, gathers -----===//
//
// Every shape argument ONNX passes as a tensor input (Reshape's shape,
// Unsqueeze's axes, Slice's starts, Expand's shape, Pad's pads) must be known
// at import time and becomes an attribute or the result type; Reshape's and
// Expand's may also be size expressions of dynamic shapes (Sizes.c). Reshape's 0 and -1 entries, Flatten, Squeeze and Unsqueeze all
// become `reshape`; Transpose, Concat (a left-nested chain), Slice, Gather,
// Expand (`broadcast_to` of the bidirectional broadcast shape) and Pad map
// onto their tc_tensor ops. On constant inputs they run on the host instead
// (that is how shape subgraphs fold). Split into equal parts is `split`,
// otherwise one `slice` per output.
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <stdlib.h>
#include <string.h>

static ImpValue *need(Importer *im, int i) {
  ImpValue *v = tcImpInput(im, i);
  if (!v)
    tcImpInvalid(im, "input #%d is missing", i);
  return v;
}

static bool hostOk(const ImpValue *x) { return x->data && tcImpNumElements(x->rank, x->dims) <= IMP_FOLD_LIMIT; }

static void *copyData(const ImpValue *x) {
  size_t bytes = (size_t)tcImpNumElements(x->rank, x->dims) * tcImpDtypeSize(x->dtype);
  void *data = malloc(bytes ? bytes : 1);
  memcpy(data, x->data, bytes);
  return data;
}

/// Defines output 0 as `x` with a new shape of the same element count.
static bool defineReshaped(Importer *im, ImpValue *x, int rank, const int64_t *dims) {
  bool dynamic = tcImpIsDynamic(rank, dims) || tcImpIsDynamic(x->rank, x->dims); // the run-time `reshape-count`
  int numDyn = 0;
  for (int d = 0; d < rank; ++d)
    numDyn += dims[d] == IMP_DYN;
  char shape[IMP_MAX_RANK * 24 + 8], result[IMP_MAX_RANK * 24 + 8];
  if (numDyn > 1)
    return tcImpUnsupported(im,
                            "%s of the shape %s gives %s: tc_tensor's reshape allows one dynamic result "
                            "dimension (docs/dialects.md §1.5)",
                            im->node->op_type, tcImpFormatShape(x->rank, x->dims, shape, sizeof shape),
                            tcImpFormatShape(rank, dims, result, sizeof result));
  if (!dynamic && tcImpNumElements(rank, dims) != tcImpNumElements(x->rank, x->dims))
    return tcImpInvalid(im, "the new shape has another element count than the input");
  if (hostOk(x))
    return tcImpDefineConstant(im, 0, x->dtype, rank, dims, copyData(x));
  return tcImpDefine(im, 0, tcImpReshape(im, tcImpGet(im, x), rank, dims));
}

static bool importReshape(Importer *im) {
  ImpValue *x = need(im, 0);
  int64_t shape[IMP_MAX_RANK], allowzero;
  int n;
  if (!x || !tcImpAttrInt(im, "allowzero", 0, &allowzero))
    return false;
  ImpValue *target = tcImpInput(im, 1);
  if (tcImpIsDynamic(x->rank, x->dims) || (target && target->sizes)) { // a shape chain (Sizes.c)
    ImpSize sizes[IMP_MAX_RANK];
    return tcImpShapeInts(im, 1, "shape", sizes, IMP_MAX_RANK, &n) &&
           tcImpReshapeDynamic(im, x, sizes, n, allowzero, shape) && defineReshaped(im, x, n, shape);
  }
  if (!tcImpConstInts(im, 1, "shape", shape, IMP_MAX_RANK, &n))
    return false;
  int64_t known = 1;
  int infer = -1;
  for (int i = 0; i < n; ++i) {
    if (shape[i] == 0 && !allowzero) {
      if (i >= x->rank)
        return tcImpInvalid(im, "shape entry %d is 0 but the input has rank %d", i, x->rank);
      shape[i] = x->dims[i];
    }
    if (shape[i] == -1) {
      if (infer >= 0)
        return tcImpInvalid(im, "more than one -1 in the shape");
      infer = i;
    } else if (shape[i] < 0) {
      return tcImpInvalid(im, "shape entry %" PRId64 "", shape[i]);
    } else {
      known *= shape[i];
    }
  }
  int64_t total = tcImpNumElements(x->rank, x->dims);
  if (infer >= 0) {
    if (known == 0 || total % known)
      return tcImpInvalid(im, "the -1 entry of the shape cannot be inferred");
    shape[infer] = total / known;
  }
  return defineReshaped(im, x, n, shape);
}

static bool importFlatten(Importer *im) {
  ImpValue *x = need(im, 0);
  int64_t axis;
  if (!x || !tcImpAttrInt(im, "axis", 1, &axis))
    return false;
  if (axis < -x->rank || axis > x->rank)
    return tcImpInvalid(im, "axis %" PRId64 " is out of range", axis);
  if (axis < 0)
    axis += x->rank;
  // A dynamic dimension makes its side ? (docs/dialects.md §1.5); a reshape
  // result has at most one.
  bool dynHead = tcImpIsDynamic((int)axis, x->dims), dynTail = tcImpIsDynamic(x->rank - (int)axis, x->dims + axis);
  char shape[IMP_MAX_RANK * 24 + 8];
  if (dynHead && dynTail)
    return tcImpUnsupported(im, "Flatten of the shape %s at axis %" PRId64 ": dynamic dimensions on both sides",
                            tcImpFormatShape(x->rank, x->dims, shape, sizeof shape), axis);
  int64_t dims[2] = {dynHead ? IMP_DYN : tcImpNumElements((int)axis, x->dims),
                     dynTail ? IMP_DYN : tcImpNumElements(x->rank - (int)axis, x->dims + axis)};
  return defineReshaped(im, x, 2, dims);
}

// The axes of Squeeze/Unsqueeze: an attribute before opset 13, an input after.
static bool axesOf(Importer *im, int64_t *axes, int *n, bool *present) {
  if (im->opset < 13)
    return tcImpAttrInts(im, "axes", axes, IMP_MAX_RANK, n, present);
  *present = tcImpInput(im, 1) != NULL;
  *n = 0;
  return !*present || tcImpConstInts(im, 1, "axes", axes, IMP_MAX_RANK, n);
}

static bool importSqueeze(Importer *im) {
  ImpValue *x = need(im, 0);
  int64_t axes[IMP_MAX_RANK], dims[IMP_MAX_RANK];
  int n, r = 0;
  bool present, drop[IMP_MAX_RANK] = {false};
  if (!x || !axesOf(im, axes, &n, &present))
    return false;
  for (int i = 0; i < n; ++i) {
    int64_t a;
    if (!tcImpAxis(im, axes[i], x->rank, &a))
      return false;
    if (x->dims[a] == IMP_DYN)
      return tcImpUnsupported(im, "squeezed dimension %" PRId64 " is dynamic (its size 1 is not known at import time)",
                              a);
    if (x->dims[a] != 1)
      return tcImpInvalid(im, "squeezed dimension %" PRId64 " is not 1", a);
    drop[a] = true;
  }
  if (!present && tcImpIsDynamic(x->rank, x->dims))
    return tcImpUnsupported(im, "Squeeze without axes of a dynamic shape (whether a dynamic dimension is 1 is not "
                                "known at import time)");
  for (int d = 0; d < x->rank; ++d)
    if (!(present ? drop[d] : x->dims[d] == 1))
      dims[r++] = x->dims[d];
  return defineReshaped(im, x, r, dims);
}

static bool importUnsqueeze(Importer *im) {
  ImpValue *x = need(im, 0);
  int64_t axes[IMP_MAX_RANK], dims[IMP_MAX_RANK];
  int n;
  bool present, ones[IMP_MAX_RANK] = {false};
  if (!x || !axesOf(im, axes, &n, &present))
    return false;
  int r = x->rank + n;
  if (r > IMP_MAX_RANK)
    return tcImpUnsupported(im, "rank %d", r);
  for (int i = 0; i < n; ++i) {
    int64_t a;
    if (!tcImpAxis(im, axes[i], r, &a))
      return false;
    if (ones[a])
      return tcImpInvalid(im, "axis %" PRId64 " repeats", a);
    ones[a] = true;
  }
  for (int d = 0, k = 0; d < r; ++d)
    dims[d] = ones[d] ? 1 : x->dims[k++];
  return defineReshaped(im, x, r, dims);
}

static bool importTranspose(Importer *im) {
  ImpValue *x = need(im, 0);
  int64_t perm[IMP_MAX_RANK];
  int n;
  bool present, seen[IMP_MAX_RANK] = {false};
  if (!x || !tcImpAttrInts(im, "perm", perm, IMP_MAX_RANK, &n, &present))
    return false;
  if (!present)
    for (int i = 0; i < x->rank; ++i)
      perm[i] = x->rank - 1 - i;
  else if (n != x->rank)
    return tcImpInvalid(im, "perm has %d entries for rank %d", n, x->rank);
  for (int i = 0; i < x->rank; ++i) {
    if (perm[i] < 0 || perm[i] >= x->rank || seen[perm[i]])
      return tcImpInvalid(im, "perm is not a permutation");
    seen[perm[i]] = true;
  }
  return tcImpDefine(im, 0, tcImpTranspose(im, tcImpGet(im, x), perm));
}

// Host copy of a block of a row-major tensor: `outer` runs of `inner` bytes.
static void copyRuns(unsigned char *dst, const unsigned char *src, int64_t outer, size_t run, size_t srcStride,
                     size_t dstStride) {
  for (int64_t o = 0; o < outer; ++o)
    memcpy(dst + (size_t)o * dstStride, src + (size_t)o * srcStride, run);
}

static bool importConcat(Importer *im) {
  int n = tcImpNumInputs(im);
  ImpValue *first = need(im, 0);
  int64_t axis;
  if (!first || !tcImpAttrInt(im, "axis", 0, &axis) || !tcImpAxis(im, axis, first->rank, &axis))
    return false;
  int64_t dims[IMP_MAX_RANK];
  memcpy(dims, first->dims, sizeof dims);
  bool host = true;
  for (int i = 0; i < n; ++i) {
    ImpValue *v = need(im, i);
    if (!v)
      return false;
    if (v->dtype != first->dtype || v->rank != first->rank)
      return tcImpInvalid(im, "inputs differ in dtype or rank");
    for (int d = 0; d < v->rank; ++d)
      if (d != axis && v->dims[d] != first->dims[d])
        return tcImpInvalid(im, "inputs differ in dimension %d", d);
    if (i > 0)
      dims[axis] += v->dims[axis];
    host &= hostOk(v);
  }
  if (host) {
    size_t size = tcImpDtypeSize(first->dtype);
    int64_t outer = tcImpNumElements((int)axis, dims),
            inner = tcImpNumElements(first->rank - (int)axis - 1, dims + axis + 1);
    unsigned char *data = malloc((size_t)(tcImpNumElements(first->rank, dims) + 1) * size);
    size_t offset = 0;
    for (int i = 0; i < n; ++i) {
      ImpValue *v = tcImpInput(im, i);
      size_t run = (size_t)(v->dims[axis] * inner) * size;
      copyRuns(data + offset, v->data, outer, run, run, (size_t)(dims[axis] * inner) * size);
      offset += run;
    }
    return tcImpDefineConstant(im, 0, first->dtype, first->rank, dims, data);
  }
  MlirValue acc = tcImpGet(im, first);
  MlirNamedAttribute a = tcImpNamed(im, "axis", tcImpI64(im, axis));
  for (int i = 1; i < n; ++i) {
    MlirValue ops[2] = {acc, tcImpGet(im, tcImpInput(im, i))};
    int64_t d[IMP_MAX_RANK];
    tcImpShapeOf(acc, d);
    d[axis] += tcImpDimOf(ops[1], (int)axis);
    acc = tcImpOp(im, "concat", ops, 2, tcImpLike(im, acc, first->rank, d), &a, 1);
  }
  if (n == 1)
    acc = tcImpUnary(im, "identity", acc);
  return tcImpDefine(im, 0, acc);
}

/// Python-style slice bounds of docs/dialects.md §2.2.24 for one axis;
/// returns the result size and rewrites *start as ONNX clamps it.
int64_t tcImpSliceAxis(int64_t n, int64_t *start, int64_t end, int64_t step) {
  int64_t s = *start, e = end;
  if (s < 0) s += n;
  if (e < 0) e += n;
  if (step > 0) {
    s = s < 0 ? 0 : s > n ? n : s;
    e = e < 0 ? 0 : e > n ? n : e;
  } else {
    s = s < 0 ? -1 : s > n - 1 ? n - 1 : s;
    e = e < -1 ? -1 : e > n - 1 ? n - 1 : e;
  }
  // ONNX clamps a negative-step start into [0, n-1]: only differs from
  // Python when the start is -1, i.e. an empty axis, or n = 0.
  if (step < 0 && s < 0)
    s = 0;
  *start = s;
  if (n == 0)
    return 0;
  int64_t size = step > 0 ? (e - s + step - 1) / step : (s - e + (-step) - 1) / (-step);
  return size > 0 ? size : 0;
}

static bool sliceHost(Importer *im, ImpValue *x, const int64_t *starts, const int64_t *steps, const int64_t *dims) {
  int r = x->rank;
  int64_t n = tcImpNumElements(r, dims);
  size_t size = tcImpDtypeSize(x->dtype);
  unsigned char *data = malloc((size_t)(n ? n : 1) * size);
  for (int64_t k = 0; k < n; ++k) {
    int64_t rem = k, src = 0, stride = 1;
    for (int d = r - 1; d >= 0; --d) {
      int64_t i = rem % dims[d];
      rem /= dims[d];
      src += (starts[d] + i * steps[d]) * stride;
      stride *= x->dims[d];
    }
    memcpy(data + k * size, (const unsigned char *)x->data + src * size, size);
  }
  return tcImpDefineConstant(im, 0, x->dtype, r, dims, data);
}

// A dynamic axis of x must be taken whole (docs/dialects.md §1.5): not
// listed in axes, or start 0, end INT64_MAX (PyTorch's `x[..., :]`) and step
// 1. Rewrites the axis to tc_tensor's form of it.
static bool wholeDynamicAxis(Importer *im, int d, int64_t *starts, int64_t *ends, int64_t *steps) {
  bool unlisted = ends[d] == IMP_DYN;
  if (!unlisted && (starts[d] != 0 || ends[d] != INT64_MAX || steps[d] != 1))
    return tcImpUnsupported(im, "the slice of axis %d (start %" PRId64 ", end %" PRId64 ", step %" PRId64
                            ") has a dynamic size; tc_tensor's slice takes a dynamic axis whole only",
                            d, starts[d], ends[d], steps[d]);
  starts[d] = 0, ends[d] = INT64_MAX, steps[d] = 1;
  return true;
}

static bool importSlice(Importer *im) {
  ImpValue *x = need(im, 0);
  if (!x)
    return false;
  int64_t st[IMP_MAX_RANK], en[IMP_MAX_RANK], ax[IMP_MAX_RANK], sp[IMP_MAX_RANK];
  int ns, ne, na = 0, np = 0;
  bool present = false, p2;
  if (im->opset < 10) {
    if (!tcImpAttrInts(im, "starts", st, IMP_MAX_RANK, &ns, &p2) ||
        !tcImpAttrInts(im, "ends", en, IMP_MAX_RANK, &ne, &p2) ||
        !tcImpAttrInts(im, "axes", ax, IMP_MAX_RANK, &na, &present))
      return false;
  } else {
    if (!tcImpConstInts(im, 1, "starts", st, IMP_MAX_RANK, &ns) ||
        !tcImpConstInts(im, 2, "ends", en, IMP_MAX_RANK, &ne))
      return false;
    if ((present = tcImpInput(im, 3) != NULL) && !tcImpConstInts(im, 3, "axes", ax, IMP_MAX_RANK, &na))
      return false;
    if (tcImpInput(im, 4) && !tcImpConstInts(im, 4, "steps", sp, IMP_MAX_RANK, &np))
      return false;
  }
  if (ns != ne || (present && na != ns) || (np && np != ns))
    return tcImpInvalid(im, "starts, ends, axes and steps differ in length");
  int64_t starts[IMP_MAX_RANK], ends[IMP_MAX_RANK], steps[IMP_MAX_RANK], dims[IMP_MAX_RANK];
  for (int d = 0; d < x->rank; ++d)
    starts[d] = 0, ends[d] = x->dims[d], steps[d] = 1;
  for (int i = 0; i < ns; ++i) {
    int64_t a = present ? ax[i] : i;
    if (!tcImpAxis(im, a, x->rank, &a))
      return false;
    if (np && sp[i] == 0)
      return tcImpInvalid(im, "a step of 0");
    starts[a] = st[i], ends[a] = en[i], steps[a] = np ? sp[i] : 1;
  }
  for (int d = 0; d < x->rank; ++d) {
    if (x->dims[d] == IMP_DYN) {
      if (!wholeDynamicAxis(im, d, starts, ends, steps))
        return false;
      dims[d] = IMP_DYN;
      continue;
    }
    dims[d] = tcImpSliceAxis(x->dims[d], &starts[d], ends[d], steps[d]);
    // tc_tensor re-clamps as Python; write the end that gives this size.
    ends[d] = starts[d] + dims[d] * steps[d];
    if (ends[d] < 0)
      ends[d] = INT64_MIN / 2; // past the start for a negative step: never wraps
  }
  if (hostOk(x))
    return sliceHost(im, x, starts, steps, dims);
  MlirNamedAttribute attrs[3] = {tcImpNamed(im, "starts", tcImpI64Array(im, starts, x->rank)),
                                 tcImpNamed(im, "ends", tcImpI64Array(im, ends, x->rank)),
                                 tcImpNamed(im, "steps", tcImpI64Array(im, steps, x->rank))};
  MlirValue v = tcImpGet(im, x);
  return tcImpDefine(im, 0, tcImpOp(im, "slice", &v, 1, tcImpLike(im, v, x->rank, dims), attrs, 3));
}

static bool gatherHost(Importer *im, ImpValue *x, ImpValue *idx, int64_t axis, int r, const int64_t *dims) {
  size_t size = tcImpDtypeSize(x->dtype);
  int64_t outer = tcImpNumElements((int)axis, x->dims),
          inner = tcImpNumElements(x->rank - (int)axis - 1, x->dims + axis + 1);
  int64_t count = tcImpNumElements(idx->rank, idx->dims), n = x->dims[axis];
  unsigned char *data = malloc((size_t)(outer * count * inner + 1) * size);
  for (int64_t j = 0; j < count; ++j) {
    int64_t k = tcImpDataInt(idx->data, idx->dtype, j);
    k = k < 0 ? k + n : k;
    if (k < 0 || k >= n) {
      free(data);
      return tcImpInvalid(im, "index %" PRId64 " is out of range for a dimension of %" PRId64 "",
                          tcImpDataInt(idx->data, idx->dtype, j), n);
    }
    for (int64_t o = 0; o < outer; ++o)
      memcpy(data + ((o * count + j) * inner) * size, (const unsigned char *)x->data + ((o * n + k) * inner) * size,
             (size_t)inner * size);
  }
  return tcImpDefineConstant(im, 0, x->dtype, r, dims, data);
}

static bool importGather(Importer *im) {
  ImpValue *x = need(im, 0), *idx = x ? need(im, 1) : NULL;
  int64_t axis;
  if (!idx || !tcImpAttrInt(im, "axis", 0, &axis) || !tcImpAxis(im, axis, x->rank, &axis))
    return false;
  if (idx->dtype != IMP_I32 && idx->dtype != IMP_I64)
    return tcImpInvalid(im, "indices must be int32 or int64");
  int r = x->rank + idx->rank - 1;
  if (r > IMP_MAX_RANK)
    return tcImpUnsupported(im, "rank %d", r);
  int64_t dims[IMP_MAX_RANK];
  memcpy(dims, x->dims, (size_t)axis * sizeof *dims);
  memcpy(dims + axis, idx->dims, (size_t)idx->rank * sizeof *dims);
  memcpy(dims + axis + idx->rank, x->dims + axis + 1, (size_t)(x->rank - axis - 1) * sizeof *dims);
  if (hostOk(x) && hostOk(idx))
    return gatherHost(im, x, idx, axis, r, dims);
  MlirValue ops[2] = {tcImpGet(im, x), tcImpGet(im, idx)};
  MlirNamedAttribute a = tcImpNamed(im, "axis", tcImpI64(im, axis));
  return tcImpDefine(im, 0, tcImpOp(im, "gather", ops, 2, tcImpLike(im, ops[0], r, dims), &a, 1));
}

static bool importExpand(Importer *im) {
  ImpValue *x = need(im, 0);
  int64_t shape[IMP_MAX_RANK], dims[IMP_MAX_RANK];
  int n, r;
  if (!x)
    return false;
  ImpValue *target = tcImpInput(im, 1);
  if (tcImpIsDynamic(x->rank, x->dims) || (target && target->sizes)) { // a shape chain (Sizes.c)
    ImpSize sizes[IMP_MAX_RANK];
    return tcImpShapeInts(im, 1, "shape", sizes, IMP_MAX_RANK, &n) && tcImpExpandDynamic(im, x, sizes, n);
  }
  if (!tcImpConstInts(im, 1, "shape", shape, IMP_MAX_RANK, &n))
    return false;
  if (!tcImpBroadcastShape(x->rank, x->dims, n, shape, &r, dims))
    return tcImpInvalid(im, "the shape does not broadcast with the input");
  return tcImpDefine(im, 0, tcImpBroadcastTo(im, tcImpGet(im, x), r, dims));
}

ImpOpFn tcImpFindShapeOp(const char *op) {
  static const struct {
    const char *name;
    ImpOpFn fn;
  } kOps[] = {
      {"Reshape", importReshape}, {"Flatten", importFlatten},     {"Squeeze", importSqueeze},
      {"Unsqueeze", importUnsqueeze}, {"Transpose", importTranspose}, {"Concat", importConcat},
      {"Slice", importSlice},     {"Gather", importGather},       {"Expand", importExpand},
  };
  for (size_t i = 0; i < sizeof kOps / sizeof *kOps; ++i)
    if (strcmp(kOps[i].name, op) == 0)
      return kOps[i].fn;
  return NULL;
}
