//===- tensor-opt.c - mlir-opt for tensorc programs ------------------------===//
//
// A thin driver: read the input (file or stdin), split it at `// -----` if
// asked, and for each part parse, run tc-verify (the structural rules of
// docs/dialects.md), choose the numerical contract and check the stamp
// (docs/ir-contract.md), run the pass pipeline one pass at a time under the
// IR contract (lib/Tool/PipelineRun.c), and print the result. Diagnostics
// are printed as `file:line:col: error: ...` or, with -verify-diagnostics,
// checked against `expected-*` comments. With --manifest-out the manifest of
// every part is written as JSON (docs/manifest.md). The exit code names the
// failure class (docs/exit-codes.md).
//
//===----------------------------------------------------------------------===//
#include "tensorc/Dialects.h"
#include "tensorc/Driver.h"
#include "tensorc/Embedding.h"
#include "tensorc/HostTarget.h"
#include "tensorc/Instrumentation.h"
#include "tensorc/OutputFile.h"
#include "tensorc/Parse.h"
#include "tensorc/Passes.h"
#include "tensorc/Pipelines.h"
#include "tensorc/TestFaults.h"
#include "TestFaultPasses.h"
#include "tensorc/TextBuffer.h"

#include "mlir-c/RegisterEverything.h"

#include <stdlib.h>
#include <string.h>

#ifndef TC_VERSION
#define TC_VERSION "unknown"
#endif

enum { kMaxIrdlFiles = 16, kMaxPassFlags = 64 };

typedef struct Options {
  int argc;
  char **argv;
  const char *input, *output, *pipeline, *contract, *manifestOut;
  const char *irdlFiles[kMaxIrdlFiles];
  int numIrdlFiles;
  char *passFlags[kMaxPassFlags]; // pipeline elements given as --<pass>
  const char *passFlagArgs[kMaxPassFlags]; // ... and as written, for "unknown flag"
  int numPassFlags;
  bool splitInput, verifyDiagnostics, verifyEach, allowUnregistered, disableThreading;
  bool printDebugInfo, printGeneric;
  const char *splitMarker;   // --split-input-file[=<marker>]
  bool onlyExpected;         // --verify-diagnostics=only-expected
  TcInstrumentation inst;    // --mlir-print-ir-*, --mlir-timing, --mlir-pass-statistics
  bool dumpPipeline, listPasses, emitBytecode;
  bool cpuPipeline;       // --tc-cpu-pipeline[=<last pass>]
  const char *cpuStopAfter;
  const char *faultPasses[32]; ///< --tc-test-fault kinds that are passes (test/lib/Faults)
  int numFaultPasses;
  const char *refusals[32]; ///< --tc-refuse=PASS:WHAT:SUBJECT[;...] (docs/bisect.md §8)
  int numRefusals;
} Options;


