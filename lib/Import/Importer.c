//===- Importer.c - an ONNX graph to one stamped tc_tensor function -------===//
//
// The whole import, top to bottom (tcOnnxImportFile):
//
//   1. read the file (usage error if unreadable) and unpack it as a
//      ModelProto with protobuf-c (structural rejection if it does not
//      parse);
//   2. check the model: a graph, a default-domain opset in 1..21, every node
//      input defined before use, no value defined twice (ModelCheck.c);
//   3. define the initializers (constants) and the graph inputs (function
//      arguments, static tensor types only; an input bound with --bind is
//      a constant of the given tensor instead);
//   4. import the nodes in order: fold on the host when the inputs are known
//      (Fold.c), otherwise call the op's importer (Ops*.c);
//   5. return the graph outputs, build `func.func` (each argument and result
//      keeps its graph name as `tc.name`, which the ABI carries), verify the module
//      (IRDL and tc-verify: an importer bug is an internal error, never a
//      silently wrong module) and stamp it with its semantic hash.
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"
#include "ImportModel.h"

#include "tensorc/Import.h"
#include "tensorc/Passes.h"
#include "tensorc/SemanticHash.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Pass.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

//===-- Errors ----------------------------------------------------------------===//

static bool report(Importer *im, TcExitCode code, const char *cls, const char *fmt, va_list ap) {
  if (im->status != TC_EXIT_SUCCESS)
    return false; // the first error wins
  im->status = code;
  fprintf(im->err, "%s: error: %s", im->path, cls);
  if (im->node && im->node->name && *im->node->name)
    fprintf(im->err, "node '%s' (%s): ", im->node->name, im->node->op_type ? im->node->op_type : "");
  else if (im->node) // unnamed: by its index in the graph
    fprintf(im->err, "node #%zu (%s): ", im->nodeIndex, im->node->op_type ? im->node->op_type : "");
  vfprintf(im->err, fmt, ap);
  fputc('\n', im->err);
  return false;
}

bool tcImpInvalid(Importer *im, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(im, TC_EXIT_STRUCTURAL, "invalid model: ", fmt, ap);
  va_end(ap);
  return false;
}

bool tcImpUnsupported(Importer *im, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(im, TC_EXIT_COMPILE, "unsupported: ", fmt, ap);
  va_end(ap);
  return false;
}

//===-- Value table -----------------------------------------------------------===//

