//===- CompileCommand.c - tensorc compile: program to gated, cached artifact ===//
//
// tensorc compile MODEL -o DIR [--contract FILE] [--seed N]... [--threads N,M]
//                 [--variants auto|full|reduced] [--time-budget S] [--compile-budget S]
//                 [--no-cache] [--quiet] [--require-stamp] [--tc-test-fault KIND]...
//                 [--grad [--wrt I,J] [--wrt-constants]]
//
// The stages, each announced on stderr (docs/tensorc.md):
//
// 1. read: an ONNX model is imported (lib/Import), MLIR text parsed;
// 2. check and stamp: tc-verify's rules, the contract (docs/contract.md §3),
//    the stamp checked against the recomputed hash (and the contract
//    against its stamp), or made by tc-stamp when the program has none
//    (refused with --require-stamp). The program compiled from here on is
//    its canonical form (SemanticHash.h) with its stamp and contract, so
//    nothing of its spelling reaches the outputs;
// 3. cache lookup, keyed on what can change the outputs or their verdict
//    (CompileKey.c, docs/cache.md §2), never a path, a time or the source
//    text. A hit is copied out after the cache verified every file and the
//    entry proved gated: its record says so and its conformance report is a
//    passing verdict on exactly its artifact by exactly this gate. A corrupt
//    entry is reported, evicted and rebuilt; one that cannot be served as
//    gated is rebuilt and replaced;
// 4. lower with the CPU pipeline, one pass at a time under the IR contract;
// 5. emit the shared library (its manifest embedded) and the C header;
// 6. gate: the program's variants are built (GateVariants.c), then
//    tensor-conform, a separate program that links none of this compiler,
//    judges the artifact against the reference evaluator and its variants
//    against it. The compiler never certifies its own output;
// 7. only then, and only if the gate's report binds to the artifact and the
//    gate: insert into the cache (as gated) and write DIR/<stem>.so, .h,
//    .manifest.json and .conformance.json. A rejected artifact is not
//    written; its conformance report is.
//
// This file holds the stages in order and the command line; the cache
// (stages 3 and 7) is CompileCache.c, the gate (stage 6) CompileGate.c, the
// key's layout and the verdict check CompileKey.c (Compile.h); the variants
// GateVariants.c, --compile-budget's deadline CompileBudget.c.
//
// Everything the outputs contain is a function of the cache key, so two
// compilations of the same program give the same bytes (test/tools/tensorc/
// reproducible.test): the manifest's invocation lists the options that
// matter, not the command line, and carries no timings.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Compile.h"
#include "CompileBudget.h"
#include "DriverCommands.h"
#include "GateVariants.h"

#include "tensorc/Dialects.h"
#include "tensorc/Environment.h"
#include "tensorc/HostTarget.h"
#include "tensorc/Manifest.h"
#include "tensorc/OutputFile.h"
#include "tensorc/Parse.h"
#include "tensorc/Passes.h"
#include "tensorc/Pipelines.h"
#include "tensorc/Target.h"
#include "tensorc/TestFaults.h"
#include "tensorc/TextBuffer.h"
#include "tensorc/Tool.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/RegisterEverything.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *kTool = "tensorc";

//===-- Progress and files ----------------------------------------------------===//

