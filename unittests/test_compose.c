//===- test_compose.c - the composed budgets are upper bounds, and tight ---===//
//
// tcRefEvaluateComposed (lib/Reference/Compose*.c, docs/conformance.md
// §2.2) promises, per output element, a bound E on how far an artifact
// whose every op is within its own budget can be from the spec. Each case
// here puts one budgeted op in front of a program, `%y = identity(%x)` with
// budget atol a (every other op exact), and checks the promise the way an
// artifact would break it: the rest of the program evaluated by the
// reference on %x moved by many δ within ±a (the corners, alternating
// signs, random) never lands further than E from the unmoved result. And
// the bound is not vacuous: some δ gets within a stated fraction of it, so
// a bound too small by that fraction would fail here.
//
//===----------------------------------------------------------------------===//
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "Reference/RefInternal.h"
#include "tensorc/Dialects.h"
#include "tensorc/Parse.h"

#include "mlir-c/RegisterEverything.h"

static MlirContext gCtx;

static int setUp(void **state) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  gCtx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  return mlirLogicalResultIsSuccess(tcRegisterDialects(gCtx)) ? 0 : -1;
}

static int tearDown(void **state) {
  mlirContextDestroy(gCtx);
  return 0;
}

typedef struct Case {
  const char *type;   ///< of %x and %y
  const char *body;   ///< computes %r from %y
  const char *result; ///< the type of %r
  double lo, hi;      ///< %x drawn uniformly in [lo, hi)
  double a;           ///< the identity's budget
  double tight;       ///< some δ reaches at least this fraction of E
} Case;

static double gAtol;

static void budget(MlirOperation op, TcRefDtype dtype, TcRefOpBudget *out, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  bool first = mlirStringRefEqual(name, mlirStringRefCreateFromCString("tc_tensor.identity"));
  *out = (TcRefOpBudget){first ? gAtol : 0, 0, 0, 0};
}

// The case with the budgeted identity in front (`full`) or without it.
static MlirOperation parseFunction(const Case *c, bool full, MlirModule *module) {
  char text[4096];
  if (full)
    snprintf(text, sizeof text,
             "func.func @f(%%x: %s) -> %s {\n  %%y = \"tc_tensor.identity\"(%%x) : (%s) -> %s\n%s\n"
             "  return %%r : %s\n}\n",
             c->type, c->result, c->type, c->type, c->body, c->result);
  else
    snprintf(text, sizeof text, "func.func @f(%%y: %s) -> %s {\n%s\n  return %%r : %s\n}\n", c->type, c->result,
             c->body, c->result);
  *module = tcParseSourceModule(gCtx, mlirStringRefCreateFromCString(text), mlirStringRefCreateFromCString("case"));
  assert_false(mlirModuleIsNull(*module));
  return mlirBlockGetFirstOperation(mlirModuleGetBody(*module));
}

static double unitRandom(uint64_t *s) { return tcRefRandomUniform(s); }

// The perturbation of sample `i` for element k: corners, alternating, random.
static double deltaFor(int i, int64_t k, double a, uint64_t *s) {
  switch (i) {
  case 0:
    return a;
  case 1:
    return -a;
  case 2:
    return k % 2 ? a : -a;
  case 3:
    return k % 2 ? -a : a;
  default:
    return i % 2 ? (tcRefRandomNext(s) & 1 ? a : -a) : a * (2 * unitRandom(s) - 1);
  }
}

static void evaluate(MlirOperation fn, const TcRefTensor *x, TcRefTensor **out) {
  intptr_t n;
  assert_true(mlirLogicalResultIsSuccess(tcRefEvaluate(fn, x, 1, out, &n, NULL, NULL, NULL)));
  assert_int_equal(n, 1);
}