static size_t hashName(const char *s) {
  size_t h = 1469598103934665603ull;
  for (; *s; ++s)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

ImpValue *tcImpLookup(Importer *im, const char *name) {
  for (size_t h = hashName(name) % im->tableSize;; h = (h + 1) % im->tableSize) {
    size_t slot = im->table[h];
    if (!slot)
      return NULL;
    if (strcmp(im->values[slot - 1].name, name) == 0)
      return &im->values[slot - 1];
  }
}

ImpValue *tcImpDeclare(Importer *im, const char *name) {
  if (im->numValues == im->capValues)
    tcFatal("tensor-import-onnx: value table overflow");
  size_t h = hashName(name) % im->tableSize;
  while (im->table[h])
    h = (h + 1) % im->tableSize;
  ImpValue *v = &im->values[im->numValues++];
  memset(v, 0, sizeof *v);
  v->name = name;
  im->table[h] = im->numValues;
  return v;
}

int tcImpNumInputs(Importer *im) { return (int)im->node->n_input; }

ImpValue *tcImpInput(Importer *im, int i) {
  if (i < 0 || (size_t)i >= im->node->n_input || !*im->node->input[i])
    return NULL;
  return tcImpLookup(im, im->node->input[i]);
}

ImpValue *tcImpOutput(Importer *im, int i) {
  if (i < 0 || (size_t)i >= im->node->n_output || !*im->node->output[i])
    return NULL;
  return tcImpLookup(im, im->node->output[i]);
}

bool tcImpAtMostOutputs(Importer *im, int n) {
  for (size_t i = (size_t)n; i < im->node->n_output; ++i)
    if (*im->node->output[i])
      return tcImpUnsupported(im, "output #%zu ('%s') is not supported", i, im->node->output[i]);
  return true;
}

// Every value's shape passes here: its dimensions must be non-negative and
// it must fit tc_tensor's size limit, computed without overflow (a count
// that wrapped once slipped past every later check).
// A dynamic dimension counts as 1 in the size (its run-time size is the
// `size-limit` constraint).
static bool setShape(Importer *im, ImpValue *v, int32_t dtype, int rank, const int64_t *dims) {
  char shape[IMP_MAX_RANK * 24 + 8];
  for (int i = 0; i < rank; ++i)
    if (dims[i] < 0 && dims[i] != IMP_DYN)
      return tcImpInvalid(im, "a tensor of shape %s has a negative dimension",
                          tcImpFormatShape(rank, dims, shape, sizeof shape));
  int64_t n = tcImpNumElements(rank, dims), size = (int64_t)tcImpDtypeSize(dtype);
  if (n > (INT64_C(1) << IMP_MAX_LOG2_BYTES) / (size ? size : 1))
    return tcImpUnsupported(im, "a tensor of shape %s of %s holds more than 2^%d bytes, the largest tc_tensor supports",
                            tcImpFormatShape(rank, dims, shape, sizeof shape), tcImpDtypeName(dtype),
                            IMP_MAX_LOG2_BYTES);
  v->dtype = dtype;
  v->rank = rank;
  if (rank > 0)
    memcpy(v->dims, dims, (size_t)rank * sizeof *dims);
  v->defined = true;
  return true;
}

bool tcImpDefine(Importer *im, int i, MlirValue value) {
  ImpValue *v = tcImpOutput(im, i);
  if (!v || mlirValueIsNull(value))
    return mlirValueIsNull(value) ? false : true;
  int64_t dims[IMP_MAX_RANK];
  tcImpShapeOf(value, dims);
  v->value = value;
  return setShape(im, v, tcImpDtypeOfValue(value), tcImpRankOf(value), dims);
}

bool tcImpDefineConstant(Importer *im, int i, int32_t dtype, int rank, const int64_t *dims, void *data) {
  ImpValue *v = tcImpOutput(im, i);
  if (!v) {
    free(data);
    return true;
  }
  v->owned = data;
  v->data = data ? data : (const void *)"";
  return setShape(im, v, dtype, rank, dims);
}

bool tcImpDefineInts(Importer *im, int i, int32_t dtype, int rank, const int64_t *dims, const int64_t *ints) {
  int64_t n = tcImpNumElements(rank, dims);
  size_t size = tcImpDtypeSize(dtype);
  unsigned char *data = malloc((size_t)(n ? n : 1) * size);
  for (int64_t k = 0; k < n; ++k) {
    if (tcImpIsFloat(dtype)) {
      if (dtype == IMP_F32) {
        float f = (float)ints[k];
        memcpy(data + k * size, &f, 4);
      } else {
        double d = (double)ints[k];
        memcpy(data + k * size, &d, 8);
      }
    } else {
      memcpy(data + k * size, &ints[k], size); // little-endian truncation
    }
  }
  return tcImpDefineConstant(im, i, dtype, rank, dims, data);
}

bool tcImpDefineSizes(Importer *im, int i, int32_t dtype, int rank, const ImpSize *s, int n) {
  int64_t ints[IMP_MAX_RANK], dims[1] = {n};
  bool constant = true;
  for (int k = 0; k < n; ++k)
    constant &= s[k].sym == 0, ints[k] = s[k].mul;
  if (constant)
    return tcImpDefineInts(im, i, dtype, rank, dims, ints);
  ImpValue *v = tcImpOutput(im, i);
  if (!v)
    return true;
  v->sizes = malloc((size_t)n * sizeof *s);
  memcpy(v->sizes, s, (size_t)n * sizeof *s);
  return setShape(im, v, dtype, rank, dims);
}

MlirValue tcImpGet(Importer *im, ImpValue *v) {
  if (mlirValueIsNull(v->value)) {
    MlirType type = tcImpTensorType(im, v->dtype, v->rank, v->dims);
    MlirNamedAttribute a = tcImpNamed(im, "value", tcImpElementsAttr(im, v));
    v->value = tcImpOp(im, "constant", NULL, 0, type, &a, 1);
  }
  return v->value;
}

//===-- Graph inputs, nodes, outputs ---------------------------------------===//

// Defines every initializer as a constant that borrows the model's bytes.
static bool defineInitializers(Importer *im, const Onnx__GraphProto *g) {
  for (size_t i = 0; i < g->n_initializer; ++i) {
    const Onnx__TensorProto *t = g->initializer[i];
    ImpValue *v = tcImpLookup(im, t->name);
    char what[300];
    snprintf(what, sizeof what, "initializer '%s'", t->name);
    int rank;
    int64_t dims[IMP_MAX_RANK];
    if (!tcImpTensorData(im, t, what, true, &v->data, &v->owned, &rank, dims))
      return false;
    if (!setShape(im, v, t->data_type, rank, dims))
      return false;
    v->proto = t;
  }
  if (g->n_sparse_initializer)
    return tcImpUnsupported(im, "sparse initializers are not supported");
  return true;
}

static bool inputType(Importer *im, const Onnx__ValueInfoProto *info, ImpValue *v) {
  const Onnx__TypeProto *t = info->type;
  if (!t || t->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE || !t->tensor_type)
    return tcImpUnsupported(im, "graph input '%s' is not a tensor", info->name);
  const Onnx__TypeProto__Tensor *tt = t->tensor_type;
  int32_t dtype = tt->has_elem_type ? tt->elem_type : 0;
  if (!tcImpElementType(im->ctx, dtype).ptr)
    return tcImpUnsupported(im, "graph input '%s' has dtype %s, which tc_tensor lacks", info->name,
                            tcImpDtypeName(dtype));
  if (!tt->shape)
    return tcImpUnsupported(im, "graph input '%s' has no shape (tc_tensor needs a known rank)", info->name);
  if (tt->shape->n_dim > IMP_MAX_RANK)
    return tcImpUnsupported(im, "graph input '%s' has rank %zu, more than %d", info->name, tt->shape->n_dim,
                            (int)IMP_MAX_RANK);
  int64_t dims[IMP_MAX_RANK];
  // A dim_param, a dimension with neither value nor parameter, or a
  // negative dim_value is unknown: a dynamic dimension (docs/dialects.md §1.5).
  for (size_t d = 0; d < tt->shape->n_dim; ++d) {
    const Onnx__TensorShapeProto__Dimension *dim = tt->shape->dim[d];
    bool known = dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE && dim->dim_value >= 0;
    dims[d] = known ? dim->dim_value : IMP_DYN;
  }
  return setShape(im, v, dtype, (int)tt->shape->n_dim, dims);
}

// The ONNX ops whose importers propagate dynamic dimensions (docs/
// tensor-import-onnx.md, "Dynamic dimensions"); each checks the rest itself
// (Conv and the pools take a dynamic batch dimension only; the activations
// of OpsActivation.c are formulas of elementwise ops, clip and where on
// scalar constants, which broadcast to any shape; Slice takes a dynamic
// axis whole only, LayerNormalization a `?` outside its normalised axes
// only). Any other op with
// a dynamic input is refused, never imported with a wrong type.
static bool takesDynamic(const char *op) {
  static const char *const ops[] = {"Abs", "Neg", "Exp", "Log", "Sqrt", "Tanh", "Sigmoid", "Relu", "Erf",
                                    "Floor", "Ceil", "Reciprocal", "Identity", "Add", "Sub", "Mul", "Div",
                                    "MatMul", "Gemm", "Conv", "MaxPool", "AveragePool", "GlobalAveragePool",
                                    "GlobalMaxPool", "Flatten", "Softmax", "LogSoftmax", "Reshape", "Expand", "Squeeze",
                                    "Unsqueeze", "Transpose", "LeakyRelu", "Elu", "Selu", "Celu",
                                    "HardSigmoid", "HardSwish", "ThresholdedRelu", "Softplus", "Softsign",
                                    "Shrink", "Gelu", "Slice", "LayerNormalization", NULL};
  for (const char *const *o = ops; *o; ++o)
    if (strcmp(*o, op) == 0)
      return true;
  return false;
}

static bool checkDynamicInputs(Importer *im) {
  if (!tcImpCheckSizesInputs(im))
    return false;
  if (takesDynamic(im->node->op_type) && im->opset >= 7) // not the legacy broadcast of opsets 1-6
    return true;
  for (int i = 0; i < tcImpNumInputs(im); ++i) {
    ImpValue *v = tcImpInput(im, i);
    char shape[IMP_MAX_RANK * 24 + 8];
    if (v && v->defined && tcImpIsDynamic(v->rank, v->dims))
      return tcImpUnsupported(im, "input '%s' has the dynamic shape %s; the importer of %s takes static shapes only",
                              v->name, tcImpFormatShape(v->rank, v->dims, shape, sizeof shape), im->node->op_type);
  }
  return true;
}

static bool importNode(Importer *im, const Onnx__NodeProto *node, size_t index) {
  im->node = node;
  char name[64];
  snprintf(name, sizeof name, "node#%zu", index);
  im->loc = mlirLocationNameGet(im->ctx, mlirStringRefCreateFromCString(node->name && *node->name ? node->name : name),
                                im->fileLoc);
  if (node->domain && *node->domain && strcmp(node->domain, "ai.onnx") != 0)
    return tcImpUnsupported(im, "domain '%s' is not supported", node->domain);
  if (im->opset < 7 && !tcImpLegacyOp(node->op_type))
    return tcImpUnsupported(im,
                            "%s at opset %" PRId64 ": its definition before opset 7 differs from the later one, "
                            "which the importer implements",
                            node->op_type, im->opset);
  bool failed = false;
  if (tcImpTryFold(im, &failed))
    return true;
  if (failed)
    return false;
  ImpOpFn fn = tcImpFindOp(node->op_type);
  if (!fn)
    return tcImpUnsupported(im, "no importer for this op");
  if (!checkDynamicInputs(im))
    return false;
  if (!fn(im))
    return im->status == TC_EXIT_SUCCESS ? tcImpUnsupported(im, "the importer gave up") : false;
  for (size_t i = 0; i < node->n_output; ++i) {
    ImpValue *v = tcImpOutput(im, (int)i);
    if (v && !v->defined)
      return tcImpUnsupported(im, "output #%zu ('%s') is not supported", i, v->name);
  }
  return true;
}

// The first input of the current node that an unsupported node left
// unavailable, or NULL.
static ImpValue *unavailableInput(Importer *im) {
  for (int i = 0; i < tcImpNumInputs(im); ++i) {
    ImpValue *v = tcImpInput(im, i);
    if (v && v->unavailable)
      return v;
  }
  return NULL;
}

// Imports every node. An unsupported node does not stop the import: it is
// reported, its outputs become unavailable, and the nodes after it are still
// tried, so one run lists every unsupported node. A node that reads an
// unavailable value is reported only if its op has no importer at all (what
// it would do with its inputs cannot be known). Any other error (an invalid
// model, an internal error) stops at once.
static bool importNodes(Importer *im, const Onnx__GraphProto *g) {
  for (size_t i = 0; i < g->n_node; ++i) {
    const Onnx__NodeProto *node = g->node[i];
    im->node = node;
    im->nodeIndex = i;
    ImpValue *blocked = unavailableInput(im);
    bool ok = blocked ? (tcImpFindOp(node->op_type) || tcImpTryFoldable(node->op_type)
                             ? true
                             : tcImpUnsupported(im, "no importer for this op"))
                      : importNode(im, node, i);
    if (!ok && im->status != TC_EXIT_COMPILE)
      return false;
    if (ok && !blocked)
      continue;
    if (!ok) {
      ++im->numUnsupported;
      im->status = TC_EXIT_SUCCESS; // reported; go on to the next node
    }
    for (size_t k = 0; k < node->n_output; ++k) {
      ImpValue *v = *node->output[k] ? tcImpLookup(im, node->output[k]) : NULL;
      if (v) {
        v->defined = false;
        v->unavailable = blocked ? blocked->unavailable : node;
      }
    }
  }
  im->node = NULL;
  if (im->numUnsupported == 0)
    return true;
  im->status = TC_EXIT_COMPILE;
  fprintf(im->err, "%s: error: unsupported: %zu of %zu nodes cannot be imported (each listed above)\n", im->path,
          im->numUnsupported, g->n_node);
  return false;
}

// Checks a graph output's declared type (where it gives one) against what the
// import computed.
static bool checkDeclared(Importer *im, const Onnx__ValueInfoProto *info, const ImpValue *v) {
  const Onnx__TypeProto *t = info->type;
  if (!t || t->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE || !t->tensor_type)
    return true;
  const Onnx__TypeProto__Tensor *tt = t->tensor_type;
  if (tt->has_elem_type && tt->elem_type != 0 && tt->elem_type != v->dtype)
    return tcImpInvalid(im, "graph output '%s' is declared %s but computes %s", info->name,
                        tcImpDtypeName(tt->elem_type), tcImpDtypeName(v->dtype));
  if (!tt->shape)
    return true;
  bool mismatch = tt->shape->n_dim != (size_t)v->rank;
  for (size_t d = 0; !mismatch && d < tt->shape->n_dim; ++d)
    mismatch = tt->shape->dim[d]->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE &&
               tt->shape->dim[d]->dim_value != v->dims[d];
  if (mismatch)
    return tcImpInvalid(im, "graph output '%s' is declared with another shape than the one it computes", info->name);
  return true;
}

// Collects the returned values; a value returned twice, or an argument
// returned as is, goes through an identity so each result is its own op.
static bool collectOutputs(Importer *im, const Onnx__GraphProto *g, MlirValue *results, MlirType *types) {
  im->loc = im->fileLoc;
  for (size_t i = 0; i < g->n_output; ++i) {
    ImpValue *v = tcImpLookup(im, g->output[i]->name);
    if (!v || !v->defined)
      return tcImpInvalid(im, "graph output '%s' is not computed by the graph", g->output[i]->name);
    if (!checkDeclared(im, g->output[i], v))
      return false;
    char buf[IMP_MAX_RANK * 40 + 8];
    if (v->sizes)
      return tcImpUnsupported(im,
                              "graph output '%s' is the size expression %s of a dynamic shape; tc_tensor has no "
                              "op that reads a run-time size as data",
                              v->name, tcImpFormatSizes(im, v->sizes, v->rank ? (int)v->dims[0] : 1, buf, sizeof buf));
    MlirValue r = tcImpGet(im, v);
    bool repeat = mlirValueIsABlockArgument(r);
    for (size_t j = 0; j < i; ++j)
      repeat |= mlirValueEqual(results[j], r);
    results[i] = repeat ? tcImpUnary(im, "identity", r) : r;
    types[i] = mlirValueGetType(results[i]);
  }
  return true;
}

//===-- The function and the module -------------------------------------------===//

static void functionName(const char *given, const char *graphName, char *buf, size_t size) {
  const char *src = given ? given : (graphName && *graphName ? graphName : "main");
  size_t n = 0;
  for (const char *p = src; *p && n + 2 < size; ++p)
    buf[n++] = isalnum((unsigned char)*p) || *p == '_' ? *p : '_';
  buf[n] = '\0';
  if (!given && (n == 0 || isdigit((unsigned char)buf[0]))) {
    memmove(buf + 1, buf, n + 1);
    buf[0] = '_';
  }
}

// `[{tc.name = "a"}, ...]` for the `n` value names, which the ABI keeps
// (tc-bufferize, docs/abi.md §4); null if one is empty or two are equal (a
// graph may list one output twice): then none is kept.
static MlirAttribute nameAttrs(Importer *im, const char *const *names, size_t n) {
  MlirAttribute *dicts = malloc((n + 1) * sizeof *dicts);
  MlirAttribute result = mlirAttributeGetNull();
  size_t i = 0;
  for (; i < n && names[i] && *names[i]; ++i) {
    bool repeated = false;
    for (size_t j = 0; j < i; ++j)
      repeated |= strcmp(names[i], names[j]) == 0;
    if (repeated)
      break;
    MlirNamedAttribute a = tcImpNamed(im, "tc.name", tcImpStr(im, names[i]));
    dicts[i] = mlirDictionaryAttrGet(im->ctx, 1, &a);
  }
  if (i == n && n > 0)
    result = mlirArrayAttrGet(im->ctx, (intptr_t)n, dicts);
  free(dicts);
  return result;
}

static MlirOperation buildFunc(Importer *im, const char *name, MlirType fnType, MlirValue *results, size_t n,
                               MlirAttribute argNames, MlirAttribute resultNames) {
  MlirOperationState ret = mlirOperationStateGet(mlirStringRefCreateFromCString("func.return"), im->fileLoc);
  mlirOperationStateAddOperands(&ret, (intptr_t)n, results);
  mlirBlockAppendOwnedOperation(im->body, mlirOperationCreate(&ret));
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, im->body);
  MlirNamedAttribute attrs[4] = {tcImpNamed(im, "sym_name", tcImpStr(im, name)),
                                 tcImpNamed(im, "function_type", mlirTypeAttrGet(fnType))};
  intptr_t numAttrs = 2;
  if (!mlirAttributeIsNull(argNames))
    attrs[numAttrs++] = tcImpNamed(im, "arg_attrs", argNames);
  if (!mlirAttributeIsNull(resultNames))
    attrs[numAttrs++] = tcImpNamed(im, "res_attrs", resultNames);
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), im->fileLoc);
  mlirOperationStateAddAttributes(&st, numAttrs, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  return mlirOperationCreate(&st);
}

