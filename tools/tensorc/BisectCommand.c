//===- BisectCommand.c - tensorc bisect: from "the gate failed" to a reproducer ===//
//
// tensorc bisect MODEL [--contract F] [--seed N]... [--tc-test-fault K]...
//                [--variants M] [--threads N,M] [-o DIR] [--budget S]
//
// The steps, each announced on stderr (docs/bisect.md):
//
// 1. reproduce: `tensorc compile` with the same options runs twice, without
//    the cache. A compilation that conforms does not reproduce (exit 8);
//    two runs that end differently are flaky (exit 9) and not bisected; a
//    failure other than a conformance failure is reported in its own class
//    and not bisected. The gate's report names the variant, seed and draw
//    of the worst finding; every probe below is built in that variant's
//    environment and run on its threads.
// 2. pass bisection: probe k lowers the program with the first k passes of
//    the faulted pipeline, then the remaining passes with no fault, and is
//    gated (BisectProbe.c). Probe 0 is the fault-free pipeline, probe N the
//    failing one; binary search finds adjacent k - 1 (conforms) and k (does
//    not): pass k is the one that broke the program, and the manifest
//    record it appended names what it did (its decisions, a test-fault's
//    subject and location).
//    decision bisection (BisectDecision.c): the faulted build's
//    refusable decisions, the named pass's first, are refused (tensor-opt
//    --tc-refuse) a prefix at a time until the build conforms, then the
//    decision found alone: the report names its pass, kind and subject.
// 3. op bisection: the program cut at each op in turn (the function
//    returns that op's results) is compiled with the faults and gated on
//    the same draws; the first cut that fails names the op.
// 4. reproducer: that op alone, fed with the reference evaluator's values
//    of its operands on the failing input set (tensor-ref --dump-values),
//    is compiled and gated; if it fails it is the reproducer, else the cut
//    is. DIR receives it with its inputs, the commands (reproduce.sh), and
//    report.md and report.json; the script is run from DIR and must fail
//    before the bisection reports it.
//
// --budget S stops between steps once S seconds have passed, with the
// report of what was found so far (exit 10).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Bisect.h"
#include "BisectReport.h"
#include "DriverCommands.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/Dialects.h"
#include "tensorc/Environment.h"
#include "tensorc/Parse.h"
#include "tensorc/Pipelines.h"
#include "tensorc/TestFaults.h"
#include "tensorc/Tool.h"

#include <errno.h>
#include <jansson.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *kTool = "tensorc";

double bisectElapsed(const Bisect *b) { return tcMonotonicSeconds() - b->start; }

bool bisectExpired(const Bisect *b) { return b->deadline > 0 && tcMonotonicSeconds() > b->deadline; }

void bisectProgress(const Bisect *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "tensorc bisect: [%6.2fs] ", bisectElapsed(b));
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static void workPath(const Bisect *b, const char *name, char *buf, size_t size) {
  snprintf(buf, size, "%s/%s", b->work, name);
}

//===-- 1: reproduce ----------------------------------------------------------===//

static int compileOnce(Bisect *b, int run, char *report, size_t size) {
  char self[4200], out[4300], log[4300], *argv[16 + 4 * kBisectMaxList];
  snprintf(self, sizeof self, "%s/tensorc", b->tools);
  snprintf(out, sizeof out, "%s/run%d", b->work, run);
  snprintf(log, sizeof log, "%s/run%d.log", b->work, run);
  int n = 0;
  argv[n++] = self, argv[n++] = "compile", argv[n++] = (char *)b->model, argv[n++] = "-o", argv[n++] = out;
  argv[n++] = "--no-cache", argv[n++] = "--quiet";
  if (b->contractFile)
    argv[n++] = "--contract", argv[n++] = (char *)b->contractFile;
  for (int i = 0; i < b->numSeeds; ++i)
    argv[n++] = "--seed", argv[n++] = (char *)b->seeds[i];
  if (b->variants)
    argv[n++] = "--variants", argv[n++] = (char *)b->variants;
  if (b->threads)
    argv[n++] = "--threads", argv[n++] = (char *)b->threads;
  char faults[kBisectMaxList][160];
  for (int i = 0; i < b->numFaults; ++i)
    snprintf(faults[i], sizeof faults[i], "--tc-test-fault=%s", b->faults[i]), argv[n++] = faults[i];
  argv[n] = NULL;
  int rc = bisectRun(b, argv, NULL, log, NULL);
  char stem[256];
  snprintf(stem, sizeof stem, "%s", strrchr(b->model, '/') ? strrchr(b->model, '/') + 1 : b->model);
  char *dot = strrchr(stem, '.');
  if (dot && dot != stem)
    *dot = '\0';
  snprintf(report, size, "%s/%s.conformance.json", out, stem);
  return rc;
}

