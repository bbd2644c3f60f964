//===- tensor-translate.c - llvm dialect to LLVM IR, assembly or objects --===//
//
// A thin driver over lib/Target: read the input (file or stdin), parse it,
// and emit the module (llvm dialect, as `tensor-opt` leaves it at the end of
// the CPU pipeline) as optimised LLVM IR, host assembly, an object file, a
// shared library, or a C header for its entry points (docs/abi.md). When the
// module carries `tc.manifest` (or --manifest-out is given) the manifest
// document (docs/manifest.md) is embedded in the artifact's `.tc_manifest`
// section and written beside it as JSON, the same bytes in both. The
// input's stamp is checked first (tcCheckInput), since the artifact embeds
// it. Outputs go through lib/IO/OutputFile.c. The exit code names
// the failure class (docs/exit-codes.md); see docs/tensor-translate.md.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Dialects.h"
#include "tensorc/Driver.h"
#include "tensorc/HostTarget.h"
#include "tensorc/Manifest.h"
#include "tensorc/OutputFile.h"
#include "tensorc/Parse.h"
#include "tensorc/Target.h"
#include "tensorc/TextBuffer.h"
#include "tensorc/Tool.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef TC_VERSION
#define TC_VERSION "unknown"
#endif

#define TOOL "tensor-translate"

typedef struct Options {
  int argc;
  char **argv;
  const char *input, *output, *manifestOut;
  TcEmitKind kind;
} Options;

static void printHelp(void) {
  printf("OVERVIEW: tensorc translation of the llvm dialect to LLVM IR, assembly, objects or shared libraries\n\n"
         "USAGE: " TOOL " [options] [input file, default: stdin]\n\n"
         "OPTIONS:\n"
         "  -o <file>               Output file (default: stdout; required for obj and shared)\n"
         "  --emit=<kind>           What to produce (default: llvm), after LLVM's O3 for the host:\n"
         "                            llvm    LLVM IR text\n"
         "                            asm     host assembly\n"
         "                            obj     a relocatable object\n"
         "                            shared  a shared library, linked with 'cc -shared ... -lm'\n"
         "                            header  a C header declaring the entry points (docs/abi.md)\n"
         "  --manifest-out=<file>   Write the manifest as JSON (default, when the input has\n"
         "                          tc.manifest and -o is given: <output>.manifest.json)\n"
         "  --version               Print the version\n"
         "  --help                  Print this help\n\n"
         "The input must hold only llvm and omp dialect ops (the end of tensor-opt's CPU pipeline).\n"
         "Exit codes: 0 success, 1 usage, 2 structural rejection, 3 compile failure (docs/exit-codes.md).\n");
}

static bool parseEmitKind(const char *v, TcEmitKind *kind) {
  static const struct { const char *name; TcEmitKind kind; } kinds[] = {
      {"llvm", TC_EMIT_LLVM},     {"asm", TC_EMIT_ASM},        {"obj", TC_EMIT_OBJ},
      {"shared", TC_EMIT_SHARED}, {"header", TC_EMIT_HEADER}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i)
    if (!strcmp(v, kinds[i].name)) {
      *kind = kinds[i].kind;
      return true;
    }
  return false;
}

static bool isStdout(const char *path) { return !path || !strcmp(path, "-"); }

static int parseArgs(int argc, char **argv, Options *opt) {
  *opt = (Options){.argc = argc, .argv = argv, .input = "-", .kind = TC_EMIT_LLVM};
  bool haveInput = false;
  for (int i = 1; i < argc; ++i) {
    const char *v = NULL;
    const char *a = argv[i];
    if (tcMatchFlag(argc, argv, &i, "help", NULL) || tcMatchFlag(argc, argv, &i, "h", NULL)) {
      printHelp();
      exit(TC_EXIT_SUCCESS);
    } else if (tcMatchFlag(argc, argv, &i, "version", NULL)) {
      printf("tensorc " TOOL " %s\n", TC_VERSION);
      exit(TC_EXIT_SUCCESS);
    } else if (tcMatchFlag(argc, argv, &i, "o", &v)) {
      opt->output = v;
    } else if (tcMatchFlag(argc, argv, &i, "emit", &v)) {
      if (!parseEmitKind(v, &opt->kind))
        return tcUsageError(TOOL, "invalid --emit value '%s' (expected llvm, asm, obj, shared or header)", v);
    } else if (tcMatchFlag(argc, argv, &i, "manifest-out", &v)) {
      opt->manifestOut = v;
    } else if (a[0] == '-' && a[1] != '\0') {
      return tcUsageError(TOOL, "unknown option '%s'", a);
    } else {
      if (haveInput)
        return tcUsageError(TOOL, "more than one input file given ('%s')", a);
      opt->input = a;
      haveInput = true;
    }
  }
  if ((opt->kind == TC_EMIT_OBJ || opt->kind == TC_EMIT_SHARED) && isStdout(opt->output))
    return tcUsageError(TOOL, "--emit=%s writes a binary file: give it with -o",
                        opt->kind == TC_EMIT_OBJ ? "obj" : "shared");
  return TC_EXIT_SUCCESS;
}

typedef struct Driver {
  const Options *opt;
  MlirContext ctx;
  TcSourceFile source;
  TcDiagnostics diags;
  char *manifestPath; // where the manifest goes, or NULL for nowhere
  TcManifest *manifest; // the document embedded and written, or NULL
} Driver;

static MlirContext createContext(void) {
  MlirContext ctx = tcToolContextCreate();
  tcTargetRegisterTranslations(ctx);
  return ctx;
}