static void printDiagnostic(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, userData);
}

static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *userData) {
  fputs("tensor-import-onnx: internal error: ", userData);
  mlirDiagnosticPrint(d, printDiagnostic, userData);
  fputc('\n', userData);
  return mlirLogicalResultSuccess();
}

// Verifies (IRDL, then tc-verify) and stamps the module.
static TcExitCode finishModule(Importer *im, MlirModule module) {
  MlirOperation op = mlirModuleGetOperation(module);
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(im->ctx, onDiagnostic, im->err, NULL);
  bool ok = mlirOperationVerify(op);
  if (ok) {
    MlirPassManager pm = mlirPassManagerCreate(im->ctx);
    mlirPassManagerAddOwnedPass(pm, tcCreateVerifyPass());
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
    mlirPassManagerDestroy(pm);
  }
  TcHash128 hash;
  ok = ok && mlirLogicalResultIsSuccess(tcComputeSemanticHash(op, &hash));
  mlirContextDetachDiagnosticHandler(im->ctx, id);
  if (!ok) {
    fprintf(im->err, "%s: error: internal error: the imported module breaks a tc_tensor rule (an importer bug)\n",
            im->path);
    return TC_EXIT_INTERNAL;
  }
  char text[TC_HASH_TEXT_SIZE];
  mlirOperationSetDiscardableAttributeByName(op, mlirStringRefCreateFromCString(TC_SEMANTIC_HASH_ATTR),
                                             tcImpStr(im, tcFormatHash(hash, text)));
  return TC_EXIT_SUCCESS;
}