void compileStage(const Compile *c, int n, const char *fmt, ...) {
  tcBudgetStage(n);
  if (c->o->quiet)
    return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: [%d/%d %5.2fs] ", kTool, n, kStages, tcMonotonicSeconds() - c->start);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

void compileWorkPath(const Compile *c, const char *name, char *buf, size_t size) {
  snprintf(buf, size, "%s/%s", c->work, name);
}

static void outPath(const Compile *c, int file, char *buf, size_t size) {
  snprintf(buf, size, "%s/%s%s", c->o->outDir, c->stem, kFiles[file].suffix);
}

// Writes through lib/IO/OutputFile.c: atomically over a regular file,
// through a device or a symbolic link; `executable` for the shared library.
bool compileWriteBytes(const char *path, const void *data, size_t size, bool executable) {
  char err[512];
  return tcWriteFile(path, data, size, executable ? TC_OUTPUT_EXECUTABLE : 0, err, sizeof err);
}

static bool copyFile(const char *from, const char *to, bool executable) {
  TcSourceFile f;
  char err[512];
  if (!tcSourceFileRead(&f, from, err, sizeof err))
    return false;
  bool ok = compileWriteBytes(to, f.text, f.length, executable);
  tcSourceFileDestroy(&f);
  return ok;
}

static void removeWork(Compile *c) {
  if (!c->work[0])
    return;
  char path[4200];
  for (int i = 0; i < kNumFiles; ++i)
    compileWorkPath(c, kFiles[i].name, path, sizeof path), unlink(path);
  compileWorkPath(c, "program.mlir", path, sizeof path);
  unlink(path);
  compileWorkPath(c, "gate.txt", path, sizeof path);
  unlink(path);
  tcCompileVariantsRemove(c->work);
  rmdir(c->work);
}

//===-- 1-2: read, check, stamp ----------------------------------------------===//

static bool endsWith(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void makeStem(Compile *c) {
  const char *base = strrchr(c->o->model, '/');
  base = base ? base + 1 : c->o->model;
  snprintf(c->stem, sizeof c->stem, "%s", base);
  char *dot = strrchr(c->stem, '.');
  if (dot && dot != c->stem)
    *dot = '\0';
}

static int readProgram(Compile *c) {
  char err[512];
  if (endsWith(c->o->model, ".onnx")) {
#ifdef TC_HAVE_ONNX_IMPORT
    TcExitCode rc = tcOnnxImportFile(c->ctx, c->o->model, NULL, &c->import, stderr);
    c->module = c->import.module;
    return rc;
#else
    return tcUsageError(kTool, "this build has no ONNX importer (lib/Import)");
#endif
  }
  if (!tcSourceFileRead(&c->source, c->o->model, err, sizeof err))
    return tcUsageError(kTool, "%s", err);
  c->diags.source = &c->source;
  if (tcSourceIsBlank(c->source.text, c->source.length)) {
    fprintf(stderr, "%s:1:1: error: input holds no operations\n", c->source.name);
    return TC_EXIT_STRUCTURAL;
  }
  c->module = tcParseSourceModule(c->ctx, mlirStringRefCreate(c->source.text, c->source.length),
                                  mlirStringRefCreateFromCString(c->source.name));
  return mlirModuleIsNull(c->module) ? TC_EXIT_STRUCTURAL : TC_EXIT_SUCCESS;
}

static int loadContractFile(Compile *c) {
  if (!c->o->contractFile)
    return TC_EXIT_SUCCESS;
  TcSourceFile f;
  char err[512];
  if (!tcSourceFileRead(&f, c->o->contractFile, err, sizeof err))
    return tcUsageError(kTool, "%s", err);
  c->fileContract = tcContractParse(c->ctx, mlirStringRefCreate(f.text, f.length), f.name);
  tcSourceFileDestroy(&f);
  return c->fileContract ? TC_EXIT_SUCCESS
                         : tcUsageError(kTool, "invalid --contract file '%s'", c->o->contractFile);
}

// Runs `pipeline` one pass at a time; after `slowAfter` seconds each pass is
// announced, so a long compilation shows where it is.
static int runPipeline(Compile *c, MlirModule module, const char *pipeline, int stageNumber) {
  TcPipelineStep *steps = NULL;
  size_t numSteps = 0;
  char err[1024];
  if (!tcPipelineParse(pipeline, &steps, &numSteps, err, sizeof err))
    tcFatal("the driver's pipeline does not parse: %s", err);
  int rc = TC_EXIT_SUCCESS;
  double begin = tcMonotonicSeconds();
  TcIRHashCache *hashes = tcIRHashCacheCreate(); // resource blobs hashed once for all the steps
  for (size_t i = 0; i < numSteps && rc == TC_EXIT_SUCCESS; ++i) {
    MlirPassManager pm = tcPipelineStepBuild(c->ctx, &steps[i], err, sizeof err);
    if (mlirPassManagerIsNull(pm))
      tcFatal("the driver's pipeline step does not build: %s", err);
    TcPipelineRun run = {&steps[i], &pm, 1, false, &c->diags, c->contract.contract, NULL, hashes};
    tcContractActivate(c->ctx, c->contract.contract);
    rc = tcPipelineRun(&run, mlirModuleGetOperation(module));
    tcContractActivate(c->ctx, NULL);
    mlirPassManagerDestroy(pm);
    if (tcMonotonicSeconds() - begin > 2.0)
      compileStage(c, stageNumber, "  pass %zu/%zu done: %s", i + 1, numSteps, steps[i].passName);
    if (rc == TC_EXIT_SUCCESS && i + 1 < numSteps && tcBudgetExpired()) {
      fprintf(stderr, "%s: lowering ran past the compile budget of %g s (after pass %zu/%zu, %s)\n", kTool,
              tcBudgetSeconds(), i + 1, numSteps, steps[i].passName);
      rc = TC_EXIT_BUDGET;
    }
  }
  tcIRHashCacheDestroy(hashes);
  tcPipelineDestroy(steps, numSteps);
  return rc;
}

static bool readStamp(Compile *c) {
  MlirAttribute stamp = mlirOperationGetDiscardableAttributeByName(mlirModuleGetOperation(c->module),
                                                                   mlirStringRefCreateFromCString("tc.semantic_hash"));
  if (mlirAttributeIsNull(stamp) || !mlirAttributeIsAString(stamp))
    return false;
  MlirStringRef s = mlirStringAttrGetValue(stamp);
  snprintf(c->semanticHash, sizeof c->semanticHash, "%.*s", (int)s.length, s.data);
  return true;
}

// Copies the module attribute `name` of `from` onto `to`, if it has one.
static void copyAttr(MlirOperation from, MlirOperation to, const char *name) {
  MlirStringRef ref = mlirStringRefCreateFromCString(name);
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(from, ref);
  if (!mlirAttributeIsNull(a))
    mlirOperationSetDiscardableAttributeByName(to, ref, a);
}

// Replaces the module by its canonical form (tcPrintCanonicalForm: generic
// form, no locations, dense_resource as dense, no tc.* annotations) parsed
// back under the name "program.mlir", with the stamp and the declared
// contract put back. From here on everything (every location a manifest
// decision names, every IR hash its records hold, the artifact) is a
// function of what the program computes and its contract, not of the file
// it came from, its spelling, its resource keys or the manifest records it
// carried, which the key does not hold either (docs/cache.md §2).
static int canonicalize(Compile *c) {
  TcTextBuffer text = {0};
  MlirOperation op = mlirModuleGetOperation(c->module);
  if (mlirLogicalResultIsFailure(tcPrintCanonicalForm(op, tcTextBufferAppend, &text))) {
    free(text.data);
    return TC_EXIT_STRUCTURAL;
  }
  MlirModule canonical = tcParseSourceModule(c->ctx, mlirStringRefCreate(text.data, text.length),
                                             mlirStringRefCreateFromCString("program.mlir"));
  free(text.data);
  if (mlirModuleIsNull(canonical))
    tcFatal("the canonical form of the program does not parse back");
  static const char *const kKept[] = {TC_SEMANTIC_HASH_ATTR, TC_CONTRACT_ATTR, TC_CONTRACT_STAMP_ATTR};
  for (size_t i = 0; i < sizeof kKept / sizeof kKept[0]; ++i)
    copyAttr(op, mlirModuleGetOperation(canonical), kKept[i]);
  c->original = c->module;
  c->module = canonical;
  return TC_EXIT_SUCCESS;
}

// --require-stamp: only a producer's stamp is accepted.
static int refuseUnstamped(Compile *c) {
  tcEmitError(mlirOperationGetLocation(mlirModuleGetOperation(c->module)),
              "the program has no tc.semantic_hash and --require-stamp was given: stamp it where it is produced "
              "(tensor-opt --tc-stamp, the ONNX importer)");
  return TC_EXIT_DRIFT;
}

// A lowered module's stamp rests on its manifest records alone
// (docs/ir-contract.md §3.1); the driver compiles programs whose stamp it
// can recompute, and the gate recomputes it too.
static int refuseLowered(Compile *c) {
  tcEmitError(mlirOperationGetLocation(mlirModuleGetOperation(c->module)),
              "tensorc compile takes a program at the tc_tensor level: this module is lowered, so its stamp cannot "
              "be recomputed and only its manifest records vouch for it");
  return TC_EXIT_DRIFT;
}

// Whether the module defines a public function: an artifact needs an entry
// point, and a program without one is refused before it is compiled, with
// the class every tool gives it (docs/exit-codes.md).
static bool hasPublicFunction(MlirOperation module) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    bool isFunc = mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), mlirStringRefCreateFromCString("func.func"));
    bool isPublic = mlirAttributeIsNull(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_visibility")));
    if (isFunc && isPublic && !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
      return true; // a definition: declarations have no block
  }
  return false;
}

