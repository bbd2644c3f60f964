//===- GradSweep.c - building f_vjp: forward copy, reverse sweep -----------===//
//
// f_vjp starts with a copy of f's body (the forward values every rule
// reads), with the weights (constants turned into arguments) replaced by
// their block arguments. A value is *active* if it is a float tensor and
// depends on a differentiated argument through ops that have a rule; only
// active values get adjoints. Each returned float value receives its
// cotangent dy_j; then the copied ops are visited last to first, and every
// op with an adjoint on some result applies its rule, which adds one
// contribution per active operand (several uses of a value add up with
// tc_tensor.add). f_vjp returns the adjoint of each differentiated argument
// and weight, +0 where none reached it. Finally the forward ops nothing
// reads any more are erased (every tc_tensor op is pure).
//
// Each rule applied is a manifest decision `vjp-rule` naming the op and its
// formula; an op with an adjoint but no derivative (argmax, a comparison,
// ...) is one too, with the reason it contributes nothing.
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

#include "../Transforms/TransformsInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//===-- Value maps ------------------------------------------------------------------===//

static void gradMapInit(GradMap *m) {
  m->cap = 64;
  m->count = 0;
  m->keys = calloc(m->cap, sizeof *m->keys);
  m->values = calloc(m->cap, sizeof *m->values);
  if (!m->keys || !m->values)
    tcFatal("out of memory in tc-grad");
}

static void gradMapDestroy(GradMap *m) {
  free(m->keys);
  free(m->values);
  memset(m, 0, sizeof *m);
}

static size_t slotOf(const GradMap *m, const void *key) {
  size_t i = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15ull & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->cap - 1);
  return i;
}

// The value stored for `key`, or a null value.
static MlirValue gradMapGet(const GradMap *m, MlirValue key) {
  size_t i = slotOf(m, key.ptr);
  return m->keys[i] ? m->values[i] : (MlirValue){NULL};
}

static void gradMapSet(GradMap *m, MlirValue key, MlirValue value) {
  if (2 * (m->count + 1) > m->cap) {
    GradMap bigger = {calloc(2 * m->cap, sizeof *m->keys), calloc(2 * m->cap, sizeof *m->values), 2 * m->cap, 0};
    if (!bigger.keys || !bigger.values)
      tcFatal("out of memory in tc-grad");
    for (size_t i = 0; i < m->cap; ++i)
      if (m->keys[i])
        gradMapSet(&bigger, (MlirValue){m->keys[i]}, m->values[i]);
    gradMapDestroy(m);
    *m = bigger;
  }
  size_t i = slotOf(m, key.ptr);
  m->count += !m->keys[i];
  m->keys[i] = key.ptr;
  m->values[i] = value;
}

//===-- What rules see -----------------------------------------------------------===//

MlirValue tcGradOperand(GradCall *c, intptr_t i) { return mlirOperationGetOperand(c->op, i); }

MlirValue tcGradResult(GradCall *c, intptr_t i) { return mlirOperationGetResult(c->op, i); }

MlirValue tcGradDy(GradCall *c, intptr_t i) {
  if (mlirValueIsNull(c->dy[i]))
    c->dy[i] = tcGradZerosLike(c->b, tcGradResult(c, i));
  return c->dy[i];
}

bool tcGradWants(GradCall *c, intptr_t i) { return !mlirValueIsNull(gradMapGet(&c->fn->active, tcGradOperand(c, i))); }

void tcGradStep(GradCall *c, const char *step) {
  snprintf(c->b->rule, sizeof c->b->rule, "%s%s%s", c->kind, step[0] ? "." : "", step);
}

static void accumulate(GradFn *fn, MlirValue v, MlirValue contribution) {
  if (!mlirTypeEqual(mlirValueGetType(v), mlirValueGetType(contribution)))
    tcFatal("tc-grad: a rule built an adjoint of another type than its operand (%s)", fn->b.rule);
  MlirValue old = gradMapGet(&fn->adjoint, v);
  gradMapSet(&fn->adjoint, v,
             mlirValueIsNull(old) ? contribution : tcGradBinary(&fn->b, "tc_tensor.add", old, contribution));
}