// The worst finding's variant: its choices and threads, from the report.
static void readVariant(Bisect *b, json_t *report, BisectReport *r) {
  json_t *worst = json_object_get(report, "worst");
  const char *name = json_string_value(json_object_get(worst, "variant"));
  snprintf(b->variant.name, sizeof b->variant.name, "%s", name ? name : "default@1t");
  b->variant.threads = 1;
  size_t i;
  json_t *v;
  json_array_foreach(json_object_get(report, "variants"), i, v) {
    if (!name || strcmp(json_string_value(json_object_get(v, "name")) ?: "", name) != 0)
      continue;
    b->variant.threads = (int)json_integer_value(json_object_get(v, "threads")) ?: 1;
    const char *key;
    json_t *value;
    json_object_foreach(json_object_get(v, "choices"), key, value) {
      if (b->variant.numChoices >= kBisectMaxChoices || !json_is_string(value))
        continue;
      int c = b->variant.numChoices++;
      snprintf(b->variant.variables[c], sizeof b->variant.variables[c], "%s", key);
      snprintf(b->variant.values[c], sizeof b->variant.values[c], "%s", json_string_value(value));
    }
  }
  r->finding = json_incref(worst);
}

static int reproduce(Bisect *b, BisectReport *r) {
  char report[4400], report2[4400];
  int rc1 = compileOnce(b, 1, report, sizeof report);
  bisectProgress(b, "reproduce: tensorc compile run 1: %s (exit %d)", rc1 ? tcExitCodePrefix(rc1) : "conforms", rc1);
  int rc2 = compileOnce(b, 2, report2, sizeof report2);
  bisectProgress(b, "reproduce: tensorc compile run 2: %s (exit %d)", rc2 ? tcExitCodePrefix(rc2) : "conforms", rc2);
  r->runs[0] = rc1, r->runs[1] = rc2;
  if (rc1 != rc2) {
    r->outcome = "flaky";
    r->note = "the two compilations ended differently: a run-to-run disagreement is not bisected, since every probe "
              "of a bisection needs a stable verdict";
    return kBisectFlaky;
  }
  r->class = rc1 ? tcExitCodePrefix(rc1) : "none";
  if (rc1 == 0) {
    r->outcome = "does-not-reproduce";
    // What the artifact changes from the reference (a reassociated sum, f32
    // accumulation, a vector exp) is within the contract's budgets: legal,
    // however much it differs from another contract's build. No pass is
    // blamed for a difference the contract allows.
    r->note = "both compilations conform to the contract: whatever they compute differently from the reference is "
              "within its budgets (contract-legal), so no pass is blamed";
    return kBisectNotReproduced;
  }
  if (rc1 != TC_EXIT_CONFORMANCE) {
    r->outcome = "not-bisected";
    r->note = "only conformance failures are bisected (the log of the compilation says where a compile failure, a "
              "drift or a rejection came from)";
    return rc1;
  }
  json_t *doc = json_load_file(report, 0, NULL);
  if (!doc) {
    r->outcome = "incomplete";
    r->note = "the gate's report of the failing compilation cannot be read";
    return kBisectIncomplete;
  }
  readVariant(b, doc, r);
  json_decref(doc);
  bisectProgress(b, "reproduce: the worst finding is on variant %s (%d thread(s), %d forced choice(s))",
                 b->variant.name, b->variant.threads, b->variant.numChoices);
  return kBisectFound;
}

//===-- 2: pass bisection -----------------------------------------------------===//

static bool isFaultPass(const TcPipelineStep *s) { return strncmp(s->passName, "tc-test-fault-", 14) == 0; }

