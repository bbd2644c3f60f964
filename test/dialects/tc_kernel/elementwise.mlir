// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_kernel.irdl.mlir %s | FileCheck %s

// Round-trip of tc_kernel.elementwise (docs/dialects.md section 4.4): a fused
// body applied at every index of buffers of one shape, the p inputs followed
// by the q outputs. The body is a scalar func.func marked tc_kernel.body,
// one argument per input element and one result per output element (an
// unsigned uiN buffer appears as the signless iN). The buffers sit in the
// slots b0..b15 and operandSegmentSizes (16 entries, k ones then zeros) says
// how many there are; attributes print sorted, so it comes between group and
// reason. Cases: two inputs, one i64 input, buffers of different dtypes (a
// where with an i1 condition), two outputs of different dtypes, ui8 buffers,
// in place, no inputs, rank 0 with a cast, empty buffers with a strided
// view, and all 16 slots.

// CHECK-LABEL: func.func private @add_relu(
// CHECK-SAME:    %[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32
// CHECK-SAME:    attributes {tc_kernel.body}
func.func private @add_relu(%x: f32, %y: f32) -> f32 attributes {tc_kernel.body} {
  %s = arith.addf %x, %y : f32
  %zero = arith.constant 0.0 : f32
  %r = arith.maximumf %s, %zero : f32
  return %r : f32
}

// CHECK-LABEL: func.func @elementwise_two_inputs(
// CHECK-SAME:    %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<4x8xf32>, %[[OUT:.*]]: memref<4x8xf32>)
// CHECK:         "tc_kernel.elementwise"(%[[A]], %[[B]], %[[OUT]]) {body = @add_relu, group = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, reason = "fused add and relu"} : (memref<4x8xf32>, memref<4x8xf32>, memref<4x8xf32>) -> ()
// CHECK:         return
func.func @elementwise_two_inputs(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %out: memref<4x8xf32>) {
  "tc_kernel.elementwise"(%a, %b, %out) {body = @add_relu, group = 0 : i64, reason = "fused add and relu", operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4x8xf32>, memref<4x8xf32>, memref<4x8xf32>) -> ()
  return
}

// CHECK-LABEL: func.func private @negate(
// CHECK-SAME:    %[[X:.*]]: i64) -> i64
// CHECK-SAME:    attributes {tc_kernel.body}
func.func private @negate(%x: i64) -> i64 attributes {tc_kernel.body} {
  %zero = arith.constant 0 : i64
  %r = arith.subi %zero, %x : i64
  return %r : i64
}

// CHECK-LABEL: func.func @elementwise_one_input_i64(
// CHECK-SAME:    %[[X:.*]]: memref<16xi64>, %[[OUT:.*]]: memref<16xi64>)
// CHECK:         "tc_kernel.elementwise"(%[[X]], %[[OUT]]) {body = @negate, group = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, reason = "single op group"} : (memref<16xi64>, memref<16xi64>) -> ()
// CHECK:         return
func.func @elementwise_one_input_i64(%x: memref<16xi64>, %out: memref<16xi64>) {
  "tc_kernel.elementwise"(%x, %out) {body = @negate, group = 1 : i64, reason = "single op group", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<16xi64>, memref<16xi64>) -> ()
  return
}

// Buffers of different dtypes: a where with an i1 condition.
// CHECK-LABEL: func.func private @select(
// CHECK-SAME:    %[[C:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32
// CHECK-SAME:    attributes {tc_kernel.body}
func.func private @select(%c: i1, %x: f32, %y: f32) -> f32 attributes {tc_kernel.body} {
  %r = arith.select %c, %x, %y : f32
  return %r : f32
}

