//===- Toolchain.c - what tensorc was built with, runs with and links ------===//
//
// The manifest pins the toolchain so that an artifact can be traced to the
// exact compiler that made it (docs/manifest.md §2.1). Facts of the build
// come from ToolchainConfig.h (generated when the build is configured) and
// from the xxHash and jansson headers, and sit under `build`, labelled as
// what they are; the git revision from GitRevision.h, which every build
// (not only a configure) rewrites when it changed. Everything else is read
// when the compiler runs, because the build's view goes stale: libLLVM, libMLIR, glibc, BLIS and libomp are shared
// libraries that an upgrade replaces under the names tensorc was linked
// against. So the toolchain holds the hash of the running executable, the
// libraries this process loaded (lib/Host/HostLibraries.c: file, Debian
// package and version, content hash), the libraries an artifact's link
// names as its loader will find them (lib/Host/ArtifactLibraries.c), the
// host (LLVM's C API) and the target, every host-dependent choice and which
// environment variables forced it (lib/Host/HostTarget.c).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "tensorc/Manifest.h"

#include "GitRevision.h"
#include "ToolchainConfig.h"
#include "tensorc/HostLibraries.h"
#include "tensorc/HostTarget.h"

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

#include <gnu/libc-version.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

const char *tcToolchainLLVMVersion(char *buf, size_t size) {
  unsigned major, minor, patch;
  LLVMGetVersion(&major, &minor, &patch);
  snprintf(buf, size, "%u.%u.%u", major, minor, patch);
  return buf;
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
                 {TC_HOST_FORCED_PARALLEL, "TC_PARALLEL_MIN_WORK"}, {TC_HOST_FORCED_GEMM_KERNEL, "TC_GEMM_KERNEL"}};
  json_t *forced = json_array();
  for (size_t i = 0; i < sizeof kForced / sizeof kForced[0]; ++i)
    if (t.forced & kForced[i].bit)
      json_array_append_new(forced, json_string(kForced[i].var));
  json_t *off = json_array();
  char *unsafe = strdup(TC_HOST_UNSAFE_FEATURES);
  for (char *save = NULL, *f = strtok_r(unsafe, ",", &save); f; f = strtok_r(NULL, ",", &save))
    json_array_append_new(off, json_string(f + 1));
  free(unsafe);
  return json_pack("{s:s, s:s, s:s, s:o, s:i, s:s, s:s, s:s, s:I, s:o}", "cpu", t.cpu, "isa",
                   tcHostIsaGetName(t.isa), "features_from", t.forced & TC_HOST_FORCED_CPU ? "cpu" : "host",
                   "features_off", off, "vector_bits", t.vectorBits, "vector_math", tcVectorMathGetName(t.vectorMath),
                   "blis_config", tcHostBlisConfigGetName(t.blisConfig), "gemm_kernel", t.useBlis ? "blis" : "loops",
                   "parallel_min_work", (json_int_t)t.parallelMinWork, "forced", forced);
}

// The libraries of this process the compiler's behaviour rests on.
static const struct {
  const char *name, *prefix;
} kLoaded[] = {
    {"libLLVM", "libLLVM.so"}, {"libMLIR", "libMLIR.so"}, {"libc", "libc.so."},
    {"libjansson", "libjansson.so"}, {"libxxhash", "libxxhash.so"},
};
enum { kNumLoaded = sizeof kLoaded / sizeof kLoaded[0] };

static json_t *loaded(void) {
  char paths[kNumLoaded][PATH_MAX];
  const char *found[kNumLoaded];
  size_t n = 0;
  for (size_t i = 0; i < kNumLoaded; ++i)
    if (tcHostLoadedLibrary(kLoaded[i].prefix, paths[i], sizeof paths[i]))
      found[n++] = paths[i];
    else
      paths[i][0] = '\0';
  json_t *described = tcHostLibrariesDescribe(found, n), *result = json_object();
  for (size_t i = 0, k = 0; i < kNumLoaded; ++i)
    if (paths[i][0])
      json_object_set(result, kLoaded[i].name, json_array_get(described, k++));
  json_decref(described);
  json_t *libc = json_object_get(result, "libc");
  if (libc)
    json_object_set_new(libc, "glibc", json_string(gnu_get_libc_version()));
  return result;
}

// "1:22.1.8-1~deb12u1" -> "22.1.8": a Debian version without its epoch and revision.
static json_t *upstreamVersion(const char *debian) {
  if (!debian || strcmp(debian, "unknown") == 0)
    return json_string("unknown");
  const char *colon = strchr(debian, ':'), *start = colon ? colon + 1 : debian;
  const char *dash = strrchr(start, '-');
  return json_stringn(start, dash ? (size_t)(dash - start) : strlen(start));
}

static json_t *tensorc(void) {
  char exe[TC_HASH_TEXT_SIZE];
  bool hashed = tcHashFile("/proc/self/exe", exe);
  return json_pack("{s:s, s:s, s:o}", "version", TC_TOOLCHAIN_VERSION, "git_revision", TC_TOOLCHAIN_GIT_REVISION,
                   "executable", hashed ? json_string(exe) : json_null());
}

static json_t *build(void) {
  char xxhash[32];
  snprintf(xxhash, sizeof xxhash, "%d.%d.%d", XXH_VERSION_MAJOR, XXH_VERSION_MINOR, XXH_VERSION_RELEASE);
  return json_pack("{s:s, s:s, s:s, s:{s:s, s:s, s:s}}", "compiler", TC_TOOLCHAIN_C_COMPILER, "build_type",
                   TC_TOOLCHAIN_BUILD_TYPE, "flags", TC_TOOLCHAIN_C_FLAGS, "headers", "llvm",
                   TC_TOOLCHAIN_LLVM_VERSION, "xxhash", xxhash, "jansson", JANSSON_VERSION);
}

json_t *tcToolchainInfo(void) {
  char llvm[32];
  json_t *info = json_object(), *libs = loaded();
  json_object_set_new(info, "tensorc", tensorc());
  json_object_set_new(info, "llvm", json_string(tcToolchainLLVMVersion(llvm, sizeof llvm)));
  json_object_set_new(info, "mlir", upstreamVersion(json_string_value(
                                        json_object_get(json_object_get(libs, "libMLIR"), "version"))));
  json_object_set_new(info, "loaded", libs);
  json_object_set_new(info, "runtime", tcArtifactLibrariesDescribe());
  json_object_set_new(info, "build", build());
  json_object_set_new(info, "host", host());
  json_object_set_new(info, "target", target());
  return info;
}