static void printHelp(void) {
  printf("OVERVIEW: tensorc modular optimizer driver\n\n"
         "USAGE: tensor-opt [options] [input file, default: stdin]\n\n"
         "OPTIONS:\n"
         "  -o <file>                    Output file (default: stdout)\n"
         "  --pass-pipeline=<pipeline>   Passes to run, tensorc's and upstream's by name,\n"
         "                               e.g. 'builtin.module(tc-verify,func.func(cse))'\n"
         "  --<pass>[=<options>]         Append one pass (tensorc or upstream) to the pipeline\n"
         "  --tc-cpu-pipeline[=<pass>]   Run the CPU pipeline to the llvm dialect (below), or\n"
         "                               its prefix ending with <pass>\n"
         "  --tc-test-fault=<kind>       Test only: miscompile on purpose (kinds below; repeatable)\n"
         "  --tc-refuse=<pass>:<what>:<subject>[;...]\n"
         "                               Refuse one decision (as the manifest names it; subject * for\n"
         "                               all of that kind): the pass takes its conservative path and\n"
         "                               records `refused` (docs/bisect.md; repeatable)\n"
         "  --contract=<file>            Numerical contract (JSON) for modules without tc.contract\n"
         "  --manifest-out=<file>        Write the manifest of the run as JSON\n"
         "  --split-input-file[=<mark>]  Process each '// -----' (or <mark>) separated part on its own\n"
         "  --verify-diagnostics[=all|only-expected]\n"
         "                               Check diagnostics against expected-* comments (only-expected:\n"
         "                               ignore diagnostics no comment expects)\n"
         "  --emit-bytecode              Write MLIR bytecode instead of text\n"
         "  --mlir-print-ir-before-all   Print the IR before every pass (to stderr)\n"
         "  --mlir-print-ir-after-all    Print the IR after every pass\n"
         "  --mlir-print-ir-after-change Print the IR after every pass that changed it\n"
         "  --mlir-print-ir-after-failure Print the IR after a pass that failed\n"
         "  --mlir-timing                Print MLIR's execution time report (one per pass step)\n"
         "  --mlir-pass-statistics       Print MLIR's pass statistics (one report per pass step)\n"
         "  --dump-pass-pipeline         Print the pipeline as MLIR parsed it (to stderr)\n"
         "  --list-passes                List tensorc's passes and exit\n"
         "  --verify-each[=true|false]   Run the verifiers after every pass (default: true)\n"
         "  --irdl-file=<file>           Load more IRDL dialects (may be repeated)\n"
         "  --allow-unregistered-dialect Accept ops of unregistered dialects\n"
         "  --mlir-disable-threading     Run passes on one thread\n"
         "  --mlir-print-debuginfo       Print locations\n"
         "  --mlir-print-op-generic      Print every op in generic form\n"
         "  --version                    Print the version\n"
         "  --help                       Print this help\n\n"
         "TENSORC PASSES:\n");
  intptr_t n;
  const TcPassInfo *passes = tcGetPassRegistry(&n);
  for (intptr_t i = 0; i < n; ++i)
    printf("  --%-26s %s\n", passes[i].argument, passes[i].description);
  printf("\nTHE CPU PIPELINE (--tc-cpu-pipeline), in order:\n");
  const char *const *cpu = tcGetCpuPipeline(&n);
  for (intptr_t i = 0; i < n; ++i)
    printf("  %s\n", cpu[i]);
  printf("\nTEST-ONLY FAULTS (--tc-test-fault=<kind>; recorded in the manifest as test-fault):\n");
  const TcTestFaultPass *faults = tcTestFaultPasses(&n);
  for (intptr_t i = 0; i < n; ++i)
    printf("  %-26s %s (pass %s, after %s)\n", faults[i].kind, faults[i].description, faults[i].pass.argument,
           faults[i].after);
  printf("\nUpstream MLIR passes are accepted by name as in mlir-opt.\n"
         "Exit codes: 0 success, 1 usage, 2 structural rejection, 3 compile failure,\n"
         "4 semantic drift, 5 conformance failure, 6 performance regression (docs/exit-codes.md).\n");
}

static bool parseBool(const char *v, bool *out) {
  if (!strcmp(v, "true") || !strcmp(v, "1")) {
    *out = true;
    return true;
  }
  if (!strcmp(v, "false") || !strcmp(v, "0")) {
    *out = false;
    return true;
  }
  return false;
}

// A flag that is not one of ours is a pass: `--cse`, `--canonicalize=opts`.
static int addPassFlag(Options *opt, const char *arg) {
  const char *name = arg + (arg[1] == '-' ? 2 : 1);
  if (opt->numPassFlags == kMaxPassFlags)
    return tcUsageError("tensor-opt", "too many pass flags (at most 64)");
  const char *eq = strchr(name, '=');
  size_t len = eq ? (size_t)(eq - name) : strlen(name);
  char *text = malloc(strlen(name) + 3);
  if (eq)
    sprintf(text, "%.*s{%s}", (int)len, name, eq + 1);
  else
    sprintf(text, "%s", name);
  opt->passFlagArgs[opt->numPassFlags] = arg;
  opt->passFlags[opt->numPassFlags++] = text;
  return TC_EXIT_SUCCESS;
}

