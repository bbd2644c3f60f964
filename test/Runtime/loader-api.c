//===- loader-api.c - lib/Runtime's C API, from a program's point of view -===//
//
// tc-runtime-loader-api dtypes        the dtype table and f16/bf16 patterns
// tc-runtime-loader-api open PATH     load an artifact; print its entry points'
//                                     signatures, or the status and message
// tc-runtime-loader-api call PATH     call @bias_add and @threshold of
//                                     test/Target/Inputs/abi-kernels.mlir
// tc-runtime-loader-api dynamic PATH  ask @add of
//                                     test/tools/tensor-run/Inputs/dynamic-add.mlir
//                                     for shapes and call it, accepted and
//                                     rejected
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
                                      "OUT_OF_MEMORY", "REJECTED"};
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

// Shapes of add for a of [rows_a, inner] and b of [rows_b, 3].
static void inferAdd(TcEntryPoint e, int64_t rowsA, int64_t inner, int64_t rowsB, char *err, size_t errSize) {
  int64_t a[2] = {rowsA, inner}, b[2] = {rowsB, 3}, out[2] = {-7, -7};
  const int64_t *in[] = {a, b};
  int64_t *outs[] = {out};
  int32_t guard = -1;
  TcRuntimeStatus s = tcEntryPointInferShapes(e, in, outs, &guard, err, errSize);
  printf("add shapes [%lld, %lld] [%lld, 3]: %s guard %d (%s) out [%lld, %lld]%s%s\n", (long long)rowsA,
         (long long)inner, (long long)rowsB, statusName(s), (int)guard,
         tcAbiGuardGetName(guard) ? tcAbiGuardGetName(guard) : "none", (long long)out[0], (long long)out[1],
         s == TC_RUNTIME_OK ? "" : ": ", s == TC_RUNTIME_OK ? "" : err);
}

// add on 2 rows, then on rows that do not match: the output keeps its
// sentinel.
static void callAdd(TcEntryPoint e, char *err, size_t errSize) {
  float x[6] = {0, 1, 2, 3, 4, 5}, y[6] = {1, 1, 1, 1, 1, 1}, z[6] = {-9, -9, -9, -9, -9, -9};
  int64_t sx[2] = {2, 3}, sy[2] = {2, 3}, sz[2] = {0, 0};
  const int64_t *in[] = {sx, sy};
  int64_t *outs[] = {sz};
  void *inputs[] = {x, y}, *outputs[] = {z};
  int32_t guard = -1;
  TcRuntimeStatus s = tcEntryPointCallShaped(e, inputs, in, outputs, outs, &guard, err, errSize);
  printf("add 2 rows: %s guard %d out [%lld, %lld] = %g %g %g %g %g %g\n", statusName(s), (int)guard,
         (long long)sz[0], (long long)sz[1], z[0], z[1], z[2], z[3], z[4], z[5]);
  float w[6] = {-9, -9, -9, -9, -9, -9};
  void *rejected[] = {w};
  sy[0] = 1;
  s = tcEntryPointCallShaped(e, inputs, in, rejected, outs, &guard, err, errSize);
  printf("add 2 rows and 1: %s guard %d, out untouched: %s: %s\n", statusName(s), (int)guard,
         w[0] == -9 && w[5] == -9 ? "yes" : "NO", err);
  s = tcEntryPointCall(e, inputs, outputs, err, errSize);
  printf("add without shapes: %s: %s\n", statusName(s), err);
}

// A static entry point through the shaped calls: its own shapes only.
static void staticShaped(TcArtifact a, char *err, size_t errSize) {
  TcEntryPoint e = tcArtifactLookupEntryPoint(a, "bias_add");
  float x[6] = {0, 1, 2, 3, 4, 5}, b[3] = {0.5f, -1, 2}, y[6] = {0};
  int64_t sx[2] = {2, 3}, sb[1] = {3}, sy[2] = {0, 0};
  const int64_t *in[] = {sx, sb};
  int64_t *outs[] = {sy};
  void *inputs[] = {x, b}, *outputs[] = {y};
  int32_t guard = -1;
  TcRuntimeStatus s = tcEntryPointCallShaped(e, inputs, in, outputs, outs, &guard, err, errSize);
  printf("bias_add shaped (dynamic: %s): %s guard %d out [%lld, %lld] %g %g\n", tcEntryPointIsDynamic(e) ? "yes" : "no",
         statusName(s), (int)guard, (long long)sy[0], (long long)sy[1], y[0], y[5]);
  sx[0] = 3;
  s = tcEntryPointInferShapes(e, in, outs, &guard, err, errSize);
  printf("bias_add shapes [3, 3] [3]: %s guard %d: %s\n", statusName(s), (int)guard, err);
}

static int dynamic(const char *path, const char *staticPath) {
  TcArtifact a, b;
  char err[1024];
  if (tcArtifactCreate(path, &a, err, sizeof err) != TC_RUNTIME_OK ||
      tcArtifactCreate(staticPath, &b, err, sizeof err) != TC_RUNTIME_OK) {
    printf("cannot load: %s\n", err);
    return 1;
  }
  TcEntryPoint e = tcArtifactLookupEntryPoint(a, "add");
  printf("add dynamic: %s\n", tcEntryPointIsDynamic(e) ? "yes" : "no");
  inferAdd(e, 5, 3, 5, err, sizeof err);
  inferAdd(e, 0, 3, 0, err, sizeof err);
  inferAdd(e, 5, 4, 5, err, sizeof err);
  inferAdd(e, 5, 3, 4, err, sizeof err);
  inferAdd(e, -1, 3, -1, err, sizeof err);
  callAdd(e, err, sizeof err);
  staticShaped(b, err, sizeof err);
  tcArtifactDestroy(a);
  tcArtifactDestroy(b);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "dtypes"))
    return dtypes();
  if (argc == 3 && !strcmp(argv[1], "open"))
    return openArtifact(argv[2]);
  if (argc == 3 && !strcmp(argv[1], "call"))
    return call(argv[2]);
  if (argc == 4 && !strcmp(argv[1], "dynamic"))
    return dynamic(argv[2], argv[3]);
  fprintf(stderr, "usage: %s dtypes | open PATH | call PATH | dynamic PATH STATIC_PATH\n", argv[0]);
  return 2;
}
