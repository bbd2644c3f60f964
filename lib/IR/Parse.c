//===- Parse.c - parsing MLIR source into a module -------------------------===//
//
// The C API offers two parsers: mlirModuleCreateParse wraps any top-level ops
// in a module but gives locations no file name, and mlirOperationCreateParse
// names the file but insists on exactly one top-level op. We want both. The
// first token decides: text that opens with an op other than a module (a bare
// op name, a quoted generic name, or `%results =`) is parsed wrapped in
// `module { ... }`; anything else (a module, alias definitions) is
// parsed as it is, and only if the parser then refuses because there are
// several top-level ops is it parsed again wrapped. Parsing twice is avoided
// where possible because a second parse in the same context renames
// `dense_resource` keys the first one registered.
//
// Bytecode (it opens with "ML\xefR") goes to tcParseBytecodeModule
// (ParseBytecode.c): MLIR 22's bytecode reader crashes, corrupts memory or
// hangs on some malformed bytecode, so a child process reads it and hands
// back its text, which comes back here.
//
// Before parsing, the text is scanned for the inputs that crash MLIR 22's
// own parser instead of failing: a dense array whose element type is not an
// integer or float type (`array<index: 1>`), and brackets nested deeper than
// the parser's recursion survives (kMaxNesting). Each is reported as a
// located error and not parsed.
//
// The wrapper is inserted so that no line number changes: `module {` goes at
// the start of the first line after any top-level alias definitions (they
// must stay outside it) and `}` on a line of its own at the end (before a
// `{-# ... #-}` resource section, which must stay at top level). Locations on
// the wrapper's line are then moved back by its width, so every location is
// the one the unwrapped text would have.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Parse.h"

#include "IRInternal.h"

#include "mlir-c/Diagnostics.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/TextBuffer.h"

#include <ctype.h>
#include <regex.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char kSingleOpError[] = "source must contain a single top-level operation";

typedef struct {
  bool sawSingleOpError;
} ParseProbe;

enum { kMsgMax = 1024 };

// Swallows only the "single top-level operation" complaint; every other
// diagnostic goes on to the tool's handler.
static MlirLogicalResult probeHandler(MlirDiagnostic diag, void *userData) {
  ParseProbe *probe = userData;
  char msg[kMsgMax];
  TcFixedText text = tcFixedTextInit(msg, sizeof msg);
  mlirDiagnosticPrint(diag, tcFixedTextAppend, &text);
  if (strncmp(msg, kSingleOpError, sizeof kSingleOpError - 1) == 0) {
    probe->sawSingleOpError = true;
    return mlirLogicalResultSuccess();
  }
  return mlirLogicalResultFailure();
}

static MlirModule wrapSingleOp(MlirContext ctx, MlirOperation op, MlirStringRef sourceName) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length == 14 && memcmp(name.data, "builtin.module", 14) == 0)
    return mlirModuleFromOperation(op);
  MlirModule module = mlirModuleCreateEmpty(mlirLocationFileLineColGet(ctx, sourceName, 1, 1));
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(module), op);
  return module;
}

static const char kWrapOpen[] = "module {";

// Top-level alias definitions (`#map = ...`, `!t = ...`) must stay outside
// the wrapper. Returns the offset of the first line after them (and after
// blank and comment lines), and its 1-based number in *line. An alias value
// may span lines: brackets are tracked (an arrow `->` is not a bracket).
static size_t afterAliases(MlirStringRef source, unsigned *line) {
  const char *p = source.data, *end = source.data + source.length;
  int depth = 0;
  *line = 1;
  while (p < end) {
    const char *q = p;
    while (q < end && (*q == ' ' || *q == '\t'))
      ++q;
    bool trivia = q == end || *q == '\n' || (end - q >= 2 && q[0] == '/' && q[1] == '/');
    if (depth == 0 && !trivia && *q != '#' && *q != '!')
      return (size_t)(p - source.data);
    for (; q < end && *q != '\n' && !(depth == 0 && trivia); ++q) {
      if (*q == '"')
        for (++q; q < end && *q != '"' && *q != '\n'; ++q)
          q += *q == '\\';
      else if (*q == '-' && q + 1 < end && q[1] == '>')
        ++q;
      else if (strchr("<([{", *q))
        ++depth;
      else if (strchr(">)]}", *q))
        --depth;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    p = nl ? nl + 1 : end;
    *line += nl != NULL;
  }
  return source.length;
}

static char *wrapInModuleText(MlirStringRef source, size_t *outLen, unsigned *wrapLine) {
  static const char close[] = "\n}\n";
  const char *open = kWrapOpen;
  size_t start = afterAliases(source, wrapLine);
  size_t cut = source.length;
  for (size_t i = start; i + 3 < source.length; ++i) {
    if ((i == 0 || source.data[i - 1] == '\n') && memcmp(source.data + i, "{-#", 3) == 0) {
      cut = i;
      break;
    }
  }
  size_t len = (sizeof kWrapOpen - 1) + source.length + (sizeof close - 1);
  char *text = malloc(len + 1);
  if (!text)
    return NULL;
  char *p = text;
  memcpy(p, source.data, start);
  p += start;
  memcpy(p, open, sizeof kWrapOpen - 1);
  p += sizeof kWrapOpen - 1;
  memcpy(p, source.data + start, cut - start);
  p += cut - start;
  memcpy(p, close, sizeof close - 1);
  p += sizeof close - 1;
  memcpy(p, source.data + cut, source.length - cut);
  p += source.length - cut;
  *p = '\0';
  *outLen = len;
  return text;
}

// True if the first token after whitespace and `//` comments starts an op
// other than a module: such text has no aliases or module to keep at top level.
static bool startsWithNonModuleOp(MlirStringRef source) {
  const char *p = source.data, *end = source.data + source.length;
  while (p < end) {
    if (isspace((unsigned char)*p)) {
      ++p;
    } else if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
      while (p < end && *p != '\n')
        ++p;
    } else {
      break;
    }
  }
  if (p == end)
    return false;
  size_t rest = (size_t)(end - p);
  if (*p == '%')
    return true;
  if (*p == '"')
    return !(rest >= 16 && memcmp(p, "\"builtin.module\"", 16) == 0);
  if (!isalpha((unsigned char)*p))
    return false;
  bool isModule = rest >= 6 && memcmp(p, "module", 6) == 0 && (rest == 6 || !isalnum((unsigned char)p[6]));
  return !isModule;
}

