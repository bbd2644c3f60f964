//===- two-contexts.c - the CPU pipeline in two contexts on two threads ----===//
//
// Two hosts in one process, each with its own MLIR context, lower two
// programs (argv[1], argv[2]) through tensorc's CPU pipeline at the same
// time, outside any tensorc driver (tcCreatePassManagerFromPipeline, with a
// decision log attached to each context). Each program is first lowered
// serially; then two threads lower one program each, several rounds, at
// once. Every concurrent run must print the same bytes and record the same
// decisions (as sorted JSON) as the serial run of its program: state shared
// between contexts (a table, a static buffer, a switch) would show as a
// difference, or, under ThreadSanitizer, as a race. Prints one line per
// program; exits 1 on any difference.
//
//===----------------------------------------------------------------------===//
#include "CapiTest.h"
#include "tensorc/Embedding.h"
#include "tensorc/Manifest.h"
#include "tensorc/Pipelines.h"
#include "tensorc/TextBuffer.h"

#include <jansson.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { kRounds = 8 };

typedef struct Result {
  char *ir;        // the lowered module, NULL if the pipeline failed
  char *decisions; // the decisions its context recorded, as JSON
} Result;

static Result lower(const char *text) {
  Result r = {NULL, NULL};
  MlirContext ctx = capiCreateContext(false, true);
  tcDecisionLogAttach(ctx);
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
  char *pipeline = tcCreateCpuPipelineText(NULL);
  MlirPassManager pm = tcCreatePassManagerFromPipeline(ctx, mlirStringRefCreateFromCString(pipeline), NULL, NULL);
  if (!mlirModuleIsNull(module) && !mlirPassManagerIsNull(pm) &&
      mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)))) {
    TcTextBuffer out = {0};
    mlirOperationPrint(mlirModuleGetOperation(module), tcTextBufferAppend, &out);
    tcTextBufferAppendCString(&out, "");
    r.ir = out.data;
  }
  json_t *decisions = tcDecisionLogDrain(ctx);
  r.decisions = json_dumps(decisions, JSON_SORT_KEYS | JSON_COMPACT);
  json_decref(decisions);
  free(pipeline);
  if (!mlirPassManagerIsNull(pm))
    mlirPassManagerDestroy(pm);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  tcDecisionLogDetach(ctx);
  mlirContextDestroy(ctx);
  return r;
}

typedef struct Job {
  const char *text;
  Result results[kRounds];
} Job;

static void *lowerRounds(void *arg) {
  Job *job = arg;
  for (int i = 0; i < kRounds; ++i)
    job->results[i] = lower(job->text);
  return NULL;
}

static bool same(const Result *a, const Result *b) {
  return a->ir && b->ir && strcmp(a->ir, b->ir) == 0 && strcmp(a->decisions, b->decisions) == 0;
}

int main(int argc, char **argv) {
  char *text[2] = {argc > 2 ? capiReadFile(argv[1]) : NULL, argc > 2 ? capiReadFile(argv[2]) : NULL};
  if (!text[0] || !text[1]) {
    fprintf(stderr, "usage: tc-capi-two-contexts <a.mlir> <b.mlir>\n");
    return 1;
  }
  mlirRegisterAllPasses();
  Result serial[2] = {lower(text[0]), lower(text[1])};
  Job jobs[2] = {{.text = text[0]}, {.text = text[1]}};
  pthread_t threads[2];
  for (int k = 0; k < 2; ++k)
    pthread_create(&threads[k], NULL, lowerRounds, &jobs[k]);
  for (int k = 0; k < 2; ++k)
    pthread_join(threads[k], NULL);
  int bad = 0;
  for (int k = 0; k < 2; ++k) {
    int matching = 0;
    for (int i = 0; i < kRounds; ++i)
      matching += same(&jobs[k].results[i], &serial[k]);
    bool lowered = serial[k].ir && strstr(serial[k].ir, "llvm.func") != NULL;
    printf("%s: %s; %d of %d concurrent runs match the serial run's bytes and decisions\n", argv[k + 1],
           lowered ? "lowered to the llvm dialect" : "NOT lowered", matching, kRounds);
    bad += !lowered || matching != kRounds;
    for (int i = 0; i < kRounds; ++i) {
      free(jobs[k].results[i].ir);
      free(jobs[k].results[i].decisions);
    }
    free(serial[k].ir);
    free(serial[k].decisions);
    free(text[k]);
  }
  return bad ? 1 : 0;
}