// Writes `length` bytes to `path` (lib/IO/OutputFile.c: atomically over a
// regular file, through a device or a link), or to stdout.
static int writeFile(const char *path, const char *data, size_t length, bool executable) {
  char err[512];
  if (!tcWriteFile(isStdout(path) ? "-" : path, data, length, executable ? TC_OUTPUT_EXECUTABLE : 0, err, sizeof err))
    return tcUsageError(TOOL, "%s", err);
  return TC_EXIT_SUCCESS;
}

// Decides where the manifest goes: --manifest-out, else beside -o when the
// module has records. Builds the document of a successful run (the one the
// artifact embeds) when it goes anywhere.
static TcExitCode prepareManifest(Driver *d, MlirOperation module, TcCustody custody) {
  MlirAttribute records;
  if (mlirLogicalResultIsFailure(tcManifestGetRecordsAttr(module, &records)))
    return TC_EXIT_STRUCTURAL;
  const Options *opt = d->opt;
  if (opt->manifestOut) {
    d->manifestPath = strdup(opt->manifestOut);
  } else if (!mlirAttributeIsNull(records) && !isStdout(opt->output) && opt->kind != TC_EMIT_HEADER) {
    d->manifestPath = malloc(strlen(opt->output) + sizeof ".manifest.json");
    sprintf(d->manifestPath, "%s.manifest.json", opt->output);
  }
  if (!d->manifestPath && mlirAttributeIsNull(records))
    return TC_EXIT_SUCCESS;
  d->manifest = tcManifestCreate(TOOL, opt->argc, opt->argv, "");
  tcManifestAddModule(d->manifest, &(TcManifestModule){.module = module, .status = "success",
                                                       .custody = tcCustodyGetName(custody)});
  return TC_EXIT_SUCCESS;
}

// The name a header's include guard is made from: the output's file name.
static const char *headerGuardName(const char *output) {
  if (isStdout(output))
    return NULL;
  const char *slash = strrchr(output, '/');
  return slash ? slash + 1 : output;
}

// Parses the input, checks its stamp as every compiler driver does
// (docs/ir-contract.md §3: the artifact embeds it, so it must be the
// program's) and emits it into `out`.
static TcExitCode translate(Driver *d, TcTextBuffer *out) {
  MlirModule module = tcParseSourceModule(d->ctx, mlirStringRefCreate(d->source.text, d->source.length),
                                          mlirStringRefCreateFromCString(d->source.name));
  if (mlirModuleIsNull(module))
    return TC_EXIT_STRUCTURAL;
  MlirOperation op = mlirModuleGetOperation(module);
  TcCustody custody = TC_CUSTODY_NONE;
  TcExitCode rc = tcCheckInput(op, &custody);
  if (rc == TC_EXIT_SUCCESS)
    rc = prepareManifest(d, op, custody);
  if (rc == TC_EXIT_SUCCESS) {
    TcEmitOptions options = {d->opt->kind, d->manifest, headerGuardName(d->opt->output)};
    if (mlirLogicalResultIsFailure(tcTargetEmit(op, &options, out)))
      rc = TC_EXIT_COMPILE;
  }
  mlirModuleDestroy(module);
  return rc;
}

static int run(Driver *d) {
  if (mlirLogicalResultIsFailure(tcRegisterDialects(d->ctx)))
    return TC_EXIT_INTERNAL;
  char err[512];
  if (!tcSourceFileRead(&d->source, d->opt->input, err, sizeof err))
    return tcUsageError(TOOL, "%s", err);
  d->diags.source = &d->source;
  if (tcSourceIsBlank(d->source.text, d->source.length)) {
    fprintf(stderr, "%s:1:1: error: input holds no operations\n", d->source.name);
    return TC_EXIT_STRUCTURAL;
  }
  TcTextBuffer out = {0};
  int rc = translate(d, &out);
  if (rc == TC_EXIT_SUCCESS)
    rc = writeFile(d->opt->output, out.data ? out.data : "", out.length, d->opt->kind == TC_EMIT_SHARED);
  if (rc == TC_EXIT_SUCCESS && d->manifestPath) {
    char *json = tcManifestToString(d->manifest); // what the artifact embeds, emission record included
    rc = writeFile(d->manifestPath, json, strlen(json), false);
    free(json);
  }
  free(out.data);
  return rc;
}

int main(int argc, char **argv) {
  Options opt;
  int rc = parseArgs(argc, argv, &opt);
  if (rc)
    return rc;
  TcHostTarget host; // the emitter reads it (lib/Host): refuse a bad TC_* variable first
  char hostErr[256];
  if (!tcHostTargetResolve(&host, hostErr, sizeof hostErr))
    return tcUsageError(TOOL, "%s", hostErr);
  Driver d = {.opt = &opt, .ctx = createContext()};
  tcDiagnosticsAttach(&d.diags, d.ctx, false, stderr, NULL);
  rc = run(&d);
  if (rc != TC_EXIT_SUCCESS && rc != TC_EXIT_USAGE)
    fprintf(stderr, TOOL ": %s: %s was not processed\n", tcExitCodePrefix((TcExitCode)rc),
            d.source.name ? d.source.name : opt.input);
  free(d.manifestPath);
  tcManifestDestroy(d.manifest);
  tcDiagnosticsDetach(&d.diags);
  tcSourceFileDestroy(&d.source);
  mlirContextDestroy(d.ctx);
  return rc;
}
