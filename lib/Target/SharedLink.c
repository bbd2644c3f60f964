//===- SharedLink.c - link an object into a shared library with cc --------===//
//
// `--emit=shared` is the object plus one link step, done by the system C
// compiler, which knows where the C library, libm and libgcc live:
//
//   cc -shared -o artifact.so artifact.o [manifest.o] -Wl,--no-undefined -Wl,-Bsymbolic -lm
//      -Wl,--as-needed -L<llvm>/lib -Wl,-rpath,<llvm>/lib -lomp -lmvec
//      -L<blis> -Wl,-rpath,<blis> -lblis -Wl,--no-as-needed
//
// built from the one table of the libraries artifacts link
// (lib/Host/ArtifactLibraries.c), so what the manifest's toolchain
// describes is what is linked; tcSharedLinkCommand gives the same line with
// the temporary directory left out, for the manifest's emission record.
// The library may be linked from two objects: the code, and the manifest
// (LLVMEmit.c links the code alone first to learn what the artifact needs).
//
// `--no-undefined` turns a symbol nothing provides into a link error now
// instead of a dlopen failure later; `-Bsymbolic` binds the library's calls
// to its own entry points, so a program that happens to define a function of
// the same name cannot interpose. `cc` is found on PATH and started with
// posix_spawnp (no shell), in a private temporary directory that holds the
// object, the library and the linker's output; the library's bytes are read
// back for the caller, who writes the output atomically. If `cc` is missing
// or fails, its output becomes the compile failure's message.
//
//===----------------------------------------------------------------------===//
#include "TargetInternal.h"
#include "tensorc/Environment.h"
#include "tensorc/HostLibraries.h"

#include "tensorc/Diagnostics.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define TC_LINKER "cc"

enum { kMaxObjects = 2, kMaxArgs = 48 };

typedef struct LinkDir {
  char dir[4096], objects[kMaxObjects][4200], library[4200], log[4200];
} LinkDir;

// The object files' names inside the link directory, as the manifest's
// link line spells them.
static const char *const kObjectNames[kMaxObjects] = {"artifact.o", "manifest.o"};

static bool createLinkDir(LinkDir *d) {
  const char *tmp = tcEnvGet("TMPDIR");
  snprintf(d->dir, sizeof d->dir, "%s/tensorc-link.XXXXXX", tmp ? tmp : "/tmp");
  if (!mkdtemp(d->dir))
    return false;
  for (int i = 0; i < kMaxObjects; ++i)
    snprintf(d->objects[i], sizeof d->objects[i], "%s/%s", d->dir, kObjectNames[i]);
  snprintf(d->library, sizeof d->library, "%s/artifact.so", d->dir);
  snprintf(d->log, sizeof d->log, "%s/link.log", d->dir);
  return true;
}

static void removeLinkDir(const LinkDir *d) {
  for (int i = 0; i < kMaxObjects; ++i)
    remove(d->objects[i]);
  remove(d->library);
  remove(d->log);
  rmdir(d->dir);
}

static bool writeBytes(const char *path, const char *data, size_t size) {
  FILE *f = fopen(path, "wb");
  bool ok = f && fwrite(data, 1, size, f) == size;
  return f && fclose(f) == 0 && ok;
}

// Appends the file's bytes to `out`, at most `limit` of them.
static bool readBytes(const char *path, size_t limit, TcTextBuffer *out) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  char chunk[65536];
  size_t n, total = 0;
  while (total < limit && (n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    n = n < limit - total ? n : limit - total;
    tcTextBufferAppend(mlirStringRefCreate(chunk, n), out);
    total += n;
  }
  bool ok = !ferror(f);
  fclose(f);
  return ok;
}

