//===- VectorMath.c - the tc-plan-vector-math pass -------------------------===//
//
// Requires: tc_tensor ops (runs before tc-lower-tensor, while op kinds are
// still known). Guarantees: the module attribute `tc.vector_math`, an array
// of the scalar libm functions ("expf", "tanhf", ...) whose calls
// tensor-translate may replace, in vectorised loops, by glibc's libmvec
// variants (_ZGVdN8v_expf, ...; lib/Target/VectorMath.c). Nothing else
// changes.
//
// libmvec is less accurate than scalar libm: glibc documents its x86_64
// functions as tested to a 4 ulp maximum error (docs/contract.md §6). That
// is a rounding change the contract must allow, per op kind and dtype:
//
//   - exp, log, tanh, erf of f32: allowed if the contract's ulp budget for
//     the op and dtype is at least 4 (the reference rounds those correctly);
//   - of f16 and bf16 (computed in f32 and rounded once): at least 1, since
//     4 f32 ulp move a half result by at most 1 ulp of its own;
//   - of f64: at least 4 + the reference's own error (glibc's scalar f64
//     libm: 1 ulp for exp, log and erf, 2 for tanh; docs/reference.md);
//   - sigmoid, softmax and log_softmax call exp (log_softmax also log) in
//     f64 inside a composite rounded once to its dtype. For an f32, f16 or
//     bf16 result, libmvec's 4 f64 ulp (2^-50 relative) add to the
//     composite's own f64 error (at most about n·2^-53 for a sum of n
//     positive terms, n <= 2^25 here), which stays below half an ulp of
//     f32 (2^-25 relative): the value before the final rounding is within
//     half an ulp of the exact result, so the rounded result is the
//     correctly rounded one or its neighbour, 1 ulp from the reference
//     (which rounds correctly, docs/reference.md). Allowed if the op's
//     tolerance for its dtype admits 1 ulp everywhere: `ulp` >= 1, or
//     `rtol` >= 2^(1-p) (an ulp relative to a normal value, p the
//     significand's bits) with `atol` >= the least subnormal (an ulp among
//     subnormals). An f64 result (which libmvec's error reaches directly)
//     or a longer softmax slice keeps f64 exp/log scalar.
//
// A vector variant is per function and precision for the whole module, so
// it is used only if every op calling that function allows it, and only
// where the target offers the variants (lib/Host: AVX2 or wider, unless
// TC_VECTOR_MATH=none). One decision `vector-math` per op
// that calls one of these functions, with the clause that decided.
//
// Anchored on builtin.module: the plan is one module attribute
// (`tc.vector_math`) decided over every function's ops.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Passes.h"

#include "../../Transforms/TransformsInternal.h"
#include "../ConversionInternal.h"
#include "tensorc/Contract.h"
#include "tensorc/HostTarget.h"
#include "tensorc/Manifest.h"


#include <math.h>
#include <stdio.h>
#include <string.h>

/// glibc's documented bound for its x86_64 vector functions, in ulp.
#define TC_LIBMVEC_ULP 4
/// The longest softmax slice for which that argument holds (n·2^-53 <= 2^-28).
#define TC_COMPOSITE_MAX_SLICE (INT64_C(1) << 25)

typedef struct MathFn {
  const char *kind;   ///< the tc_tensor op computing it alone
  const char *f32, *f64; ///< scalar libm names
  int refUlp64;       ///< the reference's own error for f64 results
} MathFn;

static const MathFn kFns[] = {
    {"exp", "expf", "exp", 1},
    {"log", "logf", "log", 1},
    {"tanh", "tanhf", "tanh", 2},
    {"erf", "erff", "erf", 1},
};
enum { kNumFns = sizeof kFns / sizeof kFns[0] };

/// Per function and precision (0: f32, 1: f64): used by some op, refused by some op.
typedef struct Plan {
  bool used[kNumFns][2], refused[kNumFns][2];
} Plan;

/// Whether the target offers libmvec variants at all (lib/Host: AVX2 or
/// wider, and TC_VECTOR_MATH not none).
static bool targetHasVectorMath(void) { return tcHostTargetGet().vectorMath != TC_VECTOR_MATH_NONE; }

