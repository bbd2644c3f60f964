//===- test_semantic_hash.c - invariance and sensitivity of the hash ------===//
//
// One base program, rewritten many ways. Every rewrite in `kSameMeaning`
// spells the same program differently (names, attribute order, locations,
// whitespace, comments, aliases, number spellings, generic op form,
// resources and annotations) and must keep the base's semantic hash. Every
// rewrite in `kOtherMeaning` changes what the program means (a shape, a
// dtype, an element, an attribute, an operand order, a name) and must get a
// hash different from the base's and from every other such rewrite. A
// rewrite is a list of textual substitutions (each replaces every
// occurrence) applied to the base in order; each must match, so that a
// rewrite that silently does nothing fails.
//
// All programs are parsed into one context, so the dense_resource cases also
// meet MLIR's renaming of resource keys it has seen before.
//
//===----------------------------------------------------------------------===//
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tensorc/Dialects.h"
#include "tensorc/Parse.h"
#include "tensorc/SemanticHash.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kBase[] =
    "// a small network\n"
    "func.func @net(%x: tensor<2x3xf32>, %z: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {\n"
    "  %w = \"tc_tensor.constant\"() {value = dense<[[1.0, 2.0, 3.0, 4.0], [0.5, -0.5, 0.25, 0.0], "
    "[1.5, 2.5, -3.5, 4.5]]> : tensor<3x4xf32>} : () -> tensor<3x4xf32>\n"
    "  %b = \"tc_tensor.constant\"() {value = dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>} : () -> tensor<4xf32>\n"
    "  %h = \"tc_tensor.matmul\"(%x, %w) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>\n"
    "  %s = \"tc_tensor.sub\"(%h, %z) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>\n"
    "  %k = \"tc_tensor.constant\"() {value = dense<2.0> : tensor<2x4xf32>} : () -> tensor<2x4xf32>\n"
    "  %d = \"tc_tensor.div\"(%s, %k) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>\n"
    "  %g = \"tc_tensor.gemm\"(%x, %w, %b) {alpha = 1.0 : f64, beta = 0.5 : f64, trans_a = false, trans_b = false}"
    " : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>\n"
    "  %p = \"tc_tensor.softmax\"(%g) {axis = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>\n"
    "  %q = \"tc_tensor.pad\"(%p) {mode = \"constant\", pads = array<i64: 0, 1, 0, 1>, value = 0.0 : f64}"
    " : (tensor<2x4xf32>) -> tensor<2x6xf32>\n"
    "  %r = \"tc_tensor.reduce_sum\"(%q) {axes = array<i64: 1>, keepdims = true} : (tensor<2x6xf32>) -> "
    "tensor<2x1xf32>\n"
    "  %e = \"tc_tensor.add\"(%d, %r) : (tensor<2x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>\n"
    "  return %e, %p : tensor<2x4xf32>, tensor<2x4xf32>\n"
    "}\n"
    "func.func private @mask(%a: tensor<4xi1>) -> tensor<4xi1> {\n"
    "  %c = \"tc_tensor.constant\"() {value = dense<[true, false, true, true]> : tensor<4xi1>} : () -> "
    "tensor<4xi1>\n"
    "  %m = \"tc_tensor.and\"(%a, %c) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>\n"
    "  return %m : tensor<4xi1>\n"
    "}\n";

enum { kMaxSubsts = 6 };

typedef struct Rewrite {
  const char *name;
  const char *subst[kMaxSubsts][2]; // {from, to} pairs, applied in order
} Rewrite;

// The resource section appended by the resource rewrites: b as a blob
// (0.1, 0.2, 0.3, 0.4 in f32, little-endian) and the i1 mask.
#define RESOURCES                                                                                                    \
  "{-#\n  dialect_resources: {\n    builtin: {\n      bias: \"0x04000000CDCCCC3DCDCC4C3E9A99993ECDCCCC3E\",\n"    \
  "      mask: \"0x0100000001000101\",\n      unused: \"0x0400000000000000\"\n    }\n  }\n#-}\n"