// The promise for one case; returns the largest |moved - spec| / E seen.
static double checkCase(const Case *c) {
  MlirModule fullModule, restModule;
  MlirOperation full = parseFunction(c, true, &fullModule), rest = parseFunction(c, false, &restModule);
  TcRefTensor x, *ref, *moved;
  assert_true(tcRefArgumentTensor(full, 0, &x));
  uint64_t s = 42;
  for (int64_t k = 0; k < x.numel; ++k)
    x.data[k].f = c->lo + (c->hi - c->lo) * unitRandom(&s);
  gAtol = c->a;
  double **bounds;
  intptr_t n;
  assert_true(mlirLogicalResultIsSuccess(
      tcRefEvaluateComposed(full, &x, 1, NULL, budget, NULL, &ref, &n, &bounds, NULL)));
  double worst = 0;
  for (int i = 0; i < 40; ++i) {
    TcRefTensor y;
    assert_true(tcRefTensorCreate(&y, x.dtype, x.rank, x.dims));
    for (int64_t k = 0; k < x.numel; ++k)
      y.data[k].f = x.data[k].f + deltaFor(i, k, c->a, &s);
    evaluate(rest, &y, &moved);
    for (int64_t k = 0; k < ref[0].numel; ++k) {
      double r = ref[0].data[k].f, m = moved[0].data[k].f, e = bounds[0][k];
      if (!isfinite(r))
        continue;
      assert_true(e < INFINITY);
      if (fabs(m - r) > e)
        fail_msg("case %s: element %lld moved by %g, beyond its bound %g", c->body, (long long)k, fabs(m - r), e);
      worst = e > 0 ? fmax(worst, fabs(m - r) / e) : worst;
    }
    tcRefTensorDestroy(&y);
    tcRefTensorDestroy(&moved[0]);
    free(moved);
  }
  tcRefTensorDestroy(&x);
  tcRefTensorDestroy(&ref[0]);
  free(ref);
  free(bounds[0]);
  free(bounds);
  mlirModuleDestroy(fullModule);
  mlirModuleDestroy(restModule);
  return worst;
}

#define T8 "tensor<2x8xf64>"

static const Case kCases[] = {
    {T8, "  %r = \"tc_tensor.exp\"(%y) : (" T8 ") -> " T8, T8, -3, 3, 1e-3, 0.9},
    {T8, "  %r = \"tc_tensor.log\"(%y) : (" T8 ") -> " T8, T8, 0.5, 4, 1e-3, 0.9},
    {T8, "  %r = \"tc_tensor.tanh\"(%y) : (" T8 ") -> " T8, T8, -2, 2, 1e-3, 0.9},
    {T8, "  %r = \"tc_tensor.sigmoid\"(%y) : (" T8 ") -> " T8, T8, -4, 4, 1e-3, 0.9},
    {T8, "  %r = \"tc_tensor.rsqrt\"(%y) : (" T8 ") -> " T8, T8, 0.5, 4, 1e-3, 0.9},
    {T8, "  %r = \"tc_tensor.reciprocal\"(%y) : (" T8 ") -> " T8, T8, 0.5, 4, 1e-3, 0.9},
    {T8, "  %r = \"tc_tensor.gelu\"(%y) : (" T8 ") -> " T8, T8, -3, 3, 1e-3, 0.1},
    {T8, "  %r = \"tc_tensor.abs\"(%y) : (" T8 ") -> " T8, T8, -1, 1, 1e-3, 0.9},
    {T8, "  %r = \"tc_tensor.mul\"(%y, %y) : (" T8 ", " T8 ") -> " T8, T8, -2, 2, 1e-3, 0.9},
    {T8, "  %r = \"tc_tensor.div\"(%y, %y) : (" T8 ", " T8 ") -> " T8, T8, 1, 2, 1e-3, 0.0},
    {T8, "  %r = \"tc_tensor.softmax\"(%y) {axis = -1 : i64} : (" T8 ") -> " T8, T8, -3, 3, 1e-3, 0.4},
    {T8, "  %r = \"tc_tensor.log_softmax\"(%y) {axis = -1 : i64} : (" T8 ") -> " T8, T8, -3, 3, 1e-3, 0.4},
    {T8, "  %r = \"tc_tensor.reduce_sum\"(%y) {axes = array<i64: 1>, keepdims = false} : (" T8 ") -> tensor<2xf64>",
     "tensor<2xf64>", -1, 1, 1e-3, 0.9},
    {T8, "  %r = \"tc_tensor.reduce_max\"(%y) {axes = array<i64: 1>, keepdims = false} : (" T8 ") -> tensor<2xf64>",
     "tensor<2xf64>", -1, 1, 1e-3, 0.9},
    {T8, "  %t = \"tc_tensor.transpose\"(%y) {perm = array<i64: 1, 0>} : (" T8 ") -> tensor<8x2xf64>\n"
         "  %r = \"tc_tensor.matmul\"(%y, %t) : (" T8 ", tensor<8x2xf64>) -> tensor<2x2xf64>",
     "tensor<2x2xf64>", -1, 1, 1e-3, 0.3},
    {T8, "  %s = \"tc_tensor.constant\"() {value = dense<1.5> : tensor<8xf64>} : () -> tensor<8xf64>\n"
         "  %r = \"tc_tensor.layer_norm\"(%y, %s) {axis = -1 : i64, epsilon = 1.0e-5 : f64} : (" T8
         ", tensor<8xf64>) -> " T8,
     T8, -1, 1, 1e-3, 0.05},
    {T8, "  %z = \"tc_tensor.constant\"() {value = dense<0.0> : tensor<f64>} : () -> tensor<f64>\n"
         "  %c = \"tc_tensor.lt\"(%y, %z) : (" T8 ", tensor<f64>) -> tensor<2x8xi1>\n"
         "  %n = \"tc_tensor.neg\"(%y) : (" T8 ") -> " T8 "\n"
         "  %r = \"tc_tensor.where\"(%c, %n, %y) : (tensor<2x8xi1>, " T8 ", " T8 ") -> " T8,
     T8, 0.5, 1, 1e-3, 0.9},
    {"tensor<1x2x5x5xf64>",
     "  %w = \"tc_tensor.constant\"() {value = dense<0.25> : tensor<3x2x3x3xf64>} : () -> tensor<3x2x3x3xf64>\n"
     "  %r = \"tc_tensor.conv2d\"(%y, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = "
     "array<i64: 1, 1>, group = 1 : i64} : (tensor<1x2x5x5xf64>, tensor<3x2x3x3xf64>) -> tensor<1x3x5x5xf64>",
     "tensor<1x3x5x5xf64>", -1, 1, 1e-3, 0.4},
    {"tensor<1x2x4x4xf64>",
     "  %r = \"tc_tensor.avg_pool2d\"(%y) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = "
     "array<i64: 0, 0, 0, 0>, ceil_mode = false, count_include_pad = false} : (tensor<1x2x4x4xf64>) -> "
     "tensor<1x2x2x2xf64>",
     "tensor<1x2x2x2xf64>", -1, 1, 1e-3, 0.9},
};

