//===- CompileKey.c - tensorc compile's cache key and verdict binding ------===//
//
// The key holds everything that can change the outputs or their verdict
// and nothing else (docs/cache.md §2). Its environment member is built from
// the registry (lib/Host/Environment.def): every variable declared as
// changing the artifact or the verdict is in it, set or not, so a variable
// added to the registry is keyed without anyone remembering to. The
// toolchain (lib/Manifest/Toolchain.c) brings the compiler's executable
// hash, the loaded libLLVM and libMLIR, the libraries artifacts link with
// their packages and hashes, the host and the target; the gate's executable
// (which holds the reference evaluator) is hashed here. What the key never
// holds: paths, times, the source's spelling, the input's manifest records
// (the driver compiles the program's canonical form, so their IR hashes
// cannot reach the outputs).
//
// A verdict binds when the gate's report names the artifact's bytes (the
// `artifact` of every run of the default variant, "default" and
// "default@Nt") and the gate's own executable, so a report copied from
// another build, written by another gate or stored by `cache put` beside
// other bytes is never taken for a verdict on these. The other variants
// are builds of the same program under other host choices
// (GateVariants.c), each naming its own bytes; the gate judged them
// against the artifact, so they count only through the report's verdict.
//
//===----------------------------------------------------------------------===//
#include "CompileKey.h"

#include "tensorc/Environment.h"
#include "tensorc/SemanticHash.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static json_t *environment(void) {
  size_t n;
  const TcEnvVar *vars = tcEnvVars(&n);
  json_t *env = json_object();
  for (size_t i = 0; i < n; ++i) {
    if (vars[i].effect == TC_ENV_LOCATION)
      continue;
    const char *value = tcEnvGet(vars[i].name);
    json_object_set_new(env, vars[i].name, value ? json_string(value) : json_null());
  }
  return env;
}

json_t *tcCompileKeyMaterial(const TcCompileKeyParts *p) {
  return json_pack("{s:s, s:s, s:s, s:s, s:s, s:O, s:o, s:O, s:{s:s}}", "format", "tensorc-cache-key/2",
                   "semantic_hash", p->semanticHash, "custody", p->custody, "contract", p->contractHash, "pipeline",
                   p->pipeline, "options", (json_t *)p->options, "environment", environment(), "toolchain",
                   (json_t *)p->toolchain, "gate", "executable", p->gateHash);
}

__attribute__((format(printf, 3, 4))) static bool refuse(char *why, size_t size, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, size, fmt, ap);
  va_end(ap);
  return false;
}

static bool isString(json_t *value, const char *expected) {
  return json_is_string(value) && strcmp(json_string_value(value), expected) == 0;
}

// Whether `name` is a run of the --artifact: "default" or "default@Nt".
static bool isDefaultRun(const char *name) {
  return name && (strcmp(name, "default") == 0 || strncmp(name, "default@", strlen("default@")) == 0);
}

static bool namesArtifact(json_t *variants, const char *hash, char *why, size_t size) {
  size_t i, runs = 0;
  json_t *v;
  json_array_foreach(variants, i, v) {
    const char *name = json_string_value(json_object_get(v, "name"));
    if (!isDefaultRun(name))
      continue;
    if (!isString(json_object_get(v, "artifact"), hash))
      return refuse(why, size, "variant '%s' of the report judged other bytes than the artifact (%s)", name, hash);
    ++runs;
  }
  return runs ? true : refuse(why, size, "the report names no run of the artifact (variant 'default')");
}

bool tcVerdictBinds(const char *reportPath, const TcVerdictSubject *s, char *why, size_t size) {
  char artifact[TC_HASH_TEXT_SIZE];
  if (!tcHashFile(s->artifactPath, artifact))
    return refuse(why, size, "the artifact cannot be read");
  json_error_t error;
  json_t *r = json_load_file(reportPath, JSON_REJECT_DUPLICATES, &error);
  bool ok = false;
  json_t *program = json_object_get(r, "program");
  if (!json_is_object(r))
    refuse(why, size, "the conformance report is not a JSON object");
  else if (!isString(json_object_get(r, "verdict"), "pass"))
    refuse(why, size, "the conformance report's verdict is not 'pass'");
  else if (!isString(json_object_get(program, "semantic_hash"), s->semanticHash) ||
           !isString(json_object_get(program, "stamp"), s->semanticHash))
    refuse(why, size, "the conformance report is about another program");
  else if (!isString(json_object_get(json_object_get(r, "contract"), "hash"), s->contractHash))
    refuse(why, size, "the conformance report judged under another contract");
  else if (!isString(json_object_get(json_object_get(r, "gate"), "executable"), s->gateHash))
    refuse(why, size, "the conformance report was written by another gate than %s (%s)", s->gateHash,
           json_string_value(json_object_get(json_object_get(r, "gate"), "executable")) ?: "none named");
  else
    ok = namesArtifact(json_object_get(r, "variants"), artifact, why, size);
  json_decref(r);
  return ok;
}
