//===- VerifyKernel.c - tc-verify rules for tc_kernel ops -----------------===//
//
// docs/dialects.md §4. A kernel op is a call of a chosen implementation on
// memrefs: it writes its destination (the last operand; elementwise: its
// outputs) and only reads the rest. The driver checks nothing for tc_kernel,
// so each rule starts with the rules common to all four: known attribute
// names, every operand a buffer (§3), a destination that is not also another
// operand, `reason` non-empty and the implementation name from its list.
// Then each op checks what the tc_tensor op it replaces would (gemm's
// contraction, conv2d's window arithmetic, reduce's axes) and compares the
// destination's shape with the computed one, as tcvCheckResultShape does for
// a result. elementwise resolves its body like tc_loop.nest (VerifyLoop.c):
// p inputs and q >= 1 outputs, read from the body's type, whose scalar
// types must be the buffers' element types (unsigned as signless).
//
// The buffer, slot and body helpers are duplicated from VerifyLoop.c (the
// lead owns VerifyCommon.c); they are written to be hoisted there verbatim.
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

#include "mlir-c/AffineMap.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { kNumSlots = 16 };

//===-- Buffers (same as VerifyLoop.c) --------------------------------------===//

// The identity layout, or a strided layout whose offset and strides are static.
static bool hasStaticLayout(MlirType memref) {
  MlirAttribute layout = mlirMemRefTypeGetLayout(memref);
  if (mlirAttributeIsAAffineMap(layout))
    return mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(layout));
  if (!mlirAttributeIsAStridedLayout(layout) ||
      mlirShapedTypeIsDynamicStrideOrOffset(mlirStridedLayoutAttrGetOffset(layout)))
    return false;
  for (intptr_t i = 0; i < mlirStridedLayoutAttrGetNumStrides(layout); ++i)
    if (mlirShapedTypeIsDynamicStrideOrOffset(mlirStridedLayoutAttrGetStride(layout, i)))
      return false;
  return true;
}

// Returns the reason `t` is not a buffer (docs/dialects.md §3), or NULL.
static const char *bufferProblem(MlirType t) {
  if (!mlirTypeIsAMemRef(t))
    return "must be a memref";
  if (!mlirShapedTypeHasStaticShape(t))
    return "must have a static shape";
  if (mlirShapedTypeGetRank(t) > TCV_MAX_RANK)
    return "has a rank above the supported maximum";
  if (tcvDtypeOf(mlirShapedTypeGetElementType(t)) == TCV_DTYPE_UNSUPPORTED)
    return "has an unsupported element type";
  if (!hasStaticLayout(t))
    return "must have the identity layout or a strided layout with static offset and strides";
  if (!mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(t)))
    return "must be in the default memory space";
  return NULL;
}

static bool checkBuffer(MlirOperation op, MlirValue v, const char *what) {
  MlirType t = mlirValueGetType(v);
  const char *problem = bufferProblem(t);
  if (!problem)
    return true;
  char type[256];
  tcEmitOpError(op, "%s %s, got %s", what, problem, tcvFormatType(t, type, sizeof type));
  return false;
}

// operandSegmentSizes: 16 entries, k ones then zeros (IRDL checks the kind,
// the length, that each entry is 0 or 1 and the sum; the order is ours).
static bool checkBufferSlots(MlirOperation op) {
  MlirAttribute sizes =
      mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("operandSegmentSizes"));
  if (!mlirAttributeIsADenseI32Array(sizes) || mlirDenseArrayGetNumElements(sizes) != kNumSlots) {
    tcEmitOpError(op, "attribute 'operandSegmentSizes' must be an i32 array with %d entries", kNumSlots);
    return false;
  }
  for (intptr_t i = 0; i < kNumSlots; ++i) {
    int32_t n = mlirDenseI32ArrayGetElement(sizes, i), prev = i ? mlirDenseI32ArrayGetElement(sizes, i - 1) : 1;
    if ((n != 0 && n != 1) || (n == 1 && prev == 0)) {
      tcEmitOpError(op, "attribute 'operandSegmentSizes' must be ones followed by zeros (buffers fill slots b0, b1, "
                        "... without gaps), got %d in slot b%ld",
                    (int)n, (long)i);
      return false;
    }
  }
  return true;
}

