//===- LoopToSCF.c - the tc-lower-loops pass -------------------------------===//
//
// Requires: buffers only (tc-bufferize has run); tc_loop.nest ops in
// function bodies. Guarantees: no tc_loop.nest remains. Each became
//
//   scf.parallel over its parallel outer loops      (only with enough work)
//     [the chunk's points of the innermost loop]    (if it was split)
//     scf.for over each remaining loop, in order
//       func.call @body(ivs..., buffers...)
//
// or, for a nest tiled for the cache (CacheTiles.c: all loops parallel, a
// buffer walked along a non-contiguous dimension by the innermost loop),
//
//   scf.parallel over the outer loops and the tiles of the last two
//     scf.for over the tile's rows, scf.for over its columns
//       func.call @body(ivs..., buffers...)
//
// which runs the body at every point of the iteration space; the parallel
// loops may run in any order or at once (convert-scf-to-openmp makes them
// an OpenMP worksharing loop), which their `parallel` flags promise is
// harmless (docs/dialects.md §3.1). The innermost loop always stays a
// sequential scf.for for LLVM's vectoriser; Schedule.c estimates the work
// that decides threads or not, and why a long parallel innermost loop is
// split into fixed chunks (results independent of the thread count). Body
// functions get internal linkage, so LLVM inlines them and they never
// become symbols of the artifact.
//
// A nest with run-time bounds (a bound of -1, docs/dialects.md §3.1) reads
// each with memref.dim from the buffer `bound_dims` names. Its work is
// counted with every run-time bound at 1, the smallest size that has work:
// if that is at least the threshold, so is the work at every size, and its
// outer parallel loops (run-time bounds among them) go to the threads as a
// static nest's do, without chunks (their pieces need the trip count), and
// tiled for the cache only where the last two bounds are static; else the
// product of the run-time bounds decides at run time (a guarded decision:
// threads from the product that reaches the threshold, else sequential
// scf.for loops). Its body's operations are moved into
// the innermost loop rather than called: the bare-pointer convention
// cannot pass a buffer of run-time sizes, and such body functions are
// erased; a sequential nest's body has its stack scratch (memref.alloca)
// moved before the loops, so that the stack does not grow at every
// iteration (hoistScratch).
//
// Buffers without elements become memref<0xT> (EmptyBuffers.c): the
// bare-pointer convention refuses memref<2x0xT>.
//
// A function of more than TC_OUTLINE_MIN_NESTS nests gets each nest (whose
// buffers all have the identity layout) in a function of its own,
// `<func>__nest`, internal and `noinline`, which the function calls:
// LLVM's per-function work (register coalescing above all) grows faster
// than linearly in a function's size, so one function holding thousands of
// loop nests made emission superlinear in the program's size. Small
// programs keep their nests inline.
//
// `tile` and `vector_width` say how a nest may run, never what it computes;
// this pass does not apply them (its own cache tiling aside), and records
// so for a nest whose `tile` asks for tiles.
//
// Records one decision per nest: `loops`, threads or sequential and why,
// and one `outline` per function whose nests went to functions of their own;
// the work and the threshold, the host's vector width.
//
// Anchored on builtin.module: it outlines nests into new module-level
// functions and erases the body functions the nests named.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "../../Transforms/TransformsInternal.h"
#include "LoopToSCFInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxLoops = 32 };

static bool isOp(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), mlirStringRefCreateFromCString(name));
}

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

