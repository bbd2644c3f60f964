//===- Compile.h - what the files of tensorc compile share -------*- C -*-===//
//
// `tensorc compile` is one command in three files: CompileCommand.c holds
// the stages in order (read, check and stamp, lower, emit) and the command
// line; CompileCache.c the cache key, the lookup and the insert; CompileGate.c
// the gate, run as a separate program, and the check that its report is a
// verdict on the artifact. Beside them, GateVariants.c builds the variants
// the gate compares and CompileBudget.c keeps --compile-budget's deadline.
// This header is the state they share: the options, one compilation, and
// the work-directory helpers.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOLS_TENSORC_COMPILE_H
#define TENSORC_TOOLS_TENSORC_COMPILE_H

#include "CompileGrad.h"
#include "GateVariants.h"
#include "tensorc/Cache.h"
#include "tensorc/Driver.h"
#ifdef TC_HAVE_ONNX_IMPORT
#include "tensorc/Import.h"
#else
typedef struct TcOnnxImport {
  MlirModule module;
} TcOnnxImport;
#endif

#include <jansson.h>

enum { kMaxList = 32, kStages = 7 };

typedef struct CompileOptions {
  const char *model, *outDir, *contractFile;
  const char *seeds[kMaxList], *faults[kMaxList];
  int numSeeds, numFaults;
  const char *threads, *timeBudget, *variants;
  double compileBudget; ///< --compile-budget seconds; 0: none
  TcCompileMatrix matrix;
  bool noCache, quiet, requireStamp;
  DriverGradOptions grad; ///< --grad, --wrt, --wrt-constants (CompileGrad.c)
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
  TcCustody custody;   ///< who vouches for the stamp: the producer, or this driver's tc-stamp
  char stem[256], work[4096], semanticHash[TC_HASH_TEXT_SIZE];
  char gate[4200], gateHash[TC_HASH_TEXT_SIZE]; ///< tensor-conform beside tensorc, and its hash ("" if none)
  char *pipeline;
  json_t *toolchain;   ///< read once: the key and the manifest hold the same
  json_t *material;
  bool replaceEntry;   ///< the entry under the key could not be served as gated
  TcCompileMatrix matrix; ///< the gate's variant matrix, resolved before lowering (GateVariants.c)
  double start;
} Compile;

/// The entry's files: cache name, and the suffix of DIR/<stem><suffix>.
static const struct {
  const char *name, *suffix;
} kFiles[] __attribute__((unused)) = {
    {"artifact.so", ".so"},
    {"header.h", ".h"},
    {"manifest.json", ".manifest.json"},
    {"conformance.json", ".conformance.json"},
};
enum { kNumFiles = sizeof kFiles / sizeof kFiles[0] };

/// Prints a progress line for stage `n` (unless --quiet).
__attribute__((format(printf, 3, 4))) void compileStage(const Compile *c, int n, const char *fmt, ...);

/// The path of `name` in the work directory, into `buf`.
void compileWorkPath(const Compile *c, const char *name, char *buf, size_t size);

/// Writes through lib/IO/OutputFile.c; `executable` for the shared library.
bool compileWriteBytes(const char *path, const void *data, size_t size, bool executable);

//===-- CompileCache.c ----------------------------------------------------===//

/// Finds tensor-conform beside tensorc and hashes it (Compile.gate, .gateHash).
void compileFindGate(Compile *c);

/// The key material (CompileKey.c), or NULL when the compiler or the gate
/// cannot be identified by its bytes (then nothing is cached).
json_t *compileKeyMaterial(Compile *c);

/// Looks the key up into the work directory. HIT only if the entry verified
/// and is a gated verdict on its artifact by this gate; an entry that is
/// not sets Compile.replaceEntry and answers MISS.
TcCacheStatus compileLookup(Compile *c, TcCache *cache, TcCacheKey *key);

/// Inserts the gated outputs of the work directory (replacing an entry the
/// lookup could not serve).
void compileInsert(Compile *c, TcCache *cache);

//===-- CompileGate.c -----------------------------------------------------===//

/// Builds the program's variants (GateVariants.c), then runs tensor-conform
/// on the work directory's program, artifact and variants; its exit code
/// (docs/exit-codes.md), TC_EXIT_BUDGET past --compile-budget, or
/// TC_EXIT_INTERNAL if it cannot run.
int compileRunGate(Compile *c);

/// Whether the work directory's conformance report is a passing verdict on
/// its artifact by this gate (CompileKey.c); if not, why, in `why`.
bool compileVerdictBinds(Compile *c, char *why, size_t size);

#endif // TENSORC_TOOLS_TENSORC_COMPILE_H