// --tc-test-fault=KIND: turns on a test-only miscompile (tensorc/TestFaults.h),
// a pass the CPU pipeline then runs.
static int enableTestFault(Options *opt, const char *name) {
  if (tcTestFaultPassFind(name) && opt->numFaultPasses < 32) {
    opt->faultPasses[opt->numFaultPasses++] = name;
    return TC_EXIT_SUCCESS;
  }
  char kinds[1024] = "";
  intptr_t n;
  const TcTestFaultPass *passes = tcTestFaultPasses(&n);
  for (intptr_t i = 0; i < n; ++i)
    snprintf(kinds + strlen(kinds), sizeof kinds - strlen(kinds), "%s%s", i ? ", " : "", passes[i].kind);
  return tcUsageError("tensor-opt", "unknown test fault '%s' (kinds: %s)", name, kinds);
}

static int parseArgs(int argc, char **argv, Options *opt) {
  memset(opt, 0, sizeof *opt);
  opt->argc = argc;
  opt->argv = argv;
  opt->input = "-";
  opt->verifyEach = true;
  bool haveInput = false;
  for (int i = 1; i < argc; ++i) {
    const char *v = NULL;
    const char *a = argv[i];
    if (tcMatchFlag(argc, argv, &i, "help", NULL) || tcMatchFlag(argc, argv, &i, "h", NULL)) {
      printHelp();
      exit(TC_EXIT_SUCCESS);
    } else if (tcMatchFlag(argc, argv, &i, "version", NULL)) {
      printf("tensorc tensor-opt %s\n", TC_VERSION);
      exit(TC_EXIT_SUCCESS);
    } else if (tcMatchFlag(argc, argv, &i, "o", &v)) {
      opt->output = v;
    } else if (tcMatchFlag(argc, argv, &i, "pass-pipeline", &v)) {
      opt->pipeline = v;
    } else if (tcMatchFlag(argc, argv, &i, "contract", &v)) {
      opt->contract = v;
    } else if (tcMatchFlag(argc, argv, &i, "manifest-out", &v)) {
      opt->manifestOut = v;
    } else if (tcMatchFlag(argc, argv, &i, "tc-test-fault", &v)) {
      int rc = enableTestFault(opt, v);
      if (rc)
        return rc;
    } else if (tcMatchFlag(argc, argv, &i, "tc-refuse", &v)) {
      if (opt->numRefusals == 32)
        return tcUsageError("tensor-opt", "too many --tc-refuse options (at most 32; one may list several, ';'-separated)");
      opt->refusals[opt->numRefusals++] = v;
    } else if (tcMatchFlag(argc, argv, &i, "irdl-file", &v)) {
      if (opt->numIrdlFiles == kMaxIrdlFiles)
        return tcUsageError("tensor-opt", "too many --irdl-file options (at most 16)");
      opt->irdlFiles[opt->numIrdlFiles++] = v;
    } else if (tcMatchFlag(argc, argv, &i, "split-input-file", NULL)) {
      opt->splitInput = true;
    } else if (strncmp(a + (a[1] == '-' ? 2 : 1), "split-input-file=", 17) == 0) {
      opt->splitInput = true;
      opt->splitMarker = strchr(a, '=') + 1;
      if (!opt->splitMarker[0])
        return tcUsageError("tensor-opt", "--split-input-file= needs a marker");
    } else if (tcMatchFlag(argc, argv, &i, "verify-diagnostics", NULL)) {
      opt->verifyDiagnostics = true;
    } else if (strncmp(a + (a[1] == '-' ? 2 : 1), "verify-diagnostics=", 19) == 0) {
      const char *mode = strchr(a, '=') + 1;
      opt->verifyDiagnostics = true;
      opt->onlyExpected = strcmp(mode, "only-expected") == 0;
      if (!opt->onlyExpected && strcmp(mode, "all") != 0)
        return tcUsageError("tensor-opt", "invalid value in '%s' (expected all or only-expected)", a);
    } else if (tcMatchFlag(argc, argv, &i, "mlir-print-ir-before-all", NULL)) {
      opt->inst.printBeforeAll = true;
    } else if (tcMatchFlag(argc, argv, &i, "mlir-print-ir-after-all", NULL)) {
      opt->inst.printAfterAll = true;
    } else if (tcMatchFlag(argc, argv, &i, "mlir-print-ir-after-change", NULL)) {
      opt->inst.printAfterChange = true;
    } else if (tcMatchFlag(argc, argv, &i, "mlir-print-ir-after-failure", NULL)) {
      opt->inst.printAfterFailure = true;
    } else if (tcMatchFlag(argc, argv, &i, "mlir-timing", NULL)) {
      opt->inst.timing = true;
    } else if (tcMatchFlag(argc, argv, &i, "mlir-pass-statistics", NULL)) {
      opt->inst.statistics = true;
    } else if (tcMatchFlag(argc, argv, &i, "dump-pass-pipeline", NULL)) {
      opt->dumpPipeline = true;
    } else if (tcMatchFlag(argc, argv, &i, "list-passes", NULL)) {
      opt->listPasses = true;
    } else if (tcMatchFlag(argc, argv, &i, "emit-bytecode", NULL)) {
      opt->emitBytecode = true;
    } else if (tcMatchFlag(argc, argv, &i, "verify-each", NULL)) {
      opt->verifyEach = true;
    } else if (strncmp(a + (a[1] == '-' ? 2 : 1), "verify-each=", 12) == 0) {
      if (!parseBool(strchr(a, '=') + 1, &opt->verifyEach))
        return tcUsageError("tensor-opt", "invalid value in '%s' (expected true or false)", a);
    } else if (tcMatchFlag(argc, argv, &i, "allow-unregistered-dialect", NULL)) {
      opt->allowUnregistered = true;
    } else if (tcMatchFlag(argc, argv, &i, "mlir-disable-threading", NULL)) {
      opt->disableThreading = true;
    } else if (tcMatchFlag(argc, argv, &i, "mlir-print-debuginfo", NULL)) {
      opt->printDebugInfo = true;
    } else if (tcMatchFlag(argc, argv, &i, "mlir-print-op-generic", NULL)) {
      opt->printGeneric = true;
    } else if (strcmp(a + (a[1] == '-' ? 2 : 1), "tc-cpu-pipeline") == 0) {
      opt->cpuPipeline = true;
    } else if (strncmp(a + (a[1] == '-' ? 2 : 1), "tc-cpu-pipeline=", 16) == 0) {
      opt->cpuPipeline = true;
      opt->cpuStopAfter = strchr(a, '=') + 1;
    } else if (a[0] == '-' && a[1] != '\0') {
      int rc = addPassFlag(opt, a);
      if (rc)
        return rc;
    } else {
      if (haveInput)
        return tcUsageError("tensor-opt", "more than one input file given ('%s')", a);
      opt->input = a;
      haveInput = true;
    }
  }
  if (opt->numFaultPasses && !opt->cpuPipeline)
    return tcUsageError("tensor-opt", "--tc-test-fault=%s is a pass of the CPU pipeline: give --tc-cpu-pipeline",
                        opt->faultPasses[0]);
  if (opt->cpuPipeline && opt->pipeline)
    return tcUsageError("tensor-opt", "--tc-cpu-pipeline cannot be combined with --pass-pipeline");
  if (opt->pipeline && opt->numPassFlags)
    return tcUsageError("tensor-opt", "--pass-pipeline cannot be mixed with pass flags such as '--%s'", opt->passFlags[0]);
  if (opt->emitBytecode && opt->splitInput)
    return tcUsageError("tensor-opt", "--emit-bytecode cannot be combined with --split-input-file");
  opt->inst.printGeneric = opt->printGeneric;
  opt->inst.printDebugInfo = opt->printDebugInfo;
  return TC_EXIT_SUCCESS;
}

