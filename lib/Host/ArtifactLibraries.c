//===- ArtifactLibraries.c - the libraries an artifact's link names --------===//
//
// One table says what an artifact's shared link names and where each
// library comes from; lib/Target/SharedLink.c builds the link line from it
// and the manifest's toolchain (and so the cache key) describes the same
// rows, so a library cannot be linked without being recorded:
//
//   libm     -lm          always (the scalar math the code calls)
//   libomp   -lomp        as needed: LLVM's OpenMP runtime, parallel loops
//   libmvec  -lmvec       as needed: glibc's vector math (VectorMath.c)
//   libblis  -lblis       as needed: BLIS, pthreads flavour (BlisLink.c)
//   libc                  always, implicitly
//
// libomp and libblis come from explicit directories, with an rpath, so the
// artifact loads the file the manifest names: TC_OPENMP_LIBDIR (LLVM's lib
// directory; on Debian 12 its libomp.so.5 is a link into another LLVM
// version's package, which is why the package is read, not assumed) and
// TC_BLIS_LIBDIR (libblis-pthread-dev's: the system-wide libblis.so.4 is an
// alternative that may be the OpenMP flavour, docs/lowering.md).
//
//===----------------------------------------------------------------------===//
#include "tensorc/HostLibraries.h"

#include <jansson.h>
#include <limits.h>
#include <stdio.h>

// The directories come from the build (lib/Host/CMakeLists.txt), which
// found them: LLVM's library directory and libblis-pthread-dev's.
#if !defined(TC_OPENMP_LIBDIR) || !defined(TC_BLIS_LIBDIR)
#error "TC_OPENMP_LIBDIR and TC_BLIS_LIBDIR are defined by lib/Host/CMakeLists.txt"
#endif

static const TcArtifactLibrary kLibraries[] = {
    {"libm", "m", NULL, "libm.so.6", false},
    {"libomp", "omp", TC_OPENMP_LIBDIR, "libomp.so.5", true},
    {"libmvec", "mvec", NULL, "libmvec.so.1", true},
    {"libblis", "blis", TC_BLIS_LIBDIR, "libblis.so.4", true},
    {"libc", NULL, NULL, "libc.so.6", false},
};
enum { kNumLibraries = sizeof kLibraries / sizeof kLibraries[0] };

const TcArtifactLibrary *tcArtifactLibraries(size_t *count) {
  *count = kNumLibraries;
  return kLibraries;
}

const char *tcArtifactLibrarySoname(const TcArtifactLibrary *lib, char *buf, size_t size) {
  char file[PATH_MAX];
  if (!lib->link || !lib->dir)
    return lib->soname; // system libraries: glibc's link files are linker scripts
  snprintf(file, sizeof file, "%s/lib%s.so", lib->dir, lib->link);
  json_t *dyn = tcElfDynamicOfFile(file);
  const char *soname = json_string_value(json_object_get(dyn, "soname"));
  snprintf(buf, size, "%s", soname ? soname : lib->soname);
  json_decref(dyn);
  return buf;
}

json_t *tcArtifactLibrariesDescribe(void) {
  char sonames[kNumLibraries][128], paths[kNumLibraries][PATH_MAX];
  const char *located[kNumLibraries];
  size_t n = 0;
  for (size_t i = 0; i < kNumLibraries; ++i) {
    const char *rpath[] = {kLibraries[i].dir, NULL};
    const char *soname = tcArtifactLibrarySoname(&kLibraries[i], sonames[i], sizeof sonames[i]);
    if (soname != sonames[i])
      snprintf(sonames[i], sizeof sonames[i], "%s", soname);
    if (tcHostLibraryLocate(sonames[i], rpath, paths[i], sizeof paths[i]))
      located[n++] = paths[i];
    else
      paths[i][0] = '\0';
  }
  json_t *described = tcHostLibrariesDescribe(located, n), *result = json_object();
  for (size_t i = 0, k = 0; i < kNumLibraries; ++i) {
    json_t *entry = paths[i][0] ? json_deep_copy(json_array_get(described, k++))
                                : json_pack("{s:n, s:s, s:s, s:n}", "path", "package", "unknown", "version",
                                            "unknown", "xxh3_128");
    json_object_set_new(entry, "soname", json_string(sonames[i]));
    json_object_set_new(result, kLibraries[i].name, entry);
  }
  json_decref(described);
  return result;
}
