//===- ContractCheck.c - passes asking the numerical contract --------------===//
//
// The one way a pass asks whether it may change rounding: the contract in
// force is the one the driver activated for the pass's context (outside a
// driver: the module's tc.contract or the default, PassSupport.c). The
// question is always recorded, allowed or refused, with the clause that
// decided, so the manifest shows both what a pass did and what it was not
// allowed to do.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "TransformsInternal.h"
#include "tensorc/Contract.h"
#include "tensorc/Manifest.h"

#include <stdio.h>

bool tcPassCheckContract(MlirOperation op, TcContractPermission permission, const char *rewrite) {
  MlirContext ctx = mlirOperationGetContext(op);
  const TcContract *contract = tcContractGetActive(ctx);
  if (!contract)
    contract = tcContractGetDefault();
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  char kind[128], subject[512], detail[512];
  snprintf(kind, sizeof kind, "%.*s", (int)name.length, name.data);
  const char *clause = NULL;
  bool allowed = tcContractAllows(contract, kind, permission, &clause);
  snprintf(detail, sizeof detail, "%s: %s", rewrite, allowed ? "allowed" : "refused");
  TcDecision decision = {tcContractPermissionName(permission), tcDecisionSubject(op, subject, sizeof subject),
                         detail, clause};
  tcManifestRecordDecision(ctx, &decision);
  return allowed;
}