static bool checkBuffers(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    char what[32];
    snprintf(what, sizeof what, "buffer #%ld", (long)i);
    if (!checkBuffer(op, mlirOperationGetOperand(op, i), what))
      return false;
  }
  return true;
}

//===-- Body symbol (same as VerifyLoop.c) ----------------------------------===//

static bool nameIs(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  return s.length == strlen(name) && memcmp(s.data, name, s.length) == 0;
}

// The func.func named `name` in the builtin.module enclosing `op`, or null.
static MlirOperation findFunc(MlirOperation op, MlirStringRef name) {
  MlirOperation module = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(module) && !nameIs(module, "builtin.module"))
    module = mlirOperationGetParentOperation(module);
  MlirOperation none = {NULL};
  if (mlirOperationIsNull(module))
    return none;
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f)) {
    if (!nameIs(f, "func.func"))
      continue;
    MlirAttribute sym = mlirOperationGetInherentAttributeByName(f, mlirStringRefCreateFromCString("sym_name"));
    if (mlirAttributeIsAString(sym) && mlirStringRefEqual(mlirStringAttrGetValue(sym), name))
      return f;
  }
  return none;
}

// Resolves attribute `body` to a defined func.func carrying unit attribute
// `mark`; stores it in `*func` and its name in `*name`.
static bool lookupBody(MlirOperation op, const char *mark, MlirOperation *func, MlirStringRef *name) {
  MlirAttribute ref = mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("body"));
  if (!mlirAttributeIsAFlatSymbolRef(ref)) {
    tcEmitOpError(op, "attribute 'body' must be a flat symbol reference (e.g. `@body`)");
    return false;
  }
  *name = mlirFlatSymbolRefAttrGetValue(ref);
  *func = findFunc(op, *name);
  int n = (int)name->length;
  if (mlirOperationIsNull(*func)) {
    tcEmitOpError(op, "attribute 'body' names @%.*s, which is not a func.func in the enclosing module", n, name->data);
    return false;
  }
  if (mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(*func, 0)))) {
    tcEmitOpError(op, "body @%.*s is only declared: it must be defined", n, name->data);
    return false;
  }
  MlirAttribute marker = mlirOperationGetDiscardableAttributeByName(*func, mlirStringRefCreateFromCString(mark));
  if (mlirAttributeIsNull(marker) || !mlirAttributeIsAUnit(marker)) {
    tcEmitOpError(op, "body @%.*s must carry the unit attribute '%s'", n, name->data, mark);
    return false;
  }
  return true;
}

// Compares the body's function type with `expected`, naming both.
static bool checkBodyType(MlirOperation op, MlirOperation func, MlirStringRef name, MlirType expected) {
  MlirType got = mlirTypeAttrGetValue(
      mlirOperationGetInherentAttributeByName(func, mlirStringRefCreateFromCString("function_type")));
  if (mlirTypeEqual(got, expected))
    return true;
  char e[4096], g[4096];
  tcEmitOpError(op, "body @%.*s must have type %s, got %s", (int)name.length, name.data,
                tcvFormatType(expected, e, sizeof e), tcvFormatType(got, g, sizeof g));
  return false;
}

//===-- Rules common to the kernels -----------------------------------------===//

// Checks operand i against buffer rules under the name names[i].
static bool checkNamedBuffers(MlirOperation op, const char *const *names) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    char what[32];
    snprintf(what, sizeof what, "operand '%s'", names[i]);
    if (!checkBuffer(op, mlirOperationGetOperand(op, i), what))
      return false;
  }
  return true;
}

