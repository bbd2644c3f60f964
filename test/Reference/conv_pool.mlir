// Reference evaluation of conv2d and pooling (lib/Reference/EvalConvPool.c,
// docs/dialects.md §2.2.10-13): small programs with exactly known results,
// including pads, strides, dilations, groups, padding that meets a NaN
// weight, ceil mode, count_include_pad, windows with no valid element and
// empty dimensions.

// RUN: tensor-ref %s --fn conv_basic | FileCheck %s --match-full-lines --check-prefix=CONV
// CONV: output #0: tensor<1x1x2x2xf32> = {{\[}}[{{\[}}[12, 16], [24, 28]]]]
func.func @conv_basic() -> tensor<1x1x2x2xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]]> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %w = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %y = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  return %y : tensor<1x1x2x2xf32>
}

// Pads 1, strides 2, dilations 2: output (oh, ow) reads rows and columns
// 2·o − 1 and 2·o + 1, so only x[1][1] = 5 is ever real; the weights
// 1, 10, 100, 1000 show which tap read it. Plus the bias 0.5.
// RUN: tensor-ref %s --fn conv_window | FileCheck %s --match-full-lines --check-prefix=WINDOW
// WINDOW: output #0: tensor<1x1x2x2xf32> = {{\[}}[{{\[}}[5000.5, 500.5], [50.5, 5.5]]]]
func.func @conv_window() -> tensor<1x1x2x2xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]]> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %w = "tc_tensor.constant"() {value = dense<[[[[1.0, 10.0], [100.0, 1000.0]]]]> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %b = "tc_tensor.constant"() {value = dense<0.5> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 2, 2>, group = 1 : i64} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32>
  return %y : tensor<1x1x2x2xf32>
}

