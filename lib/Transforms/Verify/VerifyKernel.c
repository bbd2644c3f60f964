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
// The shared pieces are defined once elsewhere: buffers, slots and bodies in
// VerifyBuffers.c, axes in tcvReadAxes (VerifyCommon.c), and the rules a
// kernel shares with its tc_tensor op in that op's family file
// (tcvReadGemmAttrs and tcvGemmOperandShape in VerifyLinalg.c,
// tcvReadConv2dAttrs and tcvConv2dShape in VerifyConvPool.c), so those
// messages are the tc_tensor op's.
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

//===-- Rules common to the kernels -----------------------------------------===//

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
    if (tcvStringIs(*out, *v))
      return true;
  tcEmitOpError(op, "attribute '%s' must be one of %s, got \"%.*s\"", name, valuesText, (int)out->length, out->data);
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

static bool readGemmAttrs(MlirOperation op, bool *transA, bool *transB, bool *panel) {
  static const char *const kernels[] = {"blis", "loops", "vector", "panel", NULL};
  MlirStringRef kernel;
  bool ok = tcvReadGemmAttrs(op, transA, transB) &&
            readEnum(op, "kernel", kernels, "\"blis\", \"loops\", \"vector\", \"panel\"", &kernel) &&
            checkReason(op);
  *panel = ok && tcvStringIs(kernel, "panel");
  return ok;
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
  MlirValue av = mlirOperationGetOperand(op, 0), bv = mlirOperationGetOperand(op, 1);
  TcvShape a = tcvShapeOf(av), b = tcvShapeOf(bv), c = tcvShapeOf(mlirOperationGetOperand(op, 2));
  if (!checkGemmRanks(op, &a, &b, &c))
    return false;
  intptr_t r = a.rank;
  a = tcvGemmOperandShape(av, transA);
  b = tcvGemmOperandShape(bv, transB);
  if (a.dims[r - 1] != b.dims[r - 2]) {
    tcEmitOpError(op, "op(a) has %lld columns (K) but op(b) has %lld rows: they must be equal",
                  (long long)a.dims[r - 1], (long long)b.dims[r - 2]);
    return false;
  }
  TcvShape expected = c;
  expected.dims[r - 2] = a.dims[r - 2];
  expected.dims[r - 1] = b.dims[r - 1];
  return checkDestinationShape(op, "c", &expected, " ([(B,) M, N])");
}

// kernel "panel" (docs/dialects.md §4.1): a [M, K], b the panels [P, K, W]
// with W 16 or 32 and P = ceil(N / W), c [M, N]; no transposes, f32 sums.
static bool checkPanelShapes(MlirOperation op, bool transA, bool transB) {
  TcvShape a = tcvShapeOf(mlirOperationGetOperand(op, 0)), b = tcvShapeOf(mlirOperationGetOperand(op, 1));
  TcvShape c = tcvShapeOf(mlirOperationGetOperand(op, 2));
  MlirAttribute acc = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("accumulate"));
  if (transA || transB || mlirAttributeIsNull(acc) || !tcvStringIs(mlirStringAttrGetValue(acc), "f32")) {
    tcEmitOpError(op, "kernel \"panel\" takes no transposes and needs accumulate = \"f32\"");
    return false;
  }
  if (a.rank != 2 || b.rank != 3 || c.rank != 2) {
    tcEmitOpError(op, "kernel \"panel\" takes 'a' [M, K], 'b' [P, K, W] and 'c' [M, N], got ranks %ld, %ld, %ld",
                  (long)a.rank, (long)b.rank, (long)c.rank);
    return false;
  }
  int64_t w = b.dims[2];
  if ((w != 16 && w != 32) || b.dims[1] != a.dims[1] || b.dims[0] != (c.dims[1] + w - 1) / w ||
      c.dims[0] != a.dims[0]) {
    tcEmitOpError(op,
                  "kernel \"panel\" needs 'b' [ceil(N / W), K, W] with W 16 or 32 for 'a' [M, K] and 'c' [M, N], got "
                  "'a' [%lld, %lld], 'b' [%lld, %lld, %lld], 'c' [%lld, %lld]",
                  (long long)a.dims[0], (long long)a.dims[1], (long long)b.dims[0], (long long)b.dims[1],
                  (long long)w, (long long)c.dims[0], (long long)c.dims[1]);
    return false;
  }
  return true;
}

// The optional `accumulate` of gemm and conv2d (docs/dialects.md §4.1):
// "f32" or "f64", never less precise than the buffers (all of one dtype).
static bool checkAccumulate(MlirOperation op) {
  static const char *const dtypes[] = {"f32", "f64", NULL};
  MlirStringRef acc;
  if (mlirAttributeIsNull(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("accumulate"))))
    return true;
  if (!readEnum(op, "accumulate", dtypes, "\"f32\", \"f64\"", &acc))
    return false;
  MlirType element = mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  if (!(tcvStringIs(acc, "f32") && mlirTypeIsAF64(element)))
    return true;
  tcEmitOpError(op, "attribute 'accumulate' must not be less precise than the buffers' dtype");
  return false;
}

