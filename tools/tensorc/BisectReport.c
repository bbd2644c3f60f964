//===- BisectReport.c - tensorc bisect's report and reproducer directory ----===//
//
// DIR receives report.json (format tensorc-bisect/1: the outcome, the
// failure class, both runs, the gate's worst finding, the pass and the
// decisions its record holds, the op, the reproducer), report.md (the same
// in one paragraph), program.mlir (the stamped program whose locations the
// report names), and, when a reproducer was found, its program, its
// inputs and reproduce.sh. The script is run from DIR before the report is
// written: reproducer.check in the report is its exit code, 5 while the
// miscompile persists.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "BisectReport.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/Tool.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool isTestFault(json_t *d) {
  const char *what = json_string_value(json_object_get(d, "what"));
  return what && strcmp(what, "test-fault") == 0;
}

// The decisions the report shows: the test-fault ones if the record has
// any (a fault says what it broke), else the first five.
static json_t *shownDecisions(const BisectReport *r) {
  json_t *all = json_object_get(r->passRecord, "decisions"), *shown = json_array(), *d;
  size_t i;
  json_array_foreach(all, i, d) if (isTestFault(d)) json_array_append(shown, d);
  if (json_array_size(shown) == 0)
    json_array_foreach(all, i, d) if (i < 5) json_array_append(shown, d);
  return shown;
}

static json_t *stringOrNull(const char *s) { return s ? json_string(s) : json_null(); }

static json_t *reportJson(const Bisect *b, const BisectReport *r) {
  json_t *faults = json_array(), *seeds = json_array(), *choices = json_object();
  for (int i = 0; i < b->numFaults; ++i)
    json_array_append_new(faults, json_string(b->faults[i]));
  for (int i = 0; i < b->numSeeds; ++i)
    json_array_append_new(seeds, json_string(b->seeds[i]));
  for (int i = 0; i < b->variant.numChoices; ++i)
    json_object_set_new(choices, b->variant.variables[i], json_string(b->variant.values[i]));
  json_t *pass = r->pass ? json_pack("{s:s, s:i, s:o, s:o, s:O, s:i}", "name", r->pass, "position", r->passPosition,
                                     "after", stringOrNull(r->passAfter), "decisions", shownDecisions(r), "fusions",
                                     r->passContext ? r->passContext : json_array(), "probes", r->passProbes)
                         : json_pack("{s:o}", "note", stringOrNull(r->passNote));
  json_t *decision = r->decision ? json_incref(r->decision)
                                 : json_pack("{s:o}", "note", stringOrNull(r->decisionNote));
  if (r->decision || r->decisionNote)
    json_object_set_new(decision, "candidates", json_integer(r->decisionCandidates)),
        json_object_set_new(decision, "probes", json_integer(r->decisionProbes));
  json_t *op = r->op ? json_pack("{s:s, s:i}", "subject", r->op, "index", r->opIndex)
                     : json_pack("{s:o}", "note", stringOrNull(r->opNote));
  json_t *repro = r->repro ? json_pack("{s:s, s:i, s:i, s:s, s:i}", "program", r->repro, "ops", r->reproOps,
                                       "inputs", r->numReproInputs, "command", "sh reproduce.sh", "check",
                                       r->reproCheck)
                           : json_null();
  return json_pack("{s:s, s:s, s:s, s:o, s:s, s:o, s:o, s:o, s:[i,i], s:o, s:{s:s, s:i, s:o}, s:o, s:o, s:o, s:i, "
                   "s:f, s:o, s:o}",
                   "format", "tensorc-bisect/1", "model", b->model, "outcome", r->outcome, "class",
                   stringOrNull(r->class), "contract", b->contractFile ? "contract.json" : "default", "faults",
                   faults, "seeds", seeds, "note", stringOrNull(r->note), "runs", r->runs[0], r->runs[1], "finding",
                   r->finding ? json_incref(r->finding) : json_null(), "variant", "name", b->variant.name,
                   "threads", b->variant.threads, "choices", choices, "pass", pass, "op", op, "reproducer", repro,
                   "exit_code", r->exitCode, "seconds", r->elapsed, "probes", json_integer(b->probes), "decision",
                   decision);
}

