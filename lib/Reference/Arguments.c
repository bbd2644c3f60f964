//===- Arguments.c - a function's inputs, drawn from their distributions ---===//
//
// tensor-ref --seed and the conformance gate must draw exactly the same
// inputs for the same seed, or a conformance record could not be replayed
// with the evaluator alone. So the drawing lives here, once: one generator
// state starts at the seed and is threaded through the arguments in order,
// each argument filled from its `tc.distribution` argument attribute (or its
// dtype's default, docs/reference.md). The other draw kinds (Draws.c)
// fill the arguments that declare nothing in their own ways, from a state
// of their own, so the standard draw of a seed never changes. A function
// with dynamic dimensions is drawn the same way at sizes the caller
// chooses (tcRefDrawInputsAtShapes): one stream, in argument order, over
// however many elements those sizes give.
//
// One domain is the op's, not the dtype's: an integer argument that only
// gathers read as their indices, and declares nothing, is drawn in every
// kind from integers(-n, n) of the gathered axis (the smallest n among its
// readers), the indices the spec defines (docs/dialects.md §2.2.25). An
// index outside them is a program error the reference reports, not a
// result an artifact could be judged on.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirBlock entryBlock(MlirOperation func) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

bool tcRefArgumentTensor(MlirOperation func, intptr_t i, TcRefTensor *t) {
  MlirType type = mlirValueGetType(mlirBlockGetArgument(entryBlock(func), i));
  TcRefDtype dtype;
  if (!mlirTypeIsARankedTensor(type) || !mlirShapedTypeHasStaticShape(type) ||
      !tcRefDtypeFromType(mlirShapedTypeGetElementType(type), &dtype) ||
      mlirShapedTypeGetRank(type) > TC_REF_MAX_RANK)
    return false;
  int64_t dims[TC_REF_MAX_RANK];
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d)
    dims[d] = mlirShapedTypeGetDimSize(type, d);
  return tcRefTensorCreate(t, dtype, mlirShapedTypeGetRank(type), dims);
}

const char *tcRefArgumentDistribution(MlirOperation func, intptr_t i, char *buf, size_t size) {
  MlirAttribute args = mlirOperationGetInherentAttributeByName(func, mlirStringRefCreateFromCString("arg_attrs"));
  if (mlirAttributeIsNull(args) || !mlirAttributeIsAArray(args) || i >= mlirArrayAttrGetNumElements(args))
    return NULL;
  MlirAttribute dict = mlirArrayAttrGetElement(args, i);
  if (!mlirAttributeIsADictionary(dict))
    return NULL;
  MlirAttribute dist = mlirDictionaryAttrGetElementByName(dict, mlirStringRefCreateFromCString("tc.distribution"));
  if (mlirAttributeIsNull(dist) || !mlirAttributeIsAString(dist))
    return NULL;
  MlirStringRef s = mlirStringAttrGetValue(dist);
  snprintf(buf, size, "%.*s", (int)s.length, s.data);
  return buf;
}

// The axis size n a gather reading `v` as its indices gathers from, or 0
// if some reader of `v` is not such a gather.
static int64_t gatherAxisSize(MlirOperation user, MlirValue v) {
  if (!mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(user)), mlirStringRefCreateFromCString("tc_tensor.gather")) ||
      mlirOperationGetNumOperands(user) != 2 || !mlirValueEqual(mlirOperationGetOperand(user, 1), v))
    return 0;
  MlirType data = mlirValueGetType(mlirOperationGetOperand(user, 0));
  MlirAttribute axis = mlirOperationGetAttributeByName(user, mlirStringRefCreateFromCString("axis"));
  if (!mlirTypeIsARankedTensor(data) || mlirAttributeIsNull(axis) || !mlirAttributeIsAInteger(axis))
    return 0;
  int64_t rank = mlirShapedTypeGetRank(data), a = mlirIntegerAttrGetValueInt(axis);
  a = a < 0 ? a + rank : a;
  if (a < 0 || a >= rank || mlirShapedTypeIsDynamicDim(data, a))
    return 0;
  return mlirShapedTypeGetDimSize(data, a);
}