// Groups: with group 2, output channels 0, 1 read input channels 0, 1 and
// output channels 2, 3 read input channels 2, 3. Asymmetric pads.
// RUN: tensor-ref %s --fn conv_groups | FileCheck %s --match-full-lines --check-prefix=GROUPS
// GROUPS:      output #0: tensor<1x4x1x1xf32> = {{\[}}[{{\[}}[3]], {{\[}}[-1]], {{\[}}[7]], {{\[}}[-1]]]]
// GROUPS-NEXT: output #1: tensor<1x1x2x3xf32> = {{\[}}[{{\[}}[0, 0, 0], [1, 2, 0]]]]
func.func @conv_groups() -> (tensor<1x4x1x1xf32>, tensor<1x1x2x3xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[[[1.0]], [[2.0]], [[3.0]], [[4.0]]]]> : tensor<1x4x1x1xf32>} : () -> tensor<1x4x1x1xf32>
  %w = "tc_tensor.constant"() {value = dense<[[[[1.0]], [[1.0]]], [[[1.0]], [[-1.0]]], [[[1.0]], [[1.0]]], [[[1.0]], [[-1.0]]]]> : tensor<4x2x1x1xf32>} : () -> tensor<4x2x1x1xf32>
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 2 : i64} : (tensor<1x4x1x1xf32>, tensor<4x2x1x1xf32>) -> tensor<1x4x1x1xf32>
  %s = "tc_tensor.constant"() {value = dense<[[[[1.0, 2.0]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %one = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %1 = "tc_tensor.conv2d"(%s, %one) {strides = array<i64: 1, 1>, pads = array<i64: 1, 0, 0, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x1x2xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x2x3xf32>
  return %0, %1 : tensor<1x4x1x1xf32>, tensor<1x1x2x3xf32>
}

// A padded position reads +0 and is multiplied like any element: a NaN or
// inf weight on padding gives NaN. Without a bias a sum of -0 products
// stays -0; a +0 bias makes it +0.
// RUN: tensor-ref %s --fn conv_special | FileCheck %s --match-full-lines --check-prefix=CSPECIAL
// CSPECIAL:      output #0: tensor<1x1x1x1xf32> = {{\[}}[{{\[}}[{{-?}}nan]]]]
// CSPECIAL-NEXT: output #1: tensor<1x1x1x1xf32> = {{\[}}[{{\[}}[{{-?}}nan]]]]
// CSPECIAL-NEXT: output #2: tensor<1x1x1x1xf32> = {{\[}}[{{\[}}[-0]]]]
// CSPECIAL-NEXT: output #3: tensor<1x1x1x1xf32> = {{\[}}[{{\[}}[0]]]]
func.func @conv_special() -> (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) {
  %x = "tc_tensor.constant"() {value = dense<5.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %wn = "tc_tensor.constant"() {value = dense<[[[[0x7FC00000, 1.0]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %wi = "tc_tensor.constant"() {value = dense<[[[[0x7F800000, 1.0]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %0 = "tc_tensor.conv2d"(%x, %wn) {strides = array<i64: 1, 1>, pads = array<i64: 0, 1, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x1x1xf32>, tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>
  %1 = "tc_tensor.conv2d"(%x, %wi) {strides = array<i64: 1, 1>, pads = array<i64: 0, 1, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x1x1xf32>, tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>
  %nz = "tc_tensor.constant"() {value = dense<-0.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %one = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %zero = "tc_tensor.constant"() {value = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "tc_tensor.conv2d"(%nz, %one) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %3 = "tc_tensor.conv2d"(%nz, %one, %zero) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1xf32>) -> tensor<1x1x1x1xf32>
  return %0, %1, %2, %3 : tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>
}

// No input channels (Cg = 0) gives the bias, or +0; no batch gives nothing.
// RUN: tensor-ref %s --fn conv_empty | FileCheck %s --match-full-lines --check-prefix=CEMPTY
// CEMPTY:      output #0: tensor<1x2x1x2xf32> = {{\[}}[{{\[}}[1.5, 1.5]], {{\[}}[-2, -2]]]]
// CEMPTY-NEXT: output #1: tensor<1x2x1x2xf32> = {{\[}}[{{\[}}[0, 0]], {{\[}}[0, 0]]]]
// CEMPTY-NEXT: output #2: tensor<0x1x2x2xf32> = []
func.func @conv_empty() -> (tensor<1x2x1x2xf32>, tensor<1x2x1x2xf32>, tensor<0x1x2x2xf32>) {
  %x = "tc_tensor.constant"() {value = dense<> : tensor<1x0x1x2xf32>} : () -> tensor<1x0x1x2xf32>
  %w = "tc_tensor.constant"() {value = dense<> : tensor<2x0x1x1xf32>} : () -> tensor<2x0x1x1xf32>
  %b = "tc_tensor.constant"() {value = dense<[1.5, -2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x0x1x2xf32>, tensor<2x0x1x1xf32>, tensor<2xf32>) -> tensor<1x2x1x2xf32>
  %1 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x0x1x2xf32>, tensor<2x0x1x1xf32>) -> tensor<1x2x1x2xf32>
  %n = "tc_tensor.constant"() {value = dense<> : tensor<0x1x2x2xf32>} : () -> tensor<0x1x2x2xf32>
  %one = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %2 = "tc_tensor.conv2d"(%n, %one) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<0x1x2x2xf32>, tensor<1x1x1x1xf32>) -> tensor<0x1x2x2xf32>
  return %0, %1, %2 : tensor<1x2x1x2xf32>, tensor<1x2x1x2xf32>, tensor<0x1x2x2xf32>
}

// RUN: tensor-ref %s --fn max_pool_basic | FileCheck %s --match-full-lines --check-prefix=MAXPOOL
// MAXPOOL:      output #0: tensor<1x1x2x2xf32> = {{\[}}[{{\[}}[5, 7], [13, 15]]]]
// MAXPOOL-NEXT: output #1: tensor<1x1x1x2xi8> = {{\[}}[{{\[}}[-3, 100]]]]
// MAXPOOL-NEXT: output #2: tensor<1x1x1x1xui8> = {{\[}}[{{\[}}[200]]]]
func.func @max_pool_basic() -> (tensor<1x1x2x2xf32>, tensor<1x1x1x2xi8>, tensor<1x1x1x1xui8>) {
  %x = "tc_tensor.constant"() {value = dense<[[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]]]> : tensor<1x1x4x4xf32>} : () -> tensor<1x1x4x4xf32>
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  %i = "tc_tensor.constant"() {value = dense<[[[[-5, -3, 100, -128]]]]> : tensor<1x1x1x4xi8>} : () -> tensor<1x1x1x4xi8>
  %1 = "tc_tensor.max_pool2d"(%i) {kernel = array<i64: 1, 2>, strides = array<i64: 1, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x1x4xi8>) -> tensor<1x1x1x2xi8>
  %u = "tc_tensor.constant"() {value = dense<[[[[200, 3]]]]> : tensor<1x1x1x2xui8>} : () -> tensor<1x1x1x2xui8>
  %2 = "tc_tensor.max_pool2d"(%u) {kernel = array<i64: 1, 2>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x1x2xui8>) -> tensor<1x1x1x1xui8>
  return %0, %1, %2 : tensor<1x1x2x2xf32>, tensor<1x1x1x2xi8>, tensor<1x1x1x1xui8>
}

// Ceil mode adds a last window that starts inside the input (it holds only
// x[4] = 3), and drops one that would start in the end padding.
// RUN: tensor-ref %s --fn max_pool_ceil | FileCheck %s --match-full-lines --check-prefix=CEIL
// CEIL:      output #0: tensor<1x1x1x2xf32> = {{\[}}[{{\[}}[5, 4]]]]
// CEIL-NEXT: output #1: tensor<1x1x1x3xf32> = {{\[}}[{{\[}}[5, 4, 3]]]]
// CEIL-NEXT: output #2: tensor<1x1x1x1xf32> = {{\[}}[{{\[}}[2]]]]
func.func @max_pool_ceil() -> (tensor<1x1x1x2xf32>, tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[[[1.0, 5.0, 2.0, 4.0, 3.0]]]]> : tensor<1x1x1x5xf32>} : () -> tensor<1x1x1x5xf32>
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 1, 2>, strides = array<i64: 1, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x1x5xf32>) -> tensor<1x1x1x2xf32>
  %1 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 1, 2>, strides = array<i64: 1, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x1x1x5xf32>) -> tensor<1x1x1x3xf32>
  %s = "tc_tensor.constant"() {value = dense<[[[[1.0, 2.0]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %2 = "tc_tensor.max_pool2d"(%s) {kernel = array<i64: 1, 2>, strides = array<i64: 1, 2>, pads = array<i64: 0, 0, 0, 1>, dilations = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>
  return %0, %1, %2 : tensor<1x1x1x2xf32>, tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>
}

// max's rules: +0 over -0 in either order, NaN wins.
// RUN: tensor-ref %s --fn max_pool_special | FileCheck %s --match-full-lines --check-prefix=MSPECIAL
// MSPECIAL: output #0: tensor<1x1x1x3xf32> = {{\[}}[{{\[}}[0, 0, {{-?}}nan]]]]
func.func @max_pool_special() -> tensor<1x1x1x3xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[[[-0.0, 0.0, 0.0, -0.0, 0x7FC00000, 1.0]]]]> : tensor<1x1x1x6xf32>} : () -> tensor<1x1x1x6xf32>
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 1, 2>, strides = array<i64: 1, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x1x6xf32>) -> tensor<1x1x1x3xf32>
  return %0 : tensor<1x1x1x3xf32>
}

// A window with no valid element: dilation 2 steps over a height-1 input
// (rows -1 and 1), or the input has height 0. The value is reduce_max's over
// the empty set: -inf, the signed minimum, or 0 unsigned.
// RUN: tensor-ref %s --fn max_pool_empty_window | FileCheck %s --match-full-lines --check-prefix=MEMPTY
// MEMPTY:      output #0: tensor<1x1x1x1xf32> = {{\[}}[{{\[}}[-inf]]]]
// MEMPTY-NEXT: output #1: tensor<1x1x1x1xi8> = {{\[}}[{{\[}}[-128]]]]
// MEMPTY-NEXT: output #2: tensor<1x1x1x1xui8> = {{\[}}[{{\[}}[0]]]]
// MEMPTY-NEXT: output #3: tensor<1x1x1x2xf32> = {{\[}}[{{\[}}[-inf, -inf]]]]
func.func @max_pool_empty_window() -> (tensor<1x1x1x1xf32>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xui8>, tensor<1x1x1x2xf32>) {
  %x = "tc_tensor.constant"() {value = dense<7.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %i = "tc_tensor.constant"() {value = dense<7> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %u = "tc_tensor.constant"() {value = dense<7> : tensor<1x1x1x1xui8>} : () -> tensor<1x1x1x1xui8>
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 1>, strides = array<i64: 1, 1>, pads = array<i64: 1, 0, 1, 0>, dilations = array<i64: 2, 1>, ceil_mode = false} : (tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %1 = "tc_tensor.max_pool2d"(%i) {kernel = array<i64: 2, 1>, strides = array<i64: 1, 1>, pads = array<i64: 1, 0, 1, 0>, dilations = array<i64: 2, 1>, ceil_mode = false} : (tensor<1x1x1x1xi8>) -> tensor<1x1x1x1xi8>
  %2 = "tc_tensor.max_pool2d"(%u) {kernel = array<i64: 2, 1>, strides = array<i64: 1, 1>, pads = array<i64: 1, 0, 1, 0>, dilations = array<i64: 2, 1>, ceil_mode = false} : (tensor<1x1x1x1xui8>) -> tensor<1x1x1x1xui8>
  %e = "tc_tensor.constant"() {value = dense<> : tensor<1x1x0x2xf32>} : () -> tensor<1x1x0x2xf32>
  %3 = "tc_tensor.max_pool2d"(%e) {kernel = array<i64: 2, 1>, strides = array<i64: 1, 1>, pads = array<i64: 1, 0, 1, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x0x2xf32>) -> tensor<1x1x1x2xf32>
  return %0, %1, %2, %3 : tensor<1x1x1x1xf32>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xui8>, tensor<1x1x1x2xf32>
}

// RUN: tensor-ref %s --fn avg_pool_basic | FileCheck %s --match-full-lines --check-prefix=AVG
// AVG: output #0: tensor<1x1x1x2xf32> = {{\[}}[{{\[}}[3.5, 5.5]]]]
func.func @avg_pool_basic() -> tensor<1x1x1x2xf32> {
  %x = "tc_tensor.constant"() {value = dense<[[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]]]> : tensor<1x1x2x4xf32>} : () -> tensor<1x1x2x4xf32>
  %0 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, ceil_mode = false, count_include_pad = false} : (tensor<1x1x2x4xf32>) -> tensor<1x1x1x2xf32>
  return %0 : tensor<1x1x1x2xf32>
}

// Each 2x2 window over the padded input holds one element of x:
// count_include_pad = false divides by 1, true by 4.
// RUN: tensor-ref %s --fn avg_pool_pads | FileCheck %s --match-full-lines --check-prefix=AVGPADS
// AVGPADS:      output #0: tensor<1x1x2x2xf32> = {{\[}}[{{\[}}[1, 2], [3, 4]]]]
// AVGPADS-NEXT: output #1: tensor<1x1x2x2xf32> = {{\[}}[{{\[}}[0.25, 0.5], [0.75, 1]]]]
func.func @avg_pool_pads() -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %0 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = false} : (tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %1 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = true} : (tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  return %0, %1 : tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>
}

// Ceil mode over [1..6] with pads 1, kernel 3, stride 2: windows start at
// padded columns 0, 2, 4, 6; the last covers x[5], the right pad and one
// position past the padding, which never counts: D = 2 with
// count_include_pad (6 / 2), |V| = 1 without (6 / 1).
// RUN: tensor-ref %s --fn avg_pool_ceil | FileCheck %s --match-full-lines --check-prefix=AVGCEIL
// AVGCEIL:      output #0: tensor<1x1x1x4xf32> = {{\[}}[{{\[}}[1.5, 3, 5, 6]]]]
// AVGCEIL-NEXT: output #1: tensor<1x1x1x4xf32> = {{\[}}[{{\[}}[1, 3, 5, 3]]]]
func.func @avg_pool_ceil() -> (tensor<1x1x1x4xf32>, tensor<1x1x1x4xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]]]]> : tensor<1x1x1x6xf32>} : () -> tensor<1x1x1x6xf32>
  %0 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 1, 3>, strides = array<i64: 1, 2>, pads = array<i64: 0, 1, 0, 1>, ceil_mode = true, count_include_pad = false} : (tensor<1x1x1x6xf32>) -> tensor<1x1x1x4xf32>
  %1 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 1, 3>, strides = array<i64: 1, 2>, pads = array<i64: 0, 1, 0, 1>, ceil_mode = true, count_include_pad = true} : (tensor<1x1x1x6xf32>) -> tensor<1x1x1x4xf32>
  return %0, %1 : tensor<1x1x1x4xf32>, tensor<1x1x1x4xf32>
}

// -0 averages to -0, NaN propagates; an empty input (height 0) gives
// 0/0 = NaN without count_include_pad and +0/2 with it.
// RUN: tensor-ref %s --fn avg_pool_special | FileCheck %s --match-full-lines --check-prefix=ASPECIAL
// ASPECIAL:      output #0: tensor<1x1x1x2xf32> = {{\[}}[{{\[}}[-0, {{-?}}nan]]]]
// ASPECIAL-NEXT: output #1: tensor<1x1x1x2xf32> = {{\[}}[{{\[}}[{{-?}}nan, {{-?}}nan]]]]
// ASPECIAL-NEXT: output #2: tensor<1x1x1x2xf32> = {{\[}}[{{\[}}[0, 0]]]]
func.func @avg_pool_special() -> (tensor<1x1x1x2xf32>, tensor<1x1x1x2xf32>, tensor<1x1x1x2xf32>) {
  %x = "tc_tensor.constant"() {value = dense<[[[[-0.0, -0.0, 0x7FC00000, 1.0]]]]> : tensor<1x1x1x4xf32>} : () -> tensor<1x1x1x4xf32>
  %0 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 1, 2>, strides = array<i64: 1, 2>, pads = array<i64: 0, 0, 0, 0>, ceil_mode = false, count_include_pad = false} : (tensor<1x1x1x4xf32>) -> tensor<1x1x1x2xf32>
  %e = "tc_tensor.constant"() {value = dense<> : tensor<1x1x0x2xf32>} : () -> tensor<1x1x0x2xf32>
  %1 = "tc_tensor.avg_pool2d"(%e) {kernel = array<i64: 2, 1>, strides = array<i64: 1, 1>, pads = array<i64: 1, 0, 1, 0>, ceil_mode = false, count_include_pad = false} : (tensor<1x1x0x2xf32>) -> tensor<1x1x1x2xf32>
  %2 = "tc_tensor.avg_pool2d"(%e) {kernel = array<i64: 2, 1>, strides = array<i64: 1, 1>, pads = array<i64: 1, 0, 1, 0>, ceil_mode = false, count_include_pad = true} : (tensor<1x1x0x2xf32>) -> tensor<1x1x1x2xf32>
  return %0, %1, %2 : tensor<1x1x1x2xf32>, tensor<1x1x1x2xf32>, tensor<1x1x1x2xf32>
}

// The global pools reduce every spatial dimension, keeping it as 1; a NaN
// poisons its channel; an empty spatial dimension gives -inf (the integer
// minimum) and NaN.
// RUN: tensor-ref %s --fn global_pools | FileCheck %s --match-full-lines --check-prefix=GLOBAL
// GLOBAL:      output #0: tensor<1x2x1x1xf32> = {{\[}}[{{\[}}[4]], {{\[}}[{{-?}}nan]]]]
// GLOBAL-NEXT: output #1: tensor<1x2x1x1xf32> = {{\[}}[{{\[}}[2.5]], {{\[}}[{{-?}}nan]]]]
// GLOBAL-NEXT: output #2: tensor<2x1x1xf32> = {{\[}}[{{\[}}2]], {{\[}}[5]]]
// GLOBAL-NEXT: output #3: tensor<1x1x1xf32> = {{\[}}[{{\[}}-inf]]]
// GLOBAL-NEXT: output #4: tensor<1x1x1xf32> = {{\[}}[{{\[}}{{-?}}nan]]]
// GLOBAL-NEXT: output #5: tensor<1x2x1xi32> = {{\[}}[{{\[}}-2147483648], [-2147483648]]]
func.func @global_pools() -> (tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>, tensor<2x1x1xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf32>, tensor<1x2x1xi32>) {
  %x = "tc_tensor.constant"() {value = dense<[[[[1.0, 2.0], [3.0, 4.0]], [[-1.0, -8.0], [0x7FC00000, 0.0]]]]> : tensor<1x2x2x2xf32>} : () -> tensor<1x2x2x2xf32>
  %0 = "tc_tensor.global_max_pool"(%x) : (tensor<1x2x2x2xf32>) -> tensor<1x2x1x1xf32>
  %1 = "tc_tensor.global_avg_pool"(%x) : (tensor<1x2x2x2xf32>) -> tensor<1x2x1x1xf32>
  %r = "tc_tensor.constant"() {value = dense<[[[1.0, 2.0, 3.0]], [[4.0, 5.0, 6.0]]]> : tensor<2x1x3xf32>} : () -> tensor<2x1x3xf32>
  %2 = "tc_tensor.global_avg_pool"(%r) : (tensor<2x1x3xf32>) -> tensor<2x1x1xf32>
  %e = "tc_tensor.constant"() {value = dense<> : tensor<1x1x0xf32>} : () -> tensor<1x1x0xf32>
  %3 = "tc_tensor.global_max_pool"(%e) : (tensor<1x1x0xf32>) -> tensor<1x1x1xf32>
  %4 = "tc_tensor.global_avg_pool"(%e) : (tensor<1x1x0xf32>) -> tensor<1x1x1xf32>
  %ei = "tc_tensor.constant"() {value = dense<> : tensor<1x2x0xi32>} : () -> tensor<1x2x0xi32>
  %5 = "tc_tensor.global_max_pool"(%ei) : (tensor<1x2x0xi32>) -> tensor<1x2x1xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>, tensor<2x1x1xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf32>, tensor<1x2x1xi32>
}

// The evaluator checks the spec's rules itself (exit 2, structural).
// RUN: %expect_exit 2 tensor-ref %s --fn max_pool_bad_pad 2>&1 | FileCheck %s --check-prefix=BADPAD
// BADPAD: error: 'tc_tensor.max_pool2d' op pads along the height must be smaller than the window extent
func.func @max_pool_bad_pad() -> tensor<1x1x2x1xf32> {
  %x = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 1, 1>, strides = array<i64: 1, 1>, pads = array<i64: 1, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x1x1xf32>) -> tensor<1x1x2x1xf32>
  return %0 : tensor<1x1x2x1xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --fn avg_pool_bad_ceil_result 2>&1 | FileCheck %s --check-prefix=BADCEIL
// BADCEIL: error: 'tc_tensor.avg_pool2d' op result #0 is declared 1x1x1x2 but the spec's shape rule gives 1x1x1x1
func.func @avg_pool_bad_ceil_result() -> tensor<1x1x1x2xf32> {
  %x = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %0 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 1, 2>, strides = array<i64: 1, 2>, pads = array<i64: 0, 0, 0, 1>, ceil_mode = true, count_include_pad = true} : (tensor<1x1x1x2xf32>) -> tensor<1x1x1x2xf32>
  return %0 : tensor<1x1x1x2xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --fn conv_bad_channels 2>&1 | FileCheck %s --check-prefix=BADCH
// BADCH: error: 'tc_tensor.conv2d' op dimension 1 of 'w' must be C / group = 1, got 2
func.func @conv_bad_channels() -> tensor<1x2x1x1xf32> {
  %x = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x2x1x1xf32>} : () -> tensor<1x2x1x1xf32>
  %w = "tc_tensor.constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 2 : i64} : (tensor<1x2x1x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  return %0 : tensor<1x2x1x1xf32>
}

// RUN: %expect_exit 2 tensor-ref %s --fn conv_kernel_too_big 2>&1 | FileCheck %s --check-prefix=BIGK
// BIGK: error: 'tc_tensor.conv2d' op the window (kernel 3, dilation 1) must fit in the padded input (2 + pads 0, 0) along the width
func.func @conv_kernel_too_big() -> tensor<1x1x1x1xf32> {
  %x = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x1x3x2xf32>} : () -> tensor<1x1x3x2xf32>
  %w = "tc_tensor.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x3x2xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x1x1xf32>
  return %0 : tensor<1x1x1x1xf32>
}
