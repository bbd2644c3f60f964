//===- tensor-run.c - run an entry point of a shared tensorc artifact -----===//
//
// tensor-run ARTIFACT.so [--fn NAME] [--input a.npy ...] [--output-dir DIR]
//            [--repeat N] [--timeout S]
//
// The artifact's side of tensor-ref: load a shared library built by
// `tensor-translate --emit=shared` with lib/Runtime (nothing of the compiler
// is linked or needed: the signature comes from the library's `__tc_abi`
// descriptor), check each .npy input's dtype and shape against the entry
// point, call it through its packed wrapper, print the outputs exactly as
// tensor-ref prints them and write them as output_<i>.npy, so the two tools'
// outputs can be compared file by file (tensor-conform compare). With
// --repeat it calls N times and reports the median, min and max wall time
// per call. With --timeout an artifact still running after S seconds (all
// calls together) is stopped by a timer and reported. Exit codes as in
// docs/exit-codes.md: 1 for the command line and the inputs, 3 for an
// artifact that cannot be loaded, 5 for one that runs past --timeout
// (docs/tensor-run.md). A dynamic entry point (docs/dynamic-shapes.md §3)
// takes its sizes from the inputs; its shape function gives the outputs'
// and may reject the inputs, which is bad input (1), reported before any
// call.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Npy.h"
#include "tensorc/Runtime.h"
#include "tensorc/Tool.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#ifndef TC_VERSION
#define TC_VERSION "unknown"
#endif

#define TOOL "tensor-run"

enum { kMaxInputs = 256, kAlign = 64 };

typedef struct Options {
  const char *artifact, *fn, *outputDir;
  const char *inputs[kMaxInputs];
  int numInputs;
  long repeat;    // 0: run once and report no time
  double timeout; // seconds; 0: none
} Options;

static void printHelp(void) {
  printf("OVERVIEW: run an entry point of a shared tensorc artifact on .npy inputs\n\n"
         "USAGE: " TOOL " ARTIFACT.so [options]\n\n"
         "OPTIONS:\n"
         "  --fn NAME            Entry point to run (default: the only one)\n"
         "  --input A.npy ...    One .npy file per input, in order, or NAME=A.npy ... by the\n"
         "                       inputs' names (an ONNX model's graph input names)\n"
         "  --output-dir DIR     Write output_<i>.npy to DIR\n"
         "  --repeat N           Call N times; print the median, min and max time per call\n"
         "  --timeout S          Stop and fail (exit 5) if the calls take longer than S seconds\n"
         "  --version, --help\n\n"
         "Exit codes: 0 success, 1 usage or bad inputs, 3 an artifact that cannot be loaded,\n"
         "5 an artifact that runs past --timeout (docs/exit-codes.md).\n");
}

static int parseRepeat(const char *v, Options *o) {
  char *end;
  errno = 0;
  o->repeat = strtol(v, &end, 10);
  if (*v < '0' || *v > '9' || *end || errno || o->repeat < 1)
    return tcUsageError(TOOL, "--repeat takes a positive integer, got '%s'", v);
  return TC_EXIT_SUCCESS;
}

// --input takes every following argument that is not a flag.
static int parseTimeout(const char *v, Options *o) {
  char *end;
  errno = 0;
  o->timeout = strtod(v, &end);
  if (!*v || *end || errno || !(o->timeout > 0) || o->timeout > 1e6)
    return tcUsageError(TOOL, "--timeout takes a positive number of seconds, got '%s'", v);
  return TC_EXIT_SUCCESS;
}

// What the timer prints and exits with: written before the calls start, so
// the handler only calls async-signal-safe write and _exit.
static char gTimeoutMessage[512];

static void onTimeout(int sig) {
  (void)sig;
  ssize_t ignored = write(STDERR_FILENO, gTimeoutMessage, strlen(gTimeoutMessage));
  (void)ignored;
  _exit(TC_EXIT_CONFORMANCE);
}

