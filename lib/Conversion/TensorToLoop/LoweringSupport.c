//===- LoweringSupport.c - nests, buffers and attributes for lowerings -----===//
//
// Every tc_tensor lowering creates the same scaffolding: a buffer per
// result, a body function `(index x L, buffers...) -> ()` marked
// `tc_loop.body`, and the `tc_loop.nest` that names it with a schedule.
// This file builds that scaffolding, so a family file only writes what one
// body computes. Nests start with the plainest schedule (no tiles, scalar,
// group -1); the parallel flags are the producer's promise of
// docs/dialects.md §3.1 and each lowering states why it holds.
//
//===----------------------------------------------------------------------===//
#include "TensorToLoopInternal.h"

#include "../../Transforms/TransformsInternal.h"
#include "tensorc/Contract.h"
#include "tensorc/Manifest.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

intptr_t tcShapeOf(MlirType type, int64_t *shape) {
  intptr_t rank = mlirShapedTypeGetRank(type);
  for (intptr_t i = 0; i < rank; ++i)
    shape[i] = mlirShapedTypeGetDimSize(type, i);
  return rank;
}

static MlirValue cast(TcBuilder *b, MlirValue value, MlirType type) {
  return tcBuildValue(b, "builtin.unrealized_conversion_cast", type, 1, &value, 0, NULL);
}

MlirValue tcLowerBufferOf(TcLowering *l, MlirValue value) {
  return cast(&l->at, value, tcMemRefForTensor(mlirValueGetType(value)));
}

MlirValue tcLowerOperand(TcLowering *l, intptr_t i) { return mlirOperationGetOperand(l->op, i); }

MlirType tcLowerResultType(TcLowering *l, intptr_t i) {
  return mlirValueGetType(mlirOperationGetResult(l->op, i));
}

static MlirAttribute attr(TcLowering *l, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(l->op, mlirStringRefCreateFromCString(name));
  assert(!mlirAttributeIsNull(a) && "tc-verify guarantees required attributes");
  return a;
}

int64_t tcLowerAttrInt(TcLowering *l, const char *name) { return mlirIntegerAttrGetValueInt(attr(l, name)); }

bool tcLowerAttrBool(TcLowering *l, const char *name) { return mlirBoolAttrGetValue(attr(l, name)); }

double tcLowerAttrFloat(TcLowering *l, const char *name) { return mlirFloatAttrGetValueDouble(attr(l, name)); }

intptr_t tcLowerAttrI64Array(TcLowering *l, const char *name, int64_t *out, intptr_t cap) {
  MlirAttribute a = attr(l, name);
  intptr_t n = mlirDenseArrayGetNumElements(a);
  for (intptr_t i = 0; i < n && i < cap; ++i)
    out[i] = mlirDenseI64ArrayGetElement(a, i);
  return n;
}

int64_t tcLowerAxis(TcLowering *l, const char *name, intptr_t r) {
  int64_t axis = tcLowerAttrInt(l, name);
  return axis < 0 ? axis + r : axis;
}

void tcBroadcastIndex(TcBuilder *b, const MlirValue *iv, intptr_t rank, MlirType type, MlirValue *out) {
  int64_t shape[TC_MAX_RANK];
  intptr_t q = tcShapeOf(type, shape);
  MlirValue zero = {NULL};
  for (intptr_t k = 0; k < q; ++k) {
    if (shape[k] == 1) {
      if (mlirValueIsNull(zero))
        zero = tcBIndex(b, 0);
      out[k] = zero;
    } else {
      out[k] = iv[rank - q + k];
    }
  }
}

/// Creates `func.func private @<func>__<kind>(index x rank, types...)`
/// marked `tc_loop.body`, holding only `return`, in the module before
/// `l->func`; names it uniquely.
static MlirOperation createBody(TcLowering *l, const char *kind, intptr_t rank, intptr_t nBuffers,
                                const MlirType *bufferTypes) {
  return tcCreateLoopBody(l->func, l->symbols, kind, mlirOperationGetLocation(l->op), rank, bufferTypes, nBuffers);
}

