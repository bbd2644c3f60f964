//===- Random.c - seeded inputs from declared distributions ----------------===//
//
// When a program is evaluated without inputs, each argument is drawn from the
// distribution its `tc.distribution` attribute declares (or the dtype's
// default), with SplitMix64 as the generator: tiny, well known, and the same
// numbers on every machine for the same seed. Floats come from doubles
// rounded to the dtype; integers from 64-bit draws reduced modulo the range
// (the bias is below 2^-40 for ranges under 2^24 and is documented).
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const double kPi = 3.14159265358979323846;

uint64_t tcRefRandomNext(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double tcRefRandomUniform(uint64_t *state) { return (double)(tcRefRandomNext(state) >> 11) * 0x1.0p-53; }

static uint64_t next(uint64_t *state) { return tcRefRandomNext(state); }

static double uniform01(uint64_t *state) { return tcRefRandomUniform(state); }

static double normal(uint64_t *state, double mean, double std) {
  double u1 = uniform01(state), u2 = uniform01(state);
  return mean + std * sqrt(-2.0 * log(1.0 - u1)) * cos(2.0 * kPi * u2);
}

typedef struct {
  char name[16];
  double a, b;
  int numArgs;
} Distribution;

static bool parseDistribution(const char *text, Distribution *d) {
  memset(d, 0, sizeof *d);
  char tail;
  int n = sscanf(text, " %15[a-z] ( %lf , %lf ) %c", d->name, &d->a, &d->b, &tail);
  if (n == 3) {
    d->numArgs = 2;
    return true;
  }
  n = sscanf(text, " %15[a-z] ( %lf ) %c", d->name, &d->a, &tail);
  d->numArgs = 1;
  return n == 2;
}

static const char *defaultDistribution(TcRefDtype dtype) {
  if (tcRefDtypeIsFloat(dtype))
    return "uniform(-1, 1)";
  if (dtype == TC_REF_I1)
    return "bernoulli(0.5)";
  return tcRefIsUnsigned(dtype) ? "integers(0, 10)" : "integers(-10, 10)";
}

static bool fillFloat(TcRefTensor *t, const Distribution *d, uint64_t *state, char *err, size_t errSize) {
  bool isUniform = strcmp(d->name, "uniform") == 0, isNormal = strcmp(d->name, "normal") == 0;
  if ((!isUniform && !isNormal) || d->numArgs != 2 || !(d->a <= d->b || isNormal)) {
    snprintf(err, errSize, "float arguments take uniform(lo, hi) with lo <= hi or normal(mean, std)");
    return false;
  }
  for (int64_t k = 0; k < t->numel; ++k) {
    double x = isUniform ? d->a + (d->b - d->a) * uniform01(state) : normal(state, d->a, d->b);
    t->data[k].f = tcRefRoundToFloat(x, t->dtype);
  }
  return true;
}

static bool fillInt(TcRefTensor *t, const Distribution *d, uint64_t *state, char *err, size_t errSize) {
  if (t->dtype == TC_REF_I1) {
    if (strcmp(d->name, "bernoulli") != 0 || d->numArgs != 1 || !(d->a >= 0 && d->a <= 1)) {
      snprintf(err, errSize, "i1 arguments take bernoulli(p) with 0 <= p <= 1");
      return false;
    }
    for (int64_t k = 0; k < t->numel; ++k)
      t->data[k].i = uniform01(state) < d->a;
    return true;
  }
  if (strcmp(d->name, "integers") != 0 || d->numArgs != 2 || !(d->a < d->b) || d->a != floor(d->a) ||
      d->b != floor(d->b) || fabs(d->a) > 0x1p62 || fabs(d->b) > 0x1p62) {
    snprintf(err, errSize, "integer arguments take integers(lo, hi) with integral lo < hi (hi excluded)");
    return false;
  }
  unsigned w = tcRefIntWidth(t->dtype);
  double lo = tcRefIsUnsigned(t->dtype) ? 0 : -ldexp(1, (int)w - 1);
  double hi = tcRefIsUnsigned(t->dtype) ? ldexp(1, (int)w) : ldexp(1, (int)w - 1);
  if (d->a < lo || d->b > hi) {
    snprintf(err, errSize, "integers(%.0f, %.0f) does not fit %s", d->a, d->b, tcRefDtypeName(t->dtype));
    return false;
  }
  // In unsigned arithmetic: hi - lo reaches 2^63 (integers(-2^62, 2^62)), past int64_t.
  uint64_t range = (uint64_t)(int64_t)d->b - (uint64_t)(int64_t)d->a;
  for (int64_t k = 0; k < t->numel; ++k)
    tcRefSetBits(t, k, (uint64_t)(int64_t)d->a + next(state) % range);
  return true;
}

bool tcRefFillRandom(TcRefTensor *t, const char *distribution, uint64_t *state, char *err, size_t errSize) {
  Distribution d;
  const char *text = distribution ? distribution : defaultDistribution(t->dtype);
  if (!parseDistribution(text, &d)) {
    snprintf(err, errSize, "malformed distribution '%s'", text);
    return false;
  }
  return tcRefDtypeIsFloat(t->dtype) ? fillFloat(t, &d, state, err, errSize) : fillInt(t, &d, state, err, errSize);
}
