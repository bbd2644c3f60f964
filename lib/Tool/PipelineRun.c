//===- PipelineRun.c - running passes under the IR contract ----------------===//
//
// The loop every compiler driver runs, one pass per step (design.md §4):
//
//   IR hash before -> run the pass -> drain its decisions -> stamp check
//   -> tc-verify (if asked) -> IR hash after -> append the record
//
// A record is appended whatever the outcome: the manifest of a failed run
// shows how far it got and which pass stopped it, with the failure class as
// the record's status. The records the module had before the step are taken
// from the module before the pass runs and written back with the new one
// after it, so a pass cannot rewrite the history. Timings go to the manifest
// document only, never into the IR, which stays a function of the input.
//
//===----------------------------------------------------------------------===//
#include "tensorc/TextBuffer.h"
#include "tensorc/Driver.h"
#include "tensorc/Tool.h"

#include "tensorc/Passes.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static TcExitCode failureClass(const TcPipelineStep *step) {
  return step->isTensorc && strcmp(step->passName, "tc-verify") == 0 ? TC_EXIT_STRUCTURAL : TC_EXIT_COMPILE;
}

// The parts of a record that describe the step, not its outcome.
typedef struct StepInfo {
  char text[512], options[512], version[32], pipeline[1024];
} StepInfo;

static void describeStep(const TcPipelineStep *step, MlirPassManager pm, StepInfo *info) {
  tcPipelineStepFormat(step, info->text, sizeof info->text);
  const char *brace = strchr(step->passText, '{');
  size_t len = brace ? strlen(brace) : 0;
  snprintf(info->options, sizeof info->options, "%.*s", len >= 2 ? (int)(len - 2) : 0, brace ? brace + 1 : "");
  const TcPassInfo *pass = step->isTensorc ? tcLookupPass(mlirStringRefCreateFromCString(step->passName)) : NULL;
  if (pass)
    snprintf(info->version, sizeof info->version, "%d", pass->version);
  else
    tcToolchainLLVMVersion(info->version, sizeof info->version);
  TcFixedText pipeline = tcFixedTextInit(info->pipeline, sizeof info->pipeline);
  mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(pm), tcFixedTextAppend, &pipeline);
}

// Runs the pass and the checks after it; returns the step's outcome.
static TcExitCode runChecked(const TcPipelineRun *run, size_t i, MlirOperation module, const char *stepText,
                             double *seconds) {
  const TcPipelineStep *step = &run->steps[i];
  TcIdentity before = tcIdentityGet(module);
  size_t errorsBefore = run->diags->numErrors;
  double start = tcMonotonicSeconds();
  MlirLogicalResult result = mlirPassManagerRunOnOp(run->passManagers[i], module);
  *seconds = tcMonotonicSeconds() - start;
  if (mlirLogicalResultIsFailure(result)) {
    if (run->diags->numErrors == errorsBefore)
      tcEmitError(mlirOperationGetLocation(module), "pass '%s' failed", stepText);
    return failureClass(step);
  }
  TcExitCode rc = tcCheckStepIdentity(module, &before, step, stepText);
  if (rc == TC_EXIT_SUCCESS && run->verifyEach && mlirLogicalResultIsFailure(tcVerify(module))) {
    tcEmitError(mlirOperationGetLocation(module), "the IR after pass '%s' breaks the rules of tc-verify", stepText);
    rc = TC_EXIT_COMPILE;
  }
  return rc;
}

// Runs step `i`. `*irHash` is the module's IR hash before the step (nothing
// but the step changes the IR between steps, and tc.manifest is not part of
// the IR hash) and becomes the hash after it, so each state is printed once.
static TcExitCode runStep(const TcPipelineRun *run, size_t i, MlirOperation module, TcHash128 *irHash,
                          TcIRHashCache *cache) {
  const TcPipelineStep *step = &run->steps[i];
  MlirContext ctx = mlirOperationGetContext(module);
  StepInfo info;
  describeStep(step, run->passManagers[i], &info);
  MlirAttribute records =
      mlirOperationGetDiscardableAttributeByName(module, mlirStringRefCreateFromCString(TC_MANIFEST_ATTR));
  TcHash128 irBefore = *irHash;
  json_decref(tcDecisionLogDrain(ctx)); // nothing recorded outside a pass belongs to it
  double seconds = 0;
  TcExitCode rc = runChecked(run, i, module, info.text, &seconds);
  json_t *decisions = tcDecisionLogDrain(ctx);
  char contractHash[TC_HASH_TEXT_SIZE];
  *irHash = tcComputeIRHashCached(module, cache);
  TcManifestStep record = {
      .pass = step->passName,
      .origin = step->isTensorc ? "tensorc" : "mlir",
      .version = info.version,
      .step = info.text,
      .options = info.options,
      .pipeline = info.pipeline,
      .irBefore = irBefore,
      .irAfter = *irHash,
      .contract = tcFormatHash(tcContractGetHash(run->contract), contractHash),
      .status = rc == TC_EXIT_SUCCESS ? "success" : tcExitCodePrefix(rc),
      .decisions = decisions,
  };
  int64_t position = tcManifestAppend(module, records, &record);
  if (run->manifest)
    tcManifestAddTiming(run->manifest, position, step->passName, seconds);
  json_decref(decisions);
  return rc;
}

TcExitCode tcPipelineRun(const TcPipelineRun *run, MlirOperation module) {
  TcIRHashCache *own = run->hashCache ? NULL : tcIRHashCacheCreate(), *cache = run->hashCache ? run->hashCache : own;
  TcHash128 irHash = run->numSteps ? tcComputeIRHashCached(module, cache) : (TcHash128){0, 0};
  TcExitCode rc = TC_EXIT_SUCCESS;
  for (size_t i = 0; i < run->numSteps && rc == TC_EXIT_SUCCESS; ++i)
    rc = runStep(run, i, module, &irHash, cache);
  tcIRHashCacheDestroy(own);
  return rc;
}
