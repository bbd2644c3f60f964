//===- Dynamic.c - the gate on a function with dynamic dimensions ----------===//
//
// One artifact runs on every size its program admits (docs/dynamic-shapes.md),
// so the gate checks several (docs/conformance.md §2.5). Each `?` of an
// argument is a size symbol, named by its position (`in0.d0`).
//
// Accepted sizes. The gate draws the tied sizes 1, 13 (a prime: no vector
// width or tile divides it), 16 and 17 (both sides of the compiler's
// guarded choice "M <= 16: the panel gemm, else BLIS" where M is a size
// symbol, and a size every vector width divides against one with a tail),
// and the largest L whose inputs, every symbol at L, hold at most
// CONF_DYNAMIC_ELEMENTS elements together (L >= 1); each once, those above
// L left out. A threshold on threads (the product of a nest's run-time
// bounds) is met between 1 and L when L's work reaches it; the gate does
// not learn the compiler's thresholds from the artifact. Every
// symbol takes the same value, so a draw meets every `equal-dims` the program
// has; each tied draw is judged as a static program is, on every seed and
// kind of draw. Inputs are drawn as tensor-ref --seed draws a static
// argument of that shape (tcRefDrawInputsAtShapes).
//
// Shapes off by one. At each tied size s, each symbol in turn is drawn s + 1,
// the others s (first seed, standard draw); at the smallest size each input
// that has a static dimension also gets its first one off by one. The
// reference decides: where it accepts, the draw is judged like the tied ones
// (the symbol is free); where it names a violated constraint, every variant
// must return that constraint's code (§2 of docs/dynamic-shapes.md) from its
// shape function and its entry point, and leave every output as it was
// given. A tied draw the reference rejects (a reshape count that 13 does not
// meet) is checked the same way. The gate learns which dims are tied from
// the reference alone, never from the artifact.
//
// The codes are written here a second time, not taken from the runtime's
// header: the gate shares no ABI table with what it checks.
//
//===----------------------------------------------------------------------===//
#include "ConformanceInternal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name;
  int32_t code;
} kConstraints[] = {
    {"arg-shape", 1},     {"equal-dims", 2},    {"broadcast", 3},  {"reshape-count", 4},
    {"window-fits", 5},   {"nonempty-axis", 6}, {"size-limit", 7}, {"assumed-bound", 8},
};

static int32_t codeOf(const char *constraint) {
  for (size_t i = 0; i < sizeof kConstraints / sizeof kConstraints[0]; ++i)
    if (strcmp(kConstraints[i].name, constraint) == 0)
      return kConstraints[i].code;
  return -1;
}

bool tcConfConstraintOf(const char *message, char *kind, size_t size) {
  static const char kPrefix[] = "shape constraint '";
  const char *p = strstr(message, kPrefix), *end = p ? strchr(p + sizeof kPrefix - 1, '\'') : NULL;
  if (!end || !strstr(end, "' violated"))
    return false;
  p += sizeof kPrefix - 1;
  snprintf(kind, size, "%.*s", (int)(end - p), p);
  return true;
}

//===-- The program's types --------------------------------------------------===//

static MlirType functionType(MlirOperation func) {
  return mlirTypeAttrGetValue(mlirOperationGetInherentAttributeByName(func, mlirStringRefCreateFromCString(
                                                                                "function_type")));
}

static bool isDynamicType(MlirType t) { return mlirTypeIsARankedTensor(t) && !mlirShapedTypeHasStaticShape(t); }

bool tcConfFunctionIsDynamic(MlirOperation func) {
  MlirType ft = functionType(func);
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(ft); ++i)
    if (isDynamicType(mlirFunctionTypeGetInput(ft, i)))
      return true;
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumResults(ft); ++i)
    if (isDynamicType(mlirFunctionTypeGetResult(ft, i)))
      return true;
  return false;
}

// A buffer of `t`'s dtype and rank whose dims are its sizes, -1 for a `?`.
static bool declaredOf(MlirType t, ConfBuffer *b) {
  *b = (ConfBuffer){0};
  if (!mlirTypeIsARankedTensor(t) || !tcRefDtypeFromType(mlirShapedTypeGetElementType(t), &b->dtype) ||
      mlirShapedTypeGetRank(t) > TC_REF_MAX_RANK)
    return false;
  b->rank = mlirShapedTypeGetRank(t);
  for (intptr_t d = 0; d < b->rank; ++d)
    b->dims[d] = mlirShapedTypeIsDynamicDim(t, d) ? -1 : mlirShapedTypeGetDimSize(t, d);
  return true;
}