static bool isDynamic(MlirValue v) { return !mlirShapedTypeHasStaticShape(mlirValueGetType(v)); }

// True if a, b and c have rank 3 and a run-time size exactly in
// dimension 0 (the batch: a's or b's may be 1 at run time, docs/dialects.md
// §4.1).
static bool runTimeBatchOnly(MlirOperation op) {
  for (intptr_t i = 0; i < 3; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (mlirShapedTypeGetRank(t) != 3 || !mlirShapedTypeIsDynamicDim(t, 0) || mlirShapedTypeIsDynamicDim(t, 1) ||
        mlirShapedTypeIsDynamicDim(t, 2))
      return false;
  }
  return true;
}

// A run-time size (docs/dialects.md §4.1) only as M of a rank-2 "blis" or
// "panel" gemm: a's M (dimension 0, 1 under trans_a) and c's dimension 0;
// b and every K and N static. Their equality is the allocation's (c is
// sized from a), which the shape rules then see as `?` = `?`.
static bool checkRunTimeM(MlirOperation op) {
  MlirValue a = mlirOperationGetOperand(op, 0), b = mlirOperationGetOperand(op, 1), c = mlirOperationGetOperand(op, 2);
  if (!isDynamic(a) && !isDynamic(c))
    return !isDynamic(b) || tcvCheckBuffers(op, (const char *const[]){"a", "b", "c"});
  MlirAttribute kernel = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("kernel"));
  MlirAttribute ta = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("trans_a"));
  bool runTimeKernel = mlirAttributeIsAString(kernel) && (tcvStringIs(mlirStringAttrGetValue(kernel), "blis") ||
                                                          tcvStringIs(mlirStringAttrGetValue(kernel), "panel"));
  intptr_t mDim = mlirAttributeIsABool(ta) && mlirBoolAttrGetValue(ta) ? 1 : 0;
  MlirType at = mlirValueGetType(a), ct = mlirValueGetType(c);
  if (runTimeKernel && mlirShapedTypeGetRank(at) == 2 && mlirShapedTypeGetRank(ct) == 2 && !isDynamic(b) &&
      !mlirShapedTypeIsDynamicDim(at, 1 - mDim) && !mlirShapedTypeIsDynamicDim(ct, 1))
    return true;
  if (runTimeKernel && tcvStringIs(mlirStringAttrGetValue(kernel), "blis") && runTimeBatchOnly(op))
    return true;
  tcEmitOpError(op, "a run-time size may only be M of a rank-2 gemm with kernel \"blis\" or \"panel\" "
                    "(a's rows, c's rows; docs/dialects.md §4.1), or the batch of a rank-3 \"blis\" gemm "
                    "(dimension 0 of a, b and c)");
  return false;
}

bool tcvVerifyKernelGemm(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"alpha", "beta", "trans_a", "trans_b", "kernel", "reason", "accumulate", NULL};
  static const char *const names[] = {"a", "b", "c"};
  bool transA, transB, panel;
  return tcvCheckAllowedAttrs(op, attrs) && checkRunTimeM(op) && tcvCheckBuffersRunTime(op, names) &&
         tcvCheckDtype(op, mlirOperationGetOperand(op, 0), "operand 'a'", rule->dtypes, rule->dtypeText) &&
         tcvCheckSameElementType(op) && checkDestinationDistinct(op, names) &&
         readGemmAttrs(op, &transA, &transB, &panel) && checkAccumulate(op) &&
         (panel ? checkPanelShapes(op, transA, transB) : checkGemmShapes(op, transA, transB));
}

//===-- tc_kernel.conv2d ----------------------------------------------------===//
//
// The rules of tc_tensor.conv2d (VerifyConvPool.c, same messages except that
// sizes beyond i64 print as "2^63 or more") with `out` in the role of the
// result.

