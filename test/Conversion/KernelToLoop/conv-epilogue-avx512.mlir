// The epilogue of a "gemm" convolution (ConvGemm.c, step 3) is one loop over
// each image's pixels. As a nest over (m, oh, ow) its innermost loop had OW
// iterations (56 here, as in a MobileNet block): LLVM unrolled it whole and
// vectorised the oh loop instead, with a gather and a scatter per element
// at a stride of OW on AVX-512 targets (no gathers on AVX2: its cost model
// refuses them), which made the entry function's sequential epilogues 18%
// of the block's time. Forced to an AVX-512 target at both vector widths,
// the code of a 1x1 convolution with bias holds no gather or scatter.
// RUN: env TC_TARGET_CPU=x86-64-v4 TC_VECTOR_BITS=256 tensor-opt --tc-cpu-pipeline %s -o %t.256.mlir
// RUN: env TC_TARGET_CPU=x86-64-v4 TC_VECTOR_BITS=256 tensor-translate --emit=asm %t.256.mlir -o - | FileCheck %s
// RUN: env TC_TARGET_CPU=x86-64-v4 TC_VECTOR_BITS=512 tensor-opt --tc-cpu-pipeline %s -o %t.512.mlir
// RUN: env TC_TARGET_CPU=x86-64-v4 TC_VECTOR_BITS=512 tensor-translate --emit=asm %t.512.mlir -o - | FileCheck %s
// CHECK-LABEL: pointwise:
// CHECK-NOT: {{vgather|vscatter}}
// CHECK: __tc_blis_gemm
// CHECK-NOT: {{vgather|vscatter}}
// CHECK: vaddps
// CHECK-NOT: {{vgather|vscatter}}
func.func @pointwise(%x: tensor<2x16x56x56xf32>) -> tensor<2x64x56x56xf32> {
  %w = "tc_tensor.constant"() {value = dense<0.5> : tensor<64x16x1x1xf32>} : () -> tensor<64x16x1x1xf32>
  %b = "tc_tensor.constant"() {value = dense<0.25> : tensor<64xf32>} : () -> tensor<64xf32>
  %0 = "tc_tensor.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x16x56x56xf32>, tensor<64x16x1x1xf32>, tensor<64xf32>) -> tensor<2x64x56x56xf32>
  return %0 : tensor<2x64x56x56xf32>
}