// "builtin.module(a,func.func(b),...)" of steps [from, to), fault passes
// left out unless `faulted`.
static char *pipelineText(const TcPipelineStep *steps, size_t from, size_t to, bool faulted) {
  size_t cap = 256, len = 0;
  char *text = malloc(cap), step[1024];
  len = (size_t)snprintf(text, cap, "builtin.module(");
  bool first = true;
  for (size_t i = from; i < to; ++i) {
    if (!faulted && isFaultPass(&steps[i]))
      continue;
    tcPipelineStepFormat(&steps[i], step, sizeof step);
    size_t need = len + strlen(step) + 4;
    if (need > cap)
      text = realloc(text, cap = 2 * need);
    len += (size_t)sprintf(text + len, "%s%s", first ? "" : ",", step);
    first = false;
  }
  if (first)
    return free(text), strdup("");
  strcat(text, ")");
  return text;
}

// Probe k: the first k steps faulted, the rest fault-free.
static int probeCut(Bisect *b, const TcPipelineStep *steps, size_t n, size_t k) {
  char name[64];
  snprintf(name, sizeof name, "pass%zu", k);
  char *prefix = k ? pipelineText(steps, 0, k, true) : pipelineText(steps, 0, n, false);
  char *suffix = k ? pipelineText(steps, k, n, false) : strdup("");
  BisectProbe p = {"program.mlir", prefix, suffix, NULL, name, k > 0, NULL};
  int rc = bisectProbe(b, &p, NULL);
  const char *verdict = rc == 0 ? "conforms" : rc == TC_EXIT_CONFORMANCE ? "does not conform" : "did not build";
  if (k == 0 || k == n)
    bisectProgress(b, "pass bisection: all %zu passes %s: %s", n, k ? "faulted" : "fault-free", verdict);
  else
    bisectProgress(b, "pass bisection: passes 1-%zu faulted, %zu-%zu fault-free: %s", k, k + 1, n, verdict);
  free(prefix);
  free(suffix);
  return rc;
}

// The location of a decision's subject ("tc_loop.nest at program.mlir:9:10"
// gives "program.mlir:9:10"), or "".
static const char *subjectLocation(json_t *d) {
  const char *subject = json_string_value(json_object_get(d, "subject")), *at = subject ? strstr(subject, " at ") : NULL;
  while (at && strstr(at + 4, " at "))
    at = strstr(at + 4, " at ");
  return at ? at + 4 : "";
}

// Whether an earlier record's decision `d` is about a location the
// culprit's test faults name: a fusion that made the nest the culprit
// broke (the op there may have been lowered further since: compare places).
static bool aboutCulpritSubject(json_t *d, json_t *culprit) {
  const char *where = subjectLocation(d);
  size_t i;
  json_t *c;
  json_array_foreach(json_object_get(culprit, "decisions"), i, c) {
    const char *what = json_string_value(json_object_get(c, "what"));
    if (where[0] && what && strcmp(what, "test-fault") == 0 && strcmp(subjectLocation(c), where) == 0)
      return true;
  }
  return false;
}

// The decisions the culprit pass recorded (its record is the last of probe
// k's prefix manifest), and the earlier fusions of the nests it broke.
static json_t *culpritRecord(Bisect *b, size_t k, json_t **context) {
  char path[4300];
  snprintf(path, sizeof path, "%s/pass%zu.prefix.json", b->work, k);
  json_t *doc = json_load_file(path, 0, NULL);
  json_t *records = json_object_get(json_array_get(json_object_get(doc, "modules"), 0), "records");
  json_t *last = json_incref(json_array_get(records, json_array_size(records) - 1)), *r, *d;
  *context = json_array();
  size_t i, j;
  json_array_foreach(records, i, r) {
    if (i + 1 >= json_array_size(records))
      break;
    json_array_foreach(json_object_get(r, "decisions"), j, d) {
      const char *what = json_string_value(json_object_get(d, "what"));
      if (what && strcmp(what, "fuse") == 0 && aboutCulpritSubject(d, last))
        json_array_append_new(*context, json_pack("{s:O, s:O, s:O, s:O}", "pass", json_object_get(r, "pass"), "what",
                                                  json_object_get(d, "what"), "subject", json_object_get(d, "subject"),
                                                  "detail", json_object_get(d, "detail")));
    }
  }
  json_decref(doc);
  return last;
}

