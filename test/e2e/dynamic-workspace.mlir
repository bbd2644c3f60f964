// Run-time-sized temporaries come from the artifact's workspace while they
// fit and are allocated when they do not (docs/memory.md §5). The
// temporary left after fusion (tanh's result; the transposes fold into
// their consumers) is a ?x? f32 buffer served up to 65536 run-time units:
// ? = 200 (40000 units) takes the workspace, ? = 300 (90000) the
// allocation; every size agrees with tensor-ref from one artifact, and the
// gate (which draws sizes up to its input budget, past the capacity) passes
// it on 1 and 2 threads.
// RUN: %e2e --size 1 --size 200 --size 300 %s
// RUN: tensor-opt --tc-cpu-pipeline %s --manifest-out=%t.json -o /dev/null
// RUN: FileCheck %s < %t.json
// CHECK: "detail": "1 run-time-sized allocation(s) are in 1 static buffer(s) of the artifact (allocations whose live intervals do not meet share one), each taken while the allocation fits it (of at most 262144 bytes, 262144 bytes reserved in all, resident as far as calls reach); a call with larger sizes, or that finds them in use (pthread_mutex_trylock on @f__workspace_lock fails), allocates its own",
// RUN: tensor-opt --tc-cpu-pipeline %s | tensor-translate --emit=shared -o %t.so
// RUN: tensor-conform %s --artifact %t.so --threads 1,2 | FileCheck %s --check-prefix=GATE
// GATE: verdict: pass
func.func @f(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %a = "tc_tensor.tanh"(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %t = "tc_tensor.transpose"(%a) {perm = array<i64: 1, 0>} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %u = "tc_tensor.transpose"(%t) {perm = array<i64: 1, 0>} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %y = "tc_tensor.add"(%u, %x) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
