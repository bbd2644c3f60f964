//===- CHeader.c - a C header for the module's entry points ---------------===//
//
// `--emit=header` writes what a C or C++ program needs to call an object or
// shared library built from the same module: for each entry point one
// prototype with exact C types (lib/Runtime's table: `const` pointers for
// inputs, f16/bf16 as uint16_t bit patterns, i1 as bool) and a comment per
// parameter with its tensor type, shape and element count (and its name,
// when tc.abi has names), then the packed
// wrapper and the descriptor. A dynamic entry point (docs/dynamic-shapes.md
// §3) returns int32_t, takes the dims array last, and has its shape
// function declared; the guards' codes are macros. The header is self-contained (stdint.h,
// stdbool.h), guarded, and wrapped in `extern "C"`; it compiles warning-free
// as C17 with -Wall -Wextra -pedantic and as C++ (test/tools/tensor-translate).
//
//===----------------------------------------------------------------------===//
#include "TargetInternal.h"

#include "tensorc/Diagnostics.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void appendf(TcTextBuffer *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void appendf(TcTextBuffer *out, const char *fmt, ...) {
  char small[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0)
    tcFatal("cannot format header text");
  if ((size_t)n < sizeof small) {
    tcTextBufferAppendCString(out, small);
    return;
  }
  char *big = malloc((size_t)n + 1);
  if (!big)
    tcFatal("out of memory writing a header");
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  tcTextBufferAppendCString(out, big);
  free(big);
}

// TC_ABI_ followed by `name` upper-cased, anything but letters and digits
// turned into '_': "kernels.h" gives TC_ABI_KERNELS_H.
static void writeGuardName(const char *name, TcTextBuffer *out) {
  tcTextBufferAppendCString(out, "TC_ABI_");
  for (const char *p = name ? name : "h"; *p; ++p) {
    char c = isalnum((unsigned char)*p) ? (char)toupper((unsigned char)*p) : '_';
    tcTextBufferAppend(mlirStringRefCreate(&c, 1), out);
  }
}

// `name` quoted for a C comment: `"`, `\\`, bytes outside printable ASCII,
// a '/' after '*' (which would end the comment) and a '*' after '/' (which
// -Wcomment warns of) are escaped.
static void writeQuotedName(const char *name, TcTextBuffer *out) {
  appendf(out, " \"");
  for (const unsigned char *p = (const unsigned char *)name; *p; ++p) {
    bool afterStar = p > (const unsigned char *)name && p[-1] == '*';
    bool afterSlash = p > (const unsigned char *)name && p[-1] == '/';
    if (*p == '"' || *p == '\\' || (*p == '/' && afterStar) || (*p == '*' && afterSlash))
      appendf(out, "\\%c", *p);
    else if (*p < 0x20 || *p >= 0x7f)
      appendf(out, "\\x%02x", *p);
    else
      appendf(out, "%c", *p);
  }
  appendf(out, "\"");
}

static void writeParameter(const TcTargetEntry *e, intptr_t i, TcTextBuffer *out) {
  const TcAbiTensorType *t = &e->types[i];
  bool isInput = i < e->numInputs, isLast = i + 1 == e->numInputs + e->numOutputs;
  intptr_t k = isInput ? i : i - e->numInputs;
  char type[512], shape[512] = "";
  size_t used = 0;
  for (int d = 0; d < t->rank && used < sizeof shape; ++d)
    used += t->shape[d] == TC_ABI_DYNAMIC_DIM
                ? (size_t)snprintf(shape + used, sizeof shape - used, d ? ", ?" : "?")
                : (size_t)snprintf(shape + used, sizeof shape - used, d ? ", %" PRId64 : "%" PRId64, t->shape[d]);
  appendf(out, "    %s%s *%s%ld%s /* %s #%ld", isInput ? "const " : "", tcAbiDtypeGetCType(t->dtype),
          isInput ? "in" : "out", (long)k, isLast && !e->dynamic ? ");" : ",", isInput ? "input" : "output", (long)k);
  if (e->names && e->names[i])
    writeQuotedName(e->names[i], out);
  appendf(out, ": %s, shape [%s]", tcAbiTensorTypeFormat(t, type, sizeof type), shape);
  int64_t n = tcAbiTensorTypeGetNumElements(t);
  if (tcAbiTensorTypeIsStatic(t))
    appendf(out, ", %" PRId64 " element%s */\n", n, n == 1 ? "" : "s");
  else
    appendf(out, ", its sizes in dims */\n");
}

