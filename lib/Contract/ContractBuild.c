//===- ContractBuild.c - validating a contract and building its tables -----===//
//
// One pass over the parsed JSON checks every member against
// docs/contract.md and fills the lookup tables of ContractInternal.h. The
// schema is closed: an unknown member is an error, so a misspelt permission
// or op kind never silently means "not given". Op kinds are the tc_tensor
// ops that the embedded IRDL dialect defines, so the contract and the
// dialect cannot drift apart.
//
// The canonical JSON (what the contract hash covers) is the validated input
// with every atol, rtol and gamma made a real, printed with sorted keys and no
// whitespace: member order, spacing and number spelling (1e-5, 0.00001) do
// not change a contract's identity; any value does.
//
//===----------------------------------------------------------------------===//
#include "ContractInternal.h"

#include "tensorc/Dialects.h"
#include "tensorc/Diagnostics.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kDtypes[] = {"i1",  "i8",   "i16",  "i32", "i64", "ui8", "ui16",
                                      "ui32", "ui64", "f16", "bf16", "f32", "f64"};
static const char *const kPermissionNames[kNumPermissions] = {"reassociate", "nondeterministic", "fast_math"};

const char *tcContractPermissionName(TcContractPermission permission) {
  return (unsigned)permission < kNumPermissions ? kPermissionNames[permission] : "unknown";
}

static bool fail(TcContractError *e, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->message, sizeof e->message, fmt, ap);
  va_end(ap);
  return false;
}

static void push(TcContractError *e, const char *key) {
  if (e->depth < (int)(sizeof e->path / sizeof e->path[0]))
    e->path[e->depth] = key;
  ++e->depth;
}

static void pop(TcContractError *e) { --e->depth; }

const char *tcContractErrorPath(const TcContractError *error, char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  int depth = error->depth < 8 ? error->depth : 8;
  for (int i = 0; i < depth && used < size; ++i)
    used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? "." : "", error->path[i]);
  return buf;
}

static char *format(const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return strdup(buf);
}

static bool isDtype(const char *name) {
  for (size_t i = 0; i < sizeof kDtypes / sizeof kDtypes[0]; ++i)
    if (strcmp(kDtypes[i], name) == 0)
      return true;
  return false;
}

// Precision rank of a float dtype; f16 and bf16 share a rank but neither is
// at least as precise as the other.
static int floatRank(const char *name) {
  static const char *const names[] = {"f16", "bf16", "f32", "f64"};
  static const int ranks[] = {1, 1, 2, 3};
  for (int i = 0; i < 4; ++i)
    if (strcmp(names[i], name) == 0)
      return ranks[i];
  return 0;
}

static bool atLeastAsPrecise(const char *wide, const char *narrow) {
  return strcmp(wide, narrow) == 0 || floatRank(wide) > floatRank(narrow);
}

// True if `kind` names a tc_tensor op in the embedded IRDL dialect.
static bool isOpKind(const char *kind) {
  MlirStringRef irdl = tcGetDialectIrdl("tc_tensor");
  char needle[96];
  int n = snprintf(needle, sizeof needle, "irdl.operation @%s", kind);
  if (n < 0 || (size_t)n >= sizeof needle)
    return false;
  for (const char *p = irdl.data; (p = strstr(p, needle)); p += n) {
    char next = p[n];
    if (!isalnum((unsigned char)next) && next != '_')
      return true;
  }
  return false;
}

// Fails on a member of `object` outside `allowed` (NULL-terminated).
static bool checkMembers(const json_t *object, const char *const *allowed, TcContractError *e) {
  const char *key;
  json_t *value;
  json_object_foreach((json_t *)object, key, value) {
    bool known = false;
    for (const char *const *a = allowed; *a && !known; ++a)
      known = strcmp(*a, key) == 0;
    if (!known) {
      push(e, key);
      return fail(e, "unknown member '%s'", key);
    }
  }
  return true;
}

