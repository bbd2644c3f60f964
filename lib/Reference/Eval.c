//===- Eval.c - the reference evaluator's driver ---------------------------===//
//
// Walks the function body in order. Every value lives in a table keyed by its
// MlirValue (open addressing on the value's pointer); arguments are copied
// in, each op's results are added as it is evaluated, and func.return copies
// the returned values out. An op that is not a tc_tensor op in kRules, or
// whose types the evaluator does not support, is reported as unsupported:
// nothing is ever evaluated approximately.
//
// Dynamic dimensions (docs/dialects.md §1.5): an argument whose type has a
// `?` takes an input of any size there (the static sizes must match: the
// `arg-shape` constraint); every op then runs on concrete shapes, and its
// shape rules, broken by those sizes, are its run-time constraints
// (tcRefConstraint). Ops outside §1.5's list refuse a dynamic type.
//
// The options (fast or exact, threads) reach every op through RefOp. An
// op's results may carry an error bound (TcRefTensor.bound) only if no
// other op reads them: bounds are not propagated through later ops, so a
// value another op consumes is always the spec's value (docs/reference.md).
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *name;
  RefEvalFn eval;
  int minOperands, maxOperands;
  const char *attrs; ///< the op's attributes, separated by spaces
} RefRule;

// The ops that take dynamic dimensions (docs/dialects.md §1.5), read by the
// evaluator from the spec itself (not from tc-verify's table): every
// elementwise op, matmul and gemm, conv2d and the pools, batch_norm,
// layer_norm, softmax and log_softmax, the reductions and arg-reductions,
// transpose, reshape and slice.
static const char *const kStaticOnly[] = {"constant", "broadcast_to", "concat", "split", "gather", "pad", NULL};

static const RefRule kRules[] = {
    {"abs", tcRefEvalUnary, 1, 1, ""},      {"ceil", tcRefEvalUnary, 1, 1, ""},     {"cos", tcRefEvalUnary, 1, 1, ""},
    {"erf", tcRefEvalUnary, 1, 1, ""},      {"exp", tcRefEvalUnary, 1, 1, ""},      {"floor", tcRefEvalUnary, 1, 1, ""},
    {"gelu", tcRefEvalUnary, 1, 1, ""},     {"identity", tcRefEvalUnary, 1, 1, ""}, {"log", tcRefEvalUnary, 1, 1, ""},
    {"neg", tcRefEvalUnary, 1, 1, ""},      {"not", tcRefEvalUnary, 1, 1, ""},      {"reciprocal", tcRefEvalUnary, 1, 1, ""},
    {"relu", tcRefEvalUnary, 1, 1, ""},     {"round", tcRefEvalUnary, 1, 1, ""},    {"rsqrt", tcRefEvalUnary, 1, 1, ""},
    {"sigmoid", tcRefEvalUnary, 1, 1, ""},  {"sign", tcRefEvalUnary, 1, 1, ""},     {"sin", tcRefEvalUnary, 1, 1, ""},
    {"sqrt", tcRefEvalUnary, 1, 1, ""},     {"tanh", tcRefEvalUnary, 1, 1, ""},     {"add", tcRefEvalBinary, 2, 2, ""},
    {"and", tcRefEvalBinary, 2, 2, ""},     {"div", tcRefEvalBinary, 2, 2, ""},     {"fmod", tcRefEvalBinary, 2, 2, ""},
    {"max", tcRefEvalBinary, 2, 2, ""},     {"min", tcRefEvalBinary, 2, 2, ""},     {"mod", tcRefEvalBinary, 2, 2, ""},
    {"mul", tcRefEvalBinary, 2, 2, ""},     {"or", tcRefEvalBinary, 2, 2, ""},      {"pow", tcRefEvalBinary, 2, 2, ""},
    {"sub", tcRefEvalBinary, 2, 2, ""},     {"xor", tcRefEvalBinary, 2, 2, ""},     {"eq", tcRefEvalCompare, 2, 2, ""},
    {"ge", tcRefEvalCompare, 2, 2, ""},     {"gt", tcRefEvalCompare, 2, 2, ""},     {"le", tcRefEvalCompare, 2, 2, ""},
    {"lt", tcRefEvalCompare, 2, 2, ""},     {"ne", tcRefEvalCompare, 2, 2, ""},     {"where", tcRefEvalWhere, 3, 3, ""},
    {"clip", tcRefEvalClip, 1, 1, "min max"},      {"cast", tcRefEvalCast, 1, 1, ""},      {"constant", tcRefEvalConstant, 0, 0, "value"},
    {"matmul", tcRefEvalMatmul, 2, 2, ""},  {"gemm", tcRefEvalGemm, 2, 3, "alpha beta trans_a trans_b"},      {"conv2d", tcRefEvalConv2d, 2, 3, "strides pads dilations group"},
    {"max_pool2d", tcRefEvalMaxPool2d, 1, 1, "kernel strides pads dilations ceil_mode"},     {"avg_pool2d", tcRefEvalAvgPool2d, 1, 1, "kernel strides pads ceil_mode count_include_pad"},
    {"global_max_pool", tcRefEvalGlobalPool, 1, 1, ""}, {"global_avg_pool", tcRefEvalGlobalPool, 1, 1, ""},
    {"batch_norm", tcRefEvalBatchNorm, 5, 5, "epsilon"},     {"layer_norm", tcRefEvalLayerNorm, 2, 3, "axis epsilon"},
    {"softmax", tcRefEvalSoftmax, 1, 1, "axis"},          {"log_softmax", tcRefEvalSoftmax, 1, 1, "axis"},
    {"reduce_sum", tcRefEvalReduce, 1, 1, "axes keepdims"},        {"reduce_prod", tcRefEvalReduce, 1, 1, "axes keepdims"},
    {"reduce_max", tcRefEvalReduce, 1, 1, "axes keepdims"},        {"reduce_min", tcRefEvalReduce, 1, 1, "axes keepdims"},
    {"reduce_mean", tcRefEvalReduce, 1, 1, "axes keepdims"},       {"argmax", tcRefEvalArgReduce, 1, 1, "axis keepdims select_last_index"},
    {"argmin", tcRefEvalArgReduce, 1, 1, "axis keepdims select_last_index"},         {"transpose", tcRefEvalTranspose, 1, 1, "perm"},
    {"reshape", tcRefEvalReshape, 1, 1, ""},          {"broadcast_to", tcRefEvalBroadcastTo, 1, 1, ""},
    {"concat", tcRefEvalConcat, 2, 2, "axis"},            {"split", tcRefEvalSplit, 1, 1, "axis"},
    {"slice", tcRefEvalSlice, 1, 1, "starts ends steps"},              {"gather", tcRefEvalGather, 2, 2, "axis"},
    {"pad", tcRefEvalPad, 1, 1, "pads mode value"},
};

