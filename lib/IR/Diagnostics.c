//===- Diagnostics.c - printf-style located diagnostics --------------------===//
//
// The one helper family through which tensorc code reports user errors. A
// message is formatted into a bounded stack buffer (messages are one line;
// longer ones are cut, never overflowed) and handed to MLIR's diagnostic
// engine, so tools decide how to print or verify it.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Diagnostics.h"

#include "mlir-c/Diagnostics.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TC_DIAG_MAX = 1024 };

const char *tcExitCodePrefix(TcExitCode code) {
  switch (code) {
  case TC_EXIT_SUCCESS:
    return "success";
  case TC_EXIT_USAGE:
    return "usage-error";
  case TC_EXIT_STRUCTURAL:
    return "structural-rejection";
  case TC_EXIT_COMPILE:
    return "compile-failure";
  case TC_EXIT_DRIFT:
    return "semantic-drift";
  case TC_EXIT_CONFORMANCE:
    return "conformance-failure";
  case TC_EXIT_PERFORMANCE:
    return "performance-regression";
  case TC_EXIT_BUDGET:
    return "compile-budget-exceeded";
  case TC_EXIT_INTERNAL:
    return "internal-error";
  }
  return "internal-error";
}

void tcEmitError(MlirLocation loc, const char *fmt, ...) {
  char buf[TC_DIAG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  mlirEmitError(loc, buf);
}

void tcEmitOpError(MlirOperation op, const char *fmt, ...) {
  char buf[TC_DIAG_MAX];
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  int n = snprintf(buf, sizeof buf, "'%.*s' op ", (int)name.length, name.data);
  if (n < 0 || (size_t)n >= sizeof buf)
    n = 0;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + n, sizeof buf - (size_t)n, fmt, ap);
  va_end(ap);
  mlirEmitError(mlirOperationGetLocation(op), buf);
}

_Noreturn void tcFatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("tensorc: internal error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}
