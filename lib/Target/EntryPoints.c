//===- EntryPoints.c - find and check the module's entry points -----------===//
//
// An entry point is an `llvm.func` carrying `tc.abi = {inputs = [...],
// outputs = [...]}`, two arrays of tensor types (the original types, so `ui8`
// survives the signless lowering), and optionally `input_names` and
// `output_names`, the tensors' names (ONNX's graph names). It is checked
// before anything is emitted, and every disagreement is a compile failure at
// the function: the attribute must have exactly those members, the names
// one distinct non-empty string per tensor; every type a ranked tensor
// without encoding whose element type is a tensorc dtype (lib/Runtime's
// table); the function a public (external linkage) definition named like a
// C identifier, returning void and taking exactly one `!llvm.ptr` (address
// space 0) per input and then per output; and the names the artifact adds
// (`<name>__tc_packed`, `__tc_abi`) must be free. A type with a dynamic
// dimension makes the entry point dynamic (docs/dynamic-shapes.md §3): it
// takes one more pointer, the dims array, returns an i32 (the guard's code),
// and the module defines its shape function `<name>__tc_shapes`, a public
// `(!llvm.ptr) -> i32`.
// The result, TcTargetEntries, is all the later steps (wrappers, descriptor,
// header) read: they never look at the attribute again.
//
//===----------------------------------------------------------------------===//
#include "TargetInternal.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/TextBuffer.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool nameIs(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(name) && memcmp(n.data, name, n.length) == 0;
}

static MlirAttribute inherent(MlirOperation op, const char *name) {
  return mlirOperationGetInherentAttributeByName(op, mlirStringRefCreateFromCString(name));
}

static bool isCIdentifier(MlirStringRef s) {
  if (s.length == 0 || (s.data[0] >= '0' && s.data[0] <= '9'))
    return false;
  for (size_t i = 0; i < s.length; ++i) {
    char c = s.data[i];
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
      return false;
  }
  return true;
}

// Reads one tc.abi type into `out`; false if it is not a tensor the ABI has.
static bool readTensorType(MlirAttribute attr, TcAbiTensorType *out) {
  if (!mlirAttributeIsAType(attr))
    return false;
  MlirType t = mlirTypeAttrGetValue(attr);
  if (!mlirTypeIsARankedTensor(t) ||
      !mlirAttributeIsNull(mlirRankedTensorTypeGetEncoding(t)) || mlirShapedTypeGetRank(t) > TC_ABI_MAX_RANK)
    return false;
  char name[32];
  TcFixedText text = tcFixedTextInit(name, sizeof name);
  mlirTypePrint(mlirShapedTypeGetElementType(t), tcFixedTextAppend, &text);
  if (!tcAbiDtypeFromName(name, text.used, &out->dtype))
    return false;
  out->rank = (int)mlirShapedTypeGetRank(t);
  for (int d = 0; d < out->rank; ++d)
    out->shape[d] = mlirShapedTypeIsDynamicDim(t, d) ? TC_ABI_DYNAMIC_DIM : mlirShapedTypeGetDimSize(t, d);
  return !tcAbiTensorTypeIsStatic(out) || tcAbiTensorTypeGetNumElements(out) >= 0;
}

static MlirAttribute member(MlirAttribute dict, const char *name) {
  return mlirDictionaryAttrGetElementByName(dict, mlirStringRefCreateFromCString(name));
}

// Reads `input_names` or `output_names` (optional) into `names[0, n)`: an
// array of `n` distinct non-empty strings without NUL.
static MlirLogicalResult readNames(MlirOperation func, MlirAttribute list, const char *member, intptr_t n,
                                   char **names) {
  if (mlirAttributeIsNull(list))
    return mlirLogicalResultSuccess();
  bool ok = mlirAttributeIsAArray(list) && mlirArrayAttrGetNumElements(list) == n;
  for (intptr_t i = 0; ok && i < n; ++i) {
    MlirAttribute a = mlirArrayAttrGetElement(list, i);
    MlirStringRef s = mlirAttributeIsAString(a) ? mlirStringAttrGetValue(a) : (MlirStringRef){NULL, 0};
    ok = s.length > 0 && !memchr(s.data, '\0', s.length);
    if (ok && !(names[i] = strndup(s.data, s.length)))
      tcFatal("out of memory reading tc.abi");
    for (intptr_t j = 0; ok && j < i; ++j)
      ok = strcmp(names[i], names[j]) != 0;
  }
  if (ok)
    return mlirLogicalResultSuccess();
  tcEmitOpError(func, "has a malformed 'tc.abi': '%s' must be an array of %ld distinct non-empty strings, one per "
                      "%s", member, (long)n, member[0] == 'i' ? "input" : "output");
  return mlirLogicalResultFailure();
}