/// The `bound_dims` of a nest whose bounds hold -1 (docs/dialects.md §3.1):
/// for each run-time bound i, the last buffer of at least the nest's rank
/// whose dimension i is dynamic (the output, for the nests of
/// tcLowerBeginNest: the nest spans its leading dimensions, all of them or,
/// as conv2d's depthwise rows do, all but the innermost), whose extent the
/// lowering made equal to the bound; or rather the first buffer of that
/// rank whose dimension i is the same size (Sizes.c): an input, which
/// stays the input's when bufferization makes the output a function's
/// argument, so that fusion sees the nests' bounds are equal. Returns the
/// number of entries (0 for static bounds).
static intptr_t runTimeBounds(const TcNestSpec *spec, intptr_t nBuffers, const MlirValue *buffers, int64_t *out) {
  intptr_t n = 0;
  for (intptr_t i = 0; i < spec->rank; ++i) {
    if (spec->bounds[i] != -1)
      continue;
    intptr_t slot = nBuffers - 1;
    for (; slot >= 0; --slot) {
      MlirType t = mlirValueGetType(buffers[slot]);
      if (mlirShapedTypeGetRank(t) >= spec->rank && mlirShapedTypeIsDynamicDim(t, i))
        break;
    }
    if (slot < 0)
      tcFatal("tc-lower-tensor: run-time bound #%ld of a nest has no buffer of that size", (long)i);
    TcSizeKey size = tcSizeOfDim(buffers[slot], i);
    intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(buffers[slot]));
    for (intptr_t s = 0; s < slot; ++s) {
      MlirType t = mlirValueGetType(buffers[s]);
      if (mlirShapedTypeGetRank(t) == rank && mlirShapedTypeIsDynamicDim(t, i) &&
          tcSameSize(tcSizeOfDim(buffers[s], i), size)) {
        slot = s;
        break;
      }
    }
    out[n++] = slot;
    out[n++] = i;
  }
  return n;
}

static MlirOperation createNest(TcLowering *l, MlirOperation body, const TcNestSpec *spec, intptr_t nBuffers,
                                const MlirValue *buffers) {
  MlirContext ctx = l->at.ctx;
  bool parallel[TC_MAX_RANK];
  int64_t tiles[TC_MAX_RANK];
  for (intptr_t i = 0; i < spec->rank; ++i) {
    parallel[i] = spec->parallel ? spec->parallel[i] : true;
    tiles[i] = 0;
  }
  int32_t segments[TC_MAX_NEST_BUFFERS];
  for (intptr_t i = 0; i < TC_MAX_NEST_BUFFERS; ++i)
    segments[i] = i < nBuffers;
  int parallelInts[TC_MAX_RANK];
  for (intptr_t i = 0; i < spec->rank; ++i)
    parallelInts[i] = parallel[i];
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirAttribute bodyName = mlirOperationGetAttributeByName(body, mlirSymbolTableGetSymbolAttributeName());
  MlirNamedAttribute attrs[8] = {
      tcNamed(ctx, "body", mlirFlatSymbolRefAttrGet(ctx, mlirStringAttrGetValue(bodyName))),
      tcNamed(ctx, "bounds", mlirDenseI64ArrayGet(ctx, spec->rank, spec->bounds)),
      tcNamed(ctx, "parallel", mlirDenseBoolArrayGet(ctx, spec->rank, parallelInts)),
      tcNamed(ctx, "tile", mlirDenseI64ArrayGet(ctx, spec->rank, tiles)),
      tcNamed(ctx, "vector_width", mlirIntegerAttrGet(i64, 1)),
      tcNamed(ctx, "group", mlirIntegerAttrGet(i64, -1)),
      tcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, TC_MAX_NEST_BUFFERS, segments)),
  };
  int64_t boundDims[2 * TC_MAX_RANK];
  intptr_t nBoundDims = runTimeBounds(spec, nBuffers, buffers, boundDims);
  if (nBoundDims)
    attrs[7] = tcNamed(ctx, "bound_dims", mlirDenseI64ArrayGet(ctx, nBoundDims, boundDims));
  ++l->nests;
  return tcBuildOp(&l->at, "tc_loop.nest", 0, NULL, nBuffers, buffers, nBoundDims ? 8 : 7, attrs);
}

