// Calls @kernels of run-kernels.mlir: a function on buffers keeps its
// signature, one pointer per memref (the bare-pointer convention).
#include <stdio.h>

void kernels(const float *a, const float *b, float *c, float *s, float *q);

int main(void) {
  float a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {1, 0, 0, 1, 1, 1}, c[4] = {1, 1, 1, 1}, s[2], q[6];
  kernels(a, b, c, s, q);
  printf("gemm: %g %g %g %g\n", c[0], c[1], c[2], c[3]);
  printf("reduce: %g %g\n", s[0], s[1]);
  printf("elementwise:");
  for (int i = 0; i < 6; ++i)
    printf(" %g", q[i]);
  printf("\n");
  return 0;
}
