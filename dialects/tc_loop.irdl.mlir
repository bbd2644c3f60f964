// tc_loop.irdl.mlir - tc_loop: loop nests over memrefs that carry a schedule.
//
// A loop nest separates what it computes from how it runs. What: the body, an
// ordinary func.func marked `tc_loop.body` whose arguments are the induction
// variables (index, outermost first) and then the nest's buffers; the nest
// names it with the `body` symbol. How: the schedule attributes (bounds,
// which loops are parallel, tile sizes, vector width, fusion group).
// Scheduling passes change only attributes, so the op needs no region, which
// IRDL could not give it a terminator for anyway. IRDL checks that the
// buffers are memrefs and that every attribute is present with the right
// kind; tc-verify checks the rest of docs/dialects.md section 3 (array
// lengths, that the body exists and has a matching signature).
// IRDL checks every member of a variadic group against one constraint
// value, which binds to the first member's type; buffers differ in shape and
// dtype, so they go in 16 optional slots b0..b15 instead, each with its own
// constraint, with MLIR's operandSegmentSizes saying which are present
// (docs/dialects.md §3, "Buffer slots").

irdl.dialect @tc_loop {
  // nest: run @body over [0, bounds[i]) per loop; the rest is schedule.
  irdl.operation @nest {
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
    %bounds = irdl.base "#builtin.dense_array"
    %parallel = irdl.base "#builtin.dense_array"
    %tile = irdl.base "#builtin.dense_array"
    %vector_width = irdl.base "#builtin.integer"
    %group = irdl.base "#builtin.integer"
    irdl.operands(b0: optional %b0, b1: optional %b1, b2: optional %b2, b3: optional %b3, b4: optional %b4, b5: optional %b5, b6: optional %b6, b7: optional %b7, b8: optional %b8, b9: optional %b9, b10: optional %b10, b11: optional %b11, b12: optional %b12, b13: optional %b13, b14: optional %b14, b15: optional %b15)
    irdl.results()
    irdl.attributes {
      "body" = %body,
      "bounds" = %bounds,
      "parallel" = %parallel,
      "tile" = %tile,
      "vector_width" = %vector_width,
      "group" = %group
    }
  }
}
