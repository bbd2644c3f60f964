//===- tensor-conform.c - the conformance gate's command line -------------===//
//
// tensor-conform PROGRAM --artifact LIB [--variant NAME=LIB]... [--threads N,M]
//                [--fn NAME]... [--seed N]... [--draw KIND]... [--contract FILE] [--report FILE]
//                [--timeout S] [--time-budget S --repeat N] [--quiet]
//                [--exact-reference] [--reference-threads N]
//                [--grad [--wrt I,J] [--wrt-constants]]
//
// Judges a compiled artifact against the reference evaluator on the same
// inputs, under the program's numerical contract (include/tensorc/
// Conformance.h, docs/conformance.md). Prints a line per check and the
// verdict; --report writes the JSON report. --grad also judges the VJP
// entry points tc-grad built (include/tensorc/ConformanceGrad.h). Exit codes (docs/exit-codes.md):
// 0 conforms, 5 conformance failure, 4 the program's stamp does not match it
// (or its tc.contract differs from --contract), 6 over the time budget, 1
// bad options, 2 a program that does not parse or breaks the spec, 3 a
// construct the evaluator does not support.
//
// The reference evaluates in its fast mode unless --exact-reference is
// given (docs/reference.md; the verdicts are the same, the fast mode may
// leave a returned element with the evaluator's own bound, which the judge
// takes into account, docs/conformance.md §2.1).
//
// `tensor-conform compare ...` is the same judge on outputs already written
// as files (compare.c, docs/conformance.md §7).
//
// Like tensor-ref, it links the evaluator and never the compiler:
// test/Conformance/independence.test checks that.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "compare.h"

#include "tensorc/Conformance.h"
#include "tensorc/ConformanceGrad.h"
#include "tensorc/Dialects.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Npy.h"
#include "tensorc/Parse.h"
#include "tensorc/Tool.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *kTool = "tensor-conform";

enum { kMaxList = 64 };

typedef struct Options {
  const char *program, *contractFile, *reportFile;
  TcConfVariant variants[kMaxList];
  size_t numVariants;
  int threads[kMaxList];
  size_t numThreads;
  const char *functions[kMaxList];
  size_t numFunctions;
  const char *inputs[kMaxList];
  size_t numInputs;
  uint64_t seeds[kMaxList];
  size_t numSeeds;
  TcRefDraw draws[TC_REF_DRAW_COUNT];
  size_t numDraws;
  TcConfVariant matrix[kMaxList]; ///< --variants: run on the first input set only
  size_t numMatrix;
  double timeout, timeBudget;
  int repeat;
  bool quiet, progress;
  TcRefOptions reference;
  bool grad;                  ///< --grad: also judge the VJP entry points
  TcRefVJPConfig vjp;         ///< --wrt, --wrt-constants: how they were built
  int64_t wrt[kMaxList];
} Options;

static void printHelp(void) {
  printf("USAGE: tensor-conform PROGRAM --artifact LIB [options]\n"
         "       tensor-conform compare --contract FILE [options] EXPECTED_DIR ACTUAL_DIR (see compare --help)\n\n"
         "Runs a compiled artifact and the reference evaluator on the same inputs and judges every output\n"
         "under the numerical contract (docs/conformance.md).\n\n"
         "OPTIONS:\n"
         "  --artifact LIB        The shared library compiled from PROGRAM (tensor-translate --emit=shared)\n"
         "  --variant NAME=LIB    Another build of the same program to check and compare (repeatable)\n"
         "  --threads N[,M...]    Run every artifact with OMP_NUM_THREADS=N, M, ... as separate variants\n"
         "  --variants FILE       Builds of the program under other host choices (format tensorc-variants/1, as\n"
         "                        tensorc compile writes it), each run on the first input set and compared\n"
         "  --fn NAME             Check only this public function (repeatable; default: all)\n"
         "  --seed N              Draw inputs with seed N, as tensor-ref --seed (repeatable; default: 1 and 2)\n"
         "  --draw KIND           Besides the standard draw of every seed, draw the first seed this way too:\n"
         "                        wide, negative, positive, rows, special (repeatable; default: all of them;\n"
         "                        --draw standard: none), as tensor-ref --draw\n"
         "  --input A.npy ...     Check on these inputs instead (one per argument; one function)\n"
         "  --contract FILE       Judge under this contract (the program's tc.contract, if any, must equal it)\n"
         "  --report FILE         Write the JSON report (format tensorc-conformance/1)\n"
         "  --timeout S           Give up on a run after S seconds (default 600)\n"
         "  --time-budget S       Fail with performance-regression if the median call takes longer than S\n"
         "  --repeat N            Calls timed for --time-budget (default 10)\n"
         "  --quiet               Print only the verdict and the worst finding\n"
         "  --progress            A line on stderr per function, input set and variant (default: when stderr\n"
         "                        is a terminal and not --quiet)\n"
         "  --exact-reference     Evaluate the reference with exact sums everywhere (slow; default: its fast\n"
         "                        mode, docs/reference.md)\n"
         "  --reference-threads N Threads for the reference's fast mode (default: one per CPU)\n"
         "  --grad                Also judge every VJP entry point f_vjp against the reference's gradients\n"
         "  --wrt I,J,...         With --grad: the arguments the VJPs differentiate (tc-grad's wrt)\n"
         "  --wrt-constants       With --grad: the VJPs take the weights as arguments (tc-grad's wrt-constants)\n"
         "  --version, --help\n");
}

