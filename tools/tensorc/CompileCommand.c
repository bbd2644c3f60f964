//===- CompileCommand.c - tensorc compile: program to gated, cached artifact ===//
//
// tensorc compile MODEL -o DIR [--contract FILE] [--seed N]... [--threads N,M]
//                 [--no-cache] [--quiet] [--tc-test-fault KIND]...
//
// The stages, each announced on stderr (docs/tensorc.md):
//
// 1. read: an ONNX model is imported (lib/Import), MLIR text parsed;
// 2. check and stamp: tc-verify's rules, the contract (docs/contract.md §3),
//    the stamp checked, or made by tc-stamp when the program has none;
// 3. cache lookup, keyed on what determines the artifact (docs/cache.md §2):
//    the semantic hash, the contract hash, the pipeline and options, the
//    toolchain and the host, never a path, a time or the source text. A hit
//    is copied out after the cache verified every file; a corrupt entry is
//    reported, evicted and rebuilt;
// 4. lower with the CPU pipeline, one pass at a time under the IR contract;
// 5. emit the shared library (its manifest embedded) and the C header;
// 6. gate: tensor-conform, a separate program that links none of this
//    compiler, judges the artifact against the reference evaluator. The
//    compiler never certifies its own output;
// 7. only then: insert into the cache and write DIR/<stem>.so, .h,
//    .manifest.json and .conformance.json. A rejected artifact is not
//    written; its conformance report is.
//
// Everything the outputs contain is a function of the cache key, so two
// compilations of the same program give the same bytes (test/tools/tensorc/
// reproducible.test): the manifest's invocation lists the options that
// matter, not the command line, and carries no timings.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "DriverCommands.h"

#include "tensorc/Cache.h"
#include "tensorc/Dialects.h"
#include "tensorc/Driver.h"
#include "tensorc/Environment.h"
#include "tensorc/HostTarget.h"
#ifdef TC_HAVE_ONNX_IMPORT
#include "tensorc/Import.h"
#else
typedef struct TcOnnxImport {
  MlirModule module;
} TcOnnxImport;
#endif
#include "tensorc/OutputFile.h"
#include "tensorc/Parse.h"
#include "tensorc/Passes.h"
#include "tensorc/Pipelines.h"
#include "tensorc/Target.h"
#include "tensorc/TestFaults.h"
#include "tensorc/TextBuffer.h"

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
#include <time.h>
#include <unistd.h>

static const char *kTool = "tensorc";

enum { kMaxList = 32, kStages = 7 };

typedef struct CompileOptions {
  const char *model, *outDir, *contractFile;
  const char *seeds[kMaxList], *faults[kMaxList];
  int numSeeds, numFaults;
  const char *threads, *timeBudget;
  char defaultThreads[32];
  bool noCache, quiet;
} CompileOptions;

typedef struct Compile {
  const CompileOptions *o;
  MlirContext ctx;
  TcDiagnostics diags;
  TcSourceFile source;
  TcOnnxImport import;
  MlirModule module;   ///< the program being compiled (canonical after stage 2)
  MlirModule original; ///< as read, kept to report diagnostics at the user's locations
  TcContract *fileContract;
  TcContractChoice contract;
  char stem[256], work[4096], semanticHash[TC_HASH_TEXT_SIZE];
  char *pipeline;
  json_t *material;
  double start;
} Compile;

// The entry's files: cache name, and the suffix of DIR/<stem><suffix>.
static const struct {
  const char *name, *suffix;
} kFiles[] = {
    {"artifact.so", ".so"},
    {"header.h", ".h"},
    {"manifest.json", ".manifest.json"},
    {"conformance.json", ".conformance.json"},
};
enum { kNumFiles = sizeof kFiles / sizeof kFiles[0] };

//===-- Progress and files ----------------------------------------------------===//

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

__attribute__((format(printf, 3, 4))) static void stage(const Compile *c, int n, const char *fmt, ...) {
  if (c->o->quiet)
    return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: [%d/%d %5.2fs] ", kTool, n, kStages, now() - c->start);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static void workPath(const Compile *c, const char *name, char *buf, size_t size) {
  snprintf(buf, size, "%s/%s", c->work, name);
}