static void every_rule_bounds_what_its_op_can_do(void **state) {
  for (size_t i = 0; i < sizeof kCases / sizeof kCases[0]; ++i) {
    double worst = checkCase(&kCases[i]);
    if (worst < kCases[i].tight)
      fail_msg("case %s: the bound is loose: the largest move is %g of it, expected at least %g", kCases[i].body,
               worst, kCases[i].tight);
  }
}

// Exact ops on exact operands keep an exact bound (0); a budgeted op gives
// its own budget; an op with no rule after a budgeted one gives no bound.
static void exact_chains_stay_exact(void **state) {
  const char *text = "func.func @f(%x: tensor<3xf32>, %y: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {\n"
                     "  %s = \"tc_tensor.add\"(%x, %y) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
                     "  %p = \"tc_tensor.mul\"(%s, %y) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
                     "  %i = \"tc_tensor.identity\"(%p) : (tensor<3xf32>) -> tensor<3xf32>\n"
                     "  %c = \"tc_tensor.constant\"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>\n"
                     "  %q = \"tc_tensor.pow\"(%i, %c) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>\n"
                     "  return %p, %q : tensor<3xf32>, tensor<3xf32>\n}\n";
  MlirModule m = tcParseSourceModule(gCtx, mlirStringRefCreateFromCString(text), mlirStringRefCreateFromCString("exact"));
  MlirOperation fn = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  TcRefTensor in[2], *out;
  double **bounds;
  intptr_t n;
  assert_true(tcRefDrawInputs(fn, 1, in, (char[128]){0}, 128));
  gAtol = 1e-3;
  assert_true(mlirLogicalResultIsSuccess(tcRefEvaluateComposed(fn, in, 2, NULL, budget, NULL, &out, &n, &bounds, NULL)));
  for (int k = 0; k < 3; ++k) {
    assert_true(bounds[0][k] == 0);
    assert_true(bounds[1][k] == INFINITY);
  }
  for (int i = 0; i < 2; ++i) {
    tcRefTensorDestroy(&in[i]);
    tcRefTensorDestroy(&out[i]);
    free(bounds[i]);
  }
  free(out);
  free(bounds);
  mlirModuleDestroy(m);
}

