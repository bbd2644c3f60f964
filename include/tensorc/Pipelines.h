//===- Pipelines.h - tensorc's default pipelines ------------------*- C -*-===//
//
// The CPU pipeline takes a verified tc_tensor module to the llvm dialect,
// ready for tensor-translate. Its order is written in exactly one place,
// lib/Conversion/CpuPipeline.c; tools run it (or any prefix of it) through
// the same pass-at-a-time driver as any --pass-pipeline, so every step earns
// its manifest record.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_PIPELINES_H
#define TENSORC_PIPELINES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The CPU pipeline: `*count` pipeline elements in order, each a pass as
/// `--pass-pipeline` spells it (`name` or `name{options}`). Static storage.
const char *const *tcGetCpuPipeline(intptr_t *count);

/// Returns the pipeline text `builtin.module(e1,...,ek)` of the CPU
/// pipeline's prefix that ends with the pass named `stopAfter` (its name
/// without options), or of the whole pipeline if `stopAfter` is NULL.
/// Returns NULL if no element is named `stopAfter`. Caller frees.
char *tcCreateCpuPipelineText(const char *stopAfter);

/// As tcCreateCpuPipelineText, with the pass of each registered test-only
/// fault pass of `kinds` (include/tensorc/TestFaults.h) after the pipeline
/// element it names; kinds that are not fault passes are left out.
char *tcCreateCpuPipelineTextWithFaults(const char *stopAfter, const char *const *kinds, int numKinds);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_PIPELINES_H