// The file comment's index domain of argument `i` into buf, or NULL.
static const char *indexDomain(MlirOperation func, intptr_t i, char *buf, size_t size) {
  MlirValue v = mlirBlockGetArgument(entryBlock(func), i);
  MlirType element = mlirShapedTypeGetElementType(mlirValueGetType(v));
  if (!mlirTypeIsAInteger(element) || mlirIntegerTypeGetWidth(element) < 8 || mlirIntegerTypeIsUnsigned(element))
    return NULL;
  int64_t n = 0;
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    int64_t m = gatherAxisSize(mlirOpOperandGetOwner(use), v);
    if (m <= 0)
      return NULL;
    n = n == 0 || m < n ? m : n;
  }
  if (n == 0 || (mlirIntegerTypeGetWidth(element) == 8 && n > 128))
    return NULL;
  snprintf(buf, size, "integers(%lld, %lld)", (long long)-n, (long long)n);
  return buf;
}

bool tcRefDrawInputs(MlirOperation func, uint64_t seed, TcRefTensor *inputs, char *err, size_t errSize) {
  return tcRefDrawInputsOfKind(func, seed, TC_REF_DRAW_STANDARD, inputs, err, errSize);
}

// Creates argument `i`'s tensor at the given concrete shape, which must
// keep the argument's rank and dtype (its sizes are the caller's to choose:
// a size the type does not admit is drawn too, for the gate's rejected
// shapes).
static bool argumentAtShape(MlirOperation func, intptr_t i, const int64_t *dims, TcRefTensor *t) {
  MlirType type = mlirValueGetType(mlirBlockGetArgument(entryBlock(func), i));
  TcRefDtype dtype;
  if (!mlirTypeIsARankedTensor(type) || !tcRefDtypeFromType(mlirShapedTypeGetElementType(type), &dtype) ||
      mlirShapedTypeGetRank(type) > TC_REF_MAX_RANK)
    return false;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d)
    if (dims[d] < 0)
      return false;
  return tcRefTensorCreate(t, dtype, mlirShapedTypeGetRank(type), dims);
}

bool tcRefDrawInputsOfKind(MlirOperation func, uint64_t seed, TcRefDraw kind, TcRefTensor *inputs, char *err,
                           size_t errSize) {
  return tcRefDrawInputsAtShapes(func, seed, kind, NULL, inputs, err, errSize);
}

bool tcRefDrawInputsAtShapes(MlirOperation func, uint64_t seed, TcRefDraw kind, const int64_t *const *shapes,
                             TcRefTensor *inputs, char *err, size_t errSize) {
  intptr_t n = mlirBlockGetNumArguments(entryBlock(func));
  uint64_t state = tcRefDrawState(seed, kind);
  for (intptr_t i = 0; i < n; ++i) {
    char dist[256], why[512] = "";
    memset(&inputs[i], 0, sizeof inputs[i]);
    bool ok = shapes ? argumentAtShape(func, i, shapes[i], &inputs[i]) : tcRefArgumentTensor(func, i, &inputs[i]);
    const char *declared = ok ? tcRefArgumentDistribution(func, i, dist, sizeof dist) : NULL;
    if (ok && !declared)
      declared = indexDomain(func, i, dist, sizeof dist);
    if (!ok)
      snprintf(err, errSize, "argument #%ld is not a static tensor of a supported dtype", (long)i);
    else if (kind == TC_REF_DRAW_STANDARD || declared)
      ok = tcRefFillRandom(&inputs[i], declared, &state, why, sizeof why);
    else
      tcRefFillDraw(&inputs[i], kind, tcRefArgumentDomains(func, i), &state);
    if (!ok && why[0])
      snprintf(err, errSize, "argument #%ld: %s", (long)i, why);
    if (!ok) {
      for (intptr_t j = 0; j <= i; ++j)
        tcRefTensorDestroy(&inputs[j]);
      return false;
    }
  }
  return true;
}
