// Ops on run-time sizes (docs/dynamic-shapes.md §4): elementwise, gemm and
// matmul, conv2d (its depthwise rows too), the pools, the flatten reshape,
// transpose, softmax and log_softmax; compiled
// once by the CPU pipeline and run against tensor-ref: each function at
// every ? = 1, 13 and 64 (utils/e2e-check.py --size), from one artifact.
// RUN: %e2e %s
//
// The entry point takes the sizes and returns the shape function's code
// (docs/dynamic-shapes.md §3); the body runs only when it is 0.
// RUN: tensor-opt --tc-cpu-pipeline=tc-lower-loops %s | FileCheck %s
// CHECK-LABEL: func.func @addrelu(
// CHECK-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %[[DIMS:.*]]: !llvm.ptr) -> i32
// CHECK: %[[CODE:.*]] = call @addrelu__tc_shapes(%{{.*}}) : (memref<6xi64>) -> i32
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[CODE]], %{{.*}} : i32
// CHECK: scf.if %[[OK]] {
// CHECK: memref.dim
// CHECK: scf.for
// CHECK: return %[[CODE]] : i32
// CHECK: func.func @addrelu__tc_shapes(%{{.*}}: memref<6xi64>) -> i32 attributes {tc.shapes_of = "addrelu"}
//
// The manifest says what became of each function.
// RUN: tensor-opt --tc-cpu-pipeline %s --manifest-out=%t.json -o /dev/null
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// MANIFEST-DAG: "detail": "@addrelu__tc_shapes: 7 constraints (arg-shape 2, broadcast 1, size-limit 4)"
// MANIFEST-DAG: "detail": "entry point with run-time sizes: 3 pointer(s) and dims (6 sizes); returns the code of @addrelu__tc_shapes, computing only on 0"
// MANIFEST-DAG: "detail": "guarded: run-time bounds; their product >=
// MANIFEST-DAG: "detail": "direct: GEMM M*N*K = 864 is below the BLIS threshold 65536"
// MANIFEST-DAG: "detail": "one input channel per group: 1 tc_loop.nest over the rows [?, 4, 6], each row's 6 outputs
//
// Hand-picked shapes through tensor-run: a broadcast row (1 against 5),
// judged against tensor-ref; and shapes the constraints reject, where the
// artifact and tensor-ref name the same constraint and nothing is written.
// RUN: tensor-opt --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: %python %S/Inputs/make-dynamic-inputs.py %t.in
// RUN: tensor-ref %s --fn addrelu --input %t.in/x5x3.npy %t.in/y1x3.npy --output-dir %t.ref1
// RUN: tensor-run %t.so --fn addrelu --input %t.in/x5x3.npy %t.in/y1x3.npy --output-dir %t.run1
// RUN: %compare --contract %tc_src_root/lib/Contract/default.contract.json %t.ref1 %t.run1
// RUN: tensor-ref %s --fn addrelu --input %t.in/y1x3.npy %t.in/x5x3.npy --output-dir %t.ref2
// RUN: tensor-run %t.so --fn addrelu --input %t.in/y1x3.npy %t.in/x5x3.npy --output-dir %t.run2
// RUN: %compare --contract %tc_src_root/lib/Contract/default.contract.json %t.ref2 %t.run2
// RUN: %expect_exit 1 tensor-run %t.so --fn addrelu --input %t.in/x5x3.npy %t.in/y4x3.npy --output-dir %t.bad 2>&1 | FileCheck %s --check-prefix=BROADCAST
// BROADCAST: the inputs' shapes break the run-time constraint 'broadcast' (code 3): nothing was computed
// RUN: %expect_exit 1 tensor-ref %s --fn addrelu --input %t.in/x5x3.npy %t.in/y4x3.npy 2>&1 | FileCheck %s --check-prefix=REF-BROADCAST
// REF-BROADCAST: shape constraint 'broadcast' violated
// A static size that does not fit: tensor-run refuses it from the
// descriptor before calling (the shape function's own arg-shape check is
// judged against tensor-ref in test/Conversion/Guards/run.mlir).
// RUN: %expect_exit 1 tensor-run %t.so --fn addrelu --input %t.in/x5x4.npy %t.in/y5x3.npy 2>&1 | FileCheck %s --check-prefix=ARG
// ARG: input #0 ({{.*}}x5x4.npy): has shape 5x4, but the argument is tensor<?x3xf32>
// RUN: %expect_exit 1 tensor-ref %s --fn addrelu --input %t.in/x5x4.npy %t.in/y5x3.npy 2>&1 | FileCheck %s --check-prefix=REF-ARG
// REF-ARG: shape constraint 'arg-shape' violated
func.func @addrelu(%x: tensor<?x3xf32>, %y: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %s = "tc_tensor.add"(%x, %y) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %r = "tc_tensor.relu"(%s) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

// A ? against a static row, two results, a unary chain and a comparison.
func.func @mixed(%x: tensor<?x4xf32>, %b: tensor<4xf32>) -> (tensor<?x4xf32>, tensor<?x4xi1>) {
  %s = "tc_tensor.mul"(%x, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %e = "tc_tensor.exp"(%s) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %t = "tc_tensor.tanh"(%e) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %c = "tc_tensor.gt"(%x, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xi1>
  return %t, %c : tensor<?x4xf32>, tensor<?x4xi1>
}

// -----

// Every dimension dynamic, rank 3, and a ? that broadcasts against 1.
func.func @rank3(%x: tensor<?x?x?xf32>, %y: tensor<?x1x?xf32>) -> tensor<?x?x?xf32> {
  %d = "tc_tensor.sub"(%x, %y) : (tensor<?x?x?xf32>, tensor<?x1x?xf32>) -> tensor<?x?x?xf32>
  %a = "tc_tensor.abs"(%d) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %a : tensor<?x?x?xf32>
}

// -----

// gemm and matmul on a ? batch (M at run time, K and N static): the loop
// nest, not BLIS (a guarded BLIS choice is not built), with the bias row.
func.func @mlp(%x: tensor<?x8xf32>, %w: tensor<3x8xf32>, %c: tensor<3xf32>, %w2: tensor<3x2xf32>) -> tensor<?x2xf32> {
  %y = "tc_tensor.gemm"(%x, %w, %c) {alpha = 1.0 : f64, beta = 1.0 : f64, trans_a = false, trans_b = true} : (tensor<?x8xf32>, tensor<3x8xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  %r = "tc_tensor.relu"(%y) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %m = "tc_tensor.matmul"(%r, %w2) : (tensor<?x3xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
  return %m : tensor<?x2xf32>
}

// -----

// A transposed ? operand: M is a's second dimension; N at run time too.
func.func @gemm_t(%a: tensor<5x?xf32>, %b: tensor<?x5xf32>) -> tensor<?x?xf32> {
  %y = "tc_tensor.gemm"(%a, %b) {alpha = 0.5 : f64, beta = 0.0 : f64, trans_a = true, trans_b = true} : (tensor<5x?xf32>, tensor<?x5xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// conv2d with a bias on a ? batch (the direct loops: one image's GEMM,
// 16 x 3 x 18, is below the BLIS threshold), padded and strided, then relu.
func.func @conv(%x: tensor<?x2x7x7xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<?x3x4x4xf32> {
  %y = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<?x2x7x7xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<?x3x4x4xf32>
  %r = "tc_tensor.relu"(%y) : (tensor<?x3x4x4xf32>) -> tensor<?x3x4x4xf32>
  return %r : tensor<?x3x4x4xf32>
}

// -----

// One input channel per group (conv2d's depthwise rows) on a ? batch.
func.func @depthwise(%x: tensor<?x1x6x6xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<?x4x6x6xf32> {
  %y = "tc_tensor.conv2d"(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<?x1x6x6xf32>, tensor<4x1x3x3xf32>) -> tensor<?x4x6x6xf32>
  return %y : tensor<?x4x6x6xf32>
}

// -----


// The 2-D pools with ? batch and channels.
func.func @pools(%x: tensor<?x?x6x6xf32>) -> (tensor<?x?x3x3xf32>, tensor<?x?x3x3xf32>) {
  %m = "tc_tensor.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = false} : (tensor<?x?x6x6xf32>) -> tensor<?x?x3x3xf32>
  %a = "tc_tensor.avg_pool2d"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = false} : (tensor<?x?x6x6xf32>) -> tensor<?x?x3x3xf32>
  return %m, %a : tensor<?x?x3x3xf32>, tensor<?x?x3x3xf32>
}

// -----

// The global pools on a ? batch.
func.func @global_pools(%x: tensor<?x3x5x4xf32>) -> (tensor<?x3x1x1xf32>, tensor<?x3x1x1xf32>) {
  %a = "tc_tensor.global_avg_pool"(%x) : (tensor<?x3x5x4xf32>) -> tensor<?x3x1x1xf32>
  %m = "tc_tensor.global_max_pool"(%x) : (tensor<?x3x5x4xf32>) -> tensor<?x3x1x1xf32>
  return %a, %m : tensor<?x3x1x1xf32>, tensor<?x3x1x1xf32>
}

// -----

// The collapse of ?xCxHxW into ?xCHW (a CNN's flatten) and back.
func.func @flatten(%x: tensor<?x2x3x4xf32>) -> (tensor<?x24xf32>, tensor<?x4x6xf32>) {
  %f = "tc_tensor.reshape"(%x) : (tensor<?x2x3x4xf32>) -> tensor<?x24xf32>
  %g = "tc_tensor.reshape"(%f) : (tensor<?x24xf32>) -> tensor<?x4x6xf32>
  return %f, %g : tensor<?x24xf32>, tensor<?x4x6xf32>
}

// -----

// transpose moves a ? with its dimension.
func.func @transpose(%x: tensor<?x3x?xf32>) -> tensor<?x?x3xf32> {
  %t = "tc_tensor.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<?x3x?xf32>) -> tensor<?x?x3xf32>
  return %t : tensor<?x?x3xf32>
}

// -----

// softmax and log_softmax over a static axis, with a ? batch (a
// classifier's last op).
func.func @softmax(%x: tensor<?x10xf32>) -> (tensor<?x10xf32>, tensor<?x10xf32>) {
  %s = "tc_tensor.softmax"(%x) {axis = 1 : i64} : (tensor<?x10xf32>) -> tensor<?x10xf32>
  %l = "tc_tensor.log_softmax"(%x) {axis = -1 : i64} : (tensor<?x10xf32>) -> tensor<?x10xf32>
  return %s, %l : tensor<?x10xf32>, tensor<?x10xf32>
}
