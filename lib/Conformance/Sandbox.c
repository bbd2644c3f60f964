//===- Sandbox.c - running an artifact's entry point in a child process ----===//
//
// The gate must survive whatever the artifact does: crash, hang, call exit,
// scribble over its inputs. So each run happens in a forked child. The
// parent maps the output buffers (and a small status page) as shared memory
// and fills the outputs with a poison byte; the child loads the shared
// library, reads its `__tc_abi` descriptor (parsed here, not by
// lib/Runtime), checks that the entry point's signature is the program's,
// calls the packed wrapper, checks that the inputs are unchanged, optionally
// times more calls, and exits. The parent reads the verdict from the status
// page and the wait status. The child never returns into the gate's code.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ConformanceInternal.h"

#include <dlfcn.h>
#include <link.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

/// What the child reports through shared memory.
typedef struct ChildStatus {
  int status;              ///< ConfRunStatus; CONF_RUN_CRASHED until the child says otherwise
  double medianSeconds;
  char message[512];
} ChildStatus;

static void *mapShared(size_t bytes) {
  void *p = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

bool confRunAllocOutputs(ConfRun *run) {
  for (size_t i = 0; i < run->numOutputs; ++i) {
    ConfBuffer *b = &run->outputs[i];
    b->bytes = (size_t)b->numel * confDtypeSize(b->dtype);
    if (!(b->data = mapShared(b->bytes))) {
      snprintf(run->message, sizeof run->message, "cannot map %zu bytes for output #%zu", b->bytes, i);
      return false;
    }
  }
  return true;
}

void confRunFreeOutputs(ConfRun *run) {
  for (size_t i = 0; i < run->numOutputs; ++i)
    if (run->outputs[i].data) {
      munmap(run->outputs[i].data, run->outputs[i].bytes ? run->outputs[i].bytes : 1);
      run->outputs[i].data = NULL;
    }
}

const char *confRunStatusName(ConfRunStatus status) {
  static const char *names[] = {
      [CONF_RUN_OK] = "ran",
      [CONF_RUN_NOT_LOADED] = "could not be loaded",
      [CONF_RUN_NO_FUNCTION] = "has no such entry point",
      [CONF_RUN_SIGNATURE] = "has another signature than the program",
      [CONF_RUN_CLOBBERED] = "wrote into an input",
      [CONF_RUN_CRASHED] = "crashed",
      [CONF_RUN_TIMEOUT] = "timed out",
  };
  return names[status];
}

//===-- The child ------------------------------------------------------------===//

static _Noreturn void childExit(ChildStatus *st, ConfRunStatus status, const char *fmt, const char *arg) {
  st->status = status;
  snprintf(st->message, sizeof st->message, fmt, arg);
  _exit(0);
}

// Compares one descriptor tensor ({"dtype", "shape"}) with the program's.
static bool sameTensor(json_t *desc, const ConfBuffer *b) {
  json_t *dtype = json_object_get(desc, "dtype"), *shape = json_object_get(desc, "shape");
  TcRefDtype d;
  if (!json_is_string(dtype) || !confDtypeFromName(json_string_value(dtype), &d) || d != b->dtype ||
      !json_is_array(shape) || (intptr_t)json_array_size(shape) != b->rank)
    return false;
  for (intptr_t i = 0; i < b->rank; ++i) {
    json_t *dim = json_array_get(shape, (size_t)i);
    if (!json_is_integer(dim) || json_integer_value(dim) != b->dims[i])
      return false;
  }
  return true;
}

static bool sameSide(json_t *list, const ConfBuffer *buffers, size_t n) {
  if (!json_is_array(list) || json_array_size(list) != n)
    return false;
  for (size_t i = 0; i < n; ++i)
    if (!sameTensor(json_array_get(list, i), &buffers[i]))
      return false;
  return true;
}

// Whether `symbol` is the address of a function (its ELF symbol type):
// calling a data object named as the wrapper is refused, not crashed into.
static bool isFunction(void *symbol) {
  Dl_info info;
  const ElfW(Sym) *sym = NULL;
  if (!dladdr1(symbol, &info, (void **)&sym, RTLD_DL_SYMENT) || !sym)
    return false;
  return ELF64_ST_TYPE(sym->st_info) == STT_FUNC || ELF64_ST_TYPE(sym->st_info) == STT_GNU_IFUNC;
}

// Finds the packed wrapper of run->function, checking the signature.
static void (*findPacked(ConfRun *run, void *handle, ChildStatus *st))(void **) {
  const char *text = dlsym(handle, "__tc_abi");
  if (!text)
    childExit(st, CONF_RUN_NOT_LOADED, "%s: not a tensorc artifact (no __tc_abi)", run->artifact);
  json_error_t jerr;
  json_t *desc = json_loads(text, 0, &jerr), *functions = json_object_get(desc, "functions");
  json_t *format = json_object_get(desc, "format");
  if (!json_is_string(format) || strcmp(json_string_value(format), "tensorc-abi/1") != 0 || !json_is_array(functions))
    childExit(st, CONF_RUN_NOT_LOADED, "%s: malformed __tc_abi descriptor", run->artifact);
  for (size_t i = 0; i < json_array_size(functions); ++i) {
    json_t *f = json_array_get(functions, i), *name = json_object_get(f, "name"), *packed = json_object_get(f, "packed");
    if (!json_is_string(name) || strcmp(json_string_value(name), run->function) != 0)
      continue;
    if (!sameSide(json_object_get(f, "inputs"), run->inputs, run->numInputs) ||
        !sameSide(json_object_get(f, "outputs"), run->outputs, run->numOutputs))
      childExit(st, CONF_RUN_SIGNATURE, "entry point '%s' takes other dtypes or shapes than the program's function",
                run->function);
    void *fn = json_is_string(packed) ? dlsym(handle, json_string_value(packed)) : NULL;
    if (!fn)
      childExit(st, CONF_RUN_NOT_LOADED, "the packed wrapper of '%s' is missing", run->function);
    if (!isFunction(fn))
      childExit(st, CONF_RUN_NOT_LOADED, "the packed wrapper the descriptor names for '%s' is not a function",
                run->function);
    void (*call)(void **);
    memcpy(&call, &fn, sizeof call);
    return call;
  }
  childExit(st, CONF_RUN_NO_FUNCTION, "the artifact has no entry point '%s'", run->function);
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static _Noreturn void child(ConfRun *run, ChildStatus *st) {
  char threads[32];
  if (run->threads > 0) {
    snprintf(threads, sizeof threads, "%d", run->threads);
    setenv("OMP_NUM_THREADS", threads, 1);
  }
  if (run->timeoutSeconds > 0)
    alarm((unsigned)(run->timeoutSeconds + 0.999));
  void *handle = dlopen(run->artifact, RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    childExit(st, CONF_RUN_NOT_LOADED, "%s", dlerror());
  void (*call)(void **) = findPacked(run, handle, st);
  size_t n = run->numInputs + run->numOutputs;
  void **args = calloc(n ? n : 1, sizeof *args), **copies = calloc(run->numInputs + 1, sizeof *copies);
  for (size_t i = 0; i < run->numInputs; ++i) {
    args[i] = run->inputs[i].data;
    copies[i] = malloc(run->inputs[i].bytes + 1);
    memcpy(copies[i], run->inputs[i].data, run->inputs[i].bytes);
  }
  for (size_t i = 0; i < run->numOutputs; ++i)
    args[run->numInputs + i] = run->outputs[i].data;
  st->status = CONF_RUN_CRASHED; // until the call returns
  snprintf(st->message, sizeof st->message, "the entry point ended the process instead of returning");
  call(args);
  for (size_t i = 0; i < run->numInputs; ++i)
    if (memcmp(copies[i], run->inputs[i].data, run->inputs[i].bytes) != 0) {
      char which[32];
      snprintf(which, sizeof which, "#%zu", i);
      childExit(st, CONF_RUN_CLOBBERED, "the entry point wrote into its input %s, which the ABI forbids", which);
    }
  if (run->timeRepeat > 0) {
    double *times = calloc((size_t)run->timeRepeat, sizeof *times);
    for (int r = 0; r < run->timeRepeat; ++r) {
      double t0 = confNow();
      call(args);
      times[r] = confNow() - t0;
    }
    qsort(times, (size_t)run->timeRepeat, sizeof *times, compareDoubles);
    st->medianSeconds = times[run->timeRepeat / 2];
  }
  st->status = CONF_RUN_OK;
  _exit(0);
}

//===-- The parent -----------------------------------------------------------===//

ConfRunStatus confRunEntryPoint(ConfRun *run) {
  ChildStatus *st = mapShared(sizeof *st);
  if (!st) {
    snprintf(run->message, sizeof run->message, "cannot map the status page: %s", strerror(errno));
    return CONF_RUN_CRASHED;
  }
  memset(st, 0, sizeof *st);
  st->status = CONF_RUN_CRASHED;
  snprintf(st->message, sizeof st->message, "the child process ended before calling the entry point");
  for (size_t i = 0; i < run->numOutputs; ++i)
    memset(run->outputs[i].data, run->poison, run->outputs[i].bytes);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0)
    child(run, st);
  int wstatus = 0;
  while (pid > 0 && waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
    continue;
  ConfRunStatus status = (ConfRunStatus)st->status;
  if (pid < 0) {
    snprintf(run->message, sizeof run->message, "cannot fork: %s", strerror(errno));
    status = CONF_RUN_CRASHED;
  } else if (WIFSIGNALED(wstatus)) {
    int sig = WTERMSIG(wstatus);
    status = sig == SIGALRM ? CONF_RUN_TIMEOUT : CONF_RUN_CRASHED;
    if (sig == SIGALRM)
      snprintf(run->message, sizeof run->message, "no result after %.0f s", run->timeoutSeconds);
    else
      snprintf(run->message, sizeof run->message, "killed by signal %d (%s)", sig, strsignal(sig));
  } else if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) != 0 && status == CONF_RUN_OK) {
    status = CONF_RUN_CRASHED;
    snprintf(run->message, sizeof run->message, "exited with status %d", WEXITSTATUS(wstatus));
  } else {
    snprintf(run->message, sizeof run->message, "%s", st->message);
  }
  run->medianSeconds = st->medianSeconds;
  munmap(st, sizeof *st);
  return status;
}