// Arms a one-shot real-time timer of `seconds` that ends the process.
static void armTimeout(const Options *o, const char *name) {
  if (o->timeout <= 0)
    return;
  snprintf(gTimeoutMessage, sizeof gTimeoutMessage,
           TOOL ": %s of '%s' ran past --timeout %g s and was stopped\n" TOOL ": %s: %s was not run to the end\n",
           name, o->artifact, o->timeout, tcExitCodePrefix(TC_EXIT_CONFORMANCE), o->artifact);
  signal(SIGALRM, onTimeout);
  struct itimerval t = {{0, 0}, {(time_t)o->timeout, (suseconds_t)((o->timeout - (double)(time_t)o->timeout) * 1e6)}};
  if (t.it_value.tv_sec == 0 && t.it_value.tv_usec == 0)
    t.it_value.tv_usec = 1;
  setitimer(ITIMER_REAL, &t, NULL);
}

static void disarmTimeout(void) {
  struct itimerval off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &off, NULL);
}

static int addInputs(int argc, char **argv, int *i, const char *first, Options *o) {
  for (const char *v = first; v; v = (*i + 1 < argc && argv[*i + 1][0] != '-') ? argv[++*i] : NULL) {
    if (o->numInputs == kMaxInputs)
      return tcUsageError(TOOL, "more than %d inputs", kMaxInputs);
    o->inputs[o->numInputs++] = v;
  }
  return TC_EXIT_SUCCESS;
}

static int parseArg(int argc, char **argv, int *i, Options *o) {
  const char *a = argv[*i], *v = NULL;
  if (tcMatchFlag(argc, argv, i, "help", NULL) || tcMatchFlag(argc, argv, i, "h", NULL)) {
    printHelp();
    exit(TC_EXIT_SUCCESS);
  }
  if (tcMatchFlag(argc, argv, i, "version", NULL)) {
    printf("tensorc " TOOL " %s\n", TC_VERSION);
    exit(TC_EXIT_SUCCESS);
  }
  if (tcMatchFlag(argc, argv, i, "input", &v))
    return addInputs(argc, argv, i, v, o);
  if (tcMatchFlag(argc, argv, i, "repeat", &v))
    return parseRepeat(v, o);
  if (tcMatchFlag(argc, argv, i, "timeout", &v))
    return parseTimeout(v, o);
  if (tcMatchFlag(argc, argv, i, "fn", &v))
    o->fn = v;
  else if (tcMatchFlag(argc, argv, i, "output-dir", &v))
    o->outputDir = v;
  else if (a[0] == '-' && a[1] != '\0')
    return tcUsageError(TOOL, "unknown option '%s' (or it lacks its value)", a);
  else if (o->artifact)
    return tcUsageError(TOOL, "more than one artifact given ('%s')", a);
  else
    o->artifact = a;
  return TC_EXIT_SUCCESS;
}

static int parseArgs(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  for (int i = 1; i < argc; ++i) {
    int rc = parseArg(argc, argv, &i, o);
    if (rc)
      return rc;
  }
  return o->artifact ? TC_EXIT_SUCCESS : tcUsageError(TOOL, "no artifact given");
}

//===-- Choosing the entry point --------------------------------------------===//

static void listEntryPoints(TcArtifact a) {
  for (intptr_t i = 0; i < tcArtifactGetNumEntryPoints(a); ++i)
    fprintf(stderr, "%s%s", i ? ", " : "", tcEntryPointGetName(tcArtifactGetEntryPoint(a, i)));
  fprintf(stderr, "\n");
}

