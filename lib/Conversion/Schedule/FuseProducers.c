//===- FuseProducers.c - the tc-fuse-producers pass ------------------------===//
//
// Requires: buffers, tc_loop.nest ops not yet lowered (after
// tc-fuse-elementwise, so a producer is already a whole fused chain).
// Guarantees: a cheap pointwise nest P whose one output buffer B is read
// only by the next nest C is folded into C: C's body computes P's value at
// each of its loads of B instead of loading it, and B is no longer
// allocated, written or read. This is producer-consumer fusion across
// iteration spaces: the elementwise prologue of a reduction (x·s before a
// softmax or a layer norm), a broadcast feeding a consumer, an operand
// transformed before a loop-path matmul.
//
// P is eligible when (docs/lowering.md, "tc-fuse-producers"):
//   - all its loops are parallel, its bounds are B's shape (at a run-time
//     dimension, a bound the IR shows to be B's size, ../Sizes.c), and its body is
//     one block of loads of its buffers, arith ops (kMaxOps at most, no
//     math calls: recomputing a transcendental is not cheap), reads of its
//     buffers' sizes (memref.dim at a constant; one of B's reads instead a
//     folded buffer's dimension the IR shows to be the same size), and
//     exactly one store, of B, at the induction variables;
//   - B is a memref.alloc used only by P, by C (one operand), by its
//     deallocation and by reads of its size (given its size operand when B
//     goes); C's body only loads B, at most kMaxReads places;
//   - C follows P (only memref.alloc, constants and size computations
//     between them), and no
//     buffer C writes is one P reads (traced through views), so every
//     value P read is still there when C recomputes it;
//   - the folded nest needs at most 16 buffers.
// Then each load of B in C yields the value P stored at that index: the
// same ops on the same operands in the same order, each rounding as it did
// (arith ops are deterministic and a store and load of one type are
// exact), so folding cannot change a single bit
// (test/Conversion/Schedule/fuse-producers-conform.test).
//
// Records one decision `fuse` per fold: the producer's and the consumer's
// bodies, the reads that now recompute, and the bytes of B eliminated.
//
// Anchored on builtin.module: a fold erases the producer's and the
// consumer's body functions and inserts the folded body into the module's
// symbol table.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "../../Transforms/TransformsInternal.h"
#include "ScheduleInternal.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <string.h>

/// kMaxReads bounds code size: a reduction pass in lanes (TensorToLoop/Lanes.c)
/// loads at up to 15 places, and softmax and layer norm make 3 passes.
enum { kMaxOps = 8, kMaxReads = 32, kMaxMapped = 256 };

/// A producer and its consumer, as the analysis found them.
typedef struct Fold {
  MlirOperation producer, consumer;       ///< the nests
  MlirOperation producerBody, consumerBody;
  intptr_t written;                        ///< P's operand that is B
  intptr_t read;                           ///< C's operand that is B
  intptr_t reads;                          ///< loads of B in C's body
} Fold;

static MlirOperation bodyOf(MlirOperation nest, MlirSymbolTable symbols) {
  return mlirSymbolTableLookup(symbols, mlirFlatSymbolRefAttrGetValue(tcOpAttr(nest, "body")));
}

static intptr_t rankOf(MlirOperation nest) { return mlirDenseArrayGetNumElements(tcOpAttr(nest, "bounds")); }

static bool isArith(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return name.length > 6 && strncmp(name.data, "arith.", 6) == 0;
}

static bool storesAtPoint(MlirOperation store, MlirBlock block, intptr_t rank) {
  if (mlirOperationGetNumOperands(store) != 2 + rank)
    return false;
  for (intptr_t k = 0; k < rank; ++k)
    if (!mlirValueEqual(mlirOperationGetOperand(store, 2 + k), mlirBlockGetArgument(block, k)))
      return false;
  return true;
}

/// True if `v` is one of the buffer arguments of `block` (after `rank` ivs).
static bool isBufferArg(MlirValue v, MlirBlock block, intptr_t rank) {
  return mlirValueIsABlockArgument(v) && mlirBlockEqual(mlirBlockArgumentGetOwner(v), block) &&
         mlirBlockArgumentGetArgNumber(v) >= rank;
}