// CHECK-LABEL: func.func @elementwise_where_i1(
// CHECK-SAME:    %[[C:.*]]: memref<4x8xi1>, %[[X:.*]]: memref<4x8xf32>, %[[Y:.*]]: memref<4x8xf32>, %[[OUT:.*]]: memref<4x8xf32>)
// CHECK:         "tc_kernel.elementwise"(%[[C]], %[[X]], %[[Y]], %[[OUT]]) {body = @select, group = 2 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, reason = "fused where"} : (memref<4x8xi1>, memref<4x8xf32>, memref<4x8xf32>, memref<4x8xf32>) -> ()
// CHECK:         return
func.func @elementwise_where_i1(%c: memref<4x8xi1>, %x: memref<4x8xf32>, %y: memref<4x8xf32>, %out: memref<4x8xf32>) {
  "tc_kernel.elementwise"(%c, %x, %y, %out) {body = @select, group = 2 : i64, reason = "fused where", operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<4x8xi1>, memref<4x8xf32>, memref<4x8xf32>, memref<4x8xf32>) -> ()
  return
}

// Two outputs of different dtypes (q = 2): a comparison and a relu.
// CHECK-LABEL: func.func private @relu_and_mask(
// CHECK-SAME:    %[[X:.*]]: f16) -> (f16, i1)
// CHECK-SAME:    attributes {tc_kernel.body}
func.func private @relu_and_mask(%x: f16) -> (f16, i1) attributes {tc_kernel.body} {
  %zero = arith.constant 0.0 : f16
  %r = arith.maximumf %x, %zero : f16
  %m = arith.cmpf ogt, %x, %zero : f16
  return %r, %m : f16, i1
}

// CHECK-LABEL: func.func @elementwise_two_outputs(
// CHECK-SAME:    %[[X:.*]]: memref<3x5xf16>, %[[OUT:.*]]: memref<3x5xf16>, %[[MASK:.*]]: memref<3x5xi1>)
// CHECK:         "tc_kernel.elementwise"(%[[X]], %[[OUT]], %[[MASK]]) {body = @relu_and_mask, group = 3 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, reason = "relu and its mask"} : (memref<3x5xf16>, memref<3x5xf16>, memref<3x5xi1>) -> ()
// CHECK:         return
func.func @elementwise_two_outputs(%x: memref<3x5xf16>, %out: memref<3x5xf16>, %mask: memref<3x5xi1>) {
  "tc_kernel.elementwise"(%x, %out, %mask) {body = @relu_and_mask, group = 3 : i64, reason = "relu and its mask", operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<3x5xf16>, memref<3x5xf16>, memref<3x5xi1>) -> ()
  return
}

// Unsigned buffers: the body sees ui8 as the signless i8.
// CHECK-LABEL: func.func private @add_u8(
// CHECK-SAME:    %[[X:.*]]: i8, %[[Y:.*]]: i8) -> i8
// CHECK-SAME:    attributes {tc_kernel.body}
func.func private @add_u8(%x: i8, %y: i8) -> i8 attributes {tc_kernel.body} {
  %r = arith.addi %x, %y : i8
  return %r : i8
}

// CHECK-LABEL: func.func @elementwise_ui8(
// CHECK-SAME:    %[[X:.*]]: memref<7xui8>, %[[Y:.*]]: memref<7xui8>, %[[OUT:.*]]: memref<7xui8>)
// CHECK:         "tc_kernel.elementwise"(%[[X]], %[[Y]], %[[OUT]]) {body = @add_u8, group = -1 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, reason = "wrapping add"} : (memref<7xui8>, memref<7xui8>, memref<7xui8>) -> ()
// CHECK:         return
func.func @elementwise_ui8(%x: memref<7xui8>, %y: memref<7xui8>, %out: memref<7xui8>) {
  "tc_kernel.elementwise"(%x, %y, %out) {body = @add_u8, group = -1 : i64, reason = "wrapping add", operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<7xui8>, memref<7xui8>, memref<7xui8>) -> ()
  return
}

// In place: the output is the same value as an input.
// CHECK-LABEL: func.func private @double(
// CHECK-SAME:    %[[X:.*]]: f64) -> f64
// CHECK-SAME:    attributes {tc_kernel.body}
func.func private @double(%x: f64) -> f64 attributes {tc_kernel.body} {
  %r = arith.addf %x, %x : f64
  return %r : f64
}

