//===- Descriptor.c - reading an artifact's __tc_abi descriptor -----------===//
//
// The descriptor (docs/abi.md) is
// `{"format": "tensorc-abi/1", "functions": [{"name", "packed", "inputs",
// "outputs"}]}` with each input and output `{"dtype": "f32", "shape": [2, 3]}`
// and optionally its "name" (unique among the inputs, and the outputs).
// Format "tensorc-abi/2" (docs/dynamic-shapes.md §3) also admits -1, a
// dynamic dimension, in a shape; a function with one is dynamic and must
// name its shape function ("shapes"), which a static one must not.
// The reader trusts nothing: every member is checked for kind and range
// (known dtype, rank at most TC_ABI_MAX_RANK, dimensions >= 0 and a total
// size that fits), names are unique, and a descriptor of another format is
// refused rather than guessed at. Members it does not know are ignored: a
// format that changes the meaning of one gets a new version. Messages name
// the member path, e.g. `functions[0].inputs[1].shape`.
//
//===----------------------------------------------------------------------===//
#include "RuntimeInternal.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool fail(char *err, size_t errSize, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(char *err, size_t errSize, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errSize, fmt, ap);
  va_end(ap);
  return false;
}

static bool parseShape(json_t *shape, TcAbiTensorType *t, const char *path, bool dynamic, char *err,
                       size_t errSize) {
  if (!json_is_array(shape))
    return fail(err, errSize, "%s.shape: expected an array of dimensions", path);
  if (json_array_size(shape) > TC_ABI_MAX_RANK)
    return fail(err, errSize, "%s.shape: rank %zu is above %d", path, json_array_size(shape), TC_ABI_MAX_RANK);
  t->rank = (int)json_array_size(shape);
  for (int d = 0; d < t->rank; ++d) {
    json_t *dim = json_array_get(shape, (size_t)d);
    bool dyn = dynamic && json_is_integer(dim) && json_integer_value(dim) == TC_ABI_DYNAMIC_DIM;
    if (!json_is_integer(dim) || (json_integer_value(dim) < 0 && !dyn))
      return fail(err, errSize, "%s.shape[%d]: expected a non-negative integer%s", path, d,
                  dynamic ? " or -1 (dynamic)" : "");
    t->shape[d] = json_integer_value(dim);
  }
  if (!tcAbiTensorTypeIsStatic(t))
    return true; // each call's shapes are checked by the shape function
  int64_t n = tcAbiTensorTypeGetNumElements(t);
  if (n < 0 || (uint64_t)n > SIZE_MAX / tcAbiDtypeGetSize(t->dtype))
    return fail(err, errSize, "%s.shape: the tensor is too large", path);
  return true;
}

static bool parseTensorType(json_t *v, TcAbiTensorType *t, char **name, const char *path, bool dynamic,
                            char *err, size_t errSize) {
  if (!json_is_object(v))
    return fail(err, errSize, "%s: expected an object with 'dtype' and 'shape'", path);
  json_t *n = json_object_get(v, "name");
  if (n) {
    if (!json_is_string(n) || json_string_length(n) == 0 || strlen(json_string_value(n)) != json_string_length(n))
      return fail(err, errSize, "%s.name: expected a non-empty string", path);
    if (!(*name = strdup(json_string_value(n))))
      return fail(err, errSize, "out of memory reading the descriptor");
  }
  json_t *dtype = json_object_get(v, "dtype");
  if (!json_is_string(dtype) || !tcAbiDtypeFromName(json_string_value(dtype), json_string_length(dtype), &t->dtype))
    return fail(err, errSize, "%s.dtype: expected a tensorc dtype name", path);
  return parseShape(json_object_get(v, "shape"), t, path, dynamic, err, errSize);
}

// Parses `fn.inputs` or `fn.outputs` into `types` and `names`; names, where
// given, are distinct within the list.
static bool parseTypeList(json_t *list, TcAbiTensorType *types, char **names, const char *path, bool dynamic,
                          char *err, size_t errSize) {
  for (size_t i = 0; i < json_array_size(list); ++i) {
    char where[128];
    snprintf(where, sizeof where, "%s[%zu]", path, i);
    if (!parseTensorType(json_array_get(list, i), &types[i], &names[i], where, dynamic, err, errSize))
      return false;
    for (size_t j = 0; names[i] && j < i; ++j)
      if (names[j] && strcmp(names[i], names[j]) == 0)
        return fail(err, errSize, "%s.name: '%s' is also the name of %s[%zu]", where, names[i], path, j);
  }
  return true;
}

static char *copyString(json_t *s) { return strdup(json_string_value(s)); }

static bool isName(json_t *s) {
  return json_is_string(s) && json_string_length(s) > 0 && strlen(json_string_value(s)) == json_string_length(s);
}