static bool requireObject(const json_t *value, const char *what, TcContractError *e) {
  return json_is_object(value) || fail(e, "%s must be an object", what);
}

//===-- Tolerances ---------------------------------------------------------------===//

static bool readNonNegative(const json_t *tol, const char *key, double *out, TcContractError *e) {
  json_t *v = json_object_get(tol, key);
  push(e, key);
  if (!v)
    return fail(e, "missing member '%s'", key);
  if (!json_is_number(v) || !(json_number_value(v) >= 0) || !isfinite(json_number_value(v)))
    return fail(e, "'%s' must be a finite number >= 0", key);
  *out = json_number_value(v);
  pop(e);
  return true;
}

// Op kinds whose results have a magnitude (the reduction on absolute values)
// for a `gamma` bound to scale with: docs/contract.md §1.1.
static bool hasMagnitude(const char *prefix) {
  return strcmp(prefix, "ops.matmul.tolerance") == 0 || strcmp(prefix, "ops.gemm.tolerance") == 0;
}

static bool readTolerance(const json_t *tol, const char *prefix, TcTolerance *out, TcContractError *e) {
  static const char *const members[] = {"atol", "rtol", "ulp", "gamma", NULL};
  if (!requireObject(tol, "a tolerance", e) || !checkMembers(tol, members, e))
    return false;
  if (!readNonNegative(tol, "atol", &out->atol, e) || !readNonNegative(tol, "rtol", &out->rtol, e))
    return false;
  out->gamma = 0; // absent: no reduction bound (docs/contract.md §1.1)
  if (json_object_get(tol, "gamma") && !hasMagnitude(prefix)) {
    push(e, "gamma");
    return fail(e, "'gamma' is defined for ops.matmul and ops.gemm tolerances only");
  }
  if (json_object_get(tol, "gamma") && !readNonNegative(tol, "gamma", &out->gamma, e))
    return false;
  out->ulp = -1;
  json_t *ulp = json_object_get(tol, "ulp");
  if (ulp) {
    push(e, "ulp");
    if (!json_is_integer(ulp) || json_integer_value(ulp) < 0)
      return fail(e, "'ulp' must be an integer >= 0");
    out->ulp = (int64_t)json_integer_value(ulp);
    pop(e);
  }
  return true;
}

// Reads a map dtype-or-"*" -> tolerance; clauses are "<prefix>.<dtype>".
static bool readToleranceMap(const json_t *map, const char *prefix, TcTolEntry **out, size_t *count,
                             TcContractError *e) {
  if (!requireObject(map, "a tolerance map", e))
    return false;
  *out = calloc(json_object_size(map) + 1, sizeof **out);
  *count = 0;
  const char *key;
  json_t *value;
  json_object_foreach((json_t *)map, key, value) {
    push(e, key);
    if (strcmp(key, "*") != 0 && !isDtype(key))
      return fail(e, "unknown dtype '%s' (docs/dialects.md §1.1, or \"*\")", key);
    TcTolEntry *entry = &(*out)[(*count)++];
    if (!readTolerance(value, prefix, &entry->tolerance, e))
      return false;
    entry->dtype = strdup(key);
    entry->clause = format("%s.%s", prefix, key);
    pop(e);
  }
  return true;
}

//===-- Op kinds -------------------------------------------------------------------===//

