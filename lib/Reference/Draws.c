//===- Draws.c - input draws that stress what uniform(-1, 1) never reaches -===//
//
// The standard draw (Random.c) keeps every float in (-1, 1): exp never
// overflows, no sum or product leaves the dtype's range, a row is never all
// negative and no NaN, infinity, signed zero or subnormal ever reaches the
// artifact. The other kinds of draw do, for every argument that declares no
// `tc.distribution` (a declared one still decides its argument):
//
//   wide      magnitudes across the dtype's whole range, shaped by the ops
//             that read the argument (tcRefArgumentDomains): exp-like ops get
//             arguments up to ±1.25·ln(max), past where e^x overflows and
//             underflows; log-like ops mostly positive values of every
//             binade; elementwise sums and products large values (from √max
//             up), so that they overflow, and tiny ones, so that they
//             underflow. Where the math allows: a sum of many terms (matmul,
//             conv2d, reductions, pools, norms) is exact in the spec, but an
//             implementation the contract allows accumulates in a float
//             type, at least f32 for f16 and bf16 values (the default
//             contract's `accumulate`) and the dtype itself otherwise, whose
//             partial sums, products and squares must not overflow where the
//             exact result does not: their arguments keep magnitudes below
//             2^(emax/2 - 8) of that type (products of K < 2^14 terms stay
//             finite), and those of reduce_prod below 2^(emax/(2·n)) for n
//             elements. Integers: the dtype's whole range, so sums and
//             products wrap.
//   negative  every element negative (floats in [-1, 0), integers -10..-1);
//   positive  every element positive ((0, 1], 1..10);
//   rows      each row (the innermost dimension) all negative, all positive
//             or mixed, chosen per row;
//   special   the standard draw, then NaN, +inf, -inf, -0, +0, the least and
//             the largest subnormal at the first and last element of the
//             first, the last and a random row, at the first element of the
//             4-, 8- and 16-lane vector tails of those rows, and at two
//             random positions (integers: the dtype's extremes, 0 and ±1).
//
// Each kind threads its own generator state (tcRefDrawState: the seed mixed
// with the kind) through the arguments, so the standard draw of a seed is
// what it always was, and `tensor-ref --seed N --draw KIND` replays any
// other.
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include <float.h>
#include <string.h>

static const char *const kDrawNames[TC_REF_DRAW_COUNT] = {
    [TC_REF_DRAW_STANDARD] = "standard", [TC_REF_DRAW_WIDE] = "wide",   [TC_REF_DRAW_NEGATIVE] = "negative",
    [TC_REF_DRAW_POSITIVE] = "positive", [TC_REF_DRAW_ROWS] = "rows",   [TC_REF_DRAW_SPECIAL] = "special",
};

const char *tcRefDrawName(TcRefDraw draw) { return (unsigned)draw < TC_REF_DRAW_COUNT ? kDrawNames[draw] : "?"; }

bool tcRefDrawParse(const char *name, TcRefDraw *out) {
  for (int i = 0; i < TC_REF_DRAW_COUNT; ++i)
    if (strcmp(name, kDrawNames[i]) == 0) {
      *out = (TcRefDraw)i;
      return true;
    }
  return false;
}

uint64_t tcRefDrawState(uint64_t seed, TcRefDraw kind) {
  return kind == TC_REF_DRAW_STANDARD ? seed : seed ^ (0xD1B54A32D192ED03ull * (uint64_t)kind);
}

//===-- Which ops read an argument ------------------------------------------===//

static bool kindIn(MlirStringRef kind, const char *const *names) {
  for (; *names; ++names)
    if (mlirStringRefEqual(kind, mlirStringRefCreateFromCString(*names)))
      return true;
  return false;
}

static const char *const kMovement[] = {"tc_tensor.reshape", "tc_tensor.transpose", "tc_tensor.broadcast_to",
                                        "tc_tensor.slice",   "tc_tensor.concat",    "tc_tensor.pad",
                                        "tc_tensor.identity", "tc_tensor.split",    "tc_tensor.gather",
                                        "tc_tensor.neg",     NULL};
