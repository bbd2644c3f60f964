//===- BisectProgram.c - sub-programs for op bisection ----------------------===//
//
// Op bisection compiles pieces of the program: the program cut at the
// result of one op (the public function returns that op's results and the
// program's outputs computed before it; the ops after it are removed), and the single-op program (that op alone, the
// constants it reads kept, its other operands made arguments, so it can be
// fed with the reference evaluator's values of them). Both are copies; the
// program they come from is not changed. A copy loses tc.semantic_hash,
// tc.contract_stamp and tc.manifest, since it is another program: the probe
// stamps it again (tensor-opt --tc-stamp). The single-op program loses the
// argument attributes too (its inputs are given, not drawn).
//
//===----------------------------------------------------------------------===//
#include "Bisect.h"

#include "tensorc/TextBuffer.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool named(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), mlirStringRefCreateFromCString(name));
}

static MlirOperation publicFunction(MlirOperation module) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    bool isPublic = mlirAttributeIsNull(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_visibility")));
    if (named(op, "func.func") && isPublic && !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
      return op;
  }
  return (MlirOperation){NULL};
}

MlirBlock bisectEntryBlock(MlirOperation module) {
  MlirOperation f = publicFunction(module);
  return mlirOperationIsNull(f) ? (MlirBlock){NULL} : mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
}

int bisectNumOps(MlirBlock block) {
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    ++n;
  return n > 0 ? n - 1 : 0;
}

int bisectNumComputeOps(MlirBlock block) {
  int n = 0;
  MlirOperation terminator = mlirBlockGetTerminator(block);
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    n += !mlirOperationEqual(op, terminator) && !named(op, "tc_tensor.constant");
  return n;
}

MlirOperation bisectOpAt(MlirBlock block, int index) {
  MlirOperation op = mlirBlockGetFirstOperation(block);
  for (int i = 0; i < index && !mlirOperationIsNull(op); ++i)
    op = mlirOperationGetNextInBlock(op);
  return op;
}

int bisectOpIndex(MlirOperation op) {
  int i = 0;
  for (MlirOperation p = mlirBlockGetFirstOperation(mlirOperationGetBlock(op)); !mlirOperationEqual(p, op);
       p = mlirOperationGetNextInBlock(p))
    ++i;
  return i;
}

static void dropAnnotations(MlirOperation module) {
  static const char *const kDropped[] = {"tc.semantic_hash", "tc.contract_stamp", "tc.manifest"};
  for (size_t i = 0; i < sizeof kDropped / sizeof kDropped[0]; ++i)
    mlirOperationRemoveDiscardableAttributeByName(module, mlirStringRefCreateFromCString(kDropped[i]));
}

// Erases, last first, every op of `block` but its terminator and those
// `keep` says; users come after their producers, so each is unused when
// it goes.
static void eraseOpsExcept(MlirBlock block, bool (*keep)(MlirOperation, void *), void *userData) {
  MlirOperation terminator = mlirBlockGetTerminator(block);
  MlirOperation op = mlirBlockGetFirstOperation(block), ops[4096];
  int n = 0;
  for (; !mlirOperationIsNull(op) && n < 4096; op = mlirOperationGetNextInBlock(op))
    if (!mlirOperationEqual(op, terminator) && !keep(op, userData))
      ops[n++] = op;
  for (int i = n - 1; i >= 0; --i)
    mlirOperationDestroy(ops[i]);
}

// The function's type from its entry block's arguments and its return.
static void retype(MlirOperation func, MlirBlock block) {
  MlirOperation ret = mlirBlockGetTerminator(block);
  intptr_t numArgs = mlirBlockGetNumArguments(block), numResults = mlirOperationGetNumOperands(ret);
  MlirType *args = calloc((size_t)numArgs + 1, sizeof *args), *results = calloc((size_t)numResults + 1, sizeof *results);
  for (intptr_t i = 0; i < numArgs; ++i)
    args[i] = mlirValueGetType(mlirBlockGetArgument(block, i));
  for (intptr_t i = 0; i < numResults; ++i)
    results[i] = mlirValueGetType(mlirOperationGetOperand(ret, i));
  MlirType type = mlirFunctionTypeGet(mlirOperationGetContext(func), numArgs, args, numResults, results);
  mlirOperationSetAttributeByName(func, mlirStringRefCreateFromCString("function_type"), mlirTypeAttrGet(type));
  mlirOperationRemoveAttributeByName(func, mlirStringRefCreateFromCString("res_attrs"));
  free(args);
  free(results);
}

typedef struct Cut {
  MlirOperation last;
  bool past;
} Cut;

static bool upToCut(MlirOperation op, void *userData) {
  Cut *c = userData;
  bool keep = !c->past;
  c->past |= mlirOperationEqual(op, c->last);
  return keep;
}

// Whether `v` is already among the first `n` of `values`.
static bool contains(const MlirValue *values, intptr_t n, MlirValue v) {
  for (intptr_t i = 0; i < n; ++i)
    if (mlirValueEqual(values[i], v))
      return true;
  return false;
}

