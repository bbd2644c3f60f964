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
// A dynamic entry point (format tensorc-abi/2, docs/dynamic-shapes.md §3)
// is called as the ABI says: the child fills `dims` with the inputs'
// shapes (the outputs' part with -2, which no shape function may leave),
// calls the shape function, then the packed wrapper with `dims` as its last
// argument, and reports both codes and the `dims` each left. Its
// descriptor is compared with the program's types (-1 for a `?`), not with
// this call's sizes, so a shape the program rejects can be passed too.
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
  int32_t shapesCode, callCode;
  char message[512];
} ChildStatus;

static void *mapShared(size_t bytes) {
  void *p = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

bool tcConfRunAllocOutputs(ConfRun *run) {
  for (size_t i = 0; i < run->numOutputs; ++i) {
    ConfBuffer *b = &run->outputs[i];
    b->bytes = (size_t)b->numel * tcConfDtypeSize(b->dtype);
    if (!(b->data = mapShared(b->bytes))) {
      snprintf(run->message, sizeof run->message, "cannot map %zu bytes for output #%zu", b->bytes, i);
      return false;
    }
  }
  return true;
}

void tcConfRunFreeOutputs(ConfRun *run) {
  for (size_t i = 0; i < run->numOutputs; ++i)
    if (run->outputs[i].data) {
      munmap(run->outputs[i].data, run->outputs[i].bytes ? run->outputs[i].bytes : 1);
      run->outputs[i].data = NULL;
    }
}

const char *tcConfRunStatusName(ConfRunStatus status) {
  static const char *names[] = {
      [CONF_RUN_OK] = "ran",
      [CONF_RUN_NOT_LOADED] = "could not be loaded",
      [CONF_RUN_NO_FUNCTION] = "has no such entry point",
      [CONF_RUN_SIGNATURE] = "has another signature than the program",
      [CONF_RUN_CLOBBERED] = "wrote into an input",
      [CONF_RUN_CRASHED] = "crashed",
      [CONF_RUN_TIMEOUT] = "timed out",
      [CONF_RUN_REFUSED] = "refused a shape the program accepts",
      [CONF_RUN_SHAPES] = "gives other output shapes than the program",
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
  if (!json_is_string(dtype) || !tcConfDtypeFromName(json_string_value(dtype), &d) || d != b->dtype ||
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
  if (!buffers)
    return false;
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

// The entry point's wrappers: `packed` for a static one, `dynamic` and
// `shapes` for a dynamic one.
typedef struct Wrappers {
  void (*packed)(void **);
  int32_t (*dynamic)(void **);
  int32_t (*shapes)(int64_t *);
} Wrappers;

// The function the descriptor names by `member` of entry `f`, or NULL.
static void *namedFunction(ConfRun *run, void *handle, json_t *f, const char *member, const char *what,
                           ChildStatus *st) {
  json_t *name = json_object_get(f, member);
  void *fn = json_is_string(name) ? dlsym(handle, json_string_value(name)) : NULL;
  char msg[300];
  if (!fn) {
    snprintf(msg, sizeof msg, "the %s of '%s' is missing", what, run->function);
    childExit(st, CONF_RUN_NOT_LOADED, "%s", msg);
  }
  if (!isFunction(fn)) {
    snprintf(msg, sizeof msg, "the %s the descriptor names for '%s' is not a function", what, run->function);
    childExit(st, CONF_RUN_NOT_LOADED, "%s", msg);
  }
  return fn;
}

// Finds the wrappers of run->function, checking the signature: a static
// entry point against the buffers' shapes, a dynamic one against the
// program's types.
static Wrappers findWrappers(ConfRun *run, void *handle, ChildStatus *st) {
  const char *text = dlsym(handle, "__tc_abi");
  if (!text)
    childExit(st, CONF_RUN_NOT_LOADED, "%s: not a tensorc artifact (no __tc_abi)", run->artifact);
  json_error_t jerr;
  json_t *desc = json_loads(text, 0, &jerr), *functions = json_object_get(desc, "functions");
  json_t *format = json_object_get(desc, "format");
  bool v2 = json_is_string(format) && strcmp(json_string_value(format), "tensorc-abi/2") == 0;
  if (!json_is_string(format) || (!v2 && strcmp(json_string_value(format), "tensorc-abi/1") != 0) ||
      !json_is_array(functions))
    childExit(st, CONF_RUN_NOT_LOADED, "%s: malformed __tc_abi descriptor", run->artifact);
  bool dynamic = run->declaredInputs != NULL;
  const ConfBuffer *ins = dynamic ? run->declaredInputs : run->inputs;
  const ConfBuffer *outs = dynamic ? run->declaredOutputs : run->outputs;
  for (size_t i = 0; i < json_array_size(functions); ++i) {
    json_t *f = json_array_get(functions, i), *name = json_object_get(f, "name");
    if (!json_is_string(name) || strcmp(json_string_value(name), run->function) != 0)
      continue;
    if (!sameSide(json_object_get(f, "inputs"), ins, run->numInputs) ||
        !sameSide(json_object_get(f, "outputs"), outs, run->numOutputs) ||
        dynamic != (v2 && json_object_get(f, "shapes") != NULL))
      childExit(st, CONF_RUN_SIGNATURE, "entry point '%s' takes other dtypes or shapes than the program's function",
                run->function);
    Wrappers w = {0};
    void *fn = namedFunction(run, handle, f, "packed", "packed wrapper", st);
    if (dynamic) {
      void *shapes = namedFunction(run, handle, f, "shapes", "shape function", st);
      memcpy(&w.dynamic, &fn, sizeof w.dynamic);
      memcpy(&w.shapes, &shapes, sizeof w.shapes);
    } else {
      memcpy(&w.packed, &fn, sizeof w.packed);
    }
    return w;
  }
  childExit(st, CONF_RUN_NO_FUNCTION, "the artifact has no entry point '%s'", run->function);
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

// The entries of a dynamic run's `dims` array: every input's rank, then
// every output's.
static size_t confRunNumDims(const ConfRun *run) {
  size_t k = 0;
  for (size_t i = 0; i < run->numInputs; ++i)
    k += (size_t)run->inputs[i].rank;
  for (size_t i = 0; i < run->numOutputs; ++i)
    k += (size_t)run->outputs[i].rank;
  return k;
}

enum { kUnwritten = -2 }; ///< the outputs' part of `dims` before a call

// A dynamic run's `dims`: the inputs' shapes, then room for the outputs'.
static int64_t *fillDims(const ConfRun *run, int64_t *dims) {
  size_t k = 0;
  for (size_t i = 0; i < run->numInputs; ++i)
    for (intptr_t d = 0; d < run->inputs[i].rank; ++d)
      dims[k++] = run->inputs[i].dims[d];
  for (size_t i = 0; i < run->numOutputs; ++i)
    for (intptr_t d = 0; d < run->outputs[i].rank; ++d)
      dims[k++] = kUnwritten;
  return dims;
}

// Whether the outputs' part of `dims` is the output buffers' shapes (the
// reference's); the first output that is not into `which`.
static bool outputDimsMatch(const ConfRun *run, const int64_t *dims, size_t *which) {
  size_t k = 0;
  for (size_t i = 0; i < run->numInputs; ++i)
    k += (size_t)run->inputs[i].rank;
  for (size_t i = 0; i < run->numOutputs; ++i)
    for (intptr_t d = 0; d < run->outputs[i].rank; ++d)
      if (dims[k++] != run->outputs[i].dims[d]) {
        *which = i;
        return false;
      }
  return true;
}

// Fails a dynamic run the reference accepts: a refusal, or other output shapes.
static void checkAccepted(ChildStatus *st, const ConfRun *run, int32_t code, const int64_t *dims, const char *who) {
  char msg[300];
  size_t which;
  if (code != 0) {
    snprintf(msg, sizeof msg, "%s returned code %d for shapes the reference accepts", who, (int)code);
    childExit(st, CONF_RUN_REFUSED, "%s", msg);
  }
  if (!outputDimsMatch(run, dims, &which)) {
    snprintf(msg, sizeof msg, "%s wrote another shape for output #%zu than the reference computes", who, which);
    childExit(st, CONF_RUN_SHAPES, "%s", msg);
  }
}

static void checkInputs(ConfRun *run, void **copies, ChildStatus *st) {
  for (size_t i = 0; i < run->numInputs; ++i)
    if (memcmp(copies[i], run->inputs[i].data, run->inputs[i].bytes) != 0) {
      char which[32];
      snprintf(which, sizeof which, "#%zu", i);
      childExit(st, CONF_RUN_CLOBBERED, "the entry point wrote into its input %s, which the ABI forbids", which);
    }
}

static void timeCalls(ConfRun *run, Wrappers w, void **args, ChildStatus *st) {
  double *times = calloc((size_t)run->timeRepeat, sizeof *times);
  for (int r = 0; r < run->timeRepeat; ++r) {
    double t0 = tcConfNow();
    if (w.packed)
      w.packed(args);
    else
      w.dynamic(args);
    times[r] = tcConfNow() - t0;
  }
  qsort(times, (size_t)run->timeRepeat, sizeof *times, compareDoubles);
  st->medianSeconds = times[run->timeRepeat / 2];
}

// `shared` holds two dims arrays: after the shape function, after the call.
static _Noreturn void child(ConfRun *run, ChildStatus *st, int64_t *shared) {
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
  Wrappers w = findWrappers(run, handle, st);
  size_t n = run->numInputs + run->numOutputs, numDims = confRunNumDims(run);
  void **args = calloc(n + 1, sizeof *args), **copies = calloc(run->numInputs + 1, sizeof *copies);
  for (size_t i = 0; i < run->numInputs; ++i) {
    args[i] = run->inputs[i].data;
    copies[i] = malloc(run->inputs[i].bytes + 1);
    memcpy(copies[i], run->inputs[i].data, run->inputs[i].bytes);
  }
  for (size_t i = 0; i < run->numOutputs; ++i)
    args[run->numInputs + i] = run->outputs[i].data;
  int64_t *dims = calloc(numDims + 1, sizeof *dims);
  if (w.shapes) {
    st->status = CONF_RUN_CRASHED;
    snprintf(st->message, sizeof st->message, "the shape function ended the process instead of returning");
    st->shapesCode = w.shapes(fillDims(run, dims));
    memcpy(shared, dims, numDims * sizeof *dims);
    if (run->expectAccept)
      checkAccepted(st, run, st->shapesCode, dims, "the shape function");
    args[n] = fillDims(run, dims);
  }
  st->status = CONF_RUN_CRASHED; // until the call returns
  snprintf(st->message, sizeof st->message, "the entry point ended the process instead of returning");
  if (w.packed)
    w.packed(args);
  else
    st->callCode = w.dynamic(args);
  memcpy(shared + numDims, dims, numDims * sizeof *dims);
  checkInputs(run, copies, st);
  if (w.dynamic && run->expectAccept)
    checkAccepted(st, run, st->callCode, dims, "the entry point");
  if (run->timeRepeat > 0 && (w.packed || run->expectAccept))
    timeCalls(run, w, args, st);
  st->status = CONF_RUN_OK;
  _exit(0);
}

//===-- The parent -----------------------------------------------------------===//

ConfRunStatus tcConfRunEntryPoint(ConfRun *run) {
  ChildStatus *st = mapShared(sizeof *st);
  if (!st) {
    snprintf(run->message, sizeof run->message, "cannot map the status page: %s", strerror(errno));
    return CONF_RUN_CRASHED;
  }
  memset(st, 0, sizeof *st);
  st->status = CONF_RUN_CRASHED;
  st->shapesCode = st->callCode = -1;
  size_t numDims = confRunNumDims(run);
  int64_t *shared = mapShared(2 * (numDims + 1) * sizeof *shared);
  if (!shared) {
    munmap(st, sizeof *st);
    snprintf(run->message, sizeof run->message, "cannot map the shapes page: %s", strerror(errno));
    return CONF_RUN_CRASHED;
  }
  for (size_t k = 0; k < 2 * numDims; ++k)
    shared[k] = kUnwritten;
  snprintf(st->message, sizeof st->message, "the child process ended before calling the entry point");
  for (size_t i = 0; i < run->numOutputs; ++i)
    memset(run->outputs[i].data, run->poison, run->outputs[i].bytes);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0)
    child(run, st, shared);
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
  run->shapesCode = st->shapesCode;
  run->callCode = st->callCode;
  if (run->shapesDims)
    memcpy(run->shapesDims, shared, numDims * sizeof *shared);
  if (run->callDims)
    memcpy(run->callDims, shared + numDims, numDims * sizeof *shared);
  munmap(shared, 2 * (numDims + 1) * sizeof *shared);
  munmap(st, sizeof *st);
  return status;
}
