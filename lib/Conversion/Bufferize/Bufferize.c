//===- Bufferize.c - the tc-bufferize pass ---------------------------------===//
//
// Requires: tc-lower-tensor has run (no tc_tensor op is left); tensors and
// buffers meet only through `builtin.unrealized_conversion_cast`.
// Guarantees: every function that is not a loop body takes and returns
// buffers under the calling convention of docs/abi.md, and no tensor value
// and no cast between tensors and buffers remains:
//
//   func @f(%a: tensor<A>, %b: tensor<B>) -> (tensor<R>)
//   becomes
//   func @f(%a: memref<A>, %b: memref<B>, %r: memref<R>)
//
// inputs first, in order, then one output buffer per result, which the
// function writes; it returns nothing. Public functions get `tc.abi =
// {inputs = [...], outputs = [...]}` with the original tensor types (the
// signedness of uiN lives only there), and `input_names` / `output_names`
// when every argument / result carries a `tc.name` (the ONNX importer gives
// them the graph's names); tensor-translate builds the header
// and the artifact's descriptor from it. A function that already takes
// buffers (hand-written tc_kernel code) keeps its signature and gets no
// tc.abi: which of its buffers it writes is not ours to say.
//
// A result computed into a buffer of its own is computed straight into the
// output (its memref.alloc disappears); a result that is an input, a
// constant, or a buffer already given to an earlier result is copied
// (memref.copy). Every remaining allocation is freed before the return.
//
// Records one decision per function: `bufferize`, with how many results
// were computed in place and how many copied; `abi` with the tensors' names
// when tc.abi has them.
//
// Anchored on builtin.module: it rewrites function signatures together with
// every call of them across the module, and the loop-body functions it
// skips are found by their callers.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "../../Transforms/TransformsInternal.h"
#include "../ConversionInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"
#include "tensorc/TextBuffer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static MlirLogicalResult checkBody(MlirBlock block) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    if (name.length > 10 && memcmp(name.data, "tc_tensor.", 10) == 0) {
      tcEmitOpError(op, "tc-bufferize needs tc-lower-tensor first: %.*s is still here", (int)name.length,
                    name.data);
      return mlirLogicalResultFailure();
    }
    if (tcIsBufferCast(op) || tcIsOp(op, "func.return"))
      continue;
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
      if (mlirTypeIsATensor(mlirValueGetType(mlirOperationGetResult(op, i)))) {
        tcEmitOpError(op, "tc-bufferize cannot bufferize %.*s: it yields a tensor", (int)name.length, name.data);
        return mlirLogicalResultFailure();
      }
  }
  return mlirLogicalResultSuccess();
}

static MlirAttribute typeArray(MlirContext ctx, intptr_t n, const MlirType *types) {
  MlirAttribute *attrs = malloc((n + 1) * sizeof *attrs);
  for (intptr_t i = 0; i < n; ++i)
    attrs[i] = mlirTypeAttrGet(types[i]);
  MlirAttribute array = mlirArrayAttrGet(ctx, n, attrs);
  free(attrs);
  return array;
}

// The `tc.name` strings of `attrs` (arg_attrs or res_attrs, `n` entries), as
// an array attribute, or null unless every entry has one: the ABI names its
// tensors all or not at all (docs/abi.md §4).
static MlirAttribute namesOf(MlirContext ctx, MlirAttribute attrs, intptr_t n) {
  if (mlirAttributeIsNull(attrs) || !mlirAttributeIsAArray(attrs) || mlirArrayAttrGetNumElements(attrs) < n || n == 0)
    return mlirAttributeGetNull();
  MlirAttribute *names = malloc((size_t)n * sizeof *names);
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute d = mlirArrayAttrGetElement(attrs, i);
    MlirAttribute name = mlirAttributeIsADictionary(d)
                             ? mlirDictionaryAttrGetElementByName(d, mlirStringRefCreateFromCString("tc.name"))
                             : mlirAttributeGetNull();
    if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name)) {
      free(names);
      return mlirAttributeGetNull();
    }
    names[i] = name;
  }
  MlirAttribute array = mlirArrayAttrGet(ctx, n, names);
  free(names);
  return array;
}

