//===- SharedLink.c - link an object into a shared library with cc --------===//
//
// `--emit=shared` is the object plus one link step, done by the system C
// compiler, which knows where the C library, libm and libgcc live:
//
//   cc -shared -o artifact.so artifact.o -Wl,--no-undefined -Wl,-Bsymbolic -lm
//      -Wl,--as-needed -L<llvm>/lib -Wl,-rpath,<llvm>/lib -lomp -lmvec -Wl,--no-as-needed
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
#ifndef TC_OPENMP_LIBDIR
#define TC_OPENMP_LIBDIR "/usr/lib/llvm-22/lib"
#endif

typedef struct LinkDir {
  char dir[4096], object[4200], library[4200], log[4200];
} LinkDir;

static bool createLinkDir(LinkDir *d) {
  const char *tmp = tcEnvGet("TMPDIR");
  snprintf(d->dir, sizeof d->dir, "%s/tensorc-link.XXXXXX", tmp ? tmp : "/tmp");
  if (!mkdtemp(d->dir))
    return false;
  snprintf(d->object, sizeof d->object, "%s/artifact.o", d->dir);
  snprintf(d->library, sizeof d->library, "%s/artifact.so", d->dir);
  snprintf(d->log, sizeof d->log, "%s/link.log", d->dir);
  return true;
}

static void removeLinkDir(const LinkDir *d) {
  remove(d->object);
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

// The OpenMP runtime parallel loops call (__kmpc_fork_call, ...): LLVM's
// libomp, found at run time through an rpath to its directory. Linked only
// where the object needs it (--as-needed), as is libmvec, which vectorised
// math calls (_ZGVdN8v_expf, ...; lib/Target/VectorMath.c) need.
static intptr_t addOpenMPArguments(char **argv, intptr_t n) {
  argv[n++] = "-Wl,--as-needed";
  argv[n++] = "-L" TC_OPENMP_LIBDIR;
  argv[n++] = "-Wl,-rpath," TC_OPENMP_LIBDIR;
  argv[n++] = "-lomp";
  argv[n++] = "-lmvec";
  argv[n++] = "-Wl,--no-as-needed";
  return n;
}

// Runs the linker with its stdout and stderr in the log. Returns its exit
// status, or -1 with errno set if it could not be started.
static int runLinker(const LinkDir *d) {
  char *argv[32] = {TC_LINKER, "-shared", "-o", (char *)d->library, (char *)d->object, "-Wl,--no-undefined",
                    "-Wl,-Bsymbolic", "-lm"};
  intptr_t n = tcBlisLinkArguments(argv, addOpenMPArguments(argv, 8));
  argv[n] = NULL;
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

MlirLogicalResult tcSharedLibraryLink(MlirOperation module, const char *object, size_t size, TcTextBuffer *out) {
  LinkDir d;
  if (!createLinkDir(&d))
    return fileFailure(module, "create", d.dir);
  MlirLogicalResult result = mlirLogicalResultSuccess();
  TcTextBuffer library = {0};
  int status = 0;
  if (!writeBytes(d.object, object, size))
    result = fileFailure(module, "write", d.object);
  else if ((status = runLinker(&d)) != 0)
    result = reportLinkFailure(module, &d, status);
  else if (!readBytes(d.library, SIZE_MAX, &library))
    result = fileFailure(module, "read", d.library);
  if (mlirLogicalResultIsSuccess(result))
    tcTextBufferAppend(mlirStringRefCreate(library.data ? library.data : "", library.length), out);
  free(library.data);
  removeLinkDir(&d);
  return result;
}
