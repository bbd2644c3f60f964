//===- GradFaults.c - test-only faults in backward rules -------------------===//
//
// The gradient gate (tensor-conform --grad) is only worth something if it
// fails when a backward rule is wrong. tc-test-grad-fault{kind=K}, run after
// tc-grad, breaks one step of one rule in every VJP function, by finding the
// ops tc-grad tagged with that step (`tc.vjp_rule`) and rewriting them:
//
//   matmul-rhs-transpose  matmul's drhs uses lhs instead of lhsᵀ (needs a
//                         square lhs, so the IR stays well typed)
//   sub-rhs-sign          sub's drhs is +dy instead of −dy
//   softmax-dot           softmax's dx = y·dy, without the subtracted Σ dy·y
//   conv-weight-stride    conv2d's dw correlation with the strides swapped
//   add-broadcast         add's adjoint of a broadcast operand takes the
//                         first slice of dy instead of the sum over it
//   maxpool-route         max_pool2d routes each window's dy one column to
//                         the right of its maximum
//
// Like the lowering faults (TestFaults.h) each changed spot records a
// manifest decision `test-fault`; unlike them this is a pass that mutates
// IR, not a switch inside production code (docs/autodiff.md §6). A kind
// that finds nothing to break fails the pass, so a test cannot pass by
// breaking nothing.
//
// Anchored on builtin.module: it finds the VJPs tc-grad added among the
// module's functions.
//
//===----------------------------------------------------------------------===//
#include "../AutodiffInternal.h"

#include "../../Transforms/TransformsInternal.h"
#include "tensorc/Autodiff.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/Manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Fault {
  const char *kind, *op, *tag, *description;
} Fault;

static const Fault kFaults[] = {
    {"matmul-rhs-transpose", "tc_tensor.transpose", "matmul.rhs.transpose-lhs",
     "matmul's drhs multiplies by lhs instead of lhs^T"},
    {"sub-rhs-sign", "tc_tensor.neg", "sub.rhs.negate", "sub's drhs is +dy instead of -dy"},
    {"softmax-dot", "tc_tensor.sub", "softmax.x.subtract-dot", "softmax's dx lacks the subtracted sum(dy*y)"},
    {"conv-weight-stride", "tc_tensor.conv2d", "conv2d.w.correlate", "conv2d's dw correlation swaps the strides"},
    {"add-broadcast", "tc_tensor.reduce_sum", "add.*.unbroadcast-sum",
     "add's adjoint of a broadcast operand takes dy's first slice instead of its sum"},
    {"maxpool-route", "tc_tensor.pad", "max_pool2d.x.route", "max_pool2d routes dy one column right of the maximum"},
};

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool tagMatches(MlirOperation op, const Fault *f) {
  MlirAttribute tag = mlirOperationGetDiscardableAttributeByName(op, str(GRAD_RULE_ATTR));
  if (mlirAttributeIsNull(tag) || !mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), str(f->op)))
    return false;
  MlirStringRef t = mlirStringAttrGetValue(tag);
  if (!strcmp(f->kind, "add-broadcast"))
    return mlirStringRefEqual(t, str("add.lhs.unbroadcast-sum")) || mlirStringRefEqual(t, str("add.rhs.unbroadcast-sum"));
  return mlirStringRefEqual(t, str(f->tag));
}

static void bypass(MlirOperation op, intptr_t operand) {
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), mlirOperationGetOperand(op, operand));
  mlirOperationDestroy(op);
}

// A copy of `op` with the attribute `name` set to `value` and result type
// `type`, replacing it.
static void rebuild(MlirOperation op, const char *name, MlirAttribute value, MlirType type) {
  MlirOperationState state = mlirOperationStateGet(mlirIdentifierStr(mlirOperationGetName(op)),
                                                   mlirOperationGetLocation(op));
  mlirOperationStateAddResults(&state, 1, &type);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    mlirOperationStateAddOperands(&state, 1, &v);
  }
  for (intptr_t i = 0; i < mlirOperationGetNumDiscardableAttributes(op); ++i) {
    MlirNamedAttribute a = mlirOperationGetDiscardableAttribute(op, i);
    if (mlirStringRefEqual(mlirIdentifierStr(a.name), str(name)))
      a.attribute = value;
    mlirOperationStateAddAttributes(&state, 1, &a);
  }
  MlirOperation copy = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, copy);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), mlirOperationGetResult(copy, 0));
  mlirOperationDestroy(op);
}

static void recordFault(const Fault *f, MlirOperation op);

static bool swapConvStrides(const Fault *f, MlirOperation op) {
  int64_t d[2], s[2], p[4];
  tcGradAttrArray(op, "dilations", d);
  tcGradAttrArray(op, "strides", s);
  tcGradAttrArray(op, "pads", p);
  int64_t swapped[2] = {d[1], d[0]};
  GradShape xs = tcGradShapeOf(mlirOperationGetOperand(op, 0)), ws = tcGradShapeOf(mlirOperationGetOperand(op, 1));
  GradShape out = tcGradShapeOf(mlirOperationGetResult(op, 0)), old = out;
  for (int a = 0; a < 2; ++a) {
    int64_t extent = swapped[a] * (ws.dims[2 + a] - 1) + 1, padded = xs.dims[2 + a] + p[a] + p[a + 2];
    if (padded < extent)
      return false; // the swapped kernel no longer fits: this program cannot show the fault
    out.dims[2 + a] = (padded - extent) / s[a] + 1;
    if (out.dims[2 + a] < old.dims[2 + a])
      return false; // the slice that follows could not take the kernel's size
  }
  MlirContext ctx = mlirOperationGetContext(op);
  recordFault(f, op);
  rebuild(op, "dilations", tcGradI64ArrayAttr(ctx, 2, swapped),
          tcGradTensorType(ctx, &out, tcGradElem(mlirOperationGetResult(op, 0))));
  return true;
}

