//===- KernelToLoop.c - the tc-lower-kernels pass --------------------------===//
//
// Requires: buffers (tc-bufferize has run); tc_kernel ops in function
// bodies. Guarantees: no tc_kernel op remains; each became tc_loop nests
// computing exactly what docs/dialects.md §4 says:
//
// - `elementwise`: one nest over the common shape, all loops parallel (the
//   spec makes indices independent); its body loads the inputs, calls the
//   kernel's scalar body and stores the results.
// - `reduce`, `conv2d` and `gemm` are defined as the value of a tc_tensor
//   op (reduce_<kind> with keepdims, conv2d, gemm with c as its own
//   addend). The pass builds that op on the kernel's buffers and lowers it
//   with tc-lower-tensor's own lowering, writing straight into the
//   destination: one implementation per meaning. gemm reads c[m, n] only at
//   the point it writes, so writing c in place is safe.
//
// - `gemm` with `kernel = "blis"` becomes a call of the artifact's BLIS
//   shim (BlisGemm.c), rank 2 or batched, f32 or f64; with
//   `kernel = "panel"`, a call of the artifact's panel gemm (PanelGemm.c).
// - `conv2d` with `algorithm = "im2col"` becomes the unrolled input, one
//   BLIS gemm and the output written with its bias (Im2col.c); with
//   `algorithm = "gemm"`, one BLIS gemm per image in the output's layout
//   and an epilogue adding the bias and the fused activation (ConvGemm.c).
//
// Implementations that do not exist yet are compile failures at the op:
// `kernel = "vector"` (gemm), batched
// `kernel = "loops"` gemm, and unsigned buffers (the scalar ops need
// signless ones).
//
// Kernels inside an scf.if (tc-select-kernels' guarded choice for a
// run-time M, SelectGemmDynamic.c) are lowered in place, each branch its own.
//
// Records one decision per kernel: `lower`, what replaced it.
//
// Anchored on builtin.module: the nests it builds name body functions it
// inserts into the module's symbol table (and BLIS declarations there).
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "../../Transforms/TransformsInternal.h"
#include "KernelToLoopInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

MlirValue tcKernelCollapse(TcBuilder *b, MlirValue buffer, intptr_t numGroups, const intptr_t *first) {
  int64_t shape[TC_MAX_RANK], folded[TC_MAX_RANK];
  intptr_t r = tcShapeOf(mlirValueGetType(buffer), shape);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirAttribute groups[TC_MAX_RANK];
  for (intptr_t g = 0; g < numGroups; ++g) {
    intptr_t end = g + 1 < numGroups ? first[g + 1] : r;
    MlirAttribute members[TC_MAX_RANK];
    folded[g] = 1;
    for (intptr_t i = first[g]; i < end; ++i) {
      bool dynamic = folded[g] == mlirShapedTypeGetDynamicSize() || mlirShapedTypeIsDynamicSize(shape[i]);
      folded[g] = dynamic ? mlirShapedTypeGetDynamicSize() : folded[g] * shape[i];
      members[i - first[g]] = mlirIntegerAttrGet(i64, i);
    }
    groups[g] = mlirArrayAttrGet(b->ctx, end - first[g], members);
  }
  MlirType type = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(mlirValueGetType(buffer)), numGroups,
                                              folded, mlirAttributeGetNull());
  MlirNamedAttribute reassociation = tcNamed(b->ctx, "reassociation", mlirArrayAttrGet(b->ctx, numGroups, groups));
  return tcBuildValue(b, "memref.collapse_shape", type, 1, &buffer, 1, &reassociation);
}

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

static void record(MlirOperation op, const char *detail) {
  char subject[512];
  TcDecision decision = {"lower", tcDecisionSubject(op, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(op), &decision);
}

static bool hasUnsignedBuffer(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (tcIsUnsigned(mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetOperand(op, i)))))
      return true;
  return false;
}

/// The tensor type holding the contents of buffer `b`.
static MlirType tensorOf(MlirValue b) {
  int64_t shape[TC_MAX_RANK];
  intptr_t rank = tcShapeOf(mlirValueGetType(b), shape);
  return mlirRankedTensorTypeGet(rank, shape, mlirShapedTypeGetElementType(mlirValueGetType(b)),
                                 mlirAttributeGetNull());
}

