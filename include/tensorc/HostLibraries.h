//===- HostLibraries.h - the shared libraries compiler and artifacts use -*- C -*-===//
//
// What a manifest and a cache key must say about a shared library is what
// the dynamic loader will actually use, read when tensorc runs: the file it
// resolves to, the Debian package that installed that file and the
// package's version, and the file's content hash. The versions CMake saw
// when the build was configured are not enough: libLLVM, libMLIR, BLIS and
// libomp are shared libraries an upgrade replaces under the names tensorc
// was linked against.
//
// Three questions, one function each: which libraries this process loaded
// (libLLVM, libMLIR, glibc), which file a SONAME resolves to for an
// artifact linked with a given rpath, and which SONAMEs an ELF shared
// library needs (DT_NEEDED), so that the emitter can record what the
// artifact it linked depends on.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_HOST_LIBRARIES_H
#define TENSORC_HOST_LIBRARIES_H

// jansson's json_t, left incomplete: a host compiles this header without
// jansson (docs/embedding.md).
typedef struct json_t json_t;

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Finds the file of a library this process has loaded whose file name
/// starts with `prefix` ("libLLVM.so", "libc.so."), resolved through
/// symbolic links, into `path`. False if none is loaded.
bool tcHostLoadedLibrary(const char *prefix, char *path, size_t size);

/// Resolves `soname` as the loader would for an artifact whose rpath is the
/// NULL-terminated list `rpath`: the first rpath directory holding it, else
/// the system directory glibc was loaded from (where Debian installs libm,
/// libmvec and the other libraries -l finds without -L). Writes the file,
/// resolved through symbolic links, into `path`; false if it is nowhere.
bool tcHostLibraryLocate(const char *soname, const char *const *rpath, char *path, size_t size);

/// Describes the `n` files `paths` (absolute, resolved): returns a new
/// array, in order, of objects {"path", "package", "version", "xxh3_128"}:
/// the Debian package that owns the file (dpkg-query; "unknown" when no
/// package does or dpkg-query cannot be run), its version, and the XXH3-128
/// of the file's bytes (null if it cannot be read). Runs dpkg-query twice
/// however many files there are.
json_t *tcHostLibrariesDescribe(const char *const *paths, size_t n);

/// The `DT_SONAME` and `DT_NEEDED` entries of the ELF64 shared library
/// `data` (`size` bytes), as a new object {"soname": string or null,
/// "needed": [strings in the file's order]}; NULL if `data` is not an
/// ELF64 shared object with a dynamic section.
json_t *tcElfDynamic(const void *data, size_t size);

/// tcElfDynamic of the file at `path`; NULL if it cannot be read.
json_t *tcElfDynamicOfFile(const char *path);

//===-- What artifacts link -----------------------------------------------===//

/// One library the shared link of an artifact names (ArtifactLibraries.c,
/// the one table of them): the link line is built from these rows, and the
/// manifest and the cache key describe the same rows.
typedef struct TcArtifactLibrary {
  const char *name;   ///< how manifests name it: "libblis", "libomp", ...
  const char *link;   ///< the -l name ("blis"), or NULL: linked implicitly (libc)
  const char *dir;    ///< -L and -rpath directory, or NULL: the system's
  const char *soname; ///< the SONAME an artifact records when the link file has none (a linker script)
  bool asNeeded;      ///< linked with --as-needed: only if the object calls it
} TcArtifactLibrary;

/// The table, in link-line order. Static.
const TcArtifactLibrary *tcArtifactLibraries(size_t *count);

/// The SONAME an artifact linked against `lib` records (DT_SONAME of the
/// file -l finds, else `lib->soname`). Static or `buf`.
const char *tcArtifactLibrarySoname(const TcArtifactLibrary *lib, char *buf, size_t size);

/// Describes every row as the loader of an artifact will find it: a new
/// object keyed by name, each {"soname", "path", "package", "version",
/// "xxh3_128"} (tcHostLibrariesDescribe; "path" null if the library is not
/// installed).
json_t *tcArtifactLibrariesDescribe(void);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_HOST_LIBRARIES_H
