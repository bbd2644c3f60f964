// 20 rounds of t = t - max(t, axis 1): 40 nests that neither fusion pass can
// merge (each t is read by the next round's reduction and its subtraction),
// so tc-lower-loops outlines them (test/Conversion/LoopToSCF/outline-conform.test).
func.func @many(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %r0 = "tc_tensor.reduce_max"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t0 = "tc_tensor.sub"(%x, %r0) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r1 = "tc_tensor.reduce_max"(%t0) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t1 = "tc_tensor.sub"(%t0, %r1) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r2 = "tc_tensor.reduce_max"(%t1) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t2 = "tc_tensor.sub"(%t1, %r2) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r3 = "tc_tensor.reduce_max"(%t2) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t3 = "tc_tensor.sub"(%t2, %r3) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r4 = "tc_tensor.reduce_max"(%t3) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t4 = "tc_tensor.sub"(%t3, %r4) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r5 = "tc_tensor.reduce_max"(%t4) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t5 = "tc_tensor.sub"(%t4, %r5) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r6 = "tc_tensor.reduce_max"(%t5) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t6 = "tc_tensor.sub"(%t5, %r6) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r7 = "tc_tensor.reduce_max"(%t6) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t7 = "tc_tensor.sub"(%t6, %r7) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r8 = "tc_tensor.reduce_max"(%t7) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t8 = "tc_tensor.sub"(%t7, %r8) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r9 = "tc_tensor.reduce_max"(%t8) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t9 = "tc_tensor.sub"(%t8, %r9) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r10 = "tc_tensor.reduce_max"(%t9) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t10 = "tc_tensor.sub"(%t9, %r10) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r11 = "tc_tensor.reduce_max"(%t10) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t11 = "tc_tensor.sub"(%t10, %r11) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r12 = "tc_tensor.reduce_max"(%t11) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t12 = "tc_tensor.sub"(%t11, %r12) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r13 = "tc_tensor.reduce_max"(%t12) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t13 = "tc_tensor.sub"(%t12, %r13) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r14 = "tc_tensor.reduce_max"(%t13) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t14 = "tc_tensor.sub"(%t13, %r14) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r15 = "tc_tensor.reduce_max"(%t14) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t15 = "tc_tensor.sub"(%t14, %r15) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r16 = "tc_tensor.reduce_max"(%t15) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t16 = "tc_tensor.sub"(%t15, %r16) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r17 = "tc_tensor.reduce_max"(%t16) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t17 = "tc_tensor.sub"(%t16, %r17) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r18 = "tc_tensor.reduce_max"(%t17) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t18 = "tc_tensor.sub"(%t17, %r18) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %r19 = "tc_tensor.reduce_max"(%t18) {axes = array<i64: 1>, keepdims = true} : (tensor<4x6xf32>) -> tensor<4x1xf32>
  %t19 = "tc_tensor.sub"(%t18, %r19) : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  return %t19 : tensor<4x6xf32>
}
