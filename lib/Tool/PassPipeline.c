//===- PassPipeline.c - pipelines mixing tensorc and upstream passes -------===//
//
// Upstream's pipeline parser does not know external passes, so tools parse
// the text here: `element (, element)*` where an element is a pass
// `name{options}` or a nesting `op-name(pipeline)`. The result is one step
// per pass with the ops it is nested under, so the driver can run (and later
// record, and bisect) one pass at a time. An upstream pass is handed to
// mlirOpPassManagerAddPipeline as text when its step is built; a tensorc pass
// is created from the registry and, if it anchors on func.func and the text
// did not nest it, nested under func.func. tcCreatePassManagerFromPipeline
// (Embedding.h) builds every step into one pass manager, for hosts that
// run a pipeline whole.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Embedding.h"
#include "tensorc/Passes.h"
#include "tensorc/TextBuffer.h"
#include "tensorc/Tool.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxNesting = 7 };

typedef struct {
  const char *begin; // the whole text, to spot the outermost builtin.module
  const char *p;
  char *err;
  size_t errSize;
  TcPipelineStep *steps;
  size_t count, cap;
  char *nesting[kMaxNesting + 1];
  int depth;
} Parser;

static bool fail(Parser *ps, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(ps->err, ps->errSize, fmt, ap);
  va_end(ap);
  return false;
}

static void skipSpace(Parser *ps) {
  while (isspace((unsigned char)*ps->p))
    ++ps->p;
}

static bool isNameChar(char c) { return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.'; }

// Skips a balanced `{...}` group (options may nest braces and quote strings).
static bool skipOptions(Parser *ps) {
  int depth = 0;
  bool quoted = false;
  for (; *ps->p; ++ps->p) {
    char c = *ps->p;
    if (quoted) {
      quoted = c != '"';
      continue;
    }
    if (c == '"')
      quoted = true;
    else if (c == '{')
      ++depth;
    else if (c == '}' && --depth == 0) {
      ++ps->p;
      return true;
    }
  }
  return fail(ps, "unbalanced '{' in pass options");
}

static bool addStep(Parser *ps, const char *name, size_t nameLen, const char *text, size_t textLen) {
  if (ps->count == ps->cap) {
    ps->cap = ps->cap ? ps->cap * 2 : 8;
    TcPipelineStep *grown = realloc(ps->steps, ps->cap * sizeof *grown);
    if (!grown)
      tcFatal("out of memory parsing a pipeline");
    ps->steps = grown;
  }
  TcPipelineStep *s = &ps->steps[ps->count++];
  memset(s, 0, sizeof *s);
  for (int i = 0; i < ps->depth; ++i)
    s->nesting[i] = strdup(ps->nesting[i]);
  s->passName = strndup(name, nameLen);
  s->passText = strndup(text, textLen);
  const TcPassInfo *info = tcLookupPass(mlirStringRefCreate(name, nameLen));
  s->isTensorc = info != NULL;
  if (info && textLen != nameLen && !tcPassTakesOptions(info))
    return fail(ps, "tensorc pass '%s' takes no options", s->passName);
  return true;
}

static bool parsePipeline(Parser *ps);

static bool parseElement(Parser *ps) {
  skipSpace(ps);
  const char *start = ps->p;
  while (isNameChar(*ps->p))
    ++ps->p;
  size_t nameLen = (size_t)(ps->p - start);
  if (nameLen == 0)
    return fail(ps, "expected a pass or op name at '%.20s'", ps->p);
  if (*ps->p == '{' && !skipOptions(ps))
    return false;
  const char *textEnd = ps->p;
  skipSpace(ps);
  if (*ps->p != '(')
    return addStep(ps, start, nameLen, start, (size_t)(textEnd - start));
  if (textEnd != start + nameLen)
    return fail(ps, "op nesting '%.*s' cannot take options", (int)nameLen, start);
  ++ps->p;
  // A builtin.module wrapping the whole text is the root every step runs on.
  bool isRoot = ps->depth == 0 && start == ps->begin && nameLen == 14 && memcmp(start, "builtin.module", 14) == 0;
  if (!isRoot) {
    if (ps->depth == kMaxNesting)
      return fail(ps, "pipeline nests deeper than %d ops", kMaxNesting);
    ps->nesting[ps->depth++] = strndup(start, nameLen);
  }
  bool ok = parsePipeline(ps);
  if (!isRoot)
    free(ps->nesting[--ps->depth]);
  if (!ok)
    return false;
  skipSpace(ps);
  if (*ps->p != ')')
    return fail(ps, "expected ')' at '%.20s'", ps->p);
  ++ps->p;
  return true;
}

static bool parsePipeline(Parser *ps) {
  skipSpace(ps);
  if (*ps->p == ')' || *ps->p == '\0')
    return true; // an empty nesting runs nothing
  for (;;) {
    if (!parseElement(ps))
      return false;
    skipSpace(ps);
    if (*ps->p != ',')
      return true;
    ++ps->p;
  }
}

bool tcPipelineParse(const char *text, TcPipelineStep **steps, size_t *count, char *err, size_t errSize) {
  while (isspace((unsigned char)*text))
    ++text;
  Parser ps = {.begin = text, .p = text, .err = err, .errSize = errSize};
  bool ok = parsePipeline(&ps);
  skipSpace(&ps);
  if (ok && *ps.p != '\0')
    ok = fail(&ps, "unexpected '%.20s'", ps.p);
  while (ps.depth > 0)
    free(ps.nesting[--ps.depth]);
  if (ok) {
    for (size_t i = 0; i < ps.count && ok; ++i)
      if (!ps.steps[i].isTensorc && strncmp(ps.steps[i].passName, "tc-", 3) == 0)
        ok = fail(&ps, "unknown tensorc pass '%s' (tensor-opt --help lists them)", ps.steps[i].passName);
  }
  if (!ok) {
    tcPipelineDestroy(ps.steps, ps.count);
    return false;
  }
  *steps = ps.steps;
  *count = ps.count;
  return true;
}

void tcPipelineDestroy(TcPipelineStep *steps, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    for (int d = 0; steps[i].nesting[d]; ++d)
      free(steps[i].nesting[d]);
    free(steps[i].passName);
    free(steps[i].passText);
  }
  free(steps);
}