static const Rewrite kSameMeaning[] = {
    {"value names", {{"%w", "%weights"}, {"%h", "%0"}, {"%x", "%input"}, {"%m", "%masked"}}},
    {"attribute order", {{"alpha = 1.0 : f64, beta = 0.5 : f64, trans_a = false, trans_b = false",
                          "trans_b = false, beta = 0.5 : f64, trans_a = false, alpha = 1.0 : f64"},
                         {"keepdims = true} : (tensor<2x6", "keepdims = true, axes = array<i64: 1>} : (tensor<2x6"},
                         {"{axes = array<i64: 1>, keepdims", "{keepdims"}}},
    {"locations", {{"tensor<2x4xf32>\n  %d", "tensor<2x4xf32> loc(\"other.mlir\":7:3)\n  %d"},
                   {"-> tensor<4xi1>\n  %m", "-> tensor<4xi1> loc(#l)\n  %m"},
                   {"return %m : tensor<4xi1>\n}\n", "return %m : tensor<4xi1>\n} loc(fused[\"f\", #l])\n}\n"},
                   {"// a small network\n", "#l = loc(\"x.py\":1:2)\nmodule {\n"}}},
    {"whitespace", {{"  %h = ", "\n\n      %h   =   "}, {"(%x, %w)", "(  %x ,%w  )"}, {"}\n", "}\n\n\n"}}},
    {"comments", {{"  %b = ", "  // the bias\n  %b = "}, {"return %m", "// done\n  return %m"}}},
    {"wrapped in a module", {{"// a small network\n", "module {\n"}, {"return %m : tensor<4xi1>\n}\n",
                                                                         "return %m : tensor<4xi1>\n}\n}\n"}}},
    {"generic func.func",
     {{"func.func private @mask(%a: tensor<4xi1>) -> tensor<4xi1> {\n",
       "\"func.func\"() <{function_type = (tensor<4xi1>) -> tensor<4xi1>, sym_name = \"mask\", "
       "sym_visibility = \"private\"}> ({\n^bb0(%a: tensor<4xi1>):\n"},
      {"  return %m : tensor<4xi1>\n}\n", "  \"func.return\"(%m) : (tensor<4xi1>) -> ()\n}) : () -> ()\n"}}},
    {"inherent attributes in the dictionary",
     {{"func.func private @mask(%a: tensor<4xi1>) -> tensor<4xi1> {\n",
       "\"func.func\"() ({\n^bb0(%a: tensor<4xi1>):\n"},
      {"  return %m : tensor<4xi1>\n}\n", "  \"func.return\"(%m) : (tensor<4xi1>) -> ()\n}) {sym_visibility = "
                                          "\"private\", sym_name = \"mask\", function_type = (tensor<4xi1>) -> "
                                          "tensor<4xi1>} : () -> ()\n"}}},
    {"float spellings", {{"[0.1, 0.2, 0.3, 0.4]", "[1.000000e-01, 2.000000e-01, 0.3, 4.0e-1]"},
                         {"alpha = 1.0 : f64", "alpha = 0x3FF0000000000000 : f64"},
                         {"value = 0.0 : f64", "value = 0.000000e+00 : f64"}}},
    {"hex elements", {{"dense<[0.1, 0.2, 0.3, 0.4]>", "dense<\"0xCDCCCC3DCDCC4C3E9A99993ECDCCCC3E\">"}}},
    {"splat spelled out",
     {{"dense<2.0> : tensor<2x4xf32>", "dense<[[2.0, 2.0, 2.0, 2.0], [2.0, 2.0, 2.0, 2.0]]> : tensor<2x4xf32>"}}},
    {"dense_resource for dense", {{"dense<[0.1, 0.2, 0.3, 0.4]>", "dense_resource<bias>"},
                                  {"dense<[true, false, true, true]>", "dense_resource<mask>"},
                                  {"return %m : tensor<4xi1>\n}\n", "return %m : tensor<4xi1>\n}\n" RESOURCES}}},
    {"resource names", {{"dense<[0.1, 0.2, 0.3, 0.4]>", "dense_resource<b_renamed>"},
                        {"return %m : tensor<4xi1>\n}\n",
                         "return %m : tensor<4xi1>\n}\n{-#\n  dialect_resources: {\n    builtin: {\n      "
                         "b_renamed: \"0x10000000CDCCCC3DCDCC4C3E9A99993ECDCCCC3E\"\n    }\n  }\n#-}\n"}}},
    {"annotations", {{"// a small network\n",
                      "module attributes {tc.semantic_hash = \"xxh3-128:00000000000000000000000000000000\", "
                      "tc.manifest = [], tc.contract = {name = \"x\"}} {\n"},
                     {"{axis = 1 : i64}", "{axis = 1 : i64, tc.fusion_group = 3 : i64}"},
                     {"return %m : tensor<4xi1>\n}\n", "return %m : tensor<4xi1>\n}\n}\n"}}},
    {"aliases", {{"pads = array<i64: 0, 1, 0, 1>", "pads = #pads"},
                 {"// a small network\n", "!t = tensor<2x4xf32>\n#pads = array<i64: 0, 1, 0, 1>\nmodule {\n"},
                 {"return %m : tensor<4xi1>\n}\n", "return %m : tensor<4xi1>\n}\n}\n"},
                 {"(%g) {axis = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>", "(%g) {axis = 1 : i64} : (!t) -> !t"}}},
    {"string escapes", {{"mode = \"constant\"", "mode = \"\\63onstant\""}}},
    {"block argument names", {{"%a: tensor<4xi1>", "%arg7: tensor<4xi1>"}, {"(%a, %c)", "(%arg7, %c)"}}},
    {"integer spelling", {{"axis = 1 : i64", "axis = 0x1 : i64"}}},
    {"unused resource section", {{"return %m : tensor<4xi1>\n}\n", "return %m : tensor<4xi1>\n}\n" RESOURCES}}},
};