static bool usageError(Importer *im, const char *fmt, const char *a, const char *b) {
  if (im->status == TC_EXIT_SUCCESS) {
    im->status = TC_EXIT_USAGE;
    fprintf(im->err, "tensor-import-onnx: ");
    fprintf(im->err, fmt, a, b);
    fputc('\n', im->err);
  }
  return false;
}

// The binding of graph input `name`, or NULL.
static const TcOnnxBinding *bindingOf(Importer *im, const char *name) {
  for (size_t i = 0; i < im->numBindings; ++i)
    if (strcmp(im->bindings[i].input, name) == 0)
      return &im->bindings[i];
  return NULL;
}

// Every binding names a graph input that is not an initializer, once.
static bool checkBindings(Importer *im, const Onnx__GraphProto *g) {
  for (size_t b = 0; b < im->numBindings; ++b) {
    const char *name = im->bindings[b].input;
    for (size_t c = 0; c < b; ++c)
      if (strcmp(im->bindings[c].input, name) == 0)
        return usageError(im, "--bind: graph input '%s' is bound twice%s", name, "");
    bool found = false;
    for (size_t i = 0; i < g->n_input && !found; ++i)
      found = strcmp(g->input[i]->name, name) == 0 && !tcImpLookup(im, name)->defined;
    if (!found)
      return usageError(im, "--bind: the graph has no input '%s' (or it is an initializer)%s", name, "");
  }
  return true;
}

