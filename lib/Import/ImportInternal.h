//===- ImportInternal.h - what the ONNX importer's files share ---*- C -*-===//
//
// The importer walks the graph's nodes in order. Every ONNX value name maps
// to an ImpValue: its dtype (ONNX's TensorProto.DataType code) and static
// shape, the SSA value that computes it (materialised lazily), and, for a
// value known at import time (an initializer, a `Constant`, anything folded
// from them or from static shapes), its raw little-endian elements. Op
// importers (Ops*.c, one family per file) read their inputs through
// tcImpInput, emit tc_tensor ops through the builders of Builder.c, and define
// their outputs with tcImpDefine / tcImpDefineConstant. The first error wins:
// tcImpInvalid (exit 2) for a model that breaks ONNX's rules, tcImpUnsupported
// (exit 3) for a valid one tensorc cannot import exactly; both return false
// so that importers can `return tcImpUnsupported(...)`.
//
// The value table is sized before the walk (inputs + initializers + node
// outputs), so ImpValue pointers stay valid for the whole import.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_IMPORT_INTERNAL_H
#define TENSORC_LIB_IMPORT_INTERNAL_H

#include "onnx.pb-c.h"
#include "tensorc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum {
  IMP_MAX_RANK = 32,
  /// Constants with at most this many elements are folded on the host.
  IMP_FOLD_LIMIT = 1 << 16,
  /// Initializers of at least this many bytes borrow the protobuf's bytes.
  IMP_RESOURCE_BYTES = 1024,
};

// ONNX TensorProto.DataType codes used by name.
enum {
  IMP_F32 = 1, IMP_U8 = 2, IMP_I8 = 3, IMP_U16 = 4, IMP_I16 = 5, IMP_I32 = 6, IMP_I64 = 7,
  IMP_STRING = 8, IMP_BOOL = 9, IMP_F16 = 10, IMP_F64 = 11, IMP_U32 = 12, IMP_U64 = 13,
  IMP_BF16 = 16,
};

/// A dynamic dimension (`?`, docs/dialects.md §1.5) in ImpValue.dims and in
/// the shapes the builders take: MLIR's own marker, INT64_MIN.
#define IMP_DYN INT64_MIN

/// True if some of the `rank` dims is IMP_DYN.
bool tcImpIsDynamic(int rank, const int64_t *dims);

/// One element of a shape known only at run time (a *size expression*,
/// docs/tensor-import-onnx.md "Shape chains"): the constant `mul` when `sym`
/// is 0, else floor(S · mul / div) with S the run-time size that `sym` names
/// (dimension (sym − 1) % IMP_MAX_RANK of value (sym − 1) / IMP_MAX_RANK of
/// the value table), mul ≥ 1 and div ≥ 1 without a common factor.
typedef struct ImpSize {
  int64_t sym;
  int64_t mul, div;
} ImpSize;

typedef struct ImpValue {
  const char *name;
  int32_t dtype;
  int rank;
  int64_t dims[IMP_MAX_RANK];
  bool defined;
  MlirValue value;                    ///< null until materialised
  const void *data;                   ///< constant elements, or NULL
  void *owned;                        ///< data the importer owns (freed at the end)
  const Onnx__TensorProto *proto;     ///< the tensor `data` came from, if any
  const Onnx__NodeProto *unavailable; ///< the unsupported node it depends on, or NULL
  /// Non-NULL (owned) for an integer tensor of rank 0 or 1 computed from
  /// dynamic shapes: its elements as size expressions, at least one of them
  /// not constant. Such a value has no `data` and is never materialised.
  ImpSize *sizes;
} ImpValue;