static TcEntryPoint chooseEntryPoint(TcArtifact a, const Options *o) {
  intptr_t n = tcArtifactGetNumEntryPoints(a);
  TcEntryPoint e = o->fn ? tcArtifactLookupEntryPoint(a, o->fn) : tcArtifactGetEntryPoint(a, 0);
  if (!tcEntryPointIsNull(e) && (o->fn || n == 1))
    return e;
  if (o->fn)
    fprintf(stderr, TOOL ": '%s' has no entry point named '%s'; it has: ", o->artifact, o->fn);
  else if (n == 0)
    fprintf(stderr, TOOL ": '%s' has no entry points\n", o->artifact);
  else
    fprintf(stderr, TOOL ": '%s' has %ld entry points: choose one with --fn: ", o->artifact, (long)n);
  if (n)
    listEntryPoints(a);
  return (TcEntryPoint){NULL};
}

//===-- Tensors in memory ---------------------------------------------------===//

/// One input or output: `data` holds its elements in the ABI's layout.
// A tensor of the call: its concrete type (a dynamic dimension of the entry
// point's type replaced by this call's size) and its elements.
typedef struct Tensor {
  TcAbiTensorType type;
  void *data;
  size_t numBytes;
} Tensor;

// NumPy's dtype for an ABI dtype: bf16 travels as float32 (docs/reference.md).
static TcNpyDtype npyDtypeOf(TcAbiDtype d) {
  static const TcNpyDtype map[] = {
      [TC_ABI_I1] = TC_NPY_BOOL, [TC_ABI_I8] = TC_NPY_I8,    [TC_ABI_I16] = TC_NPY_I16,
      [TC_ABI_I32] = TC_NPY_I32, [TC_ABI_I64] = TC_NPY_I64,  [TC_ABI_UI8] = TC_NPY_U8,
      [TC_ABI_UI16] = TC_NPY_U16, [TC_ABI_UI32] = TC_NPY_U32, [TC_ABI_UI64] = TC_NPY_U64,
      [TC_ABI_F16] = TC_NPY_F16, [TC_ABI_BF16] = TC_NPY_F32, [TC_ABI_F32] = TC_NPY_F32,
      [TC_ABI_F64] = TC_NPY_F64,
  };
  return map[d];
}

// Allocates room for `t` (aligned to kAlign, never NULL); false if too large.
static bool tensorAllocate(Tensor *t, const TcAbiTensorType *type) {
  t->type = *type;
  int64_t n = tcAbiTensorTypeGetNumElements(type);
  size_t size = tcAbiDtypeGetSize(type->dtype);
  if (n < 0 || (uint64_t)n > (SIZE_MAX - kAlign) / size)
    return false;
  t->numBytes = (size_t)n * size;
  t->data = aligned_alloc(kAlign, (t->numBytes + kAlign - 1) / kAlign * kAlign + kAlign);
  return t->data != NULL;
}

static void formatShape(const int64_t *shape, int rank, char *buf, size_t size) {
  size_t used = (size_t)snprintf(buf, size, rank ? "" : "scalar");
  for (int i = 0; i < rank && used < size; ++i)
    used += (size_t)snprintf(buf + used, size - used, i ? "x%" PRId64 : "%" PRId64, shape[i]);
}

// Checks the array's dtype and shape against the input's type.
static bool checkInputArray(const TcNpyArray *a, const TcAbiTensorType *type, intptr_t i, const char *path) {
  char want[512], got[512];
  tcAbiTensorTypeFormat(type, want, sizeof want);
  TcNpyDtype dtype = npyDtypeOf(type->dtype);
  if (a->dtype != dtype) {
    fprintf(stderr, TOOL ": input #%ld (%s): has dtype %s, but the argument is %s (%s in .npy)\n", (long)i, path,
            tcNpyDtypeName(a->dtype), want, tcNpyDtypeName(dtype));
    return false;
  }
  bool same = a->rank == type->rank;
  for (int d = 0; same && d < a->rank; ++d)
    same = type->shape[d] == TC_ABI_DYNAMIC_DIM || a->shape[d] == type->shape[d];
  if (!same) {
    formatShape(a->shape, a->rank, got, sizeof got);
    fprintf(stderr, TOOL ": input #%ld (%s): has shape %s, but the argument is %s\n", (long)i, path, got, want);
  }
  return same;
}

