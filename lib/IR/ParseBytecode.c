//===- ParseBytecode.c - reading MLIR bytecode without trusting its reader -===//
//
// MLIR 22's bytecode reader corrupts memory, aborts, loops forever or
// allocates gigabytes on some malformed bytecode (test/IR/bytecode.test
// holds one input of each, found by mutating bytecode and by
// fuzz-mlir-bytecode), and no bad input may crash or hang a tool. So the
// reader never runs in the caller's process. A fork()ed child parses the
// bytes in its copy of the caller's context (the same dialects, the same
// flags) and sends back through a pipe either the module printed as text
// with its locations, or the parser's errors; the parent then parses that
// text on the text path (lib/IR/Parse.c) or re-emits those errors at the
// same locations. A child that dies, or leaves any other way, makes the
// input "malformed MLIR bytecode" at <file>:1:1. Nothing the child does can
// reach the parent but those bytes: its memory is a copy (heap corruption
// that the child's allocator happens not to notice stays in the child),
// its standard streams are /dev/null, every diagnostic is caught, and it
// leaves with _exit (no atexit handler, no stdio flush).
//
// The child must not need a thread that fork() did not copy: a context
// with multithreading on would hand the verifier's work to its thread pool,
// whose workers exist only in the parent, and wait forever. So the
// context's multithreading is switched off across the fork (which stops its
// own pool's threads in the parent) and back on after. A context that
// reports one thread is left with multithreading off: on one thread that
// changes nothing the caller sees.
//
// Bounded: one child per call, always reaped before returning; a failed
// fork or pipe is a located error, not a fallback to the reader. The child
// gets kCpuSeconds of CPU time plus one per kBytesPerSecond of input
// (reading, verifying and printing real bytecode takes a small fraction of
// that) and is killed by SIGXCPU past it; CPU time, not wall time, so a
// loaded machine does not change the verdict. Its address space may grow
// by kMemoryBytes plus 64 bytes per input byte beyond what it inherited; an
// allocation past that fails and the reader aborts. It writes no core
// file. Other threads of the caller's process (an embedder's, another
// context's pool) are not in the child; the child touches its context, the
// allocator (fork-safe in glibc) and LLVM's process-wide type registries.
//
// The pipe carries records: 'E', then the line, column and length (each a
// uint32_t) and the text of one parse error; or 'T' and, to the end, the
// module's text.
//
//===----------------------------------------------------------------------===//
#include "IRInternal.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/Parse.h"

#include "mlir-c/Diagnostics.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

enum { kChildParsed = 0, kChildRefused = 3, kChildUnbounded = 4, kChildBroken = 5 };

enum { kCpuSeconds = 5 };
static const size_t kBytesPerSecond = 32u << 20;
static const unsigned long long kMemoryBytes = 4ull << 30;

//===----------------------------------------------------------------------===//
// The child
//===----------------------------------------------------------------------===//

static void writeAll(int fd, const void *data, size_t size) {
  const char *p = data;
  while (size > 0) {
    ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      _exit(kChildBroken);
    p += n, size -= (size_t)n;
  }
}

static void writeText(MlirStringRef text, void *userData) { writeAll(*(int *)userData, text.data, text.length); }

// Sends each error (its notes are left out: the C API re-emits errors only)
// and swallows every diagnostic.
static MlirLogicalResult sendError(MlirDiagnostic diag, void *userData) {
  if (mlirDiagnosticGetSeverity(diag) != MlirDiagnosticError)
    return mlirLogicalResultSuccess();
  TcTextBuffer msg = {0};
  mlirDiagnosticPrint(diag, tcTextBufferAppend, &msg);
  MlirLocation loc = mlirDiagnosticGetLocation(diag);
  bool fileLoc = mlirLocationIsAFileLineColRange(loc);
  uint32_t header[3] = {fileLoc ? (uint32_t)mlirLocationFileLineColRangeGetStartLine(loc) : 0,
                        fileLoc ? (uint32_t)mlirLocationFileLineColRangeGetStartColumn(loc) : 0,
                        (uint32_t)msg.length};
  writeAll(*(int *)userData, "E", 1);
  writeAll(*(int *)userData, header, sizeof header);
  writeAll(*(int *)userData, msg.data ? msg.data : "", msg.length);
  free(msg.data);
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

// The address space the process has mapped, from /proc/self/statm; 0 if
// it cannot be read (then only the CPU time is limited).
static unsigned long long mappedBytes(void) {
  int fd = open("/proc/self/statm", O_RDONLY);
  char text[64] = "";
  ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;
  if (fd >= 0)
    close(fd);
  unsigned long long pages = 0;
  if (n <= 0 || sscanf(text, "%llu", &pages) != 1)
    return 0;
  return pages * (unsigned long long)sysconf(_SC_PAGESIZE);
}

// A crash must kill the child, not run the parent's crash handlers (a
// fuzzer's, LLVM's, a sanitizer's) in it; it must not write a core file or
// run unbounded.
static void boundChild(size_t inputBytes) {
  static const int kCrashSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU, SIGPIPE};
  for (size_t i = 0; i < sizeof kCrashSignals / sizeof kCrashSignals[0]; ++i)
    signal(kCrashSignals[i], SIG_DFL);
  struct rlimit noCore = {0, 0};
  rlim_t seconds = (rlim_t)kCpuSeconds + (rlim_t)(inputBytes / kBytesPerSecond);
  struct rlimit cpu = {seconds, seconds + 1}; // SIGXCPU at the soft limit, SIGKILL at the hard one
  if (setrlimit(RLIMIT_CORE, &noCore) != 0 || setrlimit(RLIMIT_CPU, &cpu) != 0)
    _exit(kChildUnbounded);
  unsigned long long mapped = mappedBytes();
  rlim_t most = (rlim_t)(mapped + kMemoryBytes + 64ull * inputBytes);
  struct rlimit memory = {most, most};
  if (mapped && setrlimit(RLIMIT_AS, &memory) != 0)
    _exit(kChildUnbounded);
}