static const char *const kExpLike[] = {"tc_tensor.exp",  "tc_tensor.sigmoid", "tc_tensor.tanh",
                                       "tc_tensor.erf",  "tc_tensor.gelu",    "tc_tensor.softmax",
                                       "tc_tensor.log_softmax", NULL};
static const char *const kLogLike[] = {"tc_tensor.log", "tc_tensor.sqrt", "tc_tensor.rsqrt", NULL};
static const char *const kSumLike[] = {"tc_tensor.add", "tc_tensor.sub", "tc_tensor.mul", "tc_tensor.div", NULL};
static const char *const kReduceLike[] = {"tc_tensor.matmul",     "tc_tensor.gemm",        "tc_tensor.conv2d",
                                          "tc_tensor.reduce_sum", "tc_tensor.reduce_mean", "tc_tensor.avg_pool2d",
                                          "tc_tensor.global_avg_pool", "tc_tensor.layer_norm",
                                          "tc_tensor.batch_norm", "tc_tensor.softmax", "tc_tensor.log_softmax",
                                          NULL};
static const char *const kProdLike[] = {"tc_tensor.reduce_prod", NULL};

// The domains of the readers of `v`, through at most `depth` data movements.
static unsigned valueDomains(MlirValue v, int depth) {
  unsigned domains = 0;
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    MlirStringRef kind = mlirIdentifierStr(mlirOperationGetName(user));
    domains |= kindIn(kind, kExpLike) ? REF_DOMAIN_EXP : 0;
    domains |= kindIn(kind, kLogLike) ? REF_DOMAIN_LOG : 0;
    domains |= kindIn(kind, kSumLike) ? REF_DOMAIN_SUM : 0;
    domains |= kindIn(kind, kReduceLike) ? REF_DOMAIN_REDUCE : 0;
    domains |= kindIn(kind, kProdLike) ? REF_DOMAIN_PROD : 0;
    for (intptr_t r = 0; depth > 0 && kindIn(kind, kMovement) && r < mlirOperationGetNumResults(user); ++r)
      domains |= valueDomains(mlirOperationGetResult(user, r), depth - 1);
  }
  return domains;
}

unsigned tcRefArgumentDomains(MlirOperation func, intptr_t i) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  return valueDomains(mlirBlockGetArgument(entry, i), 16);
}

bool tcRefDrawApplies(MlirOperation func, TcRefDraw kind) {
  if (kind == TC_REF_DRAW_STANDARD)
    return true;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  char buf[256];
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(entry); ++i)
    if (!tcRefArgumentDistribution(func, i, buf, sizeof buf))
      return true;
  return false;
}

//===-- Float values --------------------------------------------------------===//

static int maxExponent(TcRefDtype d) { return d == TC_REF_F16 ? 15 : d == TC_REF_F64 ? 1023 : 127; }

static double maxFinite(TcRefDtype d) {
  int prec, qmin;
  tcRefFloatFormat(d, &prec, &qmin);
  return ldexp(2.0 - ldexp(1.0, 1 - prec), maxExponent(d));
}

// A random sign for `x`.
static double withSign(double x, uint64_t *state) { return (tcRefRandomNext(state) & 1) ? -x : x; }

// A magnitude whose binade is uniform over [2^lo, 2^hi], at most the max.
static double logUniform(TcRefDtype d, int lo, int hi, uint64_t *state) {
  int e = lo + (int)(tcRefRandomNext(state) % (uint64_t)(hi - lo + 1));
  double x = ldexp(1.0 + tcRefRandomUniform(state), e);
  return fmin(tcRefRoundToFloat(x, d), maxFinite(d));
}

// The largest binade the wide draw uses for `t` read by ops of `domains`
// (the file comment): the dtype's, or less where many terms are summed.
static int widestBinade(const TcRefTensor *t, unsigned domains) {
  int emax = maxExponent(t->dtype);
  int accumulate = t->dtype == TC_REF_F16 || t->dtype == TC_REF_BF16 ? 127 : emax;
  if (domains & REF_DOMAIN_REDUCE)
    emax = emax < accumulate / 2 - 8 ? emax : accumulate / 2 - 8;
  if (domains & REF_DOMAIN_PROD) {
    int64_t perTerm = accumulate / (2 * (t->numel > 0 ? t->numel : 1));
    emax = emax < perTerm ? emax : (int)perTerm;
  }
  return emax;
}

