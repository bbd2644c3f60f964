//===- Compare.c - the gate's judge on output files ------------------------===//
//
// `tensor-conform compare` (docs/conformance.md §7) judges outputs that are
// already files: the reference's output_<i>.npy (tensor-ref --output-dir)
// against another producer's (tensor-run --output-dir, a framework, an ONNX
// test's expected outputs). It is the gate's judge, not a second one: each
// pair goes through tcConfJudgeOutput (Judge.c) with a budget looked up by the
// contract's own queries, and its line is the report's line for an output
// check (Report.c). What a file pair cannot tell is which op produced an
// output, so the caller says it: with an op kind, every output is judged as
// that op's result on the arguments (ops.<kind>.tolerance, the gate's rule
// for such a result, docs/conformance.md §2.1); without, as a function output
// by the flat `outputs` budget. The gate's composed budget needs the program
// and its inputs and is tensor-conform's alone; it only ever tightens the
// flat one, so a pair that fails here fails the gate too.
//
// A matmul's `gamma` bound needs the magnitude |A|·|B|: given the operands,
// it is evaluated exactly as the gate evaluates it (Magnitude.c on a
// one-op function of the operands' types), rounded once to the dtype.
//
// A problem of the expected side (no outputs, an unreadable file, a dtype
// override that does not fit) is a usage error; every problem of the actual
// side (missing, unreadable, another dtype or shape, an extra output) is a
// failing output, so a producer cannot pass by writing nothing. Only an
// actual directory that cannot be read at all is a usage error, as any
// unreadable input is (docs/exit-codes.md).
//
//===----------------------------------------------------------------------===//
#include "ConformanceInternal.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/Npy.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct OutputFile {
  int64_t index;
  char *name;
} OutputFile;

typedef struct OutputList {
  OutputFile *files;
  size_t count;
} OutputList;

static bool setError(char *err, size_t errSize, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool setError(char *err, size_t errSize, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errSize, fmt, ap);
  va_end(ap);
  return false;
}

// The index of "output_<digits>.npy", or -1.
static int64_t outputIndex(const char *name) {
  if (strncmp(name, "output_", 7) != 0 || name[7] < '0' || name[7] > '9')
    return -1;
  char *end;
  long long i = strtoll(name + 7, &end, 10);
  return strcmp(end, ".npy") == 0 && i >= 0 ? i : -1;
}

static int byIndex(const void *a, const void *b) {
  int64_t x = ((const OutputFile *)a)->index, y = ((const OutputFile *)b)->index;
  return (x > y) - (x < y);
}

static void freeOutputs(OutputList *l) {
  for (size_t i = 0; i < l->count; ++i)
    free(l->files[i].name);
  free(l->files);
  *l = (OutputList){0};
}

static bool listOutputs(const char *dir, OutputList *out, char *err, size_t errSize) {
  *out = (OutputList){0};
  DIR *d = opendir(dir);
  if (!d)
    return setError(err, errSize, "cannot read directory '%s': %s", dir, strerror(errno));
  size_t capacity = 0;
  for (struct dirent *e; (e = readdir(d));) {
    int64_t i = outputIndex(e->d_name);
    if (i < 0)
      continue;
    if (out->count == capacity)
      out->files = realloc(out->files, (capacity = capacity ? 2 * capacity : 8) * sizeof *out->files);
    out->files[out->count++] = (OutputFile){i, strdup(e->d_name)};
  }
  closedir(d);
  qsort(out->files, out->count, sizeof *out->files, byIndex);
  return true;
}

static const OutputFile *findOutput(const OutputList *l, int64_t index) {
  for (size_t i = 0; i < l->count; ++i)
    if (l->files[i].index == index)
      return &l->files[i];
  return NULL;
}

static TcRefDtype dtypeOfNpy(TcNpyDtype d) {
  static const TcRefDtype map[] = {TC_REF_I1,   TC_REF_I8,   TC_REF_I16,  TC_REF_I32, TC_REF_I64, TC_REF_UI8,
                                   TC_REF_UI16, TC_REF_UI32, TC_REF_UI64, TC_REF_F16, TC_REF_F32, TC_REF_F64};
  return map[d];
}