static const RefRule *findRule(MlirStringRef name) {
  static const char prefix[] = "tc_tensor.";
  size_t n = sizeof prefix - 1;
  if (name.length <= n || memcmp(name.data, prefix, n) != 0)
    return NULL;
  for (size_t i = 0; i < sizeof kRules / sizeof kRules[0]; ++i)
    if (strlen(kRules[i].name) == name.length - n && memcmp(kRules[i].name, name.data + n, name.length - n) == 0)
      return &kRules[i];
  return NULL;
}

//===-- The value table -----------------------------------------------------===//

typedef struct {
  const void *key; // MlirValue.ptr
  TcRefTensor tensor;
} Slot;

typedef struct {
  Slot *slots;
  size_t cap, count;
} ValueTable;

static size_t hashPtr(const void *p, size_t cap) { return ((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull & (cap - 1); }

static Slot *findSlot(ValueTable *vt, MlirValue v) {
  for (size_t i = hashPtr(v.ptr, vt->cap);; i = (i + 1) & (vt->cap - 1))
    if (vt->slots[i].key == v.ptr || !vt->slots[i].key)
      return &vt->slots[i];
}

static void grow(ValueTable *vt) {
  ValueTable bigger = {calloc(vt->cap * 2, sizeof(Slot)), vt->cap * 2, vt->count};
  if (!bigger.slots)
    tcFatal("out of memory in the reference evaluator");
  for (size_t i = 0; i < vt->cap; ++i)
    if (vt->slots[i].key)
      *findSlot(&bigger, (MlirValue){vt->slots[i].key}) = vt->slots[i];
  free(vt->slots);
  *vt = bigger;
}

// Takes ownership of `t`.
static void tableInsert(ValueTable *vt, MlirValue v, TcRefTensor *t) {
  if (2 * (vt->count + 1) > vt->cap)
    grow(vt);
  Slot *s = findSlot(vt, v);
  if (s->key)
    tcRefTensorDestroy(&s->tensor);
  else
    vt->count++;
  s->key = v.ptr;
  s->tensor = *t;
}

static const TcRefTensor *tableGet(ValueTable *vt, MlirValue v) {
  Slot *s = findSlot(vt, v);
  return s->key ? &s->tensor : NULL;
}

static void tableDestroy(ValueTable *vt) {
  for (size_t i = 0; i < vt->cap; ++i)
    if (vt->slots[i].key)
      tcRefTensorDestroy(&vt->slots[i].tensor);
  free(vt->slots);
}

//===-- Evaluation ----------------------------------------------------------===//

static bool copyTensor(const TcRefTensor *from, TcRefTensor *to) {
  if (!tcRefTensorCreate(to, from->dtype, from->rank, from->dims))
    return false;
  memcpy(to->data, from->data, (size_t)from->numel * sizeof *from->data);
  return true;
}

// A returned value keeps its bound.
static bool copyWithBound(const TcRefTensor *from, TcRefTensor *to) {
  if (!copyTensor(from, to))
    return false;
  if (from->bound) {
    size_t bytes = (size_t)(from->numel ? from->numel : 1) * sizeof *from->bound;
    if (!(to->bound = malloc(bytes)))
      return false;
    memcpy(to->bound, from->bound, bytes);
  }
  return true;
}

// Checks that `type` is a ranked tensor (dynamic dimensions allowed) of a
// supported dtype.
static bool supportedTensorType(MlirType type, TcRefDtype *dtype) {
  return mlirTypeIsARankedTensor(type) && mlirShapedTypeGetRank(type) <= TC_REF_MAX_RANK &&
         tcRefDtypeFromType(mlirShapedTypeGetElementType(type), dtype);
}

// Whether the input's rank and sizes fit `type`: equal where the type is
// static, anything where it has a `?`.
static bool inputFits(MlirType type, const TcRefTensor *input) {
  if (mlirShapedTypeGetRank(type) != input->rank)
    return false;
  for (intptr_t d = 0; d < input->rank; ++d)
    if (!mlirShapedTypeIsDynamicDim(type, d) && mlirShapedTypeGetDimSize(type, d) != input->dims[d])
      return false;
  return true;
}

typedef struct {
  char *buf;
  size_t size, used;
} TypeText;

static void appendText(MlirStringRef text, void *userData) {
  TypeText *t = userData;
  if (t->used + 1 >= t->size)
    return;
  size_t n = text.length < t->size - t->used - 1 ? text.length : t->size - t->used - 1;
  memcpy(t->buf + t->used, text.data, n);
  t->used += n;
  t->buf[t->used] = '\0';
}

static const char *refFormatType(MlirType type, char *buf, size_t size) {
  TypeText t = {buf, size, 0};
  buf[0] = '\0';
  mlirTypePrint(type, appendText, &t);
  return buf;
}

static void formatDims(const TcRefTensor *t, char *buf, size_t size) {
  size_t used = (size_t)snprintf(buf, size, t->rank ? "" : "scalar");
  for (intptr_t d = 0; d < t->rank && used < size; ++d)
    used += (size_t)snprintf(buf + used, size - used, d ? "x%lld" : "%lld", (long long)t->dims[d]);
}

static bool bindArguments(MlirOperation func, MlirBlock body, const TcRefTensor *inputs, intptr_t n,
                          ValueTable *vt) {
  if (mlirBlockGetNumArguments(body) != n) {
    tcEmitError(mlirOperationGetLocation(func), "function takes %ld arguments, %ld inputs given",
                (long)mlirBlockGetNumArguments(body), (long)n);
    return false;
  }
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue arg = mlirBlockGetArgument(body, i);
    TcRefDtype dtype;
    MlirType type = mlirValueGetType(arg);
    bool typed = supportedTensorType(type, &dtype) && dtype == inputs[i].dtype;
    bool ok = typed && inputFits(type, &inputs[i]);
    TcRefTensor copy;
    if (typed && !ok && !mlirShapedTypeHasStaticShape(type)) {
      char shape[TC_REF_MAX_RANK * 24 + 8], want[256];
      formatDims(&inputs[i], shape, sizeof shape);
      tcEmitError(mlirValueGetLocation(arg), "shape constraint 'arg-shape' violated: input #%ld has shape %s, "
                  "which does not fit the argument's type %s", (long)i, shape, refFormatType(type, want, sizeof want));
      return false;
    }
    if (!ok || !copyTensor(&inputs[i], &copy)) {
      tcEmitError(mlirValueGetLocation(arg), "input #%ld does not match the argument's type", (long)i);
      return false;
    }
    tableInsert(vt, arg, &copy);
  }
  return true;
}

// docs/dialects.md §1.2: an attribute the op does not list is rejected unless
// its name contains a '.' (a discardable annotation), so that a misspelt
// attribute is never silently ignored.
static bool checkAttributeNames(RefOp *r, const RefRule *rule) {
  for (intptr_t i = 0; i < mlirOperationGetNumDiscardableAttributes(r->op); ++i) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetDiscardableAttribute(r->op, i).name);
    if (memchr(name.data, '.', name.length))
      continue;
    bool listed = false;
    for (const char *a = rule->attrs; *a && !listed; a += strcspn(a, " "), a += *a == ' ') {
      size_t n = strcspn(a, " ");
      listed = n == name.length && memcmp(a, name.data, n) == 0;
    }
    if (!listed)
      return tcRefError(r, "unknown attribute '%.*s'", (int)name.length, name.data);
  }
  return true;
}

