//===- concurrent-calls.c - one entry point called from several threads ----===//
//
// tc-runtime-concurrent-calls PATH FN THREADS CALLS
//
// Calls entry point FN (f32 inputs and outputs) of the artifact at PATH once
// on drawn inputs, then from THREADS threads at once, CALLS times each, each
// thread with outputs of its own, and compares every output byte for byte
// with the first call's. An artifact whose large temporaries are its static
// workspace (docs/memory.md §5) gives a call that finds the workspace in use
// buffers of its own; a missing or broken guard shows as different bytes.
// Prints "THREADS x CALLS calls: all equal" or the first difference.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Runtime.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxArgs = 16 };

typedef struct Job {
  TcEntryPoint entry;
  void *inputs[kMaxArgs], *outputs[kMaxArgs], *expected[kMaxArgs];
  size_t outBytes[kMaxArgs];
  intptr_t nOutputs;
  int calls, failed;
} Job;

static size_t bytesOf(const TcAbiTensorType *t) { return (size_t)tcAbiTensorTypeGetNumElements(t) * sizeof(float); }

static void *run(void *arg) {
  Job *job = arg;
  for (int c = 0; c < job->calls && !job->failed; ++c) {
    char err[256];
    if (tcEntryPointCall(job->entry, job->inputs, job->outputs, err, sizeof err) != TC_RUNTIME_OK) {
      fprintf(stderr, "call failed: %s\n", err);
      job->failed = 1;
    }
    for (intptr_t o = 0; o < job->nOutputs && !job->failed; ++o)
      if (memcmp(job->outputs[o], job->expected[o], job->outBytes[o]) != 0) {
        printf("call %d: output #%ld differs from the first call's\n", c, (long)o);
        job->failed = 1;
      }
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 5)
    return fprintf(stderr, "usage: tc-runtime-concurrent-calls PATH FN THREADS CALLS\n"), 1;
  char err[512];
  TcArtifact artifact;
  if (tcArtifactCreate(argv[1], &artifact, err, sizeof err) != TC_RUNTIME_OK)
    return fprintf(stderr, "%s\n", err), 1;
  TcEntryPoint entry = tcArtifactLookupEntryPoint(artifact, argv[2]);
  int threads = atoi(argv[3]), calls = atoi(argv[4]);
  intptr_t nIn = tcEntryPointGetNumInputs(entry), nOut = tcEntryPointGetNumOutputs(entry);
  if (nIn > kMaxArgs || nOut > kMaxArgs || threads < 1 || threads > 64)
    return fprintf(stderr, "too many arguments or threads\n"), 1;
  Job first = {.entry = entry, .nOutputs = nOut, .calls = 1};
  srand(1);
  for (intptr_t i = 0; i < nIn; ++i) {
    size_t n = bytesOf(tcEntryPointGetInput(entry, i)) / sizeof(float);
    float *x = aligned_alloc(64, (n * sizeof(float) + 63) / 64 * 64);
    for (size_t k = 0; k < n; ++k)
      x[k] = (float)rand() / RAND_MAX * 2.0f - 1.0f;
    first.inputs[i] = x;
  }
  for (intptr_t o = 0; o < nOut; ++o) {
    first.outBytes[o] = bytesOf(tcEntryPointGetOutput(entry, o));
    first.outputs[o] = aligned_alloc(64, (first.outBytes[o] + 63) / 64 * 64);
  }
  if (tcEntryPointCall(entry, first.inputs, first.outputs, err, sizeof err) != TC_RUNTIME_OK)
    return fprintf(stderr, "%s\n", err), 1;
  Job jobs[64];
  pthread_t ids[64];
  for (int t = 0; t < threads; ++t) {
    jobs[t] = first;
    jobs[t].calls = calls;
    for (intptr_t o = 0; o < nOut; ++o) {
      jobs[t].expected[o] = first.outputs[o];
      jobs[t].outputs[o] = aligned_alloc(64, (first.outBytes[o] + 63) / 64 * 64);
    }
    pthread_create(&ids[t], NULL, run, &jobs[t]);
  }
  int failed = 0;
  for (int t = 0; t < threads; ++t) {
    pthread_join(ids[t], NULL);
    failed |= jobs[t].failed;
  }
  if (!failed)
    printf("%d x %d calls: all equal\n", threads, calls);
  tcArtifactDestroy(artifact);
  return failed;
}