// One element of the wide draw: a component chosen among those `domains`
// ask for, no binade above `emax`.
static double wideValue(TcRefDtype d, unsigned domains, int emax, uint64_t *state) {
  int prec, qmin;
  tcRefFloatFormat(d, &prec, &qmin);
  int choices[4] = {0}, n = 0; // 0: any binade, for sums of many terms and for readers of no known domain
  if (!(domains & (REF_DOMAIN_EXP | REF_DOMAIN_LOG | REF_DOMAIN_SUM)) || (domains & (REF_DOMAIN_REDUCE | REF_DOMAIN_PROD)))
    choices[n++] = 0;
  if (domains & REF_DOMAIN_EXP)
    choices[n++] = 1;
  if (domains & REF_DOMAIN_LOG)
    choices[n++] = 2;
  if (domains & REF_DOMAIN_SUM)
    choices[n++] = 3;
  double x;
  switch (choices[tcRefRandomNext(state) % (uint64_t)n]) {
  case 1: // past e^x's overflow and underflow thresholds
    x = (2 * tcRefRandomUniform(state) - 1) * 1.25 * log(maxFinite(d));
    return tcRefRoundToFloat(fmax(fmin(x, ldexp(1, emax)), -ldexp(1, emax)), d);
  case 2: // mostly positive: the domain of log and sqrt, and a few outside it
    x = logUniform(d, qmin, emax, state);
    return tcRefRandomUniform(state) < 0.9 ? x : -x;
  case 3: // from √max up: products and sums overflow
    return withSign(logUniform(d, emax / 2, emax, state), state);
  default:
    return withSign(logUniform(d, qmin, emax, state), state);
  }
}

// A magnitude in (0, 1] as the standard draw's values.
static double unitMagnitude(TcRefDtype d, uint64_t *state) {
  return tcRefRoundToFloat(1.0 - tcRefRandomUniform(state), d);
}

//===-- Elements by sign ----------------------------------------------------===//

// Element k with sign class `sign` (-1 negative, +1 positive, 0 mixed).
static void setSigned(TcRefTensor *t, int64_t k, int sign, uint64_t *state) {
  if (tcRefDtypeIsFloat(t->dtype)) {
    double m = unitMagnitude(t->dtype, state);
    t->data[k].f = sign < 0 ? -m : sign > 0 ? m : withSign(m, state);
  } else if (t->dtype == TC_REF_I1) {
    t->data[k].i = sign < 0 ? 0 : sign > 0 ? 1 : (int64_t)(tcRefRandomNext(state) & 1);
  } else {
    int64_t m = 1 + (int64_t)(tcRefRandomNext(state) % 10);
    if (tcRefIsUnsigned(t->dtype))
      tcRefSetBits(t, k, (uint64_t)(sign < 0 ? m - 1 : m));
    else
      tcRefSetBits(t, k, (uint64_t)(sign < 0 ? -m : sign > 0 ? m : (tcRefRandomNext(state) & 1) ? -m : m - 1));
  }
}

// The innermost dimension: the length of a row (the whole tensor for rank 0).
static int64_t rowLength(const TcRefTensor *t) {
  return t->rank > 0 && t->dims[t->rank - 1] > 0 ? t->dims[t->rank - 1] : (t->numel > 0 ? t->numel : 1);
}

static void fillRows(TcRefTensor *t, uint64_t *state) {
  int64_t n = rowLength(t);
  for (int64_t row = 0; row * n < t->numel; ++row) {
    int sign = (int)(tcRefRandomNext(state) % 3) - 1;
    for (int64_t k = row * n; k < (row + 1) * n && k < t->numel; ++k)
      setSigned(t, k, sign, state);
  }
}

//===-- Special values ------------------------------------------------------===//

