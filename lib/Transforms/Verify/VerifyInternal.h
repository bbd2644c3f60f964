//===- VerifyInternal.h - shared pieces of tc-verify -------------*- C -*-===//
//
// tc-verify is a table from op name to a checking function (Verify.c), one
// file per op family (VerifyElementwise.c, VerifyShape.c, ...), the helpers
// below that every family uses (VerifyCommon.c), and the buffer and body
// helpers of tc_loop and tc_kernel (VerifyBuffers.c). A tc_kernel op checks
// the rules of the tc_tensor op it replaces through functions that op's
// family file exports (gemm, conv2d). A checking function returns true when
// the op is valid and otherwise emits at least one located error through
// tcEmitOpError and returns false. Before it runs, the driver has already
// checked that every operand and result of a tc_tensor op is a ranked tensor
// of a supported dtype, static unless the op's row allows dynamic dimensions
// (docs/dialects.md §1.5). A dynamic dimension reads as TCV_DYN: families that
// allow them compute TCV_DYN where a rule's size depends on one, and check an
// equality statically only when both sides are known (the rest is a run-time
// constraint, checked by the reference and, later, the artifact's guards).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TRANSFORMS_VERIFY_VERIFYINTERNAL_H
#define TENSORC_TRANSFORMS_VERIFY_VERIFYINTERNAL_H

#include "tensorc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/// Largest rank (and attribute array length) tc-verify handles; see
/// docs/dialects.md §1.1.
enum { TCV_MAX_RANK = 32, TCV_MAX_ARRAY = 2 * TCV_MAX_RANK };

/// The largest tensor or buffer, in bytes (docs/dialects.md §1.1): 2^40
/// (1 TiB), so that every byte offset, and every element count times an
/// element size, stays far inside 64-bit index arithmetic.
#define TCV_MAX_LOG2_BYTES 40

/// Whether the shaped type `t` holds at most 2^TCV_MAX_LOG2_BYTES
/// bytes (i1 counted as one byte), computed without overflow.
bool tcvSizeWithinLimit(MlirType t);

/// Number of buffer slots (b0 ... b15) of tc_loop.nest and
/// tc_kernel.elementwise; see docs/dialects.md §3.
enum { TCV_NUM_SLOTS = 16 };

/// Dtype classes of docs/dialects.md §1.1.
typedef enum TcvDtype {
  TCV_DTYPE_UNSUPPORTED = 0,
  TCV_DTYPE_BOOL = 1 << 0,
  TCV_DTYPE_SINT = 1 << 1,
  TCV_DTYPE_UINT = 1 << 2,
  TCV_DTYPE_FLOAT = 1 << 3,
} TcvDtype;

/// Dtype class masks used by op tables.
enum {
  TCV_INT = TCV_DTYPE_SINT | TCV_DTYPE_UINT,
  TCV_NUMERIC = TCV_INT | TCV_DTYPE_FLOAT,
  TCV_BOOL_OR_INT = TCV_DTYPE_BOOL | TCV_INT,
  TCV_NUMERIC_OR_BOOL = TCV_NUMERIC | TCV_DTYPE_BOOL,
  TCV_ANY = TCV_NUMERIC | TCV_DTYPE_BOOL,
};

/// A dynamic dimension (`?`) in a TcvShape: MLIR's own marker
/// (mlirShapedTypeGetDynamicSize()), INT64_MIN.
#define TCV_DYN INT64_MIN

/// A shape; a dimension is a size >= 0 or TCV_DYN.
typedef struct TcvShape {
  intptr_t rank;
  int64_t dims[TCV_MAX_RANK];
} TcvShape;

/// The contents of an I64Array or BoolArray attribute.
typedef struct TcvArray {
  intptr_t size;
  int64_t data[TCV_MAX_ARRAY];
} TcvArray;

//===-- Types ---------------------------------------------------------------===//

/// Returns the dtype class of an element type (TCV_DTYPE_UNSUPPORTED if the
/// type is not one of docs/dialects.md §1.1).
TcvDtype tcvDtypeOf(MlirType elementType);

/// Returns the class of a tensor or memref value's element type.
TcvDtype tcvValueDtype(MlirValue value);

/// Returns the element type of a shaped value.
MlirType tcvElementType(MlirValue value);

/// Reads the shape of a ranked tensor or memref value.
TcvShape tcvShapeOf(MlirValue value);

/// Writes `shape` as "2x3" ("scalar" for rank 0) into `buf`; returns `buf`.
const char *tcvFormatShape(const TcvShape *shape, char *buf, size_t size);

/// Writes the type of `value` into `buf` (as MLIR prints it); returns `buf`.
const char *tcvFormatType(MlirType type, char *buf, size_t size);

/// True if the shapes have one rank and the same dimensions, TCV_DYN only
/// where the other has TCV_DYN.
bool tcvShapeEqual(const TcvShape *a, const TcvShape *b);

/// True if some dimension of `s` is TCV_DYN.
bool tcvShapeIsDynamic(const TcvShape *s);