static const Rewrite kOtherMeaning[] = {
    {"shape", {{"%z: tensor<2x4xf32>", "%z: tensor<1x4xf32>"}, {"(tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>\n  %k",
                                                              "(tensor<2x4xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>\n  %k"}}},
    {"dtype", {{"tensor<4xi1>) -> tensor<4xi1> {\n  %c = \"tc_tensor.constant\"() {value = dense<[true, false, true, "
                "true]> : tensor<4xi1>} : () -> tensor<4xi1>\n  %m = \"tc_tensor.and\"(%a, %c) : (tensor<4xi1>, "
                "tensor<4xi1>) -> tensor<4xi1>\n  return %m : tensor<4xi1>",
                "tensor<4xi8>) -> tensor<4xi8> {\n  %c = \"tc_tensor.constant\"() {value = dense<[1, 0, 1, 1]> : "
                "tensor<4xi8>} : () -> tensor<4xi8>\n  %m = \"tc_tensor.and\"(%a, %c) : (tensor<4xi8>, "
                "tensor<4xi8>) -> tensor<4xi8>\n  return %m : tensor<4xi8>"}}},
    {"constant element", {{"[0.5, -0.5, 0.25, 0.0]", "[0.5, -0.5, 0.25, 1.0e-45]"}}},
    {"splat value", {{"dense<2.0> : tensor<2x4xf32>", "dense<3.0> : tensor<2x4xf32>"}}},
    {"signed zero", {{"[0.5, -0.5, 0.25, 0.0]", "[0.5, -0.5, 0.25, -0.0]"}}},
    {"bool element", {{"dense<[true, false, true, true]>", "dense<[true, true, true, true]>"}}},
    {"float attribute", {{"beta = 0.5 : f64", "beta = 0.25 : f64"}}},
    {"bool attribute", {{"trans_b = false", "trans_b = true"}}},
    {"integer attribute", {{"{axis = 1 : i64}", "{axis = -1 : i64}"}}},
    {"array attribute", {{"array<i64: 0, 1, 0, 1>", "array<i64: 0, 0, 0, 2>"}}},
    {"string attribute", {{"mode = \"constant\"", "mode = \"edge\""}}},
    {"sub operands swapped", {{"\"tc_tensor.sub\"(%h, %z)", "\"tc_tensor.sub\"(%z, %h)"}}},
    {"div operands swapped", {{"\"tc_tensor.div\"(%s, %k)", "\"tc_tensor.div\"(%k, %s)"}}},
    {"matmul operands swapped", {{"\"tc_tensor.matmul\"(%x, %w) : (tensor<2x3xf32>, tensor<3x4xf32>)",
                                  "\"tc_tensor.matmul\"(%w, %x) : (tensor<3x4xf32>, tensor<2x3xf32>)"}}},
    {"add operands swapped", {{"\"tc_tensor.add\"(%d, %r) : (tensor<2x4xf32>, tensor<2x1xf32>)",
                               "\"tc_tensor.add\"(%r, %d) : (tensor<2x1xf32>, tensor<2x4xf32>)"}}},
    {"function name", {{"@net(", "@net2("}}},
    {"visibility", {{"func.func private @mask", "func.func @mask"}}},
    {"result returned", {{"return %e, %p", "return %d, %p"}}},
    {"results swapped", {{"return %e, %p", "return %p, %e"}}},
    {"op kind", {{"\"tc_tensor.and\"(%a, %c)", "\"tc_tensor.or\"(%a, %c)"}}},
    {"extra op", {{"  return %m", "  %u = \"tc_tensor.not\"(%a) : (tensor<4xi1>) -> tensor<4xi1>\n  return %m"}}},
    {"resource content", {{"dense<[0.1, 0.2, 0.3, 0.4]>", "dense_resource<bias>"},
                          {"return %m : tensor<4xi1>\n}\n",
                           "return %m : tensor<4xi1>\n}\n{-#\n  dialect_resources: {\n    builtin: {\n      "
                           "bias: \"0x04000000CDCCCC3DCDCC4C3E9A99993ECDCCCC3F\"\n    }\n  }\n#-}\n"}}},
    {"module name", {{"// a small network\n", "module @named {\n"}, {"return %m : tensor<4xi1>\n}\n",
                                                                   "return %m : tensor<4xi1>\n}\n}\n"}}},
    {"argument order", {{"@net(%x: tensor<2x3xf32>, %z: tensor<2x4xf32>)", "@net(%z: tensor<2x4xf32>, %x: tensor<2x3xf32>)"}}},
    {"keepdims", {{"keepdims = true} : (tensor<2x6xf32>) -> tensor<2x1xf32>", "keepdims = false} : (tensor<2x6xf32>) -> tensor<2xf32>"},
                  {"(tensor<2x4xf32>, tensor<2x1xf32>)", "(tensor<2x4xf32>, tensor<2xf32>)"}}},
};

