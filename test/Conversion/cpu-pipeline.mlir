// The CPU pipeline stage by stage: every prefix runs and prints (the order
// is tensor-opt --help's); the whole pipeline leaves only the llvm dialect,
// whose object links into a C program under the convention of docs/abi.md.
// RUN: tensor-opt --tc-cpu-pipeline=tc-verify %s | FileCheck %s --check-prefix=VERIFY
// RUN: tensor-opt --tc-cpu-pipeline=tc-lower-tensor %s | FileCheck %s --check-prefix=TENSOR
// RUN: tensor-opt --tc-cpu-pipeline=tc-bufferize %s | FileCheck %s --check-prefix=BUFFER
// RUN: tensor-opt --tc-cpu-pipeline=tc-fuse-elementwise %s | FileCheck %s --check-prefix=FUSE
// RUN: tensor-opt --tc-cpu-pipeline=tc-lower-loops %s | FileCheck %s --check-prefix=LOOPS
// RUN: tensor-opt --tc-cpu-pipeline=convert-scf-to-cf %s | FileCheck %s --check-prefix=CF
// RUN: tensor-opt --tc-cpu-pipeline=finalize-memref-to-llvm %s | FileCheck %s --check-prefix=MEMREF
// RUN: tensor-opt --tc-cpu-pipeline %s -o %t.mlir --manifest-out=%t.json
// RUN: FileCheck %s --check-prefix=LLVM < %t.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: tensor-translate --emit=obj -o %t.o %t.mlir
// RUN: cc %S/Inputs/call-f.c %t.o -lm -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=EXEC
// RUN: %expect_exit 1 tensor-opt --tc-cpu-pipeline=bogus %s 2>&1 | FileCheck %s --check-prefix=BOGUS
// RUN: %expect_exit 1 tensor-opt --tc-cpu-pipeline --pass-pipeline='builtin.module(cse)' %s 2>&1 | FileCheck %s --check-prefix=MIXED
// Pass flags run before the CPU pipeline, in the same run.
// RUN: tensor-opt --tc-stamp --tc-cpu-pipeline --manifest-out=%t.flags.json %s -o /dev/null
// RUN: %python -c "import json; print([r['step'] for r in json.load(open('%t.flags.json'))['modules'][0]['records']][:3])" | FileCheck %s --check-prefix=FLAGS
// FLAGS: ['tc-stamp', 'tc-verify', 

// f(a, b) = relu(a + b + [1, 2, 3])
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %c = "tc_tensor.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "tc_tensor.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "tc_tensor.add"(%0, %c) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = "tc_tensor.relu"(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

// VERIFY: "tc_tensor.relu"
// TENSOR-NOT: {{"tc_tensor\.[a-z_]+"\(}}
// TENSOR: func.func @f(%{{.*}}: tensor<2x3xf32>, %{{.*}}: tensor<3xf32>) -> tensor<2x3xf32>
// TENSOR: "tc_loop.nest"
// BUFFER: func.func @f(%{{.*}}: memref<2x3xf32>, %{{.*}}: memref<3xf32>, %{{.*}}: memref<2x3xf32>)
// BUFFER-NOT: unrealized_conversion_cast
// FUSE-COUNT-1: "tc_loop.nest"(
// FUSE-NOT: "tc_loop.nest"(
// LOOPS-NOT: "tc_loop.nest"(
// LOOPS: scf.for
// CF-NOT: {{^ +(%.* = )?scf\.}}
// CF: cf.br
// MEMREF-NOT: {{^ +(%.* = )?memref\.}}
// MEMREF: llvm.load
// LLVM-NOT: {{^ +(%.* = )?(func|arith|memref|scf|cf|math)\.}}
// LLVM: llvm.func @f(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// LLVM-SAME: tc.abi = {inputs = [tensor<2x3xf32>, tensor<3xf32>], outputs = [tensor<2x3xf32>]}
// MANIFEST: "step": "reconcile-unrealized-casts"
// EXEC: 2.5 0 7 0 0 0
// BOGUS: tensor-opt: the CPU pipeline has no pass named 'bogus' (see --help)
// MIXED: tensor-opt: --tc-cpu-pipeline cannot be combined with --pass-pipeline
