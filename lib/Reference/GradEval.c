//===- GradEval.c - the reference VJP: forward values, reverse sweep -------===//
//
// docs/autodiff.md §3. The function is cloned, with the weights (if any)
// turned into trailing block arguments so the caller's weight values feed
// the forward; tcRefEvaluate runs the clone and hands every value it
// computes to a callback that keeps a copy. Then:
//
// - a value is active if it is a float tensor and depends, through ops with
//   a derivative, on a differentiated argument or a weight;
// - each cotangent is added to the adjoint of the result it belongs to;
// - the ops are visited last to first; an op with an adjoint on some result
//   and an active operand applies its rule (the table below), which adds
//   into the adjoint of each active operand (binary128 arrays);
// - each gradient is the adjoint of its argument, rounded once to the
//   argument's dtype (+0 where nothing reached it).
//
// The table lists every tc_tensor op: its rule, or none with the reason.
//
//===----------------------------------------------------------------------===//
#include "GradInternal.h"

#include <stdlib.h>
#include <string.h>

typedef struct GradRule {
  const char *name;
  RefGradFn fn; ///< NULL: no derivative (the reason is in the comment)
} GradRule;

static const GradRule kGradRules[] = {
    {"abs", tcRefGradUnary}, {"add", tcRefGradBinary}, {"and", NULL /* bool and integer only */},
    {"argmax", NULL /* an integer result */}, {"argmin", NULL /* an integer result */},
    {"avg_pool2d", tcRefGradAvgPool2d}, {"batch_norm", tcRefGradBatchNorm}, {"broadcast_to", tcRefGradBroadcastTo},
    {"cast", tcRefGradCast}, {"ceil", NULL /* piecewise constant */}, {"clip", tcRefGradClip},
    {"concat", tcRefGradConcat}, {"constant", NULL /* no operands; weights are arguments */},
    {"conv2d", tcRefGradConv2d}, {"cos", tcRefGradUnary}, {"div", tcRefGradBinary}, {"eq", NULL /* a bool result */},
    {"erf", tcRefGradUnary}, {"exp", tcRefGradUnary}, {"floor", NULL /* piecewise constant */},
    {"fmod", tcRefGradBinary}, {"gather", tcRefGradGather}, {"ge", NULL /* a bool result */}, {"gelu", tcRefGradUnary},
    {"gemm", tcRefGradGemm}, {"global_avg_pool", tcRefGradGlobalPool}, {"global_max_pool", tcRefGradGlobalPool},
    {"gt", NULL /* a bool result */}, {"identity", tcRefGradUnary}, {"layer_norm", tcRefGradLayerNorm},
    {"le", NULL /* a bool result */}, {"log", tcRefGradUnary}, {"log_softmax", tcRefGradSoftmax},
    {"lt", NULL /* a bool result */}, {"matmul", tcRefGradMatmul}, {"max", tcRefGradBinary},
    {"max_pool2d", tcRefGradMaxPool2d}, {"min", tcRefGradBinary}, {"mod", tcRefGradBinary}, {"mul", tcRefGradBinary},
    {"ne", NULL /* a bool result */}, {"neg", tcRefGradUnary}, {"not", NULL /* bool and integer only */},
    {"or", NULL /* bool and integer only */}, {"pad", tcRefGradPad}, {"pow", tcRefGradBinary},
    {"reciprocal", tcRefGradUnary}, {"reduce_max", tcRefGradReduce}, {"reduce_mean", tcRefGradReduce},
    {"reduce_min", tcRefGradReduce}, {"reduce_prod", tcRefGradReduce}, {"reduce_sum", tcRefGradReduce},
    {"relu", tcRefGradUnary}, {"reshape", tcRefGradReshape}, {"round", NULL /* piecewise constant */},
    {"rsqrt", tcRefGradUnary}, {"sigmoid", tcRefGradUnary}, {"sign", NULL /* piecewise constant */},
    {"sin", tcRefGradUnary}, {"slice", tcRefGradSlice}, {"softmax", tcRefGradSoftmax}, {"split", tcRefGradSplit},
    {"sqrt", tcRefGradUnary}, {"sub", tcRefGradBinary}, {"tanh", tcRefGradUnary}, {"transpose", tcRefGradTranspose},
    {"where", tcRefGradWhere}, {"xor", NULL /* bool and integer only */},
};

static const GradRule *findGradRule(MlirStringRef name) {
  static const char prefix[] = "tc_tensor.";
  size_t n = sizeof prefix - 1;
  if (name.length <= n || memcmp(name.data, prefix, n) != 0)
    return NULL;
  for (size_t i = 0; i < sizeof kGradRules / sizeof kGradRules[0]; ++i)
    if (strlen(kGradRules[i].name) == name.length - n && memcmp(kGradRules[i].name, name.data + n, name.length - n) == 0)
      return &kGradRules[i];
  return NULL;
}

bool tcRefGradKnowsOp(MlirStringRef opName, bool *differentiable) {
  const GradRule *rule = findGradRule(opName);
  if (differentiable)
    *differentiable = rule && rule->fn;
  return rule != NULL;
}