/// An scf.parallel over [0, bounds[i]) for i < n; returns the builder for
/// its body and its induction variables in `ivs`.
/// `sizes[i]` is loop i's run-time bound where bounds[i] is -1 (NULL if none is).
static TcBuilder buildParallel(TcBuilder *b, intptr_t n, const int64_t *bounds, const MlirValue *sizes,
                               MlirValue *ivs) {
  MlirValue operands[3 * kMaxLoops];
  MlirType types[kMaxLoops];
  MlirLocation locs[kMaxLoops];
  MlirValue zero = tcBIndex(b, 0), one = tcBIndex(b, 1);
  for (intptr_t i = 0; i < n; ++i) {
    operands[i] = zero;
    operands[n + i] = bounds[i] == -1 ? sizes[i] : tcBIndex(b, bounds[i]);
    operands[2 * n + i] = one;
    types[i] = mlirIndexTypeGet(b->ctx);
    locs[i] = b->loc;
  }
  MlirRegion region = mlirRegionCreate();
  MlirBlock block = mlirBlockCreate(n, types, locs);
  mlirRegionAppendOwnedBlock(region, block);
  int32_t segments[4] = {(int32_t)n, (int32_t)n, (int32_t)n, 0};
  MlirNamedAttribute seg = tcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 4, segments));
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString("scf.parallel"), b->loc);
  mlirOperationStateAddOperands(&state, 3 * n, operands);
  mlirOperationStateAddAttributes(&state, 1, &seg);
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation op = mlirOperationCreate(&state);
  if (mlirOperationIsNull(b->anchor))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->anchor, op);
  TcBuilder inner = tcBuilderAtEnd(block, b->loc, false);
  tcBuildOp(&inner, "scf.reduce", 0, NULL, 0, NULL, 0, NULL);
  inner = tcBuilderAtEnd(block, b->loc, true);
  for (intptr_t i = 0; i < n; ++i)
    ivs[i] = mlirBlockGetArgument(block, i);
  return inner;
}

/// How one nest runs (Schedule.c): which loops go to OpenMP and why.
typedef struct NestPlan {
  intptr_t rank;
  int64_t bounds[kMaxLoops];
  intptr_t nParallel; ///< leading loops marked parallel
  bool threads;       ///< run the parallel loops on OpenMP threads
  bool chunked;       ///< the innermost loop is split into chunks of `chunk` points
  int64_t chunk;
  int64_t work;
  intptr_t nPar;      ///< loops of the scf.parallel (with the chunk loop, if chunked)
  int64_t parBounds[kMaxLoops];
  const char *why;    ///< why the nest runs sequentially; NULL if on threads
  int vectorBits;     ///< the target's preferred vector width (lib/Host), for the manifest
  int vectorWidth;    ///< elements per vector of that width, for the manifest
  int64_t minWork;    ///< the OpenMP work threshold (lib/Host)
  bool tiled;         ///< the nest's `tile` attribute asks for tiles (not applied)
  bool cacheTiles;    ///< the last two loops run in TC_CACHE_TILE² tiles
  bool dynamic;       ///< a bound is -1: its size is a buffer's (bound_dims), read at run time
  bool inlined;       ///< the body runs in place: dynamic, or a buffer has a run-time size
  int64_t threadsFrom; ///< dynamic with threads: on threads only when the run-time bounds' product is at
                       ///< least this (a guarded decision), else 0: at every size
  int64_t boundDims[2 * kMaxLoops]; ///< `bound_dims`: slot and dimension of each -1 bound, in loop order
  MlirOperation body; ///< the body function
} NestPlan;

static MlirType firstElementType(MlirOperation nest) {
  intptr_t n = mlirOperationGetNumOperands(nest);
  if (n == 0)
    return mlirF32TypeGet(mlirOperationGetContext(nest));
  return mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetOperand(nest, n - 1)));
}

/// `p` with threads unless a reason was found or --tc-refuse refuses them.
static NestPlan decideThreads(MlirOperation nest, NestPlan p) {
  char subject[512];
  if (!p.why && tcDecisionRefused(mlirOperationGetContext(nest), "tc-lower-loops", "loops",
                                  tcDecisionSubject(nest, subject, sizeof subject),
                                  "sequential scf.for loops instead of OpenMP threads"))
    p.why = "refused by --tc-refuse";
  p.threads = !p.why;
  return p;
}

/// True if memref type `t` has a run-time size, stride or offset: the
/// bare-pointer convention cannot pass it to a call.
static bool runTimeExtents(MlirType t) {
  if (!mlirShapedTypeHasStaticShape(t))
    return true;
  if (mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(t)))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t strides[32], offset, dyn = mlirShapedTypeGetDynamicStrideOrOffset();
  if (rank > 32 || mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(t, strides, &offset)))
    return true;
  bool runTime = offset == dyn;
  for (intptr_t i = 0; i < rank; ++i)
    runTime |= strides[i] == dyn;
  return runTime;
}