// Sets r->dynamic and refuses a dynamic type in an op that takes static
// shapes only (docs/dialects.md §1.5).
static bool checkDynamic(RefOp *r, const RefRule *rule) {
  intptr_t n = r->numOperands + r->numResults;
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue v = i < r->numOperands ? mlirOperationGetOperand(r->op, i) : mlirOperationGetResult(r->op, i - r->numOperands);
    MlirType t = mlirValueGetType(v);
    if (!mlirTypeIsAShaped(t) || !mlirShapedTypeHasRank(t) || mlirShapedTypeHasStaticShape(t))
      continue;
    r->dynamic = true;
    for (const char *const *s = kStaticOnly; *s; ++s)
      if (strcmp(*s, rule->name) == 0)
        return tcRefError(
            r, "%s #%ld has a dynamic dimension, but '%s' takes static shapes only (docs/dialects.md §1.5)",
            i < r->numOperands ? "operand" : "result", (long)(i < r->numOperands ? i : i - r->numOperands), rule->name);
  }
  return true;
}

// Fills r's operands from the table and checks the op's shape of things.
static bool prepareOp(RefOp *r, const RefRule *rule, ValueTable *vt) {
  r->numOperands = mlirOperationGetNumOperands(r->op);
  r->numResults = mlirOperationGetNumResults(r->op);
  if (r->numOperands < rule->minOperands || r->numOperands > rule->maxOperands)
    return tcRefError(r, "has %ld operands; the spec allows %d to %d", (long)r->numOperands, rule->minOperands,
                      rule->maxOperands);
  if (!checkAttributeNames(r, rule))
    return false;
  if (r->numResults < 1 || r->numResults > REF_MAX_RESULTS)
    return tcRefError(r, "has %ld results; the evaluator supports 1 to %d", (long)r->numResults, REF_MAX_RESULTS);
  for (intptr_t i = 0; i < r->numOperands; ++i)
    if (!(r->operands[i] = tableGet(vt, mlirOperationGetOperand(r->op, i))))
      return tcRefError(r, "operand #%ld has no value (it is not a tensor computed in this function)", (long)i);
  for (intptr_t i = 0; i < r->numResults; ++i) {
    TcRefDtype d;
    if (!supportedTensorType(mlirValueGetType(mlirOperationGetResult(r->op, i)), &d))
      return tcRefUnsupported(r, "result #%ld is not a ranked tensor of a supported dtype", (long)i);
  }
  return checkDynamic(r, rule);
}

