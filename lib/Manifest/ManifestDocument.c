//===- ManifestDocument.c - the manifest as a JSON document ----------------===//
//
// The document a tool writes with --manifest-out (docs/manifest.md):
//
//   { "format", "tool", "toolchain", "invocation": {arguments, pipeline},
//     "modules": [ {index, status, identity, ir_hash, records, emission?} ... ],
//     "timings": [ {module, position, pass, seconds} ... ] }
//
// Everything but "timings" is a function of the input, the command line and
// the build, so two runs of one input give byte-identical documents once
// that one key is removed. Keys are sorted (JSON_SORT_KEYS) and reals are
// printed with 17 significant digits, so the text is deterministic too.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Manifest.h"

#include "ManifestInternal.h"
#include "tensorc/Diagnostics.h"
#include "tensorc/JsonAttribute.h"
#include "tensorc/OutputFile.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct TcManifest {
  json_t *root;    // everything but the timings
  json_t *timings; // kept apart: the one part that differs between runs
};

TcManifest *tcManifestCreate(const char *tool, int argc, char *const *argv, const char *pipeline) {
  json_t *toolchain = tcToolchainInfo();
  TcManifest *m = tcManifestCreateWithToolchain(tool, argc, argv, pipeline, toolchain);
  json_decref(toolchain);
  return m;
}

TcManifest *tcManifestCreateWithToolchain(const char *tool, int argc, char *const *argv, const char *pipeline,
                                          const json_t *toolchain) {
  TcManifest *m = calloc(1, sizeof *m);
  if (!m)
    tcFatal("out of memory creating a manifest");
  json_t *arguments = json_array();
  for (int i = 1; i < argc; ++i)
    json_array_append_new(arguments, tcJsonStringLossy(argv[i]));
  json_t *invocation = json_object();
  json_object_set_new(invocation, "arguments", arguments);
  json_object_set_new(invocation, "pipeline", tcJsonStringLossy(pipeline));
  m->root = json_object();
  json_object_set_new(m->root, "format", json_string(TC_MANIFEST_FORMAT));
  json_object_set_new(m->root, "tool", tcJsonStringLossy(tool));
  json_object_set_new(m->root, "toolchain", json_deep_copy(toolchain));
  json_object_set_new(m->root, "invocation", invocation);
  json_object_set_new(m->root, "modules", json_array());
  m->timings = json_array();
  return m;
}

void tcManifestDestroy(TcManifest *manifest) {
  if (!manifest)
    return;
  json_decref(manifest->root);
  json_decref(manifest->timings);
  free(manifest);
}

static json_t *stringOrNull(const char *text) { return text ? tcJsonStringLossy(text) : json_null(); }

// The records of the module's tc.manifest, or an empty array.
static json_t *recordsOf(MlirOperation module) {
  if (mlirOperationIsNull(module))
    return json_array();
  MlirAttribute attr =
      mlirOperationGetDiscardableAttributeByName(module, mlirStringRefCreateFromCString(TC_MANIFEST_ATTR));
  json_t *records = mlirAttributeIsNull(attr) ? NULL : tcAttributeToJson(attr, NULL);
  if (json_is_array(records))
    return records;
  json_decref(records);
  return json_array();
}

// The module's stamp if it is a string, else null.
static json_t *stampOf(MlirOperation module) {
  MlirAttribute stamp = mlirOperationIsNull(module) ? mlirAttributeGetNull()
                                                    : mlirOperationGetDiscardableAttributeByName(
                                                          module, mlirStringRefCreateFromCString(TC_SEMANTIC_HASH_ATTR));
  if (mlirAttributeIsNull(stamp) || !mlirAttributeIsAString(stamp))
    return json_null();
  MlirStringRef text = mlirStringAttrGetValue(stamp);
  json_t *s = json_stringn(text.data, text.length);
  return s ? s : json_null();
}

static json_t *identity(const TcManifestModule *info) {
  json_t *contract = json_object();
  json_object_set_new(contract, "name", stringOrNull(info->contractName));
  json_object_set_new(contract, "hash", stringOrNull(info->contractHash));
  json_object_set_new(contract, "source", stringOrNull(info->contractSource));
  json_t *id = json_object();
  json_object_set_new(id, "semantic_hash", stampOf(info->module));
  json_object_set_new(id, "contract", contract);
  json_object_set_new(id, "custody", stringOrNull(info->custody));
  return id;
}

void tcManifestAddModule(TcManifest *manifest, const TcManifestModule *info) {
  json_t *modules = json_object_get(manifest->root, "modules");
  json_t *entry = json_object();
  json_object_set_new(entry, "index", json_integer((json_int_t)json_array_size(modules)));
  json_object_set_new(entry, "status", stringOrNull(info->status));
  json_object_set_new(entry, "identity", identity(info));
  char irHash[TC_HASH_TEXT_SIZE];
  json_object_set_new(entry, "ir_hash",
                      mlirOperationIsNull(info->module)
                          ? json_null()
                          : json_string(tcFormatHash(tcComputeIRHash(info->module), irHash)));
  json_object_set_new(entry, "records", recordsOf(info->module));
  json_array_append_new(modules, entry);
}

void tcManifestSetEmission(TcManifest *manifest, json_t *emission) {
  json_t *modules = json_object_get(manifest->root, "modules");
  size_t n = json_array_size(modules);
  if (n)
    json_object_set_new(json_array_get(modules, n - 1), "emission", emission);
  else
    json_decref(emission);
}

void tcManifestAddTiming(TcManifest *manifest, int64_t position, const char *pass, double seconds) {
  size_t module = json_array_size(json_object_get(manifest->root, "modules"));
  json_t *timing = json_object();
  json_object_set_new(timing, "module", json_integer((json_int_t)module));
  json_object_set_new(timing, "position", json_integer(position));
  json_object_set_new(timing, "pass", tcJsonStringLossy(pass));
  json_object_set_new(timing, "seconds", json_real(seconds));
  json_array_append_new(manifest->timings, timing);
}

char *tcManifestToString(const TcManifest *manifest) {
  json_t *document = json_copy(manifest->root);
  json_object_set(document, "timings", manifest->timings);
  char *text = json_dumps(document, JSON_SORT_KEYS | JSON_INDENT(2));
  json_decref(document);
  if (!text)
    tcFatal("cannot serialise the manifest");
  size_t len = strlen(text);
  char *withNewline = realloc(text, len + 2);
  if (!withNewline)
    tcFatal("out of memory serialising the manifest");
  memcpy(withNewline + len, "\n", 2);
  return withNewline;
}

bool tcManifestWrite(const TcManifest *manifest, const char *path, char *err, size_t errSize) {
  char *text = tcManifestToString(manifest);
  bool ok = tcWriteFile(path, text, strlen(text), 0, err, errSize);
  free(text);
  return ok;
}
