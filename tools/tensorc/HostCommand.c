//===- HostCommand.c - tensorc host: what code is compiled for -------------===//
//
// tensorc host          the choices lib/Host makes on this machine under the
//                       current environment (each forcible, docs/environment.md)
// tensorc host --list   the CPU names TC_TARGET_CPU accepts
// tensorc host --env    every environment variable tensorc reads, what it
//                       can change, and its value here
//
// A bad TC_* value is a usage error (exit 1), as in every compiler tool.
//
//===----------------------------------------------------------------------===//
#include "DriverCommands.h"

#include "tensorc/Diagnostics.h"
#include "tensorc/Environment.h"
#include "tensorc/HostTarget.h"
#include "tensorc/Tool.h"

#include <stdio.h>
#include <string.h>

static const char kTool[] = "tensorc";

static int listCpus(void) {
  for (int i = 0; tcHostKnownCpu(i); ++i)
    printf("%s\n", tcHostKnownCpu(i));
  return TC_EXIT_SUCCESS;
}

static int listEnvironment(void) {
  size_t n;
  const TcEnvVar *vars = tcEnvVars(&n);
  for (size_t i = 0; i < n; ++i) {
    const char *v = tcEnvGet(vars[i].name);
    printf("%-22s %-8s %s\n  %s\n", vars[i].name, tcEnvEffectGetName(vars[i].effect), v ? v : "(unset)",
           vars[i].meaning);
  }
  return TC_EXIT_SUCCESS;
}

int tcDriverHostCommand(int argc, char **argv) {
  if (argc > 2)
    return tcUsageError(kTool, "takes at most one option (--list or --env)");
  if (argc == 2 && strcmp(argv[1], "--list") == 0)
    return listCpus();
  if (argc == 2 && strcmp(argv[1], "--env") == 0)
    return listEnvironment();
  if (argc == 2)
    return tcUsageError(kTool, "unknown option '%s' (--list or --env)", argv[1]);
  TcHostTarget t;
  char err[256], text[1024];
  if (!tcHostTargetResolve(&t, err, sizeof err))
    return tcUsageError(kTool, "%s", err);
  tcHostTargetDescribe(&t, text, sizeof text);
  // One choice per line: "cpu sapphirerapids (this machine's)".
  for (char *part = text, *end; part; part = end ? end + 2 : NULL) {
    end = strstr(part, "; ");
    printf("%.*s\n", end ? (int)(end - part) : (int)strlen(part), part);
  }
  return TC_EXIT_SUCCESS;
}