// CHECK-LABEL: func.func @elementwise_in_place(
// CHECK-SAME:    %[[A:.*]]: memref<2x2xf64>)
// CHECK:         "tc_kernel.elementwise"(%[[A]], %[[A]]) {body = @double, group = 4 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, reason = "in place"} : (memref<2x2xf64>, memref<2x2xf64>) -> ()
// CHECK:         return
func.func @elementwise_in_place(%a: memref<2x2xf64>) {
  "tc_kernel.elementwise"(%a, %a) {body = @double, group = 4 : i64, reason = "in place", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<2x2xf64>, memref<2x2xf64>) -> ()
  return
}

// No inputs (p = 0): a fill.
// CHECK-LABEL: func.func private @fill_one(
// CHECK-SAME:    ) -> bf16
// CHECK-SAME:    attributes {tc_kernel.body}
func.func private @fill_one() -> bf16 attributes {tc_kernel.body} {
  %one = arith.constant 1.0 : bf16
  return %one : bf16
}

// CHECK-LABEL: func.func @elementwise_no_inputs(
// CHECK-SAME:    %[[OUT:.*]]: memref<6xbf16>)
// CHECK:         "tc_kernel.elementwise"(%[[OUT]]) {body = @fill_one, group = -1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, reason = "fill"} : (memref<6xbf16>) -> ()
// CHECK:         return
func.func @elementwise_no_inputs(%out: memref<6xbf16>) {
  "tc_kernel.elementwise"(%out) {body = @fill_one, group = -1 : i64, reason = "fill", operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<6xbf16>) -> ()
  return
}

// Rank-0 buffers, and a cast between dtypes.
// CHECK-LABEL: func.func private @to_f32(
// CHECK-SAME:    %[[X:.*]]: i32) -> f32
// CHECK-SAME:    attributes {tc_kernel.body}
func.func private @to_f32(%x: i32) -> f32 attributes {tc_kernel.body} {
  %r = arith.sitofp %x : i32 to f32
  return %r : f32
}

// CHECK-LABEL: func.func @elementwise_rank0_cast(
// CHECK-SAME:    %[[X:.*]]: memref<i32>, %[[OUT:.*]]: memref<f32>)
// CHECK:         "tc_kernel.elementwise"(%[[X]], %[[OUT]]) {body = @to_f32, group = 5 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, reason = "cast"} : (memref<i32>, memref<f32>) -> ()
// CHECK:         return
func.func @elementwise_rank0_cast(%x: memref<i32>, %out: memref<f32>) {
  "tc_kernel.elementwise"(%x, %out) {body = @to_f32, group = 5 : i64, reason = "cast", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<i32>, memref<f32>) -> ()
  return
}

// Empty buffers and a strided view of the same shape.
// CHECK-LABEL: func.func private @sub(
// CHECK-SAME:    %[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32
// CHECK-SAME:    attributes {tc_kernel.body}
func.func private @sub(%x: f32, %y: f32) -> f32 attributes {tc_kernel.body} {
  %r = arith.subf %x, %y : f32
  return %r : f32
}

