//===- CpuPipeline.c - the order of the CPU pipeline -----------------------===//
//
// The one place that says which passes take a tc_tensor program to the llvm
// dialect, and in which order. Each stage states what it requires in its
// own file; the order here satisfies them:
//
//   tc-verify          structural rules (a program that breaks them is
//                      rejected before any lowering)
//   tc-lower-tensor    tc_tensor ops -> tc_loop nests over buffers
//   tc-bufferize       functions take and write buffers (docs/abi.md)
//   tc-lower-kernels   tc_kernel ops (on buffers) -> tc_loop nests
//   tc-lower-loops     tc_loop.nest -> scf loops calling the body
//   upstream           scf, math, memref, arith, cf, func -> llvm; libm for
//                      the math functions LLVM has no intrinsic for; memrefs
//                      as bare pointers at function boundaries
//
//===----------------------------------------------------------------------===//
#include "tensorc/Pipelines.h"

#include <stdlib.h>
#include <string.h>

static const char *const kCpuPipeline[] = {
    "tc-verify",
    "tc-lower-tensor",
    "tc-bufferize",
    "tc-lower-kernels",
    "tc-lower-loops",
    "convert-scf-to-cf",
    "convert-math-to-llvm",
    "convert-math-to-libm",
    "expand-strided-metadata",
    "lower-affine",
    "finalize-memref-to-llvm",
    "convert-arith-to-llvm",
    "convert-cf-to-llvm",
    "convert-func-to-llvm{use-bare-ptr-memref-call-conv=1}",
    "reconcile-unrealized-casts",
};

const char *const *tcGetCpuPipeline(intptr_t *count) {
  *count = (intptr_t)(sizeof kCpuPipeline / sizeof kCpuPipeline[0]);
  return kCpuPipeline;
}

static size_t nameLength(const char *element) {
  const char *brace = strchr(element, '{');
  return brace ? (size_t)(brace - element) : strlen(element);
}

char *tcCreateCpuPipelineText(const char *stopAfter) {
  intptr_t n;
  const char *const *elements = tcGetCpuPipeline(&n);
  intptr_t last = n - 1;
  if (stopAfter) {
    for (last = 0; last < n; ++last)
      if (nameLength(elements[last]) == strlen(stopAfter) &&
          strncmp(elements[last], stopAfter, strlen(stopAfter)) == 0)
        break;
    if (last == n)
      return NULL;
  }
  size_t len = sizeof "builtin.module()";
  for (intptr_t i = 0; i <= last; ++i)
    len += strlen(elements[i]) + 1;
  char *text = malloc(len);
  strcpy(text, "builtin.module(");
  for (intptr_t i = 0; i <= last; ++i) {
    if (i)
      strcat(text, ",");
    strcat(text, elements[i]);
  }
  strcat(text, ")");
  return text;
}