/// The run-time sizes of the dynamic dimensions of `type` (a result of a
/// NumPy broadcast of the buffers `in`): for each `?`, the largest extent of
/// the inputs' aligned dimensions that are dynamic (a static one there
/// would have made the result's static, or is 1). The program's guards
/// have checked that those extents are equal or 1 (docs/dialects.md §1.5
/// `broadcast`), so the largest is the broadcast's. Returns how many.
static intptr_t broadcastSizes(TcBuilder *b, intptr_t nIn, const MlirValue *in, MlirType type, MlirValue *sizes) {
  intptr_t rank = mlirShapedTypeGetRank(type), n = 0;
  for (intptr_t k = 0; k < rank; ++k) {
    if (!mlirShapedTypeIsDynamicDim(type, k))
      continue;
    MlirValue size = {NULL};
    for (intptr_t i = 0; i < nIn; ++i) {
      MlirType t = mlirValueGetType(in[i]);
      intptr_t d = k - (rank - mlirShapedTypeGetRank(t));
      if (d < 0 || !mlirShapedTypeIsDynamicDim(t, d))
        continue;
      MlirValue extent = tcBDim(b, in[i], d);
      size = mlirValueIsNull(size) ? extent : tcBBinary(b, "arith.maxui", size, extent);
    }
    if (mlirValueIsNull(size))
      tcFatal("tc-lower-tensor: a dynamic result dimension (#%ld) has no dynamic operand dimension", (long)k);
    sizes[n++] = size;
  }
  return n;
}

/// The element count of buffer `x` over the product of the static sizes of
/// `type` (its one `?`, tc-verify; the guards checked `reshape-count`).
static MlirValue quotientSize(TcBuilder *b, MlirValue x, MlirType type) {
  MlirType t = mlirValueGetType(x);
  int64_t known = 1, divisor = 1;
  MlirValue count = {NULL};
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d) {
    if (!mlirShapedTypeIsDynamicDim(t, d)) {
      known *= mlirShapedTypeGetDimSize(t, d);
      continue;
    }
    MlirValue extent = tcBDim(b, x, d);
    count = mlirValueIsNull(count) ? extent : tcBBinary(b, "arith.muli", count, extent);
  }
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d)
    if (!mlirShapedTypeIsDynamicDim(type, d))
      divisor *= mlirShapedTypeGetDimSize(type, d);
  if (known != 1)
    count = tcBBinary(b, "arith.muli", count, tcBIndex(b, known));
  return divisor == 1 ? count : tcBBinary(b, "arith.divui", count, tcBIndex(b, divisor));
}

/// The run-time sizes of the dynamic dimensions of `type` where the
/// lowering says where each comes from: `from` holds an (input, dimension)
/// pair per `?`, in order (TcNestSpec.sizeFrom). Returns how many.
static intptr_t declaredSizes(TcBuilder *b, const int64_t *from, const MlirValue *in, MlirType type,
                              MlirValue *sizes) {
  intptr_t n = 0;
  for (intptr_t k = 0; k < mlirShapedTypeGetRank(type); ++k)
    if (mlirShapedTypeIsDynamicDim(type, k)) {
      sizes[n] = from[2 * n] == TC_SIZE_QUOTIENT ? quotientSize(b, in[from[2 * n + 1]], type)
                                                 : tcBDim(b, in[from[2 * n]], from[2 * n + 1]);
      ++n;
    }
  return n;
}

void tcLowerBeginNest(TcLowering *l, const TcNestSpec *spec, TcNest *nest) {
  intptr_t nBuffers = spec->nInputs + spec->nOutputs;
  assert(nBuffers <= TC_MAX_NEST_BUFFERS && spec->rank <= TC_MAX_RANK);
  MlirValue buffers[TC_MAX_NEST_BUFFERS];
  MlirType types[TC_MAX_NEST_BUFFERS];
  for (intptr_t i = 0; i < spec->nInputs; ++i)
    buffers[i] = tcLowerBufferOf(l, spec->inputs[i]);
  for (intptr_t i = 0; i < spec->nOutputs; ++i) {
    MlirType type = tcMemRefForTensor(mlirValueGetType(spec->outputs[i]));
    MlirValue sizes[TC_MAX_RANK];
    intptr_t nSizes = spec->sizeFrom ? declaredSizes(&l->at, spec->sizeFrom, buffers, type, sizes)
                                     : broadcastSizes(&l->at, spec->nInputs, buffers, type, sizes);
    buffers[spec->nInputs + i] = tcBAllocSized(&l->at, "memref.alloc", type, nSizes, sizes, 64);
  }
  for (intptr_t i = 0; i < nBuffers; ++i)
    types[i] = mlirValueGetType(buffers[i]);
  nest->bodyFunc = createBody(l, spec->kind, spec->rank, nBuffers, types);
  nest->nest = createNest(l, nest->bodyFunc, spec, nBuffers, buffers);
  for (intptr_t i = 0; i < spec->nOutputs; ++i) {
    MlirValue result = cast(&l->at, buffers[spec->nInputs + i], mlirValueGetType(spec->outputs[i]));
    mlirValueReplaceAllUsesOfWith(spec->outputs[i], result);
  }
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(nest->bodyFunc, 0));
  nest->body = tcBuilderAtEnd(block, mlirOperationGetLocation(l->op), true);
  for (intptr_t i = 0; i < spec->rank; ++i)
    nest->iv[i] = mlirBlockGetArgument(block, i);
  for (intptr_t i = 0; i < spec->nInputs; ++i)
    nest->in[i] = mlirBlockGetArgument(block, spec->rank + i);
  for (intptr_t i = 0; i < spec->nOutputs; ++i)
    nest->out[i] = mlirBlockGetArgument(block, spec->rank + spec->nInputs + i);
}

