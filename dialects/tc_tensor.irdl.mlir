// tc_tensor.irdl.mlir - tc_tensor: tensor programs with value semantics.
//
// One irdl.operation per op of docs/dialects.md section 2.1, named and with
// operands, results and attributes named exactly as there. IRDL checks only
// what it can: the op name, operand and result counts (optional and variadic
// groups included), that every operand and result is a ranked builtin tensor,
// and that every attribute the spec lists is present with the right kind.
// Attributes are all required because the spec has no defaults. Shapes,
// dtypes, static-ness, attribute values and unknown attributes are left to
// tc-verify, which implements the rest of the spec. Every operand, result and
// attribute gets its own constraint value: IRDL binds a value to the first
// thing it matches, so sharing one would force two operands to be equal.
// The same binding applies inside a variadic group, which IRDL checks
// against one value: its members all have one type. That is why concat is
// binary and split makes equal parts (docs/dialects.md §2.2.22-23).
// The file is data read both by tensorc (embedded at build time) and by
// upstream `mlir-opt --irdl-file=`; keep it loadable by both.

irdl.dialect @tc_tensor {
  //===----------------------------------------------------------------------===//
  // Unary elementwise: x -> result, same shape and dtype. Trailing comment: dtypes.
  //===----------------------------------------------------------------------===//

  irdl.operation @neg {  // numeric
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @abs {  // numeric
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @exp {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @log {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @sqrt {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @rsqrt {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @tanh {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @sigmoid {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @relu {  // numeric
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @gelu {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @erf {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @sin {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @cos {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @floor {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @ceil {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @round {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @sign {  // numeric
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @reciprocal {  // float
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @not {  // bool, int
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  irdl.operation @identity {  // any
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  //===----------------------------------------------------------------------===//
  // Binary elementwise: lhs, rhs -> result, NumPy broadcasting, same dtype.
  // Trailing comment: dtypes.
  //===----------------------------------------------------------------------===//

  irdl.operation @add {  // numeric
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @sub {  // numeric
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @mul {  // numeric
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @div {  // numeric
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @pow {  // numeric
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @max {  // numeric
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @min {  // numeric
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @mod {  // numeric
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @fmod {  // numeric
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @and {  // bool, int
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @or {  // bool, int
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @xor {  // bool, int
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  //===----------------------------------------------------------------------===//
  // Comparisons: lhs, rhs (numeric or bool) -> result (i1), NumPy broadcasting.
  //===----------------------------------------------------------------------===//

  irdl.operation @eq {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @ne {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @lt {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @le {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @gt {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @ge {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  //===----------------------------------------------------------------------===//
  // Selection, clipping, conversion, constants.
  //===----------------------------------------------------------------------===//

  // where: cond (i1) ? lhs : rhs, 3-way broadcasting.
  irdl.operation @where {
    %cond = irdl.base "!builtin.tensor"
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(cond: %cond, lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // clip: min/max are F64 for float x, I64 for int x, hence any_of.
  irdl.operation @clip {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %min_int = irdl.base "#builtin.integer"
    %min_float = irdl.base "#builtin.float"
    %min = irdl.any_of(%min_int, %min_float)
    %max_int = irdl.base "#builtin.integer"
    %max_float = irdl.base "#builtin.float"
    %max = irdl.any_of(%max_int, %max_float)
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"min" = %min, "max" = %max}
  }

  // cast: same shape, any dtype to any dtype.
  irdl.operation @cast {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // constant: value is dense or dense_resource; tc-verify checks its type.
  irdl.operation @constant {
    %result = irdl.base "!builtin.tensor"
    %value = irdl.any
    irdl.operands()
    irdl.results(result: %result)
    irdl.attributes {"value" = %value}
  }

  //===----------------------------------------------------------------------===//
  // Linear algebra.
  //===----------------------------------------------------------------------===//

  // matmul: NumPy matmul, batch broadcasting.
  irdl.operation @matmul {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // gemm: alpha * op(a) * op(b) + beta * c; c optional.
  irdl.operation @gemm {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %c = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %alpha = irdl.base "#builtin.float"
    %beta = irdl.base "#builtin.float"
    %trans_a = irdl.base "#builtin.integer"
    %trans_b = irdl.base "#builtin.integer"
    irdl.operands(a: %a, b: %b, c: optional %c)
    irdl.results(result: %result)
    irdl.attributes {"alpha" = %alpha, "beta" = %beta, "trans_a" = %trans_a, "trans_b" = %trans_b}
  }

  //===----------------------------------------------------------------------===//
  // Convolution and pooling (NCHW).
  //===----------------------------------------------------------------------===//

  // conv2d: w is [M, C/group, kH, kW]; bias [M] optional.
  irdl.operation @conv2d {
    %x = irdl.base "!builtin.tensor"
    %w = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %strides = irdl.base "#builtin.dense_array"
    %pads = irdl.base "#builtin.dense_array"
    %dilations = irdl.base "#builtin.dense_array"
    %group = irdl.base "#builtin.integer"
    irdl.operands(x: %x, w: %w, bias: optional %bias)
    irdl.results(result: %result)
    irdl.attributes {
      "strides" = %strides,
      "pads" = %pads,
      "dilations" = %dilations,
      "group" = %group
    }
  }

  // max_pool2d: numeric.
  irdl.operation @max_pool2d {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %kernel = irdl.base "#builtin.dense_array"
    %strides = irdl.base "#builtin.dense_array"
    %pads = irdl.base "#builtin.dense_array"
    %dilations = irdl.base "#builtin.dense_array"
    %ceil_mode = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {
      "kernel" = %kernel,
      "strides" = %strides,
      "pads" = %pads,
      "dilations" = %dilations,
      "ceil_mode" = %ceil_mode
    }
  }

  // avg_pool2d: float.
  irdl.operation @avg_pool2d {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %kernel = irdl.base "#builtin.dense_array"
    %strides = irdl.base "#builtin.dense_array"
    %pads = irdl.base "#builtin.dense_array"
    %ceil_mode = irdl.base "#builtin.integer"
    %count_include_pad = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {
      "kernel" = %kernel,
      "strides" = %strides,
      "pads" = %pads,
      "ceil_mode" = %ceil_mode,
      "count_include_pad" = %count_include_pad
    }
  }

  // global_max_pool: [N, C, d...] -> [N, C, 1...].
  irdl.operation @global_max_pool {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // global_avg_pool: [N, C, d...] -> [N, C, 1...].
  irdl.operation @global_avg_pool {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  //===----------------------------------------------------------------------===//
  // Normalisation.
  //===----------------------------------------------------------------------===//

  // batch_norm: inference form, channel dim 1.
  irdl.operation @batch_norm {
    %x = irdl.base "!builtin.tensor"
    %scale = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %mean = irdl.base "!builtin.tensor"
    %var = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %epsilon = irdl.base "#builtin.float"
    irdl.operands(x: %x, scale: %scale, bias: %bias, mean: %mean, var: %var)
    irdl.results(result: %result)
    irdl.attributes {"epsilon" = %epsilon}
  }

  // layer_norm: over dims [axis, r); bias optional.
  irdl.operation @layer_norm {
    %x = irdl.base "!builtin.tensor"
    %scale = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    %epsilon = irdl.base "#builtin.float"
    irdl.operands(x: %x, scale: %scale, bias: optional %bias)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis, "epsilon" = %epsilon}
  }

  // softmax: along one axis.
  irdl.operation @softmax {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis}
  }

  // log_softmax: along one axis.
  irdl.operation @log_softmax {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis}
  }

  //===----------------------------------------------------------------------===//
  // Reductions.
  //===----------------------------------------------------------------------===//

  // reduce_sum: empty axes = all axes.
  irdl.operation @reduce_sum {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.dense_array"
    %keepdims = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"axes" = %axes, "keepdims" = %keepdims}
  }

  // reduce_prod: empty axes = all axes.
  irdl.operation @reduce_prod {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.dense_array"
    %keepdims = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"axes" = %axes, "keepdims" = %keepdims}
  }

  // reduce_max: empty axes = all axes.
  irdl.operation @reduce_max {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.dense_array"
    %keepdims = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"axes" = %axes, "keepdims" = %keepdims}
  }

  // reduce_min: empty axes = all axes.
  irdl.operation @reduce_min {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.dense_array"
    %keepdims = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"axes" = %axes, "keepdims" = %keepdims}
  }

  // reduce_mean: empty axes = all axes.
  irdl.operation @reduce_mean {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.dense_array"
    %keepdims = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"axes" = %axes, "keepdims" = %keepdims}
  }

  // argmax: result dtype i64.
  irdl.operation @argmax {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    %keepdims = irdl.base "#builtin.integer"
    %select_last_index = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {
      "axis" = %axis,
      "keepdims" = %keepdims,
      "select_last_index" = %select_last_index
    }
  }

  // argmin: result dtype i64.
  irdl.operation @argmin {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    %keepdims = irdl.base "#builtin.integer"
    %select_last_index = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {
      "axis" = %axis,
      "keepdims" = %keepdims,
      "select_last_index" = %select_last_index
    }
  }

  //===----------------------------------------------------------------------===//
  // Shape and data movement.
  //===----------------------------------------------------------------------===//

  // transpose: result.shape[i] = x.shape[perm[i]].
  irdl.operation @transpose {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %perm = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"perm" = %perm}
  }

  // reshape: same element count; the result type is the new shape.
  irdl.operation @reshape {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // broadcast_to: unidirectional; the result type is the target.
  irdl.operation @broadcast_to {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // concat: binary; n inputs are a chain (docs/dialects.md §2.2.22).
  irdl.operation @concat {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis}
  }

  // split: n >= 1 equal parts (tc-verify checks n >= 1); IRDL makes every
  // member of the variadic group one type, which is what the spec asks.
  irdl.operation @split {
    %x = irdl.base "!builtin.tensor"
    %results = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(results: variadic %results)
    irdl.attributes {"axis" = %axis}
  }

  // slice: Python slicing per dim.
  irdl.operation @slice {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %starts = irdl.base "#builtin.dense_array"
    %ends = irdl.base "#builtin.dense_array"
    %steps = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"starts" = %starts, "ends" = %ends, "steps" = %steps}
  }

  // gather: NumPy take; indices i32 or i64.
  irdl.operation @gather {
    %data = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.operands(data: %data, indices: %indices)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis}
  }

  // pad: pads = [begins..., ends...]; mode constant, reflect or edge.
  irdl.operation @pad {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %pads = irdl.base "#builtin.dense_array"
    %mode = irdl.base "#builtin.string"
    %value = irdl.base "#builtin.float"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"pads" = %pads, "mode" = %mode, "value" = %value}
  }
}
