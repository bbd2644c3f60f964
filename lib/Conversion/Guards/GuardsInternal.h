//===- GuardsInternal.h - what tc-insert-guards' files share ------*- C -*-===//
//
// The shape function under construction (InsertGuards.c) and the per-op
// shape rules (GuardRules.c): a builder, the running constraint code, and
// the shape of every value computed so far.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_CONVERSION_GUARDS_GUARDSINTERNAL_H
#define TENSORC_LIB_CONVERSION_GUARDS_GUARDSINTERNAL_H

#include "../ConversionInternal.h"
#include "tensorc/Runtime.h"

#include <stdbool.h>
#include <stdint.h>

/// The constraint kinds a shape function checks: TcAbiGuard's codes 1..7
/// (include/tensorc/Runtime.h, the codes the artifact returns); 8,
/// `assumed-bound`, has no pass that assumes a bound yet.
enum { TC_GUARD_KINDS = TC_ABI_GUARD_ASSUMED_BOUND };

/// One dimension: `known` >= 0 is a constant, else `value` is its i64.
typedef struct {
  MlirValue value;
  int64_t known;
} TcGuardDim;

/// The shape of one tensor value of the guarded function.
typedef struct {
  MlirValue value;
  intptr_t rank;
  TcGuardDim dims[32];
} TcGuardShape;

/// The shape function being built.
typedef struct TcGuardFn {
  TcBuilder b;           ///< inserts at the end of the shape function
  MlirValue dims;        ///< the memref<K x i64> argument
  MlirValue code;        ///< the running i32 code (0: nothing broken yet)
  MlirType i64, i32;
  intptr_t inputDims;    ///< where the outputs' dimensions start in %dims
  int counts[TC_GUARD_KINDS];
  TcGuardShape **shapes; ///< owned, each entry too; freed when the function is built
  intptr_t numShapes, capShapes;
} TcGuardFn;

/// The shape computed for `v`, or NULL.
TcGuardShape *tcGuardShapeOf(TcGuardFn *g, MlirValue v);
/// A new entry for `v` of `rank` (dims to be filled by the caller); entries
/// never move, so earlier pointers stay valid.
TcGuardShape *tcGuardNewShape(TcGuardFn *g, MlirValue v, intptr_t rank);

TcGuardDim tcGuardKnown(int64_t n);
TcGuardDim tcGuardDynamic(MlirValue v);
/// The i64 value of `d` (a constant if known).
MlirValue tcGuardValue(TcGuardFn *g, TcGuardDim d);
/// i1: a == b.
MlirValue tcGuardEq(TcGuardFn *g, TcGuardDim a, TcGuardDim b);
/// a && b; `a` may be null (then b).
MlirValue tcGuardAnd(TcGuardFn *g, MlirValue a, MlirValue b);
/// Records constraint `kind`, which holds when i1 `ok`: the code becomes
/// `kind` if it is still 0 and `ok` is false.
void tcGuardCheck(TcGuardFn *g, TcAbiGuard kind, MlirValue ok);
/// The size-limit constraint of value `v` with shape `s` (nothing if v's
/// type is static).
void tcGuardSizeLimit(TcGuardFn *g, MlirValue v, const TcGuardShape *s);

/// Computes the shapes of op's results (and checks op's constraints before
/// them); false if it does not handle this op's form.
typedef bool (*TcGuardRuleFn)(TcGuardFn *g, MlirOperation op);
/// The rule of tc_tensor op `kind` ("add"), or NULL.
TcGuardRuleFn tcGuardFindRule(MlirStringRef kind);

#endif // TENSORC_LIB_CONVERSION_GUARDS_GUARDSINTERNAL_H
