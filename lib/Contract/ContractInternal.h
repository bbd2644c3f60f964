//===- ContractInternal.h - lib/Contract internals ----------------*- C -*-===//
//
// A contract is validated JSON turned into lookup tables. Every clause a
// query can name ("ops.matmul.reassociate") is built once, with the table
// entry it belongs to, so queries return strings the contract owns and never
// allocate: contracts are read from many threads at once.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_CONTRACT_CONTRACTINTERNAL_H
#define TENSORC_LIB_CONTRACT_CONTRACTINTERNAL_H

#include "tensorc/Contract.h"

#include <jansson.h>
#include <stddef.h>

enum { kNumPermissions = 3 };

/// One tolerance entry: `dtype` is a dtype name or "*".
typedef struct TcTolEntry {
  char *dtype;
  TcTolerance tolerance;
  char *clause;
} TcTolEntry;

/// The entry of one op kind ("*" for every op).
typedef struct TcOpEntry {
  char *kind;
  signed char permits[kNumPermissions]; ///< 1 yes, 0 no, -1 not given
  char *permitClause[kNumPermissions];
  TcTolEntry *tolerances;
  size_t numTolerances;
} TcOpEntry;

/// The dtypes.<dtype> entry of one float dtype.
typedef struct TcDtypeEntry {
  char *dtype, *element, *accumulate;
  char *elementClause, *accumulateClause;
} TcDtypeEntry;

struct TcContract {
  char *name;
  char *canonical;
  TcHash128 hash;
  TcOpEntry *ops; ///< ops[0] is "*"
  size_t numOps;
  TcTolEntry *outputs;
  size_t numOutputs;
  TcDtypeEntry *dtypes;
  size_t numDtypes;
  bool hasGrads;        ///< the contract has a `grads` section
  TcOpEntry *gradOps;   ///< gradOps[0] is "*"; only tolerances are used
  size_t numGradOps;
  TcTolEntry *gradOutputs;
  size_t numGradOutputs;
};

/// Where validation failed: the member path ("ops", "matmul", "reassociate")
/// and the message.
typedef struct TcContractError {
  const char *path[8];
  int depth;
  char message[512];
} TcContractError;

/// Validates `json` (a parsed contract) and builds the contract. On error
/// returns NULL and fills `error`. `json` is borrowed.
TcContract *tcContractBuild(const json_t *json, TcContractError *error);

/// Writes the error's path as "a.b.c" into `buf`.
const char *tcContractErrorPath(const TcContractError *error, char *buf, size_t size);

#endif // TENSORC_LIB_CONTRACT_CONTRACTINTERNAL_H
