//===- GradPass.c - the tc-grad pass ----------------------------------------===//
//
// Requires: a verified, stamped tc_tensor module (tc.semantic_hash: the
// VJPs' identities derive from it). Guarantees: for every function it
// differentiates (GradOptions.c), a public `f_vjp` right after `f`
// (GradSweep.c builds it), carrying
//
//   tc.vjp = {of = "f", forward = "<the module's stamp>", wrt = array<i64: ..>,
//             weights = k, rules = TC_GRAD_RULES_VERSION}
//   tc.semantic_hash = XXH3-128 of "tensorc-vjp/1\n" followed by those five
//             fields, one `key=value` line each (docs/autodiff.md §5)
//
// so the VJP's identity is a function of the forward program's identity,
// which function, which arguments and weights, and the version of the
// rules: never of the IR tc-grad happened to build. The module's own stamp
// is untouched (the driver checks that), and f itself is unchanged.
//
// Records: one decision `vjp` per function (what was built, from what, its
// identity), one `vjp-rule` per op whose adjoint was derived (GradSweep.c),
// and `vjp-skip` for a function with nothing to differentiate.
//
// Options are per pass instance (userData), never process-wide.
//
// Anchored on builtin.module: it adds a new function f_vjp (and its helpers)
// to the module for every function.
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

#include "../Transforms/TransformsInternal.h"
#include "tensorc/Autodiff.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"
#include "tensorc/SemanticHash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirBlock bodyOf(MlirOperation func) { return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)); }

static MlirStringRef symbolName(MlirOperation func) {
  return mlirStringAttrGetValue(mlirOperationGetInherentAttributeByName(func, str("sym_name")));
}

static bool isDefinedFunction(MlirOperation op) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), str("func.func")) &&
         !mlirBlockIsNull(bodyOf(op));
}

static bool isPublic(MlirOperation func) {
  MlirAttribute vis = mlirOperationGetInherentAttributeByName(func, str("sym_visibility"));
  return mlirAttributeIsNull(vis) || mlirStringRefEqual(mlirStringAttrGetValue(vis), str("public"));
}

static bool isVJP(MlirOperation func) {
  return !mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(func, str(GRAD_VJP_ATTR)));
}

static bool named(const GradOptions *o, MlirStringRef name) {
  if (o->numFunctions == 0)
    return true;
  for (int i = 0; i < o->numFunctions; ++i)
    if (mlirStringRefEqual(name, str(o->functions[i])))
      return true;
  return false;
}

//===-- What to differentiate -------------------------------------------------------===//

// The wrt mask: the given indices (each a float argument), else every float one.
static bool chooseArguments(MlirOperation func, const GradOptions *o, bool *wrt) {
  MlirBlock body = bodyOf(func);
  intptr_t n = mlirBlockGetNumArguments(body);
  for (intptr_t i = 0; i < n; ++i)
    wrt[i] = !o->wrtGiven && tcGradIsFloat(mlirBlockGetArgument(body, i));
  for (int k = 0; k < o->numWrt; ++k) {
    int64_t i = o->wrt[k];
    MlirStringRef fn = symbolName(func);
    if (i >= n) {
      tcEmitError(mlirOperationGetLocation(func), "tc-grad: wrt index %lld is out of range: @%.*s takes %ld arguments",
                  (long long)i, (int)fn.length, fn.data, (long)n);
      return false;
    }
    if (!tcGradIsFloat(mlirBlockGetArgument(body, i))) {
      tcEmitError(mlirOperationGetLocation(func),
                  "tc-grad: wrt index %lld names an argument of @%.*s that is not a float tensor (it has no gradient)",
                  (long long)i, (int)fn.length, fn.data);
      return false;
    }
    wrt[i] = true;
  }
  return true;
}

static bool isWeight(MlirOperation op) {
  if (!mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), str("tc_tensor.constant")))
    return false;
  MlirValue v = mlirOperationGetResult(op, 0);
  return tcGradIsFloat(v) && tcGradShapeOf(v).rank >= 1;
}

