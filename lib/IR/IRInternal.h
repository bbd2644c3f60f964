//===- IRInternal.h - lib/IR internals shared between files ------*- C -*-===//
//
// The MLIR C API can read a dense_resource attribute's data only through
// element getters that exist for some element types (none for f16 or bf16),
// and cannot name its resource key at all. Both are in the printed IR,
// though: the key inside `dense_resource<...>` and the bytes in the
// `{-# dialect_resources: { builtin: { key: "0x..." } } #-}` section. The
// semantic hash reads them from there (ResourceBlobs.c).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_IR_IRINTERNAL_H
#define TENSORC_LIB_IR_IRINTERNAL_H

#include "tensorc/TextBuffer.h"

#include "tensorc/SemanticHash.h"

#include "mlir-c/IR.h"

#include <xxhash.h>

#include <stdbool.h>
#include <stddef.h>

/// One builtin resource blob: its key and its data (without the 4-byte
/// alignment word that starts the printed hex).
typedef struct TcResourceBlob {
  char *key;
  unsigned char *data;
  size_t size;
} TcResourceBlob;

/// The builtin blobs of one printed module.
typedef struct TcResourceBlobs {
  TcResourceBlob *blobs;
  size_t count;
} TcResourceBlobs;

/// Collects the builtin entries of the resource section of printed IR `text`
/// (none if it has no section). Malformed entries are skipped. Free with
/// tcResourceBlobsDestroy.
void tcResourceBlobsParse(TcResourceBlobs *out, const char *text, size_t length);

/// Returns the blob named `key`, or NULL. Borrowed from `blobs`.
const TcResourceBlob *tcResourceBlobsFind(const TcResourceBlobs *blobs, const char *key);

void tcResourceBlobsDestroy(TcResourceBlobs *blobs);

/// Returns the resource key of a dense_resource attribute (read from its
/// printed form), malloc'd; NULL if it cannot be read.
char *tcDenseResourceKey(MlirAttribute attr);

/// Feeds printed text to the XXH3 state `userData` (an MlirStringCallback).
void tcHashUpdate(MlirStringRef text, void *userData);

/// An XXH3 digest as a TcHash128.
TcHash128 tcHashFromXXH(XXH128_hash_t h);

/// Parses MLIR bytecode `bytes` into a module without running MLIR's
/// bytecode reader in this process (ParseBytecode.c): a child process reads
/// it and sends back its text, parsed here by tcParseSourceModule. Returns a
/// module owned by the caller, or a null module after emitting located
/// diagnostics: the reader's errors at their locations, or "malformed MLIR
/// bytecode" at <sourceName>:1:1 if the child died, or why the child could
/// not be run.
MlirModule tcParseBytecodeModule(MlirContext ctx, MlirStringRef bytes, MlirStringRef sourceName);

#endif // TENSORC_LIB_IR_IRINTERNAL_H
