//===- FaultsInternal.h - what the fault passes share -------------*- C -*-===//
//
// Every fault pass is a module pass that walks the module for the spots it
// breaks, changes them, and records a `test-fault` decision at each one
// (faultRecord). They build IR with the lowering passes' builder
// (lib/Conversion/ConversionInternal.h).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TEST_LIB_FAULTS_FAULTSINTERNAL_H
#define TENSORC_TEST_LIB_FAULTS_FAULTSINTERNAL_H

#include "Conversion/ConversionInternal.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>

/// Records the fault `kind` at `op` (its registered description).
void faultRecord(const char *kind, MlirOperation op);

/// Records the fault `kind` about op `opName` (a tc_tensor op a lowering
/// replaced) at `at`'s location: a body function keeps its op's location.
void faultRecordAs(const char *kind, const char *opName, MlirOperation at);

/// Calls fn(body) for every tc_loop.body function of `module`.
void faultForEachBody(MlirOperation module, void (*fn)(MlirOperation body, void *userData), void *userData);

/// Every op named `name` nested in `op`, in walk order, into `out` (at most
/// `max`); returns how many.
int faultCollect(MlirOperation op, const char *name, MlirOperation *out, int max);

/// The function's entry block.
MlirBlock faultEntry(MlirOperation func);

// FaultsLowering.c: faults in the bodies tc-lower-tensor built.
void faultDropBias(MlirOperation module, MlirExternalPass pass, void *userData);
void faultTransposeIgnored(MlirOperation module, MlirExternalPass pass, void *userData);
void faultReductionBound(MlirOperation module, MlirExternalPass pass, void *userData);
void faultBroadcastAxis(MlirOperation module, MlirExternalPass pass, void *userData);
void faultSwapOperands(MlirOperation module, MlirExternalPass pass, void *userData);
void faultReductionInit(MlirOperation module, MlirExternalPass pass, void *userData);
void faultGatherIndex(MlirOperation module, MlirExternalPass pass, void *userData);
void faultPadValue(MlirOperation module, MlirExternalPass pass, void *userData);
void faultCastTruncate(MlirOperation module, MlirExternalPass pass, void *userData);
void faultSoftmaxMax(MlirOperation module, MlirExternalPass pass, void *userData);
void faultConvStride(MlirOperation module, MlirExternalPass pass, void *userData);

// FaultsInput.c: faults written into the input of the pass that held their switch.
void faultLoopBoundOffByOne(MlirOperation module, MlirExternalPass pass, void *userData);
void faultBufferizeAlias(MlirOperation module, MlirExternalPass pass, void *userData);

// FaultsBody.c: faults inside loop bodies.
void faultVectorTail(MlirOperation module, MlirExternalPass pass, void *userData);
void faultDroppedPartial(MlirOperation module, MlirExternalPass pass, void *userData);
void faultNarrowPartials(MlirOperation module, MlirExternalPass pass, void *userData);
void faultConvTailStride(MlirOperation module, MlirExternalPass pass, void *userData);
void faultNormEpsilon(MlirOperation module, MlirExternalPass pass, void *userData);

// FaultsNumeric.c: faults in one op's arithmetic.
void faultCastRound(MlirOperation module, MlirExternalPass pass, void *userData);
void faultFastExp(MlirOperation module, MlirExternalPass pass, void *userData);
void faultAbsNegativeZero(MlirOperation module, MlirExternalPass pass, void *userData);
void faultMaxIgnoresNan(MlirOperation module, MlirExternalPass pass, void *userData);
void faultFlushSubnormals(MlirOperation module, MlirExternalPass pass, void *userData);

// FaultsSchedule.c: faults in the order and the threads of nests.
void faultReadAfterWrite(MlirOperation module, MlirExternalPass pass, void *userData);
void faultParallelRace(MlirOperation module, MlirExternalPass pass, void *userData);

// FaultsFusion.c: a fault in what a fusion decision built.
void faultFusedOperand(MlirOperation module, MlirExternalPass pass, void *userData);
void faultOnce(MlirOperation module, MlirExternalPass pass, void *userData);

#endif // TENSORC_TEST_LIB_FAULTS_FAULTSINTERNAL_H