static NestPlan planNest(MlirOperation nest, MlirSymbolTable symbols, const TcHostTarget *host) {
  NestPlan p = {0};
  MlirAttribute boundsAttr = attr(nest, "bounds"), parallelAttr = attr(nest, "parallel");
  p.rank = mlirDenseArrayGetNumElements(boundsAttr);
  for (intptr_t i = 0; i < p.rank; ++i) {
    p.bounds[i] = mlirDenseI64ArrayGetElement(boundsAttr, i);
    p.tiled |= mlirDenseI64ArrayGetElement(attr(nest, "tile"), i) > 0;
  }
  while (p.nParallel < p.rank && mlirDenseBoolArrayGetElement(parallelAttr, p.nParallel))
    ++p.nParallel;
  MlirStringRef bodyName = mlirFlatSymbolRefAttrGetValue(attr(nest, "body"));
  p.body = mlirSymbolTableLookup(symbols, bodyName);
  p.vectorBits = host->vectorBits;
  p.vectorWidth = host->vectorBits / tcElementBits(firstElementType(nest));
  p.minWork = host->parallelMinWork;
  MlirAttribute boundDims = attr(nest, "bound_dims");
  for (intptr_t i = 0; !mlirAttributeIsNull(boundDims) && i < mlirDenseArrayGetNumElements(boundDims); ++i)
    p.boundDims[i] = mlirDenseI64ArrayGetElement(boundDims, i);
  for (intptr_t i = 0; i < p.rank; ++i)
    p.dynamic |= p.bounds[i] == -1;
  p.inlined = p.dynamic;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(nest); ++i)
    p.inlined |= runTimeExtents(mlirValueGetType(mlirOperationGetOperand(nest, i)));
  p.work = tcNestWork(nest, p.body);
  if (p.dynamic) { // no chunks (they need the trip count); cache tiles only of static last two loops
    bool allParallel = p.nParallel == p.rank && p.rank > 0;
    p.cacheTiles = tcNestWantsCacheTiles(p.body, p.rank, p.bounds, allParallel);
    p.nPar = p.cacheTiles ? p.rank : allParallel ? p.rank - 1 : p.nParallel;
    int64_t pieces = 1;
    bool runTimePieces = false;
    for (intptr_t i = 0; i < p.nPar; ++i) {
      p.parBounds[i] = p.cacheTiles && i >= p.rank - 2 ? (p.bounds[i] + TC_CACHE_TILE - 1) / TC_CACHE_TILE : p.bounds[i];
      runTimePieces |= p.bounds[i] == -1;
      pieces *= p.parBounds[i] == -1 ? 1 : p.parBounds[i];
    }
    if (p.nPar == 0)
      p.why = "no parallel loop outside the innermost";
    else if (pieces < 2 && !runTimePieces)
      p.why = "a single piece of work";
    else if (p.work <= 0)
      p.why = "no work";
    else if (p.work < p.minWork) // the work grows with the run-time bounds: their product decides at run time
      p.threadsFrom = (p.minWork + p.work - 1) / p.work;
    p = decideThreads(nest, p);
    p.threadsFrom = p.threads ? p.threadsFrom : 0;
    return p;
  }
  // The innermost loop stays a sequential loop (LLVM vectorises it), split
  // into chunks if it is parallel and long; the parallel loops around it
  // (and the chunk loop) go to the threads.
  // A short innermost loop of a nest with nothing else to split (rank 1,
  // heavy body) is split into short chunks instead.
  int64_t outer = 1;
  for (intptr_t i = 0; i + 1 < p.rank; ++i)
    outer *= p.bounds[i];
  bool allParallel = p.nParallel == p.rank && p.rank > 0;
  int64_t last = p.rank > 0 ? p.bounds[p.rank - 1] : 0;
  p.cacheTiles = tcNestWantsCacheTiles(mlirSymbolTableLookup(symbols, bodyName), p.rank, p.bounds, allParallel);
  p.chunk = p.cacheTiles ? 0 : last > TC_PARALLEL_CHUNK ? TC_PARALLEL_CHUNK : outer < 2 && last > TC_PARALLEL_SHORT_CHUNK ? TC_PARALLEL_SHORT_CHUNK : 0;
  p.chunked = allParallel && p.chunk > 0;
  p.nPar = p.chunked || p.cacheTiles ? p.rank : p.nParallel == p.rank && p.rank > 0 ? p.rank - 1 : p.nParallel;
  for (intptr_t i = 0; i < p.nPar; ++i)
    p.parBounds[i] = p.bounds[i];
  if (p.chunked)
    p.parBounds[p.rank - 1] = (p.bounds[p.rank - 1] + p.chunk - 1) / p.chunk;
  for (intptr_t i = p.rank - 2; p.cacheTiles && i < p.rank; ++i)
    p.parBounds[i] = (p.bounds[i] + TC_CACHE_TILE - 1) / TC_CACHE_TILE;
  int64_t pieces = 1;
  for (intptr_t i = 0; i < p.nPar; ++i)
    pieces *= p.parBounds[i];
  if (p.nPar == 0)
    p.why = "no parallel loop outside the innermost";
  else if (p.work < p.minWork)
    p.why = "work below the threshold (a fork/join costs microseconds)";
  else if (pieces < 2)
    p.why = "a single piece of work";
  return decideThreads(nest, p);
}