// The destination (last operand) must not also be passed as another operand.
static bool checkDestinationDistinct(MlirOperation op, const char *const *names) {
  intptr_t last = mlirOperationGetNumOperands(op) - 1;
  MlirValue dest = mlirOperationGetOperand(op, last);
  for (intptr_t i = 0; i < last; ++i)
    if (mlirValueEqual(mlirOperationGetOperand(op, i), dest)) {
      tcEmitOpError(op, "destination '%s' must not be the same value as operand '%s'", names[last], names[i]);
      return false;
    }
  return true;
}

static bool checkReason(MlirOperation op) {
  MlirStringRef reason;
  if (!tcvGetString(op, "reason", &reason))
    return false;
  if (reason.length > 0)
    return true;
  tcEmitOpError(op, "attribute 'reason' must be a non-empty string");
  return false;
}

// Reads Str attribute `name` and checks it against the NULL-terminated
// `values`, which `valuesText` lists for the message.
static bool readEnum(MlirOperation op, const char *name, const char *const *values, const char *valuesText,
                     MlirStringRef *out) {
  if (!tcvGetString(op, name, out))
    return false;
  for (const char *const *v = values; *v; ++v)
    if (out->length == strlen(*v) && memcmp(out->data, *v, out->length) == 0)
      return true;
  tcEmitOpError(op, "attribute '%s' must be one of %s, got \"%.*s\"", name, valuesText, (int)out->length, out->data);
  return false;
}

static bool checkRank(MlirOperation op, MlirValue v, const char *name, intptr_t rank) {
  intptr_t got = tcvShapeOf(v).rank;
  if (got == rank)
    return true;
  tcEmitOpError(op, "operand '%s' must have rank %ld, got %ld", name, (long)rank, (long)got);
  return false;
}

// The destination's shape must be the one the op computes.
static bool checkDestinationShape(MlirOperation op, const char *name, const TcvShape *expected, const char *note) {
  TcvShape got = tcvShapeOf(mlirOperationGetOperand(op, mlirOperationGetNumOperands(op) - 1));
  if (tcvShapeEqual(&got, expected))
    return true;
  char e[256], g[256];
  tcEmitOpError(op, "destination '%s' must have shape %s%s, got %s", name, tcvFormatShape(expected, e, sizeof e), note,
                tcvFormatShape(&got, g, sizeof g));
  return false;
}

//===-- tc_kernel.gemm ------------------------------------------------------===//

static bool readFinite(MlirOperation op, const char *name) {
  double v;
  if (!tcvGetF64(op, name, &v))
    return false;
  if (isfinite(v))
    return true;
  tcEmitOpError(op, "attribute '%s' must be finite, got %g", name, v);
  return false;
}

static bool readGemmAttrs(MlirOperation op, bool *transA, bool *transB) {
  static const char *const kernels[] = {"blis", "loops", "vector", NULL};
  MlirStringRef kernel;
  return readFinite(op, "alpha") && readFinite(op, "beta") && tcvGetBool(op, "trans_a", transA) &&
         tcvGetBool(op, "trans_b", transB) &&
         readEnum(op, "kernel", kernels, "\"blis\", \"loops\", \"vector\"", &kernel) && checkReason(op);
}

static bool checkGemmRanks(MlirOperation op, const TcvShape *a, const TcvShape *b, const TcvShape *c) {
  if ((a->rank != 2 && a->rank != 3) || b->rank != a->rank || c->rank != a->rank) {
    tcEmitOpError(op, "operands 'a', 'b', 'c' must all have rank 2, or all rank 3 (batched), got ranks %ld, %ld, %ld",
                  (long)a->rank, (long)b->rank, (long)c->rank);
    return false;
  }
  if (a->rank == 2 || (a->dims[0] == b->dims[0] && a->dims[0] == c->dims[0]))
    return true;
  tcEmitOpError(op, "batched operands 'a', 'b', 'c' must have one leading dimension, got %lld, %lld, %lld",
                (long long)a->dims[0], (long long)b->dims[0], (long long)c->dims[0]);
  return false;
}