static bool parseNumber(const char *v, double *out) {
  char *end;
  errno = 0;
  *out = strtod(v, &end);
  return *v && !*end && !errno && *out >= 0;
}

static bool parseUnsigned(const char *v, uint64_t *out) {
  char *end;
  errno = 0;
  *out = strtoull(v, &end, 10);
  return *v >= '0' && *v <= '9' && !*end && !errno;
}

static int addVariant(Options *o, const char *name, const char *artifact) {
  if (o->numVariants == kMaxList)
    return tcUsageError(kTool, "too many variants");
  for (size_t i = 0; i < o->numVariants; ++i)
    if (strcmp(o->variants[i].name, name) == 0)
      return tcUsageError(kTool, "two variants are named '%s'", name);
  // dlopen searches the library path for a name without a slash: always
  // give it the file's absolute path.
  char *path = realpath(artifact, NULL);
  if (!path)
    return tcUsageError(kTool, "cannot read artifact '%s': %s", artifact, strerror(errno));
  o->variants[o->numVariants++] = (TcConfVariant){.name = name, .artifact = path};
  return TC_EXIT_SUCCESS;
}

// The choices of one entry of a variants file.
static int readChoices(json_t *entry, TcConfVariant *v) {
  json_t *choices = json_object_get(entry, "choices");
  const char *key;
  json_t *value;
  TcConfChoice *list = calloc(json_object_size(choices) + 1, sizeof *list);
  v->choices = list;
  json_object_foreach(choices, key, value) {
    if (!json_is_string(value))
      return tcUsageError(kTool, "variant '%s': choice %s is not a string", v->name, key);
    list[v->numChoices++] = (TcConfChoice){strdup(key), strdup(json_string_value(value))};
  }
  return TC_EXIT_SUCCESS;
}

// One entry: a variant per thread count, "name@Nt", the later ones to agree
// with the first of them (the first with the --artifact's first run).
static int addMatrixEntry(Options *o, json_t *entry) {
  const char *name = json_string_value(json_object_get(entry, "name"));
  const char *artifact = json_string_value(json_object_get(entry, "artifact"));
  json_t *threads = json_object_get(entry, "threads");
  if (!name || !artifact || (threads && !json_is_array(threads)))
    return tcUsageError(kTool, "--variants: every variant needs a name, an artifact and a list of threads");
  char *path = realpath(artifact, NULL);
  if (!path)
    return tcUsageError(kTool, "cannot read artifact '%s': %s", artifact, strerror(errno));
  size_t counts = threads ? json_array_size(threads) : 0, first = o->numMatrix;
  for (size_t t = 0; t < (counts ? counts : 1); ++t) {
    if (o->numMatrix == kMaxList)
      return tcUsageError(kTool, "too many variants");
    TcConfVariant *v = &o->matrix[o->numMatrix++];
    int n = counts ? (int)json_integer_value(json_array_get(threads, t)) : 1;
    char full[256];
    snprintf(full, sizeof full, "%s@%dt", name, n);
    *v = (TcConfVariant){.name = strdup(full), .artifact = path, .threads = n, .firstOnly = true,
                         .against = t ? o->matrix[first].name : NULL,
                         .manifest = json_string_value(json_object_get(entry, "manifest"))
                                         ? strdup(json_string_value(json_object_get(entry, "manifest")))
                                         : NULL};
    int rc = readChoices(entry, v);
    if (rc)
      return rc;
  }
  return TC_EXIT_SUCCESS;
}

