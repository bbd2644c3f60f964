//===- JsonAttribute.h - JSON values as MLIR attributes and back -*- C -*-===//
//
// The manifest (`tc.manifest`) and the numerical contract (`tc.contract`)
// travel in the IR as attributes and leave it as JSON files. Both directions
// use one mapping:
//
//   JSON object  <-> DictionaryAttr (keys sorted, as MLIR keeps them)
//   JSON array   <-> ArrayAttr
//   JSON string  <-> StringAttr
//   true/false   <-> BoolAttr (i1);  a UnitAttr reads as true
//   integer      <-> IntegerAttr of i64 (any integer attribute reads back)
//   real         <-> FloatAttr of f64 (any float attribute reads back)
//
// JSON null has no attribute: values are omitted instead.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_JSONATTRIBUTE_H
#define TENSORC_JSONATTRIBUTE_H

#include "mlir-c/IR.h"


#ifdef __cplusplus
extern "C" {
#endif

/// JSON values are jansson's `json_t` inside tensorc. Declared here as an
/// incomplete type (C11 and C++ accept the same typedef twice), so including
/// this header needs no jansson headers; hosts that call these functions
/// include <jansson.h> themselves.
typedef struct json_t json_t;

/// Converts `value` to an attribute in `ctx`. Returns a null attribute if
/// `value` is or contains JSON null.
MlirAttribute tcJsonToAttribute(MlirContext ctx, const json_t *value);

/// Converts `attr` to JSON; the caller owns the result (json_decref). Returns
/// NULL if `attr` is or contains an attribute outside the mapping (a type,
/// a dense array, ...); `*what`, if given, then names that attribute's kind
/// in static storage.
json_t *tcAttributeToJson(MlirAttribute attr, const char **what);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_JSONATTRIBUTE_H