static char *flagText(const Options *opt);

// Joins --<pass> flags into pipeline text, or returns --pass-pipeline's.
// With --tc-cpu-pipeline the pass flags run first, then the CPU pipeline, in
// one run: `--tc-stamp --tc-grad --tc-cpu-pipeline` lowers a program and its
// VJPs as `tensorc compile --grad` does (a tc-grad output handed to another
// run would be semantic drift: its stamp names the forward program).
static char *pipelineText(const Options *opt) {
  if (opt->cpuPipeline) {
    static const char root[] = "builtin.module(";
    char *cpu = tcCreateCpuPipelineTextWithFaults(opt->cpuStopAfter, opt->faultPasses, opt->numFaultPasses);
    if (!cpu || opt->numPassFlags == 0)
      return cpu;
    char *flags = flagText(opt);
    size_t size = strlen(cpu) + (flags ? strlen(flags) : 0) + 8;
    char *text = flags ? malloc(size) : NULL;
    if (text && strncmp(cpu, root, sizeof root - 1) == 0)
      snprintf(text, size, "%s%s,%s", root, flags, cpu + sizeof root - 1);
    else if (text)
      snprintf(text, size, "%s", cpu);
    free(cpu);
    free(flags);
    return text;
  }
  if (opt->pipeline)
    return strdup(opt->pipeline);
  return flagText(opt);
}