/// The constant dimension a memref.dim reads, or -1.
static int64_t dimIndex(MlirOperation dim) {
  MlirOperation index = tcDefiningOp(mlirOperationGetOperand(dim, 1));
  if (!tcIsOp(index, "arith.constant"))
    return -1;
  return mlirIntegerAttrGetValueInt(tcOpAttr(index, "value"));
}

/// True if every use of P's output argument `arg` but `store` is a memref.dim.
static bool onlyStoredAndSized(MlirValue arg, MlirOperation store) {
  for (MlirOpOperand u = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (!mlirOperationEqual(user, store) && !tcIsOp(user, "memref.dim"))
      return false;
  }
  return true;
}

/// The operand P writes, if P's body is cheap and pointwise (header), else -1.
static intptr_t cheapPointwiseOutput(MlirOperation nest, MlirOperation body) {
  intptr_t rank = rankOf(nest), written = -1, ops = 0;
  for (intptr_t i = 0; i < rank; ++i)
    if (!mlirDenseBoolArrayGetElement(tcOpAttr(nest, "parallel"), i))
      return -1;
  MlirBlock block = tcEntryBlock(body);
  MlirOperation store = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (tcIsOp(op, "memref.store")) {
      MlirValue target = mlirOperationGetOperand(op, 1);
      if (written >= 0 || !isBufferArg(target, block, rank) || !storesAtPoint(op, block, rank))
        return -1;
      written = mlirBlockArgumentGetArgNumber(target) - rank;
      store = op;
    } else if (tcIsOp(op, "memref.load") || tcIsOp(op, "memref.dim")) {
      if (!isBufferArg(mlirOperationGetOperand(op, 0), block, rank) || (tcIsOp(op, "memref.dim") && dimIndex(op) < 0))
        return -1;
    } else if (isArith(op)) {
      ops += !tcIsOp(op, "arith.constant");
    } else if (!tcIsOp(op, "func.return")) {
      return -1; // a call, a loop, a math function: not cheap or not simple
    }
  }
  if (written < 0 || ops > kMaxOps)
    return -1;
  return onlyStoredAndSized(mlirBlockGetArgument(block, rank + written), store) ? written : -1; // P does not load B
}

/// True if P's bounds are the shape of `buffer`: P writes all of it. At a
/// run-time dimension of `buffer`, P's bound must be a size the IR shows
/// equal to it (its `bound_dims` entry, Sizes.c).
static bool coversBuffer(MlirOperation nest, MlirValue buffer) {
  MlirType type = mlirValueGetType(buffer);
  MlirAttribute bounds = tcOpAttr(nest, "bounds");
  if (mlirShapedTypeGetRank(type) != mlirDenseArrayGetNumElements(bounds))
    return false;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(type); ++i) {
    int64_t bound = mlirDenseI64ArrayGetElement(bounds, i), slot, dim;
    if (bound == -1) {
      tcNestBoundSource(nest, i, &slot, &dim);
      if (!mlirShapedTypeIsDynamicDim(type, i) ||
          !tcSameSize(tcSizeOfDim(mlirOperationGetOperand(nest, slot), dim), tcSizeOfDim(buffer, i)))
        return false;
    } else if (mlirShapedTypeIsDynamicDim(type, i) || mlirShapedTypeGetDimSize(type, i) != bound) {
      return false;
    }
  }
  return true;
}