// Reads tc.abi's two lists into `e->types`, and its optional names.
static MlirLogicalResult readAbi(MlirOperation func, MlirAttribute abi, TcTargetEntry *e) {
  bool isDict = mlirAttributeIsADictionary(abi);
  MlirAttribute inputs = isDict ? member(abi, "inputs") : (MlirAttribute){NULL};
  MlirAttribute outputs = isDict ? member(abi, "outputs") : (MlirAttribute){NULL};
  MlirAttribute inNames = isDict ? member(abi, "input_names") : (MlirAttribute){NULL};
  MlirAttribute outNames = isDict ? member(abi, "output_names") : (MlirAttribute){NULL};
  intptr_t known = 2 + !mlirAttributeIsNull(inNames) + !mlirAttributeIsNull(outNames);
  if (mlirAttributeIsNull(inputs) || mlirAttributeIsNull(outputs) || !mlirAttributeIsAArray(inputs) ||
      !mlirAttributeIsAArray(outputs) || mlirDictionaryAttrGetNumElements(abi) != known) {
    tcEmitOpError(func, "has a malformed 'tc.abi': expected {inputs = [...], outputs = [...]}, two arrays of "
                        "tensor types, and optionally input_names and output_names");
    return mlirLogicalResultFailure();
  }
  e->numInputs = mlirArrayAttrGetNumElements(inputs);
  e->numOutputs = mlirArrayAttrGetNumElements(outputs);
  e->types = calloc((size_t)(e->numInputs + e->numOutputs) + 1, sizeof *e->types);
  e->names = calloc((size_t)(e->numInputs + e->numOutputs) + 1, sizeof *e->names);
  if (!e->types || !e->names)
    tcFatal("out of memory reading tc.abi");
  for (intptr_t i = 0; i < e->numInputs + e->numOutputs; ++i) {
    bool isInput = i < e->numInputs;
    intptr_t k = isInput ? i : i - e->numInputs;
    if (!readTensorType(mlirArrayAttrGetElement(isInput ? inputs : outputs, k), &e->types[i])) {
      tcEmitOpError(func, "has a malformed 'tc.abi': %s #%ld is not a ranked tensor of a tensorc dtype",
                    isInput ? "input" : "output", (long)k);
      return mlirLogicalResultFailure();
    }
    e->dynamic = e->dynamic || !tcAbiTensorTypeIsStatic(&e->types[i]);
  }
  if (mlirLogicalResultIsFailure(readNames(func, inNames, "input_names", e->numInputs, e->names)))
    return mlirLogicalResultFailure();
  return readNames(func, outNames, "output_names", e->numOutputs, e->names + e->numInputs);
}

// The function must be a public definition named like a C identifier.
static MlirLogicalResult checkDefinition(MlirOperation func, MlirStringRef name) {
  MlirAttribute linkage = inherent(func, "linkage");
  const char *problem = NULL;
  if (mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0))))
    problem = "has no body";
  else if (!mlirAttributeIsNull(linkage) &&
           !mlirAttributeEqual(linkage, mlirLLVMLinkageAttrGet(mlirOperationGetContext(func), MlirLLVMLinkageExternal)))
    problem = "does not have external linkage";
  else if (!isCIdentifier(name))
    problem = "is not named like a C identifier";
  if (!problem)
    return mlirLogicalResultSuccess();
  tcEmitOpError(func, "is an entry point ('tc.abi') but %s", problem);
  return mlirLogicalResultFailure();
}

// The signature must be void(ptr, ...) with one pointer per tensor; a
// dynamic entry point's i32(ptr, ..., ptr dims).
static MlirLogicalResult checkSignature(MlirOperation func, const TcTargetEntry *e) {
  MlirType type = mlirTypeAttrGetValue(inherent(func, "function_type"));
  intptr_t want = e->numInputs + e->numOutputs + e->dynamic, got = mlirLLVMFunctionTypeGetNumInputs(type);
  if (got != want) {
    tcEmitOpError(func, "has %ld parameters, but its 'tc.abi' declares %ld inputs and %ld outputs: an entry point "
                        "takes one !llvm.ptr per input and per output%s",
                  (long)got, (long)e->numInputs, (long)e->numOutputs,
                  e->dynamic ? ", then the dims array (it has dynamic dimensions)" : "");
    return mlirLogicalResultFailure();
  }
  for (intptr_t i = 0; i < got; ++i) {
    MlirType p = mlirLLVMFunctionTypeGetInput(type, i);
    if (!mlirTypeIsALLVMPointerType(p) || mlirLLVMPointerTypeGetAddressSpace(p) != 0) {
      tcEmitOpError(func, "is an entry point ('tc.abi') but parameter #%ld is not an !llvm.ptr", (long)i);
      return mlirLogicalResultFailure();
    }
  }
  MlirContext ctx = mlirOperationGetContext(func);
  MlirType result = mlirLLVMFunctionTypeGetReturnType(type);
  if (e->dynamic && !mlirTypeEqual(result, mlirIntegerTypeGet(ctx, 32))) {
    tcEmitOpError(func, "is an entry point with dynamic dimensions ('tc.abi') but does not return i32, the code of "
                        "its guards");
    return mlirLogicalResultFailure();
  }
  if (!e->dynamic && !mlirTypeEqual(result, mlirLLVMVoidTypeGet(ctx))) {
    tcEmitOpError(func, "is an entry point ('tc.abi') but returns a value: results are written through the output "
                        "pointers");
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

// A dynamic entry point's shape function: a public i32(ptr) definition.
static MlirLogicalResult checkShapeFunction(MlirOperation func, MlirSymbolTable table, const TcTargetEntry *e) {
  char name[512];
  snprintf(name, sizeof name, "%s" TC_ABI_SHAPES_SUFFIX, e->name);
  MlirOperation shapes = mlirSymbolTableLookup(table, mlirStringRefCreateFromCString(name));
  bool ok = !mlirOperationIsNull(shapes) && nameIs(shapes, "llvm.func") &&
            !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(shapes, 0)));
  if (ok) {
    MlirAttribute linkage = inherent(shapes, "linkage");
    MlirType type = mlirTypeAttrGetValue(inherent(shapes, "function_type"));
    MlirContext ctx = mlirOperationGetContext(func);
    ok = (mlirAttributeIsNull(linkage) || mlirAttributeEqual(linkage, mlirLLVMLinkageAttrGet(ctx, MlirLLVMLinkageExternal))) &&
         mlirLLVMFunctionTypeGetNumInputs(type) == 1 &&
         mlirTypeIsALLVMPointerType(mlirLLVMFunctionTypeGetInput(type, 0)) &&
         mlirTypeEqual(mlirLLVMFunctionTypeGetReturnType(type), mlirIntegerTypeGet(ctx, 32));
  }
  if (ok)
    return mlirLogicalResultSuccess();
  tcEmitOpError(func, "has dynamic dimensions but the module does not define its shape function '%s', a public "
                      "llvm.func of type (!llvm.ptr) -> i32",
                name);
  return mlirLogicalResultFailure();
}