static char *flagText(const Options *opt) {
  size_t len = 1;
  for (int i = 0; i < opt->numPassFlags; ++i)
    len += strlen(opt->passFlags[i]) + 1;
  char *text = calloc(1, len);
  for (int i = 0; i < opt->numPassFlags; ++i) {
    if (i)
      strcat(text, ",");
    strcat(text, opt->passFlags[i]);
  }
  return text;
}

typedef struct Driver {
  const Options *opt;
  MlirContext ctx;
  TcSourceFile source;
  TcDiagnostics diags;
  char *pipelineText;
  TcPipelineStep *steps;
  size_t numSteps;
  MlirPassManager *passManagers;
  TcContract *fileContract; // from --contract, or NULL
  TcManifest *manifest;     // with --manifest-out, or NULL
} Driver;

static MlirContext createContext(const Options *opt) {
  MlirContext ctx = tcToolContextCreate();
  mlirContextSetAllowUnregisteredDialects(ctx, opt->allowUnregistered);
  mlirContextEnableMultithreading(ctx, !opt->disableThreading);
  return ctx;
}

static int loadDialects(Driver *d) {
  if (mlirLogicalResultIsFailure(tcRegisterDialects(d->ctx)))
    return TC_EXIT_INTERNAL;
  for (int i = 0; i < d->opt->numIrdlFiles; ++i) {
    TcSourceFile f;
    char err[512];
    if (!tcSourceFileRead(&f, d->opt->irdlFiles[i], err, sizeof err))
      return tcUsageError("tensor-opt", "%s", err);
    MlirLogicalResult r =
        tcLoadIrdlSource(d->ctx, mlirStringRefCreate(f.text, f.length), mlirStringRefCreateFromCString(f.name));
    tcSourceFileDestroy(&f);
    if (mlirLogicalResultIsFailure(r))
      return TC_EXIT_STRUCTURAL;
  }
  return TC_EXIT_SUCCESS;
}

// A flag that names neither a tensorc pass nor a registered upstream one is
// an unknown flag, reported as such (as mlir-opt does), not as a bad pass.
static int checkPassFlags(Driver *d) {
  for (int i = 0; i < d->opt->numPassFlags; ++i) {
    const char *text = d->opt->passFlags[i], *brace = strchr(text, '{');
    MlirStringRef name = mlirStringRefCreate(text, brace ? (size_t)(brace - text) : strlen(text));
    if (tcLookupPass(name))
      continue;
    MlirPassManager probe = mlirPassManagerCreate(d->ctx);
    char err[256];
    TcFixedText sink = tcFixedTextInit(err, sizeof err);
    bool known = mlirLogicalResultIsSuccess(
        mlirOpPassManagerAddPipeline(mlirPassManagerGetAsOpPassManager(probe), name, tcFixedTextAppend, &sink));
    mlirPassManagerDestroy(probe);
    if (!known)
      return tcUsageError("tensor-opt", "unknown command line argument '%s'", d->opt->passFlagArgs[i]);
  }
  return TC_EXIT_SUCCESS;
}