static void recordNest(MlirOperation nest, const NestPlan *p) {
  char subject[512], detail[768], chunks[96], tiles[160] = "";
  snprintf(chunks, sizeof chunks, " over the outer loops and chunks of %lld of the innermost", (long long)p->chunk);
  if (p->cacheTiles)
    snprintf(tiles, sizeof tiles, "; last two loops in %lldx%lld tiles for the cache (the innermost loop walks a "
             "buffer along a non-contiguous dimension)", (long long)TC_CACHE_TILE, (long long)TC_CACHE_TILE);
  if (p->threadsFrom)
    snprintf(detail, sizeof detail,
             "guarded: run-time bounds; their product >= %lld: OpenMP threads over the outer parallel loops, else "
             "sequential; work %lld at a run-time size of 1 (threshold %lld); body inlined (a call cannot pass buffers "
             "of run-time sizes as bare pointers); innermost loop sequential for LLVM's vectoriser (target vector: "
             "%d bits, %d elements)%s%s",
             (long long)p->threadsFrom, (long long)p->work, (long long)p->minWork, p->vectorBits, p->vectorWidth,
             tiles, p->tiled ? "; tile not applied" : "");
  else if (p->dynamic)
    snprintf(detail, sizeof detail,
             "%s%s; work %lld at a run-time size of 1 (threshold %lld)%s; body inlined (a call cannot pass buffers "
             "of run-time sizes as bare pointers); innermost loop sequential for LLVM's vectoriser (target vector: "
             "%d bits, %d elements)%s%s",
             p->threads ? "OpenMP threads over the outer parallel loops" : "sequential: ", p->threads ? "" : p->why,
             (long long)p->work, (long long)p->minWork, p->threads ? ", so at every size" : "", p->vectorBits,
             p->vectorWidth, tiles, p->tiled ? "; tile not applied" : "");
  else
    snprintf(detail, sizeof detail,
             "%s%s%s; work %lld (threshold %lld)%s; innermost loop sequential for LLVM's vectoriser (target vector: "
             "%d bits, %d elements)%s%s",
             p->threads ? "OpenMP threads" : "sequential: ", p->threads ? "" : p->why,
             p->threads ? (p->chunked ? chunks : " over the outer parallel loops") : "",
             (long long)p->work, (long long)p->minWork,
             p->inlined ? "; body inlined (a call cannot pass buffers of run-time sizes as bare pointers)" : "",
             p->vectorBits, p->vectorWidth, tiles, p->tiled ? "; tile not applied" : "");
  TcDecision decision = {"loops", tcDecisionSubject(nest, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(nest), &decision);
}

/// A sequential loop over [lb, min(lb + step, bound)); returns its body's
/// builder and sets *iv.
static TcBuilder openPiece(TcBuilder *b, MlirValue lb, int64_t step, int64_t bound, MlirValue *iv) {
  MlirValue ub = tcBBinary(b, "arith.addi", lb, tcBIndex(b, step));
  ub = tcBBinary(b, "arith.minsi", ub, tcBIndex(b, bound));
  TcFor loop;
  tcBForBegin(b, lb, ub, tcBIndex(b, 1), 0, NULL, &loop);
  tcBForEnd(&loop, NULL);
  *iv = loop.iv;
  return tcBuilderAtEnd(loop.body.block, b->loc, true);
}

/// The loops of a nest tiled for the cache: the outer loops and the tiles
/// of the last two (on threads, or sequential loops), then the tile's
/// points. `sizes[i]` is outer loop i's run-time bound where it is -1 (the
/// last two are static).
static TcBuilder openTiledLoops(TcBuilder *b, const NestPlan *p, const MlirValue *sizes, MlirValue *ivs) {
  TcBuilder inner = *b;
  if (p->threads) {
    inner = buildParallel(b, p->nPar, p->parBounds, sizes, ivs);
  } else {
    for (intptr_t i = 0; i < p->nPar; ++i) {
      TcFor loop;
      if (p->parBounds[i] == -1)
        tcBForBegin(&inner, tcBIndex(&inner, 0), sizes[i], tcBIndex(&inner, 1), 0, NULL, &loop);
      else
        tcBForRange(&inner, p->parBounds[i], 0, NULL, &loop);
      tcBForEnd(&loop, NULL);
      ivs[i] = loop.iv;
      inner = tcBuilderAtEnd(loop.body.block, b->loc, true);
    }
  }
  for (intptr_t i = p->rank - 2; i < p->rank; ++i) {
    MlirValue lb = tcBBinary(&inner, "arith.muli", ivs[i], tcBIndex(&inner, TC_CACHE_TILE));
    inner = openPiece(&inner, lb, TC_CACHE_TILE, p->bounds[i], &ivs[i]);
  }
  return inner;
}

/// Opens the loops of plan `p` at `b`; returns the builder of the innermost
/// body and the nest's induction variables in `ivs`. `sizes[i]` is the
/// run-time bound of loop i where p->bounds[i] is -1.
static TcBuilder openLoops(TcBuilder *b, const NestPlan *p, const MlirValue *sizes, MlirValue *ivs) {
  if (p->cacheTiles)
    return openTiledLoops(b, p, sizes, ivs);
  TcBuilder inner = *b;
  intptr_t next = 0; // the first loop not opened yet
  if (p->threads) {
    intptr_t nPar = p->nPar;
    inner = buildParallel(b, nPar, p->parBounds, sizes, ivs);
    next = nPar;
    if (p->chunked) { // the chunk's points: [c * C, min(c * C + C, bound))
      MlirValue lb = tcBBinary(&inner, "arith.muli", ivs[nPar - 1], tcBIndex(&inner, p->chunk));
      inner = openPiece(&inner, lb, p->chunk, p->bounds[nPar - 1], &ivs[nPar - 1]);
    }
  }
  for (intptr_t i = next; i < p->rank; ++i) {
    TcFor loop;
    if (p->bounds[i] == -1)
      tcBForBegin(&inner, tcBIndex(&inner, 0), sizes[i], tcBIndex(&inner, 1), 0, NULL, &loop);
    else
      tcBForRange(&inner, p->bounds[i], 0, NULL, &loop);
    tcBForEnd(&loop, NULL);
    ivs[i] = loop.iv;
    inner = tcBuilderAtEnd(loop.body.block, b->loc, true);
  }
  return inner;
}

/// Moves the body's stack scratch (a memref.alloca of static shape, e.g.
/// softmax's e^(x−m) row) from `block` to `b`, before a sequential nest's
/// loops: inlined into them, it would take new stack at every iteration
/// (a call frees it on return), and a run-time trip count would overflow
/// the stack. Every iteration of a sequential nest overwrites the scratch
/// before reading it, as it does a called body's. (A threaded nest keeps
/// it in place: scf-to-openmp puts each parallel iteration in a
/// memref.alloca_scope.)
static void hoistScratch(TcBuilder *b, MlirBlock block) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block), next; !mlirOperationIsNull(op); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (!tcIsOp(op, "memref.alloca") || mlirOperationGetNumOperands(op) != 0)
      continue;
    if (mlirOperationIsNull(b->anchor)) {
      mlirOperationRemoveFromParent(op);
      mlirBlockAppendOwnedOperation(b->block, op);
    } else {
      mlirOperationMoveBefore(op, b->anchor);
    }
  }
}

