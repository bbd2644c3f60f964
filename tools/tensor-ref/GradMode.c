//===- GradMode.c - tensor-ref --grad: the reference's VJP of a function ---===//
//
// tensor-ref PROGRAM --grad [--fn NAME] [--wrt I,J,...] [--wrt-constants]
//            (--seed N | --input X.npy ... [--weight W.npy ...] --cotangent DY.npy ...)
//            [--output-dir DIR]
//
// Evaluates the reference VJP (include/tensorc/ReferenceGrad.h) of one
// function and prints its outputs (`output #i: ...`) and gradients
// (`grad #i: ...`, the differentiated arguments in order, then the weights).
// With --seed the arguments, weights and cotangents are drawn as the gate
// draws them (tcRefDrawVJPInputs); with --input the weights are the
// program's own unless --weight files replace them. --output-dir writes
// input_<i>, weight_<k>, cotangent_<j>, output_<i> and grad_<i>.npy.
// Exit codes as tensor-ref's (docs/exit-codes.md).
//
//===----------------------------------------------------------------------===//
#include "GradMode.h"
#include "RefTool.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/Dialects.h"
#include "tensorc/Npy.h"
#include "tensorc/Parse.h"
#include "tensorc/ReferenceGrad.h"
#include "tensorc/Tool.h"


#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxFiles = 256 };

typedef struct GradOptions {
  const char *inputs[kMaxFiles], *weights[kMaxFiles], *cotangents[kMaxFiles];
  int numInputs, numWeights, numCotangents;
  int64_t wrt[kMaxFiles];
  int numWrt;
  TcRefVJPConfig config;
  bool haveSeed;
  uint64_t seed;
  const char *outputDir, *program, *fn;
} GradOptions;

bool tcRefGradModeRequested(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (!strcmp(argv[i], "--grad") || !strcmp(argv[i], "-grad"))
      return true;
  return false;
}

static int usage(const char *fmt, const char *arg) {
  fprintf(stderr, "tensor-ref: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\ntensor-ref: %s: see 'tensor-ref --help'\n", tcExitCodePrefix(TC_EXIT_USAGE));
  return TC_EXIT_USAGE;
}

static bool isFlag(const char *arg, const char *name) {
  const char *a = arg + (arg[1] == '-' ? 2 : 1);
  size_t n = strlen(name);
  return arg[0] == '-' && strncmp(a, name, n) == 0 && (a[n] == '\0' || a[n] == '=');
}

static const char *flagValue(int argc, char **argv, int *i) {
  const char *eq = strchr(argv[*i], '=');
  return eq ? eq + 1 : *i + 1 < argc ? argv[++*i] : NULL;
}

static int files(int argc, char **argv, int *i, const char **out, int *n) {
  const char *v = flagValue(argc, argv, i);
  if (!v)
    return usage("option '%s' needs at least one file", argv[*i]);
  for (; v; v = (*i + 1 < argc && argv[*i + 1][0] != '-') ? argv[++*i] : NULL) {
    if (*n == kMaxFiles)
      return usage("too many files%s", "");
    out[(*n)++] = v;
  }
  return TC_EXIT_SUCCESS;
}

static int parseWrt(const char *v, GradOptions *o) {
  for (const char *p = v; p && *p;) {
    char *end;
    errno = 0;
    long long i = strtoll(p, &end, 10);
    if (end == p || errno || i < 0 || (*end && *end != ',') || o->numWrt == kMaxFiles)
      return usage("--wrt takes a comma-separated list of argument indices, got '%s'", v);
    o->wrt[o->numWrt++] = i;
    p = *end ? end + 1 : end;
  }
  o->config.wrt = o->wrt;
  o->config.numWrt = o->numWrt;
  o->config.wrtGiven = true;
  return TC_EXIT_SUCCESS;
}