static int checkAndStamp(Compile *c) {
  MlirOperation op = mlirModuleGetOperation(c->module);
  if (mlirLogicalResultIsFailure(tcVerify(op)))
    return TC_EXIT_STRUCTURAL;
  if (!hasPublicFunction(op)) {
    tcEmitError(mlirOperationGetLocation(op), "the program has no public function: an artifact needs an entry point");
    return TC_EXIT_STRUCTURAL;
  }
  int rc = tcContractChoose(op, c->fileContract, &c->contract);
  if (rc == TC_EXIT_SUCCESS)
    rc = tcCheckInput(op, &c->custody);
  if (rc == TC_EXIT_SUCCESS && c->custody == TC_CUSTODY_RECORDS)
    rc = refuseLowered(c);
  if (rc == TC_EXIT_SUCCESS && c->custody == TC_CUSTODY_NONE && c->o->requireStamp)
    rc = refuseUnstamped(c);
  if (rc == TC_EXIT_SUCCESS)
    rc = canonicalize(c);
  if (rc == TC_EXIT_SUCCESS && c->custody == TC_CUSTODY_NONE) {
    rc = runPipeline(c, c->module, "tc-stamp", 2);
    c->custody = TC_CUSTODY_DRIVER;
  }
  if (rc == TC_EXIT_SUCCESS && !readStamp(c))
    tcFatal("tc-stamp left no tc.semantic_hash");
  return rc;
}

