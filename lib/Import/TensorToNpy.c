//===- TensorToNpy.c - an ONNX TensorProto file as a .npy file --------------===//
//
// The ONNX backend tests keep their inputs and expected outputs as
// serialized TensorProtos (test_data_set_*/input_N.pb, output_N.pb). This
// converts one to the .npy exchange format of tensor-run and
// tensor-conform compare, so that the test runner needs no python-onnx.
// NumPy has no bfloat16: bf16 elements are written as the float32 values
// they are exactly (as tensor-ref and tensor-run do).
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"
#include "ImportModel.h"

#include "tensorc/Import.h"
#include "tensorc/Npy.h"

#include <stdlib.h>
#include <string.h>

static TcNpyDtype npyDtype(int32_t dtype) {
  switch (dtype) {
  case IMP_BOOL: return TC_NPY_BOOL;
  case IMP_I8: return TC_NPY_I8;
  case IMP_I16: return TC_NPY_I16;
  case IMP_I32: return TC_NPY_I32;
  case IMP_I64: return TC_NPY_I64;
  case IMP_U8: return TC_NPY_U8;
  case IMP_U16: return TC_NPY_U16;
  case IMP_U32: return TC_NPY_U32;
  case IMP_U64: return TC_NPY_U64;
  case IMP_F16: return TC_NPY_F16;
  case IMP_F64: return TC_NPY_F64;
  default: return TC_NPY_F32; // f32, and bf16 widened
  }
}

// Fills `array` from the tensor; bf16 widens to float32.
static void fillArray(TcNpyArray *array, int32_t dtype, int rank, const int64_t *dims, const void *data) {
  int64_t n = tcImpNumElements(rank, dims);
  array->dtype = npyDtype(dtype);
  array->rank = rank;
  memcpy(array->shape, dims, (size_t)rank * sizeof *dims);
  array->numBytes = (size_t)n * tcNpyDtypeSize(array->dtype);
  array->data = malloc(array->numBytes ? array->numBytes : 1);
  if (dtype != IMP_BF16) {
    memcpy(array->data, data, array->numBytes);
    return;
  }
  for (int64_t k = 0; k < n; ++k) {
    float f = (float)tcImpDataDouble(data, dtype, k);
    memcpy((char *)array->data + k * 4, &f, 4);
  }
}

TcExitCode tcOnnxTensorFileToNpy(const char *inPath, const char *outPath, FILE *err) {
  char msg[512];
  size_t size;
  unsigned char *bytes = tcImpReadFile(inPath, &size, msg, sizeof msg);
  if (!bytes) {
    fprintf(err, "tensor-import-onnx: %s\n", msg);
    return TC_EXIT_USAGE;
  }
  Importer im = {.path = inPath, .err = err, .status = TC_EXIT_SUCCESS};
  Onnx__TensorProto *t = tcOnnx__tensor_proto__unpack(NULL, size, bytes);
  free(bytes);
  if (!t) {
    tcImpInvalid(&im, "not an ONNX tensor (the protobuf does not parse as a TensorProto)");
    return im.status;
  }
  const void *data;
  void *owned;
  int rank;
  int64_t dims[IMP_MAX_RANK];
  if (tcImpTensorData(&im, t, "the tensor", true, &data, &owned, &rank, dims)) {
    TcNpyArray array = {0};
    fillArray(&array, t->data_type, rank, dims, data);
    if (!tcNpyWrite(outPath, &array, msg, sizeof msg)) {
      fprintf(err, "tensor-import-onnx: %s\n", msg);
      im.status = TC_EXIT_USAGE;
    }
    tcNpyArrayDestroy(&array);
    free(owned);
  }
  tcOnnx__tensor_proto__free_unpacked(t, NULL);
  return im.status;
}