static int bisectPasses(Bisect *b, BisectReport *r) {
  char *text = tcCreateCpuPipelineTextWithFaults(NULL, b->faults, b->numFaults);
  TcPipelineStep *steps = NULL;
  size_t n = 0;
  char err[512];
  if (!tcPipelineParse(text, &steps, &n, err, sizeof err))
    tcFatal("the CPU pipeline does not parse: %s", err);
  free(text);
  int rc = kBisectFound;
  int clean = probeCut(b, steps, n, 0), full = clean == 0 ? probeCut(b, steps, n, n) : -1;
  r->passProbes = b->probes;
  if (clean != 0) {
    r->passNote = clean == TC_EXIT_CONFORMANCE ? "the fault-free pipeline fails too: no pass of this pipeline can be "
                                                 "blamed by turning faults off (a bug outside the test faults)"
                                               : "the fault-free pipeline did not build";
  } else if (full != TC_EXIT_CONFORMANCE) {
    r->passNote = "the faulted pipeline conforms in a probe build: the failure needs something the probe does not "
                  "reproduce (another variant, a seed)";
  } else {
    size_t lo = 0, hi = n; // lo conforms, hi does not
    while (hi - lo > 1 && !bisectExpired(b)) {
      size_t mid = lo + (hi - lo) / 2;
      int v = probeCut(b, steps, n, mid);
      if (v == TC_EXIT_CONFORMANCE)
        hi = mid;
      else if (v == 0)
        lo = mid;
      else
        break;
    }
    if (hi - lo == 1) {
      r->pass = strdup(steps[hi - 1].passName);
      r->passPosition = (int)hi - 1;
      r->passAfter = hi >= 2 ? strdup(steps[hi - 2].passName) : NULL;
      r->passRecord = culpritRecord(b, hi, &r->passContext);
      bisectProgress(b, "pass bisection: pass %zu/%zu, %s, breaks the program", hi, n, r->pass);
      r->passProbes = b->probes - r->passProbes + (clean >= 0) + (full >= 0);
      char manifest[64];
      snprintf(manifest, sizeof manifest, "pass%zu.prefix.json", n); // the faulted build, probe n
      if (!bisectExpired(b))
        bisectDecisions(b, r, manifest, n, hi - 1);
      tcPipelineDestroy(steps, n);
      return rc;
    } else {
      r->passNote = bisectExpired(b) ? "the budget ran out during pass bisection" : "a probe build failed";
      rc = kBisectIncomplete;
    }
  }
  r->passProbes = b->probes - r->passProbes + (clean >= 0) + (full >= 0);
  tcPipelineDestroy(steps, n);
  return rc;
}

//===-- 3-4: op bisection and the reproducer ---------------------------------===//

static MlirModule readProgram(MlirContext ctx, const Bisect *b) {
  char path[4300];
  workPath(b, "program.mlir", path, sizeof path);
  FILE *f = fopen(path, "rb");
  if (!f)
    return (MlirModule){NULL};
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  rewind(f);
  char *text = malloc((size_t)size + 1);
  size_t got = fread(text, 1, (size_t)size, f);
  fclose(f);
  MlirModule m = tcParseSourceModule(ctx, mlirStringRefCreate(text, got), mlirStringRefCreateFromCString("program.mlir"));
  free(text);
  return m;
}

// The reference's values on the failing input set: values/input_<i>.npy
// and values/value_<op>_<result>.npy.
static int dumpValues(Bisect *b, const BisectReport *r) {
  char ref[4200], log[4300];
  snprintf(ref, sizeof ref, "%s/tensor-ref", b->tools);
  workPath(b, "values.log", log, sizeof log);
  char seed[32];
  snprintf(seed, sizeof seed, "%lld", (long long)json_integer_value(json_object_get(r->finding, "seed")));
  const char *draw = json_string_value(json_object_get(r->finding, "draw"));
  const char *fn = json_string_value(json_object_get(r->finding, "function"));
  char *argv[] = {ref, "program.mlir", "--seed", seed, "--draw", (char *)(draw ? draw : "standard"),
                  "--dump-values", "values", "--output-dir", "values", fn ? "--fn" : NULL, (char *)fn, NULL};
  mkdir(b->work, 0777);
  return bisectRun(b, argv, b->work, log, NULL);
}

