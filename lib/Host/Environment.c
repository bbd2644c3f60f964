//===- Environment.c - the environment variables tensorc reads ------------===//
//
// The registry of Environment.def as a table, and the one reader. A linear
// search is enough: there are a few variables and each is read a few times
// per compilation. It links only libc, so that every library, the cache
// included, reads the environment through it.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Environment.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const TcEnvVar kVars[] = {
#define TC_ENV(name, effect, reader, meaning) {name, effect, reader, meaning},
#include "Environment.def"
#undef TC_ENV
};

const TcEnvVar *tcEnvVars(size_t *count) {
  *count = sizeof kVars / sizeof kVars[0];
  return kVars;
}

const char *tcEnvGet(const char *name) {
  for (size_t i = 0; i < sizeof kVars / sizeof kVars[0]; ++i)
    if (strcmp(kVars[i].name, name) == 0) {
      const char *v = getenv(name);
      return v && *v ? v : NULL;
    }
  // A broken invariant of tensorc itself (this library links only libc).
  fprintf(stderr, "tensorc: internal error: environment variable %s is read but not declared in "
                  "lib/Host/Environment.def\n", name);
  abort();
}

const char *tcEnvEffectGetName(TcEnvEffect effect) {
  switch (effect) {
  case TC_ENV_ARTIFACT:
    return "artifact";
  case TC_ENV_VERDICT:
    return "verdict";
  case TC_ENV_LOCATION:
    return "location";
  }
  return "location";
}
