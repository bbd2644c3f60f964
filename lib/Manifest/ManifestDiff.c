//===- ManifestDiff.c - what differs between two artifacts' manifests ------===//
//
// The question a manifest exists to answer: why does this artifact behave
// differently from that one? tcManifestDiff compares two documents section
// by section, in the order a reader asks:
//
//   identity    the program's stamp and who vouches for it, the IR at the end
//   contract    name, hash and source of the contract in force
//   toolchain   every pin: executable, libraries, host, target choices
//   invocation  the options that shaped the outputs
//   emission    the emitter's record: target machine, vector math, link
//   passes      record by record: the pipeline, each pass's version,
//               options and status, the first pass whose output differs,
//               every pass that turned the same input into other IR, and
//               the first differing decisions of every pass
//
// A section is a list of leaf differences, each {path, a, b}, found by a
// walk of both JSON values: objects member by member, arrays of strings as
// sets (features, forced variables: {path, only_a, only_b}), other arrays
// element by element when their lengths agree and whole otherwise. Records
// are aligned by position; where the two pipelines stop naming the same
// pass the alignment ends and says so. Decisions are compared as sorted
// sets of their JSON text (the manifest stores them sorted): for each pass,
// how many are only in A or only in B, and the first of each, so a human
// reads the decision that changed without scrolling through all of them.
// Timings are never compared: they are not part of a build's identity.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Manifest.h"

#include "ManifestInternal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_t *leaf(const char *path, const json_t *a, const json_t *b) {
  return json_pack("{s:s, s:O, s:O}", "path", path, "a", a ? (json_t *)a : json_null(), "b",
                   b ? (json_t *)b : json_null());
}

static bool allStrings(const json_t *array) {
  size_t i;
  json_t *v;
  json_array_foreach(array, i, v) if (!json_is_string(v)) return false;
  return true;
}

static bool containsString(const json_t *array, const char *s) {
  size_t i;
  json_t *v;
  json_array_foreach(array, i, v) if (strcmp(json_string_value(v), s) == 0) return true;
  return false;
}

static json_t *onlyIn(const json_t *x, const json_t *y) {
  json_t *only = json_array();
  size_t i;
  json_t *v;
  json_array_foreach(x, i, v) if (!containsString(y, json_string_value(v))) json_array_append(only, v);
  return only;
}

static void walk(const char *path, const json_t *a, const json_t *b, json_t *out);

static void walkObjects(const char *path, const json_t *a, const json_t *b, json_t *out) {
  char sub[1024];
  const char *key;
  json_t *v;
  json_object_foreach((json_t *)a, key, v) {
    snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", key);
    walk(sub, v, json_object_get(b, key), out);
  }
  json_object_foreach((json_t *)b, key, v) if (!json_object_get(a, key)) {
    snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", key);
    json_array_append_new(out, leaf(sub, NULL, v));
  }
}

static void walk(const char *path, const json_t *a, const json_t *b, json_t *out) {
  if ((!a && !b) || (a && b && json_equal((json_t *)a, (json_t *)b)))
    return;
  if (json_is_object(a) && json_is_object(b)) {
    walkObjects(path, a, b, out);
  } else if (json_is_array(a) && json_is_array(b) && allStrings(a) && allStrings(b)) {
    json_array_append_new(out, json_pack("{s:s, s:o, s:o}", "path", path, "only_a", onlyIn(a, b), "only_b",
                                         onlyIn(b, a)));
  } else if (json_is_array(a) && json_is_array(b) && json_array_size(a) == json_array_size(b)) {
    char sub[1024];
    for (size_t i = 0; i < json_array_size(a); ++i) {
      snprintf(sub, sizeof sub, "%s[%zu]", path, i);
      walk(sub, json_array_get(a, i), json_array_get(b, i), out);
    }
  } else {
    json_array_append_new(out, leaf(path, a, b));
  }
}

static json_t *section(const char *path, const json_t *a, const json_t *b) {
  json_t *out = json_array();
  walk(path, a, b, out);
  return out;
}

