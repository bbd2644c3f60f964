//===- Contract.h - numerical contracts ---------------------------*- C -*-===//
//
// A numerical contract (docs/contract.md) is declared before compiling and
// says how far an artifact may stray from the reference semantics of
// docs/dialects.md: the element and accumulation dtypes, which op kinds may
// be reassociated, run nondeterministically or use fast-math, and the
// tolerance budget per op kind and for function outputs. The compiler asks
// it before any rewrite that changes rounding; the conformance gate judges
// against it. A contract comes from the module (`tc.contract`, a dictionary
// mirroring the JSON), from a JSON file given to a tool, or is the default
// one shipped in lib/Contract/default.contract.json.
//
// Its identity is the XXH3-128 hash of its canonical JSON (sorted keys, no
// whitespace, tolerances as reals). That hash is part of an artifact's
// identity, never of the program's: the semantic hash ignores `tc.contract`.
// A module's own contract is bound to its stamp by a second stamp,
// `tc.contract_stamp`, so it cannot be edited after stamping unnoticed.
//
// This library parses, validates and answers queries; it knows nothing of
// passes, so the gate can link it. A contract is immutable once built, so
// queries are safe from any thread.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_CONTRACT_H
#define TENSORC_CONTRACT_H

#include "tensorc/Diagnostics.h"
#include "tensorc/SemanticHash.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Name of the module attribute that carries a contract.
#define TC_CONTRACT_ATTR "tc.contract"

/// Name of the module attribute that binds a declared contract to the
/// program's stamp: the contract's hash (tcContractGetHash) when tc-stamp
/// stamped the module (docs/ir-contract.md §2.4).
#define TC_CONTRACT_STAMP_ATTR "tc.contract_stamp"

/// The value of a contract's "format" member.
#define TC_CONTRACT_FORMAT "tensorc-contract/1"

/// A validated contract. Opaque and immutable.
typedef struct TcContract TcContract;

/// What a rewrite that changes rounding needs the contract to permit.
typedef enum TcContractPermission {
  TC_CONTRACT_REASSOCIATE,      ///< evaluate a reduction in another order
  TC_CONTRACT_NONDETERMINISTIC, ///< results may differ from run to run
  TC_CONTRACT_FAST_MATH,        ///< approximations, contraction into FMA, no subnormals
} TcContractPermission;

/// A tolerance: a computed element y passes against the reference r if
/// |y - r| <= atol + rtol * |r|, or if it is at most `ulp` units in the last
/// place of the result dtype from r (ulp < 0: no ulp bound), or, for the
/// reductions that define a magnitude (matmul, gemm), if
/// |y - r| <= gamma * gamma_n * m with gamma_n = n*u / (1 - n*u), u the unit
/// roundoff of the dtype, n the reduction's length and m the reduction on
/// absolute values (docs/contract.md §1.1; gamma 0: no such bound).
typedef struct TcTolerance {
  double atol, rtol;
  int64_t ulp;
  double gamma;
} TcTolerance;

/// Parses and validates contract JSON `text`. Errors are emitted in `ctx` at
/// `sourceName:line:col` (the offending member). Returns NULL on error;
/// otherwise the caller owns the contract (tcContractDestroy).
TcContract *tcContractParse(MlirContext ctx, MlirStringRef text, const char *sourceName);

/// Reads the module's `tc.contract`. Sets `*out` to a contract the caller
/// owns, or to NULL if the module has none. Fails, with an error at the
/// module naming the offending member, if the attribute is not a valid
/// contract.
MlirLogicalResult tcContractFromModule(MlirOperation module, TcContract **out);

/// Returns the default contract (lib/Contract/default.contract.json,
/// embedded at build time), built on first use. Static storage: never free
/// it. Thread-safe.
const TcContract *tcContractGetDefault(void);

/// Frees a contract; NULL is allowed.
void tcContractDestroy(TcContract *contract);

/// The contract's "name". Owned by the contract.
const char *tcContractGetName(const TcContract *contract);

/// XXH3-128 of the canonical JSON.
TcHash128 tcContractGetHash(const TcContract *contract);

/// The canonical JSON text (sorted keys, compact). Owned by the contract.
const char *tcContractGetCanonicalJson(const TcContract *contract);