static bool symbolTaken(MlirSymbolTable table, const char *name) {
  return !mlirOperationIsNull(mlirSymbolTableLookup(table, mlirStringRefCreateFromCString(name)));
}

static MlirLogicalResult readEntry(MlirOperation func, MlirAttribute abi, MlirSymbolTable table, TcTargetEntry *e) {
  MlirStringRef name = mlirStringAttrGetValue(inherent(func, "sym_name"));
  e->func = func;
  e->name = strndup(name.data, name.length);
  if (!e->name)
    tcFatal("out of memory reading tc.abi");
  if (mlirLogicalResultIsFailure(checkDefinition(func, name)) || mlirLogicalResultIsFailure(readAbi(func, abi, e)) ||
      mlirLogicalResultIsFailure(checkSignature(func, e)) ||
      (e->dynamic && mlirLogicalResultIsFailure(checkShapeFunction(func, table, e))))
    return mlirLogicalResultFailure();
  char packed[512];
  snprintf(packed, sizeof packed, "%s" TC_ABI_PACKED_SUFFIX, e->name);
  if (!symbolTaken(table, packed))
    return mlirLogicalResultSuccess();
  tcEmitOpError(func, "is an entry point ('tc.abi') but the name of its packed wrapper, '%s', is taken", packed);
  return mlirLogicalResultFailure();
}

static MlirLogicalResult collect(MlirOperation module, MlirSymbolTable table, TcTargetEntries *out) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute abi = mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("tc.abi"));
    if (mlirAttributeIsNull(abi) || !nameIs(op, "llvm.func"))
      continue;
    out->entries = realloc(out->entries, (size_t)(out->count + 1) * sizeof *out->entries);
    if (!out->entries)
      tcFatal("out of memory reading tc.abi");
    TcTargetEntry *e = &out->entries[out->count++];
    memset(e, 0, sizeof *e);
    if (mlirLogicalResultIsFailure(readEntry(op, abi, table, e)))
      return mlirLogicalResultFailure();
  }
  if (out->count == 0 || !symbolTaken(table, TC_ABI_DESCRIPTOR_SYMBOL))
    return mlirLogicalResultSuccess();
  tcEmitOpError(module, "has entry points but already defines '" TC_ABI_DESCRIPTOR_SYMBOL
                        "', the symbol of the ABI descriptor");
  return mlirLogicalResultFailure();
}

MlirLogicalResult tcEntryPointsCollect(MlirOperation module, TcTargetEntries *out) {
  *out = (TcTargetEntries){NULL, 0};
  MlirSymbolTable table = mlirSymbolTableCreate(module);
  MlirLogicalResult result = collect(module, table, out);
  mlirSymbolTableDestroy(table);
  if (mlirLogicalResultIsFailure(result))
    tcEntryPointsDestroy(out);
  return result;
}

void tcEntryPointsDestroy(TcTargetEntries *entries) {
  for (intptr_t i = 0; i < entries->count; ++i) {
    TcTargetEntry *e = &entries->entries[i];
    for (intptr_t k = 0; e->names && k < e->numInputs + e->numOutputs; ++k)
      free(e->names[k]);
    free(e->names);
    free(e->name);
    free(e->types);
  }
  free(entries->entries);
  *entries = (TcTargetEntries){NULL, 0};
}