static void outPath(const Compile *c, int file, char *buf, size_t size) {
  snprintf(buf, size, "%s/%s%s", c->o->outDir, c->stem, kFiles[file].suffix);
}

// Writes through lib/IO/OutputFile.c: atomically over a regular file,
// through a device or a symbolic link; `executable` for the shared library.
static bool writeBytes(const char *path, const void *data, size_t size, bool executable) {
  char err[512];
  return tcWriteFile(path, data, size, executable ? TC_OUTPUT_EXECUTABLE : 0, err, sizeof err);
}

static bool copyFile(const char *from, const char *to, bool executable) {
  TcSourceFile f;
  char err[512];
  if (!tcSourceFileRead(&f, from, err, sizeof err))
    return false;
  bool ok = writeBytes(to, f.text, f.length, executable);
  tcSourceFileDestroy(&f);
  return ok;
}

static void removeWork(Compile *c) {
  if (!c->work[0])
    return;
  char path[4200];
  for (int i = 0; i < kNumFiles; ++i)
    workPath(c, kFiles[i].name, path, sizeof path), unlink(path);
  workPath(c, "program.mlir", path, sizeof path);
  unlink(path);
  workPath(c, "gate.txt", path, sizeof path);
  unlink(path);
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
  double begin = now();
  for (size_t i = 0; i < numSteps && rc == TC_EXIT_SUCCESS; ++i) {
    MlirPassManager pm = tcPipelineStepBuild(c->ctx, &steps[i], err, sizeof err);
    if (mlirPassManagerIsNull(pm))
      tcFatal("the driver's pipeline step does not build: %s", err);
    TcPipelineRun run = {&steps[i], &pm, 1, false, &c->diags, c->contract.contract, NULL};
    tcContractActivate(c->ctx, c->contract.contract);
    rc = tcPipelineRun(&run, mlirModuleGetOperation(module));
    tcContractActivate(c->ctx, NULL);
    mlirPassManagerDestroy(pm);
    if (now() - begin > 2.0)
      stage(c, stageNumber, "  pass %zu/%zu done: %s", i + 1, numSteps, steps[i].passName);
  }
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

// Replaces the module by its printed form parsed back under the name
// "program.mlir": from here on every location (and so every manifest
// decision's subject) points into that text, which depends on the program,
// not on the file it came from, its path, spacing or comments.
static void canonicalize(Compile *c) {
  TcTextBuffer text = {0};
  mlirOperationPrint(mlirModuleGetOperation(c->module), tcTextBufferAppend, &text);
  MlirModule canonical = tcParseSourceModule(c->ctx, mlirStringRefCreate(text.data, text.length),
                                             mlirStringRefCreateFromCString("program.mlir"));
  if (mlirModuleIsNull(canonical))
    tcFatal("the printed program does not parse back");
  c->original = c->module;
  c->module = canonical;
  free(text.data);
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
    rc = tcCheckInput(op);
  if (rc == TC_EXIT_SUCCESS)
    canonicalize(c);
  if (rc == TC_EXIT_SUCCESS && !readStamp(c))
    rc = runPipeline(c, c->module, "tc-stamp", 2);
  if (rc == TC_EXIT_SUCCESS && !readStamp(c))
    tcFatal("tc-stamp left no tc.semantic_hash");
  return rc;
}

// The stamped program, as the gate reads it.
static int writeProgram(Compile *c) {
  TcTextBuffer text = {0};
  char path[4200];
  mlirOperationPrint(mlirModuleGetOperation(c->module), tcTextBufferAppend, &text);
  workPath(c, "program.mlir", path, sizeof path);
  bool ok = writeBytes(path, text.data ? text.data : "", text.length, false);
  free(text.data);
  return ok ? TC_EXIT_SUCCESS : tcUsageError(kTool, "cannot write '%s'", path);
}

//===-- 3: the cache key ------------------------------------------------------===//

static json_t *stringList(const char *const *items, int n) {
  json_t *a = json_array();
  for (int i = 0; i < n; ++i)
    json_array_append_new(a, json_string(items[i]));
  return a;
}

// The hash of the module's manifest records (its history, which the
// outputs' manifest carries on), or "none".
static void recordsHash(Compile *c, char *buf) {
  MlirAttribute records;
  TcTextBuffer text = {0};
  if (mlirLogicalResultIsFailure(tcManifestGetRecordsAttr(mlirModuleGetOperation(c->module), &records)) ||
      mlirAttributeIsNull(records)) {
    strcpy(buf, "none");
    return;
  }
  mlirAttributePrint(records, tcTextBufferAppend, &text);
  tcFormatHash(tcHashBytes(text.data, text.length), buf);
  free(text.data);
}

// The hash of this executable's bytes, the compiler that builds the
// outputs (its passes, target code and embedded BLIS shim are linked in):
// false if it cannot be read. The revision in the toolchain is read when
// the build is configured, so an incremental build after new commits or
// local edits keeps a stale one; the bytes never are (docs/cache.md §2).
static bool executableHash(char *buf) {
  FILE *f = fopen("/proc/self/exe", "rb");
  if (!f)
    return false;
  size_t size = 0, cap = 1 << 20;
  char *data = malloc(cap);
  for (size_t got; data && (got = fread(data + size, 1, cap - size, f)) > 0;) {
    size += got;
    if (size == cap) {
      char *grown = realloc(data, cap *= 2);
      if (!grown)
        free(data);
      data = grown;
    }
  }
  bool ok = data && !ferror(f) && size > 0;
  fclose(f);
  if (ok)
    tcFormatHash(tcHashBytes(data, size), buf);
  free(data);
  return ok;
}

// What determines the outputs' bytes, and nothing else (docs/cache.md §2);
// NULL if the compiler's own identity cannot be established (no caching).
static json_t *keyMaterial(Compile *c) {
  char contractHash[TC_HASH_TEXT_SIZE], records[TC_HASH_TEXT_SIZE], self[TC_HASH_TEXT_SIZE];
  if (!executableHash(self))
    return NULL;
  tcFormatHash(tcContractGetHash(c->contract.contract), contractHash);
  recordsHash(c, records);
  json_t *options = json_pack("{s:o, s:o, s:s, s:s}", "seeds", stringList(c->o->seeds, c->o->numSeeds),
                              "test_faults", stringList(c->o->faults, c->o->numFaults), "threads",
                              c->o->threads, "time_budget",
                              c->o->timeBudget ? c->o->timeBudget : "");
  return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:o, s:o}", "format", "tensorc-cache-key/1", "semantic_hash",
                   c->semanticHash, "records", records, "contract", contractHash, "pipeline", c->pipeline,
                   "compiler", self, "options", options, "toolchain", tcToolchainInfo());
}