static int readVariantsFile(Options *o, const char *file) {
  json_error_t error;
  json_t *doc = json_load_file(file, 0, &error);
  if (!doc)
    return tcUsageError(kTool, "--variants %s: %s (line %d)", file, error.text, error.line);
  json_t *list = json_object_get(doc, "variants"), *entry;
  const char *format = json_string_value(json_object_get(doc, "format"));
  int rc = format && strcmp(format, "tensorc-variants/1") == 0 && json_is_array(list)
               ? TC_EXIT_SUCCESS
               : tcUsageError(kTool, "--variants %s: not a tensorc-variants/1 document", file);
  size_t i;
  json_array_foreach(list, i, entry) if (rc == TC_EXIT_SUCCESS) rc = addMatrixEntry(o, entry);
  json_decref(doc);
  return rc;
}

static const char kDefaultVariant[] = "default"; // --artifact's name; every other one is owned

// What the options own: every artifact path (realpath's, addVariant) and
// every --variant name; every --variants entry's name, choices and
// manifest, and its artifact path once (the entries of one thread list
// share it; the first has no `against`).
static void freeOptions(Options *o) {
  for (size_t i = 0; i < o->numVariants; ++i) {
    free((char *)o->variants[i].artifact);
    if (o->variants[i].name != kDefaultVariant)
      free((char *)o->variants[i].name);
  }
  for (size_t m = 0; m < o->numMatrix; ++m) {
    TcConfVariant *v = &o->matrix[m];
    if (!v->against)
      free((char *)v->artifact);
    for (int c = 0; c < (int)v->numChoices; ++c) {
      free((char *)v->choices[c].variable);
      free((char *)v->choices[c].value);
    }
    free((void *)v->choices);
    free((char *)v->manifest);
    free((char *)v->name);
  }
}

static int parseThreads(Options *o, const char *v) {
  char *copy = strdup(v), *save = NULL;
  int rc = TC_EXIT_SUCCESS;
  for (char *t = strtok_r(copy, ",", &save); t && !rc; t = strtok_r(NULL, ",", &save)) {
    uint64_t n;
    if (!parseUnsigned(t, &n) || n == 0 || n > 4096 || o->numThreads == kMaxList)
      rc = tcUsageError(kTool, "--threads takes a list of thread counts from 1 to 4096, got '%s'", v);
    else
      o->threads[o->numThreads++] = (int)n;
  }
  free(copy);
  return rc;
}

