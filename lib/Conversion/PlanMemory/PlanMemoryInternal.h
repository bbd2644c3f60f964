//===- PlanMemoryInternal.h - tc-plan-memory, shared parts --------*- C -*-===//
//
// What the liveness analysis (Liveness.c) and the in-place rule (InPlace.c)
// hand to the planner (PlanMemory.c). One TcMemPlan describes one function:
// its top-level ops numbered in order (positions), and one TcMemBuffer per
// top-level memref.alloc with the interval of positions during which its
// contents matter.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_CONVERSION_PLANMEMORY_PLANMEMORYINTERNAL_H
#define TENSORC_LIB_CONVERSION_PLANMEMORY_PLANMEMORYINTERNAL_H

#include "../ConversionInternal.h"

/// The alignment of every shared allocation.
enum { kTcBlockAlign = 64 };

/// One top-level memref.alloc of the function.
typedef struct TcMemBuffer {
  MlirOperation alloc;   ///< the memref.alloc
  MlirOperation dealloc; ///< its own top-level memref.dealloc (null if none)
  MlirType type;
  int64_t bytes;         ///< its size in bytes (elements x element bytes)
  intptr_t start, end;   ///< live interval, positions, inclusive
  bool planned;          ///< placed in a shared allocation
  bool escapes;          ///< a use the analysis does not know: live to the end
  bool freedElsewhere;   ///< a memref.dealloc through a view or inside a region
  bool usedAfterFree;    ///< a use at or after its own top-level memref.dealloc
  const char *why;       ///< why not planned (static text), when !planned
  intptr_t inPlaceOf;    ///< the buffer whose memory it takes over in place, or -1
  intptr_t successor;    ///< the buffer that takes this one's memory in place, or -1
  intptr_t inPlaceAt;    ///< with inPlaceOf: the nest's position, body and operands
  MlirOperation inPlaceBody;
  intptr_t inPlaceIn, inPlaceOut;
  intptr_t block;        ///< the shared allocation it is placed in
} TcMemBuffer;

/// One function's top-level ops and buffers.
typedef struct TcMemPlan {
  MlirOperation func;
  MlirOperation *ops;     ///< top-level ops in block order; ops[i] is at position i
  intptr_t nOps;
  struct TcOpPos *sorted; ///< (op, position) sorted by op pointer, for lookups
  TcMemBuffer *buffers;
  intptr_t nBuffers;
  intptr_t *bufferAt;     ///< bufferAt[i]: the buffer allocated at position i, or -1
} TcMemPlan;

/// Fills `plan` for `func` (a function whose body is one block): numbers
/// its top-level ops, finds every top-level memref.alloc and computes its
/// live interval, or why it cannot be planned. Free with tcMemPlanDestroy.
void tcMemPlanAnalyse(MlirOperation func, TcMemPlan *plan);
void tcMemPlanDestroy(TcMemPlan *plan);

/// The buffer whose memref.alloc result is `v` exactly, or -1.
intptr_t tcMemPlanBufferOf(const TcMemPlan *plan, MlirValue v);

/// Pairs outputs of pointwise nests with inputs whose interval ends at that
/// nest, where docs/memory.md allows writing in place; sets `inPlaceOf`,
/// `successor` and the `inPlace*` fields. Returns the count.
intptr_t tcMemPlanInPlace(TcMemPlan *plan, MlirSymbolTable symbols);

/// Records one `in-place` decision per pair tcMemPlanInPlace made.
void tcMemPlanRecordInPlace(const TcMemPlan *plan);

/// The smallest allocation made static by the workspace step (Workspace.c):
/// glibc's default mmap threshold, from which on every malloc is fresh
/// pages from the kernel.
enum { kTcWorkspaceMinBytes = 128 * 1024 };

/// One top-level allocation of a planned function and its own dealloc; for
/// a run-time-sized one, its live interval (positions, inclusive).
typedef struct TcMemAllocation {
  MlirOperation alloc, dealloc;
  int64_t bytes;
  intptr_t start, end;
} TcMemAllocation;

/// What run-time-sized allocations may reserve as static buffers
/// (Workspace.c, docs/memory.md §5): virtual memory, resident only as far
/// as calls touch it. A function takes at most kTcRunTimeWorkspaceBytes, a
/// module at most kTcRunTimeWorkspaceModuleBytes (x86-64's small code model
/// reaches 2 GiB of data), and no buffer more than kTcRunTimeWorkspaceUnits
/// run-time units.
enum {
  kTcRunTimeWorkspaceBytes = 256 * 1024 * 1024,
  kTcRunTimeWorkspaceModuleBytes = 1024 * 1024 * 1024,
  kTcRunTimeWorkspaceUnits = 65536
};

/// Makes every allocation of `allocations` of at least kTcWorkspaceMinBytes
/// a static buffer of the artifact, guarded by a per-function lock, with
/// the old allocation as the fallback of a call that finds it in use, and
/// each of the `nRunTime` run-time-sized allocations `runTime` (bytes: its
/// bytes at run-time sizes of 1) part of a static buffer too, shared with
/// those whose live intervals it does not meet, while its sizes fit and the
/// module's `runTimeBudget` (bytes left, decreased by what it reserves)
/// holds them (Workspace.c); records a `workspace` decision for each kind it
/// rewrote.
void tcMemPlanWorkspace(MlirOperation func, MlirSymbolTable symbols, const TcMemAllocation *allocations, intptr_t n,
                        const TcMemAllocation *runTime, intptr_t nRunTime, int64_t *runTimeBudget);

#endif // TENSORC_LIB_CONVERSION_PLANMEMORY_PLANMEMORYINTERNAL_H
