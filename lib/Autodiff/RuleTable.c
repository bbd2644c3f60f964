//===- RuleTable.c - every tc_tensor op and what tc-grad does with it ------===//
//
// The one list: each op kind of docs/dialects.md with its VJP rule (Rules*.c)
// and the formula its manifest decision records, or no rule and the reason
// it contributes no adjoint. dy is the result's adjoint, y the result,
// unbroadcast(v) the sum of v over the dimensions broadcasting stretched
// (docs/autodiff.md gives the derivations and PyTorch's conventions at the
// points where a derivative is undefined). test/Autodiff/coverage.test
// checks that every op of the dialect is listed.
//
//===----------------------------------------------------------------------===//
#include "AutodiffInternal.h"

#include "tensorc/Autodiff.h"

#include <string.h>

static const char kPiecewiseConstant[] = "zero derivative (piecewise constant, as PyTorch): contributes no adjoint";
static const char kNoFloat[] = "no derivative: bool or integer values only, contributes no adjoint";

static const GradRule kRules[] = {
    {"abs", tcGradRuleUnary, "dx = dy * ((x > 0) - (x < 0)) (abs'(0) = abs'(NaN) = 0, PyTorch's sgn)"},
    {"add", tcGradRuleBinary, "dlhs = unbroadcast(dy), drhs = unbroadcast(dy)"},
    {"and", NULL, kNoFloat},
    {"argmax", NULL, "no derivative: an integer result, contributes no adjoint"},
    {"argmin", NULL, "no derivative: an integer result, contributes no adjoint"},
    {"avg_pool2d", tcGradRuleAvgPool2d, "dx[window] += dy / divisor, per window tap"},
    {"batch_norm", tcGradRuleBatchNorm,
     "r = 1/sqrt(var + eps): dx = dy*scale*r, dscale = sum(dy*(x-mean)*r), dbias = sum(dy), "
     "dmean = -sum(dy)*scale*r, dvar = -sum(dy*(x-mean))*scale*r^3/2"},
    {"broadcast_to", tcGradRuleBroadcastTo, "dx = unbroadcast(dy)"},
    {"cast", tcGradRuleCast, "float -> float: dx = cast(dy) to x's dtype; other casts have no derivative"},
    {"ceil", NULL, kPiecewiseConstant},
    {"clip", tcGradRuleClip, "dx = dy where min <= x <= max, else 0 (PyTorch's clamp)"},
    {"concat", tcGradRuleConcat, "dlhs, drhs = the two slices of dy along axis"},
    {"constant", NULL, "no operands; a weight's adjoint is returned when wrt-constants makes it an argument"},
    {"conv2d", tcGradRuleConv2d,
     "dx = conv2d(pad(dilate(dy, strides)), flip(w) per group, dilations); "
     "dw = conv2d(x as [Cg, G*N], dy as [M, N], strides = dilations, dilations = strides); dbias = sum(dy)"},
    {"cos", tcGradRuleUnary, "dx = -dy * sin(x)"},
    {"div", tcGradRuleBinary, "dlhs = unbroadcast(dy / rhs), drhs = unbroadcast(-dy * lhs / (rhs * rhs))"},
    {"eq", NULL, "no derivative: a bool result, contributes no adjoint"},
    {"erf", tcGradRuleUnary, "dx = dy * 2/sqrt(pi) * exp(-x*x)"},
    {"exp", tcGradRuleUnary, "dx = dy * y"},
    {"floor", NULL, kPiecewiseConstant},
    {"fmod", tcGradRuleBinary, "dlhs = unbroadcast(dy), drhs = unbroadcast(-dy * trunc(lhs / rhs))"},
    {"gather", tcGradRuleGather, "ddata = onehot(indices)^T . dy (a sum over every index that names the element)"},
    {"ge", NULL, "no derivative: a bool result, contributes no adjoint"},
    {"gelu", tcGradRuleUnary, "dx = dy * (Phi(x) + x * exp(-x*x/2) / sqrt(2 pi))"},
    {"gemm", tcGradRuleGemm,
     "d op(a) = alpha * dy . op(b)^T, d op(b) = alpha * op(a)^T . dy (transposed back), dc = beta * unbroadcast(dy)"},
    {"global_avg_pool", tcGradRuleGlobalPool, "dx = dy / (number of spatial elements), broadcast"},
    {"global_max_pool", tcGradRuleGlobalPool,
     "dx = dy split evenly among the spatial elements equal to the maximum (as reduce_max)"},
    {"gt", NULL, "no derivative: a bool result, contributes no adjoint"},
    {"identity", tcGradRuleUnary, "dx = dy"},
    {"layer_norm", tcGradRuleLayerNorm,
     "xh = (x - mean)/sigma, g = dy*scale: dx = (g - mean(g) - xh*mean(g*xh))/sigma, "
     "dscale = unbroadcast(dy*xh), dbias = unbroadcast(dy)"},
    {"le", NULL, "no derivative: a bool result, contributes no adjoint"},
    {"log", tcGradRuleUnary, "dx = dy / x"},
    {"log_softmax", tcGradRuleSoftmax, "dx = dy - exp(y) * sum(dy) along axis"},
    {"lt", NULL, "no derivative: a bool result, contributes no adjoint"},
    {"matmul", tcGradRuleMatmul,
     "dlhs = unbroadcast(dy . rhs^T), drhs = unbroadcast(lhs^T . dy) (1-D operands promoted)"},
    {"max", tcGradRuleBinary,
     "dlhs = dy where lhs > rhs, dy/2 where lhs = rhs, 0 where lhs < rhs (drhs alike; PyTorch's maximum)"},
    {"max_pool2d", tcGradRuleMaxPool2d,
     "dx = dy routed to one element per window: the first maximum in scan order, the last NaN if there is one "
     "(PyTorch)"},
    {"min", tcGradRuleBinary,
     "dlhs = dy where lhs < rhs, dy/2 where lhs = rhs, 0 where lhs > rhs (drhs alike; PyTorch's minimum)"},
    {"mod", tcGradRuleBinary, "dlhs = unbroadcast(dy), drhs = unbroadcast(-dy * floor(lhs / rhs))"},
    {"mul", tcGradRuleBinary, "dlhs = unbroadcast(dy * rhs), drhs = unbroadcast(dy * lhs)"},
    {"ne", NULL, "no derivative: a bool result, contributes no adjoint"},
    {"neg", tcGradRuleUnary, "dx = -dy"},
    {"not", NULL, kNoFloat},
    {"or", NULL, kNoFloat},
    {"pad", tcGradRulePad,
     "constant: dx = pad(dy, -pads); edge, reflect: plus the padded positions folded back onto their sources"},
    {"pow", tcGradRuleBinary,
     "dlhs = unbroadcast(dy * rhs * lhs^(rhs-1)) (0 where rhs = 0), "
     "drhs = unbroadcast(dy * y * log(lhs)) (0 where lhs = 0 and rhs >= 0)"},
    {"reciprocal", tcGradRuleUnary, "dx = -dy * y * y"},
    {"reduce_max", tcGradRuleReduce, "dx = dy split evenly among the elements equal to the maximum"},
    {"reduce_mean", tcGradRuleReduce, "dx = broadcast(dy) / (number of reduced elements)"},
    {"reduce_min", tcGradRuleReduce, "dx = dy split evenly among the elements equal to the minimum"},
    {"reduce_prod", tcGradRuleReduce,
     "dx = dy * (product of the other elements): y / x without zeros, the product of the non-zeros at a single "
     "zero, 0 otherwise"},
    {"reduce_sum", tcGradRuleReduce, "dx = broadcast(dy)"},
    {"relu", tcGradRuleUnary, "dx = dy where y > 0, else 0 (relu'(0) = 0; PyTorch's threshold_backward)"},
    {"reshape", tcGradRuleReshape, "dx = reshape(dy)"},
    {"round", NULL, kPiecewiseConstant},
    {"rsqrt", tcGradRuleUnary, "dx = -dy * y^3 / 2"},
    {"sigmoid", tcGradRuleUnary, "dx = dy * y * (1 - y)"},
    {"sign", NULL, kPiecewiseConstant},
    {"sin", tcGradRuleUnary, "dx = dy * cos(x)"},
    {"slice", tcGradRuleSlice, "dx = dy scattered back to the positions the slice read, 0 elsewhere"},
    {"softmax", tcGradRuleSoftmax, "dx = y * (dy - sum(dy * y)) along axis"},
    {"split", tcGradRuleSplit, "dx = concat of the results' adjoints (0 for a result without one)"},
    {"sqrt", tcGradRuleUnary, "dx = dy / (2 * y)"},
    {"sub", tcGradRuleBinary, "dlhs = unbroadcast(dy), drhs = -unbroadcast(dy)"},
    {"tanh", tcGradRuleUnary, "dx = dy * (1 - y * y)"},
    {"transpose", tcGradRuleTranspose, "dx = transpose(dy, inverse(perm))"},
    {"where", tcGradRuleWhere, "dlhs = unbroadcast(where(cond, dy, 0)), drhs = unbroadcast(where(cond, 0, dy))"},
    {"xor", NULL, kNoFloat},
};

const GradRule *tcGradFindRule(MlirStringRef name) {
  static const char prefix[] = "tc_tensor.";
  size_t n = sizeof prefix - 1;
  if (name.length <= n || memcmp(name.data, prefix, n) != 0)
    return NULL;
  for (size_t i = 0; i < sizeof kRules / sizeof kRules[0]; ++i)
    if (strlen(kRules[i].kind) == name.length - n && memcmp(kRules[i].kind, name.data + n, name.length - n) == 0)
      return &kRules[i];
  return NULL;
}

bool tcGradKnowsOp(MlirStringRef opName, bool *differentiable) {
  const GradRule *rule = tcGradFindRule(opName);
  if (differentiable)
    *differentiable = rule && rule->fn;
  return rule != NULL;
}