// matmul's f32 tolerance with gamma 2 (the default contract's), every other op exact.
static void gammaBudget(MlirOperation op, TcRefDtype dtype, TcRefOpBudget *out, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  bool matmul = mlirStringRefEqual(name, mlirStringRefCreateFromCString("tc_tensor.matmul"));
  *out = (TcRefOpBudget){0, 0, 0, matmul ? 2 : 0};
}

// The bounds of f's three outputs (matmul(a, b), relu of it, neg(a)) on
// a = [a0, a1], b = [b0, b1].
static void overflowBounds(double a0, double a1, double b0, double b1, double got[3]) {
  const char *text =
      "func.func @f(%a: tensor<1x2xf32>, %b: tensor<2x1xf32>) -> (tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x2xf32>) {\n"
      "  %m = \"tc_tensor.matmul\"(%a, %b) : (tensor<1x2xf32>, tensor<2x1xf32>) -> tensor<1x1xf32>\n"
      "  %r = \"tc_tensor.relu\"(%m) : (tensor<1x1xf32>) -> tensor<1x1xf32>\n"
      "  %n = \"tc_tensor.neg\"(%a) : (tensor<1x2xf32>) -> tensor<1x2xf32>\n"
      "  return %m, %r, %n : tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x2xf32>\n}\n";
  MlirModule m = tcParseSourceModule(gCtx, mlirStringRefCreateFromCString(text), mlirStringRefCreateFromCString("ovf"));
  MlirOperation fn = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  TcRefTensor in[2], *out;
  double **bounds;
  intptr_t n;
  assert_true(tcRefTensorCreate(&in[0], TC_REF_F32, 2, (int64_t[]){1, 2}));
  assert_true(tcRefTensorCreate(&in[1], TC_REF_F32, 2, (int64_t[]){2, 1}));
  in[0].data[0].f = a0, in[0].data[1].f = a1, in[1].data[0].f = b0, in[1].data[1].f = b1;
  assert_true(
      mlirLogicalResultIsSuccess(tcRefEvaluateComposed(fn, in, 2, NULL, gammaBudget, NULL, &out, &n, &bounds, NULL)));
  assert_int_equal(n, 3);
  for (int i = 0; i < 3; ++i)
    got[i] = bounds[i][0];
  for (int i = 0; i < 3; ++i) {
    if (i < 2)
      tcRefTensorDestroy(&in[i]);
    tcRefTensorDestroy(&out[i]);
    free(bounds[i]);
  }
  free(out);
  free(bounds);
  mlirModuleDestroy(m);
}

// docs/contract.md §1.1: where (1 + γ_n)·Σ|a||b| passes f32's largest
// finite value, some f32 summation order overflows (here 2^128 − 2^128:
// inf − inf = NaN in one order, 0 in the spec), and the gamma clause
// bounds nothing: NAN, inherited by relu; neg(a), computed from the
// arguments alone, keeps its exact bound. Just inside the range (Σ = 2^125)
// the bound is finite, and operands holding inf, which every order sums to
// the same special value, are not the case.
static void an_accumulation_that_may_overflow_is_unconstrained(void **state) {
  double got[3];
  overflowBounds(ldexp(1, 64), ldexp(1, 64), ldexp(1, 64), -ldexp(1, 64), got);
  assert_true(isnan(got[0]) && isnan(got[1]));
  assert_true(got[2] == 0);
  overflowBounds(ldexp(1, 62), ldexp(1, 62), ldexp(1, 62), -ldexp(1, 62), got);
  assert_true(isfinite(got[0]) && got[0] > 0);
  assert_true(isfinite(got[1]));
  overflowBounds(INFINITY, 1, 1, 1, got);
  assert_true(got[0] == 0 && got[1] == 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_rule_bounds_what_its_op_can_do),
      cmocka_unit_test(exact_chains_stay_exact),
      cmocka_unit_test(an_accumulation_that_may_overflow_is_unconstrained),
  };
  return cmocka_run_group_tests(tests, setUp, tearDown);
}
