//===- AutodiffInternal.h - what the files of lib/Autodiff share --*- C -*-===//
//
// tc-grad is three layers, one per part of this header:
//
// - a builder of tc_tensor ops (GradBuild.c, GradBuildShape.c): one call per
//   op, result types computed from docs/dialects.md's shape rules, every op
//   tagged `tc.vjp_rule = "<kind>.<operand>.<step>"` (a discardable
//   annotation: it names the rule and the step that built the op, for the
//   manifest, for reading the IR, and for the test-only faults that break
//   one step on purpose);
// - the sweep (GradSweep.c): clones f's body into f_vjp, marks the active
//   values (float values that depend on a differentiated argument), walks
//   the ops backwards and accumulates adjoints;
// - the rules (Rules*.c, one file per op family), each a function from one
//   op's operands, results and result adjoints to operand adjoints, listed
//   in one table (RuleTable.c) with the formula the manifest records.
//
// Nothing here is process-wide: a sweep's state lives in its GradFn.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_AUTODIFF_AUTODIFFINTERNAL_H
#define TENSORC_LIB_AUTODIFF_AUTODIFFINTERNAL_H

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { GRAD_MAX_RANK = 32, GRAD_MAX_RESULTS = 64 };

/// The name of the annotation every op tc-grad builds carries.
#define GRAD_RULE_ATTR "tc.vjp_rule"
/// The annotation on a VJP function: what it derives from (docs/autodiff.md).
#define GRAD_VJP_ATTR "tc.vjp"

/// A static shape.
typedef struct GradShape {
  intptr_t rank;
  int64_t dims[GRAD_MAX_RANK];
} GradShape;

//===-- Building tc_tensor ops (GradBuild.c, GradBuildShape.c) --------------===//

/// Where new ops go (appended to `block`, before `before` if it is not
/// null), at which location, and the tag they carry.
typedef struct GradBuilder {
  MlirContext ctx;
  MlirBlock block;
  MlirOperation before;
  MlirLocation loc;
  char rule[96];
} GradBuilder;

/// The shape of ranked tensor value `v`.
GradShape tcGradShapeOf(MlirValue v);
/// The element type of `v`.
MlirType tcGradElem(MlirValue v);
/// The ranked tensor type of `shape` and `elem`.
MlirType tcGradTensorType(MlirContext ctx, const GradShape *shape, MlirType elem);
/// True if `v` is a tensor of a float dtype.
bool tcGradIsFloat(MlirValue v);
/// NumPy broadcast of two shapes (the operands were verified compatible).
GradShape tcGradBroadcastShape(const GradShape *a, const GradShape *b);

/// Attribute helpers.
MlirNamedAttribute tcGradNamed(MlirContext ctx, const char *name, MlirAttribute a);
MlirAttribute tcGradI64Attr(MlirContext ctx, int64_t v);
MlirAttribute tcGradF64Attr(MlirContext ctx, double v);
MlirAttribute tcGradI64ArrayAttr(MlirContext ctx, intptr_t n, const int64_t *v);

/// Reading the attributes of a verified op.
int64_t tcGradAttrI64(MlirOperation op, const char *name);
bool tcGradAttrBool(MlirOperation op, const char *name);
double tcGradAttrF64(MlirOperation op, const char *name);
/// Entries of I64Array attribute `name` into `out` (at most 64); the count.
intptr_t tcGradAttrArray(MlirOperation op, const char *name, int64_t *out);
/// `a` normalised against rank `r` (a < 0 means a + r).
int64_t tcGradAxis(int64_t a, intptr_t r);

/// Creates op `name` with one result of type `result`, tagged with the
/// builder's rule; returns the result.
MlirValue tcGradOp(GradBuilder *b, const char *name, MlirType result, intptr_t n, const MlirValue *operands,
                   intptr_t numAttrs, const MlirNamedAttribute *attrs);
/// A rank-0 constant of float type `elem` holding `v` (rounded to it).
MlirValue tcGradScalar(GradBuilder *b, MlirType elem, double v);
/// A splat constant of tensor type `type` holding `v` (float or integer).
MlirValue tcGradSplat(GradBuilder *b, MlirType type, double v);
/// Zeros of `v`'s type.
MlirValue tcGradZerosLike(GradBuilder *b, MlirValue v);
/// A constant of shape `shape`, integer type `elem`, holding `data` (int64).
MlirValue tcGradIntConstant(GradBuilder *b, const GradShape *shape, MlirType elem, const int64_t *data);
/// A constant of shape `shape`, float type `elem`, holding `data`.
MlirValue tcGradFloatConstant(GradBuilder *b, const GradShape *shape, MlirType elem, const double *data);
/// A constant of shape `shape` of i1 holding `data`.
MlirValue tcGradBoolConstant(GradBuilder *b, const GradShape *shape, const bool *data);

