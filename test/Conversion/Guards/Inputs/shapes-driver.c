// shapes-driver.c - calls one compiled shape function (tc-insert-guards).
//
// Built with -DTC_SHAPES=<name>__tc_shapes. `driver K d0 d1 ...` fills the
// first argc-2 entries of a K-entry dims array with the given sizes and the
// rest with the sentinel -7, calls the shape function, and prints
// "code=<code> dims=<all K entries>": the outputs' entries must be the
// result shapes when the code is 0 and still -7 otherwise.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int32_t TC_SHAPES(int64_t *dims);

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  int k = atoi(argv[1]);
  int64_t dims[64];
  if (k < 0 || k > 64 || argc - 2 > k)
    return 2;
  for (int i = 0; i < k; ++i)
    dims[i] = i < argc - 2 ? strtoll(argv[2 + i], NULL, 10) : -7;
  int32_t code = TC_SHAPES(dims);
  printf("code=%d dims=", (int)code);
  for (int i = 0; i < k; ++i)
    printf(i ? " %lld" : "%lld", (long long)dims[i]);
  printf("\n");
  return 0;
}
