//===- DiffCommand.c - tensorc diff: why two artifacts differ --------------===//
//
// tensorc diff A.manifest.json B.manifest.json [--json]
//
// A thin driver over tcManifestDiff (lib/Manifest/ManifestDiff.c): reads two
// manifests (the .manifest.json beside an artifact, or any tool's
// --manifest-out) and prints what differs between them, identity, contract,
// toolchain pins, invocation, emission and the records pass by pass, for
// people or, with --json, as the diff document. Exit codes
// (docs/exit-codes.md): 0 when both were compared, whether or not they
// differ (the output says); 1 for a bad command line or a file that is not
// a manifest.
//
//===----------------------------------------------------------------------===//
#include "DriverCommands.h"

#include "tensorc/Manifest.h"
#include "tensorc/Tool.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kTool = "tensorc";

static json_t *loadManifest(const char *path, int *rc) {
  json_error_t error;
  json_t *doc = json_load_file(path, JSON_REJECT_DUPLICATES, &error);
  if (!doc)
    *rc = tcUsageError(kTool, "%s:%d:%d: %s", path, error.line, error.column, error.text);
  return doc;
}

int tcDriverDiffCommand(int argc, char **argv) {
  const char *paths[2] = {NULL, NULL};
  bool asJson = false;
  int n = 0;
  for (int i = 1; i < argc; ++i) {
    if (tcMatchFlag(argc, argv, &i, "json", NULL))
      asJson = true;
    else if (argv[i][0] == '-' && argv[i][1])
      return tcUsageError(kTool, "unknown option '%s' for diff", argv[i]);
    else if (n < 2)
      paths[n++] = argv[i];
    else
      return tcUsageError(kTool, "diff takes two manifests, got a third: '%s'", argv[i]);
  }
  if (n != 2)
    return tcUsageError(kTool, "diff needs two manifests: tensorc diff A.manifest.json B.manifest.json [--json]");
  int rc = TC_EXIT_SUCCESS;
  json_t *a = loadManifest(paths[0], &rc), *b = a ? loadManifest(paths[1], &rc) : NULL;
  char err[256];
  json_t *diff = a && b ? tcManifestDiff(a, b, err, sizeof err) : NULL;
  if (a && b && !diff)
    rc = tcUsageError(kTool, "%s", err);
  if (diff && asJson) {
    char *text = json_dumps(diff, JSON_SORT_KEYS | JSON_INDENT(2));
    printf("%s\n", text);
    free(text);
  } else if (diff) {
    printf("A: %s\nB: %s\n", paths[0], paths[1]);
    tcManifestDiffPrint(diff, stdout);
  }
  json_decref(diff);
  json_decref(a);
  json_decref(b);
  return rc;
}