// Undoes the wrapper's shift of a location on line 1; others are returned as
// they are.
// Where the wrapper went, and whether a diagnostic is being re-emitted.
typedef struct {
  unsigned line;
  bool reemitting;
} Wrap;

// Undoes the wrapper's shift of a location on the wrapper's line; others are
// returned as they are.
static MlirLocation unshift(MlirLocation loc, unsigned line) {
  enum { kShift = sizeof kWrapOpen - 1 };
  if (!mlirLocationIsAFileLineColRange(loc) || (unsigned)mlirLocationFileLineColRangeGetStartLine(loc) != line ||
      mlirLocationFileLineColRangeGetStartColumn(loc) <= kShift)
    return loc;
  int endLine = mlirLocationFileLineColRangeGetEndLine(loc);
  int endCol = mlirLocationFileLineColRangeGetEndColumn(loc);
  return mlirLocationFileLineColRangeGet(
      mlirLocationGetContext(loc), mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc)), line,
      (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc) - kShift, (unsigned)endLine,
      (unsigned)((unsigned)endLine == line && endCol > kShift ? endCol - kShift : endCol));
}

static MlirWalkResult unshiftOp(MlirOperation op, void *userData) {
  unsigned line = ((const Wrap *)userData)->line;
  mlirOperationSetLocation(op, unshift(mlirOperationGetLocation(op), line));
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (intptr_t a = 0; a < mlirBlockGetNumArguments(b); ++a) {
        MlirValue arg = mlirBlockGetArgument(b, a);
        mlirBlockArgumentSetLocation(arg, unshift(mlirValueGetLocation(arg), line));
      }
  return MlirWalkResultAdvance;
}

// Parse errors on the wrapper's line are re-emitted at their unshifted
// location (the C API can re-emit only the error itself, not its notes).
static MlirLogicalResult unshiftHandler(MlirDiagnostic diag, void *userData) {
  Wrap *wrap = userData;
  MlirLocation loc = mlirDiagnosticGetLocation(diag);
  MlirLocation fixed = unshift(loc, wrap->line);
  if (wrap->reemitting || mlirLocationEqual(loc, fixed) || mlirDiagnosticGetSeverity(diag) != MlirDiagnosticError)
    return mlirLogicalResultFailure();
  char msg[kMsgMax];
  TcFixedText text = tcFixedTextInit(msg, sizeof msg);
  mlirDiagnosticPrint(diag, tcFixedTextAppend, &text);
  wrap->reemitting = true;
  mlirEmitError(fixed, msg);
  wrap->reemitting = false;
  return mlirLogicalResultSuccess();
}

static MlirModule parseWrapped(MlirContext ctx, MlirStringRef source, MlirStringRef sourceName) {
  size_t len = 0;
  Wrap wrap = {1, false};
  char *text = wrapInModuleText(source, &len, &wrap.line);
  if (!text)
    return (MlirModule){NULL};
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(ctx, unshiftHandler, &wrap, NULL);
  MlirOperation op = mlirOperationCreateParse(ctx, mlirStringRefCreate(text, len), sourceName);
  mlirContextDetachDiagnosticHandler(ctx, id);
  free(text);
  if (mlirOperationIsNull(op))
    return (MlirModule){NULL};
  mlirOperationWalk(op, unshiftOp, &wrap, MlirWalkPreOrder);
  return mlirModuleFromOperation(op);
}