// Copies the array's elements into `t`; bf16 values must be exact.
static bool fillInput(Tensor *t, const TcNpyArray *a, intptr_t i, const char *path) {
  if (t->type.dtype != TC_ABI_BF16) {
    memcpy(t->data, a->data, t->numBytes);
    return true;
  }
  const float *in = a->data;
  uint16_t *out = t->data;
  for (size_t k = 0; k < t->numBytes / 2; ++k)
    if (!tcAbiFloatToBF16Exact(in[k], &out[k])) {
      fprintf(stderr, TOOL ": input #%ld (%s): element %zu (%.9g) is not exactly representable in bf16\n", (long)i,
              path, k, (double)in[k]);
      return false;
    }
  return true;
}

static bool readInput(Tensor *t, const TcAbiTensorType *type, intptr_t i, const char *path) {
  TcNpyArray a;
  char err[512];
  if (!tcNpyRead(path, &a, err, sizeof err)) {
    fprintf(stderr, TOOL ": input #%ld (%s): %s\n", (long)i, path, err);
    return false;
  }
  bool ok = checkInputArray(&a, type, i, path);
  TcAbiTensorType concrete = *type;
  if (ok)
    memcpy(concrete.shape, a.shape, sizeof(int64_t) * (size_t)a.rank);
  if (ok && !tensorAllocate(t, &concrete)) {
    fprintf(stderr, TOOL ": input #%ld (%s): out of memory\n", (long)i, path);
    ok = false;
  }
  ok = ok && fillInput(t, &a, i, path);
  tcNpyArrayDestroy(&a);
  return ok;
}

//===-- Printing and writing outputs ----------------------------------------===//

// Prints element `k` as tensor-ref does (floats with 9 significant digits,
// f64 with 17, i1 as true/false).
static void printElement(const Tensor *t, int64_t k) {
  const char *p = (const char *)t->data + (size_t)k * tcAbiDtypeGetSize(t->type.dtype);
  union { int8_t i8; int16_t i16; int32_t i32; int64_t i64; uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
          float f32; double f64; } v;
  memcpy(&v, p, tcAbiDtypeGetSize(t->type.dtype));
  switch (t->type.dtype) {
  case TC_ABI_I1: printf("%s", v.u8 ? "true" : "false"); break;
  case TC_ABI_I8: printf("%d", v.i8); break;
  case TC_ABI_I16: printf("%d", v.i16); break;
  case TC_ABI_I32: printf("%" PRId32, v.i32); break;
  case TC_ABI_I64: printf("%" PRId64, v.i64); break;
  case TC_ABI_UI8: printf("%u", v.u8); break;
  case TC_ABI_UI16: printf("%u", v.u16); break;
  case TC_ABI_UI32: printf("%" PRIu32, v.u32); break;
  case TC_ABI_UI64: printf("%" PRIu64, v.u64); break;
  case TC_ABI_F16: printf("%.9g", (double)tcAbiF16ToFloat(v.u16)); break;
  case TC_ABI_BF16: printf("%.9g", (double)tcAbiBF16ToFloat(v.u16)); break;
  case TC_ABI_F32: printf("%.9g", (double)v.f32); break;
  case TC_ABI_F64: printf("%.17g", v.f64); break;
  }
}

// Prints a tensor as nested lists: [[1, 2], [3, 4]].
static void printNested(const Tensor *t, int dim, int64_t *k) {
  if (dim == t->type.rank) {
    printElement(t, (*k)++);
    return;
  }
  printf("[");
  for (int64_t i = 0; i < t->type.shape[dim]; ++i) {
    if (i)
      printf(", ");
    printNested(t, dim + 1, k);
  }
  printf("]");
}

