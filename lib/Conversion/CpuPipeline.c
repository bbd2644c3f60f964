//===- CpuPipeline.c - the order of the CPU pipeline -----------------------===//
//
// The one place that says which passes take a tc_tensor program to the llvm
// dialect, and in which order. Each stage states what it requires in its
// own file; the order here satisfies them:
//
//   tc-verify          structural rules (a program that breaks them is
//                      rejected before any lowering)
//   tc-plan-vector-math  which libm calls may use libmvec (the contract
//                      decides per op kind; needs the tc_tensor op kinds)
//   tc-select-kernels  matmul/gemm -> tc_kernel.gemm "blis" where allowed
//   tc-lower-tensor    tc_tensor ops -> tc_loop nests over buffers
//   tc-bufferize       functions take and write buffers (docs/abi.md)
//   tc-lower-kernels   tc_kernel ops (on buffers) -> tc_loop nests
//   tc-fuse-elementwise  adjacent pointwise nests over one space -> one
//                      nest; intermediates dropped (needs final buffers)
//   tc-fuse-producers  a cheap pointwise nest read only by the next nest
//                      is recomputed inside it (after the chains are fused)
//   tc-plan-memory     temporaries share one arena by live interval;
//                      in-place pointwise nests (needs the fused nests)
//   tc-lower-loops     tc_loop.nest -> scf loops calling the body
//   upstream           scf.parallel -> omp (OpenMP threads); math, memref,
//                      scf, arith, cf, func, omp -> llvm; libm for the math
//                      functions LLVM has no intrinsic for; memrefs as bare
//                      pointers at function boundaries. memref before
//                      scf-to-cf: the memref.alloca_scope scf-to-openmp puts
//                      in each parallel body must still be one block when
//                      finalize-memref-to-llvm lowers it
//   tc-split-loop-blocks  (amid upstream, before convert-scf-to-cf) one
//                      block per top-level scf op, so scf-to-cf is linear
//
//===----------------------------------------------------------------------===//
#include "tensorc/Pipelines.h"
#include "tensorc/Passes.h"
#include "tensorc/TestFaults.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kCpuPipeline[] = {
    "tc-verify",
    "tc-plan-vector-math",
    "tc-select-kernels",
    "tc-lower-tensor",
    "tc-bufferize",
    "tc-lower-kernels",
    "tc-fuse-elementwise",
    "tc-fuse-producers",
    "tc-plan-memory",
    "tc-lower-loops",
    "convert-scf-to-openmp",
    "convert-math-to-llvm",
    "convert-math-to-libm",
    "expand-strided-metadata",
    "lower-affine",
    "finalize-memref-to-llvm",
    "tc-split-loop-blocks",
    "convert-scf-to-cf",
    "convert-arith-to-llvm",
    "convert-cf-to-llvm",
    "convert-func-to-llvm{use-bare-ptr-memref-call-conv=1}",
    "convert-openmp-to-llvm",
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

// The text of one element: a tensorc pass that anchors on func.func is
// nested under it (`func.func(tc-select-kernels)`), so that upstream's
// pipeline parser, which does not nest implicitly, reads the text too.
static void appendElement(char *text, const char *element) {
  const TcPassInfo *info = tcLookupPass(mlirStringRefCreate(element, nameLength(element)));
  bool nested = info && strcmp(info->anchor, "func.func") == 0;
  strcat(text, nested ? "func.func(" : "");
  strcat(text, element);
  strcat(text, nested ? ")" : "");
}

enum { kNestingLength = sizeof "func.func()" - 1 };

// Whether kinds[k] was named before (a repeated kind runs once).
static bool repeated(const char *const *kinds, int k) {
  for (int j = 0; j < k; ++j)
    if (strcmp(kinds[j], kinds[k]) == 0)
      return true;
  return false;
}

// The fault passes of `kinds` that run after element `name` (length n), as
// ",argument" each, appended to `text` (which has room).
static void appendFaults(char *text, const char *name, size_t n, const char *const *kinds, int numKinds) {
  for (int k = 0; k < numKinds; ++k) {
    const TcTestFaultPass *f = tcTestFaultPassFind(kinds[k]);
    if (f && !repeated(kinds, k) && strlen(f->after) == n && strncmp(f->after, name, n) == 0)
      strcat(strcat(text, ","), f->pass.argument);
  }
}

char *tcCreateCpuPipelineTextWithFaults(const char *stopAfter, const char *const *kinds, int numKinds) {
  char *plain = tcCreateCpuPipelineText(stopAfter);
  if (!plain || numKinds == 0)
    return plain;
  size_t extra = 0;
  for (int k = 0; k < numKinds; ++k)
    extra += tcTestFaultPassFind(kinds[k]) ? strlen(tcTestFaultPassFind(kinds[k])->pass.argument) + 1 : 0;
  intptr_t n;
  const char *const *elements = tcGetCpuPipeline(&n);
  char *text = calloc(1, strlen(plain) + extra + 1);
  strcpy(text, "builtin.module(");
  for (intptr_t i = 0; i < n; ++i) {
    size_t len = nameLength(elements[i]);
    if (i)
      strcat(text, ",");
    appendElement(text, elements[i]);
    appendFaults(text, elements[i], len, kinds, numKinds);
    if (stopAfter && len == strlen(stopAfter) && strncmp(elements[i], stopAfter, len) == 0)
      break;
  }
  strcat(text, ")");
  free(plain);
  return text;
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
    len += strlen(elements[i]) + 1 + kNestingLength;
  char *text = malloc(len);
  strcpy(text, "builtin.module(");
  for (intptr_t i = 0; i <= last; ++i) {
    if (i)
      strcat(text, ",");
    appendElement(text, elements[i]);
  }
  strcat(text, ")");
  return text;
}
