//===- compare.c - tensor-conform compare: the judge on output files -------===//
//
// tensor-conform compare --contract FILE [--op KIND [--operands A.npy B.npy]]
//                        [--dtype I=DTYPE]... [--grads] EXPECTED_DIR ACTUAL_DIR
//
// The command line of tcConformanceCompare (include/tensorc/Conformance.h,
// docs/conformance.md §7): the gate's judge on outputs already written as
// output_<i>.npy files, for the tests and scripts that produce outputs by
// other means than an artifact the gate runs (a framework, an ONNX test's
// expected outputs) or that look at one run's files. Exit codes as the
// gate's (docs/exit-codes.md): 0 every output passes, 5 one does not, 1 a
// bad command line, contract or expected directory.
//
//===----------------------------------------------------------------------===//
#include "compare.h"

#include "tensorc/Conformance.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Dialects.h"
#include "tensorc/Tool.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kTool = "tensor-conform compare";

enum { kMaxDtypes = 64 };

typedef struct CompareArgs {
  const char *contractFile;
  const char *dirs[2];
  size_t numDirs;
  TcConfCompareOptions o;
  int64_t dtypeOutputs[kMaxDtypes];
  TcRefDtype dtypes[kMaxDtypes];
} CompareArgs;

static void printHelp(void) {
  printf("USAGE: tensor-conform compare --contract FILE [options] EXPECTED_DIR ACTUAL_DIR\n\n"
         "Judges the output_<i>.npy of ACTUAL_DIR against those of EXPECTED_DIR (the reference's) with the\n"
         "gate's judge, under the numerical contract (docs/conformance.md §7).\n\n"
         "OPTIONS:\n"
         "  --contract FILE       The numerical contract giving the budgets (required)\n"
         "  --op KIND             Judge every output as a result of this op kind on the arguments\n"
         "                        (ops.KIND.tolerance; default: as function outputs, outputs.DTYPE)\n"
         "  --operands A.npy B.npy With --op matmul: its operands, for a tolerance's gamma bound\n"
         "  --dtype I=DTYPE       Output I holds DTYPE values (bf16 outputs are float32 files; repeatable)\n"
         "  --grads               The outputs are gradients: the contract's grads section judges\n"
         "  --help\n");
}

// True if `kind` (with or without "tc_tensor.") is an op of the dialect.
static bool isOpKind(const char *kind) {
  if (strncmp(kind, "tc_tensor.", 10) == 0)
    kind += 10;
  MlirStringRef irdl = tcGetDialectIrdl("tc_tensor");
  char needle[96];
  int n = snprintf(needle, sizeof needle, "irdl.operation @%s", kind);
  if (!*kind || n < 0 || (size_t)n >= sizeof needle)
    return false;
  for (const char *p = irdl.data; (p = strstr(p, needle)) && p < irdl.data + irdl.length; p += n) {
    char next = p[n];
    if (!isalnum((unsigned char)next) && next != '_')
      return true;
  }
  return false;
}

static int parseDtype(CompareArgs *a, const char *v) {
  char *end;
  long long index = strtoll(v, &end, 10);
  TcConfCompareOptions *o = &a->o;
  TcRefDtype d = TC_REF_F32;
  bool ok = v[0] >= '0' && v[0] <= '9' && *end == '=';
  if (ok)
    ok = !strcmp(end + 1, "bf16")  ? (d = TC_REF_BF16, true)
         : !strcmp(end + 1, "f16") ? (d = TC_REF_F16, true)
         : !strcmp(end + 1, "f32") ? (d = TC_REF_F32, true)
         : !strcmp(end + 1, "f64") ? (d = TC_REF_F64, true)
                                   : false;
  if (!ok)
    return tcUsageError(kTool, "--dtype takes I=DTYPE with DTYPE a float dtype (bf16, f16, f32, f64), got '%s'", v);
  if (o->numDtypes == kMaxDtypes)
    return tcUsageError(kTool, "too many --dtype");
  a->dtypeOutputs[o->numDtypes] = index;
  a->dtypes[o->numDtypes++] = d;
  return TC_EXIT_SUCCESS;
}