// The stamped program, as the gate reads it.
static int writeProgram(Compile *c) {
  TcTextBuffer text = {0};
  char path[4200];
  mlirOperationPrint(mlirModuleGetOperation(c->module), tcTextBufferAppend, &text);
  compileWorkPath(c, "program.mlir", path, sizeof path);
  bool ok = compileWriteBytes(path, text.data ? text.data : "", text.length, false);
  free(text.data);
  return ok ? TC_EXIT_SUCCESS : tcUsageError(kTool, "cannot write '%s'", path);
}

//===-- 4-5: lower and emit ---------------------------------------------------===//

// The manifest the artifact embeds and DIR/<stem>.manifest.json holds. Its
// invocation is the key's options, not the command line: no paths.
static TcManifest *createManifest(Compile *c) {
  char contractArg[4200], seeds[512] = "";
  snprintf(contractArg, sizeof contractArg, "--contract-hash=%s",
           tcFormatHash(tcContractGetHash(c->contract.contract), (char[TC_HASH_TEXT_SIZE]){0}));
  for (int i = 0; i < c->o->numSeeds; ++i)
    snprintf(seeds + strlen(seeds), sizeof seeds - strlen(seeds), "%s%s", i ? "," : "--seeds=", c->o->seeds[i]);
  char *args[4 + kMaxList];
  int n = 0;
  args[n++] = "compile";
  args[n++] = contractArg;
  if (seeds[0])
    args[n++] = seeds;
  for (int i = 0; i < c->o->numFaults; ++i) {
    args[n] = malloc(strlen(c->o->faults[i]) + 20);
    sprintf(args[n++], "--tc-test-fault=%s", c->o->faults[i]);
  }
  TcManifest *m = tcManifestCreateWithToolchain(kTool, n, args, c->pipeline, c->toolchain);
  char hash[TC_HASH_TEXT_SIZE];
  const TcContract *k = c->contract.contract;
  tcManifestAddModule(m, &(TcManifestModule){mlirModuleGetOperation(c->module), "success", tcContractGetName(k),
                                             tcFormatHash(tcContractGetHash(k), hash), c->contract.source,
                                             tcCustodyGetName(c->custody)});
  for (int i = n - c->o->numFaults; i < n; ++i)
    free(args[i]);
  return m;
}