/// Elementwise ops with NumPy broadcasting; the result has lhs's dtype
/// (comparisons: i1).
MlirValue tcGradBinary(GradBuilder *b, const char *name, MlirValue x, MlirValue y);
MlirValue tcGradUnary(GradBuilder *b, const char *name, MlirValue x);
MlirValue tcGradCompare(GradBuilder *b, const char *name, MlirValue x, MlirValue y);
MlirValue tcGradWhere(GradBuilder *b, MlirValue c, MlirValue x, MlirValue y);
MlirValue tcGradCast(GradBuilder *b, MlirValue x, MlirType elem);
/// x · c, x + c for a float scalar c.
MlirValue tcGradScale(GradBuilder *b, MlirValue x, double c);

// GradBuildShape.c
/// reduce_<kind> over `axes` (normalised, distinct; none means all axes).
MlirValue tcGradReduce(GradBuilder *b, const char *kind, MlirValue x, intptr_t n, const int64_t *axes, bool keepdims);
MlirValue tcGradReshape(GradBuilder *b, MlirValue x, const GradShape *shape);
MlirValue tcGradBroadcastTo(GradBuilder *b, MlirValue x, const GradShape *shape);
MlirValue tcGradTranspose(GradBuilder *b, MlirValue x, const int64_t *perm);
/// Swaps the last two dimensions.
MlirValue tcGradTransposeLast2(GradBuilder *b, MlirValue x);
/// Python slicing (docs/dialects.md §2.2.24).
MlirValue tcGradSlice(GradBuilder *b, MlirValue x, const int64_t *starts, const int64_t *ends, const int64_t *steps);
/// Pads (2r entries: begins, ends; negative crops) with `mode`, `value`.
MlirValue tcGradPad(GradBuilder *b, MlirValue x, const int64_t *pads, const char *mode, double value);
MlirValue tcGradConcat(GradBuilder *b, MlirValue x, MlirValue y, int64_t axis);
MlirValue tcGradMatmul(GradBuilder *b, MlirValue x, MlirValue y);
/// The sum of `dy` over the dimensions broadcasting stretched `target` to,
/// reshaped to `target`: the adjoint of a broadcast operand. `dy` itself if
/// nothing was stretched.
MlirValue tcGradUnbroadcast(GradBuilder *b, MlirValue dy, const GradShape *target);
/// The adjoint of `slice(x, starts, ends, steps)` for x of shape `xs`: dy
/// scattered back to the positions the slice read, zeros elsewhere.
MlirValue tcGradUnslice(GradBuilder *b, MlirValue dy, const GradShape *xs, const int64_t *starts, const int64_t *ends,
                        const int64_t *steps);
/// Inserts s - 1 zeros after every element along `axis` (the result is s
/// times as long): the scatter behind strided slices and convolutions.
MlirValue tcGradDilate(GradBuilder *b, MlirValue x, intptr_t axis, int64_t s);

//===-- The sweep (GradSweep.c) -----------------------------------------------===//

/// A map from values to values (open addressing on the pointer).
typedef struct GradMap {
  const void **keys;
  MlirValue *values;
  size_t cap, count;
} GradMap;

/// One function being differentiated.
typedef struct GradFn {
  GradBuilder b;
  GradMap clones;  ///< f's values -> their copies in f_vjp
  GradMap adjoint; ///< f_vjp's forward values -> their adjoints
  GradMap active;  ///< f_vjp's forward values that need adjoints (value: itself)
  int rulesApplied, opsWithout;
} GradFn;

/// One application of a rule to one op.
typedef struct GradCall {
  GradFn *fn;
  GradBuilder *b;
  MlirOperation op; ///< the forward op (its copy in f_vjp)
  const char *kind; ///< "matmul"
  MlirValue dy[GRAD_MAX_RESULTS]; ///< adjoints of the results; null: none (zero)
} GradCall;