/// The deepest bracket nesting accepted. MLIR's recursive-descent parser
/// needs a few hundred bytes of stack per level and overflows the 8 MiB
/// main-thread stack somewhere between 5,000 and 10,000 levels of an
/// attribute; no program tensorc reads comes near 1,000.
enum { kMaxNesting = 1000 };

static MlirLocation locationAt(MlirContext ctx, MlirStringRef source, MlirStringRef sourceName, const char *at) {
  unsigned line = 1, col = 1;
  for (const char *q = source.data; q < at; ++q, ++col)
    if (*q == '\n') {
      ++line;
      col = 0;
    }
  return mlirLocationFileLineColGet(ctx, sourceName, line, col);
}

// Checks the element type of the dense array whose `array<` ends at `p`.
static bool checkDenseArrayType(MlirContext ctx, MlirStringRef source, MlirStringRef sourceName, const char *p) {
  static const char kIntOrFloat[] = "^([su]?i[0-9]+|bf16|tf32|f(16|32|64|80|128)|f[468]E[0-9]+M[0-9]+[A-Z0-9]*)$";
  const char *end = source.data + source.length;
  while (p < end && isspace((unsigned char)*p))
    ++p;
  const char *type = p;
  if (p < end && isdigit((unsigned char)*p))
    return true; // `array<2 x i64>`: an LLVM array type inside an llvm struct, not a dense array
  while (p < end && *p != ':' && *p != '>' && !isspace((unsigned char)*p))
    ++p;
  char text[64];
  size_t len = (size_t)(p - type) < sizeof text - 1 ? (size_t)(p - type) : sizeof text - 1;
  memcpy(text, type, len);
  text[len] = '\0';
  regex_t re;
  if (regcomp(&re, kIntOrFloat, REG_EXTENDED | REG_NOSUB) != 0)
    tcFatal("cannot compile the dense array type pattern");
  bool ok = regexec(&re, text, 0, NULL, 0) == 0;
  regfree(&re);
  if (ok)
    return true;
  tcEmitError(locationAt(ctx, source, sourceName, type), "dense array element type '%s' is not an integer or float type",
              text);
  return false;
}

// Scans the text (outside comments and strings) for the two inputs that
// crash MLIR 22's parser instead of failing: `array<` of a type that is not
// an integer or float type (checked here), and brackets nested deeper than
// kMaxNesting. Bytecode is not text and is not scanned.
static bool checkCrashers(MlirContext ctx, MlirStringRef source, MlirStringRef sourceName) {
  const char *p = source.data, *end = source.data + source.length;
  if (source.length >= 4 && memcmp(p, "ML\xefR", 4) == 0)
    return true;
  int depth = 0;
  while (p < end) {
    if (*p == '"') {
      for (++p; p < end && *p != '"'; ++p)
        p += *p == '\\';
      ++p;
    } else if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
      while (p < end && *p != '\n')
        ++p;
    } else if (end - p >= 2 && p[0] == '-' && p[1] == '>') {
      p += 2; // an arrow, not a closing bracket
    } else if (end - p >= 6 && memcmp(p, "array<", 6) == 0 &&
               (p == source.data || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.'))) {
      if (!checkDenseArrayType(ctx, source, sourceName, p + 6))
        return false;
      ++depth;
      p += 6;
    } else {
      if (strchr("([{<", *p) && ++depth > kMaxNesting) {
        tcEmitError(locationAt(ctx, source, sourceName, p),
                    "brackets nested more than %d deep: tensorc refuses the input (MLIR's parser would overflow "
                    "its stack)", kMaxNesting);
        return false;
      }
      if (strchr(")]}>", *p) && depth > 0)
        --depth;
      ++p;
    }
  }
  return true;
}

// MLIR bytecode opens with these four bytes.
static bool isBytecode(MlirStringRef source) {
  return source.length >= 4 && memcmp(source.data, "ML\xefR", 4) == 0;
}

MlirModule tcParseSourceModule(MlirContext ctx, MlirStringRef source, MlirStringRef sourceName) {
  if (isBytecode(source))
    return tcParseBytecodeModule(ctx, source, sourceName);
  if (!checkCrashers(ctx, source, sourceName))
    return (MlirModule){NULL};
  if (startsWithNonModuleOp(source))
    return parseWrapped(ctx, source, sourceName);
  ParseProbe probe = {false};
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(ctx, probeHandler, &probe, NULL);
  MlirOperation op = mlirOperationCreateParse(ctx, source, sourceName);
  mlirContextDetachDiagnosticHandler(ctx, id);
  if (!mlirOperationIsNull(op))
    return wrapSingleOp(ctx, op, sourceName);
  if (!probe.sawSingleOpError)
    return (MlirModule){NULL};
  return parseWrapped(ctx, source, sourceName);
}
