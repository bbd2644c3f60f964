//===- LoopToSCFInternal.h - tc-lower-loops, shared parts --------*- C -*-===//
#ifndef TENSORC_LIB_CONVERSION_LOOPTOSCF_LOOPTOSCFINTERNAL_H
#define TENSORC_LIB_CONVERSION_LOOPTOSCF_LOOPTOSCFINTERNAL_H

#include "../ConversionInternal.h"

/// Retypes every buffer without elements to memref<0xT> and drops the
/// (dead) loads and stores on them (EmptyBuffers.c).
void tcRetypeEmptyBuffers(MlirOperation module);

#endif // TENSORC_LIB_CONVERSION_LOOPTOSCF_LOOPTOSCFINTERNAL_H
