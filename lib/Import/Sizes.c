//===- Sizes.c - shape chains over dynamic dimensions ------------------------===//
//
// A PyTorch export computes reshape targets from the shapes of its values:
// `x.view(x.size(0), -1)` is Shape -> Gather -> Unsqueeze -> Concat ->
// Reshape. With static shapes all of it folds to constants (Fold.c,
// OpsShape.c). With a dynamic dimension the chain folds here instead, into
// *size expressions* (ImpSize, ImportInternal.h): each element of a shape
// vector is a constant or floor(S · mul / div) for one run-time size S.
// Shape(x) names S as x's dimension d (one symbol per value and dimension,
// so Shape(x)[0] and Shape(y)[0] are different symbols even when they are
// equal at run time); Gather, Concat, Slice, Unsqueeze, Squeeze, Identity
// and integer Cast move the elements; Mul and Div by positive constants
// scale them (a Mul only while nothing was divided: floor(S/2)·2 is not
// S); Add and Sub of 0 keep them. Anything else on a size
// expression (a product of two sizes, an offset, a comparison, a float
// cast, a use as data) is refused at its node: tc_tensor has no op that
// reads a size as a value, so the chain must end in a target.
//
// The targets: Reshape and Expand (below) read size expressions and give
// `?` result dims where they are not constants; Flatten reads no target.
// ConstantOfShape and Range of a size expression would need a tc_tensor
// op whose result shape is computed from a value, which §1.5 of
// docs/dialects.md does not have: Fold.c refuses them.
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <stdlib.h>
#include <string.h>

static ImpSize constant(int64_t c) { return (ImpSize){0, c, 1}; }

ImpSize tcImpSizeOfDim(Importer *im, const ImpValue *v, int d) {
  if (v->dims[d] != IMP_DYN)
    return constant(v->dims[d]);
  return (ImpSize){(int64_t)(v - im->values) * IMP_MAX_RANK + d + 1, 1, 1};
}

const char *tcImpFormatSizes(Importer *im, const ImpSize *s, int n, char *buf, size_t size) {
  size_t used = (size_t)snprintf(buf, size, "[");
  for (int k = 0; k < n && used < size; ++k) {
    const char *sep = k ? ", " : "";
    if (s[k].sym == 0) {
      used += (size_t)snprintf(buf + used, size - used, "%s%" PRId64, sep, s[k].mul);
      continue;
    }
    const ImpValue *v = &im->values[(s[k].sym - 1) / IMP_MAX_RANK];
    used += (size_t)snprintf(buf + used, size - used, "%s", sep);
    if (s[k].mul != 1 && used < size)
      used += (size_t)snprintf(buf + used, size - used, "%" PRId64 "*", s[k].mul);
    if (used < size)
      used += (size_t)snprintf(buf + used, size - used, "'%s'.d%d", v->name, (int)((s[k].sym - 1) % IMP_MAX_RANK));
    if (s[k].div != 1 && used < size)
      used += (size_t)snprintf(buf + used, size - used, "/%" PRId64, s[k].div);
  }
  if (used < size)
    snprintf(buf + used, size - used, "]");
  return buf;
}

static int countOf(const ImpValue *v) { return v->rank == 0 ? 1 : (int)v->dims[0]; }

// The elements of `v` (a size-expression value or a small integer constant).
static bool elementsOf(const ImpValue *v, ImpSize *out) {
  if (v->rank > 1 || countOf(v) > IMP_MAX_RANK || !(v->sizes || (v->data && tcImpIsInt(v->dtype))))
    return false;
  for (int k = 0; k < countOf(v); ++k)
    out[k] = v->sizes ? v->sizes[k] : constant(tcImpDataInt(v->data, v->dtype, k));
  return true;
}

bool tcImpShapeInts(Importer *im, int i, const char *what, ImpSize *out, int max, int *n) {
  ImpValue *v = tcImpInput(im, i);
  if (!v || !v->sizes) {
    int64_t ints[IMP_MAX_RANK];
    if (!tcImpConstInts(im, i, what, ints, max < IMP_MAX_RANK ? max : IMP_MAX_RANK, n))
      return false;
    for (int k = 0; k < *n; ++k)
      out[k] = constant(ints[k]);
    return true;
  }
  *n = countOf(v);
  if (*n > max)
    return tcImpUnsupported(im, "input '%s' has %d entries, more than %d", what, *n, max);
  return elementsOf(v, out);
}

//===-- Folds --------------------------------------------------------------===//

static int64_t gcd(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b, b = t;
  }
  return a;
}