void tcGradGive(GradCall *c, intptr_t i, MlirValue contribution) {
  if (!tcGradWants(c, i))
    return;
  char step[96];
  snprintf(step, sizeof step, "%s", c->b->rule);
  snprintf(c->b->rule, sizeof c->b->rule, "%s.accumulate", c->kind);
  accumulate(c->fn, tcGradOperand(c, i), contribution);
  snprintf(c->b->rule, sizeof c->b->rule, "%s", step);
}

//===-- The VJP function ------------------------------------------------------------===//

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirBlock bodyOf(MlirOperation func) { return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)); }

static bool isNamed(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), str(name));
}

// The float results of f, in order: the cotangents f_vjp takes.
static intptr_t floatResults(MlirOperation ret, MlirValue *out) {
  intptr_t n = 0;
  for (intptr_t j = 0; j < mlirOperationGetNumOperands(ret); ++j)
    if (tcGradIsFloat(mlirOperationGetOperand(ret, j)))
      out[n++] = mlirOperationGetOperand(ret, j);
  return n;
}

// arg_attrs of f_vjp: f's for x, empty dictionaries for weights and dy;
// null if f has none (the parser drops an all-empty list, and a module
// re-read must hash as it was written).
static MlirAttribute argAttrs(const GradPlan *plan, intptr_t total) {
  MlirContext ctx = mlirOperationGetContext(plan->forward);
  MlirAttribute fwd = mlirOperationGetInherentAttributeByName(plan->forward, str("arg_attrs"));
  if (mlirAttributeIsNull(fwd))
    return fwd;
  MlirAttribute *attrs = malloc((size_t)total * sizeof *attrs);
  for (intptr_t i = 0; i < total; ++i)
    attrs[i] = i < plan->numArgs && !mlirAttributeIsNull(fwd) ? mlirArrayAttrGetElement(fwd, i)
                                                              : mlirDictionaryAttrGet(ctx, 0, NULL);
  MlirAttribute a = mlirArrayAttrGet(ctx, total, attrs);
  free(attrs);
  return a;
}

typedef struct Signature {
  MlirType *in, *out;
  MlirLocation *locs;
  intptr_t numIn, numOut;
  MlirValue cotangents[GRAD_MAX_RESULTS];
  intptr_t numCotangents;
} Signature;

static void signatureOf(const GradPlan *plan, Signature *s) {
  MlirBlock body = bodyOf(plan->forward);
  MlirLocation loc = mlirOperationGetLocation(plan->forward);
  s->numCotangents = floatResults(mlirBlockGetTerminator(body), s->cotangents);
  intptr_t cap = plan->numArgs + plan->numWeights + s->numCotangents + 1;
  s->in = malloc((size_t)cap * sizeof *s->in);
  s->out = malloc((size_t)cap * sizeof *s->out);
  s->locs = malloc((size_t)cap * sizeof *s->locs);
  s->numIn = s->numOut = 0;
  for (intptr_t i = 0; i < plan->numArgs; ++i) {
    MlirValue arg = mlirBlockGetArgument(body, i);
    s->locs[s->numIn] = mlirValueGetLocation(arg);
    s->in[s->numIn++] = mlirValueGetType(arg);
    if (plan->wrt[i])
      s->out[s->numOut++] = mlirValueGetType(arg);
  }
  for (intptr_t k = 0; k < plan->numWeights; ++k) {
    s->locs[s->numIn] = mlirOperationGetLocation(plan->weights[k]);
    s->in[s->numIn++] = mlirValueGetType(mlirOperationGetResult(plan->weights[k], 0));
    s->out[s->numOut++] = mlirValueGetType(mlirOperationGetResult(plan->weights[k], 0));
  }
  for (intptr_t j = 0; j < s->numCotangents; ++j) {
    s->locs[s->numIn] = loc;
    s->in[s->numIn++] = mlirValueGetType(s->cotangents[j]);
  }
}

static void signatureDestroy(Signature *s) {
  free(s->in);
  free(s->out);
  free(s->locs);
}

