// tc_kernel.irdl.mlir - tc_kernel: calls of tuned kernels on memrefs.
//
// Each op is one call of a chosen implementation (BLIS gemm, a conv
// algorithm, a reduction, a fused elementwise body). A kernel has no results:
// it writes its last operand. Besides the semantic attributes it inherits from
// the tc_tensor op it replaces, every op records which implementation was
// chosen (`kernel`/`algorithm`, or `body` for fused elementwise code) and
// `reason`, why, which the manifest reports. IRDL checks operand counts, that
// operands are memrefs and that attributes are present with the right kind;
// tc-verify checks docs/dialects.md section 4 (ranks, shapes, kind names).
// IRDL checks every member of a variadic group against one constraint
// value, which binds to the first member's type; elementwise buffers differ
// in shape and dtype, so they go in 16 optional slots b0..b15 instead, with
// MLIR's operandSegmentSizes saying which are present (docs/dialects.md §3).

irdl.dialect @tc_kernel {
  // gemm: c = alpha * op(a) * op(b) + beta * c; rank 2, or rank 3 batched.
  irdl.operation @gemm {
    %a = irdl.base "!builtin.memref"
    %b = irdl.base "!builtin.memref"
    %c = irdl.base "!builtin.memref"
    %alpha = irdl.base "#builtin.float"
    %beta = irdl.base "#builtin.float"
    %trans_a = irdl.base "#builtin.integer"
    %trans_b = irdl.base "#builtin.integer"
    %kernel = irdl.base "#builtin.string"
    %reason = irdl.base "#builtin.string"
    irdl.operands(a: %a, b: %b, c: %c)
    irdl.results()
    irdl.attributes {
      "alpha" = %alpha,
      "beta" = %beta,
      "trans_a" = %trans_a,
      "trans_b" = %trans_b,
      "kernel" = %kernel,
      "reason" = %reason
    }
  }

  // conv2d: NCHW, writes out; bias optional.
  irdl.operation @conv2d {
    %x = irdl.base "!builtin.memref"
    %w = irdl.base "!builtin.memref"
    %bias = irdl.base "!builtin.memref"
    %out = irdl.base "!builtin.memref"
    %strides = irdl.base "#builtin.dense_array"
    %pads = irdl.base "#builtin.dense_array"
    %dilations = irdl.base "#builtin.dense_array"
    %group = irdl.base "#builtin.integer"
    %algorithm = irdl.base "#builtin.string"
    %reason = irdl.base "#builtin.string"
    irdl.operands(x: %x, w: %w, bias: optional %bias, out: %out)
    irdl.results()
    irdl.attributes {
      "strides" = %strides,
      "pads" = %pads,
      "dilations" = %dilations,
      "group" = %group,
      "algorithm" = %algorithm,
      "reason" = %reason
    }
  }

  // reduce: kind is sum, prod, max, min or mean.
  irdl.operation @reduce {
    %input = irdl.base "!builtin.memref"
    %output = irdl.base "!builtin.memref"
    %kind = irdl.base "#builtin.string"
    %axes = irdl.base "#builtin.dense_array"
    %reason = irdl.base "#builtin.string"
    irdl.operands(input: %input, output: %output)
    irdl.results()
    irdl.attributes {"kind" = %kind, "axes" = %axes, "reason" = %reason}
  }

  // elementwise: a fused elementwise body @body over the buffers.
  irdl.operation @elementwise {
    %b0 = irdl.base "!builtin.memref"
    %b1 = irdl.base "!builtin.memref"
    %b2 = irdl.base "!builtin.memref"
    %b3 = irdl.base "!builtin.memref"
    %b4 = irdl.base "!builtin.memref"
    %b5 = irdl.base "!builtin.memref"
    %b6 = irdl.base "!builtin.memref"
    %b7 = irdl.base "!builtin.memref"
    %b8 = irdl.base "!builtin.memref"
    %b9 = irdl.base "!builtin.memref"
    %b10 = irdl.base "!builtin.memref"
    %b11 = irdl.base "!builtin.memref"
    %b12 = irdl.base "!builtin.memref"
    %b13 = irdl.base "!builtin.memref"
    %b14 = irdl.base "!builtin.memref"
    %b15 = irdl.base "!builtin.memref"
    %body = irdl.base "#builtin.symbol_ref"
    %group = irdl.base "#builtin.integer"
    %reason = irdl.base "#builtin.string"
    irdl.operands(b0: optional %b0, b1: optional %b1, b2: optional %b2, b3: optional %b3, b4: optional %b4, b5: optional %b5, b6: optional %b6, b7: optional %b7, b8: optional %b8, b9: optional %b9, b10: optional %b10, b11: optional %b11, b12: optional %b12, b13: optional %b13, b14: optional %b14, b15: optional %b15)
    irdl.results()
    irdl.attributes {"body" = %body, "group" = %group, "reason" = %reason}
  }
}
