// Links against the object tensor-translate built from kernels.mlir and
// calls its functions through the plain C ABI.
#include <stdio.h>

float add(float a, float b);
void scale(const float *x, float *out, long n, float s);

int main(void) {
  printf("add %.2f\n", add(1.5f, 2.25f));
  float x[37], out[37];
  for (int i = 0; i < 37; ++i)
    x[i] = (float)i;
  scale(x, out, 37, 0.5f);
  printf("scale %.2f %.2f %.2f\n", out[0], out[1], out[36]);
  return 0;
}
