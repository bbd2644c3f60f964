//===- ContractQuery.c - what a contract permits and tolerates -------------===//
//
// Every query walks from the specific to the general and reports the member
// that answered: an op kind's own entry, then the "*" entry every op falls
// back to; a dtype's own tolerance, then "*"; nothing at all means exact.
// The answer's clause is what the manifest records next to the decision it
// allowed or refused.
//
//===----------------------------------------------------------------------===//
#include "ContractInternal.h"

#include "tensorc/Diagnostics.h"

#include <string.h>

const char *tcContractGetName(const TcContract *contract) { return contract->name; }

TcHash128 tcContractGetHash(const TcContract *contract) { return contract->hash; }

const char *tcContractGetCanonicalJson(const TcContract *contract) { return contract->canonical; }

// "tc_tensor.matmul" and "matmul" name the same kind.
static const char *bareKind(const char *opKind) {
  static const char prefix[] = "tc_tensor.";
  return strncmp(opKind, prefix, sizeof prefix - 1) == 0 ? opKind + sizeof prefix - 1 : opKind;
}

static const TcOpEntry *findOp(const TcContract *c, const char *opKind) {
  const char *kind = bareKind(opKind);
  for (size_t i = 1; i < c->numOps; ++i)
    if (strcmp(c->ops[i].kind, kind) == 0)
      return &c->ops[i];
  return NULL;
}

static void setClause(const char **clause, const char *value) {
  if (clause)
    *clause = value;
}

bool tcContractAllows(const TcContract *contract, const char *opKind, TcContractPermission permission,
                      const char **clause) {
  if ((unsigned)permission >= kNumPermissions)
    tcFatal("unknown contract permission %d", (int)permission);
  const TcOpEntry *op = findOp(contract, opKind);
  if (op && op->permits[permission] >= 0) {
    setClause(clause, op->permitClause[permission]);
    return op->permits[permission] == 1;
  }
  const TcOpEntry *all = &contract->ops[0];
  setClause(clause, all->permitClause[permission]);
  return all->permits[permission] == 1;
}

static const TcTolEntry *findTolerance(const TcTolEntry *entries, size_t n, const char *dtype) {
  for (size_t i = 0; i < n; ++i)
    if (strcmp(entries[i].dtype, dtype) == 0)
      return &entries[i];
  return NULL;
}

// The entry for `dtype`, else the one for "*", else NULL.
static const TcTolEntry *lookupTolerance(const TcTolEntry *entries, size_t n, const char *dtype) {
  const TcTolEntry *t = findTolerance(entries, n, dtype);
  return t ? t : findTolerance(entries, n, "*");
}

static TcTolerance answer(const TcTolEntry *entry, const char **clause) {
  static const TcTolerance exact = {0.0, 0.0, -1, 0.0};
  setClause(clause, entry ? entry->clause : "exact");
  return entry ? entry->tolerance : exact;
}

TcTolerance tcContractGetTolerance(const TcContract *contract, const char *opKind, const char *dtype,
                                   const char **clause) {
  const TcOpEntry *op = findOp(contract, opKind);
  const TcTolEntry *entry = op ? lookupTolerance(op->tolerances, op->numTolerances, dtype) : NULL;
  if (!entry)
    entry = lookupTolerance(contract->ops[0].tolerances, contract->ops[0].numTolerances, dtype);
  return answer(entry, clause);
}

TcTolerance tcContractGetOutputTolerance(const TcContract *contract, const char *dtype, const char **clause) {
  return answer(lookupTolerance(contract->outputs, contract->numOutputs, dtype), clause);
}

static const TcDtypeEntry *findDtype(const TcContract *c, const char *dtype) {
  for (size_t i = 0; i < c->numDtypes; ++i)
    if (strcmp(c->dtypes[i].dtype, dtype) == 0)
      return &c->dtypes[i];
  return NULL;
}

const char *tcContractGetElementDtype(const TcContract *contract, const char *dtype, const char **clause) {
  const TcDtypeEntry *d = findDtype(contract, dtype);
  setClause(clause, d ? d->elementClause : "as written");
  return d ? d->element : dtype;
}

const char *tcContractGetAccumulationDtype(const TcContract *contract, const char *dtype, const char **clause) {
  const TcDtypeEntry *d = findDtype(contract, dtype);
  setClause(clause, d ? d->accumulateClause : "as written");
  return d ? d->accumulate : dtype;
}

//===-- Gradient budgets (docs/contract.md §1.2) -------------------------------------===//

bool tcContractHasGrads(const TcContract *contract) { return contract->hasGrads; }

TcTolerance tcContractGetGradTolerance(const TcContract *contract, const char *opKind, const char *dtype,
                                       const char **clause) {
  const char *kind = bareKind(opKind);
  const TcTolEntry *entry = NULL;
  for (size_t i = 1; i < contract->numGradOps && !entry; ++i)
    if (strcmp(contract->gradOps[i].kind, kind) == 0)
      entry = lookupTolerance(contract->gradOps[i].tolerances, contract->gradOps[i].numTolerances, dtype);
  if (!entry && contract->numGradOps)
    entry = lookupTolerance(contract->gradOps[0].tolerances, contract->gradOps[0].numTolerances, dtype);
  return answer(entry, clause);
}

TcTolerance tcContractGetGradOutputTolerance(const TcContract *contract, const char *dtype, const char **clause) {
  return answer(lookupTolerance(contract->gradOutputs, contract->numGradOutputs, dtype), clause);
}
