//===- HostLibraries.c - which shared libraries, from which packages -------===//
//
// Loaded libraries come from dl_iterate_phdr, the loader's own list, so
// what is recorded is the file this process runs with, not the one CMake
// found. A SONAME an artifact needs is resolved as its loader will: the
// artifact's rpath first, then the directory glibc itself was loaded from
// (Debian's multiarch directory, where -lm and -lmvec are found and
// ld.so.cache points).
//
// Packages come from dpkg's database through its own client, dpkg-query,
// run twice per description however many files: `-S` for the owners, `-W`
// for their versions. Debian 12 merges /lib into /usr/lib, and dpkg records
// most libraries under /lib, so a file under /usr/lib is also looked up
// under its /lib name. A file no package owns (a library built by hand) is
// recorded as "unknown", never guessed.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "tensorc/HostLibraries.h"

#include "tensorc/SemanticHash.h"

#include <fcntl.h>
#include <jansson.h>
#include <link.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define TC_DPKG_QUERY "/usr/bin/dpkg-query"

typedef struct Found {
  const char *prefix;
  char *path;
  size_t size;
  bool found;
} Found;

static int visitLoaded(struct dl_phdr_info *info, size_t size, void *userData) {
  (void)size;
  Found *f = userData;
  const char *name = info->dlpi_name, *base = name ? strrchr(name, '/') : NULL;
  base = base ? base + 1 : name;
  if (f->found || !base || strncmp(base, f->prefix, strlen(f->prefix)) != 0)
    return 0;
  char resolved[PATH_MAX];
  if (!realpath(name, resolved))
    return 0;
  snprintf(f->path, f->size, "%s", resolved);
  f->found = true;
  return 1;
}

bool tcHostLoadedLibrary(const char *prefix, char *path, size_t size) {
  Found f = {prefix, path, size, false};
  dl_iterate_phdr(visitLoaded, &f);
  return f.found;
}

static bool resolveIn(const char *dir, const char *soname, char *path, size_t size) {
  char candidate[PATH_MAX], resolved[PATH_MAX];
  snprintf(candidate, sizeof candidate, "%s/%s", dir, soname);
  if (access(candidate, R_OK) != 0 || !realpath(candidate, resolved))
    return false;
  snprintf(path, size, "%s", resolved);
  return true;
}

bool tcHostLibraryLocate(const char *soname, const char *const *rpath, char *path, size_t size) {
  for (size_t i = 0; rpath && rpath[i]; ++i)
    if (resolveIn(rpath[i], soname, path, size))
      return true;
  char libc[PATH_MAX];
  if (!tcHostLoadedLibrary("libc.so.", libc, sizeof libc))
    return false;
  *strrchr(libc, '/') = '\0';
  return resolveIn(libc, soname, path, size);
}

//===-- dpkg-query -----------------------------------------------------------===//

// Runs dpkg-query with `args` (NULL-terminated after the program name) and
// returns its standard output (malloc'd; "" if it cannot be run).
static char *runDpkgQuery(char **argv) {
  int fds[2];
  char *out = calloc(1, 1);
  size_t length = 0;
  if (access(TC_DPKG_QUERY, X_OK) != 0 || pipe2(fds, O_CLOEXEC) != 0)
    return out;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  int rc = posix_spawn(&pid, TC_DPKG_QUERY, &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  char chunk[8192];
  for (ssize_t n; rc == 0 && (n = read(fds[0], chunk, sizeof chunk)) > 0;) {
    char *grown = realloc(out, length + (size_t)n + 1);
    if (!grown)
      break;
    out = grown;
    memcpy(out + length, chunk, (size_t)n);
    out[length += (size_t)n] = '\0';
  }
  close(fds[0]);
  int status;
  while (rc == 0 && waitpid(pid, &status, 0) < 0)
    continue;
  return out;
}

// The dpkg-query arguments for `n` files: each path and its /lib alias.
static char **ownerArguments(const char *const *paths, size_t n) {
  char **argv = calloc(2 * n + 3, sizeof *argv);
  size_t k = 0;
  argv[k++] = "dpkg-query";
  argv[k++] = "-S";
  for (size_t i = 0; i < n; ++i) {
    argv[k++] = strdup(paths[i]);
    if (strncmp(paths[i], "/usr/lib/", 9) == 0)
      argv[k++] = strdup(paths[i] + 4);
  }
  return argv;
}

static void freeArguments(char **argv, size_t skip) {
  for (size_t i = skip; argv[i]; ++i)
    free(argv[i]);
  free(argv);
}

// From `dpkg-query -S` output, the package owning `path` or its /lib alias
// (the first of a comma-separated list, arch qualifier kept), into `pkg`.
static bool ownerOf(const char *output, const char *path, char *pkg, size_t size) {
  const char *alias = strncmp(path, "/usr/lib/", 9) == 0 ? path + 4 : NULL;
  for (const char *line = output; *line;) {
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    const char *sep = memmem(line, len, ": /", 3);
    if (sep && strncmp(line, "diversion by ", 13) != 0) {
      const char *file = sep + 2;
      size_t fileLen = len - (size_t)(file - line);
      bool match = (fileLen == strlen(path) && memcmp(file, path, fileLen) == 0) ||
                   (alias && fileLen == strlen(alias) && memcmp(file, alias, fileLen) == 0);
      const char *comma = memchr(line, ',', (size_t)(sep - line));
      size_t pkgLen = (size_t)((comma ? comma : sep) - line);
      if (match && pkgLen < size) {
        memcpy(pkg, line, pkgLen);
        pkg[pkgLen] = '\0';
        return true;
      }
    }
    line += len + (end ? 1 : 0);
  }
  return false;
}

// From `dpkg-query -W -f '${binary:Package}\t${Version}\n'` output, the version of `pkg`.
static json_t *versionOf(const char *output, const char *pkg) {
  size_t n = strlen(pkg);
  for (const char *line = output; *line;) {
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    if (len > n && memcmp(line, pkg, n) == 0 && line[n] == '\t')
      return json_stringn(line + n + 1, len - n - 1);
    line += len + (end ? 1 : 0);
  }
  return json_string("unknown");
}

json_t *tcHostLibrariesDescribe(const char *const *paths, size_t n) {
  json_t *list = json_array();
  if (n == 0)
    return list;
  char **argv = ownerArguments(paths, n);
  char *owners = runDpkgQuery(argv);
  freeArguments(argv, 2);
  char (*pkgs)[256] = calloc(n, sizeof *pkgs);
  char **wanted = calloc(n + 4, sizeof *wanted);
  size_t k = 0;
  wanted[k++] = "dpkg-query";
  wanted[k++] = "-W";
  wanted[k++] = "-f=${binary:Package}\t${Version}\n";
  for (size_t i = 0; i < n; ++i)
    if (ownerOf(owners, paths[i], pkgs[i], sizeof pkgs[i]))
      wanted[k++] = pkgs[i];
  char *versions = k > 3 ? runDpkgQuery(wanted) : calloc(1, 1);
  for (size_t i = 0; i < n; ++i) {
    char hash[TC_HASH_TEXT_SIZE];
    bool owned = pkgs[i][0] != '\0';
    json_array_append_new(list, json_pack("{s:s, s:s, s:o, s:o}", "path", paths[i], "package",
                                          owned ? pkgs[i] : "unknown", "version",
                                          owned ? versionOf(versions, pkgs[i]) : json_string("unknown"), "xxh3_128",
                                          tcHashFile(paths[i], hash) ? json_string(hash) : json_null()));
  }
  free(owners);
  free(versions);
  free(pkgs);
  free(wanted);
  return list;
}