// op(a) = [(B,) M, K], op(b) = [(B,) K, N] and c = [(B,) M, N].
static bool checkGemmShapes(MlirOperation op, bool transA, bool transB) {
  TcvShape a = tcvShapeOf(mlirOperationGetOperand(op, 0)), b = tcvShapeOf(mlirOperationGetOperand(op, 1));
  TcvShape c = tcvShapeOf(mlirOperationGetOperand(op, 2));
  if (!checkGemmRanks(op, &a, &b, &c))
    return false;
  intptr_t r = a.rank;
  int64_t m = a.dims[r - (transA ? 1 : 2)], k = a.dims[r - (transA ? 2 : 1)];
  int64_t kb = b.dims[r - (transB ? 1 : 2)], n = b.dims[r - (transB ? 2 : 1)];
  if (k != kb) {
    tcEmitOpError(op, "op(a) has %lld columns (K) but op(b) has %lld rows: they must be equal", (long long)k,
                  (long long)kb);
    return false;
  }
  TcvShape expected = c;
  expected.dims[r - 2] = m;
  expected.dims[r - 1] = n;
  return checkDestinationShape(op, "c", &expected, " ([(B,) M, N])");
}

bool tcvVerifyKernelGemm(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"alpha", "beta", "trans_a", "trans_b", "kernel", "reason", NULL};
  static const char *const names[] = {"a", "b", "c"};
  bool transA, transB;
  return tcvCheckAllowedAttrs(op, attrs) && checkNamedBuffers(op, names) &&
         tcvCheckDtype(op, mlirOperationGetOperand(op, 0), "operand 'a'", rule->dtypes, rule->dtypeText) &&
         tcvCheckSameElementType(op) && checkDestinationDistinct(op, names) && readGemmAttrs(op, &transA, &transB) &&
         checkGemmShapes(op, transA, transB);
}

//===-- tc_kernel.conv2d ----------------------------------------------------===//
//
// The rules of tc_tensor.conv2d (VerifyConvPool.c, same messages) with `out`
// in the role of the result. The window arithmetic uses 128 bits, where no
// sum or product of the i64 values involved overflows.

typedef __int128 Wide;

typedef struct ConvAttrs {
  int64_t strides[2], pads[4], dilations[2], group;
} ConvAttrs;

static const char *const kDimName[2] = {"height", "width"};

static const char *formatWide(Wide v, char *buf, size_t size) {
  if (v >= INT64_MIN && v <= INT64_MAX)
    snprintf(buf, size, "%lld", (long long)v);
  else
    snprintf(buf, size, "%s2^63 or more", v < 0 ? "-" : "");
  return buf;
}

// Reads I64Array `name`: exactly `size` entries, each >= `min`.
static bool readArray(MlirOperation op, const char *name, intptr_t size, int64_t min, int64_t *out) {
  TcvArray a;
  if (!tcvGetI64Array(op, name, &a))
    return false;
  if (a.size != size) {
    tcEmitOpError(op, "attribute '%s' must have %ld entries, got %ld", name, (long)size, (long)a.size);
    return false;
  }
  for (intptr_t i = 0; i < size; ++i) {
    if (a.data[i] < min) {
      tcEmitOpError(op, "attribute '%s' entries must be >= %lld, got %lld at index %ld", name, (long long)min,
                    (long long)a.data[i], (long)i);
      return false;
    }
    out[i] = a.data[i];
  }
  return true;
}

static bool readConvAttrs(MlirOperation op, ConvAttrs *c) {
  static const char *const algorithms[] = {"im2col", "direct", NULL};
  MlirStringRef algorithm;
  if (!readArray(op, "strides", 2, 1, c->strides) || !readArray(op, "pads", 4, 0, c->pads) ||
      !readArray(op, "dilations", 2, 1, c->dilations) || !tcvGetI64(op, "group", &c->group))
    return false;
  if (c->group < 1) {
    tcEmitOpError(op, "attribute 'group' must be >= 1, got %lld", (long long)c->group);
    return false;
  }
  return readEnum(op, "algorithm", algorithms, "\"im2col\", \"direct\"", &algorithm) && checkReason(op);
}

