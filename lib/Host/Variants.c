//===- Variants.c - which builds of a program the gate compares ------------===//
//
// The alternatives of each host-dependent choice (HostTarget.c resolves
// the default one) that the target CPU can run:
//
//   TC_BLIS_CONFIG        every configuration whose kernels the ISA has,
//                         those lower psABI levels would pick first
//   TC_GEMM_KERNEL        loops (or blis, if the default build forced loops)
//   TC_VECTOR_BITS        every width up to the ISA's
//   TC_VECTOR_MATH        every libmvec set the ISA has
//   TC_PARALLEL_MIN_WORK  0: every parallel nest on threads (or the default
//                         threshold, if the default build forced 0)
//
// The full matrix forces each alternative in one build, build i taking the
// i-th alternative of every choice (the loop path after the last BLIS
// configuration, since BLIS's configuration is moot there, and every
// parallel nest threaded in build 0), so there are as many builds as the
// longest list: 8 on an AVX-512 CPU, where BLIS has seven alternatives.
// The reduced matrix keeps every kind of choice in two builds: the first
// BLIS alternative, the first vector width and set and the threaded nests
// in one (run on 1 and N threads), the loop path, the second width and set
// and the threaded nests in the other (run on N threads only: the loop
// path of a heavy program is the slowest run of the gate).
//
//===----------------------------------------------------------------------===//
#include "tensorc/Variants.h"

#include <stdio.h>
#include <string.h>

typedef struct Alternatives {
  const char *variable;
  const char *token; ///< the name's prefix: "blis-", "vec", ...
  char values[8][32];
  int count;
} Alternatives;

static void add(Alternatives *a, const char *value) {
  if (a->count < 8)
    snprintf(a->values[a->count++], sizeof a->values[0], "%s", value);
}

static void blisAlternatives(const TcHostTarget *t, Alternatives *a) {
  static const char *const kOrder[] = {"haswell", "sandybridge", "penryn", "generic", "zen3", "zen2", "zen", "skx"};
  *a = (Alternatives){.variable = "TC_BLIS_CONFIG", .token = "blis-"};
  for (size_t i = 0; i < sizeof kOrder / sizeof kOrder[0]; ++i) {
    int code = tcHostBlisConfigFromName(kOrder[i]);
    if (code >= 0 && code != t->blisConfig && tcHostBlisConfigRuns(code, t->isa))
      add(a, kOrder[i]);
  }
}

static void vectorAlternatives(const TcHostTarget *t, Alternatives *bits, Alternatives *math) {
  *bits = (Alternatives){.variable = "TC_VECTOR_BITS", .token = "vec"};
  *math = (Alternatives){.variable = "TC_VECTOR_MATH", .token = "vmath-"};
  static const int kBits[] = {128, 256, 512};
  for (int i = 0; i < 3; ++i)
    if (kBits[i] <= tcHostIsaVectorBits(t->isa) && kBits[i] != t->vectorBits) {
      char v[8];
      snprintf(v, sizeof v, "%d", kBits[i]);
      add(bits, v);
    }
  TcHostIsa need[] = {TC_ISA_SSE2, TC_ISA_AVX2, TC_ISA_AVX512};
  for (int m = 0; m < 3; ++m)
    if (t->isa >= need[m] && (TcVectorMath)m != t->vectorMath)
      add(math, tcVectorMathGetName((TcVectorMath)m));
}

static void force(TcVariant *v, const Alternatives *a, int i) {
  if (i < 0 || i >= a->count || v->numChoices == TC_VARIANT_MAX_CHOICES)
    return;
  TcVariantChoice *c = &v->choices[v->numChoices++];
  c->variable = a->variable;
  snprintf(c->value, sizeof c->value, "%s", a->values[i]);
  size_t n = strlen(v->name);
  snprintf(v->name + n, sizeof v->name - n, "%s%s%s", n ? "+" : "", a->token, a->values[i]);
}

const char *tcVariantMatrixName(TcVariantMatrix matrix) {
  return matrix == TC_VARIANT_MATRIX_FULL ? "full" : "reduced";
}

// The alternatives of build i: index per list (-1: the default choice).
static void build(TcVariantPlan *plan, const Alternatives *lists, const int *index, bool threaded) {
  TcVariant *v = &plan->variants[plan->numVariants++];
  memset(v, 0, sizeof *v);
  for (int k = 0; k < 5; ++k)
    force(v, &lists[k], index[k]);
  v->threaded = threaded;
}

static void omit(TcVariantPlan *plan, const Alternatives *a, int from) {
  for (int i = from; i < a->count; ++i) {
    size_t n = strlen(plan->omitted);
    snprintf(plan->omitted + n, sizeof plan->omitted - n, "%s%s=%s", n ? ", " : "", a->variable, a->values[i]);
  }
}

void tcVariantPlanCreate(const TcHostTarget *base, TcVariantMatrix matrix, TcVariantPlan *plan) {
  memset(plan, 0, sizeof *plan);
  plan->matrix = matrix;
  // lists: 0 BLIS, 1 gemm kernel, 2 vector bits, 3 vector math, 4 parallel threshold
  Alternatives lists[5];
  blisAlternatives(base, &lists[0]);
  lists[1] = (Alternatives){.variable = "TC_GEMM_KERNEL", .token = ""};
  add(&lists[1], base->useBlis ? "loops" : "blis");
  vectorAlternatives(base, &lists[2], &lists[3]);
  lists[4] = (Alternatives){.variable = "TC_PARALLEL_MIN_WORK", .token = "par"};
  add(&lists[4], base->parallelMinWork != 0 ? "0" : "2097152");
  bool threadedAlternative = base->parallelMinWork != 0;
  int builds = matrix == TC_VARIANT_MATRIX_FULL ? lists[0].count + 1 : 2;
  for (int k = 2; matrix == TC_VARIANT_MATRIX_FULL && k < 4; ++k)
    builds = builds > lists[k].count ? builds : lists[k].count;
  int loopsAt = matrix == TC_VARIANT_MATRIX_FULL ? lists[0].count : 1;
  bool reduced = matrix == TC_VARIANT_MATRIX_REDUCED;
  for (int i = 0; i < builds && i < TC_VARIANT_MAX; ++i) {
    bool threaded = i == 0 || reduced;
    int index[5] = {i < loopsAt && (!reduced || i == 0) ? i : -1, i == loopsAt ? 0 : -1, i, i, threaded ? 0 : -1};
    build(plan, lists, index, threaded && threadedAlternative);
    plan->variants[plan->numVariants - 1].threadedOnly = reduced && i == loopsAt && threadedAlternative;
  }
  if (matrix == TC_VARIANT_MATRIX_REDUCED)
    for (int k = 0; k < 4; ++k)
      omit(plan, &lists[k], k == 0 ? 1 : k == 1 ? 1 : 2);
}
