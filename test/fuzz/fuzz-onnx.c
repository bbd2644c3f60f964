//===- fuzz-onnx.c - ONNX models through the importer ----------------------===//
//
// tcOnnxImportFile on the input as a model file: protobuf-c's unpacking,
// the model checks, every op importer and constant folding, tc-verify of
// what it built. A fresh context per input: an import loads dialects and
// registers resources, and a fuzzer's inputs must not see each other.
//
//===----------------------------------------------------------------------===//
#include "FuzzMlir.h"

#include "tensorc/Dialects.h"
#include "tensorc/Import.h"
#include "tensorc/Tool.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static FILE *sink;
  if (!sink && !(sink = fopen("/dev/null", "w")))
    abort();
  const char *path = tcFuzzWriteTemp(data, size, ".onnx");
  if (!path)
    return 0;
  MlirContext ctx = tcToolContextCreate();
  if (mlirLogicalResultIsFailure(tcRegisterDialects(ctx)))
    abort();
  mlirContextAttachDiagnosticHandler(ctx, tcFuzzQuiet, NULL, NULL);
  TcOnnxImport import;
  if (tcOnnxImportFile(ctx, path, NULL, &import, sink) == TC_EXIT_SUCCESS)
    tcOnnxImportDestroy(&import);
  mlirContextDestroy(ctx);
  return 0;
}