// Appends `s` as a JSON string (quotes, backslashes and control bytes escaped).
static void appendJsonString(TcTextBuffer *out, MlirStringRef s) {
  tcTextBufferAppendCString(out, "\"");
  for (size_t i = 0; i < s.length; ++i) {
    unsigned char c = (unsigned char)s.data[i];
    char esc[8];
    if (c == '"' || c == '\\')
      snprintf(esc, sizeof esc, "\\%c", c);
    else if (c < 0x20)
      snprintf(esc, sizeof esc, "\\u%04x", c);
    else
      snprintf(esc, sizeof esc, "%c", c);
    tcTextBufferAppendCString(out, esc);
  }
  tcTextBufferAppendCString(out, "\"");
}

// Appends `names` (an array of strings) to `out` as a JSON array.
static void appendNames(TcTextBuffer *out, MlirAttribute names) {
  tcTextBufferAppendCString(out, "[");
  for (intptr_t i = 0; !mlirAttributeIsNull(names) && i < mlirArrayAttrGetNumElements(names); ++i) {
    if (i)
      tcTextBufferAppendCString(out, ", ");
    appendJsonString(out, mlirStringAttrGetValue(mlirArrayAttrGetElement(names, i)));
  }
  tcTextBufferAppendCString(out, "]");
}

// Records the names the ABI keeps (decision `abi`): the manifest then says
// what the header and the descriptor call each tensor.
static void recordNames(MlirOperation func, MlirAttribute inNames, MlirAttribute outNames) {
  if (mlirAttributeIsNull(inNames) && mlirAttributeIsNull(outNames))
    return;
  char subject[512];
  TcTextBuffer detail = {0};
  tcTextBufferAppendCString(&detail, "tensor names: inputs ");
  appendNames(&detail, inNames);
  tcTextBufferAppendCString(&detail, ", outputs ");
  appendNames(&detail, outNames);
  TcDecision decision = {"abi", tcDecisionSubject(func, subject, sizeof subject), detail.data, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(func), &decision);
  free(detail.data);
}

// Sets tc.abi; `inNames` and `outNames` (from namesOf, before the signature
// changed) become `input_names` and `output_names` when present.
static void setAbi(MlirOperation func, intptr_t nIn, const MlirType *in, intptr_t nOut, const MlirType *out,
                   MlirAttribute inNames, MlirAttribute outNames) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirNamedAttribute entries[4] = {tcNamed(ctx, "inputs", typeArray(ctx, nIn, in)),
                                   tcNamed(ctx, "outputs", typeArray(ctx, nOut, out))};
  intptr_t n = 2;
  if (!mlirAttributeIsNull(inNames))
    entries[n++] = tcNamed(ctx, "input_names", inNames);
  if (!mlirAttributeIsNull(outNames))
    entries[n++] = tcNamed(ctx, "output_names", outNames);
  mlirOperationSetDiscardableAttributeByName(func, mlirStringRefCreateFromCString("tc.abi"),
                                             mlirDictionaryAttrGet(ctx, n, entries));
}

/// Keeps `arg_attrs` (e.g. tc.distribution) in step with the new signature:
/// the output arguments get empty dictionaries; results are gone, and so are
/// their `res_attrs`.
static void updateArgAttrs(MlirOperation func, intptr_t nIn, intptr_t nOut) {
  MlirContext ctx = mlirOperationGetContext(func);
  mlirOperationRemoveAttributeByName(func, mlirStringRefCreateFromCString("res_attrs"));
  MlirAttribute old = mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("arg_attrs"));
  if (mlirAttributeIsNull(old))
    return;
  MlirAttribute *attrs = malloc((nIn + nOut + 1) * sizeof *attrs);
  for (intptr_t i = 0; i < nIn + nOut; ++i)
    attrs[i] = i < nIn && i < mlirArrayAttrGetNumElements(old) ? mlirArrayAttrGetElement(old, i)
                                                               : mlirDictionaryAttrGet(ctx, 0, NULL);
  mlirOperationSetAttributeByName(func, mlirStringRefCreateFromCString("arg_attrs"),
                                  mlirArrayAttrGet(ctx, nIn + nOut, attrs));
  free(attrs);
}