static MlirContext gCtx;

static MlirContext newContext(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  return ctx;
}

static int setUp(void **state) {
  gCtx = newContext();
  return mlirLogicalResultIsSuccess(tcRegisterDialects(gCtx)) ? 0 : -1;
}

static int tearDown(void **state) {
  mlirContextDestroy(gCtx);
  return 0;
}

// Replaces every occurrence of `from` in `*text` by `to`; there must be one.
static void substitute(char **text, const char *from, const char *to, const char *rewrite) {
  if (!strstr(*text, from))
    fail_msg("rewrite '%s': '%s' does not occur", rewrite, from);
  size_t fromLen = strlen(from), toLen = strlen(to), count = 0;
  for (const char *p = *text; (p = strstr(p, from)); p += fromLen)
    ++count;
  char *out = malloc(strlen(*text) + count * toLen + 1), *o = out;
  for (const char *p = *text, *at; *p; p = at + fromLen) {
    at = strstr(p, from);
    if (!at) {
      strcpy(o, p);
      o += strlen(p);
      break;
    }
    memcpy(o, p, (size_t)(at - p));
    o += at - p;
    memcpy(o, to, toLen);
    o += toLen;
  }
  *o = '\0';
  free(*text);
  *text = out;
}

static char *applyRewrite(const Rewrite *r) {
  char *text = strdup(kBase);
  for (int i = 0; i < kMaxSubsts && r->subst[i][0]; ++i)
    substitute(&text, r->subst[i][0], r->subst[i][1], r->name);
  return text;
}

static TcHash128 hashOf(const char *text, const char *what) {
  MlirModule m = tcParseSourceModule(gCtx, mlirStringRefCreateFromCString(text), mlirStringRefCreateFromCString(what));
  if (mlirModuleIsNull(m))
    fail_msg("'%s' does not parse:\n%s", what, text);
  TcHash128 h = {0, 0};
  assert_true(mlirLogicalResultIsSuccess(tcComputeSemanticHash(mlirModuleGetOperation(m), &h)));
  mlirModuleDestroy(m);
  return h;
}

static void same_meaning_same_hash(void **state) {
  TcHash128 base = hashOf(kBase, "base");
  for (size_t i = 0; i < sizeof kSameMeaning / sizeof kSameMeaning[0]; ++i) {
    char *text = applyRewrite(&kSameMeaning[i]);
    TcHash128 h = hashOf(text, kSameMeaning[i].name);
    if (!tcHashEqual(h, base))
      fail_msg("'%s' changed the hash:\n%s", kSameMeaning[i].name, text);
    free(text);
  }
}

