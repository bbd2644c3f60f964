//===- Toolchain.c - what tensorc was built with, and where it runs --------===//
//
// The manifest pins the toolchain so that an artifact can be traced to the
// exact compiler that made it. Build-time facts come from ToolchainConfig.h
// (generated when the build is configured) and from the xxHash and jansson
// headers; run-time facts (host triple, CPU name and features) from the LLVM
// C API, and what the code is compiled for (the target: CPU, vector width,
// vector math, BLIS configuration, OpenMP threshold, and which of them the
// environment forced) from lib/Host. A library tensorc does not link is reported with `linked: false`
// and the version of the Debian package that is installed, never as if it
// were part of the artifact.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Manifest.h"

#include "ToolchainConfig.h"
#include "tensorc/HostTarget.h"

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

const char *tcToolchainLLVMVersion(void) { return TC_TOOLCHAIN_LLVM_VERSION; }

static json_t *library(const char *version, bool linked) {
  return json_pack("{s:s, s:b}", "version", version, "linked", linked);
}

static json_t *libraries(void) {
  char xxhash[32];
  snprintf(xxhash, sizeof xxhash, "%d.%d.%d", XXH_VERSION_MAJOR, XXH_VERSION_MINOR, XXH_VERSION_RELEASE);
  json_t *libs = json_object();
  json_object_set_new(libs, "xxhash", library(xxhash, true));
  json_object_set_new(libs, "jansson", library(JANSSON_VERSION, true));
  json_object_set_new(libs, "blis", library(TC_TOOLCHAIN_BLIS_VERSION, false));
  json_object_set_new(libs, "libomp", library(TC_TOOLCHAIN_LIBOMP_VERSION, false));
  return libs;
}

static int compareStrings(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

// "+sse2,-avx512f,+avx" -> ["avx", "sse2"]: the enabled features, sorted.
static json_t *enabledFeatures(const char *text) {
  char *copy = strdup(text ? text : "");
  size_t n = 0, cap = 16;
  char **names = malloc(cap * sizeof *names);
  for (char *save = NULL, *f = strtok_r(copy, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
    if (f[0] != '+')
      continue;
    if (n == cap)
      names = realloc(names, (cap *= 2) * sizeof *names);
    names[n++] = f + 1;
  }
  qsort(names, n, sizeof *names, compareStrings);
  json_t *list = json_array();
  for (size_t i = 0; i < n; ++i)
    json_array_append_new(list, json_string(names[i]));
  free(names);
  free(copy);
  return list;
}

static json_t *host(void) {
  char *triple = LLVMGetDefaultTargetTriple();
  char *cpu = LLVMGetHostCPUName();
  char *features = LLVMGetHostCPUFeatures();
  json_t *h = json_pack("{s:s, s:s, s:o}", "triple", triple ? triple : "unknown", "cpu", cpu ? cpu : "unknown",
                        "features", enabledFeatures(features));
  LLVMDisposeMessage(triple);
  LLVMDisposeMessage(cpu);
  LLVMDisposeMessage(features);
  return h;
}

// What the code is compiled for (lib/Host): each choice, and which
// environment variables forced one.
static json_t *target(void) {
  TcHostTarget t = tcHostTargetGet();
  static const struct {
    unsigned bit;
    const char *var;
  } kForced[] = {{TC_HOST_FORCED_CPU, "TC_TARGET_CPU"}, {TC_HOST_FORCED_VECTOR_BITS, "TC_VECTOR_BITS"},
                 {TC_HOST_FORCED_VECTOR_MATH, "TC_VECTOR_MATH"}, {TC_HOST_FORCED_BLIS, "TC_BLIS_CONFIG"},
                 {TC_HOST_FORCED_PARALLEL, "TC_PARALLEL_MIN_WORK"}};
  json_t *forced = json_array();
  for (size_t i = 0; i < sizeof kForced / sizeof kForced[0]; ++i)
    if (t.forced & kForced[i].bit)
      json_array_append_new(forced, json_string(kForced[i].var));
  json_t *off = json_array();
  char *unsafe = strdup(TC_HOST_UNSAFE_FEATURES);
  for (char *save = NULL, *f = strtok_r(unsafe, ",", &save); f; f = strtok_r(NULL, ",", &save))
    json_array_append_new(off, json_string(f + 1));
  free(unsafe);
  return json_pack("{s:s, s:s, s:s, s:o, s:i, s:s, s:s, s:I, s:o}", "cpu", t.cpu, "isa", tcHostIsaGetName(t.isa),
                   "features_from", t.forced & TC_HOST_FORCED_CPU ? "cpu" : "host", "features_off", off,
                   "vector_bits", t.vectorBits, "vector_math", tcVectorMathGetName(t.vectorMath), "blis_config",
                   tcHostBlisConfigGetName(t.blisConfig), "parallel_min_work", (json_int_t)t.parallelMinWork,
                   "forced", forced);
}

json_t *tcToolchainInfo(void) {
  json_t *info = json_object();
  json_object_set_new(info, "tensorc",
                      json_pack("{s:s, s:s}", "version", TC_TOOLCHAIN_VERSION, "git_revision",
                                TC_TOOLCHAIN_GIT_REVISION));
  json_object_set_new(info, "llvm", json_string(TC_TOOLCHAIN_LLVM_VERSION));
  json_object_set_new(info, "mlir", json_string(TC_TOOLCHAIN_LLVM_VERSION));
  json_object_set_new(info, "libraries", libraries());
  json_object_set_new(info, "build",
                      json_pack("{s:s, s:s, s:s}", "compiler", TC_TOOLCHAIN_C_COMPILER, "build_type",
                                TC_TOOLCHAIN_BUILD_TYPE, "flags", TC_TOOLCHAIN_C_FLAGS));
  json_object_set_new(info, "host", host());
  json_object_set_new(info, "target", target());
  return info;
}