// f's weights, in order (wrt-constants).
static intptr_t chooseWeights(MlirOperation func, MlirOperation **out) {
  intptr_t n = 0, cap = 8;
  *out = malloc((size_t)cap * sizeof **out);
  for (MlirOperation op = mlirBlockGetFirstOperation(bodyOf(func)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isWeight(op))
      continue;
    if (n == cap)
      *out = realloc(*out, (size_t)(cap *= 2) * sizeof **out);
    (*out)[n++] = op;
  }
  return n;
}

//===-- Identity ------------------------------------------------------------------------===//

static void wrtText(const GradPlan *plan, char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (intptr_t i = 0; i < plan->numArgs && used < size; ++i)
    if (plan->wrt[i])
      used += (size_t)snprintf(buf + used, size - used, "%s%ld", used ? "," : "", (long)i);
}

// Sets tc.vjp and tc.semantic_hash on f_vjp; writes the identity to `id`.
static void stampVJP(MlirOperation vjp, const GradPlan *plan, MlirAttribute stamp, char *id) {
  MlirContext ctx = mlirOperationGetContext(vjp);
  MlirStringRef fwd = mlirStringAttrGetValue(stamp), of = symbolName(plan->forward);
  char wrt[1024], text[2048];
  wrtText(plan, wrt, sizeof wrt);
  int n = snprintf(text, sizeof text, "tensorc-vjp/1\nforward=%.*s\nof=%.*s\nwrt=%s\nweights=%ld\nrules=%d\n",
                   (int)fwd.length, fwd.data, (int)of.length, of.data, wrt, (long)plan->numWeights,
                   TC_GRAD_RULES_VERSION);
  tcFormatHash(tcHashBytes(text, (size_t)n), id);
  int64_t indices[GRAD_MAX_OPTION_LIST * 4];
  intptr_t k = 0;
  for (intptr_t i = 0; i < plan->numArgs && k < (intptr_t)(sizeof indices / sizeof indices[0]); ++i)
    if (plan->wrt[i])
      indices[k++] = i;
  MlirNamedAttribute fields[5] = {tcGradNamed(ctx, "of", mlirStringAttrGet(ctx, of)),
                                  tcGradNamed(ctx, "forward", stamp),
                                  tcGradNamed(ctx, "wrt", tcGradI64ArrayAttr(ctx, k, indices)),
                                  tcGradNamed(ctx, "weights", tcGradI64Attr(ctx, plan->numWeights)),
                                  tcGradNamed(ctx, "rules", tcGradI64Attr(ctx, TC_GRAD_RULES_VERSION))};
  mlirOperationSetDiscardableAttributeByName(vjp, str(GRAD_VJP_ATTR), mlirDictionaryAttrGet(ctx, 5, fields));
  mlirOperationSetDiscardableAttributeByName(vjp, str(TC_SEMANTIC_HASH_ATTR), mlirStringAttrGet(ctx, str(id)));
}