static bool makeDir(const char *dir) {
  struct stat st;
  if (mkdir(dir, 0777) == 0 || (errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)))
    return true;
  if (errno == EEXIST)
    errno = ENOTDIR;
  fprintf(stderr, TOOL ": cannot create directory '%s': %s\n", dir, strerror(errno));
  return false;
}

// Writes output `i` as DIR/output_<i>.npy; bf16 widens to float32.
static bool writeOutput(const char *dir, intptr_t i, const Tensor *t) {
  TcNpyArray a = {.dtype = npyDtypeOf(t->type.dtype), .rank = t->type.rank, .data = t->data,
                  .numBytes = t->numBytes};
  memcpy(a.shape, t->type.shape, sizeof(int64_t) * (size_t)t->type.rank);
  float *wide = NULL;
  if (t->type.dtype == TC_ABI_BF16) {
    size_t n = t->numBytes / 2;
    if (!(wide = malloc(n * sizeof *wide + 1)))
      return false;
    for (size_t k = 0; k < n; ++k)
      wide[k] = tcAbiBF16ToFloat(((const uint16_t *)t->data)[k]);
    a.data = wide;
    a.numBytes = n * sizeof *wide;
  }
  char path[4096], err[512];
  snprintf(path, sizeof path, "%s/output_%ld.npy", dir, (long)i);
  bool ok = tcNpyWrite(path, &a, err, sizeof err);
  if (!ok)
    fprintf(stderr, TOOL ": %s\n", err);
  free(wide);
  return ok;
}

//===-- Running -----------------------------------------------------------------===//

static double nowSeconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void printTimes(const char *name, double *times, long n) {
  qsort(times, (size_t)n, sizeof *times, compareDoubles);
  double median = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
  printf("time per call of %s: median %.3f us, min %.3f us, max %.3f us (%ld calls)\n", name, median * 1e6,
         times[0] * 1e6, times[n - 1] * 1e6, n);
}

// Calls the entry point `n` times, recording each call's wall time.
// Points `in` and `out` (NULL if out of memory: free it) at the shapes
// `tensors` hold: the inputs', then the outputs'.
static int64_t **shapePointers(TcEntryPoint e, Tensor *tensors, const int64_t **in) {
  intptr_t numIn = tcEntryPointGetNumInputs(e), numOut = tcEntryPointGetNumOutputs(e);
  int64_t **out = calloc((size_t)numOut + 1, sizeof *out);
  for (intptr_t i = 0; i < numIn; ++i)
    in[i] = tensors[i].type.shape;
  for (intptr_t i = 0; out && i < numOut; ++i)
    out[i] = tensors[numIn + i].type.shape;
  return out;
}

// Calls through tcEntryPointCallShaped for a dynamic entry point (whose
// shapes `tensors` hold), else tcEntryPointCall.
static TcRuntimeStatus callOnce(TcEntryPoint e, void **inputs, void **outputs, Tensor *tensors, char *err,
                                size_t errSize) {
  if (!tcEntryPointIsDynamic(e))
    return tcEntryPointCall(e, inputs, outputs, err, errSize);
  const int64_t *inShapes[kMaxInputs + 1];
  int64_t **outShapes = shapePointers(e, tensors, inShapes);
  if (!outShapes)
    return TC_RUNTIME_OUT_OF_MEMORY;
  int32_t guard;
  TcRuntimeStatus status = tcEntryPointCallShaped(e, inputs, inShapes, outputs, outShapes, &guard, err, errSize);
  free(outShapes);
  return status;
}

static int call(TcEntryPoint e, void **inputs, void **outputs, Tensor *tensors, long n, double *times) {
  char err[512];
  for (long r = 0; r < n; ++r) {
    double start = nowSeconds();
    if (callOnce(e, inputs, outputs, tensors, err, sizeof err) != TC_RUNTIME_OK) {
      fprintf(stderr, TOOL ": %s\n", err);
      return TC_EXIT_USAGE;
    }
    times[r] = nowSeconds() - start;
  }
  return TC_EXIT_SUCCESS;
}