/// The operations of `copy` (a clone of a body: another nest may name it
/// too), its arguments replaced by `operands`, moved to `inner`.
static void inlineBody(TcBuilder *inner, MlirOperation copy, const MlirValue *operands, intptr_t n) {
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(copy, 0));
  for (intptr_t i = 0; i < n; ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(block, i), operands[i]);
  for (MlirOperation op = mlirBlockGetFirstOperation(block), next; !mlirOperationIsNull(op); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (mlirOperationIsNull(next))
      break; // func.return
    mlirOperationMoveBefore(op, inner->anchor);
  }
  mlirOperationDestroy(copy);
}

/// The run-time bounds of `plan`'s loops, read at `b` from `buffers`
/// (`memref.dim`); entries of static bounds are left unset.
static void readRunTimeBounds(const NestPlan *plan, TcBuilder *b, const MlirValue *buffers, MlirValue *sizes) {
  MlirType index = mlirIndexTypeGet(b->ctx);
  for (intptr_t i = 0, k = 0; i < plan->rank; ++i) {
    if (plan->bounds[i] != -1)
      continue;
    MlirValue operands[2] = {buffers[plan->boundDims[k]], tcBIndex(b, plan->boundDims[k + 1])};
    sizes[i] = mlirOperationGetResult(tcBuildOp(b, "memref.dim", 1, &index, 2, operands, 0, NULL), 0);
    k += 2;
  }
}

