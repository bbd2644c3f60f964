// tc-lower-kernels on tc_kernel.conv2d algorithm = "gemm" (ConvGemm.c): a
// 1x1 stride-1 unpadded convolution summed in its own dtype is one BLIS
// gemm per image straight from x into out (addresses offset by the image,
// no unrolled input), each followed by its epilogue nest (bias, relu); a
// 3x3 one unrolls each image into one column buffer first.
// RUN: env TC_BLIS_CONFIG=haswell tensor-opt --tc-lower-kernels -split-input-file %s | FileCheck %s

// The epilogue: bias added, then relu's rule (x > 0 or NaN ? x : +0).
// CHECK-LABEL: func.func private @pointwise__conv_epilogue(
// CHECK: arith.addf
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf uno
// CHECK: arith.select
// CHECK-LABEL: func.func @pointwise(
// CHECK-SAME: %[[X:[^:]*]]: memref<2x4x16x16xf64>, %[[W:[^:]*]]: memref<8x4x1x1xf64>, %[[B:[^:]*]]: memref<8xf64>, %[[O:[^:]*]]: memref<2x8x16x16xf64>)
// CHECK-NOT: memref.alloc
// CHECK-NOT: conv_columns
// The epilogue runs over each image's pixels as one loop, on a view of the
// output with OH and OW merged, made once.
// CHECK: %[[OP:.*]] = memref.collapse_shape %[[O]] {{\[}}[0], [1], [2, 3]] : memref<2x8x16x16xf64> into memref<2x8x256xf64>
// CHECK: %[[X0:.*]] = memref.extract_aligned_pointer_as_index %[[X]]
// CHECK: %[[O0:.*]] = memref.extract_aligned_pointer_as_index %[[O]]
// CHECK: call @__tc_blis_gemm(
// CHECK: "tc_loop.nest"(%[[B]], %[[OP]]) {body = @pointwise__conv_epilogue, bounds = array<i64: 8, 256>
// CHECK: %[[X1:.*]] = memref.extract_aligned_pointer_as_index %[[X]]
// CHECK-NEXT: %[[X1I:.*]] = arith.index_cast %[[X1]]
// CHECK-NEXT: %[[X1C:.*]] = arith.constant 8192 : i64
// CHECK-NEXT: %[[X1O:.*]] = arith.addi %[[X1I]], %[[X1C]]
// CHECK: %[[O1:.*]] = memref.extract_aligned_pointer_as_index %[[O]]
// CHECK-NEXT: %[[O1I:.*]] = arith.index_cast %[[O1]]
// CHECK-NEXT: %[[O1C:.*]] = arith.constant 16384 : i64
// CHECK-NEXT: %[[O1O:.*]] = arith.addi %[[O1I]], %[[O1C]]
// CHECK-NEXT: call @__tc_blis_gemm({{.*}}, %[[X1O]], %[[O1O]])
// CHECK: "tc_loop.nest"(%[[B]], %[[OP]]) {body = @pointwise__conv_epilogue_0
// CHECK-NOT: tc_kernel
// CHECK: return
func.func @pointwise(%x: memref<2x4x16x16xf64>, %w: memref<8x4x1x1xf64>, %b: memref<8xf64>, %o: memref<2x8x16x16xf64>) {
  "tc_kernel.conv2d"(%x, %w, %b, %o) {activation = "relu", algorithm = "gemm", dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, reason = "test", strides = array<i64: 1, 1>} : (memref<2x4x16x16xf64>, memref<8x4x1x1xf64>, memref<8xf64>, memref<2x8x16x16xf64>) -> ()
  return
}

// -----

// The unrolled input: one nest over the rows (c, kh, oh); per kw the row's
// 16 columns are cut at the padding (pad 1 on each side): kw = 0 has a left
// edge [0, 1) and an interior [1, 16), kw = 1 is interior throughout, kw = 2
// has an interior [0, 15) and a right edge [15, 16). Interior loads use the
// tap's column unclamped; edges clamp it with a select.
// CHECK-LABEL: func.func private @padded__conv_columns(
// CHECK: %[[A0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[B0:.*]] = arith.constant 1 : index
// CHECK: scf.for %{{.*}} = %[[A0]] to %[[B0]]
// CHECK: %[[EW:.*]] = arith.subi
// CHECK: arith.select %{{.*}}, %[[EW]], %{{.*}} : index
// CHECK: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: %[[A1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[B1:.*]] = arith.constant 16 : index
// CHECK: scf.for %{{.*}} = %[[A1]] to %[[B1]]
// CHECK: arith.subi
// CHECK: %[[IW:.*]] = arith.subi
// CHECK-NOT: arith.select %{{.*}}, %[[IW]]
// CHECK: memref.load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %[[IW]]]
// CHECK: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: %[[A2:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[B2:.*]] = arith.constant 16 : index
// CHECK: scf.for %{{.*}} = %[[A2]] to %[[B2]]
// CHECK: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: %[[A3:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[B3:.*]] = arith.constant 15 : index
// CHECK: scf.for %{{.*}} = %[[A3]] to %[[B3]]
// CHECK: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: %[[A4:.*]] = arith.constant 15 : index
// CHECK-NEXT: %[[B4:.*]] = arith.constant 16 : index
// CHECK: scf.for %{{.*}} = %[[A4]] to %[[B4]]
// CHECK-NOT: scf.for
// CHECK: return
// CHECK-LABEL: func.func @padded(
// CHECK: %[[COL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x3x3x16x16xf64>
// CHECK: "tc_loop.nest"(%{{.*}}, %[[COL]]) {body = @padded__conv_columns, bounds = array<i64: 4, 3, 16>
// CHECK: call @__tc_blis_gemm(
// CHECK: "tc_loop.nest"(%{{.*}}, %[[COL]]) {body = @padded__conv_columns_0,
// CHECK: call @__tc_blis_gemm(
// CHECK: memref.dealloc %[[COL]]
func.func @padded(%x: memref<2x4x16x16xf64>, %w: memref<8x4x3x3xf64>, %o: memref<2x8x16x16xf64>) {
  "tc_kernel.conv2d"(%x, %w, %o) {algorithm = "gemm", dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, reason = "test", strides = array<i64: 1, 1>} : (memref<2x4x16x16xf64>, memref<8x4x3x3xf64>, memref<2x8x16x16xf64>) -> ()
  return
}
