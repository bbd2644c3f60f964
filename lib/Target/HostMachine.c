//===- HostMachine.c - the TargetMachine of the machine we run on ---------===//
//
// LLVM's O3 pipeline vectorises only when it knows the target (its vector
// registers, its cost model), so optimisation and code generation share one
// TargetMachine built for the host: LLVM's default triple, the host CPU and
// its features, aggressive code generation, position-independent code (so
// objects link into executables and shared libraries alike).
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

LLVMTargetMachineRef tcHostMachineCreate(char *err, size_t errSize) {
  initializeNativeTarget();
  char *triple = LLVMGetDefaultTargetTriple();
  LLVMTargetRef target;
  char *message = NULL;
  LLVMTargetMachineRef machine = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &message)) {
    snprintf(err, errSize, "no LLVM target for host triple '%s': %s", triple, message ? message : "");
  } else {
    char *cpu = LLVMGetHostCPUName();
    char *features = LLVMGetHostCPUFeatures();
    machine = LLVMCreateTargetMachine(target, triple, cpu, features, LLVMCodeGenLevelAggressive, LLVMRelocPIC,
                                      LLVMCodeModelDefault);
    if (!machine)
      snprintf(err, errSize, "LLVM cannot create a target machine for '%s' (%s)", triple, cpu);
    LLVMDisposeMessage(cpu);
    LLVMDisposeMessage(features);
  }
  if (message)
    LLVMDisposeMessage(message);
  LLVMDisposeMessage(triple);
  return machine;
}
