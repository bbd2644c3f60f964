//===- tensor-import-onnx.c - ONNX models into stamped tc_tensor modules ---===//
//
// tensor-import-onnx MODEL.onnx [-o OUT.mlir] [--fn NAME] [--bind INPUT=TENSOR.pb]...
// tensor-import-onnx --tensor-to-npy TENSOR.pb -o OUT.npy
//
// A thin driver over lib/Import: import the model (docs/tensor-import-onnx.md)
// and print the stamped module, or convert one ONNX TensorProto file (a
// backend test's input_N.pb / output_N.pb) to .npy. Exit codes as in
// docs/exit-codes.md: 1 bad options or an unreadable file, 2 a model that is
// not valid ONNX, 3 a valid model using something tensorc does not support
// (`unsupported: node '<name>' (<OpType>): <why>`), 70 an importer bug.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Dialects.h"
#include "tensorc/Import.h"
#include "tensorc/OutputFile.h"
#include "tensorc/TextBuffer.h"
#include "tensorc/Tool.h"

#include "mlir-c/RegisterEverything.h"

#include <stdlib.h>
#include <string.h>

#ifndef TC_VERSION
#define TC_VERSION "unknown"
#endif

#define TOOL "tensor-import-onnx"

enum { MAX_BINDINGS = 64 };

typedef struct Options {
  const char *input, *output, *fn;
  bool tensorToNpy, listOps, listInputs;
  TcOnnxBinding bindings[MAX_BINDINGS];
  size_t numBindings;
} Options;

static void printHelp(void) {
  printf("OVERVIEW: import an ONNX model as a stamped tc_tensor module\n\n"
         "USAGE: " TOOL " MODEL.onnx [-o OUT.mlir] [--fn NAME] [--bind INPUT=TENSOR.pb]...\n"
         "       " TOOL " --tensor-to-npy TENSOR.pb -o OUT.npy\n\n"
         "OPTIONS:\n"
         "  -o <file>            Output file (default: stdout; required with --tensor-to-npy)\n"
         "  --fn NAME            Name of the imported function (default: the graph's name)\n"
         "  --bind INPUT=FILE    Give graph input INPUT the value in the ONNX TensorProto FILE at import\n"
         "                       time: a constant, no longer an argument (repeatable)\n"
         "  --tensor-to-npy      Convert an ONNX TensorProto file to .npy\n"
         "  --list-ops           Print the graph's op types, one per line, and import nothing\n"
         "  --list-inputs        Print the graph's inputs that are not initializers, one per line\n"
         "  --version, --help\n\n"
         "Exit codes: 0 success, 1 usage or unreadable file, 2 not a valid ONNX model,\n"
         "3 unsupported (docs/exit-codes.md).\n");
}

static int parseArgs(int argc, char **argv, Options *o) {
  for (int i = 1; i < argc; ++i) {
    const char *v = NULL;
    if (tcMatchFlag(argc, argv, &i, "help", NULL) || tcMatchFlag(argc, argv, &i, "h", NULL)) {
      printHelp();
      exit(TC_EXIT_SUCCESS);
    } else if (tcMatchFlag(argc, argv, &i, "version", NULL)) {
      printf(TOOL " " TC_VERSION "\n");
      exit(TC_EXIT_SUCCESS);
    } else if (tcMatchFlag(argc, argv, &i, "tensor-to-npy", NULL)) {
      o->tensorToNpy = true;
    } else if (tcMatchFlag(argc, argv, &i, "list-ops", NULL)) {
      o->listOps = true;
    } else if (tcMatchFlag(argc, argv, &i, "list-inputs", NULL)) {
      o->listInputs = true;
    } else if (tcMatchFlag(argc, argv, &i, "o", &v)) {
      if (!v)
        return tcUsageError(TOOL, "-o needs a file name");
      o->output = v;
    } else if (tcMatchFlag(argc, argv, &i, "bind", &v)) {
      const char *eq = v ? strchr(v, '=') : NULL;
      if (!eq || eq == v || !eq[1])
        return tcUsageError(TOOL, "--bind needs INPUT=TENSOR.pb");
      if (o->numBindings == MAX_BINDINGS)
        return tcUsageError(TOOL, "more than %d --bind options", (int)MAX_BINDINGS);
      char *name = strndup(v, (size_t)(eq - v));
      o->bindings[o->numBindings++] = (TcOnnxBinding){name, eq + 1};
    } else if (tcMatchFlag(argc, argv, &i, "fn", &v)) {
      if (!v || !*v)
        return tcUsageError(TOOL, "--fn needs a name");
      o->fn = v;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      return tcUsageError(TOOL, "unknown option '%s'", argv[i]);
    } else if (o->input) {
      return tcUsageError(TOOL, "more than one input file ('%s' and '%s')", o->input, argv[i]);
    } else {
      o->input = argv[i];
    }
  }
  if (!o->input)
    return tcUsageError(TOOL, "no input file");
  if (o->tensorToNpy && !o->output)
    return tcUsageError(TOOL, "--tensor-to-npy needs -o OUT.npy");
  return TC_EXIT_SUCCESS;
}

static int importModel(const Options *o) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  int rc = TC_EXIT_INTERNAL;
  if (mlirLogicalResultIsSuccess(tcRegisterDialects(ctx))) {
    TcOnnxImport import;
    rc = tcOnnxImportFileBound(ctx, o->input, o->fn, o->bindings, o->numBindings, &import, stderr);
    if (rc == TC_EXIT_SUCCESS) {
      TcTextBuffer text = {0};
      char err[512];
      mlirOperationPrint(mlirModuleGetOperation(import.module), tcTextBufferAppend, &text);
      tcTextBufferAppendCString(&text, "\n");
      if (!tcWriteFile(o->output ? o->output : "-", text.data, text.length, 0, err, sizeof err)) {
        fprintf(stderr, TOOL ": %s\n", err);
        rc = TC_EXIT_USAGE;
      }
      free(text.data);
      tcOnnxImportDestroy(&import);
    }
  }
  mlirContextDestroy(ctx);
  return rc;
}

int main(int argc, char **argv) {
  Options o = {0};
  int rc = parseArgs(argc, argv, &o);
  if (rc != TC_EXIT_SUCCESS)
    return rc;
  rc = o.tensorToNpy ? (int)tcOnnxTensorFileToNpy(o.input, o.output, stderr)
       : o.listOps  ? (int)tcOnnxPrintOpTypes(o.input, stdout, stderr)
       : o.listInputs ? (int)tcOnnxPrintInputs(o.input, stdout, stderr)
                    : importModel(&o);
  if (rc != TC_EXIT_SUCCESS)
    fprintf(stderr, TOOL ": %s: %s was not %s\n", tcExitCodePrefix((TcExitCode)rc), o.input,
            o.tensorToNpy ? "converted" : "imported");
  return rc;
}