/// The next op after `op` that is not an allocation or a constant.
static MlirOperation nextWork(MlirOperation op) {
  for (op = mlirOperationGetNextInBlock(op); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (!tcIsOp(op, "memref.alloc") && !tcIsOp(op, "arith.constant") && !tcIsOp(op, "memref.get_global") &&
        !tcIsSizeArith(op))
      return op;
  return op;
}

/// True if `buffer` is an allocation only P, C (once) and deallocations use.
static bool onlyBetween(MlirValue buffer, MlirOperation producer, MlirOperation consumer) {
  MlirOperation def = tcDefiningOp(buffer);
  if (mlirOperationIsNull(def) || !tcIsOp(def, "memref.alloc"))
    return false;
  intptr_t byProducer = 0, byConsumer = 0;
  for (MlirOpOperand u = mlirValueGetFirstUse(buffer); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (mlirOperationEqual(user, producer))
      ++byProducer;
    else if (mlirOperationEqual(user, consumer))
      ++byConsumer;
    else if (!tcIsOp(user, "memref.dealloc") && !tcIsSizeRead(user))
      return false;
  }
  return byProducer == 1 && byConsumer == 1;
}

/// The number of loads of `arg` in C's body; -1 if anything else uses it.
static intptr_t loadsOnly(MlirValue arg) {
  intptr_t n = 0;
  for (MlirOpOperand u = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    if (!tcIsOp(mlirOpOperandGetOwner(u), "memref.load"))
      return -1;
    ++n;
  }
  return n;
}

/// True if C's body may write through its buffer argument `arg`.
static bool mayWrite(MlirValue arg) {
  for (MlirOpOperand u = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    if (!tcIsOp(mlirOpOperandGetOwner(u), "memref.load"))
      return true;
  return false;
}

/// True if a buffer C may write is one P reads.
static bool consumerClobbers(const Fold *f) {
  MlirBlock cBlock = tcEntryBlock(f->consumerBody);
  intptr_t cRank = rankOf(f->consumer);
  for (intptr_t j = 0; j < mlirOperationGetNumOperands(f->consumer); ++j) {
    if (!mayWrite(mlirBlockGetArgument(cBlock, cRank + j)))
      continue;
    MlirValue root = tcBufferRoot(mlirOperationGetOperand(f->consumer, j));
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(f->producer); ++k)
      if (k != f->written && mlirValueEqual(tcBufferRoot(mlirOperationGetOperand(f->producer, k)), root))
        return true;
  }
  return false;
}

/// The buffers of the folded nest: C's without B, then P's inputs C lacks.
typedef struct Slots {
  MlirValue value[2 * kMaxBuffers];
  intptr_t n;
} Slots;

static intptr_t slotOf(Slots *s, MlirValue v) { return tcValueSlot(s->value, &s->n, v); }

static void collectSlots(const Fold *f, Slots *s) {
  s->n = 0;
  for (intptr_t j = 0; j < mlirOperationGetNumOperands(f->consumer); ++j)
    if (j != f->read)
      slotOf(s, mlirOperationGetOperand(f->consumer, j));
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(f->producer); ++k)
    if (k != f->written)
      slotOf(s, mlirOperationGetOperand(f->producer, k));
}

/// The first run-time dimension of a folded buffer the IR shows to be `size`
/// (Sizes.c), as its slot and dimension; false if there is none.
static bool sizeSlot(const Slots *s, TcSizeKey size, int64_t *slot, int64_t *dim) {
  for (intptr_t k = 0; k < s->n; ++k) {
    MlirType t = mlirValueGetType(s->value[k]);
    for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
      if (mlirShapedTypeIsDynamicDim(t, d) && tcSameSize(tcSizeOfDim(s->value[k], d), size)) {
        *slot = k;
        *dim = d;
        return true;
      }
  }
  return false;
}

/// True if every size of B that P's body reads is a folded buffer's.
static bool bSizesFolded(const Fold *f, const Slots *s) {
  MlirValue bArg = mlirBlockGetArgument(tcEntryBlock(f->producerBody), rankOf(f->producer) + f->written);
  MlirValue buffer = mlirOperationGetOperand(f->producer, f->written);
  int64_t slot, dim;
  for (MlirOpOperand u = mlirValueGetFirstUse(bArg); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (tcIsOp(user, "memref.dim") && !sizeSlot(s, tcSizeOfDim(buffer, dimIndex(user)), &slot, &dim))
      return false;
  }
  return true;
}