//===-- Values and adjoints --------------------------------------------------------===//

typedef struct Slot {
  const void *key; ///< MlirValue.ptr
  TcRefTensor value;
  Quad *adjoint; ///< NULL until something is added
  bool active;
} Slot;

typedef struct Table {
  Slot *slots;
  size_t cap, count;
} Table;

static Slot *find(Table *t, const void *key) {
  size_t i = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15ull & (t->cap - 1);
  while (t->slots[i].key && t->slots[i].key != key)
    i = (i + 1) & (t->cap - 1);
  return &t->slots[i];
}

// The slot of `v`, created (empty) if it has none.
static Slot *slotOf(Table *t, MlirValue v) {
  if (2 * (t->count + 1) > t->cap) {
    Table bigger = {calloc(2 * t->cap, sizeof(Slot)), 2 * t->cap, t->count};
    if (!bigger.slots)
      tcFatal("out of memory in the reference VJP");
    for (size_t i = 0; i < t->cap; ++i)
      if (t->slots[i].key)
        *find(&bigger, t->slots[i].key) = t->slots[i];
    free(t->slots);
    *t = bigger;
  }
  Slot *s = find(t, v.ptr);
  if (!s->key) {
    s->key = v.ptr;
    t->count++;
  }
  return s;
}

static Quad *adjointOf(Slot *s) {
  if (!s->adjoint && !(s->adjoint = calloc((size_t)(s->value.numel ? s->value.numel : 1), sizeof(Quad))))
    tcFatal("out of memory in the reference VJP");
  return s->adjoint;
}

static void tableDestroy(Table *t) {
  for (size_t i = 0; i < t->cap; ++i)
    if (t->slots[i].key) {
      tcRefTensorDestroy(&t->slots[i].value);
      free(t->slots[i].adjoint);
    }
  free(t->slots);
}

static bool copyInto(const TcRefTensor *from, TcRefTensor *to) {
  if (!tcRefTensorCreate(to, from->dtype, from->rank, from->dims))
    return false;
  memcpy(to->data, from->data, (size_t)from->numel * sizeof *from->data);
  return true;
}

static void keepValue(MlirOperation op, intptr_t index, intptr_t result, const TcRefTensor *value, void *userData) {
  Slot *s = slotOf(userData, mlirOperationGetResult(op, result));
  tcRefTensorDestroy(&s->value);
  if (!copyInto(value, &s->value))
    tcFatal("out of memory in the reference VJP");
}

//===-- The sweep ----------------------------------------------------------------------===//

static MlirBlock entryBlock(MlirOperation func) { return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)); }

// A copy of f whose weights are trailing block arguments.
static MlirOperation cloneWithWeights(MlirOperation func, const TcRefVJPLayout *l) {
  MlirOperation clone = mlirOperationClone(func);
  MlirBlock body = entryBlock(clone);
  MlirOperation c = mlirBlockGetFirstOperation(body);
  intptr_t k = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(entryBlock(func)); !mlirOperationIsNull(op) && k < l->numWeights;
       op = mlirOperationGetNextInBlock(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(c);
    if (mlirOperationEqual(op, l->weights[k])) {
      MlirValue result = mlirOperationGetResult(c, 0);
      MlirValue arg = mlirBlockAddArgument(body, mlirValueGetType(result), mlirOperationGetLocation(c));
      mlirValueReplaceAllUsesOfWith(result, arg);
      mlirOperationDestroy(c);
      ++k;
    }
    c = next;
  }
  return clone;
}

static bool anyActive(Table *t, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (slotOf(t, mlirOperationGetOperand(op, i))->active)
      return true;
  return false;
}

static void markActive(Table *t, MlirBlock body, const TcRefVJPLayout *l) {
  for (intptr_t i = 0; i < l->numArgs + l->numWeights; ++i)
    slotOf(t, mlirBlockGetArgument(body, i))->active = i >= l->numArgs || l->wrt[i];
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    const GradRule *rule = findGradRule(mlirIdentifierStr(mlirOperationGetName(op)));
    bool active = rule && rule->fn && anyActive(t, op);
    for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r) {
      Slot *s = slotOf(t, mlirOperationGetResult(op, r));
      s->active = active && tcRefDtypeIsFloat(s->value.dtype);
    }
  }
}

