//===- RefInternal.h - shared pieces of the reference evaluator --*- C -*-===//
//
// The evaluator is a table from op name to an evaluation function (Eval.c),
// one file per op family (EvalElementwise.c, EvalShape.c, ...), and the
// helpers below. An evaluation function receives the op's operand values and
// fills its results; it computes each result's shape from the spec itself and
// checks it against the declared type (tcRefCreateResult), because the
// evaluator must not trust, or link, the compiler's verifier. It returns
// false after emitting a located error.
//
// Everything here is deliberately plain: loops over linear indices, doubles
// for floats, 64-bit integers for integers. The one exception is the fast
// mode (Parallel.c, Blocked.c, FastDot.c, Certify.c): blocked kernels and
// worker threads for the sum-heavy ops, whose every result is proved equal
// to the plain computation's, or computed by it (docs/reference.md).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_REFERENCE_REFINTERNAL_H
#define TENSORC_REFERENCE_REFINTERNAL_H

#include "tensorc/Diagnostics.h"
#include "tensorc/Reference.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

enum { REF_MAX_OPERANDS = 8, REF_MAX_RESULTS = 64, REF_MAX_ARRAY = 2 * TC_REF_MAX_RANK };

/// One op being evaluated: its operands (owned by the value table) and its
/// results (filled by the evaluation function, then owned by the table).
typedef struct RefOp {
  MlirOperation op;
  const TcRefOptions *options; ///< never NULL
  bool mayBound;        ///< fast mode, and every use of the results is func.return
  bool dynamic;         ///< some operand or result type has a dynamic dimension
  TcRefFailure failure; ///< set by the error helpers below
  intptr_t numOperands;
  const TcRefTensor *operands[REF_MAX_OPERANDS];
  intptr_t numResults;
  TcRefTensor *results;
} RefOp;

typedef bool (*RefEvalFn)(RefOp *r);

/// A shape computed by the spec's rule.
typedef struct RefShape {
  intptr_t rank;
  int64_t dims[TC_REF_MAX_RANK];
} RefShape;

/// An I64Array attribute's entries.
typedef struct RefArray {
  intptr_t size;
  int64_t data[REF_MAX_ARRAY];
} RefArray;

//===-- Results -------------------------------------------------------------===//

/// Allocates result `i` with its declared dtype after checking that the
/// declared shape is `expected` (the shape the spec's rule gives).
bool tcRefCreateResult(RefOp *r, intptr_t i, const RefShape *expected);

/// The declared element dtype of result `i` (already checked supported).
TcRefDtype tcRefResultDtype(RefOp *r, intptr_t i);

/// The shape of a tensor as a RefShape.
RefShape tcRefShapeOf(const TcRefTensor *t);

//===-- Values ------------------------------------------------------------===//

/// Element `k` of `t` as a double: floats exactly; integers exactly when
/// |x| < 2^53 (callers that need exact 64-bit integers use refGetInt).
double tcRefGetDouble(const TcRefTensor *t, int64_t k);

/// Element `k` of an integer or bool tensor as a 64-bit pattern: signed
/// dtypes sign-extended, unsigned zero-extended.
uint64_t tcRefGetBits(const TcRefTensor *t, int64_t k);

/// Stores the mathematical value `x` into element `k` of `t`, rounding as a
/// cast from f64 to t's dtype does (docs/dialects.md §2.2.6): floats round to
/// nearest even, integers truncate toward zero and saturate (NaN → 0), i1 is
/// x != 0.
void tcRefSetDouble(TcRefTensor *t, int64_t k, double x);

/// Stores the integer whose two's-complement bits are `bits` into element `k`
/// of integer or bool tensor `t`, keeping the low N bits (wrapping).
void tcRefSetBits(TcRefTensor *t, int64_t k, uint64_t bits);

