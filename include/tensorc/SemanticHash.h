//===- SemanticHash.h - semantic identity and IR hashes ----------*- C -*-===//
//
// A tc_tensor program's identity is the XXH3-128 hash of its canonical form
// (docs/ir-contract.md): the module printed in generic op form without
// locations, with tensorc's `tc.` annotations dropped and every
// dense_resource constant replaced by its content. Spelling (SSA names,
// attribute order, locations, whitespace, comments, resource names) does not
// change it; meaning (a shape, an element, an attribute value, operand order,
// a function name) does. The producer stamps the hash on the module as
// `tc.semantic_hash = "xxh3-128:<32 hex digits>"`.
//
// The IR hash is a different thing: the hash of the whole IR as it is (generic
// form, no locations, resources included, only `tc.manifest` left out). It
// changes under every lowering and is what manifest records compare.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_SEMANTICHASH_H
#define TENSORC_SEMANTICHASH_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Name of the module attribute that carries the stamp.
#define TC_SEMANTIC_HASH_ATTR "tc.semantic_hash"

/// A 128-bit hash. `high` holds the first 16 hex digits of its text form.
typedef struct TcHash128 {
  uint64_t high, low;
} TcHash128;

/// Size of a buffer that holds a formatted hash with its NUL:
/// "xxh3-128:" and 32 lowercase hex digits.
enum { TC_HASH_TEXT_SIZE = 9 + 32 + 1 };

/// Hashes `size` bytes with XXH3-128.
TcHash128 tcHashBytes(const void *data, size_t size);

/// Hashes the bytes of the regular file at `path` with XXH3-128 and writes
/// the formatted hash (tcFormatHash) into `out`, TC_HASH_TEXT_SIZE bytes.
/// False if the file cannot be read (an empty file hashes as zero bytes).
bool tcHashFile(const char *path, char *out);

/// True if both halves are equal.
bool tcHashEqual(TcHash128 a, TcHash128 b);

/// Writes `hash` as "xxh3-128:<32 lowercase hex digits>" into `buf`, which
/// must hold TC_HASH_TEXT_SIZE bytes. Returns `buf`.
const char *tcFormatHash(TcHash128 hash, char *buf);

/// Parses the form tcFormatHash writes (lowercase hex only). Returns false,
/// leaving `*out` alone, on anything else.
bool tcParseHash(MlirStringRef text, TcHash128 *out);

/// Streams the canonical form of `module` (a builtin.module) to `callback`.
/// The module is not modified (the canonical form is printed from a clone).
/// Fails, with an error at the offending op, if a dense_resource constant
/// has no data to hash.
MlirLogicalResult tcPrintCanonicalForm(MlirOperation module, MlirStringCallback callback, void *userData);

/// Computes the semantic hash of `module` (XXH3-128 of its canonical form).
/// Fails as tcPrintCanonicalForm does; `*out` is then unchanged.
MlirLogicalResult tcComputeSemanticHash(MlirOperation module, TcHash128 *out);

/// Computes the IR hash of `module` (lib/IR/IRHash.c): XXH3-128 of the
/// module's attributes but `tc.manifest`, each op of its body in generic
/// form without locations, and the content of every dense_resource blob
/// they reference, in order.
TcHash128 tcComputeIRHash(MlirOperation module);

/// What the IR hash of a module keeps from one computation to the next:
/// the content hash of each resource blob it read (a blob's content never
/// changes under its key in one context). Owned by the caller (one per
/// pipeline run and context, never shared between contexts).
typedef struct TcIRHashCache TcIRHashCache;

/// Creates an empty cache; destroy with tcIRHashCacheDestroy.
TcIRHashCache *tcIRHashCacheCreate(void);
void tcIRHashCacheDestroy(TcIRHashCache *cache);

/// tcComputeIRHash, reading each resource's content hash from `cache`
/// (NULL: none) and adding those it had to compute. The same value as
/// tcComputeIRHash.
TcHash128 tcComputeIRHashCached(MlirOperation module, TcIRHashCache *cache);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_SEMANTICHASH_H
