//===- ContractActive.c - the contract passes see, per context -------------===//
//
// Passes receive an operation, not a compilation, so the driver makes the
// contract in force reachable through the MLIR context they run in. Like the
// decision log, this is a short process-wide table keyed by context and
// guarded by a mutex; passes on several threads may look it up at once.
// The contract itself is borrowed and immutable.
//
// A pass run outside a driver (an embedder's pass manager, mlir-opt) finds
// no entry; for the length of its run it sees, on its own thread only, the
// contract PassSupport.c resolved from the module (tcContractActivateOnThread),
// so two such runs never touch each other's state.
//
// Why a table and not the pass instance's userData: a host activates the
// contract for passes it may not have created. Passes that upstream's
// pipeline parser or MlirOptMain builds come from a registry allocator
// without arguments (lib/Registration/PassRegistration.cpp), and MLIR's C
// API has no user-data slot on a context; the context a pass runs in is
// all the host and the pass share. Each entry is one context's, so two
// contexts never see each other's contract (docs/embedding.md).
//
//===----------------------------------------------------------------------===//
#include "ContractInternal.h"

#include "tensorc/Diagnostics.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct Active {
  const void *ctx;
  const TcContract *contract;
} Active;

static pthread_mutex_t gLock = PTHREAD_MUTEX_INITIALIZER;
static Active *gActive;
static size_t gNumActive;

static _Thread_local Active tScoped;

static Active *find(MlirContext ctx) {
  for (size_t i = 0; i < gNumActive; ++i)
    if (gActive[i].ctx == ctx.ptr)
      return &gActive[i];
  return NULL;
}

void tcContractActivate(MlirContext ctx, const TcContract *contract) {
  pthread_mutex_lock(&gLock);
  Active *entry = find(ctx);
  if (entry && contract) {
    entry->contract = contract;
  } else if (entry) {
    *entry = gActive[--gNumActive];
  } else if (contract) {
    Active *grown = realloc(gActive, (gNumActive + 1) * sizeof *grown);
    if (!grown)
      tcFatal("out of memory activating a contract");
    gActive = grown;
    gActive[gNumActive++] = (Active){ctx.ptr, contract};
  }
  if (gNumActive == 0) {
    free(gActive);
    gActive = NULL;
  }
  pthread_mutex_unlock(&gLock);
}

void tcContractActivateOnThread(MlirContext ctx, const TcContract *contract) {
  tScoped = contract ? (Active){ctx.ptr, contract} : (Active){NULL, NULL};
}

const TcContract *tcContractGetActive(MlirContext ctx) {
  if (tScoped.contract && tScoped.ctx == ctx.ptr)
    return tScoped.contract;
  pthread_mutex_lock(&gLock);
  Active *entry = find(ctx);
  const TcContract *contract = entry ? entry->contract : NULL;
  pthread_mutex_unlock(&gLock);
  return contract;
}