static int parseFlag(int argc, char **argv, int *i, Options *o) {
  const char *v;
  uint64_t n;
  char *eq;
  if (tcMatchFlag(argc, argv, i, "artifact", &v))
    return addVariant(o, kDefaultVariant, v);
  if (tcMatchFlag(argc, argv, i, "variant", &v)) {
    if (!(eq = strchr(v, '=')) || eq == v || !eq[1])
      return tcUsageError(kTool, "--variant takes NAME=LIB, got '%s'", v);
  {
    char *name = strndup(v, (size_t)(eq - v));
    int rc = addVariant(o, name, eq + 1);
    if (rc != TC_EXIT_SUCCESS)
      free(name); // not kept
    return rc;
  }
  }
  if (tcMatchFlag(argc, argv, i, "threads", &v))
    return parseThreads(o, v);
  if (tcMatchFlag(argc, argv, i, "variants", &v))
    return readVariantsFile(o, v);
  if (tcMatchFlag(argc, argv, i, "fn", &v)) {
    if (o->numFunctions == kMaxList)
      return tcUsageError(kTool, "too many --fn");
    o->functions[o->numFunctions++] = v;
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "input", &v)) {
    for (; v; v = (*i + 1 < argc && argv[*i + 1][0] != '-') ? argv[++*i] : NULL) {
      if (o->numInputs == kMaxList)
        return tcUsageError(kTool, "too many inputs");
      o->inputs[o->numInputs++] = v;
    }
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "draw", &v)) {
    TcRefDraw d;
    if (!tcRefDrawParse(v, &d))
      return tcUsageError(kTool, "--draw takes standard, wide, negative, positive, rows or special, got '%s'", v);
    for (size_t k = 0; k < o->numDraws; ++k)
      if (o->draws[k] == d)
        return TC_EXIT_SUCCESS;
    o->draws[o->numDraws++] = d;
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "seed", &v)) {
    if (!parseUnsigned(v, &n))
      return tcUsageError(kTool, "--seed takes a non-negative integer, got '%s'", v);
    if (o->numSeeds == kMaxList)
      return tcUsageError(kTool, "too many --seed");
    o->seeds[o->numSeeds++] = n;
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "repeat", &v)) {
    if (!parseUnsigned(v, &n) || n == 0 || n > 1000000)
      return tcUsageError(kTool, "--repeat takes a count from 1 to 1000000, got '%s'", v);
    o->repeat = (int)n;
    return TC_EXIT_SUCCESS;
  }
  double *number = tcMatchFlag(argc, argv, i, "timeout", &v)       ? &o->timeout
                   : tcMatchFlag(argc, argv, i, "time-budget", &v) ? &o->timeBudget
                                                                    : NULL;
  if (number)
    return parseNumber(v, number) ? TC_EXIT_SUCCESS
                                  : tcUsageError(kTool, "'%s' takes a number of seconds >= 0, got '%s'", argv[*i], v);
  if (tcMatchFlag(argc, argv, i, "contract", &v)) {
    o->contractFile = v;
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "report", &v)) {
    o->reportFile = v;
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "grad", NULL) || tcMatchFlag(argc, argv, i, "wrt-constants", NULL)) {
    *(strstr(argv[*i], "wrt") ? &o->vjp.wrtConstants : &o->grad) = true;
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "wrt", &v)) {
    for (char *p = (char *)v, *end; *p; p = *end ? end + 1 : end) {
      n = strtoull(p, &end, 10);
      if (*p < '0' || *p > '9' || (*end && *end != ',') || o->vjp.numWrt == kMaxList)
        return tcUsageError(kTool, "--wrt takes a comma-separated list of argument indices, got '%s'", v);
      o->wrt[o->vjp.numWrt++] = (int64_t)n;
    }
    o->vjp.wrt = o->wrt;
    o->vjp.wrtGiven = true;
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "quiet", NULL)) {
    o->quiet = true;
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "progress", NULL)) {
    o->progress = true;
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "exact-reference", NULL)) {
    o->reference.exact = true;
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "reference-threads", &v)) {
    if (!parseUnsigned(v, &n) || n == 0 || n > 4096)
      return tcUsageError(kTool, "--reference-threads takes a thread count from 1 to 4096, got '%s'", v);
    o->reference.threads = (int)n;
    return TC_EXIT_SUCCESS;
  }
  return tcUsageError(kTool, "unknown option '%s'", argv[*i]);
}

static int parseArgs(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->timeout = 600;
  o->timeBudget = -1;
  o->repeat = 10;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    int rc;
    if (a[0] != '-' || a[1] == '\0') {
      if (o->program)
        return tcUsageError(kTool, "more than one program given ('%s')", a);
      o->program = a;
    } else if (tcMatchFlag(argc, argv, &i, "help", NULL) || tcMatchFlag(argc, argv, &i, "h", NULL)) {
      printHelp();
      exit(TC_EXIT_SUCCESS);
    } else if (tcMatchFlag(argc, argv, &i, "version", NULL)) {
      printf("tensorc tensor-conform %s\n", TC_VERSION);
      exit(TC_EXIT_SUCCESS);
    } else if ((rc = parseFlag(argc, argv, &i, o)) != TC_EXIT_SUCCESS) {
      return rc;
    }
  }
  if (!o->program)
    return tcUsageError(kTool, "no program given");
  if (!o->numVariants || strcmp(o->variants[0].name, "default") != 0)
    return tcUsageError(kTool, "give the artifact to check with --artifact (first, before any --variant)");
  if (o->numInputs && o->numSeeds)
    return tcUsageError(kTool, "give either --input files or --seed, not both");
  if (o->numInputs && o->grad)
    return tcUsageError(kTool, "--grad draws the inputs and cotangents: give --seed, not --input");
  if ((o->vjp.wrtGiven || o->vjp.wrtConstants) && !o->grad)
    return tcUsageError(kTool, "--wrt and --wrt-constants need --grad");
  if (!o->numSeeds) {
    o->seeds[0] = 1;
    o->seeds[1] = 2;
    o->numSeeds = 2;
  }
  return TC_EXIT_SUCCESS;
}