//===-- Records ----------------------------------------------------------------===//

// The decision texts of a record, sorted (they are stored sorted already).
static json_t *decisionTexts(const json_t *record) {
  json_t *texts = json_array();
  size_t i;
  json_t *d;
  json_array_foreach(json_object_get(record, "decisions"), i, d) {
    char *text = json_dumps(d, JSON_SORT_KEYS | JSON_COMPACT);
    json_array_append_new(texts, tcJsonStringLossy(text));
    free(text);
  }
  return texts;
}

static json_t *firstOrNull(const json_t *array) {
  json_t *first = json_array_get(array, 0);
  return first ? json_loads(json_string_value(first), 0, NULL) : json_null();
}

// How the decisions of two aligned records differ, or NULL if they do not.
static json_t *decisionDiff(const json_t *a, const json_t *b) {
  json_t *ta = decisionTexts(a), *tb = decisionTexts(b);
  json_t *onlyA = onlyIn(ta, tb), *onlyB = onlyIn(tb, ta), *result = NULL;
  if (json_array_size(onlyA) || json_array_size(onlyB))
    result = json_pack("{s:I, s:I, s:o, s:o}", "only_a", (json_int_t)json_array_size(onlyA), "only_b",
                       (json_int_t)json_array_size(onlyB), "first_a", firstOrNull(onlyA), "first_b",
                       firstOrNull(onlyB));
  json_decref(ta);
  json_decref(tb);
  json_decref(onlyA);
  json_decref(onlyB);
  return result;
}

// What a record says about the step rather than its outcome; the contract
// is the contract section's business, and IR hashes cascade from the first
// pass that changed anything, so only a pass that turned the same input
// into other IR is named for its output.
static const char *const kRecordFields[] = {"version", "options", "pipeline", "status"};

// One aligned pair of records: what differs, or NULL.
static json_t *recordDiff(const json_t *a, const json_t *b) {
  json_t *fields = json_array();
  for (size_t i = 0; i < sizeof kRecordFields / sizeof kRecordFields[0]; ++i)
    walk(kRecordFields[i], json_object_get(a, kRecordFields[i]), json_object_get(b, kRecordFields[i]), fields);
  bool sameInput = json_equal(json_object_get(a, "ir_before"), json_object_get(b, "ir_before"));
  if (sameInput)
    walk("ir_after", json_object_get(a, "ir_after"), json_object_get(b, "ir_after"), fields);
  json_t *decisions = decisionDiff(a, b);
  if (!json_array_size(fields) && !decisions) {
    json_decref(fields);
    return NULL;
  }
  return json_pack("{s:O, s:O, s:b, s:o, s:o}", "position", json_object_get(a, "position"), "pass",
                   json_object_get(a, "pass"), "same_input", sameInput, "fields", fields, "decisions",
                   decisions ? decisions : json_null());
}

static bool samePass(const json_t *a, const json_t *b) {
  return json_equal(json_object_get(a, "pass"), json_object_get(b, "pass"));
}

// The records, aligned by position while both name the same pass.
static json_t *passes(const json_t *ra, const json_t *rb) {
  size_t na = json_array_size(ra), nb = json_array_size(rb), n = na < nb ? na : nb, i = 0;
  json_t *list = json_array(), *firstOutput = json_null();
  for (; i < n && samePass(json_array_get(ra, i), json_array_get(rb, i)); ++i) {
    json_t *a = json_array_get(ra, i), *b = json_array_get(rb, i);
    json_t *d = recordDiff(a, b);
    if (json_is_null(firstOutput) && !json_equal(json_object_get(a, "ir_after"), json_object_get(b, "ir_after")))
      firstOutput = json_pack("{s:I, s:O}", "position", (json_int_t)i, "pass", json_object_get(a, "pass"));
    if (d)
      json_array_append_new(list, d);
  }
  json_t *diverge = i < na || i < nb
                        ? json_pack("{s:I, s:O, s:O}", "position", (json_int_t)i, "a",
                                    i < na ? json_object_get(json_array_get(ra, i), "pass") : json_null(), "b",
                                    i < nb ? json_object_get(json_array_get(rb, i), "pass") : json_null())
                        : json_null();
  return json_pack("{s:o, s:o, s:o}", "records", list, "first_output_difference", firstOutput, "pipelines_diverge",
                   diverge);
}

