//===- Import.h - importing ONNX models into tc_tensor -----------*- C -*-===//
//
// The ONNX importer (lib/Import, docs/tensor-import-onnx.md) reads a model
// with protobuf-c (code generated at build time from Debian's onnx.proto) and
// builds a stamped tc_tensor module: one public function whose arguments are
// the graph's non-initializer inputs and whose results are its outputs, in
// order. Initializers become `tc_tensor.constant`s; large ones borrow the
// unpacked protobuf's bytes as dense_resource blobs instead of being copied
// again, so the model's storage lives as long as the module (TcOnnxImport).
// Failures are classified: a file that cannot be read is a usage error (1), a
// model that is not valid ONNX a structural rejection (2), a valid model
// using something tensorc does not support a compile failure (3), reported
// as `unsupported: node '<name>' (<OpType>): <why>`.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_IMPORT_H
#define TENSORC_IMPORT_H
#include "tensorc/Diagnostics.h"
#include "mlir-c/IR.h"
#include <stdio.h>
#ifdef __cplusplus
extern "C" {
#endif

/// What an import produced: the module and the storage its dense_resource
/// constants borrow. Free with tcOnnxImportDestroy.
typedef struct TcOnnxImport {
  MlirModule module;
  void *storage;
} TcOnnxImport;

/// Imports the ONNX model at `path` into `ctx` (tensorc's dialects must be
/// registered). `functionName` names the public function; NULL takes the
/// graph's name, made a C identifier ("main" if it has none). On success
/// returns TC_EXIT_SUCCESS and fills `*out` (owned by the caller); otherwise
/// prints one `path: error: ...` line to `err` and returns the failure
/// class, leaving `*out` null.
TcExitCode tcOnnxImportFile(MlirContext ctx, const char *path, const char *functionName, TcOnnxImport *out,
                            FILE *err);

/// A graph input given its value at import time: `tensorPath` is an ONNX
/// TensorProto file whose dtype and shape must match the input's declared
/// type. The bound input becomes a constant, so the function no longer takes
/// it as an argument (the artifact is specialised to that value).
typedef struct TcOnnxBinding {
  const char *input;
  const char *tensorPath;
} TcOnnxBinding;

/// tcOnnxImportFile with `numBindings` graph inputs bound to constants.
/// Binding a name that is not a graph input (or one twice), or a file that
/// cannot be read, is a usage error (1); a tensor that is not a TensorProto,
/// or does not match the input's declared type, a structural one (2).
TcExitCode tcOnnxImportFileBound(MlirContext ctx, const char *path, const char *functionName,
                                 const TcOnnxBinding *bindings, size_t numBindings, TcOnnxImport *out, FILE *err);

/// Destroys the module, then the storage it borrows. `import` may be zeroed.
void tcOnnxImportDestroy(TcOnnxImport *import);

/// Converts the ONNX TensorProto file `inPath` (a backend test's input_N.pb
/// or output_N.pb) to the .npy file `outPath` (bf16 as float32). Returns
/// TC_EXIT_SUCCESS, or prints one error line to `err` and returns 1 for an
/// unreadable input or unwritable output, 2 for a malformed tensor, 3 for a
/// dtype .npy cannot hold here (strings, complex).
TcExitCode tcOnnxTensorFileToNpy(const char *inPath, const char *outPath, FILE *err);

/// Prints the distinct op types of the model's graph, one per line in order
/// of first use, to `out`. Errors as tcOnnxImportFile (1 or 2).
TcExitCode tcOnnxPrintOpTypes(const char *path, FILE *out, FILE *err);

/// Prints the names of the graph's inputs that are not initializers (the
/// imported function's arguments, and the backend tests' input_<i>.pb), in
/// order, one per line. Errors as tcOnnxPrintOpTypes.
TcExitCode tcOnnxPrintInputs(const char *path, FILE *out, FILE *err);

#ifdef __cplusplus
}
#endif
#endif // TENSORC_IMPORT_H