static int gateCut(Bisect *b, MlirOperation module, int k, const char *name) {
  char raw[4300], stamped[300];
  snprintf(raw, sizeof raw, "%s/%s.raw.mlir", b->work, name);
  snprintf(stamped, sizeof stamped, "%s.mlir", name);
  MlirOperation cut = bisectCutAt(module, k);
  bool ok = bisectWriteModule(cut, raw);
  mlirOperationDestroy(cut);
  char rawName[300];
  snprintf(rawName, sizeof rawName, "%s.raw.mlir", name);
  if (!ok || bisectStamp(b, rawName, stamped) != 0)
    return TC_EXIT_COMPILE;
  char *pipeline = tcCreateCpuPipelineTextWithFaults(NULL, b->faults, b->numFaults);
  char *text = NULL;
  if (asprintf(&text, "%s", pipeline) < 0)
    abort();
  BisectProbe p = {stamped, text, NULL, NULL, name, true, NULL};
  int rc = bisectProbe(b, &p, NULL);
  free(pipeline);
  free(text);
  return rc;
}

bool bisectCopyFile(const char *from, const char *to) {
  FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
  char buf[65536];
  size_t n;
  bool ok = in && out;
  while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
    ok = fwrite(buf, 1, n, out) == n;
  if (in)
    fclose(in);
  if (out)
    ok = fclose(out) == 0 && ok;
  return ok;
}

// The single-op reproducer, gated on the reference's values of its
// operands; its commands go to reproduce.sh.
static int gateSingleOp(Bisect *b, MlirOperation module, int k, BisectReport *r) {
  BisectSource sources[16];
  int numSources = 0;
  MlirOperation single = bisectSingleOp(module, k, sources, 16, &numSources);
  if (mlirOperationIsNull(single))
    return TC_EXIT_COMPILE;
  char raw[4300], from[4300], to[4300];
  workPath(b, "repro.raw.mlir", raw, sizeof raw);
  bool ok = bisectWriteModule(single, raw);
  r->reproOps = bisectNumComputeOps(bisectEntryBlock(single));
  mlirOperationDestroy(single);
  if (!ok || bisectStamp(b, "repro.raw.mlir", "repro.mlir") != 0)
    return TC_EXIT_COMPILE;
  static char names[16][64];
  const char *inputs[17];
  for (int i = 0; i < numSources; ++i) {
    if (sources[i].argument >= 0)
      snprintf(to, sizeof to, "values/input_%d.npy", sources[i].argument);
    else
      snprintf(to, sizeof to, "values/value_%d_%d.npy", sources[i].op, sources[i].result);
    workPath(b, to, from, sizeof from);
    snprintf(names[i], sizeof names[i], "repro.input_%d.npy", i);
    workPath(b, names[i], to, sizeof to);
    if (!bisectCopyFile(from, to))
      return TC_EXIT_COMPILE;
    inputs[i] = names[i];
  }
  inputs[numSources] = NULL;
  r->numReproInputs = numSources;
  char *pipeline = tcCreateCpuPipelineTextWithFaults(NULL, b->faults, b->numFaults), *text = NULL, script[4300];
  if (asprintf(&text, "%s", pipeline) < 0)
    abort();
  workPath(b, "reproduce.sh", script, sizeof script);
  BisectProbe p = {"repro.mlir", text, NULL, inputs, "repro", true, NULL};
  int rc = bisectProbe(b, &p, script);
  free(pipeline);
  free(text);
  return rc;
}