/// Builds `name(inputs as tensors) {attrs}` before `kernel`, lowers it with
/// tc-lower-tensor's lowering and makes it write into `dest`.
static MlirLogicalResult lowerAsTensorOp(TcLowering *l, const char *name, intptr_t nInputs, const MlirValue *inputs,
                                         MlirValue dest, intptr_t nAttrs, const MlirNamedAttribute *attrs) {
  TcBuilder *b = &l->at;
  MlirValue tensors[4];
  for (intptr_t i = 0; i < nInputs; ++i)
    tensors[i] = tcBuildValue(b, "builtin.unrealized_conversion_cast", tensorOf(inputs[i]), 1, &inputs[i], 0, NULL);
  MlirOperation op = tcBuildOp(b, name, 1, (MlirType[]){tensorOf(dest)}, nInputs, tensors, nAttrs, attrs);
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirValue sink = tcBuildValue(b, "builtin.unrealized_conversion_cast", mlirValueGetType(dest), 1, &result, 0, NULL);
  if (mlirLogicalResultIsFailure(tcLowerTensorOp(l->module, l->symbols, l->func, op)))
    return mlirLogicalResultFailure();
  // The result now comes from a fresh buffer: compute into `dest` instead.
  MlirValue fresh = tcBufferBehind(mlirOperationGetOperand(mlirOpResultGetOwner(sink), 0));
  MlirOperation alloc = tcDefiningOp(fresh);
  if (!tcIsOp(alloc, "memref.alloc"))
    tcFatal("tc-lower-kernels: the lowering of %s did not allocate its result", name);
  mlirValueReplaceAllUsesOfWith(fresh, dest);
  mlirOperationDestroy(alloc);
  mlirOperationDestroy(mlirOpResultGetOwner(sink));
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult lowerReduce(TcLowering *l) {
  MlirOperation k = l->op;
  MlirStringRef kind = mlirStringAttrGetValue(attr(k, "kind"));
  char name[64];
  snprintf(name, sizeof name, "tc_tensor.reduce_%.*s", (int)kind.length, kind.data);
  MlirNamedAttribute attrs[2] = {tcNamed(l->at.ctx, "axes", attr(k, "axes")),
                                 tcNamed(l->at.ctx, "keepdims", mlirBoolAttrGet(l->at.ctx, 1))};
  MlirValue input = mlirOperationGetOperand(k, 0);
  return lowerAsTensorOp(l, name, 1, &input, mlirOperationGetOperand(k, 1), 2, attrs);
}

static MlirLogicalResult lowerConv2d(TcLowering *l) {
  MlirOperation k = l->op;
  MlirStringRef algorithm = mlirStringAttrGetValue(attr(k, "algorithm"));
  if (mlirStringRefEqual(algorithm, mlirStringRefCreateFromCString("gemm")))
    return tcLowerGemmConv2d(l); // records its own decision
  if (!mlirAttributeIsNull(attr(k, "activation"))) {
    tcEmitOpError(k, "tc_kernel.conv2d algorithm \"%.*s\" has no epilogue for an activation (only \"gemm\" has)",
                  (int)algorithm.length, algorithm.data);
    return mlirLogicalResultFailure();
  }
  if (mlirStringRefEqual(algorithm, mlirStringRefCreateFromCString("im2col")))
    return tcLowerIm2colConv2d(l); // records its own decision
  intptr_t n = mlirOperationGetNumOperands(k);
  MlirValue inputs[3];
  for (intptr_t i = 0; i + 1 < n; ++i)
    inputs[i] = mlirOperationGetOperand(k, i);
  const char *names[4] = {"strides", "pads", "dilations", "group"};
  MlirNamedAttribute attrs[4];
  for (int i = 0; i < 4; ++i)
    attrs[i] = tcNamed(l->at.ctx, names[i], attr(k, names[i]));
  record(k, "lowered as tc_tensor.conv2d, written into its destination");
  return lowerAsTensorOp(l, "tc_tensor.conv2d", n - 1, inputs, mlirOperationGetOperand(k, n - 1), 4, attrs);
}

static MlirLogicalResult lowerGemm(TcLowering *l) {
  MlirOperation k = l->op;
  MlirStringRef kernel = mlirStringAttrGetValue(attr(k, "kernel"));
  if (mlirStringRefEqual(kernel, mlirStringRefCreateFromCString("blis"))) {
    record(k, "a call of __tc_blis_gemm (BLIS), written into c");
    return tcLowerBlisGemm(l);
  }
  if (mlirStringRefEqual(kernel, mlirStringRefCreateFromCString("panel"))) {
    record(k, "a call of __tc_panel_gemm (b in panels), written into c");
    return tcLowerPanelGemm(l);
  }
  if (!mlirStringRefEqual(kernel, mlirStringRefCreateFromCString("loops"))) {
    tcEmitOpError(k, "tc_kernel.gemm kernel \"%.*s\" is not available yet", (int)kernel.length, kernel.data);
    return mlirLogicalResultFailure();
  }
  MlirValue c = mlirOperationGetOperand(k, 2);
  if (mlirShapedTypeGetRank(mlirValueGetType(c)) != 2) {
    tcEmitOpError(k, "batched tc_kernel.gemm is not lowered yet");
    return mlirLogicalResultFailure();
  }
  const char *names[4] = {"alpha", "beta", "trans_a", "trans_b"};
  MlirNamedAttribute attrs[4];
  for (int i = 0; i < 4; ++i)
    attrs[i] = tcNamed(l->at.ctx, names[i], attr(k, names[i]));
  record(k, "lowered as tc_tensor.gemm (kernel loops), written into c");
  MlirValue inputs[3] = {mlirOperationGetOperand(k, 0), mlirOperationGetOperand(k, 1), c};
  return lowerAsTensorOp(l, "tc_tensor.gemm", 3, inputs, c, 4, attrs);
}

/// One nest over the common shape; the body loads every input, calls the
/// scalar body and stores its results into the outputs.
static MlirLogicalResult lowerElementwise(TcLowering *l) {
  MlirOperation k = l->op;
  MlirAttribute symbol = attr(k, "body");
  MlirOperation scalar = mlirSymbolTableLookup(l->symbols, mlirFlatSymbolRefAttrGetValue(symbol));
  MlirType fnType = mlirTypeAttrGetValue(attr(scalar, "function_type"));
  intptr_t p = mlirFunctionTypeGetNumInputs(fnType), q = mlirFunctionTypeGetNumResults(fnType);
  MlirValue buffers[TC_MAX_NEST_BUFFERS];
  for (intptr_t i = 0; i < p + q; ++i)
    buffers[i] = mlirOperationGetOperand(k, i);
  int64_t bounds[TC_MAX_RANK];
  intptr_t rank = tcShapeOf(mlirValueGetType(buffers[0]), bounds);
  TcNest nest;
  tcLowerNestOnBuffers(l, "elementwise", rank, bounds, p + q, buffers, &nest);
  MlirValue args[TC_MAX_NEST_BUFFERS];
  for (intptr_t i = 0; i < p; ++i)
    args[i] = tcBLoad(&nest.body, nest.in[i], rank, nest.iv);
  MlirType results[TC_MAX_NEST_BUFFERS];
  for (intptr_t i = 0; i < q; ++i)
    results[i] = mlirFunctionTypeGetResult(fnType, i);
  MlirNamedAttribute callee = tcNamed(l->at.ctx, "callee", symbol);
  MlirOperation call = tcBuildOp(&nest.body, "func.call", q, results, p, args, 1, &callee);
  for (intptr_t i = 0; i < q; ++i)
    tcBStore(&nest.body, mlirOperationGetResult(call, i), nest.in[p + i], rank, nest.iv);
  return mlirLogicalResultSuccess();
}

typedef struct {
  const char *name;
  TcLowerFn lower;
  const char *detail;
} KernelLowering;

static const KernelLowering kKernels[] = {
    {"tc_kernel.conv2d", lowerConv2d, NULL}, // records per algorithm
    {"tc_kernel.elementwise", lowerElementwise, "1 tc_loop.nest calling the scalar body"},
    {"tc_kernel.gemm", lowerGemm, NULL}, // records per kernel
    {"tc_kernel.reduce", lowerReduce, "lowered as tc_tensor.reduce_<kind>, written into its destination"},
};

static MlirLogicalResult lowerKernel(MlirOperation module, MlirSymbolTable symbols, MlirOperation func,
                                     MlirOperation op) {
  for (size_t i = 0; i < sizeof kKernels / sizeof kKernels[0]; ++i) {
    if (!tcIsOp(op, kKernels[i].name))
      continue;
    if (hasUnsignedBuffer(op)) {
      tcEmitOpError(op, "%s on unsigned buffers is not lowered yet", kKernels[i].name);
      return mlirLogicalResultFailure();
    }
    TcLowering l = {module, func, op, symbols, tcBuilderBefore(op), NULL, 0};
    if (mlirLogicalResultIsFailure(kKernels[i].lower(&l)))
      return mlirLogicalResultFailure();
    if (kKernels[i].detail)
      record(op, kKernels[i].detail);
    MlirBlock block = mlirOperationGetBlock(op);
    mlirOperationDestroy(op);
    tcFoldBufferCasts(block);
    return mlirLogicalResultSuccess();
  }
  tcFatal("tc-lower-kernels: no lowering for a tc_kernel op"); // tc_kernel has these four ops
}

/// Lowers the tc_kernel ops of `block` and of the blocks of its scf.if ops
/// (the guarded choices of SelectGemmDynamic.c), in order.
static MlirLogicalResult lowerIn(MlirOperation module, MlirSymbolTable symbols, MlirOperation func,
                                 MlirBlock block) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    if (name.length > 10 && memcmp(name.data, "tc_kernel.", 10) == 0 &&
        mlirLogicalResultIsFailure(lowerKernel(module, symbols, func, op)))
      return mlirLogicalResultFailure();
    if (tcIsOp(op, "scf.if"))
      for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r) {
        MlirBlock inner = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
        if (!mlirBlockIsNull(inner) && mlirLogicalResultIsFailure(lowerIn(module, symbols, func, inner)))
          return mlirLogicalResultFailure();
      }
    op = next;
  }
  return mlirLogicalResultSuccess();
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation func = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(func);
       func = mlirOperationGetNextInBlock(func)) {
    MlirBlock body = tcIsOp(func, "func.func") ? mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0))
                                               : (MlirBlock){NULL};
    if (!mlirBlockIsNull(body) && mlirLogicalResultIsFailure(lowerIn(module, symbols, func, body))) {
      mlirExternalPassSignalFailure(pass);
      break;
    }
  }
  mlirSymbolTableDestroy(symbols);
}

MlirPass tcCreateLowerKernelsPass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateLoweringPass(&passId, "TcLowerKernels", "tc-lower-kernels",
                              "Lower tc_kernel ops to tc_loop nests", run);
}
