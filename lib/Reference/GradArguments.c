//===- GradArguments.c - the reference VJP's interface and inputs ----------===//
//
// The interface of a VJP follows from the function and the configuration
// alone (docs/autodiff.md §2), decided here from the program, not from
// whatever VJP function a compiler built:
//
//   arguments   every argument of f (the forward needs them all)
//   weights     with wrtConstants, f's float tc_tensor.constant ops of rank
//               >= 1, in program order (a rank-0 constant is a
//               hyper-parameter, not a weight)
//   cotangents  one per float result of f, in order
//   gradients   one per differentiated argument (the given indices, each a
//               float argument; by default every float argument), then one
//               per weight
//
// Inputs for a seed are drawn so that a finding can be replayed: the
// arguments exactly as tcRefDrawInputs draws them, the weights' own values,
// and the cotangents from a second SplitMix64 stream.
//
//===----------------------------------------------------------------------===//
#include "GradInternal.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirBlock entryBlock(MlirOperation func) { return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)); }

static bool isFloatTensor(MlirType t) {
  TcRefDtype d;
  return mlirTypeIsARankedTensor(t) && tcRefDtypeFromType(mlirShapedTypeGetElementType(t), &d) &&
         tcRefDtypeIsFloat(d);
}

static bool isNamed(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), mlirStringRefCreateFromCString(name));
}

static bool isWeight(MlirOperation op) {
  if (!isNamed(op, "tc_tensor.constant") || mlirOperationGetNumResults(op) != 1)
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  return isFloatTensor(t) && mlirShapedTypeGetRank(t) >= 1;
}

static bool chooseWrt(MlirOperation func, const TcRefVJPConfig *c, TcRefVJPLayout *l, char *err, size_t errSize) {
  MlirBlock body = entryBlock(func);
  for (intptr_t i = 0; i < l->numArgs; ++i)
    l->wrt[i] = !c->wrtGiven && isFloatTensor(mlirValueGetType(mlirBlockGetArgument(body, i)));
  for (intptr_t k = 0; c->wrtGiven && k < c->numWrt; ++k) {
    int64_t i = c->wrt[k];
    if (i < 0 || i >= l->numArgs) {
      snprintf(err, errSize, "wrt index %lld is out of range: the function takes %ld arguments", (long long)i,
               (long)l->numArgs);
      return false;
    }
    if (!isFloatTensor(mlirValueGetType(mlirBlockGetArgument(body, i)))) {
      snprintf(err, errSize, "wrt index %lld names an argument that is not a float tensor (it has no gradient)",
               (long long)i);
      return false;
    }
    l->wrt[i] = true;
  }
  return true;
}

static void chooseWeights(MlirOperation func, TcRefVJPLayout *l) {
  intptr_t cap = 8;
  l->weights = malloc((size_t)cap * sizeof *l->weights);
  for (MlirOperation op = mlirBlockGetFirstOperation(entryBlock(func)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isWeight(op))
      continue;
    if (l->numWeights == cap)
      l->weights = realloc(l->weights, (size_t)(cap *= 2) * sizeof *l->weights);
    l->weights[l->numWeights++] = op;
  }
}

bool tcRefVJPLayoutCreate(MlirOperation func, const TcRefVJPConfig *config, TcRefVJPLayout *l, char *err,
                          size_t errSize) {
  memset(l, 0, sizeof *l);
  MlirOperation ret = mlirBlockGetTerminator(entryBlock(func));
  l->numArgs = mlirBlockGetNumArguments(entryBlock(func));
  l->wrt = calloc((size_t)l->numArgs + 1, sizeof *l->wrt);
  intptr_t results = mlirOperationGetNumOperands(ret);
  l->cotangentOf = calloc((size_t)results + 1, sizeof *l->cotangentOf);
  for (intptr_t j = 0; j < results; ++j)
    if (isFloatTensor(mlirValueGetType(mlirOperationGetOperand(ret, j))))
      l->cotangentOf[l->numCotangents++] = j;
  if (!chooseWrt(func, config, l, err, errSize)) {
    tcRefVJPLayoutDestroy(l);
    return false;
  }
  if (config->wrtConstants)
    chooseWeights(func, l);
  for (intptr_t i = 0; i < l->numArgs; ++i)
    l->numGrads += l->wrt[i];
  l->numGrads += l->numWeights;
  return true;
}

void tcRefVJPLayoutDestroy(TcRefVJPLayout *l) {
  free(l->wrt);
  free(l->weights);
  free(l->cotangentOf);
  memset(l, 0, sizeof *l);
}