// The link line (file comment): `library` from the `n` objects, then the
// libraries of lib/Host/ArtifactLibraries.c in its order, each with its
// -L and -rpath, the as-needed ones inside --as-needed. Strings are kept
// in `store` (at least kMaxArgs of 4200 bytes); returns the count.
static int linkArguments(const char *library, const char *const *objects, size_t n, char **argv,
                         char (*store)[4200]) {
  int k = 0, s = 0;
  argv[k++] = TC_LINKER, argv[k++] = "-shared", argv[k++] = "-o", argv[k++] = (char *)library;
  for (size_t i = 0; i < n; ++i)
    argv[k++] = (char *)objects[i];
  argv[k++] = "-Wl,--no-undefined", argv[k++] = "-Wl,-Bsymbolic";
  size_t count;
  const TcArtifactLibrary *libs = tcArtifactLibraries(&count);
  bool asNeeded = false;
  for (size_t i = 0; i < count && k + 6 < kMaxArgs; ++i) {
    if (!libs[i].link)
      continue;
    if (libs[i].asNeeded != asNeeded)
      argv[k++] = (asNeeded = libs[i].asNeeded) ? "-Wl,--as-needed" : "-Wl,--no-as-needed";
    if (libs[i].dir) {
      snprintf(store[s], sizeof store[s], "-L%s", libs[i].dir), argv[k++] = store[s++];
      snprintf(store[s], sizeof store[s], "-Wl,-rpath,%s", libs[i].dir), argv[k++] = store[s++];
    }
    snprintf(store[s], sizeof store[s], "-l%s", libs[i].link), argv[k++] = store[s++];
  }
  if (asNeeded)
    argv[k++] = "-Wl,--no-as-needed";
  argv[k] = NULL;
  return k;
}

json_t *tcSharedLinkCommand(size_t numObjects) {
  char *argv[kMaxArgs + 1], store[kMaxArgs][4200];
  int n = linkArguments("artifact.so", kObjectNames, numObjects < kMaxObjects ? numObjects : kMaxObjects, argv, store);
  json_t *list = json_array();
  for (int i = 0; i < n; ++i)
    json_array_append_new(list, json_string(argv[i]));
  return list;
}

// Runs the linker on the `n` objects with its stdout and stderr in the log.
// Returns its exit status, or -1 with errno set if it could not be started.
static int runLinker(const LinkDir *d, size_t n) {
  char *argv[kMaxArgs + 1], store[kMaxArgs][4200];
  const char *objects[kMaxObjects] = {d->objects[0], d->objects[1]};
  linkArguments(d->library, objects, n, argv, store);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, d->log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid;
  int rc = posix_spawnp(&pid, TC_LINKER, &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    errno = rc;
    return -1;
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static MlirLogicalResult reportLinkFailure(MlirOperation module, const LinkDir *d, int status) {
  MlirLocation loc = mlirOperationGetLocation(module);
  if (status < 0) {
    tcEmitError(loc, "cannot link a shared library: cannot run '" TC_LINKER "' (the system C compiler, looked up "
                     "on PATH): %s",
                strerror(errno));
    return mlirLogicalResultFailure();
  }
  TcTextBuffer log = {0};
  readBytes(d->log, 700, &log);
  while (log.length && (log.data[log.length - 1] == '\n' || log.data[log.length - 1] == ' '))
    log.data[--log.length] = '\0';
  tcEmitError(loc, "cannot link a shared library: '" TC_LINKER "' failed with exit status %d%s%s", status,
              log.length ? ":\n" : "", log.length ? log.data : "");
  free(log.data);
  return mlirLogicalResultFailure();
}

// A file operation in the temporary directory failed (errno says why).
static MlirLogicalResult fileFailure(MlirOperation module, const char *verb, const char *path) {
  tcEmitError(mlirOperationGetLocation(module), "cannot link a shared library: cannot %s '%s': %s", verb, path,
              strerror(errno));
  return mlirLogicalResultFailure();
}

MlirLogicalResult tcSharedLibraryLink(MlirOperation module, const TcTextBuffer *objects, size_t numObjects,
                                      TcTextBuffer *out) {
  LinkDir d;
  if (numObjects == 0 || numObjects > kMaxObjects)
    tcFatal("a shared link takes 1 to %d objects, not %zu", kMaxObjects, numObjects);
  if (!createLinkDir(&d))
    return fileFailure(module, "create", d.dir);
  MlirLogicalResult result = mlirLogicalResultSuccess();
  TcTextBuffer library = {0};
  int status = 0;
  for (size_t i = 0; i < numObjects && mlirLogicalResultIsSuccess(result); ++i)
    if (!writeBytes(d.objects[i], objects[i].data ? objects[i].data : "", objects[i].length))
      result = fileFailure(module, "write", d.objects[i]);
  if (mlirLogicalResultIsFailure(result))
    ;
  else if ((status = runLinker(&d, numObjects)) != 0)
    result = reportLinkFailure(module, &d, status);
  else if (!readBytes(d.library, SIZE_MAX, &library))
    result = fileFailure(module, "read", d.library);
  if (mlirLogicalResultIsSuccess(result))
    tcTextBufferAppend(mlirStringRefCreate(library.data ? library.data : "", library.length), out);
  free(library.data);
  removeLinkDir(&d);
  return result;
}