typedef struct {
  TcRefOptions options; ///< threads resolved (> 0)
  TcRefDumpFn dump;
  void *userData;
  TcRefFailure failure;
} EvalState;

int tcRefThreads(const RefOp *r) { return r->options->threads; }

// True if every use of every result of `op` is the function's return.
static bool onlyReturned(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    for (MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(op, i)); !mlirOpOperandIsNull(use);
         use = mlirOpOperandGetNextUse(use)) {
      MlirStringRef user = mlirIdentifierStr(mlirOperationGetName(mlirOpOperandGetOwner(use)));
      if (user.length != 11 || memcmp(user.data, "func.return", 11) != 0)
        return false;
    }
  return true;
}

// Runs `rule` on the op; on success r->results holds its values.
static bool evalRule(RefOp *r, const RefRule *rule, ValueTable *vt) {
  if (!rule)
    return tcRefUnsupported(r, "is not supported by the reference evaluator");
  r->results = calloc(REF_MAX_RESULTS, sizeof *r->results);
  if (!r->results)
    tcFatal("out of memory in the reference evaluator");
  return prepareOp(r, rule, vt) && rule->eval(r);
}

static bool evalOp(MlirOperation op, intptr_t index, ValueTable *vt, EvalState *st) {
  RefOp r = {.op = op, .options = &st->options, .mayBound = !st->options.exact && onlyReturned(op)};
  bool ok = evalRule(&r, findRule(mlirIdentifierStr(mlirOperationGetName(op))), vt);
  st->failure = r.failure;
  for (intptr_t i = 0; r.results && i < r.numResults; ++i) {
    if (!ok) {
      tcRefTensorDestroy(&r.results[i]);
      continue;
    }
    if (st->dump)
      st->dump(op, index, i, &r.results[i], st->userData);
    tableInsert(vt, mlirOperationGetResult(op, i), &r.results[i]);
  }
  free(r.results);
  return ok;
}