void tcLowerNestOnBuffers(TcLowering *l, const char *kind, intptr_t rank, const int64_t *bounds,
                          intptr_t nBuffers, const MlirValue *buffers, TcNest *nest) {
  assert(nBuffers <= TC_MAX_NEST_BUFFERS && rank <= TC_MAX_RANK);
  MlirType types[TC_MAX_NEST_BUFFERS];
  for (intptr_t i = 0; i < nBuffers; ++i)
    types[i] = mlirValueGetType(buffers[i]);
  TcNestSpec spec = {kind, rank, bounds, NULL, nBuffers, NULL, 0, NULL, NULL};
  nest->bodyFunc = createBody(l, kind, rank, nBuffers, types);
  nest->nest = createNest(l, nest->bodyFunc, &spec, nBuffers, buffers);
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(nest->bodyFunc, 0));
  nest->body = tcBuilderAtEnd(block, mlirOperationGetLocation(l->op), true);
  for (intptr_t i = 0; i < rank; ++i)
    nest->iv[i] = mlirBlockGetArgument(block, i);
  for (intptr_t i = 0; i < nBuffers; ++i)
    nest->in[i] = mlirBlockGetArgument(block, rank + i);
}

bool tcLowerEmptyResults(TcLowering *l) {
  intptr_t n = mlirOperationGetNumResults(l->op);
  for (intptr_t i = 0; i < n; ++i) {
    int64_t shape[TC_MAX_RANK];
    intptr_t rank = tcShapeOf(tcLowerResultType(l, i), shape), k = 0;
    while (k < rank && shape[k] != 0)
      ++k;
    if (k == rank)
      return false; // no dimension of size 0
  }
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue result = mlirOperationGetResult(l->op, i);
    MlirType tensor = mlirValueGetType(result);
    MlirValue buffer = tcBAlloc(&l->at, "memref.alloc", tcMemRefForTensor(tensor), 64);
    mlirValueReplaceAllUsesOfWith(result, cast(&l->at, buffer, tensor));
  }
  return true;
}

/// Input `i`'s indices where its dimension is dynamic and may be 1 at run
/// time while the result's is not (a broadcast): where another input's
/// aligned dimension is dynamic too and not the same size (Sizes.c), or
/// the result's is a known n != 1 (docs/dialects.md §1.4: the `?` is then
/// 1 or n). There the index is 0 when this input's extent is 1. Where only
/// one input is dynamic, or every other dynamic one is the same size, its
/// extent is the result's and the index is the loop's.
static void runTimeBroadcast(TcNest *nest, int arity, const MlirValue *inputs, int i, intptr_t rank,
                             MlirValue *index) {
  MlirType t = mlirValueGetType(inputs[i]);
  intptr_t q = mlirShapedTypeGetRank(t);
  for (intptr_t d = 0; d < q; ++d) {
    if (!mlirShapedTypeIsDynamicDim(t, d))
      continue;
    MlirType result = mlirValueGetType(mlirOperationGetOperand(nest->nest, arity));
    intptr_t r = d + rank - q;
    bool shared = !mlirShapedTypeIsDynamicDim(result, r) && mlirShapedTypeGetDimSize(result, r) != 1;
    for (int j = 0; j < arity; ++j) {
      MlirType u = mlirValueGetType(inputs[j]);
      intptr_t e = d + mlirShapedTypeGetRank(u) - q;
      shared |= j != i && e >= 0 && mlirShapedTypeIsDynamicDim(u, e) &&
                !tcSameSize(tcSizeOfDim(mlirOperationGetOperand(nest->nest, i), d),
                            tcSizeOfDim(mlirOperationGetOperand(nest->nest, j), e));
    }
    if (!shared)
      continue;
    TcBuilder *b = &nest->body;
    MlirValue one = tcBCmpI(b, TC_CMPI_EQ, tcBDim(b, nest->in[i], d), tcBIndex(b, 1));
    index[d] = tcBSelect(b, one, tcBIndex(b, 0), nest->iv[rank - q + d]);
  }
}

