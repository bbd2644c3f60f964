//===- Magnitude.c - the magnitude a `gamma` tolerance scales with ----------===//
//
// A tolerance with `gamma` c > 0 (docs/contract.md §1.1) also passes an
// element of a matmul, gemm or conv2d result when |y - r| <= c·γ_n·m: m is
// the same reduction on absolute values, (|A|·|B|)_ij for matmul,
// |alpha|·(|op(A)|·|op(B)|)_ij + |beta|·|C|_ij for gemm, and for conv2d
// |bias|_m plus the sum of |x|·|w| over the window, and n its length.
//
// m is computed by the reference evaluator, never by the compiler: the
// function is cloned, a `tc_tensor.abs` is put in front of every operand of
// the op whose result is judged, a gemm's alpha and beta are replaced by
// their absolute values, and the clone is evaluated on the same inputs. The
// op's own semantics (NumPy matmul's 1-D promotion and batch broadcasting,
// gemm's transposes and broadcast c) thus come from the one implementation
// that defines them. m is the reference's value, rounded once to the dtype
// (in the fast mode possibly with the evaluator's bound, which Judge.c adds
// to it).
//
// n is the number of roundings a product term can meet in any evaluation
// order, plus the reference's own rounding of r: K + 1 for matmul (K the
// contraction length), K + 4 for gemm (also alpha and beta rounded to the
// dtype, their products, and the add of the c term), K + 1 for conv2d with
// K = C/group·KH·KW its taps, plus 1 with a bias (its add). γ_n = n·u/(1 - n·u),
// u the dtype's unit roundoff; where n·u >= 1 the bound says nothing and is
// not used.
//
//===----------------------------------------------------------------------===//
#include "ConformanceInternal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool opIs(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), str(name));
}

/// The unit roundoff of float `dtype`.
static double unitRoundoff(TcRefDtype dtype) {
  switch (dtype) {
  case TC_REF_F16:
    return ldexp(1, -11);
  case TC_REF_BF16:
    return ldexp(1, -8);
  case TC_REF_F32:
    return ldexp(1, -24);
  default:
    return ldexp(1, -53);
  }
}

static int64_t dimOf(MlirValue v, intptr_t d) {
  MlirType t = mlirValueGetType(v);
  intptr_t rank = mlirShapedTypeGetRank(t);
  return mlirShapedTypeGetDimSize(t, d < 0 ? rank + d : d);
}

/// n of the file comment for `op` (matmul, gemm or conv2d).
static int64_t reductionLength(MlirOperation op) {
  MlirValue a = mlirOperationGetOperand(op, 0);
  if (opIs(op, "tc_tensor.matmul"))
    return dimOf(a, -1) + 1;
  if (opIs(op, "tc_tensor.conv2d")) { // w is [M, C/group, KH, KW]
    MlirValue w = mlirOperationGetOperand(op, 1);
    return dimOf(w, 1) * dimOf(w, 2) * dimOf(w, 3) + 1 + (mlirOperationGetNumOperands(op) == 3);
  }
  MlirAttribute t = mlirOperationGetAttributeByName(op, str("trans_a"));
  bool transA = !mlirAttributeIsNull(t) && mlirBoolAttrGetValue(t);
  return dimOf(a, transA ? 0 : 1) + 4;
}

static void absAttribute(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, str(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAFloat(a))
    return;
  double v = fabs(mlirFloatAttrGetValueDouble(a));
  mlirOperationSetAttributeByName(op, str(name), mlirFloatAttrDoubleGet(mlirAttributeGetContext(a), mlirAttributeGetType(a), v));
}

/// Puts `tc_tensor.abs` in front of every operand of `op`.
static void absOperands(MlirOperation op) {
  MlirBlock block = mlirOperationGetBlock(op);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    MlirType type = mlirValueGetType(v);
    MlirOperationState state = mlirOperationStateGet(str("tc_tensor.abs"), mlirOperationGetLocation(op));
    mlirOperationStateAddOperands(&state, 1, &v);
    mlirOperationStateAddResults(&state, 1, &type);
    MlirOperation abs = mlirOperationCreate(&state);
    mlirBlockInsertOwnedOperationBefore(block, op, abs);
    mlirOperationSetOperand(op, i, mlirOperationGetResult(abs, 0));
  }
}

bool tcConfMagnitudeApplies(MlirOperation op) {
  return opIs(op, "tc_tensor.matmul") || opIs(op, "tc_tensor.gemm") || opIs(op, "tc_tensor.conv2d");
}

bool tcConfMagnitude(MlirOperation func, intptr_t output, const TcRefTensor *inputs, intptr_t numInputs,
                     const TcRefOptions *reference, ConfMagnitude *out) {
  *out = (ConfMagnitude){.gammaN = NAN};
  MlirOperation clone = mlirOperationClone(func);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(clone, 0));
  MlirValue v = mlirOperationGetOperand(mlirBlockGetTerminator(body), output);
  MlirOperation def = mlirOpResultGetOwner(v);
  int64_t n = reductionLength(def);
  absOperands(def);
  absAttribute(def, "alpha");
  absAttribute(def, "beta");
  TcRefTensor *results = NULL;
  intptr_t numResults = 0;
  bool ok = mlirLogicalResultIsSuccess(
      tcRefEvaluateWithOptions(clone, inputs, numInputs, reference, &results, &numResults, NULL, NULL, NULL));
  for (intptr_t i = 0; i < numResults; ++i)
    if (i == output)
      out->m = results[i];
    else
      tcRefTensorDestroy(&results[i]);
  free(results);
  mlirOperationDestroy(clone);
  if (!ok)
    return false;
  double u = unitRoundoff(out->m.dtype);
  out->length = n;
  out->gammaN = (double)n * u < 1 ? (double)n * u / (1 - (double)n * u) : NAN;
  return true;
}