static bool tensorOfType(MlirType type, TcRefTensor *t) {
  TcRefDtype d;
  int64_t dims[TC_REF_MAX_RANK];
  if (!mlirTypeIsARankedTensor(type) || !tcRefDtypeFromType(mlirShapedTypeGetElementType(type), &d) ||
      mlirShapedTypeGetRank(type) > TC_REF_MAX_RANK)
    return false;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(type); ++i)
    dims[i] = mlirShapedTypeGetDimSize(type, i);
  return tcRefTensorCreate(t, d, mlirShapedTypeGetRank(type), dims);
}

bool tcRefVJPShapes(MlirOperation func, const TcRefVJPLayout *l, TcRefTensor *cotangents, TcRefTensor *grads) {
  MlirBlock body = entryBlock(func);
  MlirOperation ret = mlirBlockGetTerminator(body);
  bool ok = true;
  for (intptr_t j = 0; cotangents && j < l->numCotangents; ++j)
    ok &= tensorOfType(mlirValueGetType(mlirOperationGetOperand(ret, l->cotangentOf[j])), &cotangents[j]);
  intptr_t g = 0;
  for (intptr_t i = 0; grads && i < l->numArgs; ++i)
    if (l->wrt[i])
      ok &= tensorOfType(mlirValueGetType(mlirBlockGetArgument(body, i)), &grads[g++]);
  for (intptr_t k = 0; grads && k < l->numWeights; ++k)
    ok &= tensorOfType(mlirValueGetType(mlirOperationGetResult(l->weights[k], 0)), &grads[g++]);
  return ok;
}

// The value of weight constant `op`, by the evaluator's own constant rule.
static bool weightValue(MlirOperation op, TcRefTensor *out) {
  RefOp r = {.op = op, .numResults = 1};
  r.results = calloc(REF_MAX_RESULTS, sizeof *r.results);
  bool ok = r.results && tcRefEvalConstant(&r);
  if (ok)
    *out = r.results[0];
  else if (r.results)
    tcRefTensorDestroy(&r.results[0]);
  free(r.results);
  return ok;
}

// The tc.distribution of result j (res_attrs), copied into buf, or NULL.
static const char *resultDistribution(MlirOperation func, intptr_t j, char *buf, size_t size) {
  MlirAttribute res = mlirOperationGetInherentAttributeByName(func, mlirStringRefCreateFromCString("res_attrs"));
  if (mlirAttributeIsNull(res) || !mlirAttributeIsAArray(res) || j >= mlirArrayAttrGetNumElements(res))
    return NULL;
  MlirAttribute dict = mlirArrayAttrGetElement(res, j);
  MlirAttribute d = mlirAttributeIsADictionary(dict) ? mlirDictionaryAttrGetElementByName(
                                                           dict, mlirStringRefCreateFromCString("tc.distribution"))
                                                     : mlirAttributeGetNull();
  if (mlirAttributeIsNull(d) || !mlirAttributeIsAString(d))
    return NULL;
  MlirStringRef s = mlirStringAttrGetValue(d);
  snprintf(buf, size, "%.*s", (int)s.length, s.data);
  return buf;
}

static void destroyAll(TcRefTensor *t, intptr_t n) {
  for (intptr_t i = 0; i < n; ++i)
    tcRefTensorDestroy(&t[i]);
}

bool tcRefDrawVJPInputs(MlirOperation func, const TcRefVJPLayout *l, uint64_t seed, TcRefTensor *inputs,
                        TcRefTensor *cotangents, char *err, size_t errSize) {
  if (!tcRefDrawInputs(func, seed, inputs, err, errSize))
    return false;
  for (intptr_t k = 0; k < l->numWeights; ++k)
    if (!weightValue(l->weights[k], &inputs[l->numArgs + k])) {
      snprintf(err, errSize, "weight #%ld: its constant cannot be evaluated", (long)k);
      destroyAll(inputs, l->numArgs + k);
      return false;
    }
  memset(cotangents, 0, (size_t)l->numCotangents * sizeof *cotangents);
  bool ok = tcRefVJPShapes(func, l, cotangents, NULL);
  uint64_t state = seed ^ TC_REF_COTANGENT_STREAM;
  for (intptr_t j = 0; ok && j < l->numCotangents; ++j) {
    char dist[256], why[512];
    if (!(ok = tcRefFillRandom(&cotangents[j], resultDistribution(func, l->cotangentOf[j], dist, sizeof dist), &state,
                               why, sizeof why)))
      snprintf(err, errSize, "cotangent #%ld: %s", (long)j, why);
  }
  if (!ok) {
    destroyAll(inputs, l->numArgs + l->numWeights);
    destroyAll(cotangents, l->numCotangents);
  }
  return ok;
}