// The i-th special value of the dtype (i taken modulo their count).
static void setSpecial(TcRefTensor *t, int64_t k, unsigned i) {
  if (tcRefDtypeIsFloat(t->dtype)) {
    int prec, qmin;
    tcRefFloatFormat(t->dtype, &prec, &qmin);
    double least = ldexp(1, qmin), largestSub = ldexp(1, qmin + prec - 1) - least;
    const double v[] = {NAN, INFINITY, -INFINITY, -0.0, 0.0, least, -largestSub, largestSub};
    t->data[k].f = v[i % 8];
  } else if (t->dtype != TC_REF_I1) {
    unsigned w = tcRefIntWidth(t->dtype);
    uint64_t top = (uint64_t)1 << (w - 1), ones = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
    const uint64_t signedV[] = {top, top - 1, 0, ones, 1}, unsignedV[] = {0, ones, 1};
    tcRefSetBits(t, k, tcRefIsUnsigned(t->dtype) ? unsignedV[i % 3] : signedV[i % 5]);
  }
}

// Adds flat position k to `out` unless it is there already.
static int addPosition(int64_t *out, int count, int64_t k) {
  for (int j = 0; j < count; ++j)
    if (out[j] == k)
      return count;
  out[count] = k;
  return count + 1;
}

// The positions of the file comment, in row `row` of length n.
static int rowPositions(int64_t row, int64_t n, int64_t *out, int count) {
  int64_t cols[] = {0, n - 1, n / 4 * 4, n / 8 * 8, n / 16 * 16};
  for (int c = 0; c < 5; ++c)
    if (cols[c] >= 0 && cols[c] < n)
      count = addPosition(out, count, row * n + cols[c]);
  return count;
}

// Every position distinct, so that each special value given one survives.
static void placeSpecials(TcRefTensor *t, uint64_t *state) {
  if (t->numel == 0)
    return;
  int64_t n = rowLength(t), rows = t->numel / n, positions[20];
  int count = 0;
  int64_t chosen[3] = {0, rows - 1, (int64_t)(tcRefRandomNext(state) % (uint64_t)rows)};
  for (int r = 0; r < 3; ++r)
    count = rowPositions(chosen[r], n, positions, count);
  count = addPosition(positions, count, (int64_t)(tcRefRandomNext(state) % (uint64_t)t->numel));
  count = addPosition(positions, count, (int64_t)(tcRefRandomNext(state) % (uint64_t)t->numel));
  unsigned offset = (unsigned)(tcRefRandomNext(state) % 8);
  for (int p = 0; p < count; ++p)
    setSpecial(t, positions[p], offset + (unsigned)p);
}

//===-- The kinds -----------------------------------------------------------===//

static void fillWide(TcRefTensor *t, unsigned domains, uint64_t *state) {
  int emax = tcRefDtypeIsFloat(t->dtype) ? widestBinade(t, domains) : 0;
  for (int64_t k = 0; k < t->numel; ++k) {
    if (tcRefDtypeIsFloat(t->dtype))
      t->data[k].f = wideValue(t->dtype, domains, emax, state);
    else if (t->dtype == TC_REF_I1)
      t->data[k].i = (int64_t)(tcRefRandomNext(state) & 1);
    else
      tcRefSetBits(t, k, tcRefRandomNext(state));
  }
}

void tcRefFillDraw(TcRefTensor *t, TcRefDraw kind, unsigned domains, uint64_t *state) {
  char err[128];
  switch (kind) {
  case TC_REF_DRAW_WIDE:
    fillWide(t, domains, state);
    return;
  case TC_REF_DRAW_NEGATIVE:
  case TC_REF_DRAW_POSITIVE:
    for (int64_t k = 0; k < t->numel; ++k)
      setSigned(t, k, kind == TC_REF_DRAW_NEGATIVE ? -1 : 1, state);
    return;
  case TC_REF_DRAW_ROWS:
    fillRows(t, state);
    return;
  case TC_REF_DRAW_SPECIAL:
    if (!tcRefFillRandom(t, NULL, state, err, sizeof err)) // the default distribution always fits
      tcFatal("the default distribution did not fit: %s", err);
    placeSpecials(t, state);
    return;
  default:
    tcFatal("tcRefFillDraw: not a stress draw");
  }
}