// With --threads, every artifact runs once per thread count: "default@2t".
static void expandThreads(Options *o, TcConfVariant *out, size_t *n) {
  *n = 0;
  for (size_t v = 0; v < o->numVariants; ++v) {
    if (!o->numThreads)
      out[(*n)++] = o->variants[v];
    for (size_t t = 0; t < o->numThreads; ++t) {
      char name[256];
      snprintf(name, sizeof name, "%s@%dt", o->variants[v].name, o->threads[t]);
      out[(*n)++] = (TcConfVariant){.name = strdup(name), .artifact = o->variants[v].artifact,
                                    .threads = o->threads[t]};
    }
  }
  for (size_t m = 0; m < o->numMatrix; ++m)
    out[(*n)++] = o->matrix[m];
}

// Frees the names expandThreads made ("default@2t"); the plain variants'
// names belong to the options.
static void freeExpanded(const Options *o, TcConfVariant *variants, size_t n) {
  for (size_t i = 0; o->numThreads && i + o->numMatrix < n; ++i) // the --variants entries follow, owned by o
    free((char *)variants[i].name);
}

static bool isPublicFunction(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (!mlirStringRefEqual(name, mlirStringRefCreateFromCString("func.func")) ||
      mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
    return false;
  MlirAttribute vis = mlirOperationGetInherentAttributeByName(op, mlirStringRefCreateFromCString("sym_visibility"));
  return mlirAttributeIsNull(vis) || mlirStringRefEqual(mlirStringAttrGetValue(vis), mlirStringRefCreateFromCString("public"));
}

// The one function --input files are for: --fn's, or the only public one.
static MlirOperation inputFunction(const Options *o, MlirOperation module) {
  MlirOperation found = {NULL};
  int count = 0;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isPublicFunction(op))
      continue;
    MlirStringRef name = mlirStringAttrGetValue(
        mlirOperationGetInherentAttributeByName(op, mlirStringRefCreateFromCString("sym_name")));
    if (o->numFunctions ? mlirStringRefEqual(name, mlirStringRefCreateFromCString(o->functions[0])) : count++ == 0)
      found = op;
  }
  return count > 1 ? (MlirOperation){NULL} : found;
}

// Reads --input files as the function's arguments (dtype and shape from the
// program; bf16 arrives as float32, docs/tensor-run.md).
static int readInputs(const Options *o, MlirOperation module, TcRefTensor *inputs) {
  if (o->numFunctions > 1)
    return tcUsageError(kTool, "--input files are for one function: give at most one --fn");
  MlirOperation func = inputFunction(o, module);
  if (mlirOperationIsNull(func))
    return tcUsageError(kTool, "--input files are for one function: the program has several, choose one with --fn");
  intptr_t n = mlirBlockGetNumArguments(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
  if ((size_t)n != o->numInputs)
    return tcUsageError(kTool, "the function takes %ld arguments, %zu inputs given", (long)n, o->numInputs);
  for (size_t i = 0; i < o->numInputs; ++i) {
    MlirType type = mlirValueGetType(mlirBlockGetArgument(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)),
                                                          (intptr_t)i));
    if (mlirTypeIsARankedTensor(type) && !mlirShapedTypeHasStaticShape(type))
      return tcUsageError(kTool, "--input is for functions with static shapes: argument #%zu has a dynamic "
                          "dimension, and the gate draws its sizes itself (docs/conformance.md §2.5)", i);
    TcRefTensor arg;
    TcNpyArray a;
    char err[512];
    if (!tcRefArgumentTensor(func, (intptr_t)i, &arg)) {
      fprintf(stderr, "%s: argument #%zu is not a static tensor of a supported dtype (docs/dialects.md §1.1)\n",
              kTool, i);
      return TC_EXIT_STRUCTURAL;
    }
    TcRefDtype dtype = arg.dtype;
    tcRefTensorDestroy(&arg);
    if (!tcNpyRead(o->inputs[i], &a, err, sizeof err))
      return tcUsageError(kTool, "input #%zu (%s): %s", i, o->inputs[i], err);
    bool ok = tcRefTensorFromNpy(&a, dtype, &inputs[i], err, sizeof err);
    tcNpyArrayDestroy(&a);
    if (!ok)
      return tcUsageError(kTool, "input #%zu (%s): %s", i, o->inputs[i], err);
  }
  return TC_EXIT_SUCCESS;
}