// HIT: the outputs are in place. Anything else: build.
static TcCacheStatus lookup(Compile *c, TcCache *cache, TcCacheKey *key) {
  char *message = NULL, paths[kNumFiles][4200];
  TcCacheFile files[kNumFiles];
  if (!tcCacheKeyFromMaterial(c->material, key, &message)) {
    fprintf(stderr, "%s: warning: no cache key: %s\n", kTool, message);
    free(message);
    return TC_CACHE_ERROR;
  }
  for (int i = 0; i < kNumFiles; ++i) {
    outPath(c, i, paths[i], sizeof paths[i]);
    files[i] = (TcCacheFile){.name = kFiles[i].name, .path = paths[i], .mode = i == 0 ? 0777 : 0666};
  }
  TcCacheStatus status = tcCacheLookup(cache, key, files, kNumFiles, &message);
  if (status == TC_CACHE_CORRUPT)
    fprintf(stderr, "%s: warning: cache entry %s was corrupt and has been evicted (%s); rebuilding\n", kTool,
            key->hex, message);
  else if (status == TC_CACHE_ERROR)
    fprintf(stderr, "%s: warning: cache lookup failed (%s); building without it\n", kTool, message);
  free(message);
  return status;
}

//===-- 4-5: lower and emit ---------------------------------------------------===//

