//===- CommandLine.c - the flag syntax every tensorc tool accepts ----------===//
//
// Flags are spelt as in LLVM's tools: one or two dashes, a value after `=` or
// as the next argument. Usage errors are one line naming the tool, then the
// failure-class line every tool ends with.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Tool.h"

#include <stdarg.h>
#include <string.h>
#include <time.h>

bool tcMatchFlag(int argc, char **argv, int *i, const char *name, const char **value) {
  const char *a = argv[*i];
  if (a[0] != '-')
    return false;
  a += a[1] == '-' ? 2 : 1;
  size_t n = strlen(name);
  if (strncmp(a, name, n) != 0)
    return false;
  if (!value)
    return a[n] == '\0';
  if (a[n] == '=') {
    *value = a + n + 1;
    return true;
  }
  if (a[n] != '\0' || *i + 1 >= argc)
    return false;
  *value = argv[++*i];
  return true;
}

int tcUsageError(const char *tool, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: ", tool);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n%s: %s: see '%s --help'\n", tool, tcExitCodePrefix(TC_EXIT_USAGE), tool);
  va_end(ap);
  return TC_EXIT_USAGE;
}

double tcMonotonicSeconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
