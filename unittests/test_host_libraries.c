//===- test_host_libraries.c - unit tests of lib/Host's library facts -----===//
//
// What the manifest and the cache key say about a shared library follows
// the file: a library whose bytes change gets another hash (so a key that
// holds it misses), a file no Debian package owns is "unknown" rather than
// guessed, a SONAME resolves through the rpath first, and the ELF reader
// gives DT_SONAME and DT_NEEDED of a real library and NULL for anything
// that is not one.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "tensorc/HostLibraries.h"
#include "tensorc/SemanticHash.h"

#include <jansson.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

static void writeFile(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

// Two versions of one library file: another hash; no package owns a file
// in a temporary directory.
static void changed_bytes_change_the_hash(void **state) {
  char dir[] = "/tmp/tc-host-libs.XXXXXX", path[PATH_MAX];
  assert_non_null(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/libfake.so.1", dir);
  const char *paths[] = {path};
  writeFile(path, "version one");
  json_t *one = tcHostLibrariesDescribe(paths, 1);
  writeFile(path, "version two");
  json_t *two = tcHostLibrariesDescribe(paths, 1);
  const char *h1 = json_string_value(json_object_get(json_array_get(one, 0), "xxh3_128"));
  const char *h2 = json_string_value(json_object_get(json_array_get(two, 0), "xxh3_128"));
  assert_non_null(h1);
  assert_non_null(h2);
  assert_string_not_equal(h1, h2);
  assert_string_equal(json_string_value(json_object_get(json_array_get(one, 0), "package")), "unknown");
  assert_string_equal(json_string_value(json_object_get(json_array_get(one, 0), "version")), "unknown");
  json_decref(one);
  json_decref(two);
  unlink(path);
  rmdir(dir);
}

// The rpath comes first; then the directory glibc was loaded from.
static void sonames_resolve_through_the_rpath(void **state) {
  char dir[] = "/tmp/tc-host-libs.XXXXXX", path[PATH_MAX], found[PATH_MAX], resolved[PATH_MAX];
  assert_non_null(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/libm.so.6", dir);
  writeFile(path, "shadow");
  const char *rpath[] = {dir, NULL};
  assert_true(tcHostLibraryLocate("libm.so.6", rpath, found, sizeof found));
  assert_non_null(realpath(path, resolved));
  assert_string_equal(found, resolved);
  assert_true(tcHostLibraryLocate("libm.so.6", NULL, found, sizeof found));
  assert_string_not_equal(found, resolved);
  assert_false(tcHostLibraryLocate("libnothing-here.so.9", rpath, found, sizeof found));
  unlink(path);
  rmdir(dir);
}

// The libraries artifacts link are installed from packages, with the
// SONAMEs the link records; BLIS names its own SONAME in DT_SONAME.
static void artifact_libraries_are_packaged(void **state) {
  json_t *libs = tcArtifactLibrariesDescribe();
  json_t *blis = json_object_get(libs, "libblis");
  assert_string_equal(json_string_value(json_object_get(blis, "soname")), "libblis.so.4");
  assert_string_not_equal(json_string_value(json_object_get(blis, "package")), "unknown");
  json_t *dyn = tcElfDynamicOfFile(json_string_value(json_object_get(blis, "path")));
  assert_non_null(dyn);
  assert_string_equal(json_string_value(json_object_get(dyn, "soname")), "libblis.so.4");
  assert_true(json_array_size(json_object_get(dyn, "needed")) > 0);
  json_decref(dyn);
  json_decref(libs);
}

static void non_elf_is_refused(void **state) {
  static const char garbage[] = "\177ELF but not really a shared object at all";
  assert_null(tcElfDynamic(garbage, sizeof garbage));
  assert_null(tcElfDynamic(garbage, 3));
  assert_null(tcElfDynamicOfFile("/nonexistent/libx.so"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(changed_bytes_change_the_hash),
      cmocka_unit_test(sonames_resolve_through_the_rpath),
      cmocka_unit_test(artifact_libraries_are_packaged),
      cmocka_unit_test(non_elf_is_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