static const char *dtypeName(MlirType t) {
  return mlirTypeIsAF16(t) ? "f16" : mlirTypeIsABF16(t) ? "bf16" : mlirTypeIsAF32(t) ? "f32" : mlirTypeIsAF64(t) ? "f64" : NULL;
}

static void record(MlirOperation op, const char *detail, const char *clause) {
  char subject[512];
  TcDecision decision = {"vector-math", tcDecisionSubject(op, subject, sizeof subject), detail, clause};
  tcManifestRecordDecision(mlirOperationGetContext(op), &decision);
}

/// Whether --tc-refuse refuses libmvec for `op`: its function then stays
/// scalar libm for the whole module (a variant is per function, file
/// comment), and the op's decision says why.
static bool refused(MlirOperation op) {
  char subject[512];
  return tcDecisionRefused(mlirOperationGetContext(op), "tc-plan-vector-math", "vector-math",
                           tcDecisionSubject(op, subject, sizeof subject),
                           "scalar libm instead of libmvec for the function it calls, in the whole module");
}

static void planSingle(MlirOperation op, int f, const char *dtype, bool offered, Plan *plan) {
  bool f64 = strcmp(dtype, "f64") == 0, half = strcmp(dtype, "f16") == 0 || strcmp(dtype, "bf16") == 0;
  int64_t need = f64 ? TC_LIBMVEC_ULP + kFns[f].refUlp64 : half ? 1 : TC_LIBMVEC_ULP;
  const char *clause = NULL;
  TcTolerance t = tcContractGetTolerance(tcContractGetActive(mlirOperationGetContext(op)), kFns[f].kind, dtype, &clause);
  const char *name = f64 ? kFns[f].f64 : kFns[f].f32;
  bool allowed = offered && t.ulp >= need && !refused(op);
  char detail[256];
  if (!offered)
    snprintf(detail, sizeof detail, "%s: scalar libm (the target offers no libmvec variants: no AVX2, or TC_VECTOR_MATH=none)", name);
  else
    snprintf(detail, sizeof detail, "%s: %s (libmvec's %d ulp needs a budget of %lld ulp, the contract gives %lld)",
             name, allowed ? "libmvec allowed" : "scalar libm", TC_LIBMVEC_ULP, (long long)need, (long long)t.ulp);
  record(op, detail, clause);
  plan->used[f][f64] = true;
  plan->refused[f][f64] |= !allowed;
}

/// Whether tolerance `t` for `dtype` (f32, f16 or bf16) admits a difference
/// of 1 ulp at every value (file comment).
static bool admitsOneUlp(TcTolerance t, const char *dtype) {
  int p = strcmp(dtype, "f32") == 0 ? 24 : strcmp(dtype, "f16") == 0 ? 11 : 8;
  int leastExp = strcmp(dtype, "f32") == 0 ? -149 : strcmp(dtype, "f16") == 0 ? -24 : -133;
  return t.ulp >= 1 || (t.rtol >= ldexp(1.0, 1 - p) && t.atol >= ldexp(1.0, leastExp));
}

/// f64 exp (f = 0) or log (f = 1) called inside the composite `op` of
/// result dtype `dtype`, over slices of `slice` elements (file comment).
static void planComposite(MlirOperation op, int f, const char *kind, const char *dtype, int64_t slice, bool offered,
                          Plan *plan) {
  bool narrow = strcmp(dtype, "f64") != 0;
  const char *clause = NULL;
  TcTolerance t = tcContractGetTolerance(tcContractGetActive(mlirOperationGetContext(op)), kind, dtype, &clause);
  bool fits = narrow && admitsOneUlp(t, dtype);
  bool allowed = offered && narrow && slice <= TC_COMPOSITE_MAX_SLICE && fits && !refused(op);
  char detail[320], ulp[32] = "no ulp";
  if (t.ulp >= 0)
    snprintf(ulp, sizeof ulp, "ulp %lld", (long long)t.ulp);
  if (!offered)
    snprintf(detail, sizeof detail, "%s: scalar libm (the target offers no libmvec variants: no AVX2, or TC_VECTOR_MATH=none)", kFns[f].f64);
  else if (!narrow)
    snprintf(detail, sizeof detail,
             "%s: scalar libm (inside a composite with f64 results, which libmvec's error reaches)", kFns[f].f64);
  else if (slice > TC_COMPOSITE_MAX_SLICE)
    snprintf(detail, sizeof detail, "%s: scalar libm (inside a composite over slices of %lld elements, more than %lld)",
             kFns[f].f64, (long long)slice, (long long)TC_COMPOSITE_MAX_SLICE);
  else
    snprintf(detail, sizeof detail,
             "%s: %s (in f64 inside a composite with %s results, libmvec's 4 ulp of f64 move them by at most 1 ulp; "
             "the contract's tolerance (atol %g, rtol %g, %s) %s 1 ulp)",
             kFns[f].f64, allowed ? "libmvec allowed" : "scalar libm", dtype, t.atol, t.rtol, ulp,
             fits ? "admits" : "does not admit");
  record(op, detail, narrow && slice <= TC_COMPOSITE_MAX_SLICE ? clause : NULL);
  plan->used[f][1] = true;
  plan->refused[f][1] |= !allowed;
}