// A run-time size may only be the batch of an im2col or gemm convolution: x's and
// out's dimension 0, w and bias static (docs/dialects.md §4.2).
static bool checkRunTimeBatch(MlirOperation op, const char *const *names) {
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue x = mlirOperationGetOperand(op, 0), out = mlirOperationGetOperand(op, n - 1);
  if (!isDynamic(x) && !isDynamic(out))
    return tcvCheckBuffers(op, names);
  MlirAttribute algorithm = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("algorithm"));
  bool ok = mlirAttributeIsAString(algorithm) &&
            (tcvStringIs(mlirStringAttrGetValue(algorithm), "im2col") ||
             tcvStringIs(mlirStringAttrGetValue(algorithm), "gemm")) &&
            mlirShapedTypeGetRank(mlirValueGetType(x)) == 4 && mlirShapedTypeGetRank(mlirValueGetType(out)) == 4;
  for (intptr_t i = 1; ok && i < n - 1; ++i)
    ok = !isDynamic(mlirOperationGetOperand(op, i));
  for (intptr_t d = 1; ok && d < 4; ++d)
    ok = !mlirShapedTypeIsDynamicDim(mlirValueGetType(x), d) && !mlirShapedTypeIsDynamicDim(mlirValueGetType(out), d);
  if (ok)
    return tcvCheckBuffersRunTime(op, names);
  tcEmitOpError(op, "a run-time size may only be the batch of a conv2d with algorithm \"im2col\" or \"gemm\" (x's and out's "
                    "dimension 0; docs/dialects.md §4.2)");
  return false;
}

bool tcvVerifyKernelConv2d(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"strides", "pads", "dilations", "group", "algorithm", "reason",
                                      "activation", "accumulate", NULL};
  static const char *const withBias[] = {"x", "w", "bias", "out"}, *const withoutBias[] = {"x", "w", "out"};
  static const char *const algorithms[] = {"im2col", "direct", "gemm", NULL};
  static const char *const activations[] = {"relu", NULL};
  bool hasBias = mlirOperationGetNumOperands(op) == 4;
  const char *const *names = hasBias ? withBias : withoutBias;
  TcvConv2d conv = {.x = mlirOperationGetOperand(op, 0), .w = mlirOperationGetOperand(op, 1),
                    .out = mlirOperationGetOperand(op, hasBias ? 3 : 2), .capWide = true};
  if (hasBias)
    conv.bias = mlirOperationGetOperand(op, 2);
  MlirStringRef algorithm, activation;
  TcvShape out;
  return tcvCheckAllowedAttrs(op, attrs) && checkRunTimeBatch(op, names) &&
         tcvCheckDtype(op, conv.x, "operand 'x'", rule->dtypes, rule->dtypeText) && tcvCheckSameElementType(op) &&
         checkDestinationDistinct(op, names) && tcvReadConv2dAttrs(op, &conv) &&
         readEnum(op, "algorithm", algorithms, "\"im2col\", \"direct\", \"gemm\"", &algorithm) && checkReason(op) &&
         (mlirAttributeIsNull(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("activation"))) ||
          readEnum(op, "activation", activations, "\"relu\"", &activation)) &&
         tcvConv2dShape(op, &conv, &out) && checkDestinationShape(op, "out", &out, " ([N, M, H_out, W_out])") &&
         checkAccumulate(op);
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
  if (tcvStringIs(kind, "mean"))
    return tcvCheckDtype(op, input, "operand 'input' of a \"mean\" reduction", TCV_DTYPE_FLOAT, "float");
  return tcvCheckDtype(op, input, "operand 'input'", TCV_NUMERIC, "numeric");
}

bool tcvVerifyKernelReduce(MlirOperation op, const TcvOpRule *rule) {
  static const char *const attrs[] = {"kind", "axes", "reason", NULL};
  static const char *const names[] = {"input", "output"};
  bool reduced[TCV_MAX_RANK];
  if (!tcvCheckAllowedAttrs(op, attrs) || !tcvCheckBuffers(op, names) || !readReduceKind(op) ||
      !tcvCheckSameElementType(op) || !checkDestinationDistinct(op, names) || !checkReason(op))
    return false;
  TcvShape shape = tcvShapeOf(mlirOperationGetOperand(op, 0));
  if (!tcvReadAxes(op, shape.rank, reduced))
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
  return tcvGetI64(op, "group", &group) && tcvCheckFusionGroup(op, group);
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
  if (!tcvLookupBody(op, "tc_kernel.body", &func, &name))
    return false;
  MlirType type = tcvBodyType(func);
  if (mlirTypeIsNull(type)) {
    tcEmitOpError(op, "body @%.*s has no function type", (int)name.length, name.data);
    return false;
  }
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
  MlirType scalars[TCV_NUM_SLOTS];
  for (intptr_t i = 0; i < k; ++i)
    scalars[i] = scalarType(ctx, mlirOperationGetOperand(op, i));
  *numInputs = p;
  return tcvCheckBodyType(op, func, name, mlirFunctionTypeGet(ctx, p, scalars, q, scalars + p));
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
  return tcvCheckAllowedAttrs(op, attrs) && tcvCheckBufferSlots(op) && tcvCheckBuffers(op, NULL) &&
         checkSameShapes(op) && checkGroup(op) && checkReason(op) && checkElementwiseBody(op, &numInputs) &&
         checkOutputsDistinct(op, numInputs);
}