// Applies op's rule if some result has an adjoint and some operand is active.
static bool sweepOp(Table *t, MlirOperation op, TcRefFailure *why) {
  RefGrad g = {.r = {.op = op, .numOperands = mlirOperationGetNumOperands(op)},
               .numResults = mlirOperationGetNumResults(op)};
  bool any = false;
  for (intptr_t r = 0; r < g.numResults && r < REF_MAX_RESULTS; ++r) {
    Slot *s = slotOf(t, mlirOperationGetResult(op, r));
    g.results[r] = &s->value;
    g.dy[r] = s->adjoint;
    any |= s->adjoint != NULL;
  }
  const GradRule *rule = findGradRule(mlirIdentifierStr(mlirOperationGetName(op)));
  if (!any || !anyActive(t, op) || (rule && !rule->fn))
    return true;
  if (!rule || g.r.numOperands > REF_MAX_OPERANDS || g.numResults > REF_MAX_RESULTS) {
    *why = TC_REF_UNSUPPORTED;
    return tcRefUnsupported(&g.r, "has no derivative in the reference evaluator");
  }
  for (intptr_t i = 0; i < g.r.numOperands; ++i) {
    Slot *s = slotOf(t, mlirOperationGetOperand(op, i));
    g.r.operands[i] = &s->value;
    g.dx[i] = s->active ? adjointOf(s) : NULL;
  }
  bool ok = rule->fn(&g) && g.r.failure == TC_REF_OK;
  if (!ok)
    *why = g.r.failure != TC_REF_OK ? g.r.failure : TC_REF_INVALID;
  return ok;
}

static bool sweep(Table *t, MlirOperation clone, const TcRefVJPLayout *l, const TcRefTensor *cotangents,
                  TcRefFailure *failure) {
  MlirBlock body = entryBlock(clone);
  MlirOperation ret = mlirBlockGetTerminator(body);
  for (intptr_t j = 0; j < l->numCotangents; ++j) {
    Quad *adj = adjointOf(slotOf(t, mlirOperationGetOperand(ret, l->cotangentOf[j])));
    for (int64_t k = 0; k < cotangents[j].numel; ++k)
      adj[k] += cotangents[j].data[k].f;
  }
  intptr_t n = 0, cap = 64;
  MlirOperation *ops = malloc((size_t)cap * sizeof *ops);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationEqual(op, ret);
       op = mlirOperationGetNextInBlock(op)) {
    if (n == cap)
      ops = realloc(ops, (size_t)(cap *= 2) * sizeof *ops);
    ops[n++] = op;
  }
  bool ok = true;
  for (intptr_t i = n - 1; ok && i >= 0; --i)
    ok = sweepOp(t, ops[i], failure);
  free(ops);
  return ok;
}

// Rounds the adjoints of the differentiated arguments and weights once.
static bool storeGrads(Table *t, MlirOperation clone, const TcRefVJPLayout *l, TcRefTensor *grads) {
  MlirBlock body = entryBlock(clone);
  intptr_t g = 0;
  for (intptr_t i = 0; i < l->numArgs + l->numWeights; ++i) {
    if (i < l->numArgs && !l->wrt[i])
      continue;
    Slot *s = slotOf(t, mlirBlockGetArgument(body, i));
    if (!tcRefTensorCreate(&grads[g], s->value.dtype, s->value.rank, s->value.dims))
      return false;
    for (int64_t k = 0; s->adjoint && k < s->value.numel; ++k)
      tcRefStoreQuad(&grads[g], k, s->adjoint[k], 0);
    ++g;
  }
  return true;
}

static bool bindInputs(Table *t, MlirOperation clone, const TcRefVJPLayout *l, const TcRefTensor *inputs) {
  for (intptr_t i = 0; i < l->numArgs + l->numWeights; ++i)
    if (!copyInto(&inputs[i], &slotOf(t, mlirBlockGetArgument(entryBlock(clone), i))->value))
      return false;
  return true;
}

MlirLogicalResult tcRefEvaluateVJP(MlirOperation func, const TcRefVJPLayout *l, const TcRefTensor *inputs,
                                   const TcRefTensor *cotangents, const TcRefOptions *options, TcRefTensor **grads,
                                   TcRefTensor **outputs, intptr_t *numOutputs, TcRefFailure *failure) {
  TcRefFailure why = TC_REF_OK;
  MlirOperation clone = cloneWithWeights(func, l);
  Table t = {calloc(64, sizeof(Slot)), 64, 0};
  TcRefTensor *out = NULL;
  intptr_t numOut = 0;
  *grads = calloc((size_t)(l->numGrads ? l->numGrads : 1), sizeof **grads);
  bool ok = mlirLogicalResultIsSuccess(tcRefEvaluateWithOptions(clone, inputs, l->numArgs + l->numWeights, options,
                                                                &out, &numOut, keepValue, &t, &why));
  ok = ok && bindInputs(&t, clone, l, inputs);
  if (ok) {
    markActive(&t, entryBlock(clone), l);
    ok = sweep(&t, clone, l, cotangents, &why) && storeGrads(&t, clone, l, *grads);
  }
  for (intptr_t i = 0; !ok && i < l->numGrads; ++i)
    tcRefTensorDestroy(&(*grads)[i]);
  if (!ok) {
    free(*grads);
    *grads = NULL;
  }
  if (outputs && ok) {
    *outputs = out;
    *numOutputs = numOut;
  } else {
    for (intptr_t i = 0; i < numOut; ++i)
      tcRefTensorDestroy(&out[i]);
    free(out);
  }
  tableDestroy(&t);
  mlirOperationDestroy(clone);
  if (failure)
    *failure = ok ? TC_REF_OK : why != TC_REF_OK ? why : TC_REF_BAD_INPUT;
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