static ImpSize scaled(ImpSize s, int64_t mul, int64_t div) {
  s.mul *= mul, s.div *= div;
  int64_t g = gcd(s.mul, s.div);
  s.mul /= g, s.div /= g;
  return s;
}

// One element of Add/Sub/Mul/Div; false if the result is no size expression.
static bool arith(const char *op, ImpSize a, ImpSize b, ImpSize *out) {
  if (a.sym == 0 && b.sym == 0) {
    int64_t x = a.mul, y = b.mul;
    int64_t v = !strcmp(op, "Add")   ? (int64_t)((uint64_t)x + (uint64_t)y)
                : !strcmp(op, "Sub") ? (int64_t)((uint64_t)x - (uint64_t)y)
                : !strcmp(op, "Mul") ? (int64_t)((uint64_t)x * (uint64_t)y)
                : y == 0             ? 0
                : (x == INT64_MIN && y == -1) ? x : x / y;
    *out = constant(v);
    return true;
  }
  bool addsZero = (!strcmp(op, "Add") && (a.sym == 0 ? a.mul : b.mul) == 0) ||
                  (!strcmp(op, "Sub") && b.sym == 0 && b.mul == 0);
  if (addsZero) {
    *out = a.sym ? a : b;
    return true;
  }
  if (!strcmp(op, "Mul") && (a.sym == 0) != (b.sym == 0)) {
    ImpSize s = a.sym ? a : b;
    int64_t c = a.sym ? b.mul : a.mul;
    // floor(S·m/d)·c is no floor(S·m'/d') unless d = 1 (S = 5, 5/2·2 = 4).
    if (c <= 0 || c > (INT64_C(1) << 31) || s.div != 1)
      return false;
    *out = scaled(s, c, 1);
    return true;
  }
  // floor(floor(S·m/d)/c) = floor(S·m/(d·c)) for S ≥ 0, c ≥ 1.
  if (!strcmp(op, "Div") && a.sym && b.sym == 0 && b.mul >= 1 && b.mul <= (INT64_C(1) << 31)) {
    *out = scaled(a, 1, b.mul);
    return true;
  }
  return false;
}

static bool notExpression(Importer *im, const ImpValue *v) {
  char buf[IMP_MAX_RANK * 40 + 8];
  return tcImpUnsupported(im,
                          "input '%s' holds the sizes %s of a dynamic shape; %s of them is not a size "
                          "expression (docs/tensor-import-onnx.md, \"Shape chains\")",
                          v->name, tcImpFormatSizes(im, v->sizes, countOf(v), buf, sizeof buf), im->node->op_type);
}

static bool foldArith(Importer *im) {
  ImpValue *a = tcImpInput(im, 0), *b = tcImpInput(im, 1);
  ImpSize ea[IMP_MAX_RANK], eb[IMP_MAX_RANK], out[IMP_MAX_RANK];
  if (!a || !b || tcImpNumInputs(im) != 2)
    return tcImpInvalid(im, "%s needs two inputs", im->node->op_type);
  if (!elementsOf(a, ea) || !elementsOf(b, eb) || a->dtype != b->dtype)
    return notExpression(im, a->sizes ? a : b);
  int na = countOf(a), nb = countOf(b), n = na > nb ? na : nb;
  if (na != nb && na != 1 && nb != 1)
    return tcImpInvalid(im, "operand shapes do not broadcast");
  for (int k = 0; k < n; ++k)
    if (!arith(im->node->op_type, ea[na == 1 ? 0 : k], eb[nb == 1 ? 0 : k], &out[k]))
      return notExpression(im, a->sizes ? a : b);
  return tcImpDefineSizes(im, 0, a->dtype, a->rank > b->rank ? a->rank : b->rank, out, n);
}

static bool foldGather(Importer *im, ImpValue *x) {
  ImpValue *idx = tcImpInput(im, 1);
  int64_t axis;
  ImpSize e[IMP_MAX_RANK], out[IMP_MAX_RANK];
  if (!idx || !tcImpAttrInt(im, "axis", 0, &axis))
    return idx ? false : tcImpInvalid(im, "input #1 is missing");
  if (x->rank != 1 || (axis != 0 && axis != -1))
    return tcImpInvalid(im, "axis %" PRId64 " is out of range for rank %d", axis, x->rank);
  if (!idx->data || idx->rank > 1 || !tcImpIsInt(idx->dtype) || countOf(idx) > IMP_MAX_RANK)
    return notExpression(im, x);
  elementsOf(x, e);
  int n = countOf(x);
  for (int j = 0; j < countOf(idx); ++j) {
    int64_t k = tcImpDataInt(idx->data, idx->dtype, j);
    if (k < -n || k >= n)
      return tcImpInvalid(im, "index %" PRId64 " is out of range for a dimension of %d", k, n);
    out[j] = e[k < 0 ? k + n : k];
  }
  return tcImpDefineSizes(im, 0, x->dtype, idx->rank, out, countOf(idx));
}

