//===- fuzz-npy.c - .npy files through the reader --------------------------===//
//
// tcNpyReadMemory: the magic, the version, the header dict and the data
// length checks of lib/IO/Npy.c, as tensor-run, tensor-ref and
// tensor-conform read their --input files.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "tensorc/Npy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  TcNpyArray a;
  char err[512];
  if (tcNpyReadMemory(data, size, &a, err, sizeof err)) {
    volatile size_t touched = 0;
    for (size_t i = 0; i < a.numBytes; i += 4096) // the data is really there
      touched += ((const unsigned char *)a.data)[i];
    tcNpyArrayDestroy(&a);
  }
  return 0;
}