static int bisectOps(Bisect *b, BisectReport *r) {
  MlirContext ctx = tcToolContextCreate();
  int rc = kBisectIncomplete;
  if (mlirLogicalResultIsFailure(tcRegisterDialects(ctx)))
    tcFatal("the dialects do not load");
  MlirModule m = readProgram(ctx, b);
  MlirBlock block = mlirModuleIsNull(m) ? (MlirBlock){NULL} : bisectEntryBlock(mlirModuleGetOperation(m));
  if (mlirBlockIsNull(block) || dumpValues(b, r) != 0) {
    r->opNote = "the program or the reference's values of it cannot be read";
    goto done;
  }
  int numOps = bisectNumOps(block), found = -1;
  for (int k = 0; k < numOps && found < 0; ++k) {
    MlirOperation op = bisectOpAt(block, k);
    if (mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), mlirStringRefCreateFromCString("tc_tensor.constant")))
      continue;
    if (bisectExpired(b)) {
      r->opNote = "the budget ran out during op bisection";
      goto done;
    }
    char name[64], what[600];
    snprintf(name, sizeof name, "cut%d", k);
    int v = gateCut(b, mlirModuleGetOperation(m), k, name);
    bisectDescribeOp(op, what, sizeof what);
    bisectProgress(b, "op bisection: the program cut after op %d (%s): %s", k, what,
                   v == 0 ? "conforms" : v == TC_EXIT_CONFORMANCE ? "does not conform" : "did not build");
    if (v == TC_EXIT_CONFORMANCE) {
      found = k;
      r->op = strdup(what);
      r->opIndex = k;
    }
  }
  if (found < 0) {
    r->opNote = "no cut of the program fails: the failure needs ops after the one it corrupts";
    goto done;
  }
  int v = bisectExpired(b) ? -1 : gateSingleOp(b, mlirModuleGetOperation(m), found, r);
  bisectProgress(b, "reproducer: the single op on the reference's values of its operands: %s",
                 v == 0 ? "conforms" : v == TC_EXIT_CONFORMANCE ? "does not conform" : v < 0 ? "not tried (budget)" : "did not build");
  if (v == TC_EXIT_CONFORMANCE) {
    r->repro = strdup("repro.mlir");
    rc = kBisectFound;
  } else {
    // The cut itself, on the gate's draws, is the reproducer.
    char script[4300], cutName[64];
    snprintf(cutName, sizeof cutName, "cut%d", found);
    char *pipeline = tcCreateCpuPipelineTextWithFaults(NULL, b->faults, b->numFaults), *text = NULL, prog[80];
    if (asprintf(&text, "%s", pipeline) < 0)
      abort();
    snprintf(prog, sizeof prog, "%s.mlir", cutName);
    workPath(b, "reproduce.sh", script, sizeof script);
    BisectProbe p = {prog, text, NULL, NULL, "repro", true, NULL};
    int w = bisectProbe(b, &p, script);
    free(pipeline);
    free(text);
    if (w == TC_EXIT_CONFORMANCE) {
      r->repro = strdup(prog);
      MlirOperation cut = bisectCutAt(mlirModuleGetOperation(m), found);
      r->reproOps = bisectNumComputeOps(bisectEntryBlock(cut));
      mlirOperationDestroy(cut);
      r->numReproInputs = 0;
      rc = kBisectFound;
    } else {
      r->opNote = "neither the single op nor the cut fails again";
    }
  }
done:
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return rc;
}

//===-- The command -----------------------------------------------------------===//

static int parseArgs(int argc, char **argv, Bisect *b) {
  for (int i = 1; i < argc; ++i) {
    const char *v;
    if (argv[i][0] != '-') {
      if (b->model)
        return tcUsageError(kTool, "bisect takes one model, got '%s' and '%s'", b->model, argv[i]);
      b->model = argv[i];
    } else if (tcMatchFlag(argc, argv, &i, "o", &v)) {
      b->outDir = v;
    } else if (tcMatchFlag(argc, argv, &i, "contract", &v)) {
      b->contractFile = v;
    } else if (tcMatchFlag(argc, argv, &i, "variants", &v)) {
      b->variants = v; // tensorc compile checks it
    } else if (tcMatchFlag(argc, argv, &i, "threads", &v)) {
      b->threads = v;
    } else if (tcMatchFlag(argc, argv, &i, "budget", &v)) {
      char *end;
      b->budget = strtod(v, &end);
      if (*end || end == v || !(b->budget > 0) || b->budget > 1e7)
        return tcUsageError(kTool, "--budget takes a number of seconds > 0, got '%s'", v);
    } else if (tcMatchFlag(argc, argv, &i, "seed", &v) && b->numSeeds < kBisectMaxList) {
      b->seeds[b->numSeeds++] = v;
    } else if (tcMatchFlag(argc, argv, &i, "tc-test-fault", &v) && b->numFaults < kBisectMaxList) {
      if (!tcTestFaultPassFind(v))
        return tcUsageError(kTool, "unknown --tc-test-fault kind '%s' (see tensor-opt --help)", v);
      b->faults[b->numFaults++] = v;
    } else {
      return tcUsageError(kTool, "unknown option '%s' for bisect", argv[i]);
    }
  }
  if (!b->model)
    return tcUsageError(kTool, "bisect needs a model (the .mlir program whose compilation failed)");
  if (!b->numSeeds)
    b->seeds[b->numSeeds++] = "1", b->seeds[b->numSeeds++] = "2";
  return TC_EXIT_SUCCESS;
}