static void copyInto(MlirOperation before, MlirValue from, MlirValue to) {
  TcBuilder b = tcBuilderBefore(before);
  MlirValue operands[2] = {from, to};
  tcBuildOp(&b, "memref.copy", 0, NULL, 2, operands, 0, NULL);
}

/// Writes result `k` (tensor value `v`) into the output buffer `out`.
static MlirLogicalResult bindResult(MlirOperation ret, MlirValue v, MlirValue out, bool *inPlace) {
  MlirValue buffer = tcBufferBehind(v);
  if (mlirValueIsNull(buffer)) // checkBody let only casts and arguments define tensors
    tcFatal("tc-bufferize: a returned value has no buffer");
  MlirOperation def = tcDefiningOp(buffer);
  *inPlace = tcIsOp(def, "memref.alloc");
  if (*inPlace) {
    mlirValueReplaceAllUsesOfWith(buffer, out);
    mlirOperationDestroy(def);
  } else {
    copyInto(ret, buffer, out);
  }
  return mlirLogicalResultSuccess();
}

static void freeAllocations(MlirBlock block, MlirOperation ret) {
  TcBuilder b = tcBuilderBefore(ret);
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (tcIsOp(op, "memref.alloc")) {
      MlirValue buffer = mlirOperationGetResult(op, 0);
      tcBuildOp(&b, "memref.dealloc", 0, NULL, 1, &buffer, 0, NULL);
    }
}