static bool collectReturn(MlirOperation ret, ValueTable *vt, TcRefTensor **outputs, intptr_t *numOutputs) {
  intptr_t n = mlirOperationGetNumOperands(ret);
  *outputs = calloc((size_t)(n ? n : 1), sizeof **outputs);
  *numOutputs = n;
  for (intptr_t i = 0; i < n; ++i) {
    const TcRefTensor *v = tableGet(vt, mlirOperationGetOperand(ret, i));
    if (!v || !copyWithBound(v, &(*outputs)[i])) {
      tcEmitError(mlirOperationGetLocation(ret), "returned value #%ld has no tensor value", (long)i);
      return false;
    }
  }
  return true;
}

static bool isNamed(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  return s.length == strlen(name) && memcmp(s.data, name, s.length) == 0;
}

static bool evaluateBody(MlirOperation func, ValueTable *vt, TcRefTensor **outputs, intptr_t *numOutputs,
                         EvalState *st) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  intptr_t index = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op), ++index) {
    if (isNamed(op, "func.return"))
      return collectReturn(op, vt, outputs, numOutputs);
    if (!evalOp(op, index, vt, st))
      return false;
  }
  tcEmitError(mlirOperationGetLocation(func), "function body does not end in func.return");
  return false;
}

MlirLogicalResult tcRefEvaluate(MlirOperation func, const TcRefTensor *inputs, intptr_t numInputs,
                                TcRefTensor **outputs, intptr_t *numOutputs, TcRefDumpFn dump, void *userData,
                                TcRefFailure *failure) {
  return tcRefEvaluateWithOptions(func, inputs, numInputs, NULL, outputs, numOutputs, dump, userData, failure);
}

MlirLogicalResult tcRefEvaluateWithOptions(MlirOperation func, const TcRefTensor *inputs, intptr_t numInputs,
                                           const TcRefOptions *options, TcRefTensor **outputs,
                                           intptr_t *numOutputs, TcRefDumpFn dump, void *userData,
                                           TcRefFailure *failure) {
  EvalState st = {options ? *options : (TcRefOptions){0}, dump, userData, TC_REF_OK};
  if (st.options.threads <= 0)
    st.options.threads = tcRefDefaultThreads();
  *outputs = NULL;
  *numOutputs = 0;
  if (!isNamed(func, "func.func") || mlirRegionIsNull(mlirOperationGetRegion(func, 0)) ||
      mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)))) {
    tcEmitError(mlirOperationGetLocation(func), "the reference evaluator runs func.func definitions only");
    if (failure)
      *failure = TC_REF_UNSUPPORTED;
    return mlirLogicalResultFailure();
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  ValueTable vt = {calloc(64, sizeof(Slot)), 64, 0};
  bool bound = bindArguments(func, body, inputs, numInputs, &vt);
  bool ok = bound && evaluateBody(func, &vt, outputs, numOutputs, &st);
  if (failure)
    *failure = ok ? TC_REF_OK : !bound ? TC_REF_BAD_INPUT : st.failure != TC_REF_OK ? st.failure : TC_REF_INVALID;
  tableDestroy(&vt);
  if (!ok && *outputs) {
    for (intptr_t i = 0; i < *numOutputs; ++i)
      tcRefTensorDestroy(&(*outputs)[i]);
    free(*outputs);
    *outputs = NULL;
    *numOutputs = 0;
  }
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