static bool checkConvRanks(MlirOperation op, bool hasBias) {
  return checkRank(op, mlirOperationGetOperand(op, 0), "x", 4) &&
         checkRank(op, mlirOperationGetOperand(op, 1), "w", 4) &&
         (!hasBias || checkRank(op, mlirOperationGetOperand(op, 2), "bias", 1)) &&
         checkRank(op, mlirOperationGetOperand(op, hasBias ? 3 : 2), "out", 4);
}

static bool checkGroupDivides(MlirOperation op, int64_t group, int64_t n, const char *what) {
  if (n % group == 0)
    return true;
  tcEmitOpError(op, "attribute 'group' (%lld) must divide the number of %s channels %lld", (long long)group, what,
                (long long)n);
  return false;
}

// x = [N, C, H, W], w = [M, C / group, kH, kW], bias = [M].
static bool checkConvOperands(MlirOperation op, int64_t group, bool hasBias) {
  TcvShape x = tcvShapeOf(mlirOperationGetOperand(op, 0)), w = tcvShapeOf(mlirOperationGetOperand(op, 1));
  if (!checkGroupDivides(op, group, x.dims[1], "input") || !checkGroupDivides(op, group, w.dims[0], "output"))
    return false;
  if (w.dims[1] != x.dims[1] / group) {
    tcEmitOpError(op, "operand 'w' must have w.shape[1] = C / group = %lld, got %lld", (long long)(x.dims[1] / group),
                  (long long)w.dims[1]);
    return false;
  }
  if (w.dims[2] < 1 || w.dims[3] < 1) {
    tcEmitOpError(op, "operand 'w' must have a kernel of at least 1x1, got %lldx%lld", (long long)w.dims[2],
                  (long long)w.dims[3]);
    return false;
  }
  int64_t bias = hasBias ? tcvShapeOf(mlirOperationGetOperand(op, 2)).dims[0] : w.dims[0];
  if (bias == w.dims[0])
    return true;
  tcEmitOpError(op, "operand 'bias' must have shape [M] = %lld, got %lld", (long long)w.dims[0], (long long)bias);
  return false;
}

// Output size of spatial dimension `dim` (0: H, 1: W) of input size `in`
// and kernel size `k`: floor((in + pads - (d * (k - 1) + 1)) / s) + 1.
static bool convOutSize(MlirOperation op, const ConvAttrs *c, int dim, int64_t in, int64_t k, int64_t *out) {
  Wide extent = (Wide)c->dilations[dim] * (k - 1) + 1, padded = (Wide)in + c->pads[dim] + c->pads[dim + 2];
  char a[48], b[48];
  if (padded < extent) {
    tcEmitOpError(op, "padded input %s %s (input plus pads) must be at least the dilated kernel %s %s", kDimName[dim],
                  formatWide(padded, a, sizeof a), kDimName[dim], formatWide(extent, b, sizeof b));
    return false;
  }
  Wide size = (padded - extent) / c->strides[dim] + 1;
  if (size > INT64_MAX) {
    tcEmitOpError(op, "output %s %s does not fit in a 64-bit dimension", kDimName[dim], formatWide(size, a, sizeof a));
    return false;
  }
  *out = (int64_t)size;
  return true;
}