// --dump-pass-pipeline: the whole pipeline as MLIR parsed it, as mlir-opt
// prints it.
static void dumpPipeline(Driver *d) {
  MlirPassManager pm =
      tcCreatePassManagerFromPipeline(d->ctx, mlirStringRefCreateFromCString(d->pipelineText), NULL, NULL);
  if (mlirPassManagerIsNull(pm))
    return; // the per-step build below reports why
  fprintf(stderr, "Pass Manager with %zu passes:\n", d->numSteps);
  TcTextBuffer text = {0};
  mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(pm), tcTextBufferAppend, &text);
  fprintf(stderr, "%s\n\n", text.data ? text.data : "");
  free(text.data);
  mlirPassManagerDestroy(pm);
}

// Parses the pipeline and builds one pass manager per step, so that a bad
// pass name is reported before any input is read.
static int buildPipeline(Driver *d) {
  int rc = checkPassFlags(d);
  if (rc)
    return rc;
  d->pipelineText = pipelineText(d->opt);
  if (!d->pipelineText)
    return tcUsageError("tensor-opt", "the CPU pipeline has no pass named '%s' (see --help)", d->opt->cpuStopAfter);
  char err[1024];
  bool ok = tcPipelineParse(d->pipelineText, &d->steps, &d->numSteps, err, sizeof err);
  if (!ok)
    return tcUsageError("tensor-opt", "invalid pass pipeline: %s", err);
  d->passManagers = calloc(d->numSteps + 1, sizeof *d->passManagers);
  for (size_t i = 0; i < d->numSteps; ++i) {
    d->passManagers[i] = tcPipelineStepBuild(d->ctx, &d->steps[i], err, sizeof err);
    if (mlirPassManagerIsNull(d->passManagers[i]))
      return tcUsageError("tensor-opt", "invalid pass pipeline: %s", err);
    TcInstrumentation inst = d->opt->inst;
    inst.verifyEach = d->opt->verifyEach;
    tcPassManagerInstrument(d->passManagers[i], &inst);
  }
  if (d->opt->dumpPipeline)
    dumpPipeline(d);
  return TC_EXIT_SUCCESS;
}

// Reads --contract; a contract file that does not parse or validate is a
// usage error, reported at the offending member.
static int loadContract(Driver *d) {
  if (!d->opt->contract)
    return TC_EXIT_SUCCESS;
  TcSourceFile f;
  char err[512];
  if (!tcSourceFileRead(&f, d->opt->contract, err, sizeof err))
    return tcUsageError("tensor-opt", "%s", err);
  d->fileContract = tcContractParse(d->ctx, mlirStringRefCreate(f.text, f.length), f.name);
  tcSourceFileDestroy(&f);
  return d->fileContract ? TC_EXIT_SUCCESS : tcUsageError("tensor-opt", "invalid --contract file '%s'", d->opt->contract);
}