static void other_meaning_other_hash(void **state) {
  enum { n = sizeof kOtherMeaning / sizeof kOtherMeaning[0] };
  TcHash128 hashes[n + 1];
  hashes[n] = hashOf(kBase, "base");
  for (size_t i = 0; i < n; ++i) {
    char *text = applyRewrite(&kOtherMeaning[i]);
    hashes[i] = hashOf(text, kOtherMeaning[i].name);
    free(text);
  }
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j <= n; ++j)
      if (tcHashEqual(hashes[i], hashes[j]))
        fail_msg("'%s' and '%s' have the same hash", kOtherMeaning[i].name,
                 j == n ? "the base program" : kOtherMeaning[j].name);
}

static void hash_text_round_trips(void **state) {
  TcHash128 h = {0x0123456789abcdefULL, 0xfedcba9876543210ULL}, back;
  char text[TC_HASH_TEXT_SIZE];
  assert_string_equal(tcFormatHash(h, text), "xxh3-128:0123456789abcdeffedcba9876543210");
  assert_true(tcParseHash(mlirStringRefCreateFromCString(text), &back));
  assert_true(tcHashEqual(h, back));
  static const char *const bad[] = {"xxh3-128:0123456789ABCDEFfedcba9876543210", "xxh3-128:0123",
                                    "xxh64:0123456789abcdeffedcba9876543210", "",
                                    "xxh3-128:0123456789abcdeffedcba987654321g",
                                    "xxh3-128:0123456789abcdeffedcba98765432100"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i)
    assert_false(tcParseHash(mlirStringRefCreateFromCString(bad[i]), &back));
}

static void print(MlirStringRef s, void *userData) {
  char **out = userData;
  size_t len = *out ? strlen(*out) : 0;
  *out = realloc(*out, len + s.length + 1);
  memcpy(*out + len, s.data, s.length);
  (*out)[len + s.length] = '\0';
}

static char *printed(MlirOperation op) {
  char *text = NULL;
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  mlirOperationPrintWithFlags(op, flags, print, &text);
  mlirOpPrintingFlagsDestroy(flags);
  return text;
}

// Hashing works on a clone: annotations and resources of the module stay.
static void hashing_leaves_the_module_alone(void **state) {
  const Rewrite *withResources = NULL;
  for (size_t i = 0; i < sizeof kSameMeaning / sizeof kSameMeaning[0]; ++i)
    if (strcmp(kSameMeaning[i].name, "dense_resource for dense") == 0)
      withResources = &kSameMeaning[i];
  assert_non_null(withResources);
  char *text = applyRewrite(withResources);
  MlirModule m = tcParseSourceModule(gCtx, mlirStringRefCreateFromCString(text), mlirStringRefCreateFromCString("t"));
  MlirOperation op = mlirModuleGetOperation(m);
  mlirOperationSetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("tc.x"), mlirUnitAttrGet(gCtx));
  char *before = printed(op);
  TcHash128 h;
  assert_true(mlirLogicalResultIsSuccess(tcComputeSemanticHash(op, &h)));
  tcComputeIRHash(op);
  char *after = printed(op);
  assert_string_equal(before, after);
  assert_non_null(strstr(after, "dense_resource"));
  free(before);
  free(after);
  free(text);
  mlirModuleDestroy(m);
}

// The IR hash sees everything but tc.manifest: it ignores spelling but not
// annotations, and unlike the semantic hash it sees resource names.
static void ir_hash_covers_all_but_the_manifest(void **state) {
  static const char a[] = "module {\n}", manifest[] = "module attributes {tc.manifest = [{position = 0}]} {\n}",
                    stamped[] = "module attributes {tc.semantic_hash = \"x\"} {\n}";
  TcHash128 h[3];
  const char *texts[3] = {a, manifest, stamped};
  for (int i = 0; i < 3; ++i) {
    MlirModule m =
        tcParseSourceModule(gCtx, mlirStringRefCreateFromCString(texts[i]), mlirStringRefCreateFromCString("t"));
    h[i] = tcComputeIRHash(mlirModuleGetOperation(m));
    mlirModuleDestroy(m);
  }
  assert_true(tcHashEqual(h[0], h[1]));
  assert_false(tcHashEqual(h[0], h[2]));
}