bool tcvVerifyKernelConv2d(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"strides", "pads", "dilations", "group", "algorithm", "reason", NULL};
  static const char *const withBias[] = {"x", "w", "bias", "out"}, *const withoutBias[] = {"x", "w", "out"};
  bool hasBias = mlirOperationGetNumOperands(op) == 4;
  const char *const *names = hasBias ? withBias : withoutBias;
  ConvAttrs c;
  if (!tcvCheckAllowedAttrs(op, attrs) || !checkNamedBuffers(op, names) ||
      !tcvCheckDtype(op, mlirOperationGetOperand(op, 0), "operand 'x'", rule->dtypes, rule->dtypeText) ||
      !tcvCheckSameElementType(op) || !checkDestinationDistinct(op, names) || !readConvAttrs(op, &c) ||
      !checkConvRanks(op, hasBias) || !checkConvOperands(op, c.group, hasBias))
    return false;
  TcvShape x = tcvShapeOf(mlirOperationGetOperand(op, 0)), w = tcvShapeOf(mlirOperationGetOperand(op, 1));
  TcvShape out = {4, {x.dims[0], w.dims[0], 0, 0}};
  return convOutSize(op, &c, 0, x.dims[2], w.dims[2], &out.dims[2]) &&
         convOutSize(op, &c, 1, x.dims[3], w.dims[3], &out.dims[3]) &&
         checkDestinationShape(op, "out", &out, " ([N, M, H_out, W_out])");
}

//===-- tc_kernel.reduce ----------------------------------------------------===//

// Reads `kind` and checks input's dtype against tc_tensor.reduce_<kind>'s
// class: numeric, float for mean.
static bool readReduceKind(MlirOperation op) {
  static const char *const kinds[] = {"sum", "prod", "max", "min", "mean", NULL};
  MlirStringRef kind;
  if (!readEnum(op, "kind", kinds, "\"sum\", \"prod\", \"max\", \"min\", \"mean\"", &kind))
    return false;
  MlirValue input = mlirOperationGetOperand(op, 0);
  if (kind.length == 4 && memcmp(kind.data, "mean", 4) == 0)
    return tcvCheckDtype(op, input, "operand 'input' of a \"mean\" reduction", TCV_DTYPE_FLOAT, "float");
  return tcvCheckDtype(op, input, "operand 'input'", TCV_NUMERIC, "numeric");
}

// Normalises `axes` against `rank` into `reduced`, rejecting duplicates; an
// empty `axes` marks every axis (the messages of VerifyReduce.c).
static bool readAxes(MlirOperation op, intptr_t rank, bool *reduced) {
  TcvArray axes;
  int64_t source[TCV_MAX_RANK] = {0};
  if (!tcvGetI64Array(op, "axes", &axes))
    return false;
  for (intptr_t i = 0; i < rank; ++i)
    reduced[i] = axes.size == 0;
  for (intptr_t i = 0; i < axes.size; ++i) {
    int64_t a;
    if (!tcvNormalizeAxis(op, "axes", axes.data[i], rank, &a))
      return false;
    if (reduced[a]) {
      tcEmitOpError(op, "attribute 'axes' must have distinct entries after normalisation: %lld and %lld name axis %lld",
                    (long long)source[a], (long long)axes.data[i], (long long)a);
      return false;
    }
    reduced[a] = true;
    source[a] = axes.data[i];
  }
  return true;
}

bool tcvVerifyKernelReduce(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"kind", "axes", "reason", NULL};
  static const char *const names[] = {"input", "output"};
  bool reduced[TCV_MAX_RANK];
  if (!tcvCheckAllowedAttrs(op, attrs) || !checkNamedBuffers(op, names) || !readReduceKind(op) ||
      !tcvCheckSameElementType(op) || !checkDestinationDistinct(op, names) || !checkReason(op))
    return false;
  TcvShape shape = tcvShapeOf(mlirOperationGetOperand(op, 0));
  if (!readAxes(op, shape.rank, reduced))
    return false;
  for (intptr_t i = 0; i < shape.rank; ++i)
    if (reduced[i])
      shape.dims[i] = 1;
  return checkDestinationShape(op, "output", &shape, " (input's shape with the reduced axes 1)");
}

//===-- tc_kernel.elementwise -----------------------------------------------===//