//===-- Documents --------------------------------------------------------------===//

static bool isManifest(const json_t *doc) {
  const char *format = json_string_value(json_object_get(doc, "format"));
  return format && strncmp(format, "tensorc-manifest/", 17) == 0 && json_is_array(json_object_get(doc, "modules"));
}

static json_t *moduleDiff(const json_t *a, const json_t *b) {
  json_t *ia = json_object_get(a, "identity"), *ib = json_object_get(b, "identity");
  json_t *identity = json_array();
  static const char *const kIdentity[] = {"semantic_hash", "custody"};
  for (size_t i = 0; i < 2; ++i)
    walk(kIdentity[i], json_object_get(ia, kIdentity[i]), json_object_get(ib, kIdentity[i]), identity);
  walk("status", json_object_get(a, "status"), json_object_get(b, "status"), identity);
  walk("ir_hash", json_object_get(a, "ir_hash"), json_object_get(b, "ir_hash"), identity);
  return json_pack("{s:O, s:o, s:o, s:o, s:o}", "index", json_object_get(a, "index"), "identity", identity, "contract",
                   section("", json_object_get(ia, "contract"), json_object_get(ib, "contract")), "emission",
                   section("", json_object_get(a, "emission"), json_object_get(b, "emission")), "passes",
                   passes(json_object_get(a, "records"), json_object_get(b, "records")));
}

static bool moduleSame(const json_t *m) {
  json_t *p = json_object_get(m, "passes");
  return !json_array_size(json_object_get(m, "identity")) && !json_array_size(json_object_get(m, "contract")) &&
         !json_array_size(json_object_get(m, "emission")) && !json_array_size(json_object_get(p, "records")) &&
         json_is_null(json_object_get(p, "pipelines_diverge"));
}

json_t *tcManifestDiff(const json_t *a, const json_t *b, char *err, size_t errSize) {
  if (!isManifest(a) || !isManifest(b)) {
    snprintf(err, errSize, "%s is not a tensorc manifest (no tensorc-manifest/ format or no modules)",
             isManifest(a) ? "the second document" : "the first document");
    return NULL;
  }
  json_t *ma = json_object_get(a, "modules"), *mb = json_object_get(b, "modules"), *modules = json_array();
  bool same = json_array_size(ma) == json_array_size(mb);
  for (size_t i = 0; i < json_array_size(ma) && i < json_array_size(mb); ++i) {
    json_t *m = moduleDiff(json_array_get(ma, i), json_array_get(mb, i));
    same &= moduleSame(m);
    json_array_append_new(modules, m);
  }
  json_t *diff = json_pack("{s:s, s:o, s:o, s:o, s:o, s:I, s:I}", "format", "tensorc-manifest-diff/1", "format_and_tool",
                           json_array(), "toolchain",
                           section("", json_object_get(a, "toolchain"), json_object_get(b, "toolchain")),
                           "invocation", section("", json_object_get(a, "invocation"), json_object_get(b, "invocation")),
                           "modules", modules, "modules_a", (json_int_t)json_array_size(ma), "modules_b",
                           (json_int_t)json_array_size(mb));
  json_t *head = json_object_get(diff, "format_and_tool");
  walk("format", json_object_get(a, "format"), json_object_get(b, "format"), head);
  walk("tool", json_object_get(a, "tool"), json_object_get(b, "tool"), head);
  same &= !json_array_size(head) && !json_array_size(json_object_get(diff, "toolchain")) &&
          !json_array_size(json_object_get(diff, "invocation"));
  json_object_set_new(diff, "same", json_boolean(same));
  return diff;
}