// A dynamic entry point (docs/dynamic-shapes.md §3): the dims array last,
// the code returned, and its shape function.
static void writeDynamicTail(const TcTargetEntry *e, TcTextBuffer *out) {
  appendf(out, "    int64_t *dims); /* every input's shape, then every output's (written) */\n"
               "/* The outputs' shapes for the inputs' in dims, written after them; 0, or the\n"
               "   code of the run-time constraint the inputs break. */\n"
               "int32_t %s" TC_ABI_SHAPES_SUFFIX "(int64_t *dims);\n",
          e->name);
}

static void writeEntry(const TcTargetEntry *e, TcTextBuffer *out) {
  intptr_t n = e->numInputs + e->numOutputs;
  appendf(out, "/* %s: %ld input%s, %ld output%s. */\n", e->name, (long)e->numInputs, e->numInputs == 1 ? "" : "s",
          (long)e->numOutputs, e->numOutputs == 1 ? "" : "s");
  const char *result = e->dynamic ? "int32_t" : "void";
  if (n == 0 && !e->dynamic)
    appendf(out, "void %s(void);\n", e->name);
  else
    appendf(out, "%s %s(\n", result, e->name);
  for (intptr_t i = 0; i < n; ++i)
    writeParameter(e, i, out);
  if (e->dynamic)
    writeDynamicTail(e, out);
  appendf(out, "/* The same call with args[i] the i-th pointer above. */\n"
               "%s %s" TC_ABI_PACKED_SUFFIX "(void **args);\n\n",
          result, e->name);
}

// TC_GUARD_EQUAL_DIMS and the others: the same tokens in every header, so
// two headers can be included together.
static void writeGuardCodes(TcTextBuffer *out) {
  appendf(out, "/* The codes a dynamic entry point and its shape function return\n"
               "   (docs/dynamic-shapes.md, section 2); 0 is success. */\n");
  for (int32_t code = 1; tcAbiGuardGetName(code); ++code) {
    char macro[64];
    const char *name = tcAbiGuardGetName(code);
    size_t i = 0;
    for (; name[i] && i + 1 < sizeof macro; ++i)
      macro[i] = name[i] == '-' ? '_' : (char)toupper((unsigned char)name[i]);
    macro[i] = '\0';
    appendf(out, "#define TC_GUARD_%s %d\n", macro, (int)code);
  }
  appendf(out, "\n");
}

void tcEntryPointsWriteHeader(const TcTargetEntries *entries, const char *guardName, TcTextBuffer *out) {
  TcTextBuffer guard = {0};
  writeGuardName(guardName, &guard);
  appendf(out,
          "/* Generated by tensor-translate --emit=header: the entry points of a tensorc\n"
          "   module (docs/abi.md). Pointers address dense row-major arrays; outputs must\n"
          "   not overlap inputs or each other. f16 and bf16 elements are uint16_t bit\n"
          "   patterns, i1 elements bools. */\n"
          "#ifndef %s\n#define %s\n\n#include <stdbool.h>\n#include <stdint.h>\n\n"
          "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n",
          guard.data, guard.data);
  bool dynamic = false;
  for (intptr_t i = 0; i < entries->count; ++i)
    dynamic = dynamic || entries->entries[i].dynamic;
  if (dynamic)
    writeGuardCodes(out);
  for (intptr_t i = 0; i < entries->count; ++i)
    writeEntry(&entries->entries[i], out);
  if (entries->count)
    appendf(out, "/* The module's descriptor: NUL-terminated JSON, format %s. */\n"
                 "extern const char " TC_ABI_DESCRIPTOR_SYMBOL "[];\n\n",
            dynamic ? TC_ABI_FORMAT_DYNAMIC : TC_ABI_FORMAT);
  else
    appendf(out, "/* The module has no entry points (no llvm.func with tc.abi). */\n\n");
  appendf(out, "#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s */\n", guard.data);
  free(guard.data);
}
