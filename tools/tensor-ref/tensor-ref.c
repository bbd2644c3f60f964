//===- tensor-ref.c - run a tc_tensor function on the reference evaluator --===//
//
// tensor-ref PROGRAM [--fn NAME] [--input a.npy ...] [--seed N [--draw KIND] [--sizes LIST]]
//            [--output-dir DIR] [--dump-values DIR] [--exact] [--threads N]
//
// Reads .npy inputs (or draws them from each argument's declared
// distribution with --seed, in the kind of draw --draw names: the gate's
// stress draws replay this way), evaluates the function with lib/Reference and
// prints every output; --output-dir writes inputs and outputs as .npy (and
// the evaluator's error bound of an output that has one), and
// --dump-values writes every intermediate value. --exact evaluates every
// sum with the exact superaccumulator instead of the fast mode's kernels;
// --threads sets how many threads the fast mode uses. The tool links nothing of
// the compiler. Exit codes as in docs/exit-codes.md: 1 for bad inputs or
// options, 2 for a program that breaks the spec, 3 for one the evaluator does
// not support.
//
//===----------------------------------------------------------------------===//
#include "GradMode.h"
#include "RefTool.h"

#include "tensorc/Dialects.h"
#include "tensorc/Npy.h"
#include "tensorc/Parse.h"
#include "tensorc/Reference.h"
#include "tensorc/Tool.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef TC_VERSION
#define TC_VERSION "unknown"
#endif

enum { kMaxInputs = 256 };

typedef struct Options {
  const char *program, *fn, *outputDir, *dumpDir;
  const char *inputs[kMaxInputs];
  int numInputs;
  bool haveSeed, haveDraw;
  uint64_t seed;
  const char *sizes; ///< --sizes: "in0.d0=13,in1.d0=14", the sizes --seed draws at
  TcRefDraw draw;
  TcRefOptions ref;
} Options;

static int usage(const char *fmt, const char *arg) {
  fprintf(stderr, "tensor-ref: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\ntensor-ref: %s: see 'tensor-ref --help'\n", tcExitCodePrefix(TC_EXIT_USAGE));
  return TC_EXIT_USAGE;
}

static void printHelp(void) {
  printf("OVERVIEW: evaluate a tc_tensor function with the reference evaluator\n\n"
         "USAGE: tensor-ref PROGRAM [options]\n\n"
         "OPTIONS:\n"
         "  --fn NAME            Function to run (default: the only public one)\n"
         "  --input A.npy ...    One .npy file per argument, in order\n"
         "  --seed N             Draw inputs from the arguments' declared distributions\n"
         "  --draw KIND          With --seed: the kind of draw for arguments that declare none: standard\n"
         "                       (default), wide, negative, positive, rows, special (docs/reference.md)\n"
         "  --sizes LIST         With --seed: draw at these sizes, 'in0.d0=13,in1.d0=14' (every ? of an\n"
         "                       argument; a static size named is drawn off its type): the conformance gate's\n"
         "                       dynamic draws (docs/conformance.md)\n"
         "  --output-dir DIR     Write input_<i>.npy and output_<i>.npy to DIR\n"
         "  --dump-values DIR    Write every intermediate value to DIR (values.txt lists them)\n"
         "  --exact              Sum exactly everywhere (slow); default: the fast mode, whose sums are\n"
         "                       proved exact element by element (docs/reference.md)\n"
         "  --threads N          Threads for the fast mode (default: one per CPU)\n"
         "  --grad ...           The reference VJP instead (tools/tensor-ref/GradMode.c, docs/autodiff.md)\n"
         "  --version, --help\n");
}

static const char *flagValue(int argc, char **argv, int *i) {
  const char *eq = strchr(argv[*i], '=');
  if (eq)
    return eq + 1;
  return *i + 1 < argc ? argv[++*i] : NULL;
}

static bool isFlag(const char *arg, const char *name) {
  const char *a = arg + (arg[1] == '-' ? 2 : 1);
  size_t n = strlen(name);
  return strncmp(a, name, n) == 0 && (a[n] == '\0' || a[n] == '=');
}

