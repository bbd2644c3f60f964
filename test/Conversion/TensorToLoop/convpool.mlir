// conv2d and the pools lower to one nest over the output points, all loops
// parallel; the body folds the window in scf.for loops carrying one
// accumulator. Taps outside the input are clamped to index 0 before the
// load and replaced afterwards (+0 for conv2d, skipped by the pools).
// RUN: tensor-opt --tc-lower-tensor -split-input-file %s | FileCheck %s

// conv2d, f16 summed in f32 from bias[m]; group g = m / (M/G) picks the
// input channels g·Cg + c; a padded tap reads +0 and is still multiplied.
// CHECK-LABEL: func.func private @conv__conv2d
// CHECK-SAME: (%[[N:[a-z0-9]+]]: index, %[[M:[a-z0-9]+]]: index, %{{.*}}: index, %{{.*}}: index, %[[X:[a-z0-9]+]]: memref<1x4x5x5xf16>, %[[W:[a-z0-9]+]]: memref<6x2x3x3xf16>, %[[B:[a-z0-9]+]]: memref<6xf16>, %[[R:[a-z0-9]+]]: memref<1x6x3x3xf16>)
// CHECK: %[[BIAS:.*]] = memref.load %[[B]][%[[M]]]
// CHECK: %[[INIT:.*]] = arith.extf %[[BIAS]] : f16 to f32
// CHECK: %[[MG:.*]] = arith.constant 3 : index
// CHECK: %[[G:.*]] = arith.divui %[[M]], %[[MG]] : index
// CHECK: %[[SUM:.*]] = scf.for %[[C:[a-z0-9]+]] = {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (f32)
// CHECK: scf.for %[[KH:[a-z0-9]+]] = {{.*}} -> (f32)
// CHECK: scf.for %[[KW:[a-z0-9]+]] = {{.*}} iter_args(%[[ACC:[a-z0-9]+]] = %{{.*}}) -> (f32)
// CHECK: %[[IH:.*]] = arith.select %[[VALID:[0-9]+]], %{{.*}}, %{{.*}} : index
// CHECK: %[[IW:.*]] = arith.select %[[VALID]], %{{.*}}, %{{.*}} : index
// CHECK: %[[XV:.*]] = memref.load %[[X]][%[[N]], %{{.*}}, %[[IH]], %[[IW]]]
// CHECK: %[[XW:.*]] = arith.extf %[[XV]] : f16 to f32
// CHECK: %[[XP:.*]] = arith.select %[[VALID]], %[[XW]], %{{.*}} : f32
// CHECK: memref.load %[[W]][%[[M]], %[[C]], %[[KH]], %[[KW]]]
// CHECK: %[[P:.*]] = arith.mulf %[[XP]], %{{.*}} : f32
// CHECK: arith.addf %[[ACC]], %[[P]] : f32
// CHECK: %[[T:.*]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK: memref.store %[[T]], %[[R]]
// CHECK-LABEL: func.func @conv
// CHECK: bounds = array<i64: 1, 6, 3, 3>
// CHECK-SAME: parallel = array<i1: true, true, true, true>
func.func @conv(%x: tensor<1x4x5x5xf16>, %w: tensor<6x2x3x3xf16>, %b: tensor<6xf16>) -> tensor<1x6x3x3xf16> {
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 2 : i64} : (tensor<1x4x5x5xf16>, tensor<6x2x3x3xf16>, tensor<6xf16>) -> tensor<1x6x3x3xf16>
  return %0 : tensor<1x6x3x3xf16>
}

// -----

// An input empty in H: every tap reads +0 and x is not a nest buffer;
// without bias the sum starts at -0.
// CHECK-LABEL: func.func private @hempty__conv2d
// CHECK-SAME: (%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[W:[a-z0-9]+]]: memref<2x1x2x1xf32>, %[[R:[a-z0-9]+]]: memref<1x2x1x3xf32>)
// CHECK: arith.constant -0.000000e+00 : f64
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[WV:.*]] = memref.load %[[W]]
// CHECK-NEXT: %[[WW:.*]] = arith.extf %[[WV]] : f32 to f64
// CHECK-NEXT: arith.mulf %[[ZERO]], %[[WW]] : f64
func.func @hempty(%x: tensor<1x1x0x3xf32>, %w: tensor<2x1x2x1xf32>) -> tensor<1x2x1x3xf32> {
  %0 = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 0, 1, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x1x0x3xf32>, tensor<2x1x2x1xf32>) -> tensor<1x2x1x3xf32>
  return %0 : tensor<1x2x1x3xf32>
}

// -----