//===-- Sizes ------------------------------------------------------------------===//

typedef struct Dyn {
  ConfBuffer *ins, *outs;
  intptr_t numIns, numOuts;
  int64_t *shapes;        ///< numIns x TC_REF_MAX_RANK: this draw's input shapes
  const int64_t **rows;   ///< shapes by input
  intptr_t numSymbols;
  intptr_t *symArg, *symDim;
} Dyn;

// The inputs' total elements with every `?` at `value` (saturating).
static double inputElements(const Dyn *d, int64_t value) {
  double total = 0;
  for (intptr_t i = 0; i < d->numIns; ++i) {
    double n = 1;
    for (intptr_t k = 0; k < d->ins[i].rank; ++k)
      n *= (double)(d->ins[i].dims[k] < 0 ? value : d->ins[i].dims[k]);
    total += n;
  }
  return total;
}

// The largest L >= 1 whose tied inputs fit in CONF_DYNAMIC_ELEMENTS.
static int64_t largestSize(const Dyn *d) {
  if (d->numSymbols == 0 || inputElements(d, 1) > CONF_DYNAMIC_ELEMENTS)
    return 1;
  int64_t lo = 1, hi = 2;
  while (hi < ((int64_t)1 << 40) && inputElements(d, hi) <= CONF_DYNAMIC_ELEMENTS)
    lo = hi, hi *= 2;
  while (hi - lo > 1) { // elements(lo) fits, elements(hi) does not
    int64_t mid = lo + (hi - lo) / 2;
    if (inputElements(d, mid) <= CONF_DYNAMIC_ELEMENTS)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// 1, 13, 16, 17 and L, ascending, each once (those above L left out).
static size_t drawnSizes(int64_t largest, int64_t *sizes) {
  static const int64_t kFixed[] = {1, 13, 16, 17};
  size_t n = 0;
  for (size_t i = 0; i < sizeof kFixed / sizeof kFixed[0] && kFixed[i] <= largest; ++i)
    sizes[n++] = kFixed[i];
  if (n == 0 || sizes[n - 1] < largest)
    sizes[n++] = largest;
  return n;
}

// Every symbol at values[k]; input `brokenArg`'s first static dim one more.
static void setShapes(Dyn *d, const int64_t *values, intptr_t brokenArg) {
  for (intptr_t i = 0; i < d->numIns; ++i)
    for (intptr_t k = 0; k < d->ins[i].rank; ++k)
      d->shapes[i * TC_REF_MAX_RANK + k] = d->ins[i].dims[k];
  for (intptr_t s = 0; s < d->numSymbols; ++s)
    d->shapes[d->symArg[s] * TC_REF_MAX_RANK + d->symDim[s]] = values[s];
  for (intptr_t k = 0; brokenArg >= 0 && k < d->ins[brokenArg].rank; ++k)
    if (d->ins[brokenArg].dims[k] >= 0) {
      d->shapes[brokenArg * TC_REF_MAX_RANK + k] += 1;
      break;
    }
}

// The report's name of this draw: every symbol's value, and a static dim
// drawn off its declared size.
static json_t *sizesJson(const Dyn *d) {
  json_t *sizes = json_object();
  for (intptr_t i = 0; i < d->numIns; ++i)
    for (intptr_t k = 0; k < d->ins[i].rank; ++k) {
      int64_t v = d->shapes[i * TC_REF_MAX_RANK + k];
      if (d->ins[i].dims[k] < 0 || d->ins[i].dims[k] != v) {
        char name[48];
        snprintf(name, sizeof name, "in%ld.d%ld", (long)i, (long)k);
        json_object_set_new(sizes, name, json_integer((json_int_t)v));
      }
    }
  return sizes;
}

//===-- One shape ----------------------------------------------------------------===//

// Checks the current shapes: every input set (tied), or the first seed's
// standard draw (a shape off by one).
static int checkShape(ConfGate *g, MlirOperation func, const char *name, Dyn *d, bool tied, json_t *errors) {
  ConfShapes sh = {d->ins, d->outs, d->numIns, d->numOuts, d->rows, sizesJson(d)};
  g->sizes = sh.sizes;
  tcConfProgress(g, "@%s: sizes %s", name, tied ? "tied" : "off by one");
  int rc = tied ? tcConfCheckInputSets(g, func, name, &sh, errors)
                : tcConfCheckSeed(g, func, name, (int64_t)g->o->seeds[0], TC_REF_DRAW_STANDARD, &sh, errors);
  g->sizes = NULL;
  json_decref(sh.sizes);
  return rc;
}

static bool makeDyn(MlirOperation func, Dyn *d) {
  MlirType ft = functionType(func);
  d->numIns = mlirFunctionTypeGetNumInputs(ft);
  d->numOuts = mlirFunctionTypeGetNumResults(ft);
  d->ins = calloc((size_t)d->numIns + 1, sizeof *d->ins);
  d->outs = calloc((size_t)d->numOuts + 1, sizeof *d->outs);
  d->shapes = calloc((size_t)(d->numIns + 1) * TC_REF_MAX_RANK, sizeof *d->shapes);
  d->rows = calloc((size_t)d->numIns + 1, sizeof *d->rows);
  d->symArg = calloc((size_t)(d->numIns + 1) * TC_REF_MAX_RANK, sizeof *d->symArg);
  d->symDim = calloc((size_t)(d->numIns + 1) * TC_REF_MAX_RANK, sizeof *d->symDim);
  bool ok = true;
  for (intptr_t i = 0; i < d->numIns; ++i) {
    ok &= declaredOf(mlirFunctionTypeGetInput(ft, i), &d->ins[i]);
    d->rows[i] = d->shapes + i * TC_REF_MAX_RANK;
    for (intptr_t k = 0; k < d->ins[i].rank; ++k)
      if (d->ins[i].dims[k] < 0) {
        d->symArg[d->numSymbols] = i;
        d->symDim[d->numSymbols++] = k;
      }
  }
  for (intptr_t i = 0; i < d->numOuts; ++i)
    ok &= declaredOf(mlirFunctionTypeGetResult(ft, i), &d->outs[i]);
  return ok;
}

static void freeDyn(Dyn *d) {
  free(d->ins);
  free(d->outs);
  free(d->shapes);
  free(d->rows);
  free(d->symArg);
  free(d->symDim);
}

// One size s: tied, then each symbol off by one, then (at the smallest
// size) each input's first static dim off by one.
static int checkSize(ConfGate *g, MlirOperation func, const char *name, Dyn *d, int64_t s, bool smallest,
                     json_t *errors) {
  int64_t *values = calloc((size_t)d->numSymbols + 1, sizeof *values);
  for (intptr_t k = 0; k < d->numSymbols; ++k)
    values[k] = s;
  setShapes(d, values, -1);
  int rc = checkShape(g, func, name, d, true, errors);
  for (intptr_t k = 0; rc == TC_EXIT_SUCCESS && k < d->numSymbols; ++k) {
    values[k] = s + 1;
    setShapes(d, values, -1);
    rc = checkShape(g, func, name, d, false, errors);
    values[k] = s;
  }
  for (intptr_t i = 0; smallest && rc == TC_EXIT_SUCCESS && i < d->numIns; ++i) {
    bool hasStatic = false;
    for (intptr_t k = 0; k < d->ins[i].rank; ++k)
      hasStatic |= d->ins[i].dims[k] >= 0;
    if (!hasStatic)
      continue;
    setShapes(d, values, i);
    rc = checkShape(g, func, name, d, false, errors);
  }
  free(values);
  return rc;
}

int tcConfCheckDynamic(ConfGate *g, MlirOperation func, const char *name, json_t *dynamic, json_t *errors) {
  Dyn d = {0};
  if (!makeDyn(func, &d)) {
    freeDyn(&d);
    json_array_append_new(errors, json_sprintf("@%s: a result is not a ranked tensor of a supported dtype", name));
    return TC_EXIT_STRUCTURAL;
  }
  int64_t sizes[5];
  size_t numSizes = d.numSymbols ? drawnSizes(largestSize(&d), sizes) : 1;
  if (!d.numSymbols)
    sizes[0] = 1;
  json_t *symbols = json_array(), *list = json_array();
  for (intptr_t k = 0; k < d.numSymbols; ++k)
    json_array_append_new(symbols, json_sprintf("in%ld.d%ld", (long)d.symArg[k], (long)d.symDim[k]));
  for (size_t i = 0; i < numSizes; ++i)
    json_array_append_new(list, json_integer((json_int_t)sizes[i]));
  json_object_set_new(dynamic, "symbols", symbols);
  json_object_set_new(dynamic, "sizes", list);
  json_object_set_new(dynamic, "element_budget", json_integer(CONF_DYNAMIC_ELEMENTS));
  int rc = TC_EXIT_SUCCESS;
  for (size_t i = 0; i < numSizes && rc == TC_EXIT_SUCCESS; ++i)
    rc = checkSize(g, func, name, &d, sizes[i], i == 0, errors);
  freeDyn(&d);
  return rc;
}

//===-- A rejected shape ---------------------------------------------------------===//

// Room for each output of a rejected call: every `?` as large as the
// largest input dim, so an entry point that writes anyway writes inside it.
static void roomOutputs(const ConfShapes *sh, const ConfBuffer *inputs, ConfBuffer *outs) {
  int64_t largest = 1;
  for (intptr_t i = 0; i < sh->numInputs; ++i)
    for (intptr_t k = 0; k < inputs[i].rank; ++k)
      largest = inputs[i].dims[k] > largest ? inputs[i].dims[k] : largest;
  for (intptr_t i = 0; i < sh->numOutputs; ++i) {
    outs[i] = (ConfBuffer){.dtype = sh->declaredOutputs[i].dtype, .rank = sh->declaredOutputs[i].rank, .numel = 1};
    for (intptr_t k = 0; k < outs[i].rank; ++k) {
      outs[i].dims[k] = sh->declaredOutputs[i].dims[k] < 0 ? largest : sh->declaredOutputs[i].dims[k];
      outs[i].numel *= outs[i].dims[k];
    }
  }
}

// The outputs whose bytes are not all `poison` any more.
static json_t *writtenOutputs(const ConfRun *run) {
  json_t *list = json_array();
  for (size_t i = 0; i < run->numOutputs; ++i) {
    const unsigned char *p = run->outputs[i].data;
    for (size_t b = 0; b < run->outputs[i].bytes; ++b)
      if (p[b] != run->poison) {
        json_array_append_new(list, json_integer((json_int_t)i));
        break;
      }
  }
  return list;
}

static void rejectVariant(ConfGate *g, const TcConfVariant *v, const char *name, int64_t seed, TcRefDraw draw,
                          const ConfShapes *sh, const ConfBuffer *inputs, const char *constraint) {
  ConfBuffer *outs = calloc((size_t)sh->numOutputs + 1, sizeof *outs);
  roomOutputs(sh, inputs, outs);
  ConfRun run = {.artifact = v->artifact, .function = name, .threads = v->threads, .inputs = inputs,
                 .numInputs = (size_t)sh->numInputs, .outputs = outs, .numOutputs = (size_t)sh->numOutputs,
                 .poison = 0xA5, .timeoutSeconds = g->o->timeoutSeconds, .declaredInputs = sh->declaredInputs,
                 .declaredOutputs = sh->declaredOutputs, .expectAccept = false};
  double t0 = tcConfNow();
  ConfRunStatus status = tcConfRunAllocOutputs(&run) ? tcConfRunEntryPoint(&run) : CONF_RUN_CRASHED;
  tcConfTimed(g, name, seed, draw, "run", v->name, tcConfNow() - t0);
  int32_t expected = codeOf(constraint);
  json_t *check = tcConfWhere(name, seed, draw, v);
  json_object_set_new(check, "kind", json_string("rejected-shape"));
  json_object_set_new(check, "constraint", json_string(constraint));
  json_object_set_new(check, "expected_code", json_integer(expected));
  bool bad = status != CONF_RUN_OK;
  if (bad) {
    json_object_set_new(check, "status", json_string(tcConfRunStatusName(status)));
    json_object_set_new(check, "message", json_string(run.message));
  } else {
    json_t *written = writtenOutputs(&run);
    bad = run.shapesCode != expected || run.callCode != expected || json_array_size(written) > 0;
    json_object_set_new(check, "shapes_code", json_integer(run.shapesCode));
    json_object_set_new(check, "code", json_integer(run.callCode));
    json_object_set_new(check, "outputs_written", written);
  }
  TcConfSeverity severity = bad ? TC_CONF_CRITICAL : TC_CONF_NONE;
  json_object_set_new(check, "severity", json_string(tcConfSeverityName(severity)));
  tcConfAddCheck(g, check, severity, bad ? INFINITY : 0);
  tcConfRunFreeOutputs(&run);
  free(outs);
}

void tcConfCheckRejected(ConfGate *g, MlirOperation func, const char *name, int64_t seed, TcRefDraw draw,
                         const ConfShapes *shapes, const ConfBuffer *inputs, const char *constraint) {
  (void)func;
  const TcConfOptions *o = g->o;
  bool first = seed == (int64_t)o->seeds[0] && draw == TC_REF_DRAW_STANDARD;
  for (size_t vi = 0; vi < o->numVariants; ++vi)
    if (!o->variants[vi].firstOnly || first)
      rejectVariant(g, &o->variants[vi], name, seed, draw, shapes, inputs, constraint);
  tcConfProgress(g, "@%s seed %lld draw %s: the reference rejects the shapes ('%s')", name, (long long)seed,
                 tcRefDrawName(draw), constraint);
}