static int parseArgs(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = NULL;
    if (a[0] != '-' || a[1] == '\0') {
      if (o->program)
        return usage("more than one program given ('%s')", a);
      o->program = a;
    } else if (isFlag(a, "help") || isFlag(a, "h")) {
      printHelp();
      exit(TC_EXIT_SUCCESS);
    } else if (isFlag(a, "version")) {
      printf("tensorc tensor-ref %s\n", TC_VERSION);
      exit(TC_EXIT_SUCCESS);
    } else if (isFlag(a, "input")) {
      if (!(v = flagValue(argc, argv, &i)))
        return usage("option '%s' needs at least one file", a);
      for (; v; v = (i + 1 < argc && argv[i + 1][0] != '-') ? argv[++i] : NULL) {
        if (o->numInputs == kMaxInputs)
          return usage("too many inputs%s", "");
        o->inputs[o->numInputs++] = v;
      }
    } else if (isFlag(a, "exact")) {
      o->ref.exact = true;
    } else if (isFlag(a, "threads")) {
      char *end;
      if (!(v = flagValue(argc, argv, &i)))
        return usage("option '%s' needs a value", a);
      long n = strtol(v, &end, 10);
      if (*end || *v < '1' || *v > '9' || n > 4096)
        return usage("--threads takes a thread count from 1 to 4096, got '%s'", v);
      o->ref.threads = (int)n;
    } else if (isFlag(a, "fn") || isFlag(a, "output-dir") || isFlag(a, "dump-values") || isFlag(a, "seed") ||
               isFlag(a, "draw") || isFlag(a, "sizes")) {
      if (!(v = flagValue(argc, argv, &i)))
        return usage("option '%s' needs a value", a);
      if (isFlag(a, "draw")) {
        if (!tcRefDrawParse(v, &o->draw))
          return usage("--draw takes standard, wide, negative, positive, rows or special, got '%s'", v);
        o->haveDraw = true;
      } else if (isFlag(a, "sizes"))
        o->sizes = v;
      else if (isFlag(a, "fn"))
        o->fn = v;
      else if (isFlag(a, "output-dir"))
        o->outputDir = v;
      else if (isFlag(a, "dump-values"))
        o->dumpDir = v;
      else {
        char *end;
        errno = 0;
        o->seed = strtoull(v, &end, 10);
        if (*end || errno || *v < '0' || *v > '9') // also refuses "", " 1", "+1" and "-1"
          return usage("--seed takes a non-negative integer, got '%s'", v);
        o->haveSeed = true;
      }
    } else {
      return usage("unknown option '%s'", a);
    }
  }
  if (!o->program)
    return usage("no program given%s", "");
  if (o->haveSeed && o->numInputs)
    return usage("give either --input files or --seed, not both%s", "");
  if (o->haveDraw && !o->haveSeed)
    return usage("--draw needs --seed%s", "");
  if (o->sizes && !o->haveSeed)
    return usage("--sizes needs --seed%s", "");
  return TC_EXIT_SUCCESS;
}

//===-- Finding the function ------------------------------------------------===//

// The type of argument `i` if it is a ranked tensor of a supported dtype with
// a dynamic dimension (docs/dialects.md §1.5), else null; its dtype in
// `*dtype`.
static MlirType dynamicArgument(MlirOperation func, intptr_t i, TcRefDtype *dtype) {
  MlirType t = mlirValueGetType(mlirBlockGetArgument(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)), i));
  if (mlirTypeIsARankedTensor(t) && !mlirShapedTypeHasStaticShape(t) && mlirShapedTypeGetRank(t) <= TC_REF_MAX_RANK &&
      tcRefDtypeFromType(mlirShapedTypeGetElementType(t), dtype))
    return t;
  return (MlirType){NULL};
}