/// True for the signed integer dtypes (not i1).
bool tcRefIsSigned(TcRefDtype d);
/// True for ui8..ui64.
bool tcRefIsUnsigned(TcRefDtype d);
/// Bit width of an integer dtype (1 for i1).
unsigned tcRefIntWidth(TcRefDtype d);

//===-- Random numbers (Random.c) ------------------------------------------===//

/// The next 64 bits of SplitMix64 at `*state` (advanced).
uint64_t tcRefRandomNext(uint64_t *state);
/// A double uniform in [0, 1) from the next 53 bits.
double tcRefRandomUniform(uint64_t *state);

//===-- Draws (Draws.c) ----------------------------------------------------===//

/// What the ops that read an argument make interesting (tcRefArgumentDomains).
enum {
  REF_DOMAIN_EXP = 1, ///< exp-like: exp, sigmoid, tanh, erf, gelu, softmax, log_softmax
  REF_DOMAIN_LOG = 2, ///< log-like: log, sqrt, rsqrt (positive arguments)
  REF_DOMAIN_SUM = 4, ///< elementwise sums and products: add, sub, mul, div
  REF_DOMAIN_REDUCE = 8, ///< sums of many terms: matmul, gemm, conv2d, sum and mean, pools, norms
  REF_DOMAIN_PROD = 16,  ///< products of many terms: reduce_prod
};

/// The REF_DOMAIN_* bits of the ops reading argument `i` of `func`, looking
/// through data movement (reshape, transpose, slice, ...).
unsigned tcRefArgumentDomains(MlirOperation func, intptr_t i);

/// The generator state draw `kind` of `seed` starts from (the seed itself
/// for the standard draw).
uint64_t tcRefDrawState(uint64_t seed, TcRefDraw kind);

/// Fills `t` (created) as draw `kind` (not standard) does for an argument
/// without a declared distribution whose readers have `domains`.
void tcRefFillDraw(TcRefTensor *t, TcRefDraw kind, unsigned domains, uint64_t *state);

//===-- Indexing ----------------------------------------------------------===//

/// Writes the multi-index of linear index `k` in row-major `shape` to `idx`.
void tcRefUnravel(int64_t k, const RefShape *shape, int64_t *idx);

/// The linear index in `t` of the element that broadcasting reads for output
/// index `idx` of rank `rank` (docs/dialects.md §1.3: t's dims align at the
/// end; a dim of 1 is read at 0).
int64_t tcRefBroadcastIndex(const TcRefTensor *t, const int64_t *idx, intptr_t rank);

/// NumPy broadcast of two shapes; false if incompatible.
bool tcRefBroadcastShapes(const RefShape *a, const RefShape *b, RefShape *out);

/// Emits "shapes X and Y are not broadcast-compatible" at the op, as the
/// `broadcast` constraint (tcRefConstraint).
bool tcRefBroadcastError(RefOp *r, const RefShape *a, const RefShape *b);

//===-- Attributes (each emits a located error if missing or mis-kinded) ----===//

bool tcRefGetI64Attr(RefOp *r, const char *name, int64_t *out);
bool tcRefGetBoolAttr(RefOp *r, const char *name, bool *out);
bool tcRefGetF64Attr(RefOp *r, const char *name, double *out);
bool tcRefGetStringAttr(RefOp *r, const char *name, MlirStringRef *out);
bool tcRefGetI64ArrayAttr(RefOp *r, const char *name, RefArray *out);

/// Normalises axis `a` against `rank` (a < 0 means a + rank); error if out of
/// [0, rank).
bool tcRefNormalizeAxis(RefOp *r, const char *name, int64_t a, intptr_t rank, int64_t *out);

//===-- Errors ------------------------------------------------------------===//

