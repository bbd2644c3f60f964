// Initialises BLIS with the sub-configuration named argv[2] (through
// BLIS_ARCH_TYPE, as BLIS 0.9 reads it once), then loads the artifact argv[1]
// and calls its entry point `mm` (f32 [64, 64] x [64, 64]). An artifact
// compiled for another sub-configuration must refuse to compute.
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// BLIS 0.9's API, declared here so that no blis.h is needed.
void bli_init(void);
const char *bli_arch_string(int id);
#define BLIS_0_9_NUM_ARCHS 26

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  int id = -1;
  for (int i = 0; i < BLIS_0_9_NUM_ARCHS && id < 0; ++i)
    if (strcmp(bli_arch_string(i), argv[2]) == 0)
      id = i;
  char value[16];
  snprintf(value, sizeof value, "%d", id);
  setenv("BLIS_ARCH_TYPE", value, 1);
  bli_init();
  unsetenv("BLIS_ARCH_TYPE");
  void *library = dlopen(argv[1], RTLD_NOW);
  void (*mm)(const float *, const float *, float *) = library ? (void (*)(const float *, const float *, float *))dlsym(library, "mm") : NULL;
  if (!mm) {
    fprintf(stderr, "cannot load %s\n", argv[1]);
    return 2;
  }
  static float a[64 * 64], b[64 * 64], c[64 * 64];
  for (int i = 0; i < 64 * 64; ++i)
    a[i] = 1.0f, b[i] = 2.0f;
  mm(a, b, c);
  printf("c[0] = %g\n", c[0]);
  return 0;
}