// The dtype output `index` (a `file` array) holds: the array's, or the
// override, which must fit it (bf16 for float32 only).
static bool outputDtype(const TcConfCompareOptions *o, int64_t index, const TcNpyArray *file, TcRefDtype *out,
                        char *err, size_t errSize) {
  *out = dtypeOfNpy(file->dtype);
  for (size_t k = 0; k < o->numDtypes; ++k) {
    if (o->dtypeOutputs[k] != index)
      continue;
    TcRefDtype want = o->dtypes[k];
    if (want == TC_REF_BF16 ? *out != TC_REF_F32 : want != *out)
      return setError(err, errSize, "--dtype %lld=%s does not fit output_%lld.npy, which is %s", (long long)index,
                      tcRefDtypeName(want), (long long)index, tcNpyDtypeName(file->dtype));
    *out = want;
  }
  return true;
}

static void formatShape(const TcNpyArray *a, char *buf, size_t size) {
  size_t n = (size_t)snprintf(buf, size, "[");
  for (int d = 0; d < a->rank && n < size; ++d)
    n += (size_t)snprintf(buf + n, size - n, d ? ", %lld" : "%lld", (long long)a->shape[d]);
  if (n < size)
    snprintf(buf + n, size - n, "]");
}

// Why the actual array cannot be judged against the expected one, or NULL.
static const char *mismatch(const TcNpyArray *expected, const TcNpyArray *actual, char *buf, size_t size) {
  if (actual->dtype != expected->dtype) {
    snprintf(buf, size, "dtype %s differs from the expected %s", tcNpyDtypeName(actual->dtype),
             tcNpyDtypeName(expected->dtype));
    return buf;
  }
  bool same = actual->rank == expected->rank;
  for (int d = 0; same && d < actual->rank; ++d)
    same = actual->shape[d] == expected->shape[d];
  if (same)
    return NULL;
  char want[256], got[256];
  formatShape(expected, want, sizeof want);
  formatShape(actual, got, sizeof got);
  snprintf(buf, size, "shape %s differs from the expected %s", got, want);
  return buf;
}

//===-- The budget ------------------------------------------------------------===//

// The contract's budget for an output of `dtype`, as the gate's rule for a
// result of the op kind on the arguments or for a function output
// (tcConfBudgetOf), or for a gradient (GateGrad.c's rule).
static ConfBudget budgetOf(const TcConfCompareOptions *o, TcRefDtype dtype, char *rule, size_t ruleSize) {
  ConfBudget b = {.tolerance = {0, 0, -1, 0}, .clause = "exact", .rule = rule};
  const char *d = tcRefDtypeName(dtype);
  if (!tcRefDtypeIsFloat(dtype)) {
    snprintf(rule, ruleSize, "integers and bools are exact");
    return b;
  }
  if (o->opKind) {
    b.tolerance = o->grads ? tcContractGetGradTolerance(o->contract, o->opKind, d, &b.clause)
                           : tcContractGetTolerance(o->contract, o->opKind, d, &b.clause);
    snprintf(rule, ruleSize, "%s of op %s (--op%s)", o->grads ? "gradient" : "result", o->opKind,
             b.tolerance.gamma > 0 && !o->operands[0] ? "; no --operands, so no gamma bound" : "");
  } else {
    snprintf(rule, ruleSize, "%s", o->grads ? "gradient" : "function output");
    b.tolerance = o->grads ? tcContractGetGradOutputTolerance(o->contract, d, &b.clause)
                           : tcContractGetOutputTolerance(o->contract, d, &b.clause);
  }
  return b;
}

static void appendType(char *buf, size_t size, const TcRefTensor *t) {
  size_t n = strlen(buf);
  n += (size_t)snprintf(buf + n, size - n, "tensor<");
  for (intptr_t d = 0; d < t->rank && n < size; ++d)
    n += (size_t)snprintf(buf + n, size - n, "%lldx", (long long)t->dims[d]);
  if (n < size)
    snprintf(buf + n, size - n, "%s>", tcRefDtypeName(t->dtype));
}

// `func.func @magnitude(a, b) -> result { matmul }` of the operands' and
// the expected result's types, for tcConfMagnitude.
static MlirModule matmulModule(MlirContext ctx, const TcRefTensor *ab, const TcRefTensor *result) {
  char ta[1024] = "", tb[1024] = "", tr[1024] = "", text[4096];
  appendType(ta, sizeof ta, &ab[0]);
  appendType(tb, sizeof tb, &ab[1]);
  appendType(tr, sizeof tr, result);
  snprintf(text, sizeof text,
           "func.func @magnitude(%%a: %s, %%b: %s) -> %s {\n"
           "  %%c = \"tc_tensor.matmul\"(%%a, %%b) : (%s, %s) -> %s\n"
           "  return %%c : %s\n}\n",
           ta, tb, tr, ta, tb, tr, tr);
  return mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
}