static void emitLoopsSized(MlirOperation nest, const NestPlan *plan, TcBuilder *b, const MlirValue *buffers,
                           const MlirValue *sizes);

/// The loops of `nest` at `b`, calling its body with `buffers` (or, for
/// run-time bounds, running the body's operations in place). A guarded
/// plan (threadsFrom) builds both: threads when the run-time bounds'
/// product reaches threadsFrom, else sequential loops.
static void emitLoops(MlirOperation nest, const NestPlan *plan, TcBuilder *b, const MlirValue *buffers) {
  MlirValue sizes[kMaxLoops];
  if (plan->dynamic)
    readRunTimeBounds(plan, b, buffers, sizes);
  if (!plan->threadsFrom) {
    emitLoopsSized(nest, plan, b, buffers, sizes);
    return;
  }
  MlirValue product = tcBIndex(b, 1);
  for (intptr_t i = 0; i < plan->rank; ++i)
    if (plan->bounds[i] == -1)
      product = tcBBinary(b, "arith.muli", product, sizes[i]);
  MlirValue wide = tcBCmpI(b, TC_CMPI_UGE, product, tcBIndex(b, plan->threadsFrom));
  TcBuilder then, otherwise;
  tcBIf(b, wide, &then, &otherwise);
  NestPlan threaded = *plan, sequential = *plan;
  threaded.threadsFrom = sequential.threadsFrom = 0;
  sequential.threads = false;
  emitLoopsSized(nest, &threaded, &then, buffers, sizes);
  emitLoopsSized(nest, &sequential, &otherwise, buffers, sizes);
}