// The IR hash reads resource blobs by content, and a cache kept across
// calls gives the same hash: a changed byte of a blob changes it, the same
// text parsed again does not, with or without the cache.
static void ir_hash_sees_resource_content(void **state) {
  static const char fmt[] = "module {\n  func.func @f() -> tensor<2xf32> {\n    %%c = \"tc_tensor.constant\"() "
                            "{value = dense_resource<w> : tensor<2xf32>} : () -> tensor<2xf32>\n    return %%c : "
                            "tensor<2xf32>\n  }\n}\n{-#\n  dialect_resources: {\n    builtin: {\n      w: "
                            "\"0x040000000000803F%s\"\n    }\n  }\n#-}\n";
  const char *tails[3] = {"00000040", "00000040", "00004040"};
  TcHash128 plain[3], cached[3];
  TcIRHashCache *cache = tcIRHashCacheCreate();
  for (int i = 0; i < 3; ++i) {
    char text[1024];
    snprintf(text, sizeof text, fmt, tails[i]);
    MlirContext ctx = i == 1 ? newContext() : gCtx; // a second context: the cache is per context
    if (i == 1)
      assert_true(mlirLogicalResultIsSuccess(tcRegisterDialects(ctx)));
    MlirModule m = tcParseSourceModule(ctx, mlirStringRefCreateFromCString(text), mlirStringRefCreateFromCString("t"));
    assert_false(mlirModuleIsNull(m));
    plain[i] = tcComputeIRHash(mlirModuleGetOperation(m));
    TcIRHashCache *own = i == 1 ? tcIRHashCacheCreate() : cache;
    cached[i] = tcComputeIRHashCached(mlirModuleGetOperation(m), own);
    assert_true(tcHashEqual(cached[i], tcComputeIRHashCached(mlirModuleGetOperation(m), own))); // from the cache
    if (i == 1)
      tcIRHashCacheDestroy(own);
    mlirModuleDestroy(m);
    if (i == 1)
      mlirContextDestroy(ctx);
  }
  tcIRHashCacheDestroy(cache);
  for (int i = 0; i < 3; ++i)
    assert_true(tcHashEqual(plain[i], cached[i]));
  assert_true(tcHashEqual(plain[0], plain[1]));
  assert_false(tcHashEqual(plain[0], plain[2]));
}

// A module printed in custom form and read back has the IR hash it had: the
// chain of custody of lowered IR rests on it. The function here is built as
// a lowering builds it, without `unnamed_addr`; llvm.func's custom parser
// adds `unnamed_addr = 0`, which the generic form would show.
static void ir_hash_survives_a_round_trip(void **state) {
  static const char text[] =
      "\"builtin.module\"() ({\n  \"llvm.func\"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<f32 (f32)>, "
      "linkage = #llvm.linkage<external>, sym_name = \"f\", visibility_ = 0 : i64}> ({\n  ^bb0(%a: f32):\n"
      "    \"llvm.return\"(%a) : (f32) -> ()\n  }) : () -> ()\n}) {tc.semantic_hash = \"x\"} : () -> ()\n";
  MlirModule m = tcParseSourceModule(gCtx, mlirStringRefCreateFromCString(text), mlirStringRefCreateFromCString("t"));
  assert_false(mlirModuleIsNull(m));
  TcHash128 before = tcComputeIRHash(mlirModuleGetOperation(m));
  char *custom = printed(mlirModuleGetOperation(m));
  MlirModule again = tcParseSourceModule(gCtx, mlirStringRefCreateFromCString(custom), mlirStringRefCreateFromCString("t"));
  assert_false(mlirModuleIsNull(again));
  assert_true(tcHashEqual(before, tcComputeIRHash(mlirModuleGetOperation(again))));
  free(custom);
  mlirModuleDestroy(again);
  mlirModuleDestroy(m);
}

// Elements attributes above the elision limit are hashed from their bytes
// (lib/IR/IRHash.c): each element still counts, a printed and re-read
// module keeps its hash, and what the printer does not elide (i1, packed;
// text that holds the elision marker itself) is hashed whole, and still by
// every element.
static TcHash128 hashOfText(const char *text) {
  MlirModule m = tcParseSourceModule(gCtx, mlirStringRefCreateFromCString(text), mlirStringRefCreateFromCString("t"));
  assert_false(mlirModuleIsNull(m));
  TcHash128 h = tcComputeIRHash(mlirModuleGetOperation(m));
  char *custom = printed(mlirModuleGetOperation(m));
  MlirModule again = tcParseSourceModule(gCtx, mlirStringRefCreateFromCString(custom), mlirStringRefCreateFromCString("t"));
  assert_false(mlirModuleIsNull(again));
  assert_true(tcHashEqual(h, tcComputeIRHash(mlirModuleGetOperation(again))));
  free(custom);
  mlirModuleDestroy(again);
  mlirModuleDestroy(m);
  return h;
}