// Defines graph input `v` as the constant in the binding's tensor file, which
// must have the input's declared dtype and shape.
static bool defineBound(Importer *im, const Onnx__ValueInfoProto *info, ImpValue *v, const TcOnnxBinding *b) {
  if (!inputType(im, info, v))
    return false;
  char msg[512];
  size_t size;
  unsigned char *bytes = tcImpReadFile(b->tensorPath, &size, msg, sizeof msg);
  if (!bytes)
    return usageError(im, "--bind %s: %s", b->input, msg);
  Onnx__TensorProto *t = tcOnnx__tensor_proto__unpack(NULL, size, bytes);
  free(bytes);
  if (!t)
    return tcImpInvalid(im, "the value bound to graph input '%s' is not an ONNX tensor", b->input);
  char what[300];
  snprintf(what, sizeof what, "the value bound to graph input '%s'", b->input);
  const void *data;
  void *owned;
  int rank;
  int64_t dims[IMP_MAX_RANK];
  bool ok = tcImpTensorData(im, t, what, false, &data, &owned, &rank, dims);
  if (ok) {
    bool same = t->data_type == v->dtype && rank == v->rank;
    for (int d = 0; same && d < rank; ++d)
      same = dims[d] == v->dims[d];
    char got[IMP_MAX_RANK * 24 + 8], want[IMP_MAX_RANK * 24 + 8];
    if (!same) {
      ok = tcImpInvalid(im, "the value bound to graph input '%s' is %s %s, the input is declared %s %s", b->input,
                        tcImpDtypeName(t->data_type), tcImpFormatShape(rank, dims, got, sizeof got),
                        tcImpDtypeName(v->dtype), tcImpFormatShape(v->rank, v->dims, want, sizeof want));
      free(owned);
    } else {
      v->owned = owned;
      v->data = owned ? owned : (const void *)"";
    }
  }
  tcOnnx__tensor_proto__free_unpacked(t, NULL);
  return ok;
}