static int parseFlag(int argc, char **argv, int *i, CompareArgs *a) {
  const char *v;
  if (tcMatchFlag(argc, argv, i, "contract", &v)) {
    a->contractFile = v;
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "op", &v)) {
    if (!isOpKind(v))
      return tcUsageError(kTool, "--op takes a tc_tensor op kind (docs/dialects.md §2), got '%s'", v);
    a->o.opKind = v;
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "operands", &v)) {
    if (*i + 1 >= argc)
      return tcUsageError(kTool, "--operands takes two .npy files (A and B of the matmul)");
    a->o.operands[0] = v;
    a->o.operands[1] = argv[++*i];
    return TC_EXIT_SUCCESS;
  }
  if (tcMatchFlag(argc, argv, i, "dtype", &v))
    return parseDtype(a, v);
  if (tcMatchFlag(argc, argv, i, "grads", NULL)) {
    a->o.grads = true;
    return TC_EXIT_SUCCESS;
  }
  return tcUsageError(kTool, "unknown option '%s'", argv[*i]);
}

static int parseArgs(int argc, char **argv, CompareArgs *a) {
  for (int i = 1; i < argc; ++i) {
    int rc;
    if (argv[i][0] != '-' || argv[i][1] == '\0') {
      if (a->numDirs == 2)
        return tcUsageError(kTool, "more than two directories given ('%s')", argv[i]);
      a->dirs[a->numDirs++] = argv[i];
    } else if (tcMatchFlag(argc, argv, &i, "help", NULL) || tcMatchFlag(argc, argv, &i, "h", NULL)) {
      printHelp();
      exit(TC_EXIT_SUCCESS);
    } else if ((rc = parseFlag(argc, argv, &i, a)) != TC_EXIT_SUCCESS) {
      return rc;
    }
  }
  if (!a->contractFile)
    return tcUsageError(kTool, "no --contract given: the contract is the only source of budgets");
  if (a->numDirs != 2)
    return tcUsageError(kTool, "give EXPECTED_DIR and ACTUAL_DIR");
  const char *op = a->o.opKind ? a->o.opKind : "";
  if (a->o.operands[0] && strcmp(op, "matmul") != 0 && strcmp(op, "tc_tensor.matmul") != 0)
    return tcUsageError(kTool, "--operands goes with --op matmul (the one magnitude it evaluates)");
  if (a->o.operands[0] && a->o.grads)
    return tcUsageError(kTool, "--operands has no meaning with --grads (no gradient budget has gamma)");
  a->o.expectedDir = a->dirs[0];
  a->o.actualDir = a->dirs[1];
  a->o.dtypeOutputs = a->dtypeOutputs;
  a->o.dtypes = a->dtypes;
  return TC_EXIT_SUCCESS;
}

TcContract *tensorConformReadContract(MlirContext ctx, const char *tool, const char *path, bool sayInvalid, int *rc) {
  TcSourceFile file;
  char err[512];
  if (!tcSourceFileRead(&file, path, err, sizeof err)) {
    *rc = tcUsageError(tool, "%s", err);
    return NULL;
  }
  TcContract *c = tcContractParse(ctx, mlirStringRefCreate(file.text, file.length), path);
  tcSourceFileDestroy(&file);
  if (c)
    *rc = TC_EXIT_SUCCESS;
  else
    *rc = sayInvalid ? tcUsageError(tool, "'%s' is not a valid contract", path) : TC_EXIT_USAGE;
  return c;
}

int tensorConformCompare(int argc, char **argv) {
  CompareArgs a = {0};
  int rc = parseArgs(argc, argv, &a);
  if (rc)
    return rc;
  MlirContext ctx = tcToolContextCreate();
  TcDiagnostics diags;
  tcDiagnosticsAttach(&diags, ctx, false, stderr, NULL);
  TcContract *contract = NULL;
  if (mlirLogicalResultIsFailure(tcRegisterDialects(ctx)))
    rc = TC_EXIT_INTERNAL;
  else
    contract = tensorConformReadContract(ctx, kTool, a.contractFile, true, &rc);
  if (contract) {
    char err[1024];
    a.o.contract = contract;
    rc = tcConformanceCompare(ctx, &a.o, stdout, err, sizeof err);
    fflush(stdout);
    if (rc == TC_EXIT_USAGE)
      tcUsageError(kTool, "%s", err);
    else if (rc == TC_EXIT_CONFORMANCE)
      fprintf(stderr, "%s: %s: an output is outside its budget under the contract\n", kTool,
              tcExitCodePrefix(TC_EXIT_CONFORMANCE));
  }
  tcContractDestroy(contract);
  tcDiagnosticsDetach(&diags);
  mlirContextDestroy(ctx);
  return rc;
}