static void emitLoopsSized(MlirOperation nest, const NestPlan *plan, TcBuilder *b, const MlirValue *buffers,
                           const MlirValue *sizes) {
  MlirValue ivs[kMaxLoops];
  MlirOperation copy = {NULL};
  if (plan->inlined) {
    copy = mlirOperationClone(plan->body);
    if (!plan->threads)
      hoistScratch(b, mlirRegionGetFirstBlock(mlirOperationGetRegion(copy, 0)));
  }
  TcBuilder inner = openLoops(b, plan, sizes, ivs);
  MlirValue operands[kMaxLoops + 16];
  intptr_t n = 0;
  for (intptr_t i = 0; i < plan->rank; ++i)
    operands[n++] = ivs[i];
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(nest); ++i)
    operands[n++] = buffers[i];
  if (plan->inlined) {
    inlineBody(&inner, copy, operands, n);
    return;
  }
  MlirNamedAttribute callee = tcNamed(b->ctx, "callee", attr(nest, "body"));
  tcBuildOp(&inner, "func.call", 0, NULL, n, operands, 1, &callee);
}

/// True if every buffer of `nest` has the identity layout (a bare pointer
/// can carry it across a call).
static bool outlinable(MlirOperation nest) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(nest); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(nest, i));
    if (!mlirTypeIsAMemRef(t) || !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(t)))
      return false;
  }
  return true;
}

/// Puts the loops of `nest` in a new internal, noinline function of its
/// buffers and calls it where the nest was.
static void emitOutlined(MlirOperation nest, const NestPlan *plan, MlirOperation func, MlirSymbolTable symbols) {
  intptr_t n = mlirOperationGetNumOperands(nest);
  MlirValue operands[16];
  MlirType types[16];
  for (intptr_t i = 0; i < n; ++i)
    types[i] = mlirValueGetType(operands[i] = mlirOperationGetOperand(nest, i));
  MlirOperation outlined = tcCreateLoopBody(func, symbols, "nest", mlirOperationGetLocation(nest), 0, types, n);
  MlirContext ctx = mlirOperationGetContext(nest);
  mlirOperationRemoveAttributeByName(outlined, mlirStringRefCreateFromCString("tc_loop.body"));
  mlirOperationSetDiscardableAttributeByName(outlined, mlirStringRefCreateFromCString("llvm.linkage"),
      mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString("#llvm.linkage<internal>")));
  mlirOperationSetDiscardableAttributeByName(outlined, mlirStringRefCreateFromCString("passthrough"),
      mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString("[\"noinline\"]"))); // LLVM's noinline
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(outlined, 0));
  MlirValue args[16];
  for (intptr_t i = 0; i < n; ++i)
    args[i] = mlirBlockGetArgument(block, i);
  TcBuilder inside = tcBuilderAtEnd(block, mlirOperationGetLocation(nest), true);
  emitLoops(nest, plan, &inside, args);
  TcBuilder b = tcBuilderBefore(nest);
  MlirAttribute name = mlirOperationGetAttributeByName(outlined, mlirStringRefCreateFromCString("sym_name"));
  MlirNamedAttribute callee = tcNamed(ctx, "callee", mlirFlatSymbolRefAttrGet(ctx, mlirStringAttrGetValue(name)));
  tcBuildOp(&b, "func.call", 0, NULL, n, operands, 1, &callee);
}

/// Lowers `nest` of function `func`, in a function of its own if `outline`
/// and its buffers allow; returns whether it was outlined.
static bool lowerNest(MlirOperation nest, MlirOperation func, MlirSymbolTable symbols, bool outline,
                      const TcHostTarget *host) {
  NestPlan plan = planNest(nest, symbols, host);
  outline = outline && outlinable(nest) && !plan.inlined;
  if (outline) {
    emitOutlined(nest, &plan, func, symbols);
  } else {
    MlirValue buffers[16];
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(nest); ++i)
      buffers[i] = mlirOperationGetOperand(nest, i);
    TcBuilder b = tcBuilderBefore(nest);
    emitLoops(nest, &plan, &b, buffers);
  }
  recordNest(nest, &plan);
  mlirOperationDestroy(nest);
  return outline;
}