static bool readOperands(const TcConfCompareOptions *o, TcRefDtype dtype, TcRefTensor *ab, char *err,
                         size_t errSize) {
  for (int k = 0; k < 2; ++k) {
    TcNpyArray a;
    char why[512];
    bool ok = tcNpyRead(o->operands[k], &a, why, sizeof why) && tcRefTensorFromNpy(&a, dtype, &ab[k], why, sizeof why);
    tcNpyArrayDestroy(&a);
    if (!ok)
      return setError(err, errSize, "--operands %s: %s", o->operands[k], why);
  }
  return true;
}

// The gate's magnitude of a matmul of the operands, shaped like `result`.
static bool operandMagnitude(MlirContext ctx, const TcConfCompareOptions *o, const TcRefTensor *result,
                             ConfMagnitude *m, char *err, size_t errSize) {
  TcRefTensor ab[2] = {0};
  bool ok = readOperands(o, result->dtype, ab, err, errSize);
  MlirModule module = ok ? matmulModule(ctx, ab, result) : (MlirModule){NULL};
  if (ok && mlirModuleIsNull(module))
    ok = setError(err, errSize, "--operands: cannot build their matmul");
  if (ok) {
    MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
    if (!tcConfMagnitude(func, 0, ab, 2, NULL, m))
      ok = setError(err, errSize, "--operands: the reference cannot evaluate their matmul into the output's shape");
  }
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  tcRefTensorDestroy(&ab[0]);
  tcRefTensorDestroy(&ab[1]);
  return ok;
}

//===-- One output ------------------------------------------------------------===//

typedef struct Pair {
  const OutputFile *expected, *actual; ///< actual NULL: missing
  TcNpyArray expectedFile, actualFile;
  TcRefTensor want, got;
  ConfMagnitude magnitude;
  bool hasMagnitude;
} Pair;

static void freePair(Pair *p) {
  tcNpyArrayDestroy(&p->expectedFile);
  tcNpyArrayDestroy(&p->actualFile);
  tcRefTensorDestroy(&p->want);
  tcRefTensorDestroy(&p->got);
  if (p->hasMagnitude)
    tcRefTensorDestroy(&p->magnitude.m);
}

static char *joinPath(const char *dir, const char *name) {
  size_t n = strlen(dir) + strlen(name) + 2;
  char *path = malloc(n);
  snprintf(path, n, "%s/%s", dir, name);
  return path;
}

static bool readFile(const char *dir, const char *name, TcNpyArray *a, char *why, size_t size) {
  char *path = joinPath(dir, name);
  bool ok = tcNpyRead(path, a, why, size);
  free(path);
  return ok;
}

// Reads the expected side; false (usage) if it cannot be used.
static bool readExpected(const TcConfCompareOptions *o, Pair *p, char *err, size_t errSize) {
  char why[512];
  TcRefDtype dtype;
  if (!readFile(o->expectedDir, p->expected->name, &p->expectedFile, why, sizeof why))
    return setError(err, errSize, "cannot read expected %s: %s", p->expected->name, why);
  if (!outputDtype(o, p->expected->index, &p->expectedFile, &dtype, err, errSize))
    return false;
  if (!tcRefTensorFromNpy(&p->expectedFile, dtype, &p->want, why, sizeof why))
    return setError(err, errSize, "expected %s: %s", p->expected->name, why);
  return true;
}

// The judgement of the pair as a check object, or NULL with `why` (a
// failing output that cannot be judged element by element).
static json_t *judgePair(const TcConfCompareOptions *o, Pair *p, char *why, size_t size) {
  if (!p->actual) {
    snprintf(why, size, "missing from the actual outputs");
    return NULL;
  }
  char reason[512];
  if (!readFile(o->actualDir, p->actual->name, &p->actualFile, reason, sizeof reason)) {
    snprintf(why, size, "cannot read it: %s", reason);
    return NULL;
  }
  if (mismatch(&p->expectedFile, &p->actualFile, why, size))
    return NULL;
  if (!tcRefTensorFromNpy(&p->actualFile, p->want.dtype, &p->got, reason, sizeof reason)) {
    snprintf(why, size, "cannot read it: %s", reason);
    return NULL;
  }
  char rule[256];
  ConfBudget budget = budgetOf(o, p->want.dtype, rule, sizeof rule);
  budget.magnitude = p->hasMagnitude ? &p->magnitude : NULL;
  ConfBuffer actual = {.dtype = p->got.dtype, .rank = p->got.rank, .numel = p->got.numel};
  memcpy(actual.dims, p->got.dims, sizeof actual.dims);
  actual.bytes = tcConfDtypeSize(actual.dtype) * (size_t)actual.numel;
  actual.data = malloc(actual.bytes ? actual.bytes : 1);
  tcConfEncode(&p->got, actual.data);
  TcConfSeverity severity;
  double ratio;
  json_t *check = tcConfJudgeOutput(&p->want, &actual, &budget, &severity, &ratio);
  free(actual.data);
  json_object_set_new(check, "output", json_integer(p->expected->index));
  return check;
}