static int reportOutputs(const Options *o, const Tensor *outputs, intptr_t n) {
  for (intptr_t i = 0; i < n; ++i) {
    char type[512];
    int64_t k = 0;
    printf("output #%ld: %s = ", (long)i, tcAbiTensorTypeFormat(&outputs[i].type, type, sizeof type));
    printNested(&outputs[i], 0, &k);
    printf("\n");
  }
  if (o->outputDir && !makeDir(o->outputDir))
    return TC_EXIT_USAGE;
  for (intptr_t i = 0; o->outputDir && i < n; ++i)
    if (!writeOutput(o->outputDir, i, &outputs[i]))
      return TC_EXIT_USAGE;
  return TC_EXIT_SUCCESS;
}

// The input NAME=PATH names, or -1 if `arg` is not NAME=PATH for one of its
// names (a path may hold '=' too: only a known name before it counts).
static intptr_t namedInput(TcEntryPoint e, const char *arg) {
  const char *eq = strchr(arg, '=');
  for (intptr_t i = 0; eq && i < tcEntryPointGetNumInputs(e); ++i) {
    const char *name = tcEntryPointGetInputName(e, i);
    if (name && strlen(name) == (size_t)(eq - arg) && strncmp(name, arg, (size_t)(eq - arg)) == 0)
      return i;
  }
  return -1;
}

// Orders the --input files as the entry point takes them: all positional, or
// all NAME=PATH, each name once.
static bool bindInputs(const Options *o, TcEntryPoint e, const char **paths) {
  intptr_t numIn = tcEntryPointGetNumInputs(e);
  int named = 0;
  for (int k = 0; k < o->numInputs; ++k)
    named += namedInput(e, o->inputs[k]) >= 0;
  if (named == 0) {
    if (o->numInputs != numIn) {
      fprintf(stderr, TOOL ": %s takes %ld input%s, %d given\n", tcEntryPointGetName(e), (long)numIn,
              numIn == 1 ? "" : "s", o->numInputs);
      return false;
    }
    for (intptr_t i = 0; i < numIn; ++i)
      paths[i] = o->inputs[i];
    return true;
  }
  for (int k = 0; k < o->numInputs; ++k) {
    intptr_t i = namedInput(e, o->inputs[k]);
    if (i < 0) {
      fprintf(stderr, TOOL ": --input '%s': give every input as NAME=FILE or none; %s has no input named so\n",
              o->inputs[k], tcEntryPointGetName(e));
      return false;
    }
    if (paths[i]) {
      fprintf(stderr, TOOL ": --input: '%s' is given twice\n", tcEntryPointGetInputName(e, i));
      return false;
    }
    paths[i] = strchr(o->inputs[k], '=') + 1;
  }
  for (intptr_t i = 0; i < numIn; ++i)
    if (!paths[i]) {
      fprintf(stderr, TOOL ": --input: no file for input #%ld '%s' of %s\n", (long)i,
              tcEntryPointGetInputName(e, i) ? tcEntryPointGetInputName(e, i) : "", tcEntryPointGetName(e));
      return false;
    }
  return true;
}

// The outputs' concrete types in `tensors[numIn...]`: the entry point's, or
// for a dynamic one what its shape function gives for the inputs' shapes
// (a rejection is reported here, before anything runs).
static bool outputTypes(TcEntryPoint e, Tensor *tensors) {
  intptr_t numIn = tcEntryPointGetNumInputs(e), numOut = tcEntryPointGetNumOutputs(e);
  for (intptr_t i = 0; i < numOut; ++i)
    tensors[numIn + i].type = *tcEntryPointGetOutput(e, i);
  if (!tcEntryPointIsDynamic(e))
    return true;
  const int64_t *inShapes[kMaxInputs + 1];
  int64_t **outShapes = shapePointers(e, tensors, inShapes);
  if (!outShapes)
    return false;
  char err[512];
  int32_t guard;
  bool ok = tcEntryPointInferShapes(e, inShapes, outShapes, &guard, err, sizeof err) == TC_RUNTIME_OK;
  if (!ok)
    fprintf(stderr, TOOL ": %s\n", err);
  free(outShapes);
  return ok;
}