static bool checkSameShapes(MlirOperation op) {
  intptr_t n = mlirOperationGetNumOperands(op);
  if (n == 0)
    return true;
  TcvShape first = tcvShapeOf(mlirOperationGetOperand(op, 0));
  for (intptr_t i = 1; i < n; ++i) {
    TcvShape s = tcvShapeOf(mlirOperationGetOperand(op, i));
    if (tcvShapeEqual(&s, &first))
      continue;
    char a[256], b[256];
    tcEmitOpError(op, "buffer #%ld has shape %s, expected %s like buffer #0", (long)i, tcvFormatShape(&s, a, sizeof a),
                  tcvFormatShape(&first, b, sizeof b));
    return false;
  }
  return true;
}

static bool checkGroup(MlirOperation op) {
  int64_t group;
  if (!tcvGetI64(op, "group", &group))
    return false;
  if (group >= -1)
    return true;
  tcEmitOpError(op, "attribute 'group' must be >= -1 (-1 = no fusion group), got %lld", (long long)group);
  return false;
}

// A buffer's element type as the body sees it: uiN becomes the signless iN.
static MlirType scalarType(MlirContext ctx, MlirValue buffer) {
  MlirType t = tcvElementType(buffer);
  return tcvDtypeOf(t) == TCV_DTYPE_UINT ? mlirIntegerTypeGet(ctx, mlirIntegerTypeGetWidth(t)) : t;
}

// The body's type is (s_0, ..., s_{p-1}) -> (s_p, ..., s_{p+q-1}) with q >= 1;
// p and q come from the body. Stores p in *numInputs.
static bool checkElementwiseBody(MlirOperation op, intptr_t *numInputs) {
  MlirOperation func;
  MlirStringRef name;
  if (!lookupBody(op, "tc_kernel.body", &func, &name))
    return false;
  MlirType type = mlirTypeAttrGetValue(
      mlirOperationGetInherentAttributeByName(func, mlirStringRefCreateFromCString("function_type")));
  intptr_t p = mlirFunctionTypeGetNumInputs(type), q = mlirFunctionTypeGetNumResults(type);
  intptr_t k = mlirOperationGetNumOperands(op);
  int n = (int)name.length;
  if (q < 1) {
    tcEmitOpError(op, "body @%.*s must return at least one result (one per output buffer), got none", n, name.data);
    return false;
  }
  if (p + q != k) {
    tcEmitOpError(op, "body @%.*s has %ld arguments and %ld results, so the op needs %ld buffers (inputs, then "
                      "outputs), got %ld",
                  n, name.data, (long)p, (long)q, (long)(p + q), (long)k);
    return false;
  }
  MlirContext ctx = mlirOperationGetContext(op);
  MlirType scalars[kNumSlots];
  for (intptr_t i = 0; i < k; ++i)
    scalars[i] = scalarType(ctx, mlirOperationGetOperand(op, i));
  *numInputs = p;
  return checkBodyType(op, func, name, mlirFunctionTypeGet(ctx, p, scalars, q, scalars + p));
}

// Outputs must be distinct values; an output may also be an input (in place).
static bool checkOutputsDistinct(MlirOperation op, intptr_t firstOutput) {
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = firstOutput; i < n; ++i)
    for (intptr_t j = i + 1; j < n; ++j)
      if (mlirValueEqual(mlirOperationGetOperand(op, i), mlirOperationGetOperand(op, j))) {
        tcEmitOpError(op, "outputs buffer #%ld and buffer #%ld must be distinct values", (long)i, (long)j);
        return false;
      }
  return true;
}

bool tcvVerifyKernelElementwise(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"body", "group", "reason", "operandSegmentSizes", NULL};
  intptr_t numInputs;
  return tcvCheckAllowedAttrs(op, attrs) && checkBufferSlots(op) && checkBuffers(op) && checkSameShapes(op) &&
         checkGroup(op) && checkReason(op) && checkElementwiseBody(op, &numInputs) &&
         checkOutputsDistinct(op, numInputs);
}
