// Calls the dynamic entry point of Inputs/dynamic-add.mlir through its
// generated header (docs/dynamic-shapes.md §3): the shape function for 4
// rows, then add, then shapes the guards refuse, by their macros.
#include "add.h"

#include <stdio.h>

int main(void) {
  float a[12], b[12], out[12];
  for (int i = 0; i < 12; ++i)
    a[i] = (float)i, b[i] = 10, out[i] = -1;
  int64_t dims[6] = {4, 3, 4, 3, 0, 0};
  int32_t code = add__tc_shapes(dims);
  printf("shapes: code %d, out [%lld, %lld]\n", (int)code, (long long)dims[4], (long long)dims[5]);
  code = add(a, b, out, dims);
  printf("add: code %d, out[0] %g, out[11] %g\n", (int)code, (double)out[0], (double)out[11]);
  int64_t unequal[6] = {4, 3, 2, 3, 0, 0};
  out[0] = -1;
  code = add(a, b, out, unequal);
  printf("unequal rows: code %d (TC_GUARD_EQUAL_DIMS %d), out[0] %g\n", (int)code, TC_GUARD_EQUAL_DIMS,
         (double)out[0]);
  int64_t wide[6] = {4, 5, 4, 3, 0, 0};
  printf("inner 5: code %d (TC_GUARD_ARG_SHAPE %d)\n", (int)add__tc_shapes(wide), TC_GUARD_ARG_SHAPE);
  return 0;
}