/// The folded nest's `bound_dims`: C's, renumbered to the folded buffers.
/// An entry naming B (which goes) names instead the first dimension of a
/// folded buffer that the IR shows to be the same size (Sizes.c). Returns
/// the number of entries, or -1 if there is none.
static intptr_t foldedBoundDims(const Fold *f, Slots *s, int64_t *out) {
  MlirAttribute dims = tcOpAttr(f->consumer, "bound_dims");
  intptr_t n = mlirAttributeIsNull(dims) ? 0 : mlirDenseArrayGetNumElements(dims);
  for (intptr_t e = 0; e < n; e += 2) {
    int64_t slot = mlirDenseI64ArrayGetElement(dims, e), dim = mlirDenseI64ArrayGetElement(dims, e + 1);
    if (slot != f->read) {
      out[e] = slotOf(s, mlirOperationGetOperand(f->consumer, slot)); // already there: C's buffers come first
      out[e + 1] = dim;
      continue;
    }
    if (!sizeSlot(s, tcSizeOfDim(mlirOperationGetOperand(f->consumer, slot), dim), &out[e], &out[e + 1]))
      return -1;
  }
  return n;
}

/// Fills `f` if `producer` can be folded into the nest after it.
static bool analyse(MlirOperation producer, MlirSymbolTable symbols, Fold *f) {
  memset(f, 0, sizeof *f);
  f->producer = producer;
  f->producerBody = bodyOf(producer, symbols);
  if (mlirOperationIsNull(f->producerBody))
    return false;
  f->written = cheapPointwiseOutput(producer, f->producerBody);
  f->consumer = nextWork(producer);
  if (f->written < 0 || mlirOperationIsNull(f->consumer) || !tcIsOp(f->consumer, "tc_loop.nest"))
    return false;
  MlirValue buffer = mlirOperationGetOperand(producer, f->written);
  if (!coversBuffer(producer, buffer) || !onlyBetween(buffer, producer, f->consumer))
    return false;
  f->consumerBody = bodyOf(f->consumer, symbols);
  if (mlirOperationIsNull(f->consumerBody))
    return false;
  for (f->read = 0; !mlirValueEqual(mlirOperationGetOperand(f->consumer, f->read), buffer); ++f->read)
    ;
  f->reads = loadsOnly(mlirBlockGetArgument(tcEntryBlock(f->consumerBody), rankOf(f->consumer) + f->read));
  if (f->reads < 0 || f->reads > kMaxReads || consumerClobbers(f))
    return false;
  Slots s;
  collectSlots(f, &s);
  int64_t boundDims[2 * kMaxRank];
  return s.n <= kMaxBuffers && foldedBoundDims(f, &s, boundDims) >= 0 && bSizesFolded(f, &s);
}

//===-- Building the folded nest ------------------------------------------===//

/// Original values of P's body and what they are at one load of B.
typedef struct Mapping {
  MlirValue from[kMaxMapped], to[kMaxMapped];
  intptr_t n;
} Mapping;

static void map(Mapping *m, MlirValue from, MlirValue to) {
  if (m->n == kMaxMapped)
    tcFatal("tc-fuse-producers: a producer body larger than its analysis allowed");
  m->from[m->n] = from;
  m->to[m->n++] = to;
}

static MlirValue lookup(const Mapping *m, MlirValue v) {
  for (intptr_t i = 0; i < m->n; ++i)
    if (mlirValueEqual(m->from[i], v))
      return m->to[i];
  return v;
}

