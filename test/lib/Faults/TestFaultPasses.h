//===- TestFaultPasses.h - the test-only fault passes of test/lib ---*- C -*-===//
//
// A tool that links tensorc_test_faults calls this once at start, before it
// parses --tc-test-fault, so that those kinds and their passes are known
// (include/tensorc/TestFaults.h).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TEST_LIB_FAULTS_TESTFAULTPASSES_H
#define TENSORC_TEST_LIB_FAULTS_TESTFAULTPASSES_H

/// Registers the fault passes of test/lib/Faults.
void tcRegisterTestFaultPasses(void);

#endif // TENSORC_TEST_LIB_FAULTS_TESTFAULTPASSES_H
