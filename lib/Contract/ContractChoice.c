//===- ContractChoice.c - which contract a module is compiled under --------===//
//
// A contract is declared before compiling (design.md, invariant 3): by the
// module itself (`tc.contract`), by a file on the command line, or, when
// neither says anything, by the default contract. When the module and the
// command line both declare one, they must be the same contract (equal
// hashes): silently preferring either would compile the program under a
// contract its author did not state, so a difference is semantic drift.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Contract.h"
#include "tensorc/Diagnostics.h"

#include <string.h>

TcExitCode tcContractChoose(MlirOperation module, const TcContract *fileContract, TcContractChoice *choice) {
  memset(choice, 0, sizeof *choice);
  TcContract *fromModule = NULL;
  if (mlirLogicalResultIsFailure(tcContractFromModule(module, &fromModule)))
    return TC_EXIT_STRUCTURAL;
  if (fromModule && fileContract && !tcHashEqual(tcContractGetHash(fromModule), tcContractGetHash(fileContract))) {
    char moduleHash[TC_HASH_TEXT_SIZE], fileHash[TC_HASH_TEXT_SIZE];
    tcEmitError(mlirOperationGetLocation(module),
                "the module's tc.contract ('%s', %s) differs from the --contract file ('%s', %s)",
                tcContractGetName(fromModule), tcFormatHash(tcContractGetHash(fromModule), moduleHash),
                tcContractGetName(fileContract), tcFormatHash(tcContractGetHash(fileContract), fileHash));
    tcContractDestroy(fromModule);
    return TC_EXIT_DRIFT;
  }
  if (fromModule)
    *choice = (TcContractChoice){fromModule, fromModule, "module"};
  else if (fileContract)
    *choice = (TcContractChoice){fileContract, NULL, "file"};
  else
    *choice = (TcContractChoice){tcContractGetDefault(), NULL, "default"};
  return TC_EXIT_SUCCESS;
}

void tcContractChoiceRelease(TcContractChoice *choice) {
  tcContractDestroy(choice->owned);
  memset(choice, 0, sizeof *choice);
}
