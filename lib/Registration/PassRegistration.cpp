//===- PassRegistration.cpp - tensorc passes in MLIR's pass registry ------===//
//
// The one C++ file of tensorc. MLIR's C API can create external passes but
// cannot enter them into MLIR's global pass registry, which upstream's
// pipeline parser and MlirOptMain consult; this layer does that, once, for
// every entry of tensorc's own registry (lib/Transforms/PassRegistry.c). The
// allocator creates the pass through its C factory and takes the
// mlir::Pass the C handle wraps; the pass's argument, description and
// TypeID are the ones the factory gives it, so MLIR's registry and tensorc's
// agree by construction.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Embedding.h"
#include "tensorc/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/PassRegistry.h"

#include <memory>
#include <mutex>

extern "C" void tcRegisterPassesInMLIRRegistry(void) {
  static std::once_flag once;
  std::call_once(once, [] {
    intptr_t n = 0;
    const TcPassInfo *passes = tcGetPassRegistry(&n);
    for (intptr_t i = 0; i < n; ++i) {
      MlirPass (*create)(void) = passes[i].create;
      mlir::registerPass([create]() { return std::unique_ptr<mlir::Pass>(unwrap(create())); });
    }
  });
}
