//===- JsonAttribute.c - JSON values as MLIR attributes and back -----------===//
//
// The mapping of include/tensorc/JsonAttribute.h, one recursive function per
// direction. Integers keep their value, not their type: a manifest or
// contract read from IR turns `4 : i32` and `4` into the JSON integer 4, and
// writes every integer back as i64. Non-finite floats have no JSON form and
// are refused.
//
//===----------------------------------------------------------------------===//
#include "tensorc/JsonAttribute.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static MlirAttribute objectToAttribute(MlirContext ctx, const json_t *value) {
  size_t n = json_object_size(value), i = 0;
  MlirNamedAttribute *entries = malloc((n ? n : 1) * sizeof *entries);
  const char *key;
  json_t *member;
  json_object_foreach((json_t *)value, key, member) {
    MlirAttribute attr = tcJsonToAttribute(ctx, member);
    if (mlirAttributeIsNull(attr)) {
      free(entries);
      return attr;
    }
    entries[i++] = mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(key)), attr);
  }
  MlirAttribute dict = mlirDictionaryAttrGet(ctx, (intptr_t)n, entries);
  free(entries);
  return dict;
}

static MlirAttribute arrayToAttribute(MlirContext ctx, const json_t *value) {
  size_t n = json_array_size(value);
  MlirAttribute *elements = malloc((n ? n : 1) * sizeof *elements);
  for (size_t i = 0; i < n; ++i) {
    elements[i] = tcJsonToAttribute(ctx, json_array_get(value, i));
    if (mlirAttributeIsNull(elements[i])) {
      free(elements);
      return mlirAttributeGetNull();
    }
  }
  MlirAttribute array = mlirArrayAttrGet(ctx, (intptr_t)n, elements);
  free(elements);
  return array;
}

MlirAttribute tcJsonToAttribute(MlirContext ctx, const json_t *value) {
  switch (json_typeof(value)) {
  case JSON_OBJECT:
    return objectToAttribute(ctx, value);
  case JSON_ARRAY:
    return arrayToAttribute(ctx, value);
  case JSON_STRING:
    return mlirStringAttrGet(ctx, mlirStringRefCreate(json_string_value(value), json_string_length(value)));
  case JSON_INTEGER:
    return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), (int64_t)json_integer_value(value));
  case JSON_REAL:
    return mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), json_real_value(value));
  case JSON_TRUE:
  case JSON_FALSE:
    return mlirBoolAttrGet(ctx, json_is_true(value));
  case JSON_NULL:
    break;
  }
  return mlirAttributeGetNull();
}

static json_t *fail(const char **what, const char *kind) {
  if (what)
    *what = kind;
  return NULL;
}

static json_t *dictionaryToJson(MlirAttribute attr, const char **what) {
  json_t *object = json_object();
  for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(attr); ++i) {
    MlirNamedAttribute e = mlirDictionaryAttrGetElement(attr, i);
    json_t *member = tcAttributeToJson(e.attribute, what);
    MlirStringRef key = mlirIdentifierStr(e.name);
    if (!member) {
      json_decref(object);
      return NULL;
    }
    json_object_setn_new(object, key.data, key.length, member);
  }
  return object;
}

static json_t *arrayToJson(MlirAttribute attr, const char **what) {
  json_t *array = json_array();
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(attr); ++i) {
    json_t *element = tcAttributeToJson(mlirArrayAttrGetElement(attr, i), what);
    if (!element) {
      json_decref(array);
      return NULL;
    }
    json_array_append_new(array, element);
  }
  return array;
}

static json_t *integerToJson(MlirAttribute attr, const char **what) {
  MlirType type = mlirAttributeGetType(attr);
  if (mlirTypeIsAInteger(type) && mlirIntegerTypeIsUnsigned(type)) {
    uint64_t v = mlirIntegerAttrGetValueUInt(attr);
    return v <= INT64_MAX ? json_integer((json_int_t)v) : fail(what, "an integer beyond the range of i64");
  }
  if (mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) > 64)
    return fail(what, "an integer wider than 64 bits");
  if (mlirTypeIsAInteger(type) && mlirIntegerTypeIsSigned(type))
    return json_integer((json_int_t)mlirIntegerAttrGetValueSInt(attr));
  return json_integer((json_int_t)mlirIntegerAttrGetValueInt(attr));
}

json_t *tcAttributeToJson(MlirAttribute attr, const char **what) {
  if (mlirAttributeIsADictionary(attr))
    return dictionaryToJson(attr, what);
  if (mlirAttributeIsAArray(attr))
    return arrayToJson(attr, what);
  if (mlirAttributeIsAString(attr)) {
    MlirStringRef s = mlirStringAttrGetValue(attr);
    // An empty StringRef may have a null data pointer, which jansson refuses.
    json_t *string = s.length ? json_stringn(s.data, s.length) : json_string("");
    return string ? string : fail(what, "a string that is not valid UTF-8");
  }
  if (mlirAttributeIsABool(attr))
    return json_boolean(mlirBoolAttrGetValue(attr));
  if (mlirAttributeIsAUnit(attr))
    return json_true();
  if (mlirAttributeIsAInteger(attr))
    return integerToJson(attr, what);
  if (mlirAttributeIsAFloat(attr)) {
    double v = mlirFloatAttrGetValueDouble(attr);
    return isfinite(v) ? json_real(v) : fail(what, "a non-finite float");
  }
  return fail(what, "an attribute that is not a dictionary, array, string, bool, integer or float");
}
