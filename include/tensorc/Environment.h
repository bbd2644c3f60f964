//===- Environment.h - the environment variables tensorc reads ---*- C -*-===//
//
// Every environment variable any tensorc library or tool reads is declared
// once, in lib/Host/Environment.def, with what it can change. Reading one
// goes through tcEnvGet, which aborts on an undeclared name: the cache key
// (every TC_ENV_ARTIFACT variable) and the documentation cannot miss one.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_ENVIRONMENT_H
#define TENSORC_ENVIRONMENT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a variable can change.
typedef enum TcEnvEffect {
  TC_ENV_ARTIFACT, ///< the compiled artifact (part of the cache key)
  TC_ENV_VERDICT,  ///< what the conformance gate checks (part of the cache key)
  TC_ENV_LOCATION, ///< only where files go
} TcEnvEffect;

/// One declared variable. Static strings.
typedef struct TcEnvVar {
  const char *name;
  TcEnvEffect effect;
  const char *reader;  ///< the library or tool that reads it
  const char *meaning; ///< one line, as docs/environment.md shows it
} TcEnvVar;

/// The declared variables, in Environment.def's order; sets *count. Static.
const TcEnvVar *tcEnvVars(size_t *count);

/// The value of the declared variable `name`, or NULL if it is unset or
/// empty. Borrowed from the environment. Aborts if `name` is not declared.
const char *tcEnvGet(const char *name);

/// "artifact", "verdict" or "location". Static string.
const char *tcEnvEffectGetName(TcEnvEffect effect);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_ENVIRONMENT_H