/// The JSON member name of a permission: "reassociate", "nondeterministic",
/// "fast_math". Static storage.
const char *tcContractPermissionName(TcContractPermission permission);

/// True if the contract lets op kind `opKind` ("matmul" or
/// "tc_tensor.matmul") be rewritten as `permission` says. `*clause`, if
/// given, is set to the member that decided ("ops.matmul.reassociate" or
/// "ops.*.reassociate"), owned by the contract.
bool tcContractAllows(const TcContract *contract, const char *opKind, TcContractPermission permission,
                      const char **clause);

/// The tolerance of op kind `opKind` for results of dtype `dtype` ("f32"):
/// the first of ops.<kind>.tolerance.<dtype>, ops.<kind>.tolerance.*,
/// ops.*.tolerance.<dtype>, ops.*.tolerance.*; exact (0, 0, no ulp) with
/// clause "exact" if none exists. `*clause` as for tcContractAllows.
TcTolerance tcContractGetTolerance(const TcContract *contract, const char *opKind, const char *dtype,
                                   const char **clause);

/// The tolerance of a function output of dtype `dtype`: outputs.<dtype>,
/// then outputs.*, else exact.
TcTolerance tcContractGetOutputTolerance(const TcContract *contract, const char *dtype, const char **clause);

/// True if the contract has a `grads` section (gradient budgets).
bool tcContractHasGrads(const TcContract *contract);

/// The tolerance of a gradient through op kind `opKind` (a VJP whose
/// function is that one op on its arguments) for dtype `dtype`: the first of
/// grads.ops.<kind>.tolerance.<dtype>, grads.ops.<kind>.tolerance.*,
/// grads.ops.*.tolerance.<dtype>, grads.ops.*.tolerance.*; exact with clause
/// "exact" if none (docs/contract.md §1.2).
TcTolerance tcContractGetGradTolerance(const TcContract *contract, const char *opKind, const char *dtype,
                                       const char **clause);

/// The tolerance of any other gradient of dtype `dtype`: grads.outputs.<dtype>,
/// then grads.outputs.*, else exact.
TcTolerance tcContractGetGradOutputTolerance(const TcContract *contract, const char *dtype, const char **clause);

/// The dtype elementwise arithmetic on `dtype` values must at least use
/// (dtypes.<dtype>.element; `dtype` itself if unlisted). Static or owned by
/// the contract.
const char *tcContractGetElementDtype(const TcContract *contract, const char *dtype, const char **clause);

/// The dtype reductions over `dtype` values must at least accumulate in
/// (dtypes.<dtype>.accumulate; the element dtype if unlisted).
const char *tcContractGetAccumulationDtype(const TcContract *contract, const char *dtype, const char **clause);

/// Makes `contract` the one passes running in `ctx` see (borrowed: it must
/// outlive the activation). NULL deactivates. Thread-safe.
void tcContractActivate(MlirContext ctx, const TcContract *contract);

/// Makes `contract` the one passes running in `ctx` on the calling thread
/// see, ahead of tcContractActivate's, until called again with NULL
/// (borrowed). Every tensorc pass run outside a driver does this for the
/// length of its run, with the module's `tc.contract` or the default.
void tcContractActivateOnThread(MlirContext ctx, const TcContract *contract);

/// The contract active in `ctx` (on this thread, else for the context), or
/// NULL. Thread-safe.
const TcContract *tcContractGetActive(MlirContext ctx);

//===-- Choosing the contract of a module (docs/contract.md §3) ------------===//

/// The contract a module is compiled under and where it came from.
typedef struct TcContractChoice {
  const TcContract *contract; ///< never NULL after a successful choice
  TcContract *owned;          ///< what tcContractChoiceRelease frees, or NULL
  const char *source;         ///< "module", "file" or "default"
} TcContractChoice;

/// Chooses the contract of `module`: its `tc.contract`, else `fileContract`
/// (from --contract; may be NULL), else the default. Returns
/// TC_EXIT_STRUCTURAL if `tc.contract` is invalid and TC_EXIT_DRIFT if the
/// module's and the file's contracts differ (errors at the module).
TcExitCode tcContractChoose(MlirOperation module, const TcContract *fileContract, TcContractChoice *choice);

/// Frees what a choice owns and zeroes it.
void tcContractChoiceRelease(TcContractChoice *choice);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_CONTRACT_H