// The manifest the artifact embeds and DIR/<stem>.manifest.json holds. Its
// invocation is the key's options, not the command line: no paths.
static char *manifestJson(Compile *c) {
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
  TcManifest *m = tcManifestCreate(kTool, n, args, c->pipeline);
  char hash[TC_HASH_TEXT_SIZE];
  const TcContract *k = c->contract.contract;
  tcManifestAddModule(m, &(TcManifestModule){mlirModuleGetOperation(c->module), "success", tcContractGetName(k),
                                             tcFormatHash(tcContractGetHash(k), hash), c->contract.source});
  char *json = tcManifestToString(m);
  tcManifestDestroy(m);
  for (int i = n - c->o->numFaults; i < n; ++i)
    free(args[i]);
  return json;
}

static int emit(Compile *c) {
  char *manifest = manifestJson(c), guard[64], path[4200];
  snprintf(guard, sizeof guard, "tensorc_%.16s.h", c->semanticHash + strlen("xxh3-128:"));
  TcEmitOptions so = {TC_EMIT_SHARED, manifest, NULL}, ho = {TC_EMIT_HEADER, NULL, guard};
  TcTextBuffer lib = {0}, header = {0};
  MlirOperation op = mlirModuleGetOperation(c->module);
  int rc = mlirLogicalResultIsSuccess(tcTargetEmit(op, &so, &lib)) &&
                   mlirLogicalResultIsSuccess(tcTargetEmit(op, &ho, &header))
               ? TC_EXIT_SUCCESS
               : TC_EXIT_COMPILE;
  const void *data[] = {lib.data, header.data, manifest};
  size_t size[] = {lib.length, header.length, strlen(manifest)};
  for (int i = 0; rc == TC_EXIT_SUCCESS && i < 3; ++i) {
    workPath(c, kFiles[i].name, path, sizeof path);
    if (!writeBytes(path, data[i] ? data[i] : "", size[i], i == 0))
      rc = tcUsageError(kTool, "cannot write '%s'", path);
  }
  free(lib.data);
  free(header.data);
  free(manifest);
  return rc;
}

//===-- 6: the gate -----------------------------------------------------------===//

// tensor-conform lives beside tensorc (both are installed to the same bin/).
static bool gatePath(char *buf, size_t size) {
  ssize_t n = readlink("/proc/self/exe", buf, size - 32);
  if (n <= 0)
    return false;
  buf[n] = '\0';
  char *slash = strrchr(buf, '/');
  strcpy(slash ? slash + 1 : buf, "tensor-conform");
  return access(buf, X_OK) == 0;
}

