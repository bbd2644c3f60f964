//===- DiagnosticPrinter.c - collecting and printing MLIR diagnostics ------===//
//
// The collector is the last diagnostic handler a tool attaches, so it sees
// every diagnostic. It decodes the location (file:line:col through name,
// call-site and fused locations) and the message once, into a record; then
// prints it (print mode) or keeps it for -verify-diagnostics (capture mode).
// The handler runs on the thread that emits; a mutex keeps records whole when
// passes run on several threads.
//
//===----------------------------------------------------------------------===//
#include "tensorc/TextBuffer.h"
#include "tensorc/Tool.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t gDiagLock = PTHREAD_MUTEX_INITIALIZER;

// Finds the file:line:col a location points at, looking through wrappers.
static bool decodeLocation(MlirLocation loc, MlirStringRef *file, unsigned *line, unsigned *col) {
  for (int depth = 0; depth < 64; ++depth) {
    if (mlirLocationIsAFileLineColRange(loc)) {
      *file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
      *line = (unsigned)mlirLocationFileLineColRangeGetStartLine(loc);
      *col = (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc);
      return true;
    }
    if (mlirLocationIsAName(loc)) {
      loc = mlirLocationNameGetChildLoc(loc);
    } else if (mlirLocationIsACallSite(loc)) {
      loc = mlirLocationCallSiteGetCallee(loc);
    } else if (mlirLocationIsAFused(loc)) {
      intptr_t n = mlirLocationFusedGetNumLocations(loc);
      if (n == 0)
        return false;
      MlirLocation *parts = malloc((size_t)n * sizeof *parts);
      if (!parts)
        return false;
      mlirLocationFusedGetLocations(loc, parts);
      bool found = false;
      for (intptr_t i = 0; i < n && !found; ++i)
        found = decodeLocation(parts[i], file, line, col);
      free(parts);
      return found;
    } else {
      return false;
    }
  }
  return false;
}

static void addRecord(TcDiagnostics *diags, MlirDiagnostic diag, bool isNote) {
  TcDiagRecord r = {0};
  r.severity = mlirDiagnosticGetSeverity(diag);
  r.isAttachedNote = isNote;
  MlirStringRef file;
  if (decodeLocation(mlirDiagnosticGetLocation(diag), &file, &r.line, &r.col))
    r.file = strndup(file.data, file.length);
  TcTextBuffer msg = {0};
  mlirDiagnosticPrint(diag, tcTextBufferAppend, &msg);
  r.message = msg.data ? msg.data : strdup("");
  if (r.severity == MlirDiagnosticError)
    diags->numErrors++;
  if (!diags->capture) {
    tcDiagnosticPrint(diags->out, &r, diags->source);
    free(r.file);
    free(r.message);
    return;
  }
  if (diags->count == diags->capacity) {
    size_t cap = diags->capacity ? diags->capacity * 2 : 16;
    TcDiagRecord *grown = realloc(diags->records, cap * sizeof *grown);
    if (!grown)
      tcFatal("out of memory collecting diagnostics");
    diags->records = grown;
    diags->capacity = cap;
  }
  diags->records[diags->count++] = r;
}

static MlirLogicalResult handle(MlirDiagnostic diag, void *userData) {
  TcDiagnostics *diags = userData;
  pthread_mutex_lock(&gDiagLock);
  addRecord(diags, diag, false);
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(diag); ++i)
    addRecord(diags, mlirDiagnosticGetNote(diag, i), true);
  pthread_mutex_unlock(&gDiagLock);
  return mlirLogicalResultSuccess();
}

void tcDiagnosticsAttach(TcDiagnostics *diags, MlirContext ctx, bool capture, FILE *out, const TcSourceFile *source) {
  memset(diags, 0, sizeof *diags);
  diags->ctx = ctx;
  diags->capture = capture;
  diags->out = out;
  diags->source = source;
  diags->handler = mlirContextAttachDiagnosticHandler(ctx, handle, diags, NULL);
}

void tcDiagnosticsClear(TcDiagnostics *diags) {
  for (size_t i = 0; i < diags->count; ++i) {
    free(diags->records[i].file);
    free(diags->records[i].message);
  }
  diags->count = 0;
  diags->numErrors = 0;
}

void tcDiagnosticsDetach(TcDiagnostics *diags) {
  mlirContextDetachDiagnosticHandler(diags->ctx, diags->handler);
  tcDiagnosticsClear(diags);
  free(diags->records);
  diags->records = NULL;
  diags->capacity = 0;
}

static const char *severityName(MlirDiagnosticSeverity s) {
  switch (s) {
  case MlirDiagnosticError:
    return "error";
  case MlirDiagnosticWarning:
    return "warning";
  case MlirDiagnosticNote:
    return "note";
  case MlirDiagnosticRemark:
    return "remark";
  }
  return "error";
}

// Prints line `line` of `source` and a caret under column `col`.
static void printSourceLine(FILE *out, const TcSourceFile *source, unsigned line, unsigned col) {
  const char *p = source->text, *end = source->text + source->length;
  for (unsigned l = 1; l < line && p < end; ++l) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    p = nl ? nl + 1 : end;
  }
  if (p >= end)
    return;
  const char *eol = memchr(p, '\n', (size_t)(end - p));
  int len = (int)((eol ? eol : end) - p);
  fprintf(out, "%.*s\n", len, p);
  for (unsigned c = 1; c < col && (int)c <= len; ++c)
    fputc(p[c - 1] == '\t' ? '\t' : ' ', out);
  fputs("^\n", out);
}

void tcDiagnosticPrint(FILE *out, const TcDiagRecord *r, const TcSourceFile *source) {
  if (r->file)
    fprintf(out, "%s:%u:%u: %s: %s\n", r->file, r->line, r->col, severityName(r->severity), r->message);
  else
    fprintf(out, "<unknown location>: %s: %s\n", severityName(r->severity), r->message);
  // Bytecode has no lines to show (its locations are the text it came from).
  bool bytecode = source && source->length >= 4 && memcmp(source->text, "ML\xefR", 4) == 0;
  if (r->file && source && !bytecode && r->line > 0 && strcmp(r->file, source->name) == 0)
    printSourceLine(out, source, r->line, r->col);
}