// Reads the inputs, allocates the outputs, calls, reports. The timing line
// comes after the outputs, which are those of the last call.
static int runEntryPoint(const Options *o, TcEntryPoint e) {
  intptr_t numIn = tcEntryPointGetNumInputs(e), numOut = tcEntryPointGetNumOutputs(e);
  const char *paths[kMaxInputs + 1] = {0};
  if (numIn > kMaxInputs) {
    fprintf(stderr, TOOL ": %s takes %ld inputs, more than the %d this tool passes\n", tcEntryPointGetName(e),
            (long)numIn, kMaxInputs);
    return TC_EXIT_USAGE;
  }
  if (!bindInputs(o, e, paths))
    return TC_EXIT_USAGE;
  long calls = o->repeat ? o->repeat : 1;
  Tensor *tensors = calloc((size_t)(numIn + numOut) + 1, sizeof *tensors);
  void **pointers = calloc((size_t)(numIn + numOut) + 1, sizeof *pointers);
  double *times = malloc((size_t)calls * sizeof *times);
  int rc = tensors && pointers && times ? TC_EXIT_SUCCESS : TC_EXIT_USAGE;
  for (intptr_t i = 0; rc == TC_EXIT_SUCCESS && i < numIn; ++i)
    if (!readInput(&tensors[i], tcEntryPointGetInput(e, i), i, paths[i]))
      rc = TC_EXIT_USAGE;
  if (rc == TC_EXIT_SUCCESS && !outputTypes(e, tensors))
    rc = TC_EXIT_USAGE;
  for (intptr_t i = 0; rc == TC_EXIT_SUCCESS && i < numOut; ++i)
    if (!tensorAllocate(&tensors[numIn + i], &tensors[numIn + i].type)) {
      fprintf(stderr, TOOL ": out of memory for output #%ld\n", (long)i);
      rc = TC_EXIT_USAGE;
    }
  for (intptr_t i = 0; rc == TC_EXIT_SUCCESS && i < numIn + numOut; ++i)
    pointers[i] = tensors[i].data;
  if (rc == TC_EXIT_SUCCESS) {
    armTimeout(o, tcEntryPointGetName(e));
    rc = call(e, pointers, pointers + numIn, tensors, calls, times);
    disarmTimeout();
  }
  if (rc == TC_EXIT_SUCCESS)
    rc = reportOutputs(o, tensors + numIn, numOut);
  if (rc == TC_EXIT_SUCCESS && o->repeat)
    printTimes(tcEntryPointGetName(e), times, calls);
  for (intptr_t i = 0; tensors && i < numIn + numOut; ++i)
    free(tensors[i].data);
  free(tensors);
  free(pointers);
  free(times);
  return rc;
}

int main(int argc, char **argv) {
  Options o;
  int rc = parseArgs(argc, argv, &o);
  if (rc)
    return rc;
  TcArtifact artifact;
  char err[1024];
  if (tcArtifactCreate(o.artifact, &artifact, err, sizeof err) != TC_RUNTIME_OK) {
    fprintf(stderr, TOOL ": %s\n" TOOL ": %s: %s was not run\n", err, tcExitCodePrefix(TC_EXIT_COMPILE), o.artifact);
    return TC_EXIT_COMPILE;
  }
  TcEntryPoint e = chooseEntryPoint(artifact, &o);
  rc = tcEntryPointIsNull(e) ? TC_EXIT_USAGE : runEntryPoint(&o, e);
  tcArtifactDestroy(artifact);
  return rc;
}