static void recordBufferize(MlirOperation func, intptr_t inPlace, intptr_t copied) {
  char subject[512], detail[128];
  snprintf(detail, sizeof detail, "%ld result(s) computed in their output buffer, %ld copied", (long)inPlace,
           (long)copied);
  TcDecision decision = {"bufferize", tcDecisionSubject(func, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(func), &decision);
}

/// Arguments must be ranked tensors (or buffers, for code written on
/// buffers), results ranked tensors: docs/abi.md has no scalars.
static MlirLogicalResult checkSignature(MlirOperation func, MlirBlock block, MlirOperation ret) {
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(block); ++i) {
    MlirType t = mlirValueGetType(mlirBlockGetArgument(block, i));
    if (!mlirTypeIsARankedTensor(t) && !mlirTypeIsAMemRef(t)) {
      tcEmitOpError(func, "tc-bufferize: argument #%ld is not a ranked tensor; functions take and return ranked "
                          "tensors (docs/abi.md)", (long)i);
      return mlirLogicalResultFailure();
    }
  }
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(ret); ++k)
    if (!mlirTypeIsARankedTensor(mlirValueGetType(mlirOperationGetOperand(ret, k)))) {
      tcEmitOpError(func, "tc-bufferize: result #%ld is not a ranked tensor; functions take and return ranked "
                          "tensors (docs/abi.md)", (long)k);
      return mlirLogicalResultFailure();
    }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult bufferizeFunction(MlirOperation func, MlirType *inTypes, MlirType *outTypes,
                                           MlirType *abiTypes) {
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(block))
    return mlirLogicalResultSuccess(); // a declaration: nothing to do
  MlirOperation ret = mlirBlockGetTerminator(block);
  if (!tcIsOp(ret, "func.return") || mlirLogicalResultIsFailure(checkSignature(func, block, ret)) ||
      mlirLogicalResultIsFailure(checkBody(block)))
    return mlirLogicalResultFailure();
  intptr_t nIn = mlirBlockGetNumArguments(block), nOut = mlirOperationGetNumOperands(ret);
  for (intptr_t k = 0; k < nOut; ++k) // before arguments are retyped: a result may be one
    outTypes[k] = mlirValueGetType(mlirOperationGetOperand(ret, k));
  for (intptr_t i = 0; i < nIn; ++i) {
    MlirValue arg = mlirBlockGetArgument(block, i);
    inTypes[i] = mlirValueGetType(arg);
    abiTypes[i] = mlirTypeIsATensor(inTypes[i]) ? tcMemRefForTensor(inTypes[i]) : inTypes[i];
    mlirBlockArgumentSetType(arg, abiTypes[i]);
  }
  tcFoldBufferCasts(block);
  intptr_t inPlace = 0, copied = 0;
  for (intptr_t k = 0; k < nOut; ++k) {
    MlirValue v = mlirOperationGetOperand(ret, k);
    abiTypes[nIn + k] = tcMemRefForTensor(outTypes[k]);
    MlirValue out = mlirBlockAddArgument(block, abiTypes[nIn + k], mlirOperationGetLocation(func));
    bool claimed;
    if (mlirLogicalResultIsFailure(bindResult(ret, v, out, &claimed)))
      return mlirLogicalResultFailure();
    claimed ? ++inPlace : ++copied;
  }
  TcBuilder b = tcBuilderBefore(ret);
  tcBuildOp(&b, "func.return", 0, NULL, 0, NULL, 0, NULL);
  mlirOperationDestroy(ret);
  ret = mlirBlockGetTerminator(block);
  tcFoldBufferCasts(block);
  freeAllocations(block, ret);
  MlirContext ctx = mlirOperationGetContext(func);
  MlirAttribute inNames = namesOf(ctx, mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("arg_attrs")), nIn);
  MlirAttribute outNames =
      namesOf(ctx, mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("res_attrs")), nOut);
  updateArgAttrs(func, nIn, nOut);
  mlirOperationSetAttributeByName(func, mlirStringRefCreateFromCString("function_type"),
                                  mlirTypeAttrGet(mlirFunctionTypeGet(ctx, nIn + nOut, abiTypes, 0, NULL)));
  MlirAttribute visibility =
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_visibility"));
  bool tensorProgram = true; // a function written on buffers has no ABI of ours
  for (intptr_t i = 0; i < nIn; ++i)
    tensorProgram &= mlirTypeIsATensor(inTypes[i]);
  if (mlirAttributeIsNull(visibility) && tensorProgram) {
    setAbi(func, nIn, inTypes, nOut, outTypes, inNames, outNames);
    recordNames(func, inNames, outNames);
  }
  recordBufferize(func, inPlace, copied);
  return mlirLogicalResultSuccess();
}

static bool isLoopBody(MlirOperation func) {
  // A shape function (tc-insert-guards) already takes and returns what the
  // ABI says: a memref of sizes, a code.
  return !mlirAttributeIsNull(mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("tc.shapes_of"))) || !mlirAttributeIsNull(mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("tc_loop.body"))) ||
         !mlirAttributeIsNull(mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("tc_kernel.body")));
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  if (!tcRefuseDynamicShapes(module, "tc-bufferize")) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!tcIsOp(op, "func.func") || isLoopBody(op))
      continue;
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    intptr_t n = mlirBlockIsNull(body) ? 0 : mlirBlockGetNumArguments(body) +
                 mlirOperationGetNumOperands(mlirBlockGetTerminator(body));
    MlirType *types = malloc((3 * n + 1) * sizeof *types);
    MlirLogicalResult result = bufferizeFunction(op, types, types + n, types + 2 * n);
    free(types);
    if (mlirLogicalResultIsFailure(result)) {
      mlirExternalPassSignalFailure(pass);
      return;
    }
  }
}

MlirPass tcCreateBufferizePass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateLoweringPass(&passId, "TcBufferize", "tc-bufferize",
                              "Give functions buffer arguments and results (docs/abi.md)", run);
}