static void planOp(MlirOperation op, bool offered, Plan *plan) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length <= 10 || memcmp(name.data, "tc_tensor.", 10) != 0 || mlirOperationGetNumResults(op) == 0)
    return;
  char kind[64];
  snprintf(kind, sizeof kind, "%.*s", (int)(name.length - 10), name.data + 10);
  const char *dtype = dtypeName(mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetResult(op, 0))));
  if (!dtype)
    return;
  for (int f = 0; f < kNumFns; ++f)
    if (strcmp(kind, kFns[f].kind) == 0)
      planSingle(op, f, dtype, offered, plan);
  bool isSoftmax = strcmp(kind, "softmax") == 0 || strcmp(kind, "log_softmax") == 0;
  if (!isSoftmax && strcmp(kind, "sigmoid") != 0)
    return;
  // sigmoid computes in f64 for every dtype; softmax in its accumulation
  // type, f64 for f32 and f64 (f16 and bf16 sum in f32 and call expf).
  if (isSoftmax && strcmp(dtype, "f32") != 0 && strcmp(dtype, "f64") != 0)
    return;
  int64_t slice = 1;
  if (isSoftmax) { // the axis' length (the attribute may be negative)
    MlirType xt = mlirValueGetType(mlirOperationGetOperand(op, 0));
    intptr_t rank = mlirShapedTypeGetRank(xt);
    MlirAttribute axisAttr = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("axis"));
    int64_t axis = mlirAttributeIsNull(axisAttr) ? -1 : mlirIntegerAttrGetValueInt(axisAttr);
    axis = axis < 0 ? axis + rank : axis;
    slice = axis >= 0 && axis < rank ? mlirShapedTypeGetDimSize(xt, axis) : INT64_MAX;
  }
  planComposite(op, 0, kind, dtype, slice, offered, plan);
  if (strcmp(kind, "log_softmax") == 0)
    planComposite(op, 1, kind, dtype, slice, offered, plan);
}

static void walk(MlirOperation op, bool offered, Plan *plan) {
  planOp(op, offered, plan);
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation inner = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(inner);
           inner = mlirOperationGetNextInBlock(inner))
        walk(inner, offered, plan);
}

static void run(MlirOperation module, MlirExternalPass pass, void *userData) {
  if (!tcRefuseDynamicShapes(module, "tc-plan-vector-math")) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  Plan plan = {0};
  walk(module, targetHasVectorMath(), &plan);
  MlirContext ctx = mlirOperationGetContext(module);
  MlirAttribute names[2 * kNumFns];
  intptr_t n = 0;
  for (int f = 0; f < kNumFns; ++f)
    for (int p = 0; p < 2; ++p)
      if (plan.used[f][p] && !plan.refused[f][p])
        names[n++] = mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(p ? kFns[f].f64 : kFns[f].f32));
  MlirStringRef attrName = mlirStringRefCreateFromCString("tc.vector_math");
  if (n)
    mlirOperationSetDiscardableAttributeByName(module, attrName, mlirArrayAttrGet(ctx, n, names));
  else
    mlirOperationRemoveDiscardableAttributeByName(module, attrName);
}

MlirPass tcCreatePlanVectorMathPass(void) {
  static _Alignas(8) const char passId = 0;
  return tcCreateStatelessPass(&passId, "TcPlanVectorMath", "tc-plan-vector-math",
                               "Decide which libm functions may use libmvec's vector variants", "builtin.module", run);
}
