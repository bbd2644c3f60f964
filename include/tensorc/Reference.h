//===- Reference.h - the reference evaluator ---------------------*- C -*-===//
//
// Evaluates a tc_tensor function on concrete inputs, op by op, exactly as
// docs/dialects.md specifies (docs/reference.md says how: every value is
// computed in double precision, integers exactly, and rounded once to the
// op's result dtype). It is the witness the compiler can never be, so it
// shares no code with the compiler's passes, kernels or runtime (a test
// checks the link graph). Its exact mode is written for obviousness; its
// fast mode (the default) evaluates the sum-heavy ops with its own blocked
// double-precision kernels and proves, element by element, that the result
// is the exact one, recomputing exactly where it cannot (docs/reference.md,
// "Fast and exact modes").
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_REFERENCE_H
#define TENSORC_REFERENCE_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct TcNpyArray;

#ifdef __cplusplus
extern "C" {
#endif

/// The dtypes of docs/dialects.md §1.1.
typedef enum TcRefDtype {
  TC_REF_I1,
  TC_REF_I8,
  TC_REF_I16,
  TC_REF_I32,
  TC_REF_I64,
  TC_REF_UI8,
  TC_REF_UI16,
  TC_REF_UI32,
  TC_REF_UI64,
  TC_REF_F16,
  TC_REF_BF16,
  TC_REF_F32,
  TC_REF_F64,
} TcRefDtype;

enum { TC_REF_MAX_RANK = 32 };

/// One element. Floats hold a double that is exactly representable in the
/// dtype; signed integers and i1 (0 or 1) hold `i`; unsigned integers hold
/// `u`. Which member is live follows from the tensor's dtype.
typedef union TcRefScalar {
  double f;
  int64_t i;
  uint64_t u;
} TcRefScalar;

/// A dense row-major tensor. `data` has `numel` elements; owned by the
/// tensor (free with tcRefTensorDestroy).
///
/// `bound` is the evaluator's own error bound, for a value it computed:
/// NULL if every element is the value the spec defines (exact, rounded
/// once); otherwise `numel` entries, bound[k] >= |data[k].f - v_k| where
/// v_k is the spec's value of element k (0 where data[k] is that value).
/// Only a float result of the fast mode that the function returns and no op
/// reads may carry one (docs/reference.md). Owned by the tensor.
typedef struct TcRefTensor {
  TcRefDtype dtype;
  intptr_t rank;
  int64_t dims[TC_REF_MAX_RANK];
  int64_t numel;
  TcRefScalar *data;
  double *bound;
} TcRefTensor;

/// Allocates a zero-filled tensor of `dtype` and shape `dims[0..rank)`.
/// Returns false (and leaves `t` zeroed) if the element count overflows or
/// memory runs out.
bool tcRefTensorCreate(TcRefTensor *t, TcRefDtype dtype, intptr_t rank, const int64_t *dims);

/// Frees the tensor's data (and bound) and zeroes it. Safe on a zeroed tensor.
void tcRefTensorDestroy(TcRefTensor *t);

/// Maps an MLIR element type to a dtype. Returns false for other types.
bool tcRefDtypeFromType(MlirType type, TcRefDtype *out);

/// The dtype's spelling in MLIR ("f32", "ui8", ...). Static string.
const char *tcRefDtypeName(TcRefDtype dtype);

/// True for f16, bf16, f32, f64.
bool tcRefDtypeIsFloat(TcRefDtype dtype);

/// Rounds `x` to the nearest value of float dtype `dtype` (ties to even,
/// overflow to ±inf, subnormals kept, NaN stays NaN).
double tcRefRoundToFloat(double x, TcRefDtype dtype);

/// The value of float dtype `dtype` next to `x` (a value of that dtype)
/// toward +inf (`up`) or -inf: the neighbour an ulp away, ±0 next to the
/// least subnormals, the largest finite value next to an infinity. NaN and
/// the infinity in the direction of travel are returned as they are.
double tcRefNextFloat(double x, TcRefDtype dtype, bool up);

/// Called for every value the evaluator computes, in program order: `index`
/// is the op's position in the function body, `result` the result number.
typedef void (*TcRefDumpFn)(MlirOperation op, intptr_t index, intptr_t result, const TcRefTensor *value,
                            void *userData);

/// Why an evaluation failed.
typedef enum TcRefFailure {
  TC_REF_OK = 0,
  TC_REF_INVALID,     ///< the program breaks a rule of the spec
  TC_REF_UNSUPPORTED, ///< a construct the evaluator does not implement
  TC_REF_BAD_INPUT,   ///< inputs do not match, or a run-time program error
} TcRefFailure;

/// How the evaluator computes (docs/reference.md, "Fast and exact modes").
/// Zero-initialised options are the defaults.
typedef struct TcRefOptions {
  /// true: every sum, dot product and mean through the exact
  /// superaccumulator, one element at a time, on one thread. false (the
  /// default): the fast mode, whose results are the same values except where
  /// a returned value carries a `bound` (TcRefTensor).
  bool exact;
  /// Threads the fast mode's kernels may use; <= 0: one per CPU the process
  /// may run on. Results do not depend on it.
  int threads;
} TcRefOptions;

/// Evaluates `func` (a func.func of tc_tensor ops ending in func.return) on
/// `inputs` (one per argument, dtype and shape as declared). On success
/// allocates `*outputs` (one tensor per result; free each, then the array)
/// and returns success. On failure emits located errors: an argument that
/// does not match, an op this evaluator does not implement (reported as
/// unsupported, never approximated), a result type that breaks the spec's
/// shape rule, or a run-time program error (e.g. a gather index out of range);
/// `*failure` (may be NULL) says which.
MlirLogicalResult tcRefEvaluate(MlirOperation func, const TcRefTensor *inputs, intptr_t numInputs,
                                TcRefTensor **outputs, intptr_t *numOutputs, TcRefDumpFn dump, void *userData,
                                TcRefFailure *failure);

/// As tcRefEvaluate, with `options` (NULL: the defaults, as tcRefEvaluate).
MlirLogicalResult tcRefEvaluateWithOptions(MlirOperation func, const TcRefTensor *inputs, intptr_t numInputs,
                                           const TcRefOptions *options, TcRefTensor **outputs,
                                           intptr_t *numOutputs, TcRefDumpFn dump, void *userData,
                                           TcRefFailure *failure);

/// Converts a .npy array into a tensor of dtype `want` (the declared dtype).
/// The array's NumPy dtype must be the matching one (float32 for f32, bool
/// for i1, ...), except that bf16, which NumPy lacks, is read from float32
/// values that are exactly representable in bf16. Returns false with a reason
/// in `err`.
bool tcRefTensorFromNpy(const struct TcNpyArray *array, TcRefDtype want, TcRefTensor *out, char *err,
                        size_t errSize);

/// Converts a tensor to a .npy array (bf16 is written as float32, exactly).
/// Allocates `out->data`. Returns false only if memory runs out.
bool tcRefTensorToNpy(const TcRefTensor *t, struct TcNpyArray *out);

/// Fills `t` (already created with its dtype and shape) from `distribution`,
/// using the seeded generator `*state` (advanced). Distributions:
/// "uniform(lo, hi)" and "normal(mean, std)" for floats, "integers(lo, hi)"
/// (lo inclusive, hi exclusive) for integers, "bernoulli(p)" for i1; NULL
/// means the default for the dtype (docs/reference.md). Values are rounded to
/// the dtype. Returns false with a reason in `err` for a malformed or
/// mismatched distribution.
bool tcRefFillRandom(TcRefTensor *t, const char *distribution, uint64_t *state, char *err, size_t errSize);

/// Creates `t` (zero-filled) with the dtype and shape of argument `i` of
/// `func`. Returns false if the argument is not a statically shaped ranked
/// tensor of a tensorc dtype.
bool tcRefArgumentTensor(MlirOperation func, intptr_t i, TcRefTensor *t);

/// The `tc.distribution` string attribute of argument `i` of `func`, copied
/// into `buf`, or NULL if it has none (the dtype's default applies).
const char *tcRefArgumentDistribution(MlirOperation func, intptr_t i, char *buf, size_t size);

/// Creates one tensor per argument of `func` in `inputs` (an array of as many
/// elements as it has arguments) and draws them with the generator seeded by
/// `seed`, argument by argument in order, each from its declared
/// distribution: what `tensor-ref --seed` evaluates and the conformance gate
/// runs. On failure nothing is left allocated and `err` says which argument.
bool tcRefDrawInputs(MlirOperation func, uint64_t seed, TcRefTensor *inputs, char *err, size_t errSize);

/// The kinds of input draw (docs/reference.md, "Draws"). `standard` is
/// tcRefDrawInputs'; the others stress what the standard draw never
/// reaches, for every argument that declares no `tc.distribution` (one that
/// does is drawn from it in every kind, from the kind's own stream).
typedef enum TcRefDraw {
  TC_REF_DRAW_STANDARD, ///< uniform(-1, 1), integers(-10, 10), bernoulli(0.5)
  TC_REF_DRAW_WIDE,     ///< magnitudes across the dtype's range, shaped by the ops that read the argument
  TC_REF_DRAW_NEGATIVE, ///< every element negative
  TC_REF_DRAW_POSITIVE, ///< every element positive
  TC_REF_DRAW_ROWS,     ///< each row (innermost dimension) all negative, all positive or mixed
  TC_REF_DRAW_SPECIAL,  ///< standard, with NaN, ±inf, ±0 and subnormals at the first, last, vector-tail and random positions
  TC_REF_DRAW_COUNT
} TcRefDraw;

/// The draw's name as tensor-ref --draw spells it ("wide"). Static string.
const char *tcRefDrawName(TcRefDraw draw);

/// Sets `*out` to the draw named `name`; false (and `*out` untouched) if none.
bool tcRefDrawParse(const char *name, TcRefDraw *out);

/// True if draw `kind` of `func` differs in kind from the standard draw:
/// some argument declares no distribution (the others are drawn from theirs
/// in every kind). Always true for the standard draw.
bool tcRefDrawApplies(MlirOperation func, TcRefDraw kind);

/// tcRefDrawInputs for draw `kind`: the standard kind is exactly
/// tcRefDrawInputs; another kind threads its own generator state, derived
/// from `seed` and the kind, through the arguments, so `tensor-ref --seed N
/// --draw KIND` replays it.
bool tcRefDrawInputsOfKind(MlirOperation func, uint64_t seed, TcRefDraw kind, TcRefTensor *inputs, char *err,
                           size_t errSize);

/// tcRefDrawInputsOfKind at concrete shapes: argument i is created with
/// shape `shapes[i]` (its rank and dtype are the argument's; its sizes need
/// not fit the type, so a shape the program rejects can be drawn too) and
/// filled exactly as a static argument of that shape would be. `shapes`
/// NULL: every argument's static type (tcRefDrawInputsOfKind). This is how
/// the conformance gate draws a function with dynamic dimensions.
bool tcRefDrawInputsAtShapes(MlirOperation func, uint64_t seed, TcRefDraw kind, const int64_t *const *shapes,
                             TcRefTensor *inputs, char *err, size_t errSize);

/// An op's own budget as a contract states it (docs/contract.md §1): a
/// result element may be max(atol + rtol·|r|, ulp ulps of r, gamma·γ_n·m)
/// from the spec's value r of the op on its operands (gamma: matmul, gemm
/// and conv2d only). All zero: the op is exact.
typedef struct TcRefOpBudget {
  double atol, rtol;
  int64_t ulp;
  double gamma;
} TcRefOpBudget;

/// Fills `out` with the budget of `op`'s results of float dtype `dtype`.
typedef void (*TcRefOpBudgetFn)(MlirOperation op, TcRefDtype dtype, TcRefOpBudget *out, void *userData);

/// Evaluates `func` as tcRefEvaluateWithOptions does and composes, for each
/// element of each output, a bound on how far an artifact whose every op is
/// within its own budget (`budget`, NULL: every op exact) can be from the
/// spec's value (docs/conformance.md §2.2, "Composed budgets"). On success
/// `*bounds` holds one array per output (numel doubles: 0 where such an
/// artifact must give the spec's value, INFINITY where no bound could be
/// composed, NAN where the contract bounds nothing: an accumulation the
/// contract lets overflow, or a value computed from one; free each, then
/// the array) besides the outputs.
MlirLogicalResult tcRefEvaluateComposed(MlirOperation func, const TcRefTensor *inputs, intptr_t numInputs,
                                        const TcRefOptions *options, TcRefOpBudgetFn budget, void *userData,
                                        TcRefTensor **outputs, intptr_t *numOutputs, double ***bounds,
                                        TcRefFailure *failure);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_REFERENCE_H