// max_pool2d on i8: from the signed minimum, maxsi, an invalid tap keeps
// the accumulator; the dilation scales the tap index.
// CHECK-LABEL: func.func private @mp__max_pool2d
// CHECK: %[[MIN:.*]] = arith.constant -128 : i8
// CHECK: scf.for %[[KH:[a-z0-9]+]] = {{.*}} iter_args(%{{.*}} = %[[MIN]]) -> (i8)
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[a-z0-9]+]] = %{{.*}}) -> (i8)
// CHECK: %[[D:.*]] = arith.constant 2 : index
// CHECK: arith.muli %[[KH]], %[[D]] : index
// CHECK: arith.select %[[VALID:[0-9]+]], %{{.*}}, %{{.*}} : index
// CHECK: %[[X:.*]] = memref.load
// CHECK: %[[MAX:.*]] = arith.maxsi %[[ACC]], %[[X]] : i8
// CHECK: arith.select %[[VALID]], %[[MAX]], %[[ACC]] : i8
func.func @mp(%x: tensor<1x1x5x5xi8>) -> tensor<1x1x3x3xi8> {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 2, 2>, ceil_mode = false} : (tensor<1x1x5x5xi8>) -> tensor<1x1x3x3xi8>
  return %0 : tensor<1x1x3x3xi8>
}

// -----

// max_pool2d on f32: from -inf, maximumf (NaN wins, +0 over -0).
// CHECK-LABEL: func.func private @mpf__max_pool2d
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: arith.maximumf
func.func @mpf(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  %0 = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// avg_pool2d: D = |V| in closed form (per-axis min/max), each valid tap
// adds x / D.
// CHECK-LABEL: func.func private @ap__avg_pool2d
// CHECK: arith.minsi
// CHECK: arith.maxsi
// CHECK: %[[CNT:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[I:.*]] = arith.index_cast %[[CNT]] : index to i64
// CHECK: %[[D:.*]] = arith.sitofp %[[I]] : i64 to f64
// CHECK: scf.for {{.*}} -> (f64)
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[a-z0-9]+]] = %{{.*}}) -> (f64)
// CHECK: arith.select %[[VALID:[0-9]+]], %{{.*}}, %{{.*}} : index
// CHECK: %[[X:.*]] = memref.load
// CHECK: %[[XW:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK: %[[Q:.*]] = arith.divf %[[XW]], %[[D]] : f64
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[Q]] : f64
// CHECK: arith.select %[[VALID]], %[[S]], %[[ACC]] : f64
func.func @ap(%x: tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32> {
  %0 = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = false} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// -----

// global_max_pool on ui8: from 0, maxui, one loop per spatial dimension.
// CHECK-LABEL: func.func private @gmax__global_max_pool
// CHECK-SAME: (%[[N:[a-z0-9]+]]: index, %[[C:[a-z0-9]+]]: index, %{{.*}}: index, %{{.*}}: index, %[[X:[a-z0-9]+]]: memref<2x3x4x5xi8>, %[[R:[a-z0-9]+]]: memref<2x3x1x1xi8>)
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: scf.for %[[H:[a-z0-9]+]] = {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (i8)
// CHECK: scf.for %[[W:[a-z0-9]+]] = {{.*}} iter_args(%[[ACC:[a-z0-9]+]] = %{{.*}}) -> (i8)
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[N]], %[[C]], %[[H]], %[[W]]]
// CHECK: arith.maxui %[[ACC]], %[[V]] : i8
func.func @gmax(%x: tensor<2x3x4x5xui8>) -> tensor<2x3x1x1xui8> {
  %0 = "tc_tensor.global_max_pool"(%x) : (tensor<2x3x4x5xui8>) -> tensor<2x3x1x1xui8>
  return %0 : tensor<2x3x1x1xui8>
}

// -----

// global_avg_pool on bf16: x / n summed in f32 from -0, rounded once to bf16.
// CHECK-LABEL: func.func private @gavg__global_avg_pool
// CHECK: %[[CNT:.*]] = arith.constant 4.000000e+00 : f32
// CHECK: %[[INIT:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:[a-z0-9]+]] = %[[INIT]]) -> (f32)
// CHECK: %[[E:.*]] = arith.extf %{{.*}} : bf16 to f32
// CHECK: %[[Q:.*]] = arith.divf %[[E]], %[[CNT]] : f32
// CHECK: arith.addf %[[ACC]], %[[Q]] : f32
// CHECK: arith.truncf %[[SUM]] : f32 to bf16
func.func @gavg(%x: tensor<2x3x4xbf16>) -> tensor<2x3x1xbf16> {
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<2x3x4xbf16>) -> tensor<2x3x1xbf16>
  return %0 : tensor<2x3x1xbf16>
}

// -----

// global_avg_pool with an innermost span of at least 16 (here 20): eight
// partial sums of x / n (Lanes.c), each from -0, combined pairwise.
// CHECK-LABEL: func.func private @gavg_lanes__global_avg_pool
// CHECK: %[[CNT:.*]] = arith.constant 6.000000e+01 : f64
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f64, f64, f64, f64, f64, f64, f64, f64)
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f64, f64, f64, f64, f64, f64, f64, f64)
// CHECK: arith.divf %{{.*}}, %[[CNT]] : f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @gavg_lanes(%x: tensor<2x4x3x20xf32>) -> tensor<2x4x1x1xf32> {
  %0 = "tc_tensor.global_avg_pool"(%x) : (tensor<2x4x3x20xf32>) -> tensor<2x4x1x1xf32>
  return %0 : tensor<2x4x1x1xf32>
}