static int setUp(Bisect *b, char *model, size_t size) {
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0)
    return tcUsageError(kTool, "cannot find the tools beside tensorc (/proc/self/exe)");
  self[n] = '\0';
  snprintf(b->tools, sizeof b->tools, "%s", dirname(self));
  if (!realpath(b->model, model))
    return tcUsageError(kTool, "cannot read '%s': %s", b->model, strerror(errno));
  (void)size;
  b->model = model;
  const char *tmp = tcEnvGet("TMPDIR");
  snprintf(b->work, sizeof b->work, "%s/tensorc-bisect.XXXXXX", tmp ? tmp : "/tmp");
  if (!mkdtemp(b->work))
    return tcUsageError(kTool, "cannot create a work directory: %s", strerror(errno));
  if (b->contractFile) {
    char to[4300];
    workPath(b, "contract.json", to, sizeof to);
    if (!bisectCopyFile(b->contractFile, to))
      return tcUsageError(kTool, "cannot read the contract '%s'", b->contractFile);
    snprintf(b->contractPath, sizeof b->contractPath, "contract.json");
  }
  if (b->outDir && mkdir(b->outDir, 0777) != 0 && errno != EEXIST)
    return tcUsageError(kTool, "cannot create '%s': %s", b->outDir, strerror(errno));
  return TC_EXIT_SUCCESS;
}

static int run(Bisect *b, BisectReport *r) {
  int rc = reproduce(b, r);
  if (rc != kBisectFound)
    return rc;
  if (bisectStamp(b, b->model, "program.mlir") != 0) {
    r->outcome = "incomplete", r->note = "the program cannot be stamped (tensor-opt --tc-stamp)";
    return kBisectIncomplete;
  }
  int passes = bisectExpired(b) ? kBisectIncomplete : bisectPasses(b, r);
  int ops = bisectExpired(b) ? kBisectIncomplete : bisectOps(b, r);
  if (!r->op && !r->opNote)
    r->opNote = "the budget ran out before op bisection";
  bool found = (r->pass || r->op) && r->repro;
  r->outcome = found && passes == kBisectFound && ops == kBisectFound ? "bisected" : "incomplete";
  if (bisectExpired(b))
    r->note = "stopped by --budget: the report holds what was found so far";
  return strcmp(r->outcome, "bisected") == 0 ? kBisectFound : kBisectIncomplete;
}

int tcDriverBisectCommand(int argc, char **argv) {
  Bisect b = {.start = tcMonotonicSeconds()};
  int rc = parseArgs(argc, argv, &b);
  if (rc)
    return rc;
  char model[PATH_MAX];
  if ((rc = setUp(&b, model, sizeof model)) != TC_EXIT_SUCCESS)
    return rc;
  if (b.budget > 0)
    b.deadline = b.start + b.budget;
  BisectReport r = {.outcome = "incomplete"};
  char defaultOut[300];
  if (!b.outDir) {
    snprintf(defaultOut, sizeof defaultOut, "bisect");
    b.outDir = defaultOut;
    mkdir(b.outDir, 0777);
  }
  bisectProgress(&b, "bisecting %s (work directory %s)", b.model, b.work);
  rc = run(&b, &r);
  r.exitCode = rc;
  r.elapsed = bisectElapsed(&b);
  rc = bisectWriteReport(&b, &r);
  if (!getenv("TC_BISECT_DEBUG_KEEP"))
    bisectRemoveWork(&b);
  bisectReportDestroy(&r);
  const char *what = rc == kBisectFound ? "bisected" : rc == kBisectNotReproduced ? "does-not-reproduce"
                     : rc == kBisectFlaky ? "flaky" : rc == kBisectIncomplete ? "bisect-incomplete"
                                                                              : tcExitCodePrefix((TcExitCode)rc);
  fprintf(stderr, "tensorc bisect: %s: %s (report in %s/report.md)\n", what, b.model, b.outDir);
  return rc;
}
