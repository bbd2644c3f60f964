//===- ParseBytecode.c - reading MLIR bytecode without trusting its reader -===//
//
// MLIR 22's bytecode reader crashes on some malformed bytecode instead of
// failing (fuzz-mlir-bytecode found a segfault in
// BytecodeReader::Impl::parseIRSection), and no bad input may crash a tool.
// So the bytes are first parsed in a fork()ed child: it parses them in its
// copy of the caller's context (the same dialects, the same flags) with
// every diagnostic swallowed and its standard streams on /dev/null, then
// leaves with _exit (no atexit handler, no stdio flush) and an exit status
// that says only "parsed" or "refused cleanly". Nothing the child does can
// reach the parent: its memory is a copy, its output goes nowhere. If it
// dies of a signal or leaves any other way, the bytes are reported as
// malformed bytecode at <file>:1:1 and never parsed in the parent;
// otherwise the parent parses them for real, with diagnostics, and gets
// what the child got (the same bytes in the same context).
//
// The child must not need a thread that fork() did not copy: a context
// with multithreading on would hand the verifier's work to its thread pool,
// whose workers exist only in the parent, and wait forever. So the
// context's multithreading is switched off across the fork (which stops its
// own pool's threads in the parent) and back on after, and the child runs
// on the one thread it has. A context that reports one thread is left with
// multithreading off: on one thread that changes nothing the caller sees.
//
// Bounded: one child per call, always waited for before returning (a
// failed fork is a located error too, not a fallback to trusting the
// reader). Other threads of the caller's process (an embedder's, another
// context's pool) are not copied; the child touches only its context's
// data, the allocator (fork-safe in glibc) and LLVM's process-wide type
// registries.
//
//===----------------------------------------------------------------------===//
#include "IRInternal.h"

#include "tensorc/Diagnostics.h"

#include "mlir-c/Diagnostics.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

enum { kChildParsed = 0, kChildRefused = 3 };

static MlirLogicalResult swallow(MlirDiagnostic diag, void *userData) {
  (void)diag, (void)userData;
  return mlirLogicalResultSuccess();
}

// The child's standard streams go to /dev/null if it is the device (a
// regular file of that name must not fill up), else they are closed.
static void silenceStreams(void) {
  struct stat st;
  int null = stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode) ? open("/dev/null", O_RDWR) : -1;
  for (int fd = 0; fd < 3; ++fd) {
    if (null >= 0)
      dup2(null, fd);
    else
      close(fd);
  }
  if (null > 2)
    close(null);
}

// Never returns. A crash must kill the child, not run the parent's crash
// handlers (a fuzzer's, LLVM's, a sanitizer's) in it.
static _Noreturn void parseInChild(MlirContext ctx, MlirStringRef bytes, MlirStringRef sourceName) {
  static const int kCrashSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS};
  for (size_t i = 0; i < sizeof kCrashSignals / sizeof kCrashSignals[0]; ++i)
    signal(kCrashSignals[i], SIG_DFL);
  silenceStreams();
  mlirContextAttachDiagnosticHandler(ctx, swallow, NULL, NULL);
  MlirOperation op = mlirOperationCreateParse(ctx, bytes, sourceName);
  _exit(mlirOperationIsNull(op) ? kChildRefused : kChildParsed);
}

static void describeStatus(int status, char *text, size_t size) {
  if (WIFSIGNALED(status))
    snprintf(text, size, "it died of signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
  else
    snprintf(text, size, "it exited with status %d", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

// Runs the child and waits for it. Returns true if the parent may parse:
// the child parsed the bytes or refused them cleanly.
static bool childSurvives(MlirContext ctx, MlirStringRef bytes, MlirStringRef sourceName) {
  MlirLocation loc = mlirLocationFileLineColGet(ctx, sourceName, 1, 1);
  bool threaded = mlirContextGetNumThreads(ctx) > 1;
  mlirContextEnableMultithreading(ctx, false);
  pid_t pid = fork();
  if (pid == 0)
    parseInChild(ctx, bytes, sourceName);
  int forkErrno = errno, status = 0;
  pid_t waited = -1;
  if (pid > 0)
    while ((waited = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
      ;
  int waitErrno = errno;
  if (threaded)
    mlirContextEnableMultithreading(ctx, true);
  if (pid < 0) {
    tcEmitError(loc, "cannot check the MLIR bytecode before reading it: fork failed: %s", strerror(forkErrno));
    return false;
  }
  if (waited < 0) {
    tcEmitError(loc, "cannot check the MLIR bytecode before reading it: waitpid failed: %s", strerror(waitErrno));
    return false;
  }
  if (WIFEXITED(status) && (WEXITSTATUS(status) == kChildParsed || WEXITSTATUS(status) == kChildRefused))
    return true;
  char how[128];
  describeStatus(status, how, sizeof how);
  tcEmitError(loc, "malformed MLIR bytecode: MLIR's bytecode reader does not survive it (tried in a child "
                   "process: %s)", how);
  return false;
}

MlirOperation tcParseBytecodeOp(MlirContext ctx, MlirStringRef bytes, MlirStringRef sourceName) {
  if (!childSurvives(ctx, bytes, sourceName))
    return (MlirOperation){NULL};
  return mlirOperationCreateParse(ctx, bytes, sourceName);
}
