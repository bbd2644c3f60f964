//===- ManifestInternal.h - lib/Manifest internals ----------------*- C -*-===//
//
// Helpers the files of lib/Manifest share.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_MANIFEST_MANIFESTINTERNAL_H
#define TENSORC_LIB_MANIFEST_MANIFESTINTERNAL_H

#include <jansson.h>

/// Returns a JSON string of `text` (NULL reads as ""). Text that is not
/// UTF-8 (a file name in a location or an argument can be anything) keeps
/// its ASCII bytes and has every other byte replaced by '?'. New reference.
json_t *tcJsonStringLossy(const char *text);

#endif // TENSORC_LIB_MANIFEST_MANIFESTINTERNAL_H