static int runGate(Compile *c) {
  char gate[4200], program[4200], artifact[4200], report[4200];
  if (!gatePath(gate, sizeof gate)) {
    fprintf(stderr, "%s: cannot find tensor-conform beside tensorc: the artifact cannot be gated\n", kTool);
    return TC_EXIT_INTERNAL;
  }
  workPath(c, "program.mlir", program, sizeof program);
  workPath(c, kFiles[0].name, artifact, sizeof artifact);
  workPath(c, kFiles[3].name, report, sizeof report);
  char *argv[16 + 2 * kMaxList];
  int n = 0;
  argv[n++] = gate;
  argv[n++] = program;
  argv[n++] = "--artifact", argv[n++] = artifact;
  argv[n++] = "--report", argv[n++] = report;
  argv[n++] = "--quiet";
  // A --contract file is not written into the program: the gate must be
  // given it, or it would judge under the default contract.
  if (c->o->contractFile && strcmp(c->contract.source, "file") == 0)
    argv[n++] = "--contract", argv[n++] = (char *)c->o->contractFile;
  for (int i = 0; i < c->o->numSeeds; ++i)
    argv[n++] = "--seed", argv[n++] = (char *)c->o->seeds[i];
  argv[n++] = "--threads", argv[n++] = (char *)c->o->threads;
  if (c->o->timeBudget)
    argv[n++] = "--time-budget", argv[n++] = (char *)c->o->timeBudget;
  argv[n] = NULL;
  char summary[4200];
  workPath(c, "gate.txt", summary, sizeof summary);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    if (!freopen(summary, "w", stdout))
      _exit(TC_EXIT_INTERNAL);
    execv(gate, argv);
    _exit(TC_EXIT_INTERNAL);
  }
  int status = 0;
  while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
    continue;
  if (pid < 0 || !WIFEXITED(status)) {
    fprintf(stderr, "%s: the gate did not finish (%s)\n", kTool, pid < 0 ? strerror(errno) : "killed");
    return TC_EXIT_INTERNAL;
  }
  // The gate's verdict and worst finding: always when it failed.
  TcSourceFile text;
  char err[512];
  if ((!c->o->quiet || WEXITSTATUS(status) != TC_EXIT_SUCCESS) && tcSourceFileRead(&text, summary, err, sizeof err)) {
    fwrite(text.text, 1, text.length, stdout);
    fflush(stdout); // before the progress lines that follow on stderr
    tcSourceFileDestroy(&text);
  }
  return WEXITSTATUS(status);
}

//===-- 7: cache and outputs --------------------------------------------------===//

static void insert(Compile *c, TcCache *cache) {
  char paths[kNumFiles][4200], *message = NULL;
  TcCacheFile files[kNumFiles];
  for (int i = 0; i < kNumFiles; ++i) {
    workPath(c, kFiles[i].name, paths[i], sizeof paths[i]);
    files[i] = (TcCacheFile){.name = kFiles[i].name, .path = paths[i]};
  }
  TcCacheKey key;
  TcCacheInsertOutcome outcome;
  if (!tcCacheInsert(cache, c->material, files, kNumFiles, &key, &outcome, &message))
    fprintf(stderr, "%s: warning: not cached: %s\n", kTool, message);
  else if (outcome == TC_CACHE_REPLACED)
    fprintf(stderr, "%s: warning: replaced a corrupt cache entry %s (%s)\n", kTool, key.hex, message);
  else
    stage(c, 7, "cached as %s%s", key.hex, outcome == TC_CACHE_KEPT_EXISTING ? " (an equal entry was already there)" : "");
  free(message);
}