// Every argument must be a ranked tensor of a dtype the spec has, static or
// with dynamic dimensions: anything else breaks docs/dialects.md §1.1, a
// structural rejection as tensor-opt calls it, whatever the inputs.
static bool checkArguments(MlirOperation func) {
  intptr_t n = mlirBlockGetNumArguments(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
  for (intptr_t i = 0; i < n; ++i) {
    TcRefTensor t;
    TcRefDtype dtype;
    if (!mlirTypeIsNull(dynamicArgument(func, i, &dtype)))
      continue;
    if (!tcRefArgumentTensor(func, i, &t)) {
      fprintf(stderr, "tensor-ref: argument #%ld is not a ranked tensor of a supported dtype (docs/dialects.md "
                      "§1.1)\n", (long)i);
      return false;
    }
    tcRefTensorDestroy(&t);
  }
  return true;
}

//===-- Inputs ----------------------------------------------------------------===//

static void formatDims(const int64_t *dims, int rank, char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  if (rank == 0)
    snprintf(buf, size, "scalar");
  for (int i = 0; i < rank && used < size; ++i)
    used += (size_t)snprintf(buf + used, size - used, i ? "x%" PRId64 : "%" PRId64, dims[i]);
}

// Reads input `i` from its .npy file into `t` (created with the argument's
// dtype and shape, which the file must match; with `anyShape`, an argument
// with dynamic dimensions, only the dtype: the evaluator checks the shape
// against the type, the `arg-shape` constraint).
static bool readInput(const char *path, intptr_t i, TcRefTensor *t, bool anyShape) {
  TcNpyArray a;
  char err[512];
  if (!tcNpyRead(path, &a, err, sizeof err)) {
    fprintf(stderr, "tensor-ref: input #%ld (%s): %s\n", (long)i, path, err);
    return false;
  }
  if (anyShape) {
    bool ok = tcRefTensorFromNpy(&a, t->dtype, t, err, sizeof err);
    if (!ok)
      fprintf(stderr, "tensor-ref: input #%ld (%s): %s\n", (long)i, path, err);
    tcNpyArrayDestroy(&a);
    return ok;
  }
  bool sameShape = a.rank == t->rank;
  for (int d = 0; sameShape && d < a.rank; ++d)
    sameShape = a.shape[d] == t->dims[d];
  TcRefDtype want = t->dtype;
  char got[256], expected[256];
  formatDims(a.shape, a.rank, got, sizeof got);
  formatDims(t->dims, (int)t->rank, expected, sizeof expected);
  tcRefTensorDestroy(t);
  bool ok = sameShape && tcRefTensorFromNpy(&a, want, t, err, sizeof err);
  if (!sameShape)
    fprintf(stderr, "tensor-ref: input #%ld (%s): has shape %s, but the argument is %s\n", (long)i, path, got,
            expected);
  else if (!ok)
    fprintf(stderr, "tensor-ref: input #%ld (%s): %s\n", (long)i, path, err);
  tcNpyArrayDestroy(&a);
  return ok;
}

// The size --sizes gives dim `d` of argument `i`: true and *out if named.
// False with *bad set if the list is malformed.
static bool sizeOf(const char *list, intptr_t i, intptr_t d, int64_t *out, bool *bad) {
  for (const char *p = list; *p;) {
    long ai, di;
    long long v;
    int used = 0;
    if (sscanf(p, "in%ld.d%ld=%lld%n", &ai, &di, &v, &used) != 3 || used == 0 || v < 0 || ai < 0 || di < 0 ||
        (p[used] != ',' && p[used] != '\0')) {
      *bad = true;
      return false;
    }
    if (ai == (long)i && di == (long)d)
      *out = v;
    if (ai == (long)i && di == (long)d)
      return true;
    p += used + (p[used] == ',');
  }
  return false;
}

// --seed with --sizes: each argument's shape, its `?`s (and any static
// size named) from the list.
static bool drawAtSizes(const Options *o, MlirOperation func, TcRefTensor *inputs, intptr_t n) {
  int64_t(*shapes)[TC_REF_MAX_RANK] = calloc((size_t)n + 1, sizeof *shapes);
  const int64_t **rows = calloc((size_t)n + 1, sizeof *rows);
  char err[512];
  bool ok = true, bad = false;
  for (intptr_t i = 0; ok && i < n; ++i) {
    MlirType t = mlirValueGetType(mlirBlockGetArgument(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)), i));
    rows[i] = shapes[i];
    for (intptr_t d = 0; ok && mlirTypeIsARankedTensor(t) && d < mlirShapedTypeGetRank(t) && d < TC_REF_MAX_RANK;
         ++d) {
      bool named = sizeOf(o->sizes, i, d, &shapes[i][d], &bad);
      if (!named && !bad && mlirShapedTypeIsDynamicDim(t, d)) {
        fprintf(stderr, "tensor-ref: --sizes gives no size for in%ld.d%ld, a dynamic dimension\n", (long)i, (long)d);
        ok = false;
      } else if (!named && !bad)
        shapes[i][d] = mlirShapedTypeGetDimSize(t, d);
      if (bad) {
        fprintf(stderr, "tensor-ref: --sizes takes a list like 'in0.d0=13,in1.d0=14', got '%s'\n", o->sizes);
        ok = false;
      }
    }
  }
  if (ok && !(ok = tcRefDrawInputsAtShapes(func, o->seed, o->draw, rows, inputs, err, sizeof err)))
    fprintf(stderr, "tensor-ref: %s\n", err);
  free(rows);
  free(shapes);
  return ok;
}