// Judges one expected output: prints its line, returns TC_EXIT_SUCCESS,
// TC_EXIT_CONFORMANCE or TC_EXIT_USAGE (with `err`).
static int compareOne(MlirContext ctx, const TcConfCompareOptions *o, Pair *p, FILE *out, char *err,
                      size_t errSize) {
  if (!readExpected(o, p, err, errSize))
    return TC_EXIT_USAGE;
  char rule[256];
  if (o->operands[0] && budgetOf(o, p->want.dtype, rule, sizeof rule).tolerance.gamma > 0) {
    if (!operandMagnitude(ctx, o, &p->want, &p->magnitude, err, errSize)) {
      tcRefTensorDestroy(&p->magnitude.m); // whatever a failed evaluation left
      return TC_EXIT_USAGE;
    }
    p->hasMagnitude = true;
  }
  char why[1024];
  json_t *check = judgePair(o, p, why, sizeof why);
  fprintf(out, "%s: ", p->expected->name);
  if (!check) {
    fprintf(out, "FAIL: %s\n", why);
    return TC_EXIT_CONFORMANCE;
  }
  tcConfPrintOutputCheck(check, out);
  fputc('\n', out);
  bool passed = json_integer_value(json_object_get(check, "failing")) == 0;
  json_decref(check);
  return passed ? TC_EXIT_SUCCESS : TC_EXIT_CONFORMANCE;
}

//===-- Every output ----------------------------------------------------------===//

// Judges every expected output and names every extra actual one; counts the
// failing ones in *failed and all of them in *total.
static int compareAll(MlirContext ctx, const TcConfCompareOptions *o, const OutputList *expected,
                      const OutputList *actual, FILE *out, size_t *failed, size_t *total, char *err, size_t errSize) {
  *failed = *total = 0;
  for (size_t i = 0; i < expected->count; ++i, ++*total) {
    Pair p = {.expected = &expected->files[i], .actual = findOutput(actual, expected->files[i].index)};
    int rc = compareOne(ctx, o, &p, out, err, errSize);
    freePair(&p);
    if (rc == TC_EXIT_USAGE)
      return rc;
    *failed += rc != TC_EXIT_SUCCESS;
  }
  for (size_t i = 0; i < actual->count; ++i)
    if (!findOutput(expected, actual->files[i].index)) {
      fprintf(out, "%s: FAIL: not among the expected outputs\n", actual->files[i].name);
      ++*failed;
      ++*total;
    }
  return TC_EXIT_SUCCESS;
}

int tcConformanceCompare(MlirContext ctx, const TcConfCompareOptions *o, FILE *out, char *err, size_t errSize) {
  OutputList expected, actual = {0};
  if (!listOutputs(o->expectedDir, &expected, err, errSize))
    return TC_EXIT_USAGE;
  int rc = TC_EXIT_SUCCESS;
  if (!expected.count) {
    setError(err, errSize, "'%s' holds no output_<i>.npy", o->expectedDir);
    rc = TC_EXIT_USAGE;
  } else if (!listOutputs(o->actualDir, &actual, err, errSize)) {
    rc = TC_EXIT_USAGE;
  }
  size_t failed = 0, total = 0;
  if (rc == TC_EXIT_SUCCESS)
    rc = compareAll(ctx, o, &expected, &actual, out, &failed, &total, err, errSize);
  if (rc == TC_EXIT_SUCCESS && failed)
    fprintf(out, "tensor-conform compare: %zu of %zu outputs failed under contract '%s'\n", failed, total,
            tcContractGetName(o->contract));
  else if (rc == TC_EXIT_SUCCESS)
    fprintf(out, "tensor-conform compare: all %zu outputs pass under contract '%s'\n", total,
            tcContractGetName(o->contract));
  freeOutputs(&expected);
  freeOutputs(&actual);
  return rc == TC_EXIT_SUCCESS && failed ? TC_EXIT_CONFORMANCE : rc;
}
