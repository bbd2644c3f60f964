//===- fuzz-abi.c - the __tc_abi descriptor through the runtime's reader ---===//
//
// tcRtDescriptorParse (lib/Runtime/Descriptor.c) on the input as the
// descriptor text an artifact carries: what tensor-run and every embedder
// trust before calling an entry point.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "../../lib/Runtime/RuntimeInternal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1); // the descriptor is a NUL-terminated string in the artifact
  memcpy(text, data, size);
  text[size] = '\0';
  TcRtArtifact a = {0};
  char err[512];
  (void)tcRtDescriptorParse(text, &a, err, sizeof err);
  tcRtEntriesDestroy(&a); // what was parsed is `a`'s either way (RuntimeInternal.h)
  free(text);
  return 0;
}