static bool foldConcat(Importer *im) {
  ImpSize out[IMP_MAX_RANK];
  int n = 0;
  ImpValue *first = tcImpInput(im, 0);
  for (int i = 0; i < tcImpNumInputs(im); ++i) {
    ImpValue *v = tcImpInput(im, i);
    if (!v || v->rank != 1 || v->dtype != first->dtype)
      return tcImpInvalid(im, "inputs differ in dtype or rank");
    if (n + countOf(v) > IMP_MAX_RANK || !elementsOf(v, out + n))
      return notExpression(im, v->sizes ? v : first);
    n += countOf(v);
  }
  return tcImpDefineSizes(im, 0, first->dtype, 1, out, n);
}

static bool foldSlice(Importer *im, ImpValue *x) {
  int64_t st[1], en[1], ax[1] = {0}, sp[1] = {1};
  int ns, ne, na = 1, np = 1;
  bool p;
  if (x->rank != 1)
    return notExpression(im, x);
  if (im->opset < 10) {
    if (!tcImpAttrInts(im, "starts", st, 1, &ns, &p) || !tcImpAttrInts(im, "ends", en, 1, &ne, &p) ||
        !tcImpAttrInts(im, "axes", ax, 1, &na, &p))
      return false;
    na = p ? na : 1;
  } else if (!tcImpConstInts(im, 1, "starts", st, 1, &ns) || !tcImpConstInts(im, 2, "ends", en, 1, &ne) ||
             (tcImpInput(im, 3) && !tcImpConstInts(im, 3, "axes", ax, 1, &na)) ||
             (tcImpInput(im, 4) && !tcImpConstInts(im, 4, "steps", sp, 1, &np))) {
    return false;
  }
  if (ns != 1 || ne != 1 || na != 1 || np != 1 || (ax[0] != 0 && ax[0] != -1))
    return tcImpInvalid(im, "starts, ends, axes and steps differ in length");
  if (sp[0] == 0)
    return tcImpInvalid(im, "a step of 0");
  ImpSize e[IMP_MAX_RANK], out[IMP_MAX_RANK];
  elementsOf(x, e);
  int64_t start = st[0], n = tcImpSliceAxis(countOf(x), &start, en[0], sp[0]);
  for (int64_t k = 0; k < n; ++k)
    out[k] = e[start + k * sp[0]];
  return tcImpDefineSizes(im, 0, x->dtype, 1, out, (int)n);
}

// Unsqueeze of a scalar to [1], Squeeze of [1] to a scalar, Identity, Cast
// to another integer type: the elements stay.
static bool foldMove(Importer *im, ImpValue *x) {
  const char *op = im->node->op_type;
  ImpSize e[IMP_MAX_RANK];
  elementsOf(x, e);
  int32_t dtype = x->dtype;
  int rank = x->rank;
  if (!strcmp(op, "Cast")) {
    int64_t to;
    if (!tcImpAttrInt(im, "to", 0, &to))
      return false;
    if (!tcImpIsInt((int32_t)to) || tcImpIsUnsigned((int32_t)to))
      return notExpression(im, x);
    dtype = (int32_t)to;
  } else if (!strcmp(op, "Unsqueeze") || !strcmp(op, "Squeeze")) {
    bool unsq = !strcmp(op, "Unsqueeze");
    int64_t axes[IMP_MAX_RANK];
    int na = 0;
    bool present = true;
    if (im->opset < 13 ? !tcImpAttrInts(im, "axes", axes, IMP_MAX_RANK, &na, &present)
                       : (tcImpInput(im, 1) && !tcImpConstInts(im, 1, "axes", axes, IMP_MAX_RANK, &na)))
      return false;
    bool ok = unsq ? x->rank == 0 && na == 1 && (axes[0] == 0 || axes[0] == -1)
                   : x->rank == 1 && countOf(x) == 1 && (na == 0 || (na == 1 && (axes[0] == 0 || axes[0] == -1)));
    if (!ok)
      return notExpression(im, x);
    rank = unsq ? 1 : 0;
  }
  return tcImpDefineSizes(im, 0, dtype, rank, e, countOf(x));
}

