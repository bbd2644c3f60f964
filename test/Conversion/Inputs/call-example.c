// Links an example's object and calls its entry point directly, as
// docs/abi.md says: `void ENTRY(const float *in, float *out)` from the
// generated header HEADER. The input is the data of a .npy file (tensor-ref
// --output-dir's input_0.npy); the output is written as a .npy file with the
// header of the reference's output_0.npy, so the two can be compared.
//
//   call-example IN.npy REF_OUT.npy OUT.npy
#include HEADER

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Reads a whole file; `*size` gets its length.
static unsigned char *readFile(const char *path, long *size) {
  FILE *f = fopen(path, "rb");
  if (!f || fseek(f, 0, SEEK_END) != 0 || (*size = ftell(f)) < 10 || fseek(f, 0, SEEK_SET) != 0) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(1);
  }
  unsigned char *data = malloc((size_t)*size);
  if (fread(data, 1, (size_t)*size, f) != (size_t)*size)
    exit(1);
  fclose(f);
  return data;
}

// The offset of the data in a version 1.0 .npy file.
static long dataOffset(const unsigned char *npy) { return 10 + (npy[8] | npy[9] << 8); }

int main(int argc, char **argv) {
  if (argc != 4)
    return 1;
  long inSize, refSize;
  unsigned char *in = readFile(argv[1], &inSize), *ref = readFile(argv[2], &refSize);
  long inOffset = dataOffset(in), refOffset = dataOffset(ref);
  float *input = malloc((size_t)(inSize - inOffset)), *output = malloc((size_t)(refSize - refOffset));
  memcpy(input, in + inOffset, (size_t)(inSize - inOffset));
  ENTRY(input, output);
  FILE *out = fopen(argv[3], "wb");
  fwrite(ref, 1, (size_t)refOffset, out);
  fwrite(output, 1, (size_t)(refSize - refOffset), out);
  fclose(out);
  printf("called %s\n", HEADER);
  return 0;
}
