// Calls f of cpu-pipeline.mlir as docs/abi.md says: inputs, then the
// output, as pointers to dense row-major arrays.
#include <stdio.h>

void f(const float *a, const float *b, float *out);

int main(void) {
  float a[6] = {1, -2, 3, -4, 5, -6}, b[3] = {0.5f, -10.0f, 1.0f}, out[6];
  f(a, b, out);
  for (int i = 0; i < 6; ++i)
    printf("%g ", out[i]);
  printf("\n");
  return 0;
}