static int writeOutputs(Compile *c, bool gatePassed) {
  char from[4200], to[4200];
  for (int i = gatePassed ? 0 : kNumFiles - 1; i < kNumFiles; ++i) {
    workPath(c, kFiles[i].name, from, sizeof from);
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
  if (rc == TC_EXIT_SUCCESS)
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
  stage(c, 4, "lowering with the CPU pipeline");
  if ((rc = lower(c)) != TC_EXIT_SUCCESS)
    return rc;
  stage(c, 5, "emitting the shared library and the header");
  if ((rc = emit(c)) != TC_EXIT_SUCCESS)
    return rc;
  stage(c, 6, "gating: tensor-conform judges the artifact against the reference evaluator");
  int gate = runGate(c);
  if (gate != TC_EXIT_SUCCESS) {
    writeOutputs(c, false);
    fprintf(stderr, "%s: the gate rejected the artifact (%s): only %s/%s%s was written\n", kTool,
            tcExitCodePrefix((TcExitCode)gate), c->o->outDir, c->stem, kFiles[kNumFiles - 1].suffix);
    return gate;
  }
  if (cache)
    insert(c, cache);
  return writeOutputs(c, true);
}

static int compile(Compile *c) {
  int rc;
  stage(c, 1, "reading %s", c->o->model);
  if ((rc = loadContractFile(c)) != TC_EXIT_SUCCESS || (rc = readProgram(c)) != TC_EXIT_SUCCESS)
    return rc;
  if ((rc = checkAndStamp(c)) != TC_EXIT_SUCCESS)
    return rc;
  stage(c, 2, "program %s, contract '%s'", c->semanticHash, tcContractGetName(c->contract.contract));
  c->pipeline = tcCreateCpuPipelineText(NULL);
  c->material = keyMaterial(c);
  if (!c->material && !c->o->noCache)
    fprintf(stderr, "%s: warning: cannot read /proc/self/exe to identify the compiler; building without the cache\n",
            kTool);
  char *message = NULL;
  bool useCache = !c->o->noCache && c->material;
  TcCache *cache = useCache ? tcCacheOpen(NULL, &message) : NULL;
  if (useCache && !cache)
    fprintf(stderr, "%s: warning: no cache (%s); building without it\n", kTool, message);
  free(message);
  TcCacheKey key;
  if (mkdir(c->o->outDir, 0777) != 0 && errno != EEXIST)
    rc = tcUsageError(kTool, "cannot create '%s': %s", c->o->outDir, strerror(errno));
  else if (cache && lookup(c, cache, &key) == TC_CACHE_HIT)
    stage(c, 3, "cache hit: %s; wrote %s/%s.{so,h,manifest.json,conformance.json}", key.hex, c->o->outDir, c->stem);
  else if (stage(c, 3, "cache %s", cache ? "miss" : "not used"), (rc = writeProgram(c)) == TC_EXIT_SUCCESS)
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
    if (argv[i][0] != '-') {
      if (o->model)
        return tcUsageError(kTool, "compile takes one model, got '%s' and '%s'", o->model, argv[i]);
      o->model = argv[i];
    } else if (tcMatchFlag(argc, argv, &i, "o", &v)) {
      o->outDir = v;
    } else if (tcMatchFlag(argc, argv, &i, "contract", &v)) {
      o->contractFile = v;
    } else if (tcMatchFlag(argc, argv, &i, "threads", &v)) {
      o->threads = v;
    } else if (tcMatchFlag(argc, argv, &i, "time-budget", &v)) {
      o->timeBudget = v;
    } else if (tcMatchFlag(argc, argv, &i, "seed", &v) && o->numSeeds < kMaxList) {
      o->seeds[o->numSeeds++] = v;
    } else if (tcMatchFlag(argc, argv, &i, "tc-test-fault", &v) && o->numFaults < kMaxList) {
      TcTestFault fault;
      if (!tcTestFaultParse(v, &fault))
        return tcUsageError(kTool, "unknown --tc-test-fault kind '%s' (see tensor-opt --help)", v);
      tcTestFaultEnable(fault);
      o->faults[o->numFaults++] = v;
    } else if (tcMatchFlag(argc, argv, &i, "no-cache", NULL)) {
      o->noCache = true;
    } else if (tcMatchFlag(argc, argv, &i, "quiet", NULL)) {
      o->quiet = true;
    } else {
      return tcUsageError(kTool, "unknown option '%s' for compile", argv[i]);
    }
  }
  if (!o->model)
    return tcUsageError(kTool, "compile needs a model (a .mlir program or an .onnx model)");
  if (!o->outDir)
    return tcUsageError(kTool, "compile needs an output directory: -o DIR");
  if (!o->numSeeds) {
    o->seeds[o->numSeeds++] = "1";
    o->seeds[o->numSeeds++] = "2";
  }
  // By default the gate runs the artifact on one thread and on every core,
  // as two variants that must agree (docs/conformance.md §2).
  if (!o->threads) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    snprintf(o->defaultThreads, sizeof o->defaultThreads, cores > 1 ? "1,%ld" : "1", cores);
    o->threads = o->defaultThreads;
  }
  return TC_EXIT_SUCCESS;
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
  Compile c = {.o = &o, .start = now()};
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
    rc = compile(&c);
  if (rc != TC_EXIT_SUCCESS && rc != TC_EXIT_USAGE)
    fprintf(stderr, "%s: %s: %s was not compiled\n", kTool, tcExitCodePrefix((TcExitCode)rc), o.model);
  removeWork(&c);
  json_decref(c.material);
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