static void printModule(const Options *opt, MlirOperation module, TcTextBuffer *out) {
  if (opt->emitBytecode) {
    mlirOperationWriteBytecode(module, tcTextBufferAppend, out);
    return;
  }
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (opt->printDebugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  if (opt->printGeneric)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(module, flags, tcTextBufferAppend, out);
  tcTextBufferAppendCString(out, "\n");
  mlirOpPrintingFlagsDestroy(flags);
}

// Checks the module, chooses its contract and runs the pipeline under it.
// *custody says who vouches for the stamp: the input's producer (or its
// records), or this run's tc-stamp.
static TcExitCode checkAndRun(Driver *d, MlirOperation op, TcContractChoice *contract, TcCustody *custody) {
  if (mlirLogicalResultIsFailure(tcVerify(op)))
    return TC_EXIT_STRUCTURAL;
  TcExitCode rc = tcContractChoose(op, d->fileContract, contract);
  if (rc == TC_EXIT_SUCCESS)
    rc = tcCheckInput(op, custody);
  if (rc != TC_EXIT_SUCCESS)
    return rc;
  TcPipelineRun run = {d->steps, d->passManagers, d->numSteps, d->opt->verifyEach, &d->diags, contract->contract,
                       d->manifest, NULL};
  tcContractActivate(d->ctx, contract->contract);
  rc = tcPipelineRun(&run, op);
  tcContractActivate(d->ctx, NULL);
  if (*custody == TC_CUSTODY_NONE && !mlirAttributeIsNull(tcIdentityGet(op).stamp))
    *custody = TC_CUSTODY_DRIVER; // only tc-stamp may have added it (tcCheckStepIdentity)
  return rc;
}

// Adds the chunk's module (null if it did not parse) to the manifest.
static void recordModule(Driver *d, MlirOperation op, TcExitCode rc, const TcContractChoice *contract,
                         TcCustody custody) {
  if (!d->manifest)
    return;
  char hash[TC_HASH_TEXT_SIZE];
  const TcContract *c = contract->contract;
  TcManifestModule entry = {op, rc == TC_EXIT_SUCCESS ? "success" : tcExitCodePrefix(rc),
                            c ? tcContractGetName(c) : NULL, c ? tcFormatHash(tcContractGetHash(c), hash) : NULL,
                            c ? contract->source : NULL, tcCustodyGetName(custody)};
  tcManifestAddModule(d->manifest, &entry);
}

// Parses, verifies, transforms and prints one chunk.
static TcExitCode processChunk(Driver *d, const TcSourceChunk *chunk, TcTextBuffer *out) {
  MlirModule module = tcParseSourceModule(d->ctx, mlirStringRefCreate(chunk->text, chunk->length),
                                          mlirStringRefCreateFromCString(d->source.name));
  TcContractChoice contract = {0};
  if (mlirModuleIsNull(module)) {
    recordModule(d, (MlirOperation){NULL}, TC_EXIT_STRUCTURAL, &contract, TC_CUSTODY_NONE);
    return TC_EXIT_STRUCTURAL;
  }
  MlirOperation op = mlirModuleGetOperation(module);
  TcCustody custody = TC_CUSTODY_NONE;
  TcExitCode rc = checkAndRun(d, op, &contract, &custody);
  if (rc == TC_EXIT_SUCCESS)
    printModule(d->opt, op, out);
  recordModule(d, op, rc, &contract, custody);
  tcContractChoiceRelease(&contract);
  mlirModuleDestroy(module);
  return rc;
}

static int writeOutput(const Options *opt, const TcTextBuffer *out) {
  char err[512];
  const char *path = opt->output ? opt->output : "-";
  if (!tcWriteFile(path, out->data ? out->data : "", out->length, 0, err, sizeof err))
    return tcUsageError("tensor-opt", "%s", err);
  return TC_EXIT_SUCCESS;
}

// Processes every chunk. Without -verify-diagnostics the exit code is the
// first failure class seen; with it, 0 if every chunk's diagnostics matched.
static int processInput(Driver *d, TcTextBuffer *out) {
  size_t numChunks;
  const char *marker = d->opt->splitMarker ? d->opt->splitMarker : "// -----";
  TcSourceChunk *chunks = tcSourceSplitAt(&d->source, d->opt->splitInput ? marker : NULL, &numChunks);
  int rc = TC_EXIT_SUCCESS;
  // Only the input's own diagnostics are checked against its expectations;
  // anything reported before (a bad --irdl-file) was printed.
  d->diags.capture = d->opt->verifyDiagnostics;
  d->diags.onlyExpected = d->opt->onlyExpected;
  for (size_t i = 0; i < numChunks; ++i) {
    if (i > 0 && out->length > 0)
      tcTextBufferAppendCString(out, "// -----\n");
    tcDiagnosticsClear(&d->diags);
    TcExitCode chunkRc = processChunk(d, &chunks[i], out);
    if (d->opt->verifyDiagnostics) {
      if (!tcDiagnosticsVerify(&d->diags, &chunks[i], d->source.name, stderr))
        rc = TC_EXIT_USAGE;
    } else if (chunkRc != TC_EXIT_SUCCESS && rc == TC_EXIT_SUCCESS) {
      rc = chunkRc;
    }
  }
  tcSourceChunksDestroy(chunks, numChunks);
  return rc;
}

static int run(Driver *d) {
  int rc = loadDialects(d);
  if (rc)
    return rc;
  if ((rc = buildPipeline(d)) || (rc = loadContract(d)))
    return rc;
  if (d->opt->manifestOut)
    d->manifest = tcManifestCreate("tensor-opt", d->opt->argc, d->opt->argv, d->pipelineText);
  char err[512];
  if (!tcSourceFileRead(&d->source, d->opt->input, err, sizeof err))
    return tcUsageError("tensor-opt", "%s", err);
  d->diags.source = &d->source;
  if (tcSourceIsBlank(d->source.text, d->source.length)) {
    fprintf(stderr, "%s:1:1: error: input holds no operations\n", d->source.name);
    return TC_EXIT_STRUCTURAL;
  }
  TcTextBuffer out = {0};
  rc = processInput(d, &out);
  if (rc == TC_EXIT_SUCCESS || d->opt->splitInput || d->opt->verifyDiagnostics) {
    int wrc = writeOutput(d->opt, &out);
    rc = rc ? rc : wrc;
  }
  free(out.data);
  // The manifest is written whatever the outcome: it shows how far a failed
  // run got.
  if (d->manifest && !tcManifestWrite(d->manifest, d->opt->manifestOut, err, sizeof err)) {
    int wrc = tcUsageError("tensor-opt", "%s", err);
    rc = rc ? rc : wrc;
  }
  return rc;
}

int main(int argc, char **argv) {
  tcRegisterTestFaultPasses(); // test/lib/Faults, as mlir-opt registers its test passes
  Options opt;
  int rc = parseArgs(argc, argv, &opt);
  TcHostTarget host; // the passes read it (lib/Host): refuse a bad TC_* variable before any runs
  char hostErr[256];
  if (!rc && !tcHostTargetResolve(&host, hostErr, sizeof hostErr))
    rc = tcUsageError("tensor-opt", "%s", hostErr);
  if (!rc && opt.listPasses) {
    tcPrintPassList(stdout);
    rc = -1;
  }
  if (rc) {
    for (int i = 0; i < opt.numPassFlags; ++i) // what parseArgs kept before it failed
      free(opt.passFlags[i]);
    return rc < 0 ? TC_EXIT_SUCCESS : rc;
  }
  mlirRegisterAllPasses();
  Driver d = {.opt = &opt};
  d.ctx = createContext(&opt);
  tcDecisionLogAttach(d.ctx);
  tcDiagnosticsAttach(&d.diags, d.ctx, false, stderr, NULL);
  char refuseErr[512];
  for (int i = 0; i < opt.numRefusals && !rc; ++i)
    if (!tcDecisionLogRefuse(d.ctx, opt.refusals[i], refuseErr, sizeof refuseErr))
      rc = tcUsageError("tensor-opt", "%s", refuseErr);
  if (!rc)
    rc = run(&d);
  char unused[1024];
  tcDecisionLogUnusedRefusals(d.ctx, unused, sizeof unused);
  if (unused[0] && rc != TC_EXIT_USAGE)
    fprintf(stderr, "tensor-opt: warning: --tc-refuse matched no decision: %s\n", unused);
  if (rc != TC_EXIT_SUCCESS && !opt.verifyDiagnostics && rc != TC_EXIT_USAGE)
    fprintf(stderr, "tensor-opt: %s: %s was not processed\n", tcExitCodePrefix((TcExitCode)rc),
            d.source.name ? d.source.name : opt.input);
  for (size_t i = 0; i < d.numSteps; ++i)
    if (d.passManagers && !mlirPassManagerIsNull(d.passManagers[i]))
      mlirPassManagerDestroy(d.passManagers[i]);
  free(d.passManagers);
  free(d.pipelineText);
  tcPipelineDestroy(d.steps, d.numSteps);
  tcContractDestroy(d.fileContract);
  tcManifestDestroy(d.manifest);
  tcDecisionLogDetach(d.ctx);
  for (int i = 0; i < opt.numPassFlags; ++i)
    free(opt.passFlags[i]);
  tcDiagnosticsDetach(&d.diags);
  tcSourceFileDestroy(&d.source);
  mlirContextDestroy(d.ctx);
  return rc;
}