static void record(MlirOperation func, const char *what, const char *detail) {
  char subject[512];
  TcDecision d = {what, tcDecisionSubject(func, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(func), &d);
}

//===-- One function ------------------------------------------------------------------===//

static bool differentiate(MlirOperation func, const GradOptions *o, MlirSymbolTable symbols, MlirAttribute stamp) {
  MlirStringRef name = symbolName(func);
  char vjpName[256], wrt[1024], detail[2048], id[TC_HASH_TEXT_SIZE];
  snprintf(vjpName, sizeof vjpName, "%.*s%s", (int)name.length, name.data, TC_GRAD_SUFFIX);
  intptr_t numArgs = mlirBlockGetNumArguments(bodyOf(func));
  GradPlan plan = {func, vjpName, calloc((size_t)numArgs + 1, sizeof(bool)), numArgs, NULL, 0};
  bool ok = chooseArguments(func, o, plan.wrt);
  plan.numWeights = ok && o->wrtConstants ? chooseWeights(func, &plan.weights) : 0;
  bool any = plan.numWeights > 0;
  for (intptr_t i = 0; i < numArgs; ++i)
    any |= plan.wrt[i];
  if (ok && !any) {
    record(func, "vjp-skip", "not differentiated: no float argument or weight to differentiate");
  } else if (ok && (mlirAttributeIsNull(stamp) || !mlirAttributeIsAString(stamp))) {
    tcEmitError(mlirOperationGetLocation(func),
                "tc-grad needs a stamped program (tc.semantic_hash; run tc-stamp first): the identity of the VJP of "
                "@%.*s derives from its forward program's",
                (int)name.length, name.data);
    ok = false;
  } else if (ok && !mlirOperationIsNull(mlirSymbolTableLookup(symbols, str(vjpName)))) {
    tcEmitError(mlirOperationGetLocation(func), "tc-grad: cannot name the VJP of @%.*s '%s': the name is taken",
                (int)name.length, name.data, vjpName);
    ok = false;
  } else if (ok) {
    int applied = 0, erased = 0;
    MlirOperation vjp = tcGradBuildVJP(&plan, &applied, &erased);
    ok = !mlirOperationIsNull(vjp);
    if (ok) {
      stampVJP(vjp, &plan, stamp, id);
      wrtText(&plan, wrt, sizeof wrt);
      snprintf(detail, sizeof detail,
               "built @%s: wrt arguments [%s], %ld weights as arguments, %d rules applied, %d forward ops not "
               "needed erased; identity %s from forward %.*s (rules %d)",
               vjpName, wrt, (long)plan.numWeights, applied, erased, id, (int)mlirStringAttrGetValue(stamp).length,
               mlirStringAttrGetValue(stamp).data, TC_GRAD_RULES_VERSION);
      record(func, "vjp", detail);
    }
  }
  free(plan.wrt);
  free(plan.weights);
  return ok;
}

// Every function `fn=` names must be a public function of the module.
static bool namesExist(MlirOperation module, const GradOptions *o) {
  bool ok = true;
  for (int i = 0; i < o->numFunctions; ++i) {
    bool found = false;
    for (MlirOperation op = mlirBlockGetFirstOperation(bodyOf(module)); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op))
      found |= isDefinedFunction(op) && isPublic(op) && mlirStringRefEqual(symbolName(op), str(o->functions[i]));
    if (!found)
      tcEmitError(mlirOperationGetLocation(module), "tc-grad: no public function named '%s' to differentiate",
                  o->functions[i]);
    ok &= found;
  }
  return ok;
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  const GradOptions *o = userData;
  MlirAttribute stamp = mlirOperationGetDiscardableAttributeByName(module, str(TC_SEMANTIC_HASH_ATTR));
  if (!namesExist(module, o)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  // Collect first: differentiating inserts functions.
  intptr_t n = 0, cap = 8;
  MlirOperation *funcs = malloc((size_t)cap * sizeof *funcs);
  for (MlirOperation op = mlirBlockGetFirstOperation(bodyOf(module)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isDefinedFunction(op) || !isPublic(op) || isVJP(op) || !named(o, symbolName(op)))
      continue;
    if (n == cap)
      funcs = realloc(funcs, (size_t)(cap *= 2) * sizeof *funcs);
    funcs[n++] = op;
  }
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  bool ok = true;
  for (intptr_t i = 0; i < n; ++i)
    ok &= differentiate(funcs[i], o, symbols, stamp);
  mlirSymbolTableDestroy(symbols);
  free(funcs);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

//===-- The pass object -------------------------------------------------------------------===//

static void construct(void *userData) { (void)userData; }
static void destruct(void *userData) { free(userData); }

static void *clonePass(void *userData) {
  GradOptions *copy = malloc(sizeof *copy);
  memcpy(copy, userData, sizeof *copy);
  return copy;
}

static MlirPass create(GradOptions *o) {
  static _Alignas(8) const char passId = 0;
  MlirExternalPassCallbacks callbacks = {construct, destruct, NULL, clonePass, run};
  return mlirCreateExternalPass(mlirTypeIDCreate(&passId), str("TcGrad"), str("tc-grad"),
                                str("Build the vector-Jacobian product of every function (f_vjp)"),
                                str("builtin.module"), 0, NULL, callbacks, o);
}

MlirPass tcCreateGradPass(void) { return create(calloc(1, sizeof(GradOptions))); }

MlirPass tcCreateGradPassWithOptions(const char *options, char *err, size_t errSize) {
  GradOptions *o = malloc(sizeof *o);
  if (!tcGradParseOptions(options, o, err, errSize)) {
    free(o);
    return (MlirPass){NULL};
  }
  return create(o);
}
