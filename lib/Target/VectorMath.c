//===- VectorMath.c - libmvec variants for the calls the contract allows ---===//
//
// tc-plan-vector-math leaves, in the module attribute `tc.vector_math`, the
// scalar libm functions ("expf", "tanhf", ...) whose accuracy loss to
// glibc's libmvec the contract allows (lib/Conversion/Schedule/
// VectorMath.c says when). Here, in the translated LLVM module and before
// O3, every call of such a function (or of the LLVM intrinsic standing for
// it, llvm.exp.f32 ...) gets the vector function ABI attribute naming its
// AVX2 variant:
//
//   call float @llvm.tanh.f32(float %x) #0
//   attributes #0 = { nounwind willreturn memory(none)
//                     "vector-function-abi-variant"="_ZGVdN8v_llvm.tanh.f32(_ZGVdN8v_tanhf)" }
//
// and the variant is declared and kept in llvm.compiler.used (O3 would drop
// an unused declaration before the loop vectoriser looks for it). The loop
// vectoriser then calls the variant on whole vectors; scalar remainders keep
// calling the scalar function. Calls of functions not in the list are left
// alone, so they vectorise (if at all) to the same scalar calls. Only on
// hosts with AVX2, the variants' ISA; the artifact links libmvec
// (SharedLink.c).
//
//===----------------------------------------------------------------------===//
#include "TargetInternal.h"

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"
#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <string.h>

typedef struct Variant {
  const char *scalar, *intrinsic, *vector;
  unsigned width;
  bool f64;
} Variant;

static const Variant kVariants[] = {
    {"expf", "llvm.exp.f32", "_ZGVdN8v_expf", 8, false},   {"exp", "llvm.exp.f64", "_ZGVdN4v_exp", 4, true},
    {"logf", "llvm.log.f32", "_ZGVdN8v_logf", 8, false},   {"log", "llvm.log.f64", "_ZGVdN4v_log", 4, true},
    {"tanhf", "llvm.tanh.f32", "_ZGVdN8v_tanhf", 8, false}, {"tanh", "llvm.tanh.f64", "_ZGVdN4v_tanh", 4, true},
    {"erff", NULL, "_ZGVdN8v_erff", 8, false},             {"erf", NULL, "_ZGVdN4v_erf", 4, true},
};
enum { kNumVariants = sizeof kVariants / sizeof kVariants[0] };

static bool allowedByPlan(MlirAttribute plan, const char *scalar) {
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(plan); ++i) {
    MlirAttribute name = mlirArrayAttrGetElement(plan, i);
    if (mlirAttributeIsAString(name) && mlirStringRefEqual(mlirStringAttrGetValue(name), mlirStringRefCreateFromCString(scalar)))
      return true;
  }
  return false;
}

static const Variant *variantFor(LLVMValueRef call, const bool *allowed) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee))
    return NULL;
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  for (int i = 0; i < kNumVariants; ++i) {
    const Variant *v = &kVariants[i];
    bool match = (strlen(v->scalar) == length && memcmp(v->scalar, name, length) == 0) ||
                 (v->intrinsic && strlen(v->intrinsic) == length && memcmp(v->intrinsic, name, length) == 0);
    if (match && allowed[i])
      return v;
  }
  return NULL;
}

static LLVMValueRef declareVariant(LLVMModuleRef m, const Variant *v) {
  LLVMValueRef fn = LLVMGetNamedFunction(m, v->vector);
  if (fn)
    return fn;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef vec = LLVMVectorType(v->f64 ? LLVMDoubleTypeInContext(ctx) : LLVMFloatTypeInContext(ctx), v->width);
  return LLVMAddFunction(m, v->vector, LLVMFunctionType(vec, &vec, 1, 0));
}

static void markCall(LLVMValueRef call, const Variant *v) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(call));
  size_t length;
  const char *callee = LLVMGetValueName2(LLVMGetCalledValue(call), &length);
  char value[160];
  int n = snprintf(value, sizeof value, "_ZGVdN%uv_%.*s(%s)", v->width, (int)length, callee, v->vector);
  static const char key[] = "vector-function-abi-variant";
  LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex,
                           LLVMCreateStringAttribute(ctx, key, sizeof key - 1, value, (unsigned)n));
  static const char *const flags[] = {"nounwind", "willreturn"};
  for (int i = 0; i < 2; ++i)
    LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex,
                             LLVMCreateEnumAttribute(ctx, LLVMGetEnumAttributeKindForName(flags[i], strlen(flags[i])), 0));
  // memory(none): the vectoriser widens only calls without side effects
  // (errno is never read by generated code).
  LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex,
                           LLVMCreateEnumAttribute(ctx, LLVMGetEnumAttributeKindForName("memory", 6), 0));
}

/// Keeps the declared variants alive through O3 (llvm.compiler.used).
static void keepUsed(LLVMModuleRef m, LLVMValueRef *fns, unsigned n) {
  if (n == 0 || LLVMGetNamedGlobal(m, "llvm.compiler.used"))
    return; // nothing to keep, or a list we do not own
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMValueRef array = LLVMConstArray2(ptr, fns, n);
  LLVMValueRef global = LLVMAddGlobal(m, LLVMTypeOf(array), "llvm.compiler.used");
  LLVMSetInitializer(global, array);
  LLVMSetLinkage(global, LLVMAppendingLinkage);
  LLVMSetSection(global, "llvm.metadata");
}

static bool hostHasAVX2(void) {
  char *features = LLVMGetHostCPUFeatures();
  bool avx2 = strstr(features, "+avx2") != NULL;
  LLVMDisposeMessage(features);
  return avx2;
}

void tcVectorMathApply(MlirOperation module, LLVMModuleRef m) {
  MlirAttribute plan = mlirOperationGetAttributeByName(module, mlirStringRefCreateFromCString("tc.vector_math"));
  if (mlirAttributeIsNull(plan) || !mlirAttributeIsAArray(plan) || !hostHasAVX2())
    return;
  bool allowed[kNumVariants], declared[kNumVariants] = {0};
  for (int i = 0; i < kNumVariants; ++i)
    allowed[i] = allowedByPlan(plan, kVariants[i].scalar);
  LLVMValueRef used[kNumVariants];
  unsigned nUsed = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst; inst = LLVMGetNextInstruction(inst)) {
        const Variant *v = LLVMIsACallInst(inst) ? variantFor(inst, allowed) : NULL;
        if (!v)
          continue;
        markCall(inst, v);
        if (!declared[v - kVariants]) {
          declared[v - kVariants] = true;
          used[nUsed++] = declareVariant(m, v);
        }
      }
  keepUsed(m, used, nUsed);
}