// An empty f_vjp with its signature, inserted after f.
static MlirOperation createFunction(const GradPlan *plan, const Signature *s) {
  MlirContext ctx = mlirOperationGetContext(plan->forward);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, mlirBlockCreate(s->numIn, s->in, s->locs));
  MlirAttribute args = argAttrs(plan, s->numIn);
  MlirNamedAttribute attrs[3] = {
      tcGradNamed(ctx, "sym_name", mlirStringAttrGet(ctx, str(plan->name))),
      tcGradNamed(ctx, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, s->numIn, s->in, s->numOut, s->out))),
      tcGradNamed(ctx, "arg_attrs", args)};
  MlirOperationState state = mlirOperationStateGet(str("func.func"), mlirOperationGetLocation(plan->forward));
  mlirOperationStateAddAttributes(&state, mlirAttributeIsNull(args) ? 2 : 3, attrs);
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation vjp = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(plan->forward), plan->forward, vjp);
  return vjp;
}

static bool isWeight(const GradPlan *plan, MlirOperation op, intptr_t *k) {
  for (*k = 0; *k < plan->numWeights; ++*k)
    if (mlirOperationEqual(plan->weights[*k], op))
      return true;
  return false;
}

static bool anyOperandActive(GradFn *fn, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (!mlirValueIsNull(gradMapGet(&fn->active, mlirOperationGetOperand(op, i))))
      return true;
  return false;
}

// Copies f's ops (not its return) into f_vjp; returns the copies in order.
static MlirOperation *copyForward(const GradPlan *plan, GradFn *fn, MlirBlock vjpBody, intptr_t *count) {
  MlirBlock body = bodyOf(plan->forward);
  intptr_t cap = 16, n = 0;
  MlirOperation *ops = malloc((size_t)cap * sizeof *ops);
  for (intptr_t i = 0; i < plan->numArgs; ++i) {
    MlirValue arg = mlirBlockGetArgument(vjpBody, i);
    gradMapSet(&fn->clones, mlirBlockGetArgument(body, i), arg);
    if (plan->wrt[i])
      gradMapSet(&fn->active, arg, arg);
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op) && !isNamed(op, "func.return");
       op = mlirOperationGetNextInBlock(op)) {
    intptr_t k;
    if (isWeight(plan, op, &k)) {
      MlirValue arg = mlirBlockGetArgument(vjpBody, plan->numArgs + k);
      gradMapSet(&fn->clones, mlirOperationGetResult(op, 0), arg);
      gradMapSet(&fn->active, arg, arg);
      continue;
    }
    MlirOperation copy = mlirOperationClone(op);
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(copy); ++i)
      mlirOperationSetOperand(copy, i, gradMapGet(&fn->clones, mlirOperationGetOperand(op, i)));
    mlirBlockAppendOwnedOperation(vjpBody, copy);
    const GradRule *rule = tcGradFindRule(mlirIdentifierStr(mlirOperationGetName(copy)));
    bool active = rule && rule->fn && anyOperandActive(fn, copy);
    for (intptr_t r = 0; r < mlirOperationGetNumResults(copy); ++r) {
      gradMapSet(&fn->clones, mlirOperationGetResult(op, r), mlirOperationGetResult(copy, r));
      if (active && tcGradIsFloat(mlirOperationGetResult(copy, r)))
        gradMapSet(&fn->active, mlirOperationGetResult(copy, r), mlirOperationGetResult(copy, r));
    }
    if (n == cap)
      ops = realloc(ops, (size_t)(cap *= 2) * sizeof *ops);
    ops[n++] = copy;
  }
  *count = n;
  return ops;
}

static void recordRule(MlirOperation op, const GradRule *rule) {
  char subject[512], detail[1024];
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  snprintf(detail, sizeof detail, "%.*s: %s", (int)name.length, name.data,
           rule ? rule->formula : "no rule: the op is unknown to tc-grad");
  TcDecision d = {"vjp-rule", tcDecisionSubject(op, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(op), &d);
}

// Applies the rule of `op` if some result has an adjoint.
static bool sweepOp(GradFn *fn, MlirOperation op) {
  GradCall c = {fn, &fn->b, op, NULL, {{NULL}}};
  bool any = false;
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op) && r < GRAD_MAX_RESULTS; ++r) {
    c.dy[r] = gradMapGet(&fn->adjoint, mlirOperationGetResult(op, r));
    any |= !mlirValueIsNull(c.dy[r]);
  }
  if (!any || !anyOperandActive(fn, op))
    return true;
  const GradRule *rule = tcGradFindRule(mlirIdentifierStr(mlirOperationGetName(op)));
  recordRule(op, rule);
  if (!rule || !rule->fn) {
    fn->opsWithout++;
    return true;
  }
  c.kind = rule->kind;
  fn->b.loc = mlirOperationGetLocation(op);
  tcGradStep(&c, "");
  fn->rulesApplied++;
  return rule->fn(&c);
}

