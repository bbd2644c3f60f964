//===- HostMachine.c - the TargetMachine of the machine we run on ---------===//
//
// LLVM's O3 pipeline vectorises only when it knows the target (its vector
// registers, its cost model), so optimisation and code generation share one
// TargetMachine: LLVM's default triple, the CPU and features lib/Host chose
// (this machine's unless forced, never the unsafe ones), aggressive code
// generation, position-independent code (so objects link into executables
// and shared libraries alike). Every defined function also gets the chosen
// vector width as "prefer-vector-width": without it LLVM picks its own per
// CPU (256 bits on most AVX-512 CPUs), and the manifest would not say what
// the vectoriser used.
//
//===----------------------------------------------------------------------===//
#include "TargetInternal.h"

#include "llvm-c/Target.h"

#include <stdio.h>

// The native target's initialisers are static inline in llvm-c/Target.h;
// calling them more than once is harmless.
static void initializeNativeTarget(void) {
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
}

LLVMTargetMachineRef tcHostMachineCreate(const TcHostTarget *t, char *err, size_t errSize) {
  initializeNativeTarget();
  char *triple = LLVMGetDefaultTargetTriple();
  LLVMTargetRef target;
  char *message = NULL;
  LLVMTargetMachineRef machine = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &message)) {
    snprintf(err, errSize, "no LLVM target for host triple '%s': %s", triple, message ? message : "");
  } else {
    machine = LLVMCreateTargetMachine(target, triple, t->cpu, t->features, LLVMCodeGenLevelAggressive, LLVMRelocPIC,
                                      LLVMCodeModelDefault);
    if (!machine)
      snprintf(err, errSize, "LLVM cannot create a target machine for '%s' (%s)", triple, t->cpu);
  }
  if (message)
    LLVMDisposeMessage(message);
  LLVMDisposeMessage(triple);
  return machine;
}

void tcHostMachineSetVectorWidth(LLVMModuleRef module, const TcHostTarget *t) {
  char bits[16];
  int n = snprintf(bits, sizeof bits, "%d", t->vectorBits);
  static const char key[] = "prefer-vector-width";
  LLVMContextRef ctx = LLVMGetModuleContext(module);
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn))
    if (!LLVMIsDeclaration(fn))
      LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                              LLVMCreateStringAttribute(ctx, key, sizeof key - 1, bits, (unsigned)n));
}

json_t *tcHostMachineDescribe(LLVMTargetMachineRef machine, const TcHostTarget *t) {
  char *triple = LLVMGetTargetMachineTriple(machine);
  json_t *d = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:i}", "triple", triple, "cpu", t->cpu, "features",
                        t->features, "opt_level", "aggressive", "reloc", "pic", "code_model", "default",
                        "prefer_vector_width", t->vectorBits);
  LLVMDisposeMessage(triple);
  return d;
}