static bool readOpEntry(const json_t *value, const char *kind, TcOpEntry *op, TcContractError *e) {
  static const char *const members[] = {"reassociate", "nondeterministic", "fast_math", "tolerance", NULL};
  if (!requireObject(value, "an op entry", e) || !checkMembers(value, members, e))
    return false;
  op->kind = strdup(kind);
  for (int p = 0; p < kNumPermissions; ++p) {
    json_t *v = json_object_get(value, kPermissionNames[p]);
    op->permits[p] = -1;
    op->permitClause[p] = format("ops.%s.%s", kind, kPermissionNames[p]);
    if (!v && strcmp(kind, "*") == 0)
      return fail(e, "missing member '%s' (ops.* must give every permission)", kPermissionNames[p]);
    if (!v)
      continue;
    push(e, kPermissionNames[p]);
    if (!json_is_boolean(v))
      return fail(e, "'%s' must be true or false", kPermissionNames[p]);
    op->permits[p] = json_is_true(v);
    pop(e);
  }
  json_t *tolerance = json_object_get(value, "tolerance");
  if (!tolerance)
    return true;
  char prefix[96];
  snprintf(prefix, sizeof prefix, "ops.%s.tolerance", kind);
  push(e, "tolerance");
  if (!readToleranceMap(tolerance, prefix, &op->tolerances, &op->numTolerances, e))
    return false;
  pop(e);
  return true;
}

static bool readOps(const json_t *ops, TcContract *c, TcContractError *e) {
  if (!requireObject(ops, "'ops'", e))
    return false;
  if (!json_object_get(ops, "*"))
    return fail(e, "missing member '*' (the entry every op kind falls back to)");
  c->ops = calloc(json_object_size(ops), sizeof *c->ops);
  c->numOps = 1; // ops[0] is "*"
  const char *key;
  json_t *value;
  json_object_foreach((json_t *)ops, key, value) {
    push(e, key);
    bool isDefault = strcmp(key, "*") == 0;
    if (!isDefault && !isOpKind(key))
      return fail(e, "unknown op kind '%s' (not a tc_tensor op)", key);
    if (!readOpEntry(value, key, isDefault ? &c->ops[0] : &c->ops[c->numOps++], e))
      return false;
    pop(e);
  }
  return true;
}

//===-- Dtypes ------------------------------------------------------------------------===//

static bool readDtypeName(const json_t *entry, const char *member, char **out, TcContractError *e) {
  json_t *v = json_object_get(entry, member);
  push(e, member);
  if (!v)
    return fail(e, "missing member '%s'", member);
  if (!json_is_string(v) || floatRank(json_string_value(v)) == 0)
    return fail(e, "'%s' must be a float dtype (f16, bf16, f32, f64)", member);
  *out = strdup(json_string_value(v));
  pop(e);
  return true;
}

static bool readDtypeEntry(const json_t *value, const char *dtype, TcDtypeEntry *d, TcContractError *e) {
  static const char *const members[] = {"element", "accumulate", NULL};
  if (!requireObject(value, "a dtype entry", e) || !checkMembers(value, members, e))
    return false;
  d->dtype = strdup(dtype);
  if (!readDtypeName(value, "element", &d->element, e) || !readDtypeName(value, "accumulate", &d->accumulate, e))
    return false;
  if (!atLeastAsPrecise(d->element, dtype))
    return fail(e, "element dtype '%s' is not at least as precise as '%s'", d->element, dtype);
  if (!atLeastAsPrecise(d->accumulate, d->element))
    return fail(e, "accumulation dtype '%s' is not at least as precise as the element dtype '%s'", d->accumulate,
                d->element);
  d->elementClause = format("dtypes.%s.element", dtype);
  d->accumulateClause = format("dtypes.%s.accumulate", dtype);
  return true;
}

static bool readDtypes(const json_t *dtypes, TcContract *c, TcContractError *e) {
  if (!requireObject(dtypes, "'dtypes'", e))
    return false;
  c->dtypes = calloc(json_object_size(dtypes) + 1, sizeof *c->dtypes);
  const char *key;
  json_t *value;
  json_object_foreach((json_t *)dtypes, key, value) {
    push(e, key);
    if (floatRank(key) == 0)
      return fail(e, "'%s' is not a float dtype; only f16, bf16, f32 and f64 are listed here", key);
    if (!readDtypeEntry(value, key, &c->dtypes[c->numDtypes++], e))
      return false;
    pop(e);
  }
  return true;
}

//===-- Gradients -----------------------------------------------------------------------===//

