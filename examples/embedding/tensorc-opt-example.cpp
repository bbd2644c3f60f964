//===- tensorc-opt-example.cpp - tensorc passes in a C++ MlirOptMain ------===//
//
// The C++ side of docs/embedding.md: an mlir-opt of the host's own, built on
// MlirOptMain, that knows every upstream dialect and pass and, after one
// call (tcRegisterPassesInMLIRRegistry), every tensorc pass, so that
// `--pass-pipeline='builtin.module(tc-verify,tc-lower-tensor,...)'` and
// `--tc-verify` work as for any registered pass. tensorc's dialects are
// IRDL programs, which MlirOptMain loads with --irdl-file; unless the
// command line names one, this host passes the installed file holding all
// three (TENSORC_IRDL_FILE, from the CMake package's tensorc_IRDL_FILE).
//
//===----------------------------------------------------------------------===//
#include "tensorc/Embedding.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include <cstring>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  tcRegisterPassesInMLIRRegistry();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);

  std::vector<char *> args(argv, argv + argc);
  bool namesIrdl = false;
  for (int i = 1; i < argc; ++i)
    namesIrdl |= std::strncmp(argv[i], "--irdl-file", 11) == 0 || std::strncmp(argv[i], "-irdl-file", 10) == 0;
  std::string irdl = std::string("--irdl-file=") + TENSORC_IRDL_FILE;
  if (!namesIrdl)
    args.insert(args.begin() + 1, irdl.data());
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(static_cast<int>(args.size()), args.data(), "tensorc MlirOptMain example\n", registry));
}