/// Operand `i` and result `i` of the op.
MlirValue tcGradOperand(GradCall *c, intptr_t i);
MlirValue tcGradResult(GradCall *c, intptr_t i);
/// The adjoint of result `i`, zeros if it has none.
MlirValue tcGradDy(GradCall *c, intptr_t i);
/// True if operand `i` needs an adjoint.
bool tcGradWants(GradCall *c, intptr_t i);
/// Names the step the next ops belong to: they are tagged "<kind>.<step>".
void tcGradStep(GradCall *c, const char *step);
/// Adds `contribution` (operand i's type) to operand i's adjoint.
void tcGradGive(GradCall *c, intptr_t i, MlirValue contribution);

/// What to differentiate in one function (GradPass.c decides it).
typedef struct GradPlan {
  MlirOperation forward; ///< f
  const char *name;      ///< f_vjp's name
  bool *wrt;             ///< per argument of f
  intptr_t numArgs;
  MlirOperation *weights; ///< constants of f turned into arguments, in order
  intptr_t numWeights;
} GradPlan;

/// Builds f_vjp (docs/autodiff.md) before f, recording one `vjp-rule`
/// decision per op whose adjoint it derives. Returns the new function, or a
/// null op after a located error.
MlirOperation tcGradBuildVJP(const GradPlan *plan, int *rulesApplied, int *opsErased);

//===-- Options (GradOptions.c) --------------------------------------------------===//

enum { GRAD_MAX_OPTION_LIST = 64 };

/// tc-grad's options: `fn=f,g wrt=0,2 wrt-constants=true`.
typedef struct GradOptions {
  char functions[GRAD_MAX_OPTION_LIST][128]; ///< empty: every public function
  int numFunctions;
  int64_t wrt[GRAD_MAX_OPTION_LIST]; ///< argument indices, when wrtGiven
  int numWrt;
  bool wrtGiven;
  bool wrtConstants;
} GradOptions;

/// Reads the next `key=value` of option text `*p` (separated by spaces;
/// a closing brace ends the text). Returns 0 at the end, 1 with an option,
/// -1 on malformed text (message in `err`).
int tcGradNextOption(const char **p, char *key, size_t keySize, char *value, size_t valueSize, char *err,
                     size_t errSize);

/// Parses tc-grad's option text into `o` (zeroed first); false with a
/// message in `err`.
bool tcGradParseOptions(const char *text, GradOptions *o, char *err, size_t errSize);

//===-- The rules (RuleTable.c, Rules*.c) ---------------------------------------===//

/// Builds the operand adjoints of one op; false after a located error.
typedef bool (*GradRuleFn)(GradCall *c);

/// One op kind: its rule (NULL: the op contributes no adjoint) and the
/// formula (or the reason for having none) that its manifest decision
/// records.
typedef struct GradRule {
  const char *kind;
  GradRuleFn fn;
  const char *formula;
} GradRule;

/// The rule for op `name` ("tc_tensor.add"), or NULL if there is none.
const GradRule *tcGradFindRule(MlirStringRef name);

// RulesUnary.c
bool tcGradRuleUnary(GradCall *c);
// RulesBinary.c
bool tcGradRuleBinary(GradCall *c);
bool tcGradRuleWhere(GradCall *c);
bool tcGradRuleClip(GradCall *c);
bool tcGradRuleCast(GradCall *c);
// RulesLinalg.c
bool tcGradRuleMatmul(GradCall *c);
bool tcGradRuleGemm(GradCall *c);
// RulesConv.c
bool tcGradRuleConv2d(GradCall *c);
// RulesPool.c
bool tcGradRuleMaxPool2d(GradCall *c);
bool tcGradRuleAvgPool2d(GradCall *c);
bool tcGradRuleGlobalPool(GradCall *c);
// RulesNorm.c
bool tcGradRuleBatchNorm(GradCall *c);
bool tcGradRuleLayerNorm(GradCall *c);
bool tcGradRuleSoftmax(GradCall *c);
// RulesReduce.c
bool tcGradRuleReduce(GradCall *c);
// RulesShape.c
bool tcGradRuleTranspose(GradCall *c);
bool tcGradRuleReshape(GradCall *c);
bool tcGradRuleBroadcastTo(GradCall *c);
bool tcGradRuleConcat(GradCall *c);
bool tcGradRuleSplit(GradCall *c);
bool tcGradRuleSlice(GradCall *c);
bool tcGradRuleGather(GradCall *c);
bool tcGradRulePad(GradCall *c);

#endif // TENSORC_LIB_AUTODIFF_AUTODIFFINTERNAL_H