// Takes the options of grad mode; the program and --fn are the caller's.
static int parseGradArgs(int argc, char **argv, GradOptions *o) {
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v;
    int rc = TC_EXIT_SUCCESS;
    if (a[0] != '-' || a[1] == '\0') {
      if (o->program)
        return usage("more than one program given ('%s')", a);
      o->program = a;
      continue;
    }
    if (isFlag(a, "grad"))
      continue;
    if (isFlag(a, "fn")) {
      if (!(o->fn = flagValue(argc, argv, &i)))
        rc = usage("option '%s' needs a value", a);
    } else if (isFlag(a, "input")) {
      rc = files(argc, argv, &i, o->inputs, &o->numInputs);
    } else if (isFlag(a, "weight")) {
      rc = files(argc, argv, &i, o->weights, &o->numWeights);
    } else if (isFlag(a, "cotangent")) {
      rc = files(argc, argv, &i, o->cotangents, &o->numCotangents);
    } else if (isFlag(a, "wrt-constants")) {
      o->config.wrtConstants = true;
    } else if (isFlag(a, "wrt")) {
      rc = (v = flagValue(argc, argv, &i)) ? parseWrt(v, o) : usage("option '%s' needs a value", a);
    } else if (isFlag(a, "output-dir")) {
      if (!(o->outputDir = flagValue(argc, argv, &i)))
        rc = usage("option '%s' needs a value", a);
    } else if (isFlag(a, "seed")) {
      char *end;
      errno = 0;
      v = flagValue(argc, argv, &i);
      o->seed = v ? strtoull(v, &end, 10) : 0;
      if (!v || *end || errno || *v < '0' || *v > '9')
        rc = usage("--seed takes a non-negative integer, got '%s'", v ? v : "");
      o->haveSeed = true;
    } else {
      rc = usage("unknown option '%s' in --grad mode", a);
    }
    if (rc)
      return rc;
  }
  if (!o->program)
    return usage("no program given%s", "");
  if (o->haveSeed && (o->numInputs || o->numWeights || o->numCotangents))
    return usage("give either --seed or --input/--weight/--cotangent files, not both%s", "");
  return TC_EXIT_SUCCESS;
}

//===-- Files -------------------------------------------------------------------===//

// Reads `path` into `t`, which holds the dtype and shape it must have.
static bool readInto(const char *what, int i, const char *path, TcRefTensor *t) {
  TcNpyArray a;
  char err[512];
  if (!tcNpyRead(path, &a, err, sizeof err)) {
    fprintf(stderr, "tensor-ref: %s #%d (%s): %s\n", what, i, path, err);
    return false;
  }
  bool same = a.rank == t->rank;
  for (int d = 0; same && d < a.rank; ++d)
    same = a.shape[d] == t->dims[d];
  TcRefDtype want = t->dtype;
  tcRefTensorDestroy(t);
  bool ok = same && tcRefTensorFromNpy(&a, want, t, err, sizeof err);
  if (!ok)
    fprintf(stderr, "tensor-ref: %s #%d (%s): %s\n", what, i, path, same ? err : "does not have the expected shape");
  tcNpyArrayDestroy(&a);
  return ok;
}

static bool writeNpy(const char *dir, const char *stem, intptr_t i, const TcRefTensor *t) {
  char name[64];
  snprintf(name, sizeof name, "%s_%ld.npy", stem, (long)i);
  return tcRefToolWriteNpy(dir, name, t);
}

//===-- Running -----------------------------------------------------------------===//

typedef struct Run {
  TcRefVJPLayout layout;
  TcRefTensor *inputs, *cotangents, *grads, *outputs;
  intptr_t numOutputs;
} Run;

static bool readFiles(const GradOptions *o, MlirOperation func, Run *r) {
  const TcRefVJPLayout *l = &r->layout;
  char err[512];
  if (o->numInputs != l->numArgs || o->numCotangents != l->numCotangents ||
      (o->numWeights && o->numWeights != l->numWeights)) {
    fprintf(stderr, "tensor-ref: the VJP takes %ld inputs, %ld weights and %ld cotangents; %d, %d and %d given\n",
            (long)l->numArgs, (long)l->numWeights, (long)l->numCotangents, o->numInputs, o->numWeights,
            o->numCotangents);
    return false;
  }
  if (!tcRefDrawVJPInputs(func, l, 0, r->inputs, r->cotangents, err, sizeof err)) { // shapes, own weights
    fprintf(stderr, "tensor-ref: %s\n", err);
    return false;
  }
  bool ok = true;
  for (int i = 0; ok && i < o->numInputs; ++i)
    ok = readInto("input", i, o->inputs[i], &r->inputs[i]);
  for (int k = 0; ok && k < o->numWeights; ++k)
    ok = readInto("weight", k, o->weights[k], &r->inputs[l->numArgs + k]);
  for (int j = 0; ok && j < o->numCotangents; ++j)
    ok = readInto("cotangent", j, o->cotangents[j], &r->cotangents[j]);
  return ok;
}