MlirLogicalResult tcLowerElementwise(TcLowering *l) {
  const TcElementwiseOp *e = l->data;
  MlirValue result = mlirOperationGetResult(l->op, 0);
  MlirType resultType = mlirValueGetType(result);
  int64_t bounds[TC_MAX_RANK];
  intptr_t rank = tcShapeOf(resultType, bounds);
  for (intptr_t k = 0; k < rank; ++k)
    if (mlirShapedTypeIsDynamicDim(resultType, k))
      bounds[k] = -1; // a run-time bound: the output buffer's extent (bound_dims)
  MlirValue inputs[3];
  for (int i = 0; i < e->arity; ++i)
    inputs[i] = tcLowerOperand(l, i);
  TcNestSpec spec = {e->kind, rank, bounds, NULL, e->arity, inputs, 1, &result, NULL};
  TcNest nest;
  tcLowerBeginNest(l, &spec, &nest);
  MlirValue elements[3];
  for (int i = 0; i < e->arity; ++i) {
    MlirValue index[TC_MAX_RANK];
    MlirType type = mlirValueGetType(inputs[i]);
    tcBroadcastIndex(&nest.body, nest.iv, rank, type, index);
    runTimeBroadcast(&nest, e->arity, inputs, i, rank, index);
    elements[i] = tcBLoad(&nest.body, nest.in[i], mlirShapedTypeGetRank(type), index);
  }
  // `where`: the dtype that matters is the selected operands', not cond's.
  MlirType dtype = mlirShapedTypeGetElementType(mlirValueGetType(inputs[e->arity == 3 ? 1 : 0]));
  MlirValue value = e->fn(&nest.body, dtype, mlirShapedTypeGetElementType(resultType), elements);
  tcBStore(&nest.body, value, nest.out[0], rank, nest.iv);
  return mlirLogicalResultSuccess();
}

static const char *floatName(MlirType t) {
  if (mlirTypeIsAF16(t))
    return "f16";
  if (mlirTypeIsABF16(t))
    return "bf16";
  if (mlirTypeIsAF32(t))
    return "f32";
  if (mlirTypeIsAF64(t))
    return "f64";
  return NULL;
}

static MlirType floatNamed(MlirContext ctx, const char *name) {
  if (strcmp(name, "f16") == 0)
    return mlirF16TypeGet(ctx);
  if (strcmp(name, "bf16") == 0)
    return mlirBF16TypeGet(ctx);
  if (strcmp(name, "f32") == 0)
    return mlirF32TypeGet(ctx);
  return mlirF64TypeGet(ctx);
}

MlirType tcLowerAccumulationType(TcLowering *l, MlirType dtype) {
  const char *name = floatName(dtype);
  if (!name)
    return dtype;
  const char *clause = NULL;
  const char *acc = tcContractGetAccumulationDtype(tcContractGetActive(l->at.ctx), name, &clause);
  // The contract names the least precise accumulator allowed. Partial sums
  // of f32 values can overflow f32 where the exact sum is finite (the spec
  // says intermediates never overflow); in f64 they cannot, so f32 sums go
  // there. f16/bf16 sums in f32 cannot overflow either.
  const char *chosen = strcmp(acc, "f32") == 0 && strcmp(name, "f32") == 0 ? "f64" : acc;
  char subject[512], detail[160];
  snprintf(detail, sizeof detail, "%s values summed in %s%s", name, chosen,
           chosen != acc ? " (the contract asks at least f32; f32 partial sums could overflow)" : "");
  TcDecision decision = {"accumulate", tcDecisionSubject(l->op, subject, sizeof subject), detail, clause};
  tcManifestRecordDecision(l->at.ctx, &decision);
  return floatNamed(l->at.ctx, chosen);
}