const char *tcPipelineStepFormat(const TcPipelineStep *step, char *buf, size_t size) {
  size_t used = 0;
  int depth = 0;
  buf[0] = '\0';
  for (; step->nesting[depth]; ++depth)
    used += (size_t)snprintf(buf + used, used < size ? size - used : 0, "%s(", step->nesting[depth]);
  used += (size_t)snprintf(buf + used, used < size ? size - used : 0, "%s", step->passText);
  for (int i = 0; i < depth; ++i)
    used += (size_t)snprintf(buf + used, used < size ? size - used : 0, ")");
  return buf;
}

// Adds `step` to `root`, a pass manager on builtin.module: nested as the
// text says, a tensorc pass from the registry (nested under its func.func
// anchor if the text did not nest it), an upstream pass through its own
// parser.
static bool addStepTo(MlirOpPassManager root, const TcPipelineStep *step, char *err, size_t errSize) {
  MlirOpPassManager opm = root;
  const char *innermost = "builtin.module";
  for (int d = 0; step->nesting[d]; ++d) {
    opm = mlirOpPassManagerGetNestedUnder(opm, mlirStringRefCreateFromCString(step->nesting[d]));
    innermost = step->nesting[d];
  }
  if (step->isTensorc) {
    const TcPassInfo *info = tcLookupPass(mlirStringRefCreateFromCString(step->passName));
    if (info->anchor[0] && strcmp(info->anchor, innermost) != 0) {
      if (step->nesting[0] || strcmp(info->anchor, "func.func") != 0) {
        snprintf(err, errSize, "pass '%s' runs on '%s', but is nested under '%s'", info->argument, info->anchor,
                 innermost);
        return false;
      }
      opm = mlirOpPassManagerGetNestedUnder(opm, mlirStringRefCreateFromCString(info->anchor));
    }
    const char *brace = strchr(step->passText, '{');
    MlirPass pass = brace ? tcPassCreateWithOptions(info, brace + 1, err, errSize) : info->create();
    if (!pass.ptr)
      return false;
    mlirOpPassManagerAddOwnedPass(opm, pass);
    return true;
  }
  TcFixedText text = tcFixedTextInit(err, errSize);
  return mlirLogicalResultIsSuccess(
      mlirOpPassManagerAddPipeline(opm, mlirStringRefCreateFromCString(step->passText), tcFixedTextAppend, &text));
}

MlirPassManager tcPipelineStepBuild(MlirContext ctx, const TcPipelineStep *step, char *err, size_t errSize) {
  // Anchored on builtin.module (every step runs on one), so that the printed
  // pipeline a manifest records reads `builtin.module(func.func(cse))`.
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, mlirStringRefCreateFromCString("builtin.module"));
  if (!addStepTo(mlirPassManagerGetAsOpPassManager(pm), step, err, errSize)) {
    mlirPassManagerDestroy(pm);
    return (MlirPassManager){NULL};
  }
  return pm;
}

MlirPassManager tcCreatePassManagerFromPipeline(MlirContext ctx, MlirStringRef pipeline,
                                                MlirStringCallback errorCallback, void *userData) {
  char err[1024] = "";
  char *text = strndup(pipeline.data, pipeline.length);
  TcPipelineStep *steps = NULL;
  size_t count = 0;
  MlirPassManager pm = {NULL};
  if (!text)
    tcFatal("out of memory parsing a pipeline");
  if (tcPipelineParse(text, &steps, &count, err, sizeof err)) {
    pm = mlirPassManagerCreateOnOperation(ctx, mlirStringRefCreateFromCString("builtin.module"));
    for (size_t i = 0; i < count; ++i)
      if (!addStepTo(mlirPassManagerGetAsOpPassManager(pm), &steps[i], err, sizeof err)) {
        mlirPassManagerDestroy(pm);
        pm = (MlirPassManager){NULL};
        break;
      }
    tcPipelineDestroy(steps, count);
  }
  free(text);
  if (mlirPassManagerIsNull(pm) && errorCallback)
    errorCallback(mlirStringRefCreateFromCString(err), userData);
  return pm;
}