MlirOperation bisectCutAt(MlirOperation module, int index) {
  MlirOperation copy = mlirOperationClone(module);
  dropAnnotations(copy);
  MlirBlock block = bisectEntryBlock(copy);
  MlirOperation op = bisectOpAt(block, index), ret = mlirBlockGetTerminator(block);
  intptr_t n = mlirOperationGetNumResults(op), outputs = mlirOperationGetNumOperands(ret);
  MlirValue *results = calloc((size_t)(n + outputs) + 1, sizeof *results);
  for (intptr_t i = 0; i < n; ++i)
    results[i] = mlirOperationGetResult(op, i);
  // The program's outputs computed by then stay outputs: the cut keeps
  // what they need alive, as the whole program does (two nests that share
  // memory in the program still share it in the cut).
  for (intptr_t i = 0; i < outputs; ++i) {
    MlirValue v = mlirOperationGetOperand(ret, i);
    if (mlirValueIsAOpResult(v) && bisectOpIndex(mlirOpResultGetOwner(v)) < index && !contains(results, n, v))
      results[n++] = v;
  }
  mlirOperationSetOperands(ret, n, results);
  free(results);
  eraseOpsExcept(block, upToCut, &(Cut){op, false});
  retype(mlirBlockGetParentOperation(block), block);
  return copy;
}

typedef struct Single {
  MlirOperation op;
} Single;

// The op itself and the constants it reads.
static bool opOrItsConstant(MlirOperation op, void *userData) {
  MlirOperation kept = ((Single *)userData)->op;
  if (mlirOperationEqual(op, kept))
    return true;
  if (!named(op, "tc_tensor.constant"))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(kept); ++i) {
    MlirValue v = mlirOperationGetOperand(kept, i);
    if (mlirValueIsAOpResult(v) && mlirOperationEqual(mlirOpResultGetOwner(v), op))
      return true;
  }
  return false;
}

MlirOperation bisectSingleOp(MlirOperation module, int index, BisectSource *sources, int max, int *numSources) {
  MlirOperation copy = bisectCutAt(module, index);
  MlirBlock block = bisectEntryBlock(copy);
  MlirOperation op = bisectOpAt(block, index), ret = mlirBlockGetTerminator(block);
  intptr_t numOld = mlirBlockGetNumArguments(block), n = mlirOperationGetNumResults(op);
  MlirValue *results = calloc((size_t)n + 1, sizeof *results);
  for (intptr_t i = 0; i < n; ++i) // the op's results alone, not the cut's earlier outputs
    results[i] = mlirOperationGetResult(op, i);
  mlirOperationSetOperands(ret, n, results);
  free(results);
  *numSources = 0;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    bool constant = mlirValueIsAOpResult(v) && named(mlirOpResultGetOwner(v), "tc_tensor.constant");
    if (constant)
      continue;
    if (*numSources >= max) {
      mlirOperationDestroy(copy);
      return (MlirOperation){NULL};
    }
    BisectSource *s = &sources[(*numSources)++];
    if (mlirValueIsABlockArgument(v))
      *s = (BisectSource){(int)mlirBlockArgumentGetArgNumber(v), -1, -1};
    else
      *s = (BisectSource){-1, bisectOpIndex(mlirOpResultGetOwner(v)), (int)mlirOpResultGetResultNumber(v)};
    MlirValue arg = mlirBlockAddArgument(block, mlirValueGetType(v), mlirOperationGetLocation(op));
    mlirOperationSetOperand(op, i, arg);
  }
  eraseOpsExcept(block, opOrItsConstant, &(Single){op});
  for (intptr_t i = numOld - 1; i >= 0; --i) // unused now: the op reads the new arguments
    mlirBlockEraseArgument(block, (unsigned)i);
  MlirOperation func = mlirBlockGetParentOperation(block);
  mlirOperationRemoveAttributeByName(func, mlirStringRefCreateFromCString("arg_attrs"));
  retype(func, block);
  return copy;
}

bool bisectWriteModule(MlirOperation op, const char *path) {
  TcTextBuffer text = {0};
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(op, flags, tcTextBufferAppend, &text);
  mlirOpPrintingFlagsDestroy(flags);
  FILE *f = fopen(path, "w");
  bool ok = f && fwrite(text.data ? text.data : "", 1, text.length, f) == text.length;
  ok = f && fclose(f) == 0 && ok;
  free(text.data);
  return ok;
}

static void appendText(MlirStringRef s, void *userData) {
  TcTextBuffer *t = userData;
  tcTextBufferAppend(s, t);
}

void bisectDescribeOp(MlirOperation op, char *buf, size_t size) {
  TcTextBuffer loc = {0};
  mlirLocationPrint(mlirOperationGetLocation(op), appendText, &loc);
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  // loc("program.mlir":10:10) -> program.mlir:10:10
  char where[512] = "";
  if (loc.data) {
    size_t j = 0;
    for (size_t i = 0; i < loc.length && j + 1 < sizeof where; ++i)
      if (loc.data[i] != '"' && !(i < 4 && strncmp(loc.data, "loc(", 4) == 0) && !(i == loc.length - 1 && loc.data[i] == ')'))
        where[j++] = loc.data[i];
    where[j] = '\0';
  }
  snprintf(buf, size, "%.*s at %s", (int)name.length, name.data, where);
  free(loc.data);
}