/// Replaces `load` (of B, in the folded body) by P's computation at its
/// indices: P's ivs become the load's indices, P's buffers the folded
/// body's arguments `args` (per P operand), and a size of B the same size
/// of a folded buffer (bSizesFolded; `all` holds the folded body's buffer
/// arguments, per slot).
static void recomputeAt(MlirOperation load, const Fold *f, const Slots *s, const MlirValue *args,
                        const MlirValue *all) {
  MlirBlock pBlock = tcEntryBlock(f->producerBody), at = mlirOperationGetBlock(load);
  intptr_t pRank = rankOf(f->producer);
  Mapping m = {.n = 0};
  for (intptr_t k = 0; k < pRank; ++k)
    map(&m, mlirBlockGetArgument(pBlock, k), mlirOperationGetOperand(load, 1 + k));
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(f->producer); ++k)
    if (k != f->written)
      map(&m, mlirBlockGetArgument(pBlock, pRank + k), args[k]);
  MlirValue value = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(pBlock); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (tcIsOp(op, "memref.store")) {
      value = lookup(&m, mlirOperationGetOperand(op, 0));
      continue;
    }
    if (tcIsOp(op, "func.return"))
      continue;
    int64_t slot, dim;
    if (tcIsOp(op, "memref.dim") &&
        mlirValueEqual(mlirOperationGetOperand(op, 0), mlirBlockGetArgument(pBlock, pRank + f->written)) &&
        sizeSlot(s, tcSizeOfDim(mlirOperationGetOperand(f->producer, f->written), dimIndex(op)), &slot, &dim)) {
      TcBuilder b = tcBuilderBefore(load);
      map(&m, mlirOperationGetResult(op, 0), tcBDim(&b, all[slot], dim));
      continue;
    }
    MlirOperation copy = mlirOperationClone(op);
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(copy); ++i)
      mlirOperationSetOperand(copy, i, lookup(&m, mlirOperationGetOperand(op, i)));
    mlirBlockInsertOwnedOperationBefore(at, load, copy);
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
      map(&m, mlirOperationGetResult(op, i), mlirOperationGetResult(copy, i));
  }
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(load, 0), value);
  mlirOperationDestroy(load);
}

/// Moves C's body into `folded`, then recomputes P at every load of B.
static void buildBody(const Fold *f, Slots *s, MlirOperation folded) {
  MlirBlock from = tcEntryBlock(f->consumerBody), to = tcEntryBlock(folded);
  intptr_t cRank = rankOf(f->consumer);
  for (intptr_t i = 0; i < cRank; ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(from, i), mlirBlockGetArgument(to, i));
  for (intptr_t j = 0; j < mlirOperationGetNumOperands(f->consumer); ++j)
    if (j != f->read)
      mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(from, cRank + j),
                                    mlirBlockGetArgument(to, cRank + slotOf(s, mlirOperationGetOperand(f->consumer, j))));
  MlirOperation ret = mlirBlockGetTerminator(to);
  for (MlirOperation op = mlirBlockGetFirstOperation(from), next; !mlirOperationIsNull(op); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (!tcIsOp(op, "func.return"))
      mlirOperationMoveBefore(op, ret);
  }
  MlirValue args[kMaxBuffers], all[kMaxBuffers];
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(f->producer); ++k)
    if (k != f->written)
      args[k] = mlirBlockGetArgument(to, cRank + slotOf(s, mlirOperationGetOperand(f->producer, k)));
  for (intptr_t k = 0; k < s->n; ++k)
    all[k] = mlirBlockGetArgument(to, cRank + k);
  MlirValue bArg = mlirBlockGetArgument(from, cRank + f->read);
  MlirOpOperand u;
  while (!mlirOpOperandIsNull(u = mlirValueGetFirstUse(bArg)))
    recomputeAt(mlirOpOperandGetOwner(u), f, s, args, all);
}

static MlirOperation createNest(const Fold *f, Slots *s, MlirOperation body) {
  MlirContext ctx = mlirOperationGetContext(body);
  int32_t segments[kMaxBuffers];
  for (intptr_t i = 0; i < kMaxBuffers; ++i)
    segments[i] = i < s->n;
  MlirAttribute name = tcOpAttr(body, "sym_name");
  int64_t boundDims[2 * kMaxRank];
  intptr_t nBoundDims = foldedBoundDims(f, s, boundDims);
  MlirNamedAttribute attrs[8] = {
      tcNamed(ctx, "body", mlirFlatSymbolRefAttrGet(ctx, mlirStringAttrGetValue(name))),
      tcNamed(ctx, "bounds", tcOpAttr(f->consumer, "bounds")),
      tcNamed(ctx, "parallel", tcOpAttr(f->consumer, "parallel")),
      tcNamed(ctx, "tile", tcOpAttr(f->consumer, "tile")),
      tcNamed(ctx, "vector_width", tcOpAttr(f->consumer, "vector_width")),
      tcNamed(ctx, "group", tcOpAttr(f->consumer, "group")),
      tcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, kMaxBuffers, segments)),
  };
  if (nBoundDims > 0)
    attrs[7] = tcNamed(ctx, "bound_dims", mlirDenseI64ArrayGet(ctx, nBoundDims, boundDims));
  TcBuilder at = tcBuilderBefore(f->consumer);
  return tcBuildOp(&at, "tc_loop.nest", 0, NULL, s->n, s->value, nBoundDims > 0 ? 8 : 7, attrs);
}

