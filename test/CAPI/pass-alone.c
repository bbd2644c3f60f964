//===- pass-alone.c - every tensorc pass runs alone, hosted as mlir-opt would =//
//
// No tensorc driver here: no decision log, no activated contract, no stamp
// checks. tensorc's passes are entered into MLIR's own registry
// (tcRegisterPassesInMLIRRegistry) and each pipeline is parsed by upstream's
// parser (mlirParsePassPipeline), as an MlirOptMain host does. The input is
// argv[1]. For each pass of the CPU pipeline the program first records the
// module as it stands just before that pass (running the pipeline's earlier
// steps one by one), then every tensorc pass of the registry runs alone, in
// a fresh context, on a fresh parse of its own stage's text (passes outside
// the CPU pipeline take the input itself). Production passes must succeed;
// test-only passes, which misbehave on purpose, must only come back.
// Prints one line per pass and exits 1 if a production pass failed.
//
//===----------------------------------------------------------------------===//
#include "CapiTest.h"
#include "tensorc/Embedding.h"
#include "tensorc/Passes.h"
#include "tensorc/Pipelines.h"
#include "tensorc/TextBuffer.h"

#include "mlir-c/Pass.h"

#include <stdlib.h>
#include <string.h>

enum { kMaxSteps = 64 };

// The pipeline element's pass name: "convert-func-to-llvm{...}" -> its name.
static size_t nameLength(const char *element) {
  const char *brace = strchr(element, '{');
  return brace ? (size_t)(brace - element) : strlen(element);
}

// Parses `text` in a fresh context and runs `pipeline` (upstream syntax) on
// it. Returns the module printed after the run (caller frees), or NULL if
// the pass failed; `*ran` says whether the pipeline parsed.
static char *runAlone(const char *text, const char *pipeline, bool *ran) {
  MlirContext ctx = capiCreateContext(false, true);
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  TcTextBuffer err = {0}, out = {0};
  *ran = !mlirModuleIsNull(module) &&
         mlirLogicalResultIsSuccess(mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                                          mlirStringRefCreateFromCString(pipeline),
                                                          tcTextBufferAppend, &err));
  if (!*ran)
    printf("%s: %s\n", pipeline, err.data ? err.data : "the input does not parse");
  bool ok = *ran && mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  if (ok) {
    mlirOperationPrint(mlirModuleGetOperation(module), tcTextBufferAppend, &out);
    tcTextBufferAppendCString(&out, "");
  }
  free(err.data);
  mlirPassManagerDestroy(pm);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return ok ? out.data : (free(out.data), NULL);
}

static const char *wrap(const TcPassInfo *info, char *buf, size_t size) {
  if (strcmp(info->anchor, "func.func") == 0)
    snprintf(buf, size, "builtin.module(func.func(%s))", info->argument);
  else
    snprintf(buf, size, "builtin.module(%s)", info->argument);
  return buf;
}

int main(int argc, char **argv) {
  char *input = argc > 1 ? capiReadFile(argv[1]) : NULL;
  if (!input) {
    fprintf(stderr, "usage: tc-capi-pass-alone <file.mlir>\n");
    return 1;
  }
  mlirRegisterAllPasses();
  tcRegisterPassesInMLIRRegistry();
  intptr_t numCpu;
  const char *const *cpu = tcGetCpuPipeline(&numCpu);
  char *stage[kMaxSteps] = {0}; // the module just before CPU step i
  char *current = strdup(input);
  for (intptr_t i = 0; i < numCpu && i < kMaxSteps && current; ++i) {
    char pipeline[512];
    bool ran;
    // A tensorc step that anchors on func.func is nested, as the CPU
    // pipeline's text nests it (upstream's parser does not nest implicitly).
    const TcPassInfo *info = tcLookupPass(mlirStringRefCreateFromCString(cpu[i]));
    if (info)
      wrap(info, pipeline, sizeof pipeline);
    else
      snprintf(pipeline, sizeof pipeline, "builtin.module(%s)", cpu[i]);
    stage[i] = current;
    current = runAlone(current, pipeline, &ran);
    if (!current)
      printf("the CPU pipeline stopped at %s\n", cpu[i]);
  }
  free(current);
  // tc-grad differentiates a stamped program (the VJP's identity derives
  // from its forward's stamp): it runs on the input after tc-stamp.
  bool stampRan;
  char *stamped = runAlone(input, "builtin.module(tc-stamp)", &stampRan);
  intptr_t n;
  const TcPassInfo *passes = tcGetPassRegistry(&n);
  int failures = 0;
  for (intptr_t p = 0; p < n; ++p) {
    const char *text = input, *where = "the input";
    for (intptr_t i = 0; i < numCpu && i < kMaxSteps; ++i)
      if (stage[i] && nameLength(cpu[i]) == strlen(passes[p].argument) &&
          strncmp(cpu[i], passes[p].argument, nameLength(cpu[i])) == 0) {
        text = stage[i];
        where = "its stage of the CPU pipeline";
      }
    if (stamped && strcmp(passes[p].argument, "tc-grad") == 0)
      text = stamped, where = "the stamped input";
    char pipeline[256];
    bool ran;
    char *after = runAlone(text, wrap(&passes[p], pipeline, sizeof pipeline), &ran);
    bool testOnly = strncmp(passes[p].description, "Test only", 9) == 0;
    printf("%s: %s on %s%s\n", passes[p].argument, after ? "success" : "failure", where,
           testOnly ? " (test pass)" : "");
    failures += !after && !testOnly;
    free(after);
  }
  printf("%lld passes ran alone, %d production passes failed\n", (long long)n, failures);
  for (intptr_t i = 0; i < kMaxSteps; ++i)
    free(stage[i]);
  free(stamped);
  free(input);
  return failures ? 1 : 0;
}