/// Emits "'<op>' op <message>" at the op and returns false: the program
/// breaks a rule of the spec.
bool tcRefError(RefOp *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/// A shape rule that the operands' concrete sizes break. If some type of the
/// op has a dynamic dimension, this is the run-time constraint `kind` of
/// docs/dialects.md §1.5 ("shape constraint '<kind>' violated: <message>",
/// a bad input); otherwise the program breaks the spec (tcRefError).
bool tcRefConstraint(RefOp *r, const char *kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/// As tcRefError, for a construct the evaluator does not implement.
bool tcRefUnsupported(RefOp *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/// As tcRefError, for a run-time program error caused by the input values
/// (e.g. a gather index out of range).
bool tcRefRuntimeError(RefOp *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

//===-- Numerics ----------------------------------------------------------===//

/// An exact float sum (docs/dialects.md §2.2.0; Numerics.c): finite addends
/// (doubles, or exact products of two or three doubles) are accumulated
/// without any rounding in a fixed-point integer whose bit 0 weighs
/// 2^REF_ACC_LSB; NaN and infinities are counted apart and combined by IEEE
/// 754 at the end; a zero sum is -0 only if every addend was -0 (the empty
/// sum is +0). Zero-initialise (`RefSum s = {0};`), add with tcRefSumAdd /
/// tcRefSumAddProduct, read with tcRefSumStore (one rounding to the target).
enum { REF_ACC_LIMBS = 104, REF_ACC_LSB = -3328 };
typedef struct RefSum {
  uint64_t limb[REF_ACC_LIMBS]; ///< two's complement, little-endian limbs
  int64_t count;                ///< addends seen
  bool nonNegZero;              ///< some addend was not -0
  bool nan, posInf, negInf;
} RefSum;

/// Adds the double `x` to `s`.
void tcRefSumAdd(RefSum *s, double x);
/// Adds the exact product a·b (one addend, IEEE sign and specials).
void tcRefSumAddProduct(RefSum *s, double a, double b);
/// Adds the exact product a·b·c.
void tcRefSumAddProduct3(RefSum *s, double a, double b, double c);

/// True if the sum is finite and not zero.
bool tcRefSumIsFiniteNonZero(const RefSum *s);

/// The sum rounded once to double (NaN/±inf as IEEE 754 combines them).
double tcRefSumValue(const RefSum *s);
/// The sum rounded once to binary128.
_Float128 tcRefSumQuad(const RefSum *s);
/// Stores the exact sum divided by `divisor` (> 0; 0 gives NaN, an empty
/// mean) into element `k` of float tensor `t`, rounded once to t's dtype.
void tcRefSumStore(const RefSum *s, int64_t divisor, TcRefTensor *t, int64_t k);

/// The precision and the subnormal floor (the exponent of the least
/// subnormal) of float dtype `d`.
void tcRefFloatFormat(TcRefDtype d, int *prec, int *qmin);

/// The integer mag[0..n) (little-endian limbs) times 2^lsbExp, plus a
/// positive amount below its last bit if `sticky`, rounded to nearest even
/// with `prec` bits and no bit below 2^qmin (+inf past 2^20000).
_Float128 tcRefRoundBits(const uint64_t *mag, int n, int64_t lsbExp, bool sticky, int prec, int qmin);

/// Stores hi + lo into element `k` of float tensor `t` rounded once to t's
/// dtype, where hi is a binary128 value and lo is a residual whose only
/// role is its sign: it breaks the tie when hi is exactly a rounding
/// midpoint of the target (lo = 0: none).
void tcRefStoreQuad(TcRefTensor *t, int64_t k, _Float128 hi, _Float128 lo);

//===-- Fast mode (Parallel.c, Blocked.c, Certify.c) ----------------------===//

/// True if the op is evaluated by the fast kernels (not --exact).
static inline bool refFast(const RefOp *r) { return !r->options->exact; }

/// The threads the fast kernels use for this op.
int tcRefThreads(const RefOp *r);

/// One CPU per thread the process may run on (at least 1).
int tcRefDefaultThreads(void);

typedef void (*RefTaskFn)(void *ctx, int64_t item);

/// Runs fn(ctx, i) for i in [0, items) on up to `threads` threads (this
/// one included) and returns when all are done. Items must be independent.
void tcRefParallelFor(int threads, int64_t items, RefTaskFn fn, void *ctx);

/// A matrix of doubles: element (i, j) is data[i·rowStride + j·colStride].
typedef struct RefMatrix {
  const double *data;
  int64_t rows, cols, rowStride, colStride;
} RefMatrix;

/// Computes every element (i, j) of a·b into hi[i·ldc + j] as a double sum
/// over k in order from -0 (Blocked.c): plainly if `lo` is NULL, else
/// compensated (Dot2), its low parts into lo[i·ldc + j]. The results do not
/// depend on `threads` or on the host.
void tcRefBlockedProduct(const RefMatrix *a, const RefMatrix *b, double *hi, double *lo, int64_t ldc, int threads);

/// What the fast mode knows of an element: its exact value lies in
/// [hi + lo - err, hi + lo + err] (Certify.c).
typedef struct RefFast {
  double hi, lo, err;
} RefFast;

/// x·(1 + 2^-40): makes a bound computed in double with a few roundings an
/// upper bound again.
double tcRefRoundUp(double x);
/// An upper bound of γ_n = n·u/(1 - n·u), u = 2^-53; INFINITY for huge n.
double tcRefGamma(int64_t n);
/// The error bound of a plain double sum of n exact products whose
/// magnitudes sum to at most `mag`.
double tcRefPlainDotError(int64_t n, double mag);
/// The error bound of a compensated (Dot2) sum of n products of doubles,
/// none of which is below 2^-960 in magnitude unless zero.
double tcRefCompensatedDotError(int64_t n, double mag);
/// v + t and alpha·v, with the new rounding added to the bound.
RefFast tcRefFastAdd(RefFast v, double t, bool compensated);
RefFast tcRefFastScale(RefFast v, double alpha, bool compensated);

/// The dot products of a·b for the fast mode (FastDot.c): a and b are set
/// by the caller, the rest by tcRefDotsCompute.
typedef struct RefDots {
  RefMatrix a, b;
  bool compensated; ///< f64 operands: Dot2 sums
  double *hi, *lo;  ///< a.rows x b.cols sums
  double *rowMax, *rowSum, *colMax, *colSum; ///< statistics of |a| and |b|
} RefDots;

/// Computes the sums and statistics; false (the caller evaluates exactly)
/// if a compensated sum's bound would not hold (underflow or overflow).
bool tcRefDotsCompute(RefDots *d, int threads);
/// Element (i, j) as a RefFast, bounded from the row and column statistics
/// or (`precise`) from Σ|a_ik·b_kj| itself.
RefFast tcRefDotsValue(const RefDots *d, int64_t i, int64_t j, bool precise);
void tcRefDotsFree(RefDots *d);

/// A rows x cols block of an op's results for tcRefStoreBlock: element (i, j)
/// is element index(i, j) of t, its fast value value(i, j, precise) (a
/// cheap bound first, a precise one if that fails), and exact(i, j, k)
/// evaluates it exactly when neither proves it.
typedef struct RefFastBlock {
  TcRefTensor *t;
  int64_t rows, cols;
  void *ctx;
  RefFast (*value)(void *ctx, int64_t i, int64_t j, bool precise);
  int64_t (*index)(void *ctx, int64_t i, int64_t j);
  void (*exact)(void *ctx, int64_t i, int64_t j, int64_t k);
  bool mayBound; ///< the precise value may be stored with a bound
} RefFastBlock;

/// Stores every element of the block, rows in parallel.
void tcRefStoreBlock(const RefFastBlock *block, int threads);

/// v + a·b: the rounded product and its exact residual (or, where it may
/// underflow, the standard model's bound).
RefFast tcRefFastAddProduct(RefFast v, double a, double b, bool compensated);
/// v / count (count > 0), with the division's exact remainder in the bound.
RefFast tcRefFastDivide(RefFast v, int64_t count, bool compensated);

/// A sum of n doubles in order from -0, compensated by TwoSum (Blocked.c's
/// Dot2 with exact products), with S = Σ|x| for its bound and a record of
/// whether any addition rounded: if none did, s is the exact sum (a tie of
/// a narrow dtype, common for sums of a few f16 values, is then decided).
/// Zero-initialise with s = -0.
typedef struct RefFastSum {
  double s, c, mag;
  int64_t n;
  bool rounded;
} RefFastSum;

static inline void refFastSumAdd(RefFastSum *f, double x) {
  double t = f->s + x, z = t - f->s, e = (f->s - (t - z)) + (x - z);
  f->c += e;
  f->rounded |= e != 0;
  f->s = t;
  f->mag += fabs(x);
  f->n++;
}

/// The sum as a RefFast with its bound.
RefFast tcRefFastSumValue(const RefFastSum *f);

/// Stores element k of float tensor t from v: the spec's value if v proves
/// it; else, if `mayBound` and t->bound exists, the rounding of hi with its
/// bound; else nothing, and returns false (the caller computes the element
/// exactly).
bool tcRefStoreFast(TcRefTensor *t, int64_t k, RefFast v, bool mayBound);

/// Allocates t's bound array (zeros) if the op may leave bounds: true if it
/// did. tcRefFinishBound frees it again if no element needed one.
bool tcRefPrepareBound(RefOp *r, TcRefTensor *t);
void tcRefFinishBound(TcRefTensor *t);

//===-- Op families -------------------------------------------------------===//

// EvalElementwise.c
bool tcRefEvalUnary(RefOp *r);
bool tcRefEvalBinary(RefOp *r);
bool tcRefEvalCompare(RefOp *r);
bool tcRefEvalWhere(RefOp *r);
bool tcRefEvalClip(RefOp *r);
bool tcRefEvalCast(RefOp *r);
bool tcRefEvalConstant(RefOp *r);

// EvalLinalg.c
bool tcRefEvalMatmul(RefOp *r);
bool tcRefEvalGemm(RefOp *r);

// EvalConvPool.c
bool tcRefEvalConv2d(RefOp *r);
bool tcRefEvalMaxPool2d(RefOp *r);
bool tcRefEvalAvgPool2d(RefOp *r);
bool tcRefEvalGlobalPool(RefOp *r);

// EvalNorm.c
bool tcRefEvalBatchNorm(RefOp *r);
bool tcRefEvalLayerNorm(RefOp *r);
bool tcRefEvalSoftmax(RefOp *r);

// EvalReduce.c
bool tcRefEvalReduce(RefOp *r);
bool tcRefEvalArgReduce(RefOp *r);

/// Evaluates reduction `kind` ("reduce_sum", ..., "reduce_mean") of operand 0
/// over the dimensions marked in `reduced` (one flag per dimension of operand
/// 0) into result 0: checks the dtype class and result type, creates the
/// result and computes it. tcRefEvalReduce reads `axes` into the mask; the
/// global pools (EvalConvPool.c) are exactly reduce_max / reduce_mean over
/// the spatial dimensions with keepdims.
bool tcRefReduceOverAxes(RefOp *r, const char *kind, const bool *reduced, bool keepdims);

// EvalShape.c
bool tcRefEvalTranspose(RefOp *r);
bool tcRefEvalReshape(RefOp *r);
bool tcRefEvalBroadcastTo(RefOp *r);
bool tcRefEvalConcat(RefOp *r);
bool tcRefEvalSplit(RefOp *r);
bool tcRefEvalSlice(RefOp *r);
bool tcRefEvalGather(RefOp *r);
bool tcRefEvalPad(RefOp *r);

/// The op's short name after "tc_tensor." (e.g. "add"), for families that
/// switch on it.
MlirStringRef tcRefOpKind(RefOp *r);

/// True if the op's short name is `kind`.
bool tcRefOpIs(RefOp *r, const char *kind);

#endif // TENSORC_REFERENCE_REFINTERNAL_H