static void record(const Fold *f, MlirOperation nest, MlirOperation body, MlirType buffer) {
  MlirStringRef p = mlirStringAttrGetValue(tcOpAttr(f->producerBody, "sym_name"));
  MlirStringRef c = mlirStringAttrGetValue(tcOpAttr(f->consumerBody, "sym_name"));
  MlirStringRef b = mlirStringAttrGetValue(tcOpAttr(body, "sym_name"));
  char subject[512], detail[1024];
  snprintf(detail, sizeof detail,
           "producer @%.*s folded into consumer @%.*s (body @%.*s), recomputed at its %ld read(s); "
           "1 intermediate buffer eliminated (%lld bytes%s)",
           (int)p.length, p.data, (int)c.length, c.data, (int)b.length, b.data, (long)f->reads,
           (long long)tcBufferBytes(buffer), mlirShapedTypeHasStaticShape(buffer) ? "" : " at run-time sizes of 1");
  TcDecision decision = {"fuse", tcDecisionSubject(nest, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(nest), &decision);
}

/// Folds P into C; returns the folded nest (where C was).
static MlirOperation fold(MlirOperation func, MlirSymbolTable symbols, const Fold *f) {
  Slots s;
  collectSlots(f, &s);
  MlirType types[kMaxBuffers];
  for (intptr_t k = 0; k < s.n; ++k)
    types[k] = mlirValueGetType(s.value[k]);
  MlirOperation body = tcCreateLoopBody(func, symbols, "prologue", mlirOperationGetLocation(f->consumerBody),
                                        rankOf(f->consumer), types, s.n);
  buildBody(f, &s, body);
  MlirOperation nest = createNest(f, &s, body);
  MlirValue buffer = mlirOperationGetOperand(f->producer, f->written);
  record(f, nest, body, mlirValueGetType(buffer));
  mlirOperationDestroy(f->consumer);
  mlirOperationDestroy(f->producer);
  mlirSymbolTableErase(symbols, f->consumerBody);
  mlirSymbolTableErase(symbols, f->producerBody);
  tcEraseAllocation(buffer);
  return nest;
}

/// One walk over the block: a folded nest is examined next, as a producer
/// for the nest after it.
static void foldFunction(MlirOperation func, MlirSymbolTable symbols, void *unused) {
  MlirBlock block = tcEntryBlock(func);
  if (mlirBlockIsNull(block))
    return;
  MlirOperation op = mlirBlockGetFirstOperation(block);
  while (!mlirOperationIsNull(op)) {
    Fold f;
    char subject[512]; // the folded nest takes the consumer's place and location
    if (tcIsOp(op, "tc_loop.nest") && analyse(op, symbols, &f) &&
        !tcDecisionRefused(mlirOperationGetContext(op), "tc-fuse-producers", "fuse",
                           tcDecisionSubject(f.consumer, subject, sizeof subject),
                           "the producer keeps its own nest and buffer"))
      op = fold(func, symbols, &f);
    else
      op = mlirOperationGetNextInBlock(op);
  }
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  tcForEachProgramFunction(module, foldFunction, NULL);
}

MlirPass tcCreateFuseProducersPass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateLoweringPass(&passId, "TcFuseProducers", "tc-fuse-producers",
                              "Fold a cheap pointwise nest into the nest that reads its output", run);
}