// grads.ops: op kinds (or "*", optional here: there are no permissions to
// give) with a tolerance map each, the budgets of gradients (docs/contract.md
// §1.2). Clauses are "grads.ops.<kind>.tolerance.<dtype>".
static bool readGradOps(const json_t *ops, TcContract *c, TcContractError *e) {
  static const char *const members[] = {"tolerance", NULL};
  if (!requireObject(ops, "'grads.ops'", e))
    return false;
  c->gradOps = calloc(json_object_size(ops) + 1, sizeof *c->gradOps);
  c->numGradOps = 1; // gradOps[0] is "*", empty unless given
  c->gradOps[0].kind = strdup("*");
  const char *key;
  json_t *value;
  json_object_foreach((json_t *)ops, key, value) {
    push(e, key);
    bool isDefault = strcmp(key, "*") == 0;
    if (!isDefault && !isOpKind(key))
      return fail(e, "unknown op kind '%s' (not a tc_tensor op)", key);
    TcOpEntry *op = isDefault ? &c->gradOps[0] : &c->gradOps[c->numGradOps++];
    if (!requireObject(value, "a gradient entry", e) || !checkMembers(value, members, e))
      return false;
    free(op->kind);
    op->kind = strdup(key);
    char prefix[96];
    snprintf(prefix, sizeof prefix, "grads.ops.%s.tolerance", key);
    json_t *tolerance = json_object_get(value, "tolerance");
    push(e, "tolerance");
    if (tolerance && !readToleranceMap(tolerance, prefix, &op->tolerances, &op->numTolerances, e))
      return false;
    pop(e);
    pop(e);
  }
  return true;
}

// The optional `grads` section: {"ops": {...}, "outputs": {...}}.
static bool readGrads(const json_t *json, TcContract *c, TcContractError *e) {
  static const char *const members[] = {"ops", "outputs", NULL};
  json_t *grads = json_object_get(json, "grads");
  if (!grads)
    return true;
  push(e, "grads");
  if (!requireObject(grads, "'grads'", e) || !checkMembers(grads, members, e))
    return false;
  json_t *ops = json_object_get(grads, "ops"), *outputs = json_object_get(grads, "outputs");
  if (!ops || !outputs)
    return fail(e, "missing member '%s'", ops ? "outputs" : "ops");
  push(e, "ops");
  if (!readGradOps(ops, c, e))
    return false;
  pop(e);
  push(e, "outputs");
  if (!readToleranceMap(outputs, "grads.outputs", &c->gradOutputs, &c->numGradOutputs, e))
    return false;
  pop(e);
  pop(e);
  c->hasGrads = true;
  return true;
}

//===-- The whole contract --------------------------------------------------------------===//

static bool readHeader(const json_t *json, TcContract *c, TcContractError *e) {
  json_t *fmt = json_object_get(json, "format"), *name = json_object_get(json, "name");
  json_t *description = json_object_get(json, "description");
  if (!fmt)
    return fail(e, "missing member 'format'");
  push(e, "format");
  if (!json_is_string(fmt) || strcmp(json_string_value(fmt), TC_CONTRACT_FORMAT) != 0)
    return fail(e, "unsupported contract format (expected \"%s\")", TC_CONTRACT_FORMAT);
  pop(e);
  if (!name)
    return fail(e, "missing member 'name'");
  push(e, "name");
  if (!json_is_string(name) || json_string_length(name) == 0)
    return fail(e, "'name' must be a non-empty string");
  c->name = strdup(json_string_value(name));
  pop(e);
  if (description && !json_is_string(description)) {
    push(e, "description");
    return fail(e, "'description' must be a string");
  }
  return true;
}

static bool readSection(const json_t *json, const char *key, TcContract *c, TcContractError *e) {
  json_t *value = json_object_get(json, key);
  if (!value)
    return fail(e, "missing member '%s'", key);
  push(e, key);
  bool ok = strcmp(key, "ops") == 0       ? readOps(value, c, e)
            : strcmp(key, "dtypes") == 0  ? readDtypes(value, c, e)
                                          : readToleranceMap(value, "outputs", &c->outputs, &c->numOutputs, e);
  if (ok)
    pop(e);
  return ok;
}