static void recordOutline(MlirOperation func, intptr_t outlined, intptr_t nests) {
  char subject[512], detail[256];
  snprintf(detail, sizeof detail,
           "%ld of %ld nests in functions of their own (internal, noinline): more than %d nests in one function",
           (long)outlined, (long)nests, TC_OUTLINE_MIN_NESTS);
  TcDecision decision = {"outline", tcDecisionSubject(func, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(func), &decision);
}

/// The function (directly in the module) that holds `op`.
static MlirOperation enclosingFunction(MlirOperation op) {
  for (MlirOperation parent = mlirOperationGetParentOperation(op); !mlirOperationIsNull(parent);
       op = parent, parent = mlirOperationGetParentOperation(op))
    if (isOp(parent, "builtin.module"))
      return op;
  return op;
}

/// Lowers the nests [first, last) of one function.
static void lowerFunctionNests(MlirOperation *nests, intptr_t first, intptr_t last, MlirSymbolTable symbols,
                               const TcHostTarget *host) {
  MlirOperation func = enclosingFunction(nests[first]);
  bool outline = last - first > TC_OUTLINE_MIN_NESTS && isOp(func, "func.func");
  char subject[512];
  if (outline && tcDecisionRefused(mlirOperationGetContext(func), "tc-lower-loops", "outline",
                                   tcDecisionSubject(func, subject, sizeof subject),
                                   "every nest's loops stay in the function"))
    outline = false;
  intptr_t outlined = 0;
  for (intptr_t i = first; i < last; ++i)
    outlined += lowerNest(nests[i], func, symbols, outline, host);
  if (outlined > 0)
    recordOutline(func, outlined, last - first);
}

static void collectNests(MlirBlock block, MlirOperation **nests, intptr_t *n, intptr_t *cap) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (isOp(op, "tc_loop.nest")) {
      if (*n == *cap)
        *nests = realloc(*nests, (*cap = *cap * 2 + 16) * sizeof **nests);
      (*nests)[(*n)++] = op;
    }
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
      for (MlirBlock inner = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(inner);
           inner = mlirBlockGetNextInRegion(inner))
        collectNests(inner, nests, n, cap);
  }
}

/// True if a memref argument of function type `type` has a dynamic dimension.
static bool takesDynamicBuffer(MlirType type) {
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(type); ++i) {
    MlirType t = mlirFunctionTypeGetInput(type, i);
    if (mlirTypeIsAMemRef(t) && runTimeExtents(t))
      return true;
  }
  return false;
}

/// Erases the body functions with buffers of run-time sizes: every nest
/// that named one ran it in place, and the bare-pointer convention could
/// not lower its signature.
static void eraseInlinedBodies(MlirOperation module) {
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(block), next; !mlirOperationIsNull(op); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (isOp(op, "func.func") && !mlirAttributeIsNull(attr(op, "tc_loop.body")) &&
        takesDynamicBuffer(mlirTypeAttrGetValue(attr(op, "function_type"))))
      mlirOperationDestroy(op);
  }
}

static void markBodiesInternal(MlirOperation module) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirAttribute internal = mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString("#llvm.linkage<internal>"));
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (isOp(op, "func.func") && !mlirAttributeIsNull(attr(op, "tc_loop.body")))
      mlirOperationSetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("llvm.linkage"), internal);
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirOperation *nests = NULL;
  intptr_t n = 0, cap = 0;
  collectNests(mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)), &nests, &n, &cap);
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  TcHostTarget host = tcHostTargetGet();
  for (intptr_t first = 0, last; first < n; first = last) { // nests come function by function
    MlirOperation func = enclosingFunction(nests[first]);
    for (last = first + 1; last < n && mlirOperationEqual(enclosingFunction(nests[last]), func); ++last)
      ;
    lowerFunctionNests(nests, first, last, symbols, &host);
  }
  mlirSymbolTableDestroy(symbols);
  free(nests);
  eraseInlinedBodies(module);
  markBodiesInternal(module);
  tcRetypeEmptyBuffers(module);
  if (!tcLowerDynamicEntries(module))
    mlirExternalPassSignalFailure(pass);
}

MlirPass tcCreateLowerLoopsPass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateLoweringPass(&passId, "TcLowerLoops", "tc-lower-loops",
                              "Lower tc_loop.nest to scf.parallel/scf.for around a call of its body", run);
}