bool tcImpFoldSizes(Importer *im, bool *failed) {
  bool any = false;
  *failed = false;
  for (int i = 0; i < tcImpNumInputs(im); ++i)
    any |= tcImpInput(im, i) && tcImpInput(im, i)->sizes;
  const char *op = im->node->op_type;
  ImpValue *x = tcImpInput(im, 0);
  if (!any || !x || im->node->n_output != 1)
    return false;
  bool ok;
  if (!strcmp(op, "Add") || !strcmp(op, "Sub") || !strcmp(op, "Mul") || !strcmp(op, "Div"))
    ok = foldArith(im);
  else if (!strcmp(op, "Concat"))
    ok = foldConcat(im);
  else if (!x->sizes)
    return false; // a size expression in another input: the op's importer reads it, or refuses
  else if (!strcmp(op, "Gather"))
    ok = foldGather(im, x);
  else if (!strcmp(op, "Slice"))
    ok = foldSlice(im, x);
  else if (!strcmp(op, "Unsqueeze") || !strcmp(op, "Squeeze") || !strcmp(op, "Identity") || !strcmp(op, "Cast"))
    ok = foldMove(im, x);
  else
    return false;
  *failed = !ok;
  return true;
}

// A size expression that no fold took is data to the op: refused
// unless it is a Reshape or Expand target.
bool tcImpCheckSizesInputs(Importer *im) {
  const char *op = im->node->op_type;
  for (int i = 0; i < tcImpNumInputs(im); ++i) {
    ImpValue *v = tcImpInput(im, i);
    char buf[IMP_MAX_RANK * 40 + 8];
    if (v && v->sizes && !(i == 1 && (!strcmp(op, "Reshape") || !strcmp(op, "Expand"))))
      return tcImpUnsupported(im,
                              "input '%s' is the size expression %s of a dynamic shape; tc_tensor has no op that "
                              "reads a run-time size as data, so %s cannot take it",
                              v->name, tcImpFormatSizes(im, v->sizes, v->rank ? (int)v->dims[0] : 1, buf, sizeof buf),
                              op);
  }
  return true;
}

//===-- Targets ------------------------------------------------------------===//

// A product of constants and symbols (each symbol with its mul/div as a
// factor of its own), for Reshape's -1.
typedef struct Monomial {
  int64_t coef;
  int n;
  ImpSize f[IMP_MAX_RANK * 2];
} Monomial;

static void addFactor(Monomial *m, ImpSize s) {
  if (s.sym == 0)
    m->coef *= s.mul;
  else
    m->f[m->n++] = s;
}

bool tcImpReshapeDynamic(Importer *im, ImpValue *x, ImpSize *shape, int n, bool allowzero, int64_t *dims) {
  char buf[IMP_MAX_RANK * 40 + 8];
  Monomial total = {1, 0, {{0}}}, known = {1, 0, {{0}}};
  int infer = -1, numDyn = 0;
  for (int d = 0; d < x->rank; ++d)
    addFactor(&total, tcImpSizeOfDim(im, x, d));
  for (int i = 0; i < n; ++i) {
    if (shape[i].sym == 0 && shape[i].mul == 0 && !allowzero) {
      if (i >= x->rank)
        return tcImpInvalid(im, "shape entry %d is 0 but the input has rank %d", i, x->rank);
      shape[i] = tcImpSizeOfDim(im, x, i);
    }
    if (shape[i].sym == 0 && shape[i].mul == -1) {
      if (infer >= 0)
        return tcImpInvalid(im, "more than one -1 in the shape");
      infer = i;
    } else if (shape[i].sym == 0 && shape[i].mul < 0) {
      return tcImpInvalid(im, "shape entry %" PRId64 "", shape[i].mul);
    } else {
      addFactor(&known, shape[i]);
    }
    dims[i] = shape[i].sym ? IMP_DYN : shape[i].mul;
  }
  if (infer >= 0) {
    // Cancel the symbols both sides share (exact only for div = 1 and the
    // same mul); what is left decides whether the -1 is a constant.
    for (int a = 0; a < known.n; ++a)
      for (int b = 0; b < total.n; ++b)
        if (known.f[a].sym && known.f[a].sym == total.f[b].sym && known.f[a].div == 1 && total.f[b].div == 1) {
          known.coef *= known.f[a].mul, total.coef *= total.f[b].mul;
          known.f[a].sym = total.f[b].sym = 0;
          break;
        }
    bool left = false;
    for (int a = 0; a < known.n; ++a)
      left |= known.f[a].sym != 0;
    for (int b = 0; b < total.n; ++b)
      left |= total.f[b].sym != 0;
    if (left) {
      dims[infer] = IMP_DYN;
    } else {
      if (known.coef == 0 || total.coef % known.coef)
        return tcImpInvalid(im, "the -1 entry of the shape cannot be inferred");
      dims[infer] = total.coef / known.coef;
    }
  }
  bool zero = false;
  for (int i = 0; i < n; ++i)
    numDyn += dims[i] == IMP_DYN, zero |= dims[i] == 0;
  const char *why = numDyn > 1                                 ? "more than one dynamic dimension"
                    : numDyn && !tcImpIsDynamic(x->rank, x->dims) ? "a dynamic dimension from a static input"
                    : numDyn && zero                            ? "a dynamic dimension beside a 0"
                                                                : NULL;
  if (why) {
    char target[IMP_MAX_RANK * 40 + 8];
    tcImpFormatSizes(im, shape, n, target, sizeof target);
    return tcImpUnsupported(im,
                            "Reshape of the shape %s to %s: the result would have %s, which tc_tensor's "
                            "reshape does not allow (docs/dialects.md §1.5)",
                            tcImpFormatShape(x->rank, x->dims, buf, sizeof buf), target, why);
  }
  return true;
}