static void makeReal(json_t *tolerance, const char *key) {
  json_t *v = json_object_get(tolerance, key);
  if (v)
    json_object_set_new(tolerance, key, json_real(json_number_value(v)));
}

static void normaliseToleranceMap(json_t *map) {
  const char *key;
  json_t *tolerance;
  json_object_foreach(map, key, tolerance) {
    makeReal(tolerance, "atol");
    makeReal(tolerance, "rtol");
    makeReal(tolerance, "gamma");
  }
}

// The canonical text: the input with tolerances as reals, sorted, compact.
static char *canonicalText(const json_t *json) {
  json_t *copy = json_deep_copy(json);
  const char *key;
  json_t *op;
  json_object_foreach(json_object_get(copy, "ops"), key, op) {
    json_t *map = json_object_get(op, "tolerance");
    if (map)
      normaliseToleranceMap(map);
  }
  normaliseToleranceMap(json_object_get(copy, "outputs"));
  json_t *grads = json_object_get(copy, "grads");
  json_object_foreach(grads ? json_object_get(grads, "ops") : NULL, key, op) {
    json_t *map = json_object_get(op, "tolerance");
    if (map)
      normaliseToleranceMap(map);
  }
  if (grads)
    normaliseToleranceMap(json_object_get(grads, "outputs"));
  char *text = json_dumps(copy, JSON_SORT_KEYS | JSON_COMPACT);
  json_decref(copy);
  if (!text)
    tcFatal("cannot serialise a contract");
  return text;
}

TcContract *tcContractBuild(const json_t *json, TcContractError *e) {
  static const char *const members[] = {"format", "name", "description", "dtypes", "ops", "outputs", "grads", NULL};
  memset(e, 0, sizeof *e);
  TcContract *c = calloc(1, sizeof *c);
  bool ok = (json_is_object(json) || fail(e, "a contract must be a JSON object")) && checkMembers(json, members, e) &&
            readHeader(json, c, e) && readSection(json, "dtypes", c, e) && readSection(json, "ops", c, e) &&
            readSection(json, "outputs", c, e) && readGrads(json, c, e);
  if (!ok) {
    tcContractDestroy(c);
    return NULL;
  }
  c->canonical = canonicalText(json);
  c->hash = tcHashBytes(c->canonical, strlen(c->canonical));
  return c;
}

static void destroyTolerances(TcTolEntry *entries, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    free(entries[i].dtype);
    free(entries[i].clause);
  }
  free(entries);
}

static void destroyOp(TcOpEntry *op) {
  free(op->kind);
  for (int p = 0; p < kNumPermissions; ++p)
    free(op->permitClause[p]);
  destroyTolerances(op->tolerances, op->numTolerances);
}

void tcContractDestroy(TcContract *contract) {
  if (!contract)
    return;
  if (contract->ops) {
    destroyOp(&contract->ops[0]);
    for (size_t i = 1; i < contract->numOps; ++i)
      destroyOp(&contract->ops[i]);
  }
  free(contract->ops);
  destroyTolerances(contract->outputs, contract->numOutputs);
  for (size_t i = 0; i < contract->numGradOps; ++i) {
    free(contract->gradOps[i].kind);
    destroyTolerances(contract->gradOps[i].tolerances, contract->gradOps[i].numTolerances);
  }
  free(contract->gradOps);
  destroyTolerances(contract->gradOutputs, contract->numGradOutputs);
  for (size_t i = 0; i < contract->numDtypes; ++i) {
    TcDtypeEntry *d = &contract->dtypes[i];
    free(d->dtype);
    free(d->element);
    free(d->accumulate);
    free(d->elementClause);
    free(d->accumulateClause);
  }
  free(contract->dtypes);
  free(contract->name);
  free(contract->canonical);
  free(contract);
}