// A function with a dynamic dimension names its shape function; one
// without does not.
static bool parseShapes(json_t *fn, TcRtEntry *e, const char *path, char *err, size_t errSize) {
  bool dynamic = false;
  for (intptr_t i = 0; i < e->numInputs + e->numOutputs; ++i)
    dynamic = dynamic || !tcAbiTensorTypeIsStatic(&e->types[i]);
  json_t *shapes = json_object_get(fn, "shapes");
  if (!dynamic && shapes)
    return fail(err, errSize, "%s.shapes: a function without dynamic dimensions has no shape function", path);
  if (!dynamic)
    return true;
  if (!isName(shapes))
    return fail(err, errSize, "%s.shapes: expected a non-empty string, the shape function of a function with "
                              "dynamic dimensions", path);
  if (!(e->shapesName = copyString(shapes)))
    return fail(err, errSize, "out of memory reading the descriptor");
  return true;
}

static bool parseEntry(json_t *fn, size_t index, TcRtEntry *e, bool dynamic, char *err, size_t errSize) {
  char path[96], sub[128];
  snprintf(path, sizeof path, "functions[%zu]", index);
  if (!json_is_object(fn))
    return fail(err, errSize, "%s: expected an object", path);
  json_t *name = json_object_get(fn, "name"), *packed = json_object_get(fn, "packed");
  json_t *inputs = json_object_get(fn, "inputs"), *outputs = json_object_get(fn, "outputs");
  if (!isName(name))
    return fail(err, errSize, "%s.name: expected a non-empty string", path);
  if (!isName(packed))
    return fail(err, errSize, "%s.packed: expected a non-empty string", path);
  if (!json_is_array(inputs) || !json_is_array(outputs))
    return fail(err, errSize, "%s: 'inputs' and 'outputs' must be arrays", path);
  e->numInputs = (intptr_t)json_array_size(inputs);
  e->numOutputs = (intptr_t)json_array_size(outputs);
  e->name = copyString(name);
  e->packedName = copyString(packed);
  e->types = calloc((size_t)(e->numInputs + e->numOutputs) + 1, sizeof *e->types);
  e->names = calloc((size_t)(e->numInputs + e->numOutputs) + 1, sizeof *e->names);
  if (!e->name || !e->packedName || !e->types || !e->names)
    return fail(err, errSize, "out of memory reading the descriptor");
  snprintf(sub, sizeof sub, "%s.inputs", path);
  if (!parseTypeList(inputs, e->types, e->names, sub, dynamic, err, errSize))
    return false;
  snprintf(sub, sizeof sub, "%s.outputs", path);
  if (!parseTypeList(outputs, e->types + e->numInputs, e->names + e->numInputs, sub, dynamic, err, errSize))
    return false;
  return parseShapes(fn, e, path, err, errSize);
}

static bool parseFunctions(json_t *functions, TcRtArtifact *a, bool dynamic, char *err, size_t errSize) {
  if (!json_is_array(functions))
    return fail(err, errSize, "'functions': expected an array");
  a->entries = calloc(json_array_size(functions) + 1, sizeof *a->entries);
  if (!a->entries)
    return fail(err, errSize, "out of memory reading the descriptor");
  for (size_t i = 0; i < json_array_size(functions); ++i) {
    TcRtEntry *e = &a->entries[a->numEntries++];
    if (!parseEntry(json_array_get(functions, i), i, e, dynamic, err, errSize))
      return false;
    for (intptr_t j = 0; j + 1 < a->numEntries; ++j)
      if (strcmp(a->entries[j].name, e->name) == 0)
        return fail(err, errSize, "functions[%zu].name: '%s' is listed twice", i, e->name);
  }
  return true;
}

bool tcRtDescriptorParse(const char *text, TcRtArtifact *a, char *err, size_t errSize) {
  json_error_t jerr;
  json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
  if (!root)
    return fail(err, errSize, "not JSON: %s (line %d, column %d)", jerr.text, jerr.line, jerr.column);
  json_t *format = json_object_get(root, "format");
  bool ok;
  if (!json_is_object(root))
    ok = fail(err, errSize, "expected a JSON object");
  else if (!json_is_string(format))
    ok = fail(err, errSize, "'format': expected the string \"%s\"", TC_ABI_FORMAT);
  else if (strcmp(json_string_value(format), TC_ABI_FORMAT) != 0 &&
           strcmp(json_string_value(format), TC_ABI_FORMAT_DYNAMIC) != 0)
    ok = fail(err, errSize, "format '%s' is not a format this runtime reads (\"%s\", \"%s\")",
              json_string_value(format), TC_ABI_FORMAT, TC_ABI_FORMAT_DYNAMIC);
  else
    ok = parseFunctions(json_object_get(root, "functions"), a,
                        strcmp(json_string_value(format), TC_ABI_FORMAT_DYNAMIC) == 0, err, errSize);
  json_decref(root);
  return ok;
}

void tcRtEntriesDestroy(TcRtArtifact *a) {
  for (intptr_t i = 0; i < a->numEntries; ++i) {
    free(a->entries[i].name);
    free(a->entries[i].packedName);
    free(a->entries[i].shapesName);
    free(a->entries[i].types);
    for (intptr_t k = 0; a->entries[i].names && k < a->entries[i].numInputs + a->entries[i].numOutputs; ++k)
      free(a->entries[i].names[k]);
    free(a->entries[i].names);
  }
  free(a->entries);
  a->entries = NULL;
  a->numEntries = 0;
}
