//===- SoftFloat.c - the bf16 conversions LLVM's code generator calls -----===//
//
// Without native bf16 instructions, LLVM lowers `fptrunc float/double to
// bfloat` (and bf16 arithmetic, which it promotes to f32 and truncates back)
// to calls of `__truncsfbf2` and `__truncdfbf2`. libgcc 12 (Debian 12) has
// the f16 conversions but not these, so an artifact that computes bf16
// values brings its own: weak (another definition, e.g. a newer libgcc's
// in the same link, wins without a clash), hidden (each shared library keeps
// its copy and exports nothing), written here in LLVM IR and linked into the
// module before O3 only when some instruction yields a bf16 value.
//
// Both round to nearest, ties to even, once. f32 -> bf16 adds 0x7fff plus the
// lowest kept bit and drops 16 bits (a carry into the exponent gives the
// next binade or infinity); NaN becomes quiet, keeping its sign. f64 -> bf16
// must not round twice through f32, so it first rounds to f32 *to odd* (the
// hardware's nearest result, stepped toward zero if it went past the value,
// with the lowest bit set if inexact): f32 keeps 16 bits more than bf16, in
// the subnormal range too, and 2 are enough for the second rounding to be
// the correct one. Overflow gives FLT_MAX (odd), which rounds to infinity.
// test/Target/SoftFloat.test checks the ties, the double-rounding case,
// subnormals, overflow and NaN.
//
//===----------------------------------------------------------------------===//
#include "TargetInternal.h"

#include "llvm-c/IRReader.h"
#include "llvm-c/Linker.h"

#include <stdio.h>
#include <string.h>

static const char kConversions[] =
    "define internal i16 @tc.bf16.round_f32_bits(i32 %b) {\n"
    "  %abs = and i32 %b, 2147483647\n"
    "  %nan = icmp ugt i32 %abs, 2139095040\n"
    "  %hi = lshr i32 %b, 16\n"
    "  %lsb = and i32 %hi, 1\n"
    "  %bias = add i32 %lsb, 32767\n"
    "  %sum = add i32 %b, %bias\n"
    "  %rounded = lshr i32 %sum, 16\n"
    "  %quiet = or i32 %hi, 64\n"
    "  %r = select i1 %nan, i32 %quiet, i32 %rounded\n"
    "  %t = trunc i32 %r to i16\n"
    "  ret i16 %t\n"
    "}\n"
    "define weak hidden bfloat @__truncsfbf2(float %x) nounwind {\n"
    "  %b = bitcast float %x to i32\n"
    "  %r = call i16 @tc.bf16.round_f32_bits(i32 %b)\n"
    "  %h = bitcast i16 %r to bfloat\n"
    "  ret bfloat %h\n"
    "}\n"
    "define weak hidden bfloat @__truncdfbf2(double %x) nounwind {\n"
    "  %f = fptrunc double %x to float\n"
    "  %back = fpext float %f to double\n"
    "  %inexact = fcmp one double %back, %x\n"
    "  %absBack = call double @llvm.fabs.f64(double %back)\n"
    "  %absX = call double @llvm.fabs.f64(double %x)\n"
    "  %away = fcmp ogt double %absBack, %absX\n"
    "  %bits = bitcast float %f to i32\n"
    "  %down = sub i32 %bits, 1\n"
    "  %toward = select i1 %away, i32 %down, i32 %bits\n"
    "  %odd = or i32 %toward, 1\n"
    "  %rto = select i1 %inexact, i32 %odd, i32 %toward\n"
    "  %r = call i16 @tc.bf16.round_f32_bits(i32 %rto)\n"
    "  %h = bitcast i16 %r to bfloat\n"
    "  ret bfloat %h\n"
    "}\n"
    "declare double @llvm.fabs.f64(double)\n";

static bool isBF16(LLVMTypeRef t) {
  LLVMTypeKind kind = LLVMGetTypeKind(t);
  if (kind == LLVMVectorTypeKind || kind == LLVMScalableVectorTypeKind)
    return isBF16(LLVMGetElementType(t));
  return kind == LLVMBFloatTypeKind;
}

static bool computesBF16(LLVMModuleRef module) {
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
        if (isBF16(LLVMTypeOf(i)))
          return true;
  return false;
}

bool tcSoftFloatAddIfNeeded(LLVMModuleRef module, bool *linked, char *err, size_t errSize) {
  *linked = false;
  if (!computesBF16(module))
    return true;
  LLVMContextRef ctx = LLVMGetModuleContext(module);
  LLVMMemoryBufferRef text =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(kConversions, strlen(kConversions), "tensorc-bf16-conversions");
  LLVMModuleRef helpers = NULL;
  char *message = NULL;
  if (LLVMParseIRInContext(ctx, text, &helpers, &message)) { // takes `text`
    snprintf(err, errSize, "cannot parse the bf16 conversions: %s", message ? message : "");
    LLVMDisposeMessage(message);
    return false;
  }
  LLVMSetDataLayout(helpers, LLVMGetDataLayoutStr(module));
  LLVMSetTarget(helpers, LLVMGetTarget(module));
  if (LLVMLinkModules2(module, helpers)) { // takes `helpers`
    snprintf(err, errSize, "cannot link the bf16 conversions into the module");
    return false;
  }
  *linked = true;
  return true;
}