// The emitter completes the manifest with its emission record before it
// embeds it; the file written beside the artifact is that same document.
static int emit(Compile *c) {
  TcManifest *m = createManifest(c);
  char guard[64], path[4200];
  snprintf(guard, sizeof guard, "tensorc_%.16s.h", c->semanticHash + strlen("xxh3-128:"));
  TcEmitOptions so = {TC_EMIT_SHARED, m, NULL}, ho = {TC_EMIT_HEADER, NULL, guard};
  TcTextBuffer lib = {0}, header = {0};
  MlirOperation op = mlirModuleGetOperation(c->module);
  int rc = mlirLogicalResultIsSuccess(tcTargetEmit(op, &so, &lib)) &&
                   mlirLogicalResultIsSuccess(tcTargetEmit(op, &ho, &header))
               ? TC_EXIT_SUCCESS
               : TC_EXIT_COMPILE;
  char *manifest = tcManifestToString(m);
  tcManifestDestroy(m);
  const void *data[] = {lib.data, header.data, manifest};
  size_t size[] = {lib.length, header.length, strlen(manifest)};
  for (int i = 0; rc == TC_EXIT_SUCCESS && i < 3; ++i) {
    compileWorkPath(c, kFiles[i].name, path, sizeof path);
    if (!compileWriteBytes(path, data[i] ? data[i] : "", size[i], i == 0))
      rc = tcUsageError(kTool, "cannot write '%s'", path);
  }
  free(lib.data);
  free(header.data);
  free(manifest);
  return rc;
}

//===-- 7: cache and outputs --------------------------------------------------===//

static int writeOutputs(Compile *c, bool gatePassed) {
  char from[4200], to[4200];
  for (int i = gatePassed ? 0 : kNumFiles - 1; i < kNumFiles; ++i) {
    compileWorkPath(c, kFiles[i].name, from, sizeof from);
    outPath(c, i, to, sizeof to);
    if (!copyFile(from, to, i == 0))
      return tcUsageError(kTool, "cannot write '%s'", to);
  }
  return TC_EXIT_SUCCESS;
}

//===-- The command -----------------------------------------------------------===//

// Lowers the canonical program. Its locations point into a text the user
// never saw, so its diagnostics are held back; if lowering fails, the same
// pipeline runs again on the program as read, whose diagnostics point into
// the user's file.
static int lower(Compile *c) {
  c->diags.capture = true;
  tcDiagnosticsClear(&c->diags);
  int rc = runPipeline(c, c->module, c->pipeline, 4);
  c->diags.capture = false;
  if (rc == TC_EXIT_SUCCESS || rc == TC_EXIT_BUDGET)
    return rc;
  size_t held = c->diags.count;
  TcDiagRecord *records = c->diags.records;
  c->diags.records = NULL;
  c->diags.count = c->diags.capacity = 0;
  int replay = runPipeline(c, c->original, c->pipeline, 4);
  if (replay != rc) // should not happen: show what the canonical run said
    for (size_t i = 0; i < held; ++i)
      tcDiagnosticPrint(stderr, &records[i], NULL);
  for (size_t i = 0; i < held; ++i) {
    free(records[i].file);
    free(records[i].message);
  }
  free(records);
  return rc;
}

static int build(Compile *c, TcCache *cache) {
  int rc;
  c->matrix = tcCompileResolveMatrix(c->o->matrix, mlirModuleGetOperation(c->module));
  compileStage(c, 4, "lowering with the CPU pipeline");
  if ((rc = lower(c)) != TC_EXIT_SUCCESS)
    return rc;
  compileStage(c, 5, "emitting the shared library and the header");
  if ((rc = emit(c)) != TC_EXIT_SUCCESS)
    return rc;
  compileStage(c, 6, "gating: tensor-conform judges the artifact against the reference evaluator");
  int gate = compileRunGate(c);
  char report[4200];
  compileWorkPath(c, kFiles[kNumFiles - 1].name, report, sizeof report);
  if (gate != TC_EXIT_SUCCESS && (gate == TC_EXIT_BUDGET || access(report, F_OK) != 0))
    return gate; // the gate did not judge (a variant did not build, the budget ran out): nothing to write
  if (gate != TC_EXIT_SUCCESS) {
    writeOutputs(c, false);
    fprintf(stderr, "%s: the gate rejected the artifact (%s): only %s/%s%s was written\n", kTool,
            tcExitCodePrefix((TcExitCode)gate), c->o->outDir, c->stem, kFiles[kNumFiles - 1].suffix);
    return gate;
  }
  char why[512];
  if (!compileVerdictBinds(c, why, sizeof why)) {
    writeOutputs(c, false);
    fprintf(stderr, "%s: the gate passed the artifact, but its report is no verdict on it: %s (is %s the real "
                    "tensor-conform?)\n", kTool, why, c->gate);
    return TC_EXIT_INTERNAL;
  }
  if (cache)
    compileInsert(c, cache);
  return writeOutputs(c, true);
}