static bool defineInputs(Importer *im, const Onnx__GraphProto *g, MlirType *argTypes, ImpValue **args,
                         const char **argNames, size_t *numArgs) {
  *numArgs = 0;
  if (!checkBindings(im, g))
    return false;
  for (size_t i = 0; i < g->n_input; ++i) {
    ImpValue *v = tcImpLookup(im, g->input[i]->name);
    if (v->defined)
      continue; // an initializer listed as an input (IR version < 4): a constant
    const TcOnnxBinding *b = bindingOf(im, g->input[i]->name);
    if (b) {
      if (!defineBound(im, g->input[i], v, b))
        return false;
      continue;
    }
    if (!inputType(im, g->input[i], v))
      return false;
    args[*numArgs] = v;
    argNames[*numArgs] = g->input[i]->name;
    argTypes[(*numArgs)++] = tcImpTensorType(im, v->dtype, v->rank, v->dims);
  }
  return true;
}

static TcExitCode importGraph(Importer *im, const char *fnName, MlirModule *out) {
  const Onnx__GraphProto *g = im->model->graph;
  size_t n = g->n_input + g->n_output + 1;
  MlirType *types = calloc(n, sizeof *types);
  ImpValue **args = calloc(n, sizeof *args);
  MlirValue *results = calloc(n, sizeof *results);
  const char **argNames = calloc(n, sizeof *argNames), **resultNames = calloc(n, sizeof *resultNames);
  for (size_t k = 0; k < g->n_output; ++k)
    resultNames[k] = g->output[k]->name;
  size_t numArgs = 0;
  MlirModule module = {NULL};
  if (defineInitializers(im, g) && defineInputs(im, g, types, args, argNames, &numArgs)) {
    MlirLocation *locs = malloc((numArgs + 1) * sizeof *locs);
    for (size_t i = 0; i < numArgs; ++i)
      locs[i] = im->fileLoc;
    im->body = mlirBlockCreate((intptr_t)numArgs, types, locs);
    free(locs);
    for (size_t i = 0; i < numArgs; ++i)
      args[i]->value = mlirBlockGetArgument(im->body, (intptr_t)i);
    MlirType *resultTypes = calloc(g->n_output + 1, sizeof *resultTypes);
    if (importNodes(im, g) && collectOutputs(im, g, results, resultTypes)) {
      char name[256];
      functionName(fnName, g->name, name, sizeof name);
      MlirType fnType = mlirFunctionTypeGet(im->ctx, (intptr_t)numArgs, types, (intptr_t)g->n_output, resultTypes);
      module = mlirModuleCreateEmpty(im->fileLoc);
      mlirBlockAppendOwnedOperation(mlirModuleGetBody(module),
                                    buildFunc(im, name, fnType, results, g->n_output, nameAttrs(im, argNames, numArgs),
                                              nameAttrs(im, resultNames, g->n_output)));
      im->status = finishModule(im, module);
    } else {
      mlirBlockDestroy(im->body);
    }
    free(resultTypes);
  }
  free(types);
  free(args);
  free(results);
  free(argNames);
  free(resultNames);
  if (im->status != TC_EXIT_SUCCESS && !mlirModuleIsNull(module)) {
    mlirModuleDestroy(module);
    module.ptr = NULL;
  }
  *out = module;
  return im->status;
}