static _Noreturn void parseInChild(MlirContext ctx, MlirStringRef bytes, MlirStringRef sourceName, int out) {
  boundChild(bytes.length);
  silenceStreams();
  mlirContextAttachDiagnosticHandler(ctx, sendError, &out, NULL);
  MlirOperation op = mlirOperationCreateParse(ctx, bytes, sourceName);
  if (mlirOperationIsNull(op))
    _exit(kChildRefused);
  writeAll(out, "T", 1);
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  mlirOperationPrintWithFlags(op, flags, writeText, &out);
  _exit(kChildParsed);
}

//===----------------------------------------------------------------------===//
// The parent
//===----------------------------------------------------------------------===//

// Reads `fd` to its end into `buf`. False on a read error.
static bool readAll(int fd, TcTextBuffer *buf) {
  char chunk[1 << 16];
  for (;;) {
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return false;
    if (n == 0)
      return true;
    tcTextBufferAppend(mlirStringRefCreate(chunk, (size_t)n), buf);
  }
}

typedef struct {
  pid_t pid;
  int status;
  TcTextBuffer reply;
} Child;

// Forks the child and collects its reply and exit status. Emits an error
// and returns false if it could not be run or reaped.
static bool runChild(MlirContext ctx, MlirStringRef bytes, MlirStringRef sourceName, Child *c) {
  MlirLocation loc = mlirLocationFileLineColGet(ctx, sourceName, 1, 1);
  int fds[2];
  if (pipe(fds) != 0) {
    tcEmitError(loc, "cannot check the MLIR bytecode before reading it: pipe failed: %s", strerror(errno));
    return false;
  }
  // Close-on-exec: a child another thread of the host forks and execs at
  // the same moment must not hold the pipe open.
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  bool threaded = mlirContextGetNumThreads(ctx) > 1;
  mlirContextEnableMultithreading(ctx, false);
  c->pid = fork();
  if (c->pid == 0) {
    close(fds[0]);
    parseInChild(ctx, bytes, sourceName, fds[1]);
  }
  int forkErrno = errno;
  close(fds[1]);
  bool readOk = c->pid < 0 || readAll(fds[0], &c->reply);
  int readErrno = errno;
  close(fds[0]);
  pid_t waited = -1;
  if (c->pid > 0)
    while ((waited = waitpid(c->pid, &c->status, 0)) < 0 && errno == EINTR)
      ;
  int waitErrno = errno;
  if (threaded)
    mlirContextEnableMultithreading(ctx, true);
  const char *what = c->pid < 0 ? "fork" : waited < 0 ? "waitpid" : !readOk ? "read" : NULL;
  if (what)
    tcEmitError(loc, "cannot check the MLIR bytecode before reading it: %s failed: %s", what,
                strerror(c->pid < 0 ? forkErrno : waited < 0 ? waitErrno : readErrno));
  return what == NULL;
}

// Re-emits the child's errors; false if the reply is not a list of them.
static bool emitErrors(MlirContext ctx, MlirStringRef sourceName, const TcTextBuffer *reply) {
  size_t at = 0;
  bool any = false;
  while (at < reply->length) {
    uint32_t header[3];
    if (reply->data[at] != 'E' || reply->length - at - 1 < sizeof header)
      return false;
    memcpy(header, reply->data + at + 1, sizeof header);
    at += 1 + sizeof header;
    if (reply->length - at < header[2])
      return false;
    tcEmitError(mlirLocationFileLineColGet(ctx, sourceName, header[0], header[1]), "%.*s", (int)header[2],
                reply->data + at);
    at += header[2];
    any = true;
  }
  if (!any)
    tcEmitError(mlirLocationFileLineColGet(ctx, sourceName, 1, 1), "MLIR bytecode does not parse");
  return true;
}

static void emitMalformed(MlirContext ctx, MlirStringRef sourceName, int status) {
  char how[128];
  if (WIFSIGNALED(status))
    snprintf(how, sizeof how, "it died of signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
  else
    snprintf(how, sizeof how, "it exited with status %d", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  tcEmitError(mlirLocationFileLineColGet(ctx, sourceName, 1, 1),
              "malformed MLIR bytecode: MLIR's bytecode reader crashes on it or runs past its time or memory (tried "
              "in a child process: %s)", how);
}

MlirModule tcParseBytecodeModule(MlirContext ctx, MlirStringRef bytes, MlirStringRef sourceName) {
  Child c = {0};
  MlirModule module = {NULL};
  if (!runChild(ctx, bytes, sourceName, &c)) {
    free(c.reply.data);
    return module;
  }
  int code = WIFEXITED(c.status) ? WEXITSTATUS(c.status) : -1;
  const char *reply = c.reply.data ? c.reply.data : "";
  if (code == kChildParsed && c.reply.length > 0 && reply[0] == 'T')
    module = tcParseSourceModule(ctx, mlirStringRefCreate(reply + 1, c.reply.length - 1), sourceName);
  else if (code == kChildUnbounded)
    tcEmitError(mlirLocationFileLineColGet(ctx, sourceName, 1, 1),
                "cannot check the MLIR bytecode before reading it: the child process could not limit its CPU time "
                "or memory");
  else if (code != kChildRefused || !emitErrors(ctx, sourceName, &c.reply))
    emitMalformed(ctx, sourceName, c.status);
  free(c.reply.data);
  return module;
}
