//===- loader-api.c - lib/Runtime's C API, from a program's point of view -===//
//
// tc-runtime-loader-api dtypes        the dtype table and f16/bf16 patterns
// tc-runtime-loader-api open PATH     load an artifact; print its entry points'
//                                     signatures, or the status and message
// tc-runtime-loader-api call PATH     call @bias_add and @threshold of
//                                     test/Target/Inputs/abi-kernels.mlir
//
// Every line printed is checked by loader-api.test.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Runtime.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *statusName(TcRuntimeStatus s) {
  static const char *const names[] = {"OK", "CANNOT_LOAD", "NOT_AN_ARTIFACT", "BAD_DESCRIPTOR", "BAD_ARGUMENT",
                                      "OUT_OF_MEMORY"};
  return names[s];
}

static int dtypes(void) {
  for (int d = TC_ABI_I1; d <= TC_ABI_F64; ++d) {
    TcAbiDtype back;
    const char *name = tcAbiDtypeGetName((TcAbiDtype)d);
    bool found = tcAbiDtypeFromName(name, strlen(name), &back) && back == (TcAbiDtype)d;
    printf("%s %s %zu %s\n", name, tcAbiDtypeGetCType((TcAbiDtype)d), tcAbiDtypeGetSize((TcAbiDtype)d),
           found ? "round-trips" : "LOST");
  }
  TcAbiDtype unused;
  printf("si32 %s, f32x %s\n", tcAbiDtypeFromName("si32", 4, &unused) ? "found" : "unknown",
         tcAbiDtypeFromName("f32x", 3, &unused) ? "prefix found" : "prefix unknown");
  printf("f16 3c00 %g, 0001 %g, fbff %g, 7c00 %g, fe00 %s\n", (double)tcAbiF16ToFloat(0x3c00),
         (double)tcAbiF16ToFloat(0x0001), (double)tcAbiF16ToFloat(0xfbff), (double)tcAbiF16ToFloat(0x7c00),
         isnan(tcAbiF16ToFloat(0xfe00)) ? "nan" : "not nan");
  uint16_t bits = 0;
  bool exact = tcAbiFloatToBF16Exact(1.0078125f, &bits);
  printf("bf16 3f81 %g; 1.0078125 %s %04x;", (double)tcAbiBF16ToFloat(0x3f81), exact ? "exact" : "inexact", bits);
  printf(" 0.1 %s\n", tcAbiFloatToBF16Exact(0.1f, &bits) ? "exact" : "inexact");
  TcAbiTensorType t = {TC_ABI_UI8, 3, {2, 0, 4}};
  char buf[64];
  printf("%s has %lld elements\n", tcAbiTensorTypeFormat(&t, buf, sizeof buf),
         (long long)tcAbiTensorTypeGetNumElements(&t));
  return 0;
}

static void printType(const char *what, intptr_t i, const TcAbiTensorType *t) {
  char buf[256];
  printf("  %s #%ld: %s\n", what, (long)i, tcAbiTensorTypeFormat(t, buf, sizeof buf));
}

static int openArtifact(const char *path) {
  TcArtifact a;
  char err[1024];
  TcRuntimeStatus s = tcArtifactCreate(path, &a, err, sizeof err);
  if (s != TC_RUNTIME_OK) {
    printf("%s: %s (artifact %s)\n", statusName(s), err, tcArtifactIsNull(a) ? "null" : "NOT NULL");
    return 0;
  }
  for (intptr_t i = 0; i < tcArtifactGetNumEntryPoints(a); ++i) {
    TcEntryPoint e = tcArtifactGetEntryPoint(a, i);
    printf("%s\n", tcEntryPointGetName(e));
    for (intptr_t k = 0; k < tcEntryPointGetNumInputs(e); ++k)
      printType("input", k, tcEntryPointGetInput(e, k));
    for (intptr_t k = 0; k < tcEntryPointGetNumOutputs(e); ++k)
      printType("output", k, tcEntryPointGetOutput(e, k));
  }
  printf("lookup threshold: %s, lookup helper: %s, entry #99: %s\n",
         tcEntryPointIsNull(tcArtifactLookupEntryPoint(a, "threshold")) ? "null" : "found",
         tcEntryPointIsNull(tcArtifactLookupEntryPoint(a, "helper")) ? "null" : "found",
         tcEntryPointIsNull(tcArtifactGetEntryPoint(a, 99)) ? "null" : "found");
  tcArtifactDestroy(a);
  return 0;
}

static int callBiasAdd(TcArtifact a, char *err, size_t errSize) {
  float x[6] = {0, 1, 2, 3, 4, 5}, b[3] = {0.5f, -1, 2}, y[6];
  void *inputs[] = {x, b}, *outputs[] = {y};
  TcRuntimeStatus s = tcEntryPointCall(tcArtifactLookupEntryPoint(a, "bias_add"), inputs, outputs, err, errSize);
  printf("bias_add: %s %g %g %g %g %g %g\n", statusName(s), y[0], y[1], y[2], y[3], y[4], y[5]);
  void *missing[] = {x, NULL};
  s = tcEntryPointCall(tcArtifactLookupEntryPoint(a, "bias_add"), missing, outputs, err, errSize);
  printf("bias_add with a NULL input: %s: %s\n", statusName(s), err);
  s = tcEntryPointCall((TcEntryPoint){NULL}, inputs, outputs, err, errSize);
  printf("a null entry point: %s: %s\n", statusName(s), err);
  return 0;
}

static int callThreshold(TcArtifact a, char *err, size_t errSize) {
  int32_t x[5] = {1, 5, -3, 200, 7};
  uint8_t t = 4;
  bool mask[5];
  int64_t count = -1;
  void *inputs[] = {x, &t}, *outputs[] = {mask, &count};
  TcRuntimeStatus s = tcEntryPointCall(tcArtifactLookupEntryPoint(a, "threshold"), inputs, outputs, err, errSize);
  printf("threshold: %s %d %d %d %d %d count %lld\n", statusName(s), mask[0], mask[1], mask[2], mask[3], mask[4],
         (long long)count);
  return 0;
}

static int call(const char *path) {
  TcArtifact a;
  char err[1024];
  if (tcArtifactCreate(path, &a, err, sizeof err) != TC_RUNTIME_OK) {
    printf("cannot load: %s\n", err);
    return 1;
  }
  callBiasAdd(a, err, sizeof err);
  callThreshold(a, err, sizeof err);
  tcArtifactDestroy(a);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "dtypes"))
    return dtypes();
  if (argc == 3 && !strcmp(argv[1], "open"))
    return openArtifact(argv[2]);
  if (argc == 3 && !strcmp(argv[1], "call"))
    return call(argv[2]);
  fprintf(stderr, "usage: %s dtypes | open PATH | call PATH\n", argv[0]);
  return 2;
}