TcExitCode tcOnnxImportFile(MlirContext ctx, const char *path, const char *functionName, TcOnnxImport *out,
                            FILE *err) {
  return tcOnnxImportFileBound(ctx, path, functionName, NULL, 0, out, err);
}

TcExitCode tcOnnxImportFileBound(MlirContext ctx, const char *path, const char *functionName,
                                 const TcOnnxBinding *bindings, size_t numBindings, TcOnnxImport *out, FILE *err) {
  memset(out, 0, sizeof *out);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__func__(), ctx);
  Importer im = {.ctx = ctx, .path = path, .err = err, .status = TC_EXIT_SUCCESS, .bindings = bindings,
                 .numBindings = numBindings};
  im.fileLoc = mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(path), 0, 0);
  im.loc = im.fileLoc;
  ImpModelStorage *storage = tcImpModelLoad(&im);
  if (storage && tcImpModelCheck(&im))
    importGraph(&im, functionName, &out->module);
  for (size_t i = 0; i < im.numValues; ++i)
    free(im.values[i].owned), free(im.values[i].sizes);
  free(im.values);
  free(im.table);
  if (im.status != TC_EXIT_SUCCESS) {
    tcImpModelStorageDestroy(storage);
    return im.status;
  }
  out->storage = storage;
  return TC_EXIT_SUCCESS;
}

void tcOnnxImportDestroy(TcOnnxImport *import) {
  if (!mlirModuleIsNull(import->module))
    mlirModuleDestroy(import->module);
  tcImpModelStorageDestroy(import->storage);
  memset(import, 0, sizeof *import);
}