static bool buildInputs(const Options *o, MlirOperation func, TcRefTensor *inputs, intptr_t n) {
  char err[512];
  TcRefDtype dtype;
  if (o->haveSeed && o->sizes)
    return drawAtSizes(o, func, inputs, n);
  for (intptr_t i = 0; o->haveSeed && i < n; ++i)
    if (!mlirTypeIsNull(dynamicArgument(func, i, &dtype))) {
      fprintf(stderr, "tensor-ref: argument #%ld has a dynamic dimension: --seed draws static shapes only; give "
                      "the inputs with --input\n", (long)i);
      return false;
    }
  if (o->haveSeed) {
    if (!tcRefDrawInputsOfKind(func, o->seed, o->draw, inputs, err, sizeof err)) {
      fprintf(stderr, "tensor-ref: %s\n", err);
      return false;
    }
    return true;
  }
  if (o->numInputs != n) {
    fprintf(stderr, "tensor-ref: the function takes %ld arguments, %d inputs given (or use --seed)\n", (long)n,
            o->numInputs);
    return false;
  }
  for (intptr_t i = 0; i < n; ++i) {
    bool dynamic = !mlirTypeIsNull(dynamicArgument(func, i, &dtype));
    if (dynamic) {
      memset(&inputs[i], 0, sizeof inputs[i]);
      inputs[i].dtype = dtype;
    } else if (!tcRefArgumentTensor(func, i, &inputs[i])) {
      fprintf(stderr, "tensor-ref: argument #%ld is not a static tensor of a supported dtype\n", (long)i);
      return false;
    }
    if (!readInput(o->inputs[i], i, &inputs[i], dynamic))
      return false;
  }
  return true;
}

//===-- Outputs ---------------------------------------------------------------===//

typedef struct DumpState {
  const char *dir;
  FILE *index;
  bool ok;
} DumpState;

static void dumpValue(MlirOperation op, intptr_t index, intptr_t result, const TcRefTensor *value, void *userData) {
  DumpState *st = userData;
  char name[64];
  snprintf(name, sizeof name, "value_%ld_%ld.npy", (long)index, (long)result);
  st->ok &= tcRefToolWriteNpy(st->dir, name, value);
  MlirStringRef opName = mlirIdentifierStr(mlirOperationGetName(op));
  fprintf(st->index, "%s %.*s %s\n", name, (int)opName.length, opName.data, tcRefDtypeName(value->dtype));
}

// An output with an error bound (docs/reference.md): how many elements
// have one, and the largest.
static void printBound(intptr_t i, const TcRefTensor *t) {
  int64_t count = 0;
  double largest = 0;
  for (int64_t k = 0; t->bound && k < t->numel; ++k) {
    count += t->bound[k] != 0;
    largest = t->bound[k] > largest ? t->bound[k] : largest;
  }
  if (count)
    printf("output #%ld: %" PRId64 " of %" PRId64 " elements within the evaluator's error bound, not proved exact "
           "(largest bound %.3g)\n", (long)i, count, t->numel, largest);
}

// bound_<i>.npy (f64, the output's shape) for an output with a bound.
static bool writeBound(const char *dir, intptr_t i, const TcRefTensor *t) {
  if (!t->bound)
    return true;
  TcRefTensor b;
  if (!tcRefTensorCreate(&b, TC_REF_F64, t->rank, t->dims))
    return false;
  for (int64_t k = 0; k < t->numel; ++k)
    b.data[k].f = t->bound[k];
  char name[64];
  snprintf(name, sizeof name, "bound_%ld.npy", (long)i);
  bool ok = tcRefToolWriteNpy(dir, name, &b);
  tcRefTensorDestroy(&b);
  return ok;
}

//===-- Main ------------------------------------------------------------------===//

static int classify(TcRefFailure failure) {
  return failure == TC_REF_BAD_INPUT     ? TC_EXIT_USAGE
         : failure == TC_REF_UNSUPPORTED ? TC_EXIT_COMPILE
                                         : TC_EXIT_STRUCTURAL;
}