// Seeds the cotangents, sweeps, and returns the adjoints.
static bool sweep(const GradPlan *plan, GradFn *fn, MlirBlock vjpBody, MlirOperation *ops, intptr_t n,
                  const Signature *s) {
  fn->b.loc = mlirOperationGetLocation(plan->forward);
  snprintf(fn->b.rule, sizeof fn->b.rule, "cotangent");
  for (intptr_t j = 0; j < s->numCotangents; ++j)
    accumulate(fn, gradMapGet(&fn->clones, s->cotangents[j]),
               mlirBlockGetArgument(vjpBody, plan->numArgs + plan->numWeights + j));
  for (intptr_t i = n - 1; i >= 0; --i)
    if (!sweepOp(fn, ops[i]))
      return false;
  fn->b.loc = mlirOperationGetLocation(plan->forward);
  snprintf(fn->b.rule, sizeof fn->b.rule, "no-adjoint");
  MlirValue *grads = malloc((size_t)(s->numOut + 1) * sizeof *grads);
  intptr_t g = 0;
  for (intptr_t i = 0; i < plan->numArgs + plan->numWeights; ++i) {
    if (i < plan->numArgs && !plan->wrt[i])
      continue;
    MlirValue arg = mlirBlockGetArgument(vjpBody, i), adj = gradMapGet(&fn->adjoint, arg);
    grads[g++] = mlirValueIsNull(adj) ? tcGradZerosLike(&fn->b, arg) : adj;
  }
  MlirOperationState ret = mlirOperationStateGet(str("func.return"), mlirOperationGetLocation(plan->forward));
  mlirOperationStateAddOperands(&ret, g, grads);
  mlirBlockAppendOwnedOperation(vjpBody, mlirOperationCreate(&ret));
  free(grads);
  return true;
}

static bool unused(MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, r))))
      return false;
  return true;
}

// Erases ops nothing reads (last to first, so chains go at once).
static int eraseDead(MlirBlock body) {
  intptr_t n = 0, cap = 64;
  MlirOperation *ops = malloc((size_t)cap * sizeof *ops);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (n == cap)
      ops = realloc(ops, (size_t)(cap *= 2) * sizeof *ops);
    ops[n++] = op;
  }
  int erased = 0;
  for (intptr_t i = n - 2; i >= 0; --i) // ops[n - 1] is the return
    if (unused(ops[i])) {
      mlirOperationDestroy(ops[i]);
      ++erased;
    }
  free(ops);
  return erased;
}

MlirOperation tcGradBuildVJP(const GradPlan *plan, int *rulesApplied, int *opsErased) {
  Signature s;
  signatureOf(plan, &s);
  MlirOperation vjp = createFunction(plan, &s);
  MlirBlock body = bodyOf(vjp);
  GradFn fn = {.b = {mlirOperationGetContext(vjp), body, {NULL}, mlirOperationGetLocation(vjp), ""}};
  gradMapInit(&fn.clones);
  gradMapInit(&fn.adjoint);
  gradMapInit(&fn.active);
  intptr_t n;
  MlirOperation *ops = copyForward(plan, &fn, body, &n);
  bool ok = sweep(plan, &fn, body, ops, n, &s);
  *rulesApplied = fn.rulesApplied;
  *opsErased = ok ? eraseDead(body) : 0;
  free(ops);
  gradMapDestroy(&fn.clones);
  gradMapDestroy(&fn.adjoint);
  gradMapDestroy(&fn.active);
  signatureDestroy(&s);
  if (!ok) {
    mlirOperationDestroy(vjp);
    return (MlirOperation){NULL};
  }
  return vjp;
}
