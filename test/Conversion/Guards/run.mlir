// The shape functions of tc-insert-guards, compiled and run: for each
// constraint kind, sizes that keep it and sizes that break it. Each case
// also runs the reference evaluator on inputs of those sizes
// (Inputs/diff-shapes.py): both must name the same constraint, the one the
// case expects, and on success the shape function must write the
// reference's result shapes; on a violation it leaves them untouched.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %S/Inputs/compile-shapes.sh %s bcast %t/bcast
// RUN: %python %S/Inputs/diff-shapes.py %t/bcast %s bcast ok f32:3 f32:1
// RUN: %python %S/Inputs/diff-shapes.py %t/bcast %s bcast ok f32:1 f32:4
// RUN: %python %S/Inputs/diff-shapes.py %t/bcast %s bcast ok f32:0 f32:1
// RUN: %python %S/Inputs/diff-shapes.py %t/bcast %s bcast broadcast f32:3 f32:4
// RUN: %python %S/Inputs/diff-shapes.py %t/bcast %s bcast broadcast f32:2 f32:0
func.func @bcast(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %y = "tc_tensor.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// Shape-preserving ops, and arg-shape on the static size of a dynamic type.
// RUN: %S/Inputs/compile-shapes.sh %s chain %t/chain
// RUN: %python %S/Inputs/diff-shapes.py %t/chain %s chain ok f32:5x4
// RUN: %python %S/Inputs/diff-shapes.py %t/chain %s chain ok f32:0x4
// RUN: %python %S/Inputs/diff-shapes.py %t/chain %s chain arg-shape f32:5x3
func.func @chain(%x: tensor<?x4xf32>) -> tensor<?x4xi32> {
  %r = "tc_tensor.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %c = "tc_tensor.clip"(%r) {min = 0.0 : f64, max = 6.0 : f64} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %s = "tc_tensor.softmax"(%c) {axis = 1 : i64} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %i = "tc_tensor.cast"(%s) : (tensor<?x4xf32>) -> tensor<?x4xi32>
  return %i : tensor<?x4xi32>
}

// where: three shapes, broadcast as the first two and then the third.
// RUN: %S/Inputs/compile-shapes.sh %s select %t/select
// RUN: %python %S/Inputs/diff-shapes.py %t/select %s select ok i1:1 f32:2x3 f32:3
// RUN: %python %S/Inputs/diff-shapes.py %t/select %s select ok i1:3 f32:1x1 f32:1
// RUN: %python %S/Inputs/diff-shapes.py %t/select %s select broadcast i1:2 f32:2x3 f32:3
// RUN: %python %S/Inputs/diff-shapes.py %t/select %s select broadcast i1:3 f32:2x3 f32:2
func.func @select(%c: tensor<?xi1>, %a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y = "tc_tensor.where"(%c, %a, %b) : (tensor<?xi1>, tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %z = "tc_tensor.lt"(%y, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xi1>
  %w = "tc_tensor.where"(%z, %y, %a) : (tensor<?x?xi1>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %w : tensor<?x?xf32>
}

// matmul: K (equal-dims) before the batch dimensions (broadcast), as the
// reference checks them; the last case breaks both.
// RUN: %S/Inputs/compile-shapes.sh %s batched %t/batched
// RUN: %python %S/Inputs/diff-shapes.py %t/batched %s batched ok f32:1x2x4 f32:3x4x5
// RUN: %python %S/Inputs/diff-shapes.py %t/batched %s batched ok f32:3x2x0 f32:3x0x5
// RUN: %python %S/Inputs/diff-shapes.py %t/batched %s batched equal-dims f32:3x2x4 f32:3x3x5
// RUN: %python %S/Inputs/diff-shapes.py %t/batched %s batched broadcast f32:2x2x4 f32:3x4x5
// RUN: %python %S/Inputs/diff-shapes.py %t/batched %s batched equal-dims f32:2x2x4 f32:3x3x5
func.func @batched(%a: tensor<?x2x?xf32>, %b: tensor<?x?x5xf32>) -> tensor<?x2x5xf32> {
  %y = "tc_tensor.matmul"(%a, %b) : (tensor<?x2x?xf32>, tensor<?x?x5xf32>) -> tensor<?x2x5xf32>
  return %y : tensor<?x2x5xf32>
}

// matmul with a rank-1 rhs: N is dropped.
// RUN: %S/Inputs/compile-shapes.sh %s matvec %t/matvec
// RUN: %python %S/Inputs/diff-shapes.py %t/matvec %s matvec ok f32:3x4 f32:4
// RUN: %python %S/Inputs/diff-shapes.py %t/matvec %s matvec equal-dims f32:3x4 f32:3
func.func @matvec(%a: tensor<?x?xf32>, %v: tensor<?xf32>) -> tensor<?xf32> {
  %y = "tc_tensor.matmul"(%a, %v) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// gemm: K, then c's unidirectional broadcast to [M, N].
// RUN: %S/Inputs/compile-shapes.sh %s gemm %t/gemm
// RUN: %python %S/Inputs/diff-shapes.py %t/gemm %s gemm ok f32:5x4 f32:3x4 f32:1x3
// RUN: %python %S/Inputs/diff-shapes.py %t/gemm %s gemm ok f32:5x4 f32:3x4 f32:5x3
// RUN: %python %S/Inputs/diff-shapes.py %t/gemm %s gemm equal-dims f32:5x4 f32:3x2 f32:5x3
// RUN: %python %S/Inputs/diff-shapes.py %t/gemm %s gemm broadcast f32:5x4 f32:3x4 f32:2x3
// RUN: %python %S/Inputs/diff-shapes.py %t/gemm %s gemm broadcast f32:5x4 f32:3x4 f32:5x2
func.func @gemm(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = "tc_tensor.gemm"(%x, %w, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = true} : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// Reductions, argmax (nonempty-axis), transpose; two results.
// RUN: %S/Inputs/compile-shapes.sh %s reduce %t/reduce
// RUN: %python %S/Inputs/diff-shapes.py %t/reduce %s reduce ok f32:2x3x4
// RUN: %python %S/Inputs/diff-shapes.py %t/reduce %s reduce ok f32:1x0x2
// RUN: %python %S/Inputs/diff-shapes.py %t/reduce %s reduce nonempty-axis f32:0x3x4
func.func @reduce(%x: tensor<?x?x?xf32>) -> (tensor<?x1x?xf32>, tensor<?x?xi64>) {
  %s = "tc_tensor.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<?x?x?xf32>) -> tensor<?x1x?xf32>
  %m = "tc_tensor.reduce_max"(%x) {axes = array<i64>, keepdims = false} : (tensor<?x?x?xf32>) -> tensor<f32>
  %t = "tc_tensor.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %a = "tc_tensor.argmax"(%t) {axis = -2 : i64, keepdims = false, select_last_index = false} : (tensor<?x?x?xf32>) -> tensor<?x?xi64>
  return %s, %a : tensor<?x1x?xf32>, tensor<?x?xi64>
}

// size-limit: a [2^20, 1] + [1, 2^20] f32 result would hold 2^42 bytes.
// RUN: %S/Inputs/compile-shapes.sh %s outer %t/outer
// RUN: %python %S/Inputs/diff-shapes.py %t/outer %s outer ok f32:1024x1 f32:1x1024
// RUN: %python %S/Inputs/diff-shapes.py %t/outer %s outer size-limit f32:1048576x1 f32:1x1048576
func.func @outer(%a: tensor<?x1xf32>, %b: tensor<1x?xf32>) -> tensor<?x?xf32> {
  %y = "tc_tensor.add"(%a, %b) : (tensor<?x1xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// reshape: a result ? is the count over the known sizes, which must divide
// it; a static result must hold the operand's count.
// RUN: %S/Inputs/compile-shapes.sh %s flatten %t/flatten
// RUN: %python %S/Inputs/diff-shapes.py %t/flatten %s flatten ok f32:2x3x4
// RUN: %python %S/Inputs/diff-shapes.py %t/flatten %s flatten reshape-count f32:0x1x4
// RUN: %python %S/Inputs/diff-shapes.py %t/flatten %s flatten reshape-count f32:5x1x2
// RUN: %python %S/Inputs/diff-shapes.py %t/flatten %s flatten reshape-count f32:2x2x4
func.func @flatten(%x: tensor<?x?x?xf32>) -> (tensor<?x6xf32>, tensor<2x12xf32>) {
  %y = "tc_tensor.reshape"(%x) : (tensor<?x?x?xf32>) -> tensor<?x6xf32>
  %z = "tc_tensor.reshape"(%y) : (tensor<?x6xf32>) -> tensor<2x12xf32>
  return %y, %z : tensor<?x6xf32>, tensor<2x12xf32>
}

// batch_norm: the channels of x must be the parameters' [C].
// RUN: %S/Inputs/compile-shapes.sh %s bn %t/bn
// RUN: %python %S/Inputs/diff-shapes.py %t/bn %s bn ok f32:2x3x5
// RUN: %python %S/Inputs/diff-shapes.py %t/bn %s bn equal-dims f32:2x4x5
func.func @bn(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %p = "tc_tensor.constant"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %y = "tc_tensor.batch_norm"(%x, %p, %p, %p, %p) {epsilon = 1.0e-05 : f64} : (tensor<?x?x?xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// conv2d: C = group · Cg, then the window along H and W.
// RUN: %S/Inputs/compile-shapes.sh %s conv %t/conv
// RUN: %python %S/Inputs/diff-shapes.py %t/conv %s conv ok f32:1x4x7x5
// RUN: %python %S/Inputs/diff-shapes.py %t/conv %s conv ok f32:2x4x2x2
// RUN: %python %S/Inputs/diff-shapes.py %t/conv %s conv equal-dims f32:1x3x7x5
// RUN: %python %S/Inputs/diff-shapes.py %t/conv %s conv equal-dims f32:1x6x7x5
// RUN: %python %S/Inputs/diff-shapes.py %t/conv %s conv window-fits f32:1x4x1x5
// RUN: %python %S/Inputs/diff-shapes.py %t/conv %s conv window-fits f32:1x4x7x0
// RUN: %python %S/Inputs/diff-shapes.py %t/conv %s conv equal-dims f32:1x5x0x0
func.func @conv(%x: tensor<?x?x?x?xf32>) -> tensor<?x6x?x?xf32> {
  %w = "tc_tensor.constant"() {value = dense<1.0> : tensor<6x2x3x2xf32>} : () -> tensor<6x2x3x2xf32>
  %y = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 2, 1>, pads = array<i64: 0, 1, 1, 0>, dilations = array<i64: 1, 2>, group = 2 : i64} : (tensor<?x?x?x?xf32>, tensor<6x2x3x2xf32>) -> tensor<?x6x?x?xf32>
  return %y : tensor<?x6x?x?xf32>
}

// The pools: floor and ceil mode, and the global pools.
// RUN: %S/Inputs/compile-shapes.sh %s pools %t/pools
// RUN: %python %S/Inputs/diff-shapes.py %t/pools %s pools ok f32:1x2x7x6
// RUN: %python %S/Inputs/diff-shapes.py %t/pools %s pools ok f32:3x1x5x5
// RUN: %python %S/Inputs/diff-shapes.py %t/pools %s pools ok f32:1x1x3x4
// RUN: %python %S/Inputs/diff-shapes.py %t/pools %s pools window-fits f32:1x2x1x6
// RUN: %python %S/Inputs/diff-shapes.py %t/pools %s pools window-fits f32:1x2x7x2
func.func @pools(%x: tensor<?x?x?x?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x1x1xf32>) {
  %m = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 0, 1, 0>, dilations = array<i64: 1, 1>, ceil_mode = true} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %a = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 2, 3>, strides = array<i64: 1, 2>, pads = array<i64: 0, 0, 0, 0>, ceil_mode = false, count_include_pad = false} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %g = "tc_tensor.global_max_pool"(%x) : (tensor<?x?x?x?xf32>) -> tensor<?x?x1x1xf32>
  return %m, %a, %g : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x1x1xf32>
}

// Ceil mode drops the last window when it would start in the end padding:
// H = 4 with pads 0, 2 gives 2 windows, not 3.
// RUN: %S/Inputs/compile-shapes.sh %s ceil %t/ceil
// RUN: %python %S/Inputs/diff-shapes.py %t/ceil %s ceil ok f32:1x1x4x4
// RUN: %python %S/Inputs/diff-shapes.py %t/ceil %s ceil ok f32:1x1x5x6
// RUN: %python %S/Inputs/diff-shapes.py %t/ceil %s ceil window-fits f32:1x1x0x4
func.func @ceil(%x: tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32> {
  %m = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 2, 2>, dilations = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32>
  return %m : tensor<1x1x?x?xf32>
}

// More values than the shape table first holds (32): its entries must not
// move while a rule holds them.
// RUN: %S/Inputs/compile-shapes.sh %s long %t/long
// RUN: %python %S/Inputs/diff-shapes.py %t/long %s long ok f32:3x4 f32:1
// RUN: %python %S/Inputs/diff-shapes.py %t/long %s long broadcast f32:3x4 f32:3
func.func @long(%x: tensor<?x4xf32>, %b: tensor<?xf32>) -> tensor<?x4xf32> {
  %r0 = "tc_tensor.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r1 = "tc_tensor.relu"(%r0) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r2 = "tc_tensor.relu"(%r1) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r3 = "tc_tensor.relu"(%r2) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r4 = "tc_tensor.relu"(%r3) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r5 = "tc_tensor.relu"(%r4) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r6 = "tc_tensor.relu"(%r5) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r7 = "tc_tensor.relu"(%r6) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r8 = "tc_tensor.relu"(%r7) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r9 = "tc_tensor.relu"(%r8) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r10 = "tc_tensor.relu"(%r9) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r11 = "tc_tensor.relu"(%r10) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r12 = "tc_tensor.relu"(%r11) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r13 = "tc_tensor.relu"(%r12) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r14 = "tc_tensor.relu"(%r13) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r15 = "tc_tensor.relu"(%r14) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r16 = "tc_tensor.relu"(%r15) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r17 = "tc_tensor.relu"(%r16) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r18 = "tc_tensor.relu"(%r17) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r19 = "tc_tensor.relu"(%r18) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r20 = "tc_tensor.relu"(%r19) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r21 = "tc_tensor.relu"(%r20) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r22 = "tc_tensor.relu"(%r21) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r23 = "tc_tensor.relu"(%r22) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r24 = "tc_tensor.relu"(%r23) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r25 = "tc_tensor.relu"(%r24) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r26 = "tc_tensor.relu"(%r25) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r27 = "tc_tensor.relu"(%r26) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r28 = "tc_tensor.relu"(%r27) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r29 = "tc_tensor.relu"(%r28) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r30 = "tc_tensor.relu"(%r29) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r31 = "tc_tensor.relu"(%r30) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r32 = "tc_tensor.relu"(%r31) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r33 = "tc_tensor.relu"(%r32) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r34 = "tc_tensor.relu"(%r33) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r35 = "tc_tensor.relu"(%r34) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r36 = "tc_tensor.relu"(%r35) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r37 = "tc_tensor.relu"(%r36) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r38 = "tc_tensor.relu"(%r37) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %r39 = "tc_tensor.relu"(%r38) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %y = "tc_tensor.add"(%r39, %b) : (tensor<?x4xf32>, tensor<?xf32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
