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
// alone, so they vectorise (if at all) to the same scalar calls. The
// vectoriser picks the variant whose width its vectorisation factor needs
// (the vector width, TC_VECTOR_BITS, decides that factor); the artifact
// links libmvec (SharedLink.c). Which variants were offered is returned for
// the manifest's emission record; which ones the final code calls is read
// after O3 (Emission.c), since the vectoriser may use none of them.
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
  char isa;           ///< the vector function ABI's ISA letter: 'd' AVX2, 'e' AVX-512
  TcVectorMath level; ///< the least TC_VECTOR_MATH that offers it
} Variant;

#define TC_AVX2(s, i, w, v, f) {s, i, v, w, f, 'd', TC_VECTOR_MATH_AVX2}
#define TC_AVX512(s, i, w, v, f) {s, i, v, w, f, 'e', TC_VECTOR_MATH_AVX512}
static const Variant kVariants[] = {
    TC_AVX2("expf", "llvm.exp.f32", 8, "_ZGVdN8v_expf", false),    TC_AVX2("exp", "llvm.exp.f64", 4, "_ZGVdN4v_exp", true),
    TC_AVX2("logf", "llvm.log.f32", 8, "_ZGVdN8v_logf", false),    TC_AVX2("log", "llvm.log.f64", 4, "_ZGVdN4v_log", true),
    TC_AVX2("tanhf", "llvm.tanh.f32", 8, "_ZGVdN8v_tanhf", false), TC_AVX2("tanh", "llvm.tanh.f64", 4, "_ZGVdN4v_tanh", true),
    TC_AVX2("erff", NULL, 8, "_ZGVdN8v_erff", false),              TC_AVX2("erf", NULL, 4, "_ZGVdN4v_erf", true),
    TC_AVX512("expf", "llvm.exp.f32", 16, "_ZGVeN16v_expf", false), TC_AVX512("exp", "llvm.exp.f64", 8, "_ZGVeN8v_exp", true),
    TC_AVX512("logf", "llvm.log.f32", 16, "_ZGVeN16v_logf", false), TC_AVX512("log", "llvm.log.f64", 8, "_ZGVeN8v_log", true),
    TC_AVX512("tanhf", "llvm.tanh.f32", 16, "_ZGVeN16v_tanhf", false),
    TC_AVX512("tanh", "llvm.tanh.f64", 8, "_ZGVeN8v_tanh", true),
    TC_AVX512("erff", NULL, 16, "_ZGVeN16v_erff", false),           TC_AVX512("erf", NULL, 8, "_ZGVeN8v_erf", true),
};
#undef TC_AVX2
#undef TC_AVX512
enum { kNumVariants = sizeof kVariants / sizeof kVariants[0] };

static bool allowedByPlan(MlirAttribute plan, const char *scalar) {
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(plan); ++i) {
    MlirAttribute name = mlirArrayAttrGetElement(plan, i);
    if (mlirAttributeIsAString(name) && mlirStringRefEqual(mlirStringAttrGetValue(name), mlirStringRefCreateFromCString(scalar)))
      return true;
  }
  return false;
}

/// Whether `call` calls the scalar function (or intrinsic) of variant `v`.
static bool callsScalarOf(LLVMValueRef call, const Variant *v) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee))
    return false;
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  return (strlen(v->scalar) == length && memcmp(v->scalar, name, length) == 0) ||
         (v->intrinsic && strlen(v->intrinsic) == length && memcmp(v->intrinsic, name, length) == 0);
}

static LLVMValueRef declareVariant(LLVMModuleRef m, const Variant *v) {
  LLVMValueRef fn = LLVMGetNamedFunction(m, v->vector);
  if (fn)
    return fn;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef vec = LLVMVectorType(v->f64 ? LLVMDoubleTypeInContext(ctx) : LLVMFloatTypeInContext(ctx), v->width);
  return LLVMAddFunction(m, v->vector, LLVMFunctionType(vec, &vec, 1, 0));
}

/// Gives `call` the vector function ABI attribute listing the `n` variants
/// `vs` (every width offered: the vectoriser picks the one its factor needs).
static void markCall(LLVMValueRef call, const Variant *const *vs, int n) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(call));
  size_t length;
  const char *callee = LLVMGetValueName2(LLVMGetCalledValue(call), &length);
  char value[512];
  int used = 0;
  for (int i = 0; i < n && used < (int)sizeof value; ++i)
    used += snprintf(value + used, sizeof value - (size_t)used, "%s_ZGV%cN%uv_%.*s(%s)", i ? "," : "", vs[i]->isa,
                     vs[i]->width, (int)length, callee, vs[i]->vector);
  static const char key[] = "vector-function-abi-variant";
  LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex,
                           LLVMCreateStringAttribute(ctx, key, sizeof key - 1, value, (unsigned)used));
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

/// The variants offered for the call `inst` under `allowed`, into `vs`.
static int offeredFor(LLVMValueRef inst, const bool *allowed, const Variant **vs) {
  int n = 0;
  for (int i = 0; i < kNumVariants; ++i)
    if (allowed[i] && callsScalarOf(inst, &kVariants[i]))
      vs[n++] = &kVariants[i];
  return n;
}

json_t *tcVectorMathApply(MlirOperation module, LLVMModuleRef m, TcVectorMath offered) {
  MlirAttribute plan = mlirOperationGetAttributeByName(module, mlirStringRefCreateFromCString("tc.vector_math"));
  json_t *offeredList = json_array();
  if (mlirAttributeIsNull(plan) || !mlirAttributeIsAArray(plan) || offered == TC_VECTOR_MATH_NONE)
    return offeredList;
  bool allowed[kNumVariants], declared[kNumVariants] = {0};
  for (int i = 0; i < kNumVariants; ++i)
    allowed[i] = kVariants[i].level <= offered && allowedByPlan(plan, kVariants[i].scalar);
  LLVMValueRef used[kNumVariants];
  unsigned nUsed = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst; inst = LLVMGetNextInstruction(inst)) {
        const Variant *vs[kNumVariants];
        int n = LLVMIsACallInst(inst) ? offeredFor(inst, allowed, vs) : 0;
        if (n == 0)
          continue;
        markCall(inst, vs, n);
        for (int i = 0; i < n; ++i)
          if (!declared[vs[i] - kVariants]) {
            declared[vs[i] - kVariants] = true;
            used[nUsed++] = declareVariant(m, vs[i]);
          }
      }
  keepUsed(m, used, nUsed);
  for (int i = 0; i < kNumVariants; ++i) // in the table's order: the same list for the same module
    if (declared[i])
      json_array_append_new(offeredList, json_string(kVariants[i].vector));
  return offeredList;
}
