//===- ManifestRecord.c - pass records in the module's tc.manifest ---------===//
//
// A record is built as a JSON object (the same object the JSON document
// will hold) and stored through the JSON <-> attribute mapping, so the
// attribute in the IR and the file on disk cannot disagree. The driver hands
// in the records the module had before the step and this file writes them
// back followed by the new one: whatever a pass did to `tc.manifest` is
// overwritten, so the history is the driver's.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Manifest.h"

#include "ManifestInternal.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/JsonAttribute.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>

MlirLogicalResult tcManifestGetRecordsAttr(MlirOperation module, MlirAttribute *records) {
  MlirAttribute attr =
      mlirOperationGetDiscardableAttributeByName(module, mlirStringRefCreateFromCString(TC_MANIFEST_ATTR));
  *records = attr;
  if (mlirAttributeIsNull(attr))
    return mlirLogicalResultSuccess();
  bool ok = mlirAttributeIsAArray(attr);
  for (intptr_t i = 0; ok && i < mlirArrayAttrGetNumElements(attr); ++i)
    ok = mlirAttributeIsADictionary(mlirArrayAttrGetElement(attr, i));
  // Records leave the IR as JSON, so they must have a JSON form.
  json_t *json = ok ? tcAttributeToJson(attr, NULL) : NULL;
  json_decref(json);
  if (json)
    return mlirLogicalResultSuccess();
  tcEmitError(mlirOperationGetLocation(module), "tc.manifest must be an array of record dictionaries "
                                                "(docs/manifest.md)");
  *records = mlirAttributeGetNull();
  return mlirLogicalResultFailure();
}

static void setString(json_t *record, const char *key, const char *value) {
  json_object_set_new(record, key, tcJsonStringLossy(value));
}

static json_t *stepToJson(const TcManifestStep *step, int64_t position) {
  char before[TC_HASH_TEXT_SIZE], after[TC_HASH_TEXT_SIZE];
  json_t *record = json_object();
  json_object_set_new(record, "position", json_integer(position));
  setString(record, "pass", step->pass);
  setString(record, "origin", step->origin);
  setString(record, "version", step->version);
  setString(record, "step", step->step);
  setString(record, "options", step->options);
  setString(record, "pipeline", step->pipeline);
  setString(record, "ir_before", tcFormatHash(step->irBefore, before));
  setString(record, "ir_after", tcFormatHash(step->irAfter, after));
  setString(record, "contract", step->contract);
  setString(record, "status", step->status);
  json_object_set_new(record, "decisions", step->decisions ? json_incref(step->decisions) : json_array());
  return record;
}

int64_t tcManifestAppend(MlirOperation module, MlirAttribute records, const TcManifestStep *step) {
  MlirContext ctx = mlirOperationGetContext(module);
  intptr_t n = mlirAttributeIsNull(records) ? 0 : mlirArrayAttrGetNumElements(records);
  json_t *record = stepToJson(step, (int64_t)n);
  MlirAttribute *elements = malloc((size_t)(n + 1) * sizeof *elements);
  for (intptr_t i = 0; i < n; ++i)
    elements[i] = mlirArrayAttrGetElement(records, i);
  elements[n] = tcJsonToAttribute(ctx, record);
  json_decref(record);
  if (mlirAttributeIsNull(elements[n]))
    tcFatal("a manifest record has no attribute form");
  mlirOperationSetDiscardableAttributeByName(module, mlirStringRefCreateFromCString(TC_MANIFEST_ATTR),
                                             mlirArrayAttrGet(ctx, n + 1, elements));
  free(elements);
  return (int64_t)n;
}