static int evaluate(const Options *o, MlirOperation func) {
  intptr_t n = mlirBlockGetNumArguments(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
  TcRefTensor *inputs = calloc((size_t)(n ? n : 1), sizeof *inputs), *outputs = NULL;
  intptr_t numOutputs = 0;
  int rc = TC_EXIT_USAGE;
  DumpState dump = {o->dumpDir, NULL, true};
  if (buildInputs(o, func, inputs, n) && (!o->outputDir || tcRefToolMakeDir(o->outputDir)) &&
      (!o->dumpDir || tcRefToolMakeDir(o->dumpDir))) {
    char path[4096];
    snprintf(path, sizeof path, "%s/values.txt", o->dumpDir ? o->dumpDir : ".");
    if (o->dumpDir && !(dump.index = fopen(path, "w")))
      fprintf(stderr, "tensor-ref: cannot write '%s'\n", path);
    TcRefFailure failure;
    rc = (o->dumpDir && !dump.index) ? TC_EXIT_USAGE
         : mlirLogicalResultIsSuccess(tcRefEvaluateWithOptions(func, inputs, n, &o->ref, &outputs, &numOutputs,
                                                               o->dumpDir ? dumpValue : NULL, &dump, &failure))
             ? TC_EXIT_SUCCESS
             : classify(failure);
    if (dump.index && fclose(dump.index) != 0)
      dump.ok = false;
  }
  for (intptr_t i = 0; rc == TC_EXIT_SUCCESS && i < numOutputs; ++i) {
    tcRefToolPrintTensor("output", i, &outputs[i]);
    printBound(i, &outputs[i]);
  }
  char name[64];
  for (intptr_t i = 0; rc == TC_EXIT_SUCCESS && o->outputDir && i < n; ++i)
    if (snprintf(name, sizeof name, "input_%ld.npy", (long)i), !tcRefToolWriteNpy(o->outputDir, name, &inputs[i]))
      rc = TC_EXIT_USAGE;
  for (intptr_t i = 0; rc == TC_EXIT_SUCCESS && o->outputDir && i < numOutputs; ++i)
    if (snprintf(name, sizeof name, "output_%ld.npy", (long)i), !tcRefToolWriteNpy(o->outputDir, name, &outputs[i]) ||
        !writeBound(o->outputDir, i, &outputs[i]))
      rc = TC_EXIT_USAGE;
  if (rc == TC_EXIT_SUCCESS && !dump.ok)
    rc = TC_EXIT_USAGE;
  for (intptr_t i = 0; i < n; ++i)
    tcRefTensorDestroy(&inputs[i]);
  for (intptr_t i = 0; i < numOutputs; ++i)
    tcRefTensorDestroy(&outputs[i]);
  free(inputs);
  free(outputs);
  return rc;
}

int main(int argc, char **argv) {
  if (tcRefGradModeRequested(argc, argv))
    return tcRefGradModeMain(argc, argv);
  Options o;
  int rc = parseArgs(argc, argv, &o);
  if (rc)
    return rc;
  MlirContext ctx = tcToolContextCreate();
  TcSourceFile source;
  TcDiagnostics diags;
  char err[512];
  tcDiagnosticsAttach(&diags, ctx, false, stderr, NULL);
  if (mlirLogicalResultIsFailure(tcRegisterDialects(ctx))) {
    rc = TC_EXIT_INTERNAL;
  } else if (!tcSourceFileRead(&source, o.program, err, sizeof err)) {
    rc = usage("%s", err);
  } else if (tcSourceIsBlank(source.text, source.length)) {
    fprintf(stderr, "%s:1:1: error: input holds no operations\n", source.name);
    rc = TC_EXIT_STRUCTURAL;
    tcSourceFileDestroy(&source);
  } else {
    diags.source = &source;
    MlirModule module = tcParseSourceModule(ctx, mlirStringRefCreate(source.text, source.length),
                                            mlirStringRefCreateFromCString(source.name));
    MlirOperation func = mlirModuleIsNull(module) ? (MlirOperation){NULL} : tcRefToolFindFunction(module, o.fn);
    rc = mlirModuleIsNull(module)     ? TC_EXIT_STRUCTURAL
         : mlirOperationIsNull(func)  ? tcRefToolMissingFunctionClass(mlirModuleGetOperation(module), o.fn)
         : !checkArguments(func)      ? TC_EXIT_STRUCTURAL
                                      : evaluate(&o, func);
    if (!mlirModuleIsNull(module))
      mlirModuleDestroy(module);
    tcSourceFileDestroy(&source);
  }
  if (rc != TC_EXIT_SUCCESS && rc != TC_EXIT_USAGE)
    fprintf(stderr, "tensor-ref: %s: %s was not evaluated\n", tcExitCodePrefix((TcExitCode)rc), o.program);
  tcDiagnosticsDetach(&diags);
  mlirContextDestroy(ctx);
  return rc;
}
