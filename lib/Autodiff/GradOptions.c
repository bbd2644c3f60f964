//===- GradOptions.c - tc-grad's pipeline options ---------------------------===//
//
// Pipeline text gives a tensorc pass its options between braces, MLIR style:
// `tc-grad{fn=f,g wrt=0,2 wrt-constants=true}`. Options are `key=value`
// separated by spaces; lists are comma-separated. Unknown keys and malformed
// values are errors (a misspelt option must not silently mean "default").
//
//   fn             functions to differentiate (default: every public
//                  function that is not itself a VJP)
//   wrt            argument indices to differentiate (default: every float
//                  argument); each must name a float argument
//   wrt-constants  true: f's float constants of rank >= 1 (its weights)
//                  become arguments of f_vjp and their gradients are
//                  returned too (default false)
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tcGradNextOption(const char **p, char *key, size_t keySize, char *value, size_t valueSize, char *err,
                     size_t errSize) {
  while (isspace((unsigned char)**p))
    ++*p;
  if (**p == '\0' || **p == '}')
    return 0;
  const char *start = *p;
  while (**p && !isspace((unsigned char)**p) && **p != '}')
    ++*p;
  size_t len = (size_t)(*p - start);
  const char *eq = memchr(start, '=', len);
  if (!eq || eq == start || (size_t)(eq - start) >= keySize || len - (size_t)(eq - start) - 1 >= valueSize) {
    snprintf(err, errSize, "malformed option '%.*s' (expected key=value)", (int)len, start);
    return -1;
  }
  snprintf(key, keySize, "%.*s", (int)(eq - start), start);
  snprintf(value, valueSize, "%.*s", (int)(len - (size_t)(eq - start) - 1), eq + 1);
  return 1;
}

static bool parseBool(const char *v, bool *out) {
  if (!strcmp(v, "true") || !strcmp(v, "1"))
    *out = true;
  else if (!strcmp(v, "false") || !strcmp(v, "0"))
    *out = false;
  else
    return false;
  return true;
}

static bool parseFunctions(const char *v, GradOptions *o, char *err, size_t errSize) {
  for (const char *p = v; *p;) {
    size_t n = strcspn(p, ",");
    if (n == 0 || n >= sizeof o->functions[0] || o->numFunctions == GRAD_MAX_OPTION_LIST) {
      snprintf(err, errSize, "option 'fn' takes a comma-separated list of function names, got '%s'", v);
      return false;
    }
    snprintf(o->functions[o->numFunctions++], sizeof o->functions[0], "%.*s", (int)n, p);
    p += n + (p[n] == ',');
  }
  return true;
}

static bool parseIndices(const char *v, GradOptions *o, char *err, size_t errSize) {
  o->wrtGiven = true;
  for (const char *p = v; *p;) {
    char *end;
    errno = 0;
    long long i = strtoll(p, &end, 10);
    if (end == p || errno || i < 0 || (*end && *end != ',') || o->numWrt == GRAD_MAX_OPTION_LIST) {
      snprintf(err, errSize, "option 'wrt' takes a comma-separated list of argument indices, got '%s'", v);
      return false;
    }
    o->wrt[o->numWrt++] = i;
    p = *end ? end + 1 : end;
  }
  return true;
}

bool tcGradParseOptions(const char *text, GradOptions *o, char *err, size_t errSize) {
  memset(o, 0, sizeof *o);
  const char *p = text;
  char key[64], value[1024];
  int r;
  while ((r = tcGradNextOption(&p, key, sizeof key, value, sizeof value, err, errSize)) == 1) {
    bool ok;
    if (!strcmp(key, "fn"))
      ok = parseFunctions(value, o, err, errSize);
    else if (!strcmp(key, "wrt"))
      ok = parseIndices(value, o, err, errSize);
    else if (!strcmp(key, "wrt-constants")) {
      ok = parseBool(value, &o->wrtConstants);
      if (!ok)
        snprintf(err, errSize, "option 'wrt-constants' takes true or false, got '%s'", value);
    } else {
      snprintf(err, errSize, "unknown option '%s' (tc-grad takes fn, wrt, wrt-constants)", key);
      ok = false;
    }
    if (!ok)
      return false;
  }
  return r == 0;
}
