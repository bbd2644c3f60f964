//===- CompileKey.h - tensorc compile's cache key and verdict binding -*- C -*-===//
//
// What `tensorc compile` keys its cache on (docs/cache.md §2) and the check
// that a cached or fresh conformance report is a passing verdict on exactly
// this artifact by exactly this gate (docs/cache.md §5.1). CompileKey.c.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOLS_TENSORC_COMPILE_KEY_H
#define TENSORC_TOOLS_TENSORC_COMPILE_KEY_H

#include <jansson.h>

#include <stdbool.h>
#include <stddef.h>

/// What the key holds besides the toolchain. Strings and JSON are borrowed.
typedef struct TcCompileKeyParts {
  const char *semanticHash; ///< the program's stamp
  const char *custody;      ///< "producer" or "driver": the manifest says which
  const char *contractHash; ///< the contract in force
  const char *pipeline;     ///< the CPU pipeline's text
  const json_t *options;    ///< the compile options that shape the outputs
  const json_t *toolchain;  ///< tcToolchainInfo: compiler, libraries, host, target
  const char *gateHash;     ///< XXH3-128 of the tensor-conform that gates
} TcCompileKeyParts;

/// The key material (format tensorc-cache-key/2): the parts above and every
/// environment variable lib/Host/Environment.def declares as changing the
/// artifact or the verdict, with its value or null. A new object.
json_t *tcCompileKeyMaterial(const TcCompileKeyParts *parts);

/// What a verdict must be about.
typedef struct TcVerdictSubject {
  const char *artifactPath; ///< the artifact whose bytes must have been judged
  const char *semanticHash; ///< the program's stamp
  const char *contractHash; ///< the contract it was judged under
  const char *gateHash;     ///< the gate that must have judged it
} TcVerdictSubject;

/// Whether the conformance report at `reportPath` is a passing verdict on
/// `subject`: it parses, says "pass", names the program and the contract,
/// names the artifact's XXH3-128 for every variant it ran, and names the
/// gate's executable. If not, false with the first reason in `why`.
bool tcVerdictBinds(const char *reportPath, const TcVerdictSubject *subject, char *why, size_t size);

#endif // TENSORC_TOOLS_TENSORC_COMPILE_KEY_H
