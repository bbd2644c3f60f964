//===- FaultsNumeric.c - faults in the arithmetic of one op ----------------===//
//
// Each rewrites one kind of op everywhere in the loop bodies, so that it
// still computes nearly the right thing:
//
//   cast-round         a narrowing arith.truncf of a loaded value (a cast,
//                      not a sum's final rounding) rounds toward zero: the
//                      nearest value, one ulp toward zero where that is
//                      further from zero than the exact one;
//   fast-exp           math.exp(x) -> math.exp2(x · log2 e): the product
//                      rounds, and its error grows with |x| (about |x|·1.4
//                      ulp), so it passes uniform(-1, 1) and fails exp's
//                      4 ulp past |x| of a few;
//   abs-negative-zero  math.absf(x) -> x < 0 ? -x : x, which returns -0
//                      for -0 (abs gives +0);
//   max-ignores-nan    arith.maximumf / minimumf -> maxnumf / minnumf,
//                      which return the other operand for NaN;
//   flush-subnormals   every float product below the smallest normal
//                      magnitude becomes a zero of its sign.
//
//===----------------------------------------------------------------------===//
#include "FaultsInternal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>

enum { kMaxOps = 4096 };

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }

static MlirValue operand(MlirOperation op, intptr_t i) { return mlirOperationGetOperand(op, i); }

static MlirValue result(MlirOperation op) { return mlirOperationGetResult(op, 0); }

// The integer type as wide as float type t.
static MlirType bitsType(MlirContext ctx, MlirType t) {
  return mlirIntegerTypeGet(ctx, mlirTypeIsAF64(t) ? 64 : mlirTypeIsAF32(t) ? 32 : 16);
}

// r one step toward zero (r finite, not zero): its bits minus one. `*cast`
// receives the op that reads r.
static MlirValue towardZero(TcBuilder *b, MlirValue r, MlirOperation *cast) {
  MlirType bits = bitsType(b->ctx, typeOf(r));
  MlirValue raw = tcBConvert(b, "arith.bitcast", r, bits);
  *cast = mlirOpResultGetOwner(raw);
  MlirValue less = tcBBinary(b, "arith.subi", raw, tcBConstInt(b, bits, 1));
  return tcBConvert(b, "arith.bitcast", less, typeOf(r));
}

void faultCastRound(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirOperation ops[kMaxOps];
  int n = faultCollect(module, "arith.truncf", ops, kMaxOps);
  for (int i = 0; i < n; ++i) {
    MlirValue x = operand(ops[i], 0);
    if (mlirValueIsABlockArgument(x) || !tcIsOp(mlirOpResultGetOwner(x), "memref.load"))
      continue; // a sum's or a composite's final rounding, not a cast
    TcBuilder b = tcBuilderBefore(mlirOperationGetNextInBlock(ops[i]));
    MlirValue r = result(ops[i]);
    MlirValue back = tcBWiden(&b, r, typeOf(x));
    MlirValue further = tcBCmpF(&b, TC_CMPF_OGT, tcBUnary(&b, "math.absf", back), tcBUnary(&b, "math.absf", x));
    MlirOperation readers[3] = {mlirOpResultGetOwner(back)};
    MlirValue fixed = tcBSelect(&b, further, towardZero(&b, r, &readers[1]), r);
    readers[2] = mlirOpResultGetOwner(fixed);
    mlirValueReplaceAllUsesExcept(r, fixed, 3, readers);
    faultRecord("cast-round", ops[i]);
  }
}

void faultFastExp(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirOperation ops[kMaxOps];
  int n = faultCollect(module, "math.exp", ops, kMaxOps);
  for (int i = 0; i < n; ++i) {
    TcBuilder b = tcBuilderBefore(ops[i]);
    MlirValue x = operand(ops[i], 0);
    MlirValue scaled = tcBBinary(&b, "arith.mulf", x, tcBConstFloat(&b, typeOf(x), 1.4426950408889634));
    MlirValue r = tcBUnary(&b, "math.exp2", scaled);
    mlirValueReplaceAllUsesOfWith(result(ops[i]), r);
    faultRecord("fast-exp", ops[i]);
    mlirOperationDestroy(ops[i]);
  }
}

void faultAbsNegativeZero(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirOperation ops[kMaxOps];
  int n = faultCollect(module, "math.absf", ops, kMaxOps);
  for (int i = 0; i < n; ++i) {
    TcBuilder b = tcBuilderBefore(ops[i]);
    MlirValue x = operand(ops[i], 0);
    MlirValue negative = tcBCmpF(&b, TC_CMPF_OLT, x, tcBConstFloat(&b, typeOf(x), 0.0));
    MlirValue r = tcBSelect(&b, negative, tcBUnary(&b, "arith.negf", x), x);
    mlirValueReplaceAllUsesOfWith(result(ops[i]), r);
    faultRecord("abs-negative-zero", ops[i]);
    mlirOperationDestroy(ops[i]);
  }
}

static void replaceBinary(MlirOperation module, const char *from, const char *to) {
  MlirOperation ops[kMaxOps];
  int n = faultCollect(module, from, ops, kMaxOps);
  for (int i = 0; i < n; ++i) {
    TcBuilder b = tcBuilderBefore(ops[i]);
    MlirValue r = tcBBinary(&b, to, operand(ops[i], 0), operand(ops[i], 1));
    mlirValueReplaceAllUsesOfWith(result(ops[i]), r);
    faultRecord("max-ignores-nan", ops[i]);
    mlirOperationDestroy(ops[i]);
  }
}

void faultMaxIgnoresNan(MlirOperation module, MlirExternalPass pass, void *userData) {
  replaceBinary(module, "arith.maximumf", "arith.maxnumf");
  replaceBinary(module, "arith.minimumf", "arith.minnumf");
}

static double smallestNormal(MlirType t) {
  return mlirTypeIsAF64(t) ? 0x1p-1022 : mlirTypeIsAF32(t) || mlirTypeIsABF16(t) ? 0x1p-126 : 0x1p-14;
}

void faultFlushSubnormals(MlirOperation module, MlirExternalPass pass, void *userData) {
  MlirOperation ops[kMaxOps];
  int n = faultCollect(module, "arith.mulf", ops, kMaxOps);
  for (int i = 0; i < n; ++i) {
    MlirValue r = result(ops[i]);
    TcBuilder b = tcBuilderBefore(mlirOperationGetNextInBlock(ops[i]));
    MlirValue magnitude = tcBUnary(&b, "math.absf", r);
    MlirValue tiny = tcBCmpF(&b, TC_CMPF_OLT, magnitude, tcBConstFloat(&b, typeOf(r), smallestNormal(typeOf(r))));
    MlirValue zero = tcBBinary(&b, "math.copysign", tcBConstFloat(&b, typeOf(r), 0.0), r);
    MlirValue flushed = tcBSelect(&b, tiny, zero, r);
    MlirOperation keep[3] = {mlirOpResultGetOwner(magnitude), mlirOpResultGetOwner(zero),
                             mlirOpResultGetOwner(flushed)};
    mlirValueReplaceAllUsesExcept(r, flushed, 3, keep);
    faultRecord("flush-subnormals", ops[i]);
  }
}
