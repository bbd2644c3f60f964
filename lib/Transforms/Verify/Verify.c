//===- Verify.c - tc-verify: the structural rules of docs/dialects.md ------===//
//
// IRDL checks op names, operand counts and attribute presence; everything else
// docs/dialects.md states as a rule is checked here. The driver walks the IR,
// checks the types every tc_tensor op shares (static ranked tensors of a
// supported dtype; dynamic dimensions only where the row allows them,
// docs/dialects.md §1.5) and then calls the op's row in kRules. Every op of the three
// dialects has a row: an op without one is a tensorc bug and aborts, and a test
// (test/CAPI/verify-coverage.c) checks the table against the IRDL files.
//
//===----------------------------------------------------------------------===//
#include "VerifyInternal.h"

#include "tensorc/Passes.h"

#include <string.h>

static const TcvOpRule kRules[] = {
    // Unary elementwise.
    {"tc_tensor.abs", tcvVerifyUnary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.ceil", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.cos", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.erf", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.exp", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.floor", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.gelu", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.identity", tcvVerifyUnary, TCV_ANY, "any supported", true},
    {"tc_tensor.log", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.neg", tcvVerifyUnary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.not", tcvVerifyUnary, TCV_BOOL_OR_INT, "bool or integer", true},
    {"tc_tensor.reciprocal", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.relu", tcvVerifyUnary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.round", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.rsqrt", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.sigmoid", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.sign", tcvVerifyUnary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.sin", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.sqrt", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.tanh", tcvVerifyUnary, TCV_DTYPE_FLOAT, "float", true},
    // Binary elementwise.
    {"tc_tensor.add", tcvVerifyBinary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.and", tcvVerifyBinary, TCV_BOOL_OR_INT, "bool or integer", true},
    {"tc_tensor.div", tcvVerifyBinary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.fmod", tcvVerifyBinary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.max", tcvVerifyBinary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.min", tcvVerifyBinary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.mod", tcvVerifyBinary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.mul", tcvVerifyBinary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.or", tcvVerifyBinary, TCV_BOOL_OR_INT, "bool or integer", true},
    {"tc_tensor.pow", tcvVerifyBinary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.sub", tcvVerifyBinary, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.xor", tcvVerifyBinary, TCV_BOOL_OR_INT, "bool or integer", true},
    // Comparisons and selection.
    {"tc_tensor.eq", tcvVerifyCompare, TCV_NUMERIC_OR_BOOL, "numeric or bool", true},
    {"tc_tensor.ge", tcvVerifyCompare, TCV_NUMERIC_OR_BOOL, "numeric or bool", true},
    {"tc_tensor.gt", tcvVerifyCompare, TCV_NUMERIC_OR_BOOL, "numeric or bool", true},
    {"tc_tensor.le", tcvVerifyCompare, TCV_NUMERIC_OR_BOOL, "numeric or bool", true},
    {"tc_tensor.lt", tcvVerifyCompare, TCV_NUMERIC_OR_BOOL, "numeric or bool", true},
    {"tc_tensor.ne", tcvVerifyCompare, TCV_NUMERIC_OR_BOOL, "numeric or bool", true},
    {"tc_tensor.where", tcvVerifyWhere, TCV_ANY, "any supported", true},
    {"tc_tensor.clip", tcvVerifyClip, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.cast", tcvVerifyCast, TCV_ANY, "any supported", true},
    {"tc_tensor.constant", tcvVerifyConstant, TCV_ANY, "any supported", false},
    // Linear algebra.
    {"tc_tensor.gemm", tcvVerifyGemm, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.matmul", tcvVerifyMatmul, TCV_NUMERIC, "numeric", true},
    // Convolution and pooling.
    {"tc_tensor.avg_pool2d", tcvVerifyAvgPool2d, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.conv2d", tcvVerifyConv2d, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.global_avg_pool", tcvVerifyGlobalPool, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.global_max_pool", tcvVerifyGlobalPool, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.max_pool2d", tcvVerifyMaxPool2d, TCV_NUMERIC, "numeric", true},
    // Normalisation.
    {"tc_tensor.batch_norm", tcvVerifyBatchNorm, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.layer_norm", tcvVerifyLayerNorm, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.log_softmax", tcvVerifySoftmax, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.softmax", tcvVerifySoftmax, TCV_DTYPE_FLOAT, "float", true},
    // Reductions.
    {"tc_tensor.argmax", tcvVerifyArgReduce, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.argmin", tcvVerifyArgReduce, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.reduce_max", tcvVerifyReduce, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.reduce_mean", tcvVerifyReduce, TCV_DTYPE_FLOAT, "float", true},
    {"tc_tensor.reduce_min", tcvVerifyReduce, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.reduce_prod", tcvVerifyReduce, TCV_NUMERIC, "numeric", true},
    {"tc_tensor.reduce_sum", tcvVerifyReduce, TCV_NUMERIC, "numeric", true},
    // Data movement.
    {"tc_tensor.broadcast_to", tcvVerifyBroadcastTo, TCV_ANY, "any supported", false},
    {"tc_tensor.concat", tcvVerifyConcat, TCV_ANY, "any supported", false},
    {"tc_tensor.gather", tcvVerifyGather, TCV_ANY, "any supported", false},
    {"tc_tensor.pad", tcvVerifyPad, TCV_ANY, "any supported", false},
    {"tc_tensor.reshape", tcvVerifyReshape, TCV_ANY, "any supported", true},
    {"tc_tensor.slice", tcvVerifySlice, TCV_ANY, "any supported", true},
    {"tc_tensor.split", tcvVerifySplit, TCV_ANY, "any supported", false},
    {"tc_tensor.transpose", tcvVerifyTranspose, TCV_ANY, "any supported", true},
    // tc_loop and tc_kernel.
    {"tc_loop.nest", tcvVerifyLoopNest, TCV_ANY, "any supported", false},
    {"tc_kernel.conv2d", tcvVerifyKernelConv2d, TCV_DTYPE_FLOAT, "float", false},
    {"tc_kernel.elementwise", tcvVerifyKernelElementwise, TCV_ANY, "any supported", false},
    {"tc_kernel.gemm", tcvVerifyKernelGemm, TCV_DTYPE_FLOAT, "float", false},
    {"tc_kernel.reduce", tcvVerifyKernelReduce, TCV_NUMERIC, "numeric", false},
};

static const TcvOpRule *lookupRule(MlirStringRef name) {
  for (size_t i = 0; i < sizeof kRules / sizeof kRules[0]; ++i)
    if (tcvStringIs(name, kRules[i].name))
      return &kRules[i];
  return NULL;
}

static bool hasPrefix(MlirStringRef s, const char *prefix) {
  size_t n = strlen(prefix);
  return s.length >= n && memcmp(s.data, prefix, n) == 0;
}

// The type rule shared by every tc_tensor operand and result.
static bool checkTensorValue(MlirOperation op, const TcvOpRule *rule, MlirValue v, const char *kind,
                             intptr_t index) {
  MlirType t = mlirValueGetType(v);
  char type[128];
  if (!mlirTypeIsARankedTensor(t) || (!rule->dynamic && !mlirShapedTypeHasStaticShape(t)) ||
      !mlirAttributeIsNull(mlirRankedTensorTypeGetEncoding(t))) {
    if (mlirTypeIsARankedTensor(t) && mlirAttributeIsNull(mlirRankedTensorTypeGetEncoding(t)))
      tcEmitOpError(op, "%s #%ld has a dynamic dimension, %s, but '%s' takes static shapes only "
                    "(docs/dialects.md §1.5)", kind, (long)index, tcvFormatType(t, type, sizeof type), rule->name);
    else
      tcEmitOpError(op, "%s #%ld must be a ranked tensor without encoding, got %s", kind, (long)index,
                    tcvFormatType(t, type, sizeof type));
    return false;
  }
  if (mlirShapedTypeGetRank(t) > TCV_MAX_RANK) {
    tcEmitOpError(op, "%s #%ld has rank %ld, above the supported maximum %d", kind, (long)index,
                  (long)mlirShapedTypeGetRank(t), TCV_MAX_RANK);
    return false;
  }
  if (tcvDtypeOf(mlirShapedTypeGetElementType(t)) == TCV_DTYPE_UNSUPPORTED) {
    tcEmitOpError(op, "%s #%ld has unsupported element type %s", kind, (long)index,
                  tcvFormatType(mlirShapedTypeGetElementType(t), type, sizeof type));
    return false;
  }
  if (!tcvSizeWithinLimit(t)) {
    tcEmitOpError(op, "%s #%ld, %s, holds more than 2^%d bytes, the supported maximum", kind, (long)index,
                  tcvFormatType(t, type, sizeof type), TCV_MAX_LOG2_BYTES);
    return false;
  }
  return true;
}

static bool checkTensorValues(MlirOperation op, const TcvOpRule *rule) {
  bool ok = true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    ok &= checkTensorValue(op, rule, mlirOperationGetOperand(op, i), "operand", i);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    ok &= checkTensorValue(op, rule, mlirOperationGetResult(op, i), "result", i);
  return ok;
}

static MlirWalkResult verifyOne(MlirOperation op, void *userData) {
  bool *ok = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  bool isTensor = hasPrefix(name, "tc_tensor.");
  if (!isTensor && !hasPrefix(name, "tc_loop.") && !hasPrefix(name, "tc_kernel."))
    return MlirWalkResultAdvance;
  const TcvOpRule *rule = lookupRule(name);
  if (!rule)
    tcFatal("tc-verify has no rule for '%.*s'", (int)name.length, name.data);
  if (isTensor && !checkTensorValues(op, rule)) {
    *ok = false;
    return MlirWalkResultAdvance;
  }
  if (!rule->verify(op, rule))
    *ok = false;
  return MlirWalkResultAdvance;
}

MlirLogicalResult tcVerify(MlirOperation root) {
  bool ok = true;
  tcvBodyIndexBegin();
  mlirOperationWalk(root, verifyOne, &ok, MlirWalkPreOrder);
  tcvBodyIndexEnd();
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

bool tcHasVerifyRule(MlirStringRef opName) { return lookupRule(opName) != NULL; }