static int compile(Compile *c) {
  int rc;
  compileStage(c, 1, "reading %s", c->o->model);
  if ((rc = loadContractFile(c)) != TC_EXIT_SUCCESS || (rc = readProgram(c)) != TC_EXIT_SUCCESS)
    return rc;
  if ((rc = checkAndStamp(c)) != TC_EXIT_SUCCESS)
    return rc;
  compileStage(c, 2, "program %s, contract '%s'", c->semanticHash, tcContractGetName(c->contract.contract));
  char *cpu = tcCreateCpuPipelineTextWithFaults(NULL, c->o->faults, c->o->numFaults);
  c->pipeline = tcDriverGradPipeline(cpu, &c->o->grad);
  free(cpu);
  c->toolchain = tcToolchainInfo();
  compileFindGate(c);
  c->material = compileKeyMaterial(c);
  if (!c->material && !c->o->noCache)
    fprintf(stderr, "%s: warning: cannot identify the compiler (/proc/self/exe) or the gate (tensor-conform beside "
                    "it) by their bytes; building without the cache\n", kTool);
  char *message = NULL;
  bool useCache = !c->o->noCache && c->material;
  TcCache *cache = useCache ? tcCacheOpen(NULL, &message) : NULL;
  if (useCache && !cache)
    fprintf(stderr, "%s: warning: no cache (%s); building without it\n", kTool, message);
  free(message);
  TcCacheKey key;
  if (mkdir(c->o->outDir, 0777) != 0 && errno != EEXIST)
    rc = tcUsageError(kTool, "cannot create '%s': %s", c->o->outDir, strerror(errno));
  else if (cache && compileLookup(c, cache, &key) == TC_CACHE_HIT && (rc = writeOutputs(c, true)) == TC_EXIT_SUCCESS)
    compileStage(c, 3, "cache hit: %s; wrote %s/%s.{so,h,manifest.json,conformance.json}", key.hex, c->o->outDir, c->stem);
  else if (rc != TC_EXIT_SUCCESS)
    ;
  else if (compileStage(c, 3, "cache %s", cache ? "miss" : "not used"), (rc = writeProgram(c)) == TC_EXIT_SUCCESS)
    rc = build(c, cache);
  if (rc == TC_EXIT_SUCCESS && !c->o->quiet)
    fprintf(stderr, "%s: wrote %s/%s.so (artifact), .h (header), .manifest.json, .conformance.json\n", kTool,
            c->o->outDir, c->stem);
  tcCacheClose(cache);
  return rc;
}

static int parseCompileArgs(int argc, char **argv, CompileOptions *o) {
  memset(o, 0, sizeof *o);
  for (int i = 1; i < argc; ++i) {
    const char *v;
    int rc;
    if (tcDriverParseGradFlag(argc, argv, &i, &o->grad, &rc)) {
      if (rc)
        return rc;
    } else if (argv[i][0] != '-') {
      if (o->model)
        return tcUsageError(kTool, "compile takes one model, got '%s' and '%s'", o->model, argv[i]);
      o->model = argv[i];
    } else if (tcMatchFlag(argc, argv, &i, "o", &v)) {
      o->outDir = v;
    } else if (tcMatchFlag(argc, argv, &i, "contract", &v)) {
      o->contractFile = v;
    } else if (tcMatchFlag(argc, argv, &i, "threads", &v)) {
      o->threads = v;
    } else if (tcMatchFlag(argc, argv, &i, "variants", &v)) {
      if (!tcCompileParseMatrix(v, &o->matrix))
        return tcUsageError(kTool, "--variants takes auto, full or reduced, got '%s'", v);
      o->variants = v;
    } else if (tcMatchFlag(argc, argv, &i, "time-budget", &v)) {
      o->timeBudget = v;
    } else if (tcMatchFlag(argc, argv, &i, "compile-budget", &v)) {
      char *end;
      o->compileBudget = strtod(v, &end);
      if (*end || end == v || !(o->compileBudget > 0) || o->compileBudget > 1e7)
        return tcUsageError(kTool, "--compile-budget takes a number of seconds > 0, got '%s'", v);
    } else if (tcMatchFlag(argc, argv, &i, "seed", &v) && o->numSeeds < kMaxList) {
      o->seeds[o->numSeeds++] = v;
    } else if (tcMatchFlag(argc, argv, &i, "tc-test-fault", &v) && o->numFaults < kMaxList) {
      if (!tcTestFaultPassFind(v))
        return tcUsageError(kTool, "unknown --tc-test-fault kind '%s' (see tensor-opt --help)", v);
      o->faults[o->numFaults++] = v;
    } else if (tcMatchFlag(argc, argv, &i, "no-cache", NULL)) {
      o->noCache = true;
    } else if (tcMatchFlag(argc, argv, &i, "quiet", NULL)) {
      o->quiet = true;
    } else if (tcMatchFlag(argc, argv, &i, "require-stamp", NULL)) {
      o->requireStamp = true;
    } else {
      return tcUsageError(kTool, "unknown option '%s' for compile", argv[i]);
    }
  }
  if (!o->model)
    return tcUsageError(kTool, "compile needs a model (a .mlir program or an .onnx model)");
  if (!o->outDir)
    return tcUsageError(kTool, "compile needs an output directory: -o DIR");
  if (tcDriverCheckGradOptions(&o->grad) != TC_EXIT_SUCCESS)
    return TC_EXIT_USAGE;
  if (!o->numSeeds) {
    o->seeds[o->numSeeds++] = "1";
    o->seeds[o->numSeeds++] = "2";
  }
  // By default the gate runs the artifact on one thread on every input set,
  // and on every core, beside its variants, on the first (GateVariants.c).
  if (!o->variants)
    o->variants = "auto";
  return TC_EXIT_SUCCESS;
}