/// True if sizes `a` and `b` may be equal: equal, or either is TCV_DYN (then
/// their equality is a run-time constraint, `equal-dims`).
bool tcvDimsMayEqual(int64_t a, int64_t b);

/// Element count of a static shape (saturates at INT64_MAX); TCV_DYN
/// dimensions count as 1, and a 0 dimension makes it 0.
int64_t tcvNumElements(const TcvShape *shape);

/// NumPy broadcast of `a` and `b` into `out` (docs/dialects.md §1.5 for
/// TCV_DYN: ? with 1 or ? is ?, ? with a known n != 1 is n). Returns false if
/// two known sizes are incompatible.
bool tcvBroadcast(const TcvShape *a, const TcvShape *b, TcvShape *out);

/// True if `from` broadcasts unidirectionally to `to` (docs/dialects.md §1.3);
/// an aligned pair with a TCV_DYN side is left to the run-time constraint.
bool tcvBroadcastsTo(const TcvShape *from, const TcvShape *to);

/// True if `s` spells exactly the NUL-terminated `literal`.
bool tcvStringIs(MlirStringRef s, const char *literal);

//===-- Checks that emit diagnostics ----------------------------------------===//

/// Checks that `value` (operand or result `what`, e.g. "operand #1") has a
/// dtype in `allowed` (a TCV_* mask); `allowedText` names the class in the
/// message, e.g. "float".
bool tcvCheckDtype(MlirOperation op, MlirValue value, const char *what, int allowed, const char *allowedText);

/// Checks that all tensor operands and results of `op` have one element type.
bool tcvCheckSameElementType(MlirOperation op);

/// Checks that the result's shape equals `expected`; the message names both.
bool tcvCheckResultShape(MlirOperation op, MlirValue result, const TcvShape *expected);

/// Checks that `op` has no attribute outside `allowed` (NULL-terminated list)
/// except discardable ones (names containing '.').
bool tcvCheckAllowedAttrs(MlirOperation op, const char *const *allowed);

/// Checks that operand `name` (the value `v`) has rank exactly `rank`.
bool tcvCheckRank(MlirOperation op, MlirValue v, const char *name, intptr_t rank);

/// Checks that operand `name` (the value `v`) has rank at least `min`.
bool tcvCheckMinRank(MlirOperation op, MlirValue v, const char *name, intptr_t min);

//===-- Attribute readers (emit a diagnostic on a wrong kind) ---------------===//

bool tcvGetI64(MlirOperation op, const char *name, int64_t *out);
bool tcvGetBool(MlirOperation op, const char *name, bool *out);
bool tcvGetF64(MlirOperation op, const char *name, double *out);
bool tcvGetString(MlirOperation op, const char *name, MlirStringRef *out);
/// Reads an `array<i64: ...>` attribute.
bool tcvGetI64Array(MlirOperation op, const char *name, TcvArray *out);
/// Reads an `array<i1: ...>` attribute (entries 0 or 1).
bool tcvGetBoolArray(MlirOperation op, const char *name, TcvArray *out);

/// Normalises `axis` (attribute `name`) for rank `rank`: negative axes count
/// from the end; the result must lie in [0, rank).
bool tcvNormalizeAxis(MlirOperation op, const char *name, int64_t axis, intptr_t rank, int64_t *out);

/// Reads I64Array `axes` for an operand of rank `rank` and sets `reduced[i]`
/// for every axis it names, after normalisation; entries must be distinct, and
/// an empty `axes` names every axis. `reduced` holds `rank` entries.
bool tcvReadAxes(MlirOperation op, intptr_t rank, bool *reduced);

//===-- Buffers and bodies of tc_loop and tc_kernel (VerifyBuffers.c) -------===//

/// Checks that every operand of `op` is a buffer (docs/dialects.md §3). The
/// message names operand i `operand '<names[i]>'`, or `buffer #i` when
/// `names` is NULL.
bool tcvCheckBuffers(MlirOperation op, const char *const *names);

/// As tcvCheckBuffers(op, NULL) for a tc_loop.nest, whose buffers may also
/// have dynamic dimensions (with the identity layout, docs/dialects.md §3.1).
bool tcvCheckNestBuffers(MlirOperation op);
/// As tcvCheckBuffers, dynamic dimensions allowed (with the identity
/// layout): for a kernel whose rule says which sizes may be run-time.
bool tcvCheckBuffersRunTime(MlirOperation op, const char *const *names);

/// Checks that attribute `operandSegmentSizes` fills the TCV_NUM_SLOTS buffer
/// slots from b0 without gaps (ones followed by zeros).
bool tcvCheckBufferSlots(MlirOperation op);

/// Checks that I64 `group` (a fusion group, §3.1) is >= -1.
bool tcvCheckFusionGroup(MlirOperation op, int64_t group);

/// Resolves attribute `body` of `op` to a func.func defined in the enclosing
/// module and carrying unit attribute `mark`. On success stores the function
/// in `*func` and its name in `*name`; both are borrowed from the IR.
bool tcvLookupBody(MlirOperation op, const char *mark, MlirOperation *func, MlirStringRef *name);