static bool writeAll(const char *dir, const Run *r) {
  const TcRefVJPLayout *l = &r->layout;
  bool ok = tcRefToolMakeDir(dir);
  for (intptr_t i = 0; ok && i < l->numArgs; ++i)
    ok = writeNpy(dir, "input", i, &r->inputs[i]);
  for (intptr_t k = 0; ok && k < l->numWeights; ++k)
    ok = writeNpy(dir, "weight", k, &r->inputs[l->numArgs + k]);
  for (intptr_t j = 0; ok && j < l->numCotangents; ++j)
    ok = writeNpy(dir, "cotangent", j, &r->cotangents[j]);
  for (intptr_t i = 0; ok && i < r->numOutputs; ++i)
    ok = writeNpy(dir, "output", i, &r->outputs[i]);
  for (intptr_t i = 0; ok && i < l->numGrads; ++i)
    ok = writeNpy(dir, "grad", i, &r->grads[i]);
  return ok;
}

static void destroyRun(Run *r) {
  intptr_t n = r->layout.numArgs + r->layout.numWeights;
  for (intptr_t i = 0; r->inputs && i < n; ++i)
    tcRefTensorDestroy(&r->inputs[i]);
  for (intptr_t j = 0; r->cotangents && j < r->layout.numCotangents; ++j)
    tcRefTensorDestroy(&r->cotangents[j]);
  for (intptr_t i = 0; r->grads && i < r->layout.numGrads; ++i)
    tcRefTensorDestroy(&r->grads[i]);
  for (intptr_t i = 0; i < r->numOutputs; ++i)
    tcRefTensorDestroy(&r->outputs[i]);
  free(r->inputs);
  free(r->cotangents);
  free(r->grads);
  free(r->outputs);
  tcRefVJPLayoutDestroy(&r->layout);
}

static int classify(TcRefFailure failure) {
  return failure == TC_REF_BAD_INPUT ? TC_EXIT_USAGE : failure == TC_REF_UNSUPPORTED ? TC_EXIT_COMPILE : TC_EXIT_STRUCTURAL;
}

static int runVJP(const GradOptions *o, MlirOperation func) {
  Run r = {0};
  char err[512];
  if (!tcRefVJPLayoutCreate(func, &o->config, &r.layout, err, sizeof err))
    return usage("%s", err);
  r.inputs = calloc((size_t)(r.layout.numArgs + r.layout.numWeights + 1), sizeof *r.inputs);
  r.cotangents = calloc((size_t)(r.layout.numCotangents + 1), sizeof *r.cotangents);
  bool ready = o->haveSeed ? tcRefDrawVJPInputs(func, &r.layout, o->seed, r.inputs, r.cotangents, err, sizeof err)
                           : readFiles(o, func, &r);
  if (!ready) {
    if (o->haveSeed)
      fprintf(stderr, "tensor-ref: %s\n", err);
    destroyRun(&r);
    return TC_EXIT_USAGE;
  }
  TcRefFailure failure = TC_REF_OK;
  if (mlirLogicalResultIsFailure(tcRefEvaluateVJP(func, &r.layout, r.inputs, r.cotangents, NULL, &r.grads, &r.outputs,
                                                  &r.numOutputs, &failure))) {
    destroyRun(&r);
    return classify(failure);
  }
  for (intptr_t i = 0; i < r.numOutputs; ++i)
    tcRefToolPrintTensor("output", i, &r.outputs[i]);
  for (intptr_t i = 0; i < r.layout.numGrads; ++i)
    tcRefToolPrintTensor("grad", i, &r.grads[i]);
  int rc = o->outputDir && !writeAll(o->outputDir, &r) ? TC_EXIT_USAGE : TC_EXIT_SUCCESS;
  destroyRun(&r);
  return rc;
}

int tcRefGradModeMain(int argc, char **argv) {
  GradOptions o = {0};
  int rc = parseGradArgs(argc, argv, &o);
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
  } else {
    diags.source = &source;
    MlirModule module = tcParseSourceModule(ctx, mlirStringRefCreate(source.text, source.length),
                                            mlirStringRefCreateFromCString(source.name));
    MlirOperation func = mlirModuleIsNull(module) ? (MlirOperation){NULL} : tcRefToolFindFunction(module, o.fn);
    rc = mlirModuleIsNull(module)      ? TC_EXIT_STRUCTURAL
         : mlirOperationIsNull(func) ? tcRefToolMissingFunctionClass(mlirModuleGetOperation(module), o.fn)
                                     : runVJP(&o, func);
    if (!mlirModuleIsNull(module))
      mlirModuleDestroy(module);
    tcSourceFileDestroy(&source);
  }
  if (rc != TC_EXIT_SUCCESS && rc != TC_EXIT_USAGE)
    fprintf(stderr, "tensor-ref: %s: %s was not differentiated\n", tcExitCodePrefix((TcExitCode)rc), o.program);
  tcDiagnosticsDetach(&diags);
  mlirContextDestroy(ctx);
  return rc;
}