static void writeMarkdown(const Bisect *b, const BisectReport *r, FILE *f) {
  fprintf(f, "# tensorc bisect: %s\n\n", r->outcome);
  fprintf(f, "`tensorc bisect %s", b->model);
  if (b->contractFile)
    fprintf(f, " --contract %s", b->contractFile);
  for (int i = 0; i < b->numFaults; ++i)
    fprintf(f, " --tc-test-fault=%s", b->faults[i]);
  fprintf(f, "` ran `tensorc compile` twice with the same options: exit %d, then %d (%s). ", r->runs[0], r->runs[1],
          r->class ? r->class : "the runs disagree: flaky");
  if (r->finding)
    fprintf(f, "The gate's worst finding was on @%s, seed %lld, draw %s, variant %s. ",
            json_string_value(json_object_get(r->finding, "function")),
            (long long)json_integer_value(json_object_get(r->finding, "seed")),
            json_string_value(json_object_get(r->finding, "draw")), b->variant.name);
  if (r->pass) {
    fprintf(f, "Pass bisection: the program conforms with passes 1-%d faulted and the rest fault-free, and stops "
               "conforming once pass %d, `%s`%s%s%s, runs faulted",
            r->passPosition, r->passPosition + 1, r->pass, r->passAfter ? " (after `" : "",
            r->passAfter ? r->passAfter : "", r->passAfter ? "`)" : "");
    json_t *shown = shownDecisions(r), *d;
    size_t i;
    json_array_foreach(shown, i, d)
        fprintf(f, "%s %s on %s: %s", i ? ";" : "; its record says:", json_string_value(json_object_get(d, "what")),
                json_string_value(json_object_get(d, "subject")), json_string_value(json_object_get(d, "detail")));
    json_decref(shown);
    json_array_foreach(r->passContext, i, d)
        fprintf(f, "%s %s (%s) fused %s: %s", i ? ";" : "; earlier,", json_string_value(json_object_get(d, "subject")),
                json_string_value(json_object_get(d, "pass")), "it", json_string_value(json_object_get(d, "detail")));
    fprintf(f, ". ");
  } else if (r->passNote) {
    fprintf(f, "Pass bisection named no pass: %s. ", r->passNote);
  }
  if (r->decision) {
    bool alone = json_is_true(json_object_get(r->decision, "alone"));
    fprintf(f, "Decision bisection: the build conforms %s %s's `%s` decision on %s (%s) refused",
            alone ? "with one decision," : "only with the decisions before it refused too, up to",
            json_string_value(json_object_get(r->decision, "pass")), json_string_value(json_object_get(r->decision, "what")),
            json_string_value(json_object_get(r->decision, "subject")),
            json_string_value(json_object_get(r->decision, "detail")));
    fprintf(f, " (`tensor-opt --tc-refuse='%s'`; %d refusable decision(s), %d probe(s)). ",
            json_string_value(json_object_get(r->decision, "refuse")), r->decisionCandidates, r->decisionProbes);
  } else if (r->decisionNote) {
    fprintf(f, "Decision bisection named no decision: %s. ", r->decisionNote);
  }
  if (r->op)
    fprintf(f, "Op bisection: the program cut after %s is the first cut that fails. ", r->op);
  else if (r->opNote)
    fprintf(f, "Op bisection named no op: %s. ", r->opNote);
  if (r->repro)
    fprintf(f, "Reproducer: `%s` (%d op(s) besides constants and the return, %d input file(s)); `sh reproduce.sh` in this directory "
               "exited %d (%s). ",
            r->repro, r->reproOps, r->numReproInputs, r->reproCheck,
            r->reproCheck ? tcExitCodePrefix((TcExitCode)r->reproCheck) : "it conforms: the reproducer does not fail");
  if (r->note)
    fprintf(f, "Note: %s. ", r->note);
  fprintf(f, "%d probe build(s), %.1f s.\n", b->probes, r->elapsed);
}

static bool copyInto(const Bisect *b, const char *name) {
  char from[4300], to[4300];
  snprintf(from, sizeof from, "%s/%s", b->work, name);
  snprintf(to, sizeof to, "%s/%s", b->outDir, name);
  return bisectCopyFile(from, to);
}

static void copyReproducer(Bisect *b, BisectReport *r) {
  bool ok = copyInto(b, r->repro) && copyInto(b, "reproduce.sh");
  char name[64], path[4300];
  for (int i = 0; ok && i < r->numReproInputs; ++i)
    snprintf(name, sizeof name, "repro.input_%d.npy", i), ok = copyInto(b, name);
  if (ok && b->contractPath[0])
    ok = copyInto(b, "contract.json");
  snprintf(path, sizeof path, "%s/reproduce.sh", b->outDir);
  char log[4300], *argv[] = {"/bin/sh", path, NULL};
  snprintf(log, sizeof log, "%s/reproduce.log", b->outDir);
  unlink(log);
  r->reproCheck = ok ? bisectRun(b, argv, NULL, log, NULL) : 127;
  bisectProgress(b, "reproducer: sh %s exits %d (%s)", path, r->reproCheck,
                 r->reproCheck ? tcExitCodePrefix((TcExitCode)r->reproCheck) : "conforms");
}

int bisectWriteReport(Bisect *b, BisectReport *r) {
  char path[4300];
  copyInto(b, "program.mlir");
  if (r->repro)
    copyReproducer(b, r);
  if (r->repro && r->reproCheck != 5 && r->exitCode == kBisectFound) {
    r->outcome = "incomplete", r->note = "the reproducer did not fail again when run from the output directory";
    r->exitCode = kBisectIncomplete;
  }
  json_t *doc = reportJson(b, r);
  snprintf(path, sizeof path, "%s/report.json", b->outDir);
  int rc = json_dump_file(doc, path, JSON_SORT_KEYS | JSON_INDENT(2)) == 0 ? TC_EXIT_SUCCESS : TC_EXIT_USAGE;
  json_decref(doc);
  snprintf(path, sizeof path, "%s/report.md", b->outDir);
  FILE *f = fopen(path, "w");
  if (!f)
    return tcUsageError("tensorc", "cannot write '%s'", path);
  writeMarkdown(b, r, f);
  if (fclose(f) != 0 || rc != TC_EXIT_SUCCESS)
    return tcUsageError("tensorc", "cannot write the report into '%s'", b->outDir);
  return r->exitCode;
}

// The work directory holds files and the two runs' output directories.
static void removeTree(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char path[4400];
  while (d && (e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
      snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
      if (e->d_type == DT_DIR)
        removeTree(path);
      else
        unlink(path);
    }
  if (d)
    closedir(d);
  rmdir(dir);
}

void bisectRemoveWork(const Bisect *b) { removeTree(b->work); }

void bisectReportDestroy(BisectReport *r) {
  json_decref(r->finding);
  json_decref(r->passRecord);
  json_decref(r->passContext);
  json_decref(r->decision);
  free(r->decisionNote);
  free(r->pass);
  free(r->passAfter);
  free(r->op);
  free(r->repro);
}