// --compile-budget: the watchdog removes what the work directory may hold.
static void armBudget(Compile *c) {
  const char *files[kNumFiles + 3 + TC_COMPILE_MAX_WORK_FILES];
  int n = 0;
  for (int i = 0; i < kNumFiles; ++i)
    files[n++] = kFiles[i].name;
  files[n++] = "program.mlir", files[n++] = "gate.txt";
  n += tcCompileVariantsWorkFiles(files + n, TC_COMPILE_MAX_WORK_FILES);
  tcBudgetArm(c->o->compileBudget, c->o->model, c->work, files, n);
}

int tcDriverCompileCommand(int argc, char **argv) {
  CompileOptions o;
  int rc = parseCompileArgs(argc, argv, &o);
  if (rc)
    return rc;
  TcHostTarget host; // the passes and the emitter read it (lib/Host): refuse a bad TC_* variable first
  char hostErr[256];
  if (!tcHostTargetResolve(&host, hostErr, sizeof hostErr))
    return tcUsageError(kTool, "%s", hostErr);
  mlirRegisterAllPasses();
  Compile c = {.o = &o, .start = tcMonotonicSeconds()};
  makeStem(&c);
  c.ctx = tcToolContextCreate();
  tcTargetRegisterTranslations(c.ctx);
  tcDecisionLogAttach(c.ctx);
  tcDiagnosticsAttach(&c.diags, c.ctx, false, stderr, NULL);
  const char *tmp = tcEnvGet("TMPDIR");
  snprintf(c.work, sizeof c.work, "%s/tensorc.XXXXXX", tmp ? tmp : "/tmp");
  if (mlirLogicalResultIsFailure(tcRegisterDialects(c.ctx)))
    rc = TC_EXIT_INTERNAL;
  else if (!mkdtemp(c.work))
    rc = tcUsageError(kTool, "cannot create a work directory '%s': %s", c.work, (c.work[0] = 0, strerror(errno)));
  else
    rc = (armBudget(&c), compile(&c));
  if (rc != TC_EXIT_SUCCESS && rc != TC_EXIT_USAGE)
    fprintf(stderr, "%s: %s: %s was not compiled\n", kTool, tcExitCodePrefix((TcExitCode)rc), o.model);
  removeWork(&c);
  json_decref(c.material);
  json_decref(c.toolchain);
  free(c.pipeline);
  tcContractChoiceRelease(&c.contract);
  tcContractDestroy(c.fileContract);
  if (!mlirModuleIsNull(c.original) && !mlirModuleIsNull(c.module))
    mlirModuleDestroy(c.module); // the canonical copy; the original is freed below
  else if (!mlirModuleIsNull(c.module))
    c.original = c.module;
#ifdef TC_HAVE_ONNX_IMPORT
  if (c.import.module.ptr)
    tcOnnxImportDestroy(&c.import);
  else
#endif
  if (!mlirModuleIsNull(c.original))
    mlirModuleDestroy(c.original);
  tcSourceFileDestroy(&c.source);
  tcDecisionLogDetach(c.ctx);
  tcDiagnosticsDetach(&c.diags);
  mlirContextDestroy(c.ctx);
  return rc;
}