static int gate(const Options *o, MlirOperation module, const TcContract *contract) {
  TcConfVariant variants[kMaxList * kMaxList];
  size_t numVariants;
  expandThreads((Options *)o, variants, &numVariants);
  TcConfOptions opts = {.contract = contract, .seeds = o->seeds, .numSeeds = o->numSeeds,
                        .draws = o->numDraws ? o->draws : NULL, .numDraws = o->numDraws, .variants = variants,
                        .numVariants = numVariants, .functions = o->numFunctions ? o->functions : NULL,
                        .numFunctions = o->numFunctions, .reference = &o->reference, .timeoutSeconds = o->timeout,
                        .timeBudgetSeconds = o->timeBudget, .timeRepeat = o->repeat,
                        .progress = o->progress || (!o->quiet && isatty(STDERR_FILENO))};
  TcRefTensor inputs[kMaxList] = {0};
  int rc = o->numInputs ? readInputs(o, module, inputs) : TC_EXIT_SUCCESS;
  opts.inputs = inputs;
  opts.numInputs = o->numInputs;
  void *report = NULL;
  if (rc == TC_EXIT_SUCCESS)
    rc = tcConformanceRun(module, &opts, &report);
  if (report && o->grad && (rc == TC_EXIT_SUCCESS || rc == TC_EXIT_CONFORMANCE || rc == TC_EXIT_PERFORMANCE))
    rc = tcConformanceRunGrad(module, &opts, &o->vjp, report, rc);
  for (size_t i = 0; i < o->numInputs; ++i)
    tcRefTensorDestroy(&inputs[i]);
  freeExpanded(o, variants, numVariants);
  if (!report)
    return rc;
  tcConformancePrintReport(report, !o->quiet, stdout);
  char err[512];
  if (o->reportFile && !tcConformanceWriteReport(report, o->reportFile, err, sizeof err)) {
    fprintf(stderr, "%s: %s\n", kTool, err);
    if (rc == TC_EXIT_SUCCESS)
      rc = TC_EXIT_USAGE;
  }
  tcConformanceReportDestroy(report);
  return rc;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "compare") == 0) // a program called so is ./compare
    return tensorConformCompare(argc - 1, argv + 1);
  Options o;
  int rc = parseArgs(argc, argv, &o);
  if (rc) {
    freeOptions(&o);
    return rc;
  }
  MlirContext ctx = tcToolContextCreate();
  TcSourceFile source;
  TcDiagnostics diags;
  char err[512];
  tcDiagnosticsAttach(&diags, ctx, false, stderr, NULL);
  TcContract *fileContract = NULL;
  if (mlirLogicalResultIsFailure(tcRegisterDialects(ctx))) {
    rc = TC_EXIT_INTERNAL;
  } else if (!tcSourceFileRead(&source, o.program, err, sizeof err)) {
    rc = tcUsageError(kTool, "%s", err);
  } else if (tcSourceIsBlank(source.text, source.length)) {
    fprintf(stderr, "%s:1:1: error: input holds no operations\n", source.name);
    rc = TC_EXIT_STRUCTURAL;
    tcSourceFileDestroy(&source);
  } else {
    diags.source = &source;
    MlirModule module = tcParseSourceModule(ctx, mlirStringRefCreate(source.text, source.length),
                                            mlirStringRefCreateFromCString(source.name));
    TcContractChoice choice = {0};
    if (mlirModuleIsNull(module))
      rc = TC_EXIT_STRUCTURAL;
    else if (o.contractFile)
      fileContract = tensorConformReadContract(ctx, kTool, o.contractFile, false, &rc);
    if (rc == TC_EXIT_SUCCESS)
      rc = tcContractChoose(mlirModuleGetOperation(module), fileContract, &choice);
    if (rc == TC_EXIT_SUCCESS)
      rc = gate(&o, mlirModuleGetOperation(module), choice.contract);
    tcContractChoiceRelease(&choice);
    tcContractDestroy(fileContract);
    if (!mlirModuleIsNull(module))
      mlirModuleDestroy(module);
    tcSourceFileDestroy(&source);
  }
  fflush(stdout); // the report first, then the class line
  if (rc != TC_EXIT_SUCCESS && rc != TC_EXIT_USAGE)
    fprintf(stderr, "%s: %s: %s\n", kTool, tcExitCodePrefix((TcExitCode)rc),
            rc == TC_EXIT_CONFORMANCE   ? "the artifact does not conform to the program under its contract"
            : rc == TC_EXIT_PERFORMANCE ? "the artifact conforms but is over its time budget"
            : rc == TC_EXIT_DRIFT       ? "the program's identity or contract does not hold"
                                        : "the program was not checked");
  tcDiagnosticsDetach(&diags);
  mlirContextDestroy(ctx);
  freeOptions(&o);
  return rc;
}