static void globalText(char *out, size_t size, const char *type, int n, int changed, const char *name) {
  int used = snprintf(out, size, "memref.global \"private\" constant @%s : memref<%dx%s> = dense<[", name, n, type);
  for (int i = 0; i < n; ++i) {
    bool one = i == changed;
    if (strcmp(type, "i1") == 0)
      used += snprintf(out + used, size - (size_t)used, "%s%s", i ? ", " : "", (i % 3 == 0) != one ? "true" : "false");
    else
      used += snprintf(out + used, size - (size_t)used, "%s%d.5", i ? ", " : "", one ? 1000 + i : i);
  }
  snprintf(out + used, size - (size_t)used, "]>\n");
}

static void ir_hash_sees_large_elements_content(void **state) {
  static const struct {
    const char *type;
    int n;
  } cases[] = {{"f32", 100}, {"f64", 65}, {"f32", 64}, {"i1", 100}, {"f16", 200}};
  for (size_t c = 0; c < sizeof cases / sizeof *cases; ++c) {
    char a[8192], b[8192], d[8192];
    globalText(a, sizeof a, cases[c].type, cases[c].n, -1, "w");
    globalText(b, sizeof b, cases[c].type, cases[c].n, cases[c].n / 2, "w"); // one element differs
    globalText(d, sizeof d, cases[c].type, cases[c].n, -1, "w");
    assert_true(tcHashEqual(hashOfText(a), hashOfText(d)));
    assert_false(tcHashEqual(hashOfText(a), hashOfText(b)));
  }
  // A name that holds the elision marker: that op is hashed whole.
  char a[8192], b[8192];
  globalText(a, sizeof a, "f32", 100, -1, "\"dense_resource<__elided__>\"");
  globalText(b, sizeof b, "f32", 100, 7, "\"dense_resource<__elided__>\"");
  assert_false(tcHashEqual(hashOfText(a), hashOfText(b)));
}

static int gErrors;

static MlirLogicalResult countErrors(MlirDiagnostic diag, void *userData) {
  ++gErrors;
  return mlirLogicalResultSuccess();
}

// A dense_resource whose blob is missing or does not fit cannot be hashed by
// content: the hash fails with an error instead of hashing the name.
static void resource_without_data_fails(void **state) {
  static const char *const programs[] = {
      "func.func @f() -> tensor<2xf32> {\n  %c = \"tc_tensor.constant\"() {value = dense_resource<nodata> : "
      "tensor<2xf32>} : () -> tensor<2xf32>\n  return %c : tensor<2xf32>\n}\n",
      "func.func @f() -> tensor<2xf32> {\n  %c = \"tc_tensor.constant\"() {value = dense_resource<short> : "
      "tensor<2xf32>} : () -> tensor<2xf32>\n  return %c : tensor<2xf32>\n}\n"
      "{-#\n  dialect_resources: {\n    builtin: {\n      short: \"0x040000000000803F\"\n    }\n  }\n#-}\n"};
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(gCtx, countErrors, NULL, NULL);
  for (int i = 0; i < 2; ++i) {
    gErrors = 0;
    MlirModule m =
        tcParseSourceModule(gCtx, mlirStringRefCreateFromCString(programs[i]), mlirStringRefCreateFromCString("t"));
    assert_false(mlirModuleIsNull(m));
    TcHash128 h;
    assert_true(mlirLogicalResultIsFailure(tcComputeSemanticHash(mlirModuleGetOperation(m), &h)));
    assert_int_equal(gErrors, 1);
    mlirModuleDestroy(m);
  }
  mlirContextDetachDiagnosticHandler(gCtx, id);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(same_meaning_same_hash),
      cmocka_unit_test(ir_hash_survives_a_round_trip),
      cmocka_unit_test(other_meaning_other_hash),
      cmocka_unit_test(hash_text_round_trips),
      cmocka_unit_test(hashing_leaves_the_module_alone),
      cmocka_unit_test(ir_hash_covers_all_but_the_manifest),
      cmocka_unit_test(ir_hash_sees_resource_content),
      cmocka_unit_test(ir_hash_sees_large_elements_content),
      cmocka_unit_test(resource_without_data_fails),
  };
  return cmocka_run_group_tests(tests, setUp, tearDown);
}