// CHECK-LABEL: func.func @elementwise_empty_strided(
// CHECK-SAME:    %[[X:.*]]: memref<0x3xf32, strided<[6, 2]>>, %[[Y:.*]]: memref<0x3xf32>, %[[OUT:.*]]: memref<0x3xf32>)
// CHECK:         "tc_kernel.elementwise"(%[[X]], %[[Y]], %[[OUT]]) {body = @sub, group = 6 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, reason = "empty"} : (memref<0x3xf32, strided<[6, 2]>>, memref<0x3xf32>, memref<0x3xf32>) -> ()
// CHECK:         return
func.func @elementwise_empty_strided(%x: memref<0x3xf32, strided<[6, 2]>>, %y: memref<0x3xf32>, %out: memref<0x3xf32>) {
  "tc_kernel.elementwise"(%x, %y, %out) {body = @sub, group = 6 : i64, reason = "empty", operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (memref<0x3xf32, strided<[6, 2]>>, memref<0x3xf32>, memref<0x3xf32>) -> ()
  return
}

// All 16 slots used: fifteen inputs summed into one output.
// CHECK-LABEL: func.func private @sum15(
// CHECK-SAME:    %[[X0:.*]]: i32, %[[X1:.*]]: i32, %[[X2:.*]]: i32, %[[X3:.*]]: i32, %[[X4:.*]]: i32, %[[X5:.*]]: i32, %[[X6:.*]]: i32, %[[X7:.*]]: i32, %[[X8:.*]]: i32, %[[X9:.*]]: i32, %[[X10:.*]]: i32, %[[X11:.*]]: i32, %[[X12:.*]]: i32, %[[X13:.*]]: i32, %[[X14:.*]]: i32) -> i32
// CHECK-SAME:    attributes {tc_kernel.body}
func.func private @sum15(%x0: i32, %x1: i32, %x2: i32, %x3: i32, %x4: i32, %x5: i32, %x6: i32, %x7: i32, %x8: i32, %x9: i32, %x10: i32, %x11: i32, %x12: i32, %x13: i32, %x14: i32) -> i32 attributes {tc_kernel.body} {
  %s1 = arith.addi %x0, %x1 : i32
  %s2 = arith.addi %s1, %x2 : i32
  %s3 = arith.addi %s2, %x3 : i32
  %s4 = arith.addi %s3, %x4 : i32
  %s5 = arith.addi %s4, %x5 : i32
  %s6 = arith.addi %s5, %x6 : i32
  %s7 = arith.addi %s6, %x7 : i32
  %s8 = arith.addi %s7, %x8 : i32
  %s9 = arith.addi %s8, %x9 : i32
  %s10 = arith.addi %s9, %x10 : i32
  %s11 = arith.addi %s10, %x11 : i32
  %s12 = arith.addi %s11, %x12 : i32
  %s13 = arith.addi %s12, %x13 : i32
  %s14 = arith.addi %s13, %x14 : i32
  return %s14 : i32
}

// CHECK-LABEL: func.func @elementwise_all_slots(
// CHECK-SAME:    %[[B0:.*]]: memref<2x3xi32>, %[[B1:.*]]: memref<2x3xi32>, %[[B2:.*]]: memref<2x3xi32>, %[[B3:.*]]: memref<2x3xi32>, %[[B4:.*]]: memref<2x3xi32>, %[[B5:.*]]: memref<2x3xi32>, %[[B6:.*]]: memref<2x3xi32>, %[[B7:.*]]: memref<2x3xi32>, %[[B8:.*]]: memref<2x3xi32>, %[[B9:.*]]: memref<2x3xi32>, %[[B10:.*]]: memref<2x3xi32>, %[[B11:.*]]: memref<2x3xi32>, %[[B12:.*]]: memref<2x3xi32>, %[[B13:.*]]: memref<2x3xi32>, %[[B14:.*]]: memref<2x3xi32>, %[[B15:.*]]: memref<2x3xi32>)
// CHECK:         "tc_kernel.elementwise"(%[[B0]], %[[B1]], %[[B2]], %[[B3]], %[[B4]], %[[B5]], %[[B6]], %[[B7]], %[[B8]], %[[B9]], %[[B10]], %[[B11]], %[[B12]], %[[B13]], %[[B14]], %[[B15]]) {body = @sum15, group = 7 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>, reason = "sum of fifteen"} : (memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>) -> ()
// CHECK:         return
func.func @elementwise_all_slots(%b0: memref<2x3xi32>, %b1: memref<2x3xi32>, %b2: memref<2x3xi32>, %b3: memref<2x3xi32>, %b4: memref<2x3xi32>, %b5: memref<2x3xi32>, %b6: memref<2x3xi32>, %b7: memref<2x3xi32>, %b8: memref<2x3xi32>, %b9: memref<2x3xi32>, %b10: memref<2x3xi32>, %b11: memref<2x3xi32>, %b12: memref<2x3xi32>, %b13: memref<2x3xi32>, %b14: memref<2x3xi32>, %b15: memref<2x3xi32>) {
  "tc_kernel.elementwise"(%b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10, %b11, %b12, %b13, %b14, %b15) {body = @sum15, group = 7 : i64, reason = "sum of fifteen", operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>} : (memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>) -> ()
  return
}
