// The driver of run-time-bounds.mlir: calls @f on buffers of 4 + argc rows
// and prints the output.
#include <stdint.h>
#include <stdio.h>
// f(memref<?x3xf32> a, memref<?x3xf32> b), MLIR's default convention: each
// memref is (allocated, aligned, offset, sizes[2], strides[2]).
void f(float *, float *, int64_t, int64_t, int64_t, int64_t, int64_t, float *, float *, int64_t, int64_t, int64_t,
       int64_t, int64_t);
int main(int argc, char **argv) {
  (void)argv;
  int64_t n = 4 + argc;
  float a[64], b[64];
  for (int i = 0; i < n * 3; ++i)
    a[i] = (float)(i % 2 ? i : -i), b[i] = -99;
  f(a, a, 0, n, 3, 3, 1, b, b, 0, n, 3, 3, 1);
  for (int i = 0; i < n * 3; ++i)
    printf("%g%s", b[i], i + 1 < n * 3 ? " " : "\n");
  return 0;
}
