//===- tensorc-embed-example.c - tensorc inside a C host compiler ---------===//
//
// The tested version of docs/embedding.md, from C: a host with its own MLIR
// context registers upstream's dialects and passes and tensorc's dialects,
// parses a tc_tensor program, optionally activates a numerical contract,
// attaches a decision log, builds one pass manager from pipeline text that
// mixes tensorc passes and upstream ones, runs it and prints the lowered
// module. Built out of tree against an installed tensorc
// (find_package(tensorc CONFIG) or pkg-config), never against its build.
//
//   tensorc-embed-example <file.mlir> [--pipeline=<text>] [--contract=<file.json>]
//   tensorc-embed-example --print-cpu-pipeline
//
// Without --pipeline it runs tensorc's CPU pipeline (Pipelines.h), which
// starts with tc-verify and ends in the llvm dialect; --print-cpu-pipeline
// prints that pipeline's text (for the C++ host's --pass-pipeline). Exit codes follow
// tensorc's (Diagnostics.h): 1 usage, 2 the program does not parse or
// verify, 3 the pipeline failed.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Contract.h"
#include "tensorc/Dialects.h"
#include "tensorc/Embedding.h"
#include "tensorc/Manifest.h"
#include "tensorc/Pipelines.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <jansson.h> // only to count the recorded decisions (Manifest.h)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *readFile(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
    free(text);
    text = NULL;
  }
  fclose(f);
  if (text) {
    text[n] = '\0';
    *size = (size_t)n;
  }
  return text;
}

static void printToFile(MlirStringRef s, void *userData) { fwrite(s.data, 1, s.length, (FILE *)userData); }

// A fresh context with every upstream dialect and tensorc's three.
static MlirContext createContext(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  if (mlirLogicalResultIsFailure(tcRegisterDialects(ctx))) {
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  return ctx;
}

// The contract from --contract, activated for `ctx`; NULL without one.
static TcContract *activateContract(MlirContext ctx, const char *path, int *rc) {
  size_t size = 0;
  char *text = path ? readFile(path, &size) : NULL;
  if (path && !text) {
    fprintf(stderr, "tensorc-embed-example: cannot read '%s'\n", path);
    *rc = 1;
    return NULL;
  }
  TcContract *contract = text ? tcContractParse(ctx, mlirStringRefCreate(text, size), path) : NULL;
  free(text);
  if (path && !contract)
    *rc = 1; // tcContractParse reported where the file is wrong
  if (contract)
    tcContractActivate(ctx, contract);
  return contract;
}

static int runPipeline(MlirContext ctx, MlirModule module, const char *pipeline) {
  MlirPassManager pm = tcCreatePassManagerFromPipeline(ctx, mlirStringRefCreateFromCString(pipeline), printToFile, stderr);
  if (mlirPassManagerIsNull(pm)) {
    fprintf(stderr, "\ntensorc-embed-example: invalid pipeline\n");
    return 1;
  }
  MlirLogicalResult result = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  mlirPassManagerDestroy(pm);
  if (mlirLogicalResultIsFailure(result))
    return 3;
  json_t *decisions = tcDecisionLogDrain(ctx);
  fprintf(stderr, "tensorc-embed-example: %zu decisions recorded\n", json_array_size(decisions));
  json_decref(decisions);
  mlirOperationPrint(mlirModuleGetOperation(module), printToFile, stdout);
  printf("\n");
  return 0;
}

int main(int argc, char **argv) {
  const char *input = NULL, *pipeline = NULL, *contractPath = NULL;
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--print-cpu-pipeline") == 0) {
      char *cpu = tcCreateCpuPipelineText(NULL);
      printf("%s\n", cpu);
      free(cpu);
      return 0;
    }
    if (strncmp(argv[i], "--pipeline=", 11) == 0)
      pipeline = argv[i] + 11;
    else if (strncmp(argv[i], "--contract=", 11) == 0)
      contractPath = argv[i] + 11;
    else if (!input && argv[i][0] != '-')
      input = argv[i];
    else {
      fprintf(stderr, "usage: tensorc-embed-example <file.mlir> [--pipeline=<text>] [--contract=<file>]\n"
                      "       tensorc-embed-example --print-cpu-pipeline\n");
      return 1;
    }
  }
  size_t size = 0;
  char *text = input ? readFile(input, &size) : NULL;
  if (!text) {
    fprintf(stderr, "tensorc-embed-example: cannot read '%s'\n", input ? input : "(no input)");
    return 1;
  }
  mlirRegisterAllPasses(); // upstream's, so pipeline text can name them
  MlirContext ctx = createContext();
  int rc = mlirContextIsNull(ctx) ? 2 : 0;
  TcContract *contract = rc ? NULL : activateContract(ctx, contractPath, &rc);
  MlirModule module = {NULL};
  if (!rc) {
    tcDecisionLogAttach(ctx); // decisions are dropped in a context without a log
    module = mlirModuleCreateParse(ctx, mlirStringRefCreate(text, size));
    rc = mlirModuleIsNull(module) ? 2 : 0;
  }
  char *cpu = tcCreateCpuPipelineText(NULL);
  if (!rc)
    rc = runPipeline(ctx, module, pipeline ? pipeline : cpu);
  free(cpu);
  free(text);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  if (!mlirContextIsNull(ctx)) {
    tcDecisionLogDetach(ctx);
    tcContractActivate(ctx, NULL);
    tcContractDestroy(contract);
    mlirContextDestroy(ctx);
  }
  return rc;
}