bool tcImpExpandDynamic(Importer *im, ImpValue *x, const ImpSize *shape, int n) {
  int r = x->rank > n ? x->rank : n;
  int64_t ones[IMP_MAX_RANK];
  bool identity = r == x->rank;
  char sbuf[IMP_MAX_RANK * 24 + 8], tbuf[IMP_MAX_RANK * 40 + 8];
  for (int i = 0; i < r; ++i) {
    int xi = i - (r - x->rank), ti = i - (r - n);
    int64_t xd = xi >= 0 ? x->dims[xi] : 1;
    ImpSize t = ti >= 0 ? shape[ti] : constant(1);
    // x's dimension times a static ones tensor: ? stays ? against 1 and
    // becomes n against n (§1.3); a ? the result gains needs broadcast_to.
    bool same = false;
    if (xd == IMP_DYN && t.sym) {
      ImpSize own = tcImpSizeOfDim(im, x, xi);
      same = t.sym == own.sym && t.mul == own.mul && t.div == own.div;
    }
    if (t.sym && !same)
      return tcImpUnsupported(im,
                              "Expand of the shape %s to %s: dimension %d would become dynamic, and tc_tensor's "
                              "broadcast_to takes static shapes only (docs/dialects.md §1.5)",
                              tcImpFormatShape(x->rank, x->dims, sbuf, sizeof sbuf),
                              tcImpFormatSizes(im, shape, n, tbuf, sizeof tbuf), i);
    int64_t td = t.sym ? 1 : t.mul;
    if (xd != IMP_DYN && xd != td && xd != 1 && td != 1)
      return tcImpInvalid(im, "the shape does not broadcast with the input");
    ones[i] = xd == 1 || xd == IMP_DYN ? td : 1;
    identity &= ones[i] == 1;
  }
  MlirValue v = tcImpGet(im, x);
  if (identity)
    return tcImpDefine(im, 0, tcImpUnary(im, "identity", v));
  if (x->dtype == IMP_BOOL)
    return tcImpUnsupported(im,
                            "Expand of a bool tensor of the dynamic shape %s: a dynamic broadcast is a mul by "
                            "ones, which bool lacks",
                            tcImpFormatShape(x->rank, x->dims, sbuf, sizeof sbuf));
  int64_t count = tcImpNumElements(r, ones);
  if (count > IMP_FOLD_LIMIT * 16)
    return tcImpUnsupported(
        im, "Expand of the dynamic shape %s: its ones tensor would have %" PRId64 " elements, more than %d",
        tcImpFormatShape(x->rank, x->dims, sbuf, sizeof sbuf), count, IMP_FOLD_LIMIT * 16);
  int64_t *one = malloc((size_t)count * sizeof *one);
  for (int64_t k = 0; k < count; ++k)
    one[k] = 1;
  MlirValue m = tcImpConstInts64(im, x->dtype, r, ones, one);
  free(one);
  // x · 1 is x exactly in every dtype (−0, ±inf and NaN included).
  MlirValue out = tcImpBinary(im, "mul", v, m);
  return !mlirValueIsNull(out) && tcImpDefine(im, 0, out);
}
