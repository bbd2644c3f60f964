//===- PackedWrappers.c - what an artifact holds for its entry points -----===//
//
// After translation, each entry point `f` gets `void f__tc_packed(void
// **args)`, which loads args[0..n) and calls `f` with them: one signature for
// every entry point, so a loader can call any of them without generating
// code. The module then gets one exported constant, `__tc_abi`, holding the
// descriptor: NUL-terminated JSON listing every entry point with its packed
// wrapper and the dtypes and shapes of its inputs and outputs (docs/abi.md),
// written from TcTargetEntries, so it is exactly what was checked. Both are
// plain external definitions; O3 keeps them. A dynamic entry point's wrapper
// is `int32_t f__tc_packed(void **args)`: args[n] is the dims array, and it
// returns the entry point's code; the descriptor names its shape function
// and is then format TC_ABI_FORMAT_DYNAMIC (docs/dynamic-shapes.md §3).
//
//===----------------------------------------------------------------------===//
#include "TargetInternal.h"

#include "tensorc/Diagnostics.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_t *tensorTypeJson(const TcAbiTensorType *t) {
  json_t *shape = json_array();
  for (int d = 0; d < t->rank; ++d)
    json_array_append_new(shape, json_integer(t->shape[d]));
  json_t *v = json_object();
  json_object_set_new(v, "dtype", json_string(tcAbiDtypeGetName(t->dtype)));
  json_object_set_new(v, "shape", shape);
  return v;
}

static json_t *entryJson(const TcTargetEntry *e) {
  char packed[512];
  snprintf(packed, sizeof packed, "%s" TC_ABI_PACKED_SUFFIX, e->name);
  json_t *inputs = json_array(), *outputs = json_array();
  for (intptr_t i = 0; i < e->numInputs + e->numOutputs; ++i)
  {
    json_t *t = tensorTypeJson(&e->types[i]);
    if (e->names && e->names[i])
      json_object_set_new(t, "name", json_string(e->names[i]));
    json_array_append_new(i < e->numInputs ? inputs : outputs, t);
  }
  json_t *v = json_object();
  json_object_set_new(v, "name", json_string(e->name));
  json_object_set_new(v, "packed", json_string(packed));
  json_object_set_new(v, "inputs", inputs);
  json_object_set_new(v, "outputs", outputs);
  if (e->dynamic) {
    char shapes[512];
    snprintf(shapes, sizeof shapes, "%s" TC_ABI_SHAPES_SUFFIX, e->name);
    json_object_set_new(v, "shapes", json_string(shapes));
  }
  return v;
}

char *tcEntryPointsDescriptorJson(const TcTargetEntries *entries) {
  json_t *functions = json_array();
  bool dynamic = false;
  for (intptr_t i = 0; i < entries->count; ++i) {
    json_array_append_new(functions, entryJson(&entries->entries[i]));
    dynamic = dynamic || entries->entries[i].dynamic;
  }
  json_t *root = json_object();
  json_object_set_new(root, "format", json_string(dynamic ? TC_ABI_FORMAT_DYNAMIC : TC_ABI_FORMAT));
  json_object_set_new(root, "functions", functions);
  char *text = json_dumps(root, 0);
  json_decref(root);
  if (!text)
    tcFatal("out of memory writing the ABI descriptor");
  return text;
}

static void addPackedWrapper(LLVMModuleRef module, const TcTargetEntry *e) {
  LLVMValueRef entry = LLVMGetNamedFunction(module, e->name);
  if (!entry)
    tcFatal("entry point '%s' is missing after translation", e->name);
  LLVMContextRef ctx = LLVMGetModuleContext(module);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0), i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef result = e->dynamic ? LLVMInt32TypeInContext(ctx) : LLVMVoidTypeInContext(ctx);
  char name[512];
  snprintf(name, sizeof name, "%s" TC_ABI_PACKED_SUFFIX, e->name);
  LLVMValueRef wrapper = LLVMAddFunction(module, name, LLVMFunctionType(result, &ptr, 1, 0));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, wrapper, "entry"));
  unsigned n = (unsigned)(e->numInputs + e->numOutputs + e->dynamic);
  LLVMValueRef *args = calloc(n + 1, sizeof *args);
  if (!args)
    tcFatal("out of memory building a packed wrapper");
  for (unsigned i = 0; i < n; ++i) {
    LLVMValueRef index = LLVMConstInt(i64, i, 0);
    LLVMValueRef slot = LLVMBuildGEP2(b, ptr, LLVMGetParam(wrapper, 0), &index, 1, "");
    args[i] = LLVMBuildLoad2(b, ptr, slot, "");
  }
  LLVMValueRef code = LLVMBuildCall2(b, LLVMGlobalGetValueType(entry), entry, args, n, "");
  if (e->dynamic)
    LLVMBuildRet(b, code);
  else
    LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  free(args);
}

static void addDescriptor(LLVMModuleRef module, const char *json) {
  LLVMValueRef init = LLVMConstStringInContext2(LLVMGetModuleContext(module), json, strlen(json), 0);
  LLVMValueRef global = LLVMAddGlobal(module, LLVMTypeOf(init), TC_ABI_DESCRIPTOR_SYMBOL);
  LLVMSetInitializer(global, init);
  LLVMSetGlobalConstant(global, 1);
  LLVMSetAlignment(global, 1);
}

void tcEntryPointsAddToLLVM(LLVMModuleRef module, const TcTargetEntries *entries) {
  if (entries->count == 0)
    return;
  for (intptr_t i = 0; i < entries->count; ++i)
    addPackedWrapper(module, &entries->entries[i]);
  char *json = tcEntryPointsDescriptorJson(entries);
  addDescriptor(module, json);
  free(json);
}