/// Bracket one verification run (Verify.c): between them tcvLookupBody
/// resolves bodies through a symbol table built once per module, not by a
/// scan of the module per op. The IR must not change in between. Nestable.
void tcvBodyIndexBegin(void);
void tcvBodyIndexEnd(void);

/// Returns the function type of `func`, a func.func.
MlirType tcvBodyType(MlirOperation func);

/// Checks that body `func` (named `name`) has exactly type `expected`; the
/// message names both types.
bool tcvCheckBodyType(MlirOperation op, MlirOperation func, MlirStringRef name, MlirType expected);

//===-- Op families ---------------------------------------------------------===//

typedef struct TcvOpRule TcvOpRule;

/// A checking function for one op (see the file comment).
typedef bool (*TcvVerifyFn)(MlirOperation op, const TcvOpRule *rule);

/// One row of the op table in Verify.c: the op's full name, its checking
/// function, the dtype classes its operands may have (a TCV_* mask; families
/// that need more than one mask document how they use it) and that class's
/// name for messages.
struct TcvOpRule {
  const char *name;
  TcvVerifyFn verify;
  int dtypes;
  const char *dtypeText;
  bool dynamic; ///< operands and results may have dynamic dimensions (§1.5)
};

/// Checks that operand `name` (the value `v`) of an op that takes dynamic
/// dimensions only in some operands has a static shape.
bool tcvCheckStatic(MlirOperation op, MlirValue v, const char *name);

// Elementwise family (VerifyElementwise.c).
bool tcvVerifyUnary(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyBinary(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyCompare(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyWhere(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyClip(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyCast(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyConstant(MlirOperation op, const TcvOpRule *rule);

// matmul and gemm (VerifyLinalg.c).
bool tcvVerifyMatmul(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyGemm(MlirOperation op, const TcvOpRule *rule);

/// Reads the attributes tc_tensor.gemm and tc_kernel.gemm share: `alpha` and
/// `beta` (finite F64s), then `trans_a` and `trans_b`.
bool tcvReadGemmAttrs(MlirOperation op, bool *transA, bool *transB);

/// op(v) of a gemm operand `v` of rank >= 2: its shape with the last two
/// dimensions swapped if `trans`.
TcvShape tcvGemmOperandShape(MlirValue v, bool trans);

// conv2d and pooling (VerifyConvPool.c).
bool tcvVerifyConv2d(MlirOperation op, const TcvOpRule *rule);

/// A conv2d as tc_tensor.conv2d and tc_kernel.conv2d share it. `bias` is null
/// when absent; `out` is tc_kernel.conv2d's destination, whose rank is checked
/// with the operands' (null for tc_tensor.conv2d). `capWide` prints sizes of
/// 2^63 or more as "2^63 or more" instead of exactly, as tc_kernel.conv2d's
/// messages always have.
typedef struct TcvConv2d {
  MlirValue x, w, bias, out;
  int64_t strides[2], pads[4], dilations[2], group;
  bool capWide;
} TcvConv2d;

/// Reads `strides` (2 entries >= 1), `pads` (4 entries >= 0), `dilations`
/// (2 entries >= 1) and `group` (>= 1) into `conv`.
bool tcvReadConv2dAttrs(MlirOperation op, TcvConv2d *conv);

/// Checks the operand rules of conv2d (docs/dialects.md §2.2.10: ranks, group
/// and channels, kernel size, bias, window against the padded input) and
/// stores the output shape [N, M, H_out, W_out] in `shape`.
bool tcvConv2dShape(MlirOperation op, const TcvConv2d *conv, TcvShape *shape);

bool tcvVerifyMaxPool2d(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyAvgPool2d(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyGlobalPool(MlirOperation op, const TcvOpRule *rule);

// batch norm, layer norm, softmax (VerifyNorm.c).
bool tcvVerifyBatchNorm(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyLayerNorm(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifySoftmax(MlirOperation op, const TcvOpRule *rule);

// reductions and arg-reductions (VerifyReduce.c).
bool tcvVerifyReduce(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyArgReduce(MlirOperation op, const TcvOpRule *rule);

// data movement: transpose, reshape, broadcast_to, concat, split, slice, gather, pad (VerifyShape.c).
bool tcvVerifyTranspose(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyReshape(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyBroadcastTo(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyConcat(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifySplit(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifySlice(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyGather(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyPad(MlirOperation op, const TcvOpRule *rule);

// tc_loop.nest (VerifyLoop.c).
bool tcvVerifyLoopNest(MlirOperation op, const TcvOpRule *rule);

// tc_kernel ops (VerifyKernel.c).
bool tcvVerifyKernelGemm(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyKernelConv2d(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyKernelReduce(MlirOperation op, const TcvOpRule *rule);
bool tcvVerifyKernelElementwise(MlirOperation op, const TcvOpRule *rule);

#endif // TENSORC_TRANSFORMS_VERIFY_VERIFYINTERNAL_H
