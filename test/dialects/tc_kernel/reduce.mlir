// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: mlir-opt --irdl-file=%tc_dialects/tc_kernel.irdl.mlir %s | FileCheck %s

// Round-trip of tc_kernel.reduce (docs/dialects.md section 4): every kind
// (sum, prod, max, min, mean), one and several axes, all axes; outputs keep
// reduced axes as 1 (keepdims form). The kernel writes output, its last operand.

// CHECK-LABEL: func.func @reduce_sum(
// CHECK-SAME:    %[[INPUT:.*]]: memref<2x3x4xf32>, %[[OUTPUT:.*]]: memref<2x1x4xf32>)
// CHECK:         "tc_kernel.reduce"(%[[INPUT]], %[[OUTPUT]]) {axes = array<i64: 1>, kind = "sum", reason = "inner axis not contiguous"} : (memref<2x3x4xf32>, memref<2x1x4xf32>) -> ()
// CHECK:         return
func.func @reduce_sum(%input: memref<2x3x4xf32>, %output: memref<2x1x4xf32>) {
  "tc_kernel.reduce"(%input, %output) {kind = "sum", axes = array<i64: 1>, reason = "inner axis not contiguous"} : (memref<2x3x4xf32>, memref<2x1x4xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @reduce_prod_i32(
// CHECK-SAME:    %[[INPUT:.*]]: memref<2x3x4xi32>, %[[OUTPUT:.*]]: memref<1x3x4xi32>)
// CHECK:         "tc_kernel.reduce"(%[[INPUT]], %[[OUTPUT]]) {axes = array<i64: 0>, kind = "prod", reason = "outer axis"} : (memref<2x3x4xi32>, memref<1x3x4xi32>) -> ()
// CHECK:         return
func.func @reduce_prod_i32(%input: memref<2x3x4xi32>, %output: memref<1x3x4xi32>) {
  "tc_kernel.reduce"(%input, %output) {kind = "prod", axes = array<i64: 0>, reason = "outer axis"} : (memref<2x3x4xi32>, memref<1x3x4xi32>) -> ()
  return
}

// CHECK-LABEL: func.func @reduce_max_f16(
// CHECK-SAME:    %[[INPUT:.*]]: memref<8x16xf16>, %[[OUTPUT:.*]]: memref<8x1xf16>)
// CHECK:         "tc_kernel.reduce"(%[[INPUT]], %[[OUTPUT]]) {axes = array<i64: 1>, kind = "max", reason = "contiguous inner axis"} : (memref<8x16xf16>, memref<8x1xf16>) -> ()
// CHECK:         return
func.func @reduce_max_f16(%input: memref<8x16xf16>, %output: memref<8x1xf16>) {
  "tc_kernel.reduce"(%input, %output) {kind = "max", axes = array<i64: 1>, reason = "contiguous inner axis"} : (memref<8x16xf16>, memref<8x1xf16>) -> ()
  return
}

// CHECK-LABEL: func.func @reduce_min_ui8(
// CHECK-SAME:    %[[INPUT:.*]]: memref<2x3x4xui8>, %[[OUTPUT:.*]]: memref<1x1x4xui8>)
// CHECK:         "tc_kernel.reduce"(%[[INPUT]], %[[OUTPUT]]) {axes = array<i64: 0, 1>, kind = "min", reason = "two leading axes"} : (memref<2x3x4xui8>, memref<1x1x4xui8>) -> ()
// CHECK:         return
func.func @reduce_min_ui8(%input: memref<2x3x4xui8>, %output: memref<1x1x4xui8>) {
  "tc_kernel.reduce"(%input, %output) {kind = "min", axes = array<i64: 0, 1>, reason = "two leading axes"} : (memref<2x3x4xui8>, memref<1x1x4xui8>) -> ()
  return
}

// CHECK-LABEL: func.func @reduce_mean_all(
// CHECK-SAME:    %[[INPUT:.*]]: memref<2x3x4xf32>, %[[OUTPUT:.*]]: memref<1x1x1xf32>)
// CHECK:         "tc_kernel.reduce"(%[[INPUT]], %[[OUTPUT]]) {axes = array<i64>, kind = "mean", reason = "all axes"} : (memref<2x3x4xf32>, memref<1x1x1xf32>) -> ()
// CHECK:         return
func.func @reduce_mean_all(%input: memref<2x3x4xf32>, %output: memref<1x1x1xf32>) {
  "tc_kernel.reduce"(%input, %output) {kind = "mean", axes = array<i64>, reason = "all axes"} : (memref<2x3x4xf32>, memref<1x1x1xf32>) -> ()
  return
}