// The first slice of the operand along every axis the reduce_sum sums.
static void firstSliceInsteadOfSum(MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  GradShape xs = tcGradShapeOf(x), ys = tcGradShapeOf(mlirOperationGetResult(op, 0));
  int64_t starts[GRAD_MAX_RANK] = {0}, steps[GRAD_MAX_RANK];
  for (intptr_t d = 0; d < xs.rank; ++d)
    steps[d] = 1;
  GradBuilder b = {mlirOperationGetContext(op), mlirOperationGetBlock(op), op, mlirOperationGetLocation(op),
                   "add.fault"};
  MlirValue first = tcGradSlice(&b, x, starts, ys.dims, steps);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), first);
  mlirOperationDestroy(op);
}

static void shiftRoute(MlirOperation op) {
  int64_t pads[8];
  tcGradAttrArray(op, "pads", pads);
  pads[3] += 1;
  pads[7] -= 1;
  mlirOperationSetDiscardableAttributeByName(op, str("pads"), tcGradI64ArrayAttr(mlirOperationGetContext(op), 8, pads));
}

static void recordFault(const Fault *f, MlirOperation op) {
  char subject[512], detail[256];
  snprintf(detail, sizeof detail, "%s: %s (test-only miscompile)", f->kind, f->description);
  TcDecision d = {"test-fault", tcDecisionSubject(op, subject, sizeof subject), detail, NULL};
  tcManifestRecordDecision(mlirOperationGetContext(op), &d);
}

// Breaks `op` (recording it); false if this program's op cannot carry the fault.
static bool apply(const Fault *f, MlirOperation op) {
  if (!strcmp(f->kind, "matmul-rhs-transpose")) {
    if (!mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(op, 0)), mlirValueGetType(mlirOperationGetResult(op, 0))))
      return false; // only a square lhs keeps the IR well typed
    recordFault(f, op);
    bypass(op, 0);
  } else if (!strcmp(f->kind, "sub-rhs-sign") || !strcmp(f->kind, "softmax-dot")) {
    recordFault(f, op);
    bypass(op, 0);
  } else if (!strcmp(f->kind, "conv-weight-stride")) {
    return swapConvStrides(f, op);
  } else if (!strcmp(f->kind, "add-broadcast")) {
    recordFault(f, op);
    firstSliceInsteadOfSum(op);
  } else {
    recordFault(f, op);
    shiftRoute(op);
  }
  return true;
}

// Applies the fault to every tagged op of one VJP function; the count.
static int faultFunction(const Fault *f, MlirOperation func) {
  int count = 0;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (tagMatches(op, f))
      count += apply(f, op) ? 1 : 0;
    op = next;
  }
  return count;
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  const Fault *f = userData;
  if (!f) {
    tcEmitError(mlirOperationGetLocation(module), "tc-test-grad-fault needs a kind (tc-test-grad-fault{kind=...})");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  int count = 0;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (!mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(op, str(GRAD_VJP_ATTR))))
      count += faultFunction(f, op);
  if (count == 0) {
    tcEmitError(mlirOperationGetLocation(module),
                "tc-test-grad-fault: no '%s' step that this fault can break in any VJP function (%s)", f->tag,
                f->kind);
    mlirExternalPassSignalFailure(pass);
  }
}

static void construct(void *userData) { (void)userData; }
static void destruct(void *userData) { (void)userData; } // points into kFaults
static void *clonePass(void *userData) { return userData; }

static MlirPass create(const Fault *f) {
  static _Alignas(8) const char passId = 0;
  MlirExternalPassCallbacks callbacks = {construct, destruct, NULL, clonePass, run};
  return mlirCreateExternalPass(mlirTypeIDCreate(&passId), str("TcTestGradFault"), str("tc-test-grad-fault"),
                                str("test only"), str("builtin.module"), 0, NULL, callbacks, (void *)f);
}

MlirPass tcCreateTestGradFaultPass(void) { return create(NULL); }

MlirPass tcCreateTestGradFaultPassWithOptions(const char *options, char *err, size_t errSize) {
  const char *p = options;
  char key[64], value[128];
  const Fault *chosen = NULL;
  int r;
  while ((r = tcGradNextOption(&p, key, sizeof key, value, sizeof value, err, errSize)) == 1) {
    chosen = NULL;
    for (size_t i = 0; strcmp(key, "kind") == 0 && i < sizeof kFaults / sizeof kFaults[0]; ++i)
      if (!strcmp(value, kFaults[i].kind))
        chosen = &kFaults[i];
    if (!chosen) {
      snprintf(err, errSize,
               "tc-test-grad-fault takes kind=K, K one of matmul-rhs-transpose, sub-rhs-sign, softmax-dot, "
               "conv-weight-stride, add-broadcast, maxpool-route; got '%s=%s'",
               key, value);
      return (MlirPass){NULL};
    }
  }
  if (r < 0)
    return (MlirPass){NULL};
  if (!chosen) {
    snprintf(err, errSize, "tc-test-grad-fault needs kind=K");
    return (MlirPass){NULL};
  }
  return create(chosen);
}