typedef struct Importer {
  MlirContext ctx;
  const char *path;
  FILE *err;
  TcExitCode status;
  Onnx__ModelProto *model;
  int64_t opset;
  MlirBlock body;
  MlirLocation fileLoc, loc;
  const Onnx__NodeProto *node; ///< the node being imported, or NULL
  size_t nodeIndex;            ///< its index in the graph
  size_t numUnsupported;       ///< nodes refused so far (each reported)
  ImpValue *values;
  size_t numValues, capValues;
  size_t *table; ///< open addressing: index + 1, 0 = empty
  size_t tableSize;
  unsigned resourceCount;
  const struct TcOnnxBinding *bindings; ///< graph inputs given at import time
  size_t numBindings;
} Importer;

//===-- Errors (Importer.c) -----------------------------------------------===//

bool tcImpInvalid(Importer *im, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool tcImpUnsupported(Importer *im, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

//===-- Values (Importer.c) -----------------------------------------------===//

ImpValue *tcImpLookup(Importer *im, const char *name);
/// Input `i` of the current node, or NULL when absent (or named "").
ImpValue *tcImpInput(Importer *im, int i);
int tcImpNumInputs(Importer *im);
/// Output `i` of the current node, or NULL when absent (or named "").
ImpValue *tcImpOutput(Importer *im, int i);
/// Fails (unsupported) if the node asks for more than `n` outputs.
bool tcImpAtMostOutputs(Importer *im, int n);
/// Defines output `i` as `value` (dtype and shape from its type).
bool tcImpDefine(Importer *im, int i, MlirValue value);
/// Defines output `i` as a constant; `data` (numel elements of dtype, owned
/// by the importer from now on) may be NULL only for an empty tensor.
bool tcImpDefineConstant(Importer *im, int i, int32_t dtype, int rank, const int64_t *dims, void *data);
/// Defines output `i` as the constant int64 (or `dtype`) values `ints`.
bool tcImpDefineInts(Importer *im, int i, int32_t dtype, int rank, const int64_t *dims, const int64_t *ints);
/// Defines output `i` as the `n` size expressions `s` (rank 0 if `rank` is 0,
/// else [n]) of integer `dtype`: a constant when all are constants.
bool tcImpDefineSizes(Importer *im, int i, int32_t dtype, int rank, const ImpSize *s, int n);
/// The SSA value of `v`, materialising a constant on first use.
MlirValue tcImpGet(Importer *im, ImpValue *v);

//===-- Dtypes and tensors (Tensor.c) ---------------------------------------===//

/// The MLIR element type of an ONNX dtype; null for one tc_tensor lacks.
MlirType tcImpElementType(MlirContext ctx, int32_t dtype);
/// The ONNX dtype of an MLIR element type (0 if none).
int32_t tcImpDtypeOf(MlirType element);
size_t tcImpDtypeSize(int32_t dtype);
const char *tcImpDtypeName(int32_t dtype);
bool tcImpIsFloat(int32_t dtype);
bool tcImpIsInt(int32_t dtype); ///< signed or unsigned integer, not bool
bool tcImpIsUnsigned(int32_t dtype);
int64_t tcImpNumElements(int rank, const int64_t *dims);

/// "[2, 3]": a shape for messages, into buf (at most `size` bytes).
const char *tcImpFormatShape(int rank, const int64_t *dims, char *buf, size_t size);

/// The largest tensor the importer builds, in bytes: tc_tensor's limit
/// (docs/dialects.md §1.1).
#define IMP_MAX_LOG2_BYTES 40
MlirType tcImpTensorType(Importer *im, int32_t dtype, int rank, const int64_t *dims);
/// Reads a TensorProto's dims and elements (raw_data or the typed fields)
/// into `*data` (malloc'd copy unless `borrow` and it has raw_data, then a
/// pointer into the proto). Reports an invalid tensor and returns false.
bool tcImpTensorData(Importer *im, const Onnx__TensorProto *t, const char *what, bool borrow, const void **data,
                     void **owned, int *rank, int64_t *dims);
/// Element `k` of constant data as int64 / double.
int64_t tcImpDataInt(const void *data, int32_t dtype, int64_t k);
double tcImpDataDouble(const void *data, int32_t dtype, int64_t k);
/// The elements attribute of a constant.
MlirAttribute tcImpElementsAttr(Importer *im, ImpValue *v);

//===-- Attributes (Attributes.c) -------------------------------------------===//

const Onnx__AttributeProto *tcImpAttr(Importer *im, const char *name);
/// Integer attribute `name`, `def` when absent; false on a wrong kind.
bool tcImpAttrInt(Importer *im, const char *name, int64_t def, int64_t *out);
bool tcImpAttrFloat(Importer *im, const char *name, float def, float *out);
/// String attribute into `buf` (`def` when absent).
bool tcImpAttrString(Importer *im, const char *name, const char *def, char *buf, size_t size);
/// Integer list attribute; `*present` says if it was given. At most `max`.
bool tcImpAttrInts(Importer *im, const char *name, int64_t *out, int max, int *n, bool *present);
/// Fails (unsupported) if the node has an attribute not in `known`
/// (NULL-terminated).
bool tcImpKnownAttrs(Importer *im, const char *const *known);

/// Reads constant input `i` as integers (at most `max`); unsupported if it is
/// not known at import time.
bool tcImpConstInts(Importer *im, int i, const char *what, int64_t *out, int max, int *n);
/// Reports (unsupported) that input `what` (value `v`) must be known at
/// import time; when `v` is a graph input, says it can be bound (--bind).
bool tcImpNotKnown(Importer *im, const char *what, const ImpValue *v);
/// Normalises axis `a` against rank `r`; invalid if out of range.
bool tcImpAxis(Importer *im, int64_t a, int r, int64_t *out);

//===-- Size expressions (Sizes.c) -------------------------------------------===//

/// Dimension `d` of `v` as a size expression: its constant, or its symbol.
ImpSize tcImpSizeOfDim(Importer *im, const ImpValue *v, int d);
/// Reads input `i` as at most `max` size expressions: a constant integer
/// tensor or a folded shape (tcImpConstInts' refusals otherwise).
bool tcImpShapeInts(Importer *im, int i, const char *what, ImpSize *out, int max, int *n);
/// "['x'.d0, 784]": size expressions for messages, into buf.
const char *tcImpFormatSizes(Importer *im, const ImpSize *s, int n, char *buf, size_t size);
/// Folds the current node on size expressions when one of its inputs holds
/// them and the op is one of those shape subgraphs use. Returns true if it
/// defined the outputs (or failed: then *failed).
bool tcImpFoldSizes(Importer *im, bool *failed);
/// Refuses (unsupported) an input of the current node that holds size
/// expressions, unless it is a Reshape or Expand target.
bool tcImpCheckSizesInputs(Importer *im);
/// Reshape of `x` to the target `shape` (n entries, 0 and -1 as ONNX reads
/// them) when `x` or the target is dynamic: the result dims, IMP_DYN where
/// they are known only at run time. Reports and returns false otherwise.
bool tcImpReshapeDynamic(Importer *im, ImpValue *x, ImpSize *shape, int n, bool allowzero, int64_t *dims);
/// Expand of `x` to `shape` when `x` or the target is dynamic: defines
/// output 0, or reports what tc_tensor cannot express.
bool tcImpExpandDynamic(Importer *im, ImpValue *x, const ImpSize *shape, int n);
/// Python-style slice bounds for one axis (OpsShape.c): the result size;
/// rewrites *start as ONNX clamps it.
int64_t tcImpSliceAxis(int64_t n, int64_t *start, int64_t end, int64_t step);

//===-- Builders (Builder.c) ---------------------------------------------===//

MlirNamedAttribute tcImpNamed(Importer *im, const char *name, MlirAttribute attr);
MlirAttribute tcImpI64(Importer *im, int64_t v);
MlirAttribute tcImpF64(Importer *im, double v);
MlirAttribute tcImpBool(Importer *im, bool v);
MlirAttribute tcImpI64Array(Importer *im, const int64_t *v, int n);
MlirAttribute tcImpStr(Importer *im, const char *s);
MlirValue tcImpOp(Importer *im, const char *name, const MlirValue *operands, int numOperands, MlirType result,
                  const MlirNamedAttribute *attrs, int numAttrs);
int tcImpRankOf(MlirValue v);
int64_t tcImpDimOf(MlirValue v, int d);
void tcImpShapeOf(MlirValue v, int64_t *dims);
int32_t tcImpDtypeOfValue(MlirValue v);
MlirType tcImpLike(Importer *im, MlirValue v, int rank, const int64_t *dims);
MlirValue tcImpUnary(Importer *im, const char *kind, MlirValue x);
/// Broadcasting binary op; NULL value (and an invalid-model error) if the
/// shapes do not broadcast.
MlirValue tcImpBinary(Importer *im, const char *kind, MlirValue a, MlirValue b);
MlirValue tcImpCompare(Importer *im, const char *kind, MlirValue a, MlirValue b);
MlirValue tcImpWhere(Importer *im, MlirValue c, MlirValue a, MlirValue b);
MlirValue tcImpCast(Importer *im, MlirValue x, int32_t dtype);
MlirValue tcImpReshape(Importer *im, MlirValue x, int rank, const int64_t *dims);
MlirValue tcImpBroadcastTo(Importer *im, MlirValue x, int rank, const int64_t *dims);
MlirValue tcImpTranspose(Importer *im, MlirValue x, const int64_t *perm);
MlirValue tcImpReduce(Importer *im, const char *kind, MlirValue x, const int64_t *axes, int numAxes, bool keepdims);
/// A rank-0 constant of `dtype` holding `v`.
MlirValue tcImpScalar(Importer *im, int32_t dtype, double v);
/// A constant holding `ints` converted to `dtype`.
MlirValue tcImpConstInts64(Importer *im, int32_t dtype, int rank, const int64_t *dims, const int64_t *ints);
/// Broadcast shape of two shapes; false if incompatible.
bool tcImpBroadcastShape(int ra, const int64_t *a, int rb, const int64_t *b, int *r, int64_t *out);

//===-- Op importers ----------------------------------------------------------===//

typedef bool (*ImpOpFn)(Importer *im);
/// The importer of `opType`, or NULL.
ImpOpFn tcImpFindOp(const char *opType);
/// Folds the current node on the host when its inputs are constants and the
/// op is one of the folded ones. Returns true if it defined the outputs.
bool tcImpTryFold(Importer *im, bool *failed);
/// Whether `op` is one of the ops only ever folded (Shape, Constant, ...).
bool tcImpTryFoldable(const char *op);
/// Whether `op`'s definition in opsets 1-6 is the opset-7 one once the
/// attributes that opset 7 dropped are read as it says: `consumed_inputs`
/// (a memory hint) ignored, and the binary ops' legacy `broadcast`/`axis`
/// (impLegacyBroadcast). Models of opsets 1-6 may use only these ops.
bool tcImpLegacyOp(const char *op);

// One lookup per family file.
ImpOpFn tcImpFindElementwiseOp(const char *opType);
ImpOpFn tcImpFindActivationOp(const char *opType);
ImpOpFn tcImpFindShapeOp(const char *opType);
ImpOpFn tcImpFindNNOp(const char *opType);
ImpOpFn tcImpFindReduceOp(const char *opType);
ImpOpFn tcImpFindConvPoolOp(const char *opType);
ImpOpFn tcImpFindLayoutOp(const char *opType);
ImpOpFn tcImpFindIndexOp(const char *opType);
ImpOpFn tcImpFindResizeOp(const char *opType);

#endif // TENSORC_LIB_IMPORT_INTERNAL_H
