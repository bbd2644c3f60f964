//===- Tensor.c - ONNX dtypes, TensorProto data, constants ----------------===//
//
// ONNX dtypes map one to one onto tc_tensor's (docs/dialects.md §1.1) except
// strings and complex numbers, which tc_tensor lacks. A TensorProto holds its
// elements either as raw little-endian bytes (`raw_data`) or in a typed
// repeated field (float_data, int32_data for every type of 32 bits or less,
// int64_data, double_data, uint64_data for ui32 and ui64). tcImpTensorData
// reads either form into one raw little-endian buffer, checking the element
// count against the dims. When asked to borrow, raw_data is used in place: the
// unpacked model owns it, so a large initializer is copied once (file ->
// protobuf) and never again: its constant is a dense_resource whose blob
// points at those bytes (unmanaged, the model outlives the module).
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

MlirType tcImpElementType(MlirContext ctx, int32_t dtype) {
  switch (dtype) {
  case IMP_F32: return mlirF32TypeGet(ctx);
  case IMP_F64: return mlirF64TypeGet(ctx);
  case IMP_F16: return mlirF16TypeGet(ctx);
  case IMP_BF16: return mlirBF16TypeGet(ctx);
  case IMP_BOOL: return mlirIntegerTypeGet(ctx, 1);
  case IMP_I8: return mlirIntegerTypeGet(ctx, 8);
  case IMP_I16: return mlirIntegerTypeGet(ctx, 16);
  case IMP_I32: return mlirIntegerTypeGet(ctx, 32);
  case IMP_I64: return mlirIntegerTypeGet(ctx, 64);
  case IMP_U8: return mlirIntegerTypeUnsignedGet(ctx, 8);
  case IMP_U16: return mlirIntegerTypeUnsignedGet(ctx, 16);
  case IMP_U32: return mlirIntegerTypeUnsignedGet(ctx, 32);
  case IMP_U64: return mlirIntegerTypeUnsignedGet(ctx, 64);
  default: return (MlirType){NULL};
  }
}

int32_t tcImpDtypeOf(MlirType t) {
  if (mlirTypeIsAF32(t))
    return IMP_F32;
  if (mlirTypeIsAF64(t))
    return IMP_F64;
  if (mlirTypeIsAF16(t))
    return IMP_F16;
  if (mlirTypeIsABF16(t))
    return IMP_BF16;
  if (!mlirTypeIsAInteger(t))
    return 0;
  bool u = mlirIntegerTypeIsUnsigned(t);
  switch (mlirIntegerTypeGetWidth(t)) {
  case 1: return IMP_BOOL;
  case 8: return u ? IMP_U8 : IMP_I8;
  case 16: return u ? IMP_U16 : IMP_I16;
  case 32: return u ? IMP_U32 : IMP_I32;
  case 64: return u ? IMP_U64 : IMP_I64;
  default: return 0;
  }
}

size_t tcImpDtypeSize(int32_t dtype) {
  switch (dtype) {
  case IMP_BOOL: case IMP_I8: case IMP_U8: return 1;
  case IMP_I16: case IMP_U16: case IMP_F16: case IMP_BF16: return 2;
  case IMP_I32: case IMP_U32: case IMP_F32: return 4;
  case IMP_I64: case IMP_U64: case IMP_F64: return 8;
  default: return 0;
  }
}

const char *tcImpDtypeName(int32_t dtype) {
  static const char *names[] = {"undefined", "float", "uint8", "int8", "uint16", "int16", "int32", "int64",
                                "string", "bool", "float16", "double", "uint32", "uint64", "complex64",
                                "complex128", "bfloat16"};
  return dtype >= 0 && dtype < (int32_t)(sizeof names / sizeof *names) ? names[dtype] : "an unknown dtype";
}

bool tcImpIsFloat(int32_t d) { return d == IMP_F32 || d == IMP_F64 || d == IMP_F16 || d == IMP_BF16; }
bool tcImpIsUnsigned(int32_t d) { return d == IMP_U8 || d == IMP_U16 || d == IMP_U32 || d == IMP_U64; }
bool tcImpIsInt(int32_t d) { return tcImpIsUnsigned(d) || d == IMP_I8 || d == IMP_I16 || d == IMP_I32 || d == IMP_I64; }

bool tcImpIsDynamic(int rank, const int64_t *dims) {
  for (int i = 0; i < rank; ++i)
    if (dims[i] == IMP_DYN)
      return true;
  return false;
}

int64_t tcImpNumElements(int rank, const int64_t *dims) {
  int64_t n = 1;
  for (int i = 0; i < rank; ++i) {
    if (dims[i] == IMP_DYN)
      continue; // a dynamic dimension counts as 1
    if (dims[i] <= 0)
      return dims[i] == 0 ? 0 : n; // negative dimensions are the caller's to refuse
    n = n > INT64_MAX / dims[i] ? INT64_MAX : n * dims[i];
  }
  return n;
}

const char *tcImpFormatShape(int rank, const int64_t *dims, char *buf, size_t size) {
  size_t used = (size_t)snprintf(buf, size, "[");
  for (int i = 0; i < rank && used < size; ++i)
    used += dims[i] == IMP_DYN ? (size_t)snprintf(buf + used, size - used, "%s?", i ? ", " : "")
                               : (size_t)snprintf(buf + used, size - used, "%s%" PRId64, i ? ", " : "", dims[i]);
  if (used < size)
    snprintf(buf + used, size - used, "]");
  return buf;
}

MlirType tcImpTensorType(Importer *im, int32_t dtype, int rank, const int64_t *dims) {
  return mlirRankedTensorTypeGet(rank, dims, tcImpElementType(im->ctx, dtype), mlirAttributeGetNull());
}

// Copies a typed repeated field into a raw buffer of `dtype`.
static void *fromTypedField(const Onnx__TensorProto *t, int32_t dtype, int64_t n, size_t *have) {
  size_t size = tcImpDtypeSize(dtype);
  unsigned char *out = calloc((size_t)(n ? n : 1), size);
  *have = 0;
  for (int64_t k = 0; k < n; ++k) {
    unsigned char *dst = out + (size_t)k * size;
    if (dtype == IMP_F32 && (size_t)k < t->n_float_data) {
      memcpy(dst, &t->float_data[k], 4);
    } else if (dtype == IMP_F64 && (size_t)k < t->n_double_data) {
      memcpy(dst, &t->double_data[k], 8);
    } else if (dtype == IMP_I64 && (size_t)k < t->n_int64_data) {
      memcpy(dst, &t->int64_data[k], 8);
    } else if ((dtype == IMP_U32 || dtype == IMP_U64) && (size_t)k < t->n_uint64_data) {
      uint64_t v = t->uint64_data[k];
      memcpy(dst, &v, size); // little-endian: the low bytes first
    } else if (size <= 4 && dtype != IMP_F32 && dtype != IMP_U32 && (size_t)k < t->n_int32_data) {
      int32_t v = t->int32_data[k];
      if (dtype == IMP_BOOL)
        v = v != 0;
      memcpy(dst, &v, size);
    } else {
      continue;
    }
    ++*have;
  }
  return out;
}

static size_t typedFieldCount(const Onnx__TensorProto *t, int32_t dtype) {
  switch (dtype) {
  case IMP_F32: return t->n_float_data;
  case IMP_F64: return t->n_double_data;
  case IMP_I64: return t->n_int64_data;
  case IMP_U32: case IMP_U64: return t->n_uint64_data;
  default: return t->n_int32_data;
  }
}

bool tcImpTensorData(Importer *im, const Onnx__TensorProto *t, const char *what, bool borrow, const void **data,
                     void **owned, int *rank, int64_t *dims) {
  *data = NULL;
  *owned = NULL;
  int32_t dtype = t->has_data_type ? t->data_type : 0;
  if (t->n_dims > IMP_MAX_RANK)
    return tcImpUnsupported(im, "%s has rank %zu, more than %d", what, t->n_dims, (int)IMP_MAX_RANK);
  *rank = (int)t->n_dims;
  for (size_t i = 0; i < t->n_dims; ++i) {
    if (t->dims[i] < 0 || t->dims[i] > ((int64_t)1 << 40))
      return tcImpInvalid(im, "%s has dimension %" PRId64 "", what, t->dims[i]);
    dims[i] = t->dims[i];
  }
  if ((t->has_data_location && t->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL) || t->segment)
    return tcImpUnsupported(im, "%s keeps its data outside the model (external data or segments)", what);
  if (tcImpDtypeSize(dtype) == 0)
    return dtype == IMP_STRING || dtype == 14 || dtype == 15
               ? tcImpUnsupported(im, "%s has dtype %s, which tc_tensor lacks", what, tcImpDtypeName(dtype))
               : tcImpInvalid(im, "%s has no valid data_type (%d)", what, dtype);
  int64_t n = tcImpNumElements(*rank, dims);
  size_t size = tcImpDtypeSize(dtype);
  if (t->has_raw_data) {
    if (t->raw_data.len != (size_t)n * size)
      return tcImpInvalid(im, "%s holds %zu bytes of raw data, but %" PRId64 " elements of %s need %zu", what,
                          t->raw_data.len, n, tcImpDtypeName(dtype), (size_t)n * size);
    if (borrow && dtype != IMP_BOOL) {
      *data = t->raw_data.data;
      return true;
    }
    unsigned char *copy = malloc(t->raw_data.len ? t->raw_data.len : 1);
    memcpy(copy, t->raw_data.data, t->raw_data.len);
    if (dtype == IMP_BOOL)
      for (size_t k = 0; k < t->raw_data.len; ++k)
        copy[k] = copy[k] != 0;
    *data = *owned = copy;
    return true;
  }
  size_t given = typedFieldCount(t, dtype);
  if (given != (size_t)n)
    return tcImpInvalid(im, "%s holds %zu elements, but its dims say %" PRId64 "", what, given, n);
  size_t have;
  *data = *owned = fromTypedField(t, dtype, n, &have);
  return true;
}

int64_t tcImpDataInt(const void *data, int32_t dtype, int64_t k) {
  const unsigned char *p = (const unsigned char *)data + (size_t)k * tcImpDtypeSize(dtype);
  switch (dtype) {
  case IMP_BOOL: case IMP_U8: return *p;
  case IMP_I8: return (int8_t)*p;
  case IMP_I16: { int16_t v; memcpy(&v, p, 2); return v; }
  case IMP_U16: { uint16_t v; memcpy(&v, p, 2); return v; }
  case IMP_I32: { int32_t v; memcpy(&v, p, 4); return v; }
  case IMP_U32: { uint32_t v; memcpy(&v, p, 4); return v; }
  case IMP_I64: case IMP_U64: { int64_t v; memcpy(&v, p, 8); return v; }
  default: return (int64_t)tcImpDataDouble(data, dtype, k);
  }
}

static double halfToDouble(uint16_t h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
  return (h & 0x8000) ? -v : v;
}

double tcImpDataDouble(const void *data, int32_t dtype, int64_t k) {
  const unsigned char *p = (const unsigned char *)data + (size_t)k * tcImpDtypeSize(dtype);
  switch (dtype) {
  case IMP_F32: { float v; memcpy(&v, p, 4); return v; }
  case IMP_F64: { double v; memcpy(&v, p, 8); return v; }
  case IMP_F16: { uint16_t v; memcpy(&v, p, 2); return halfToDouble(v); }
  case IMP_BF16: { uint16_t v; memcpy(&v, p, 2); uint32_t w = (uint32_t)v << 16; float f; memcpy(&f, &w, 4); return f; }
  case IMP_U64: { uint64_t v; memcpy(&v, p, 8); return (double)v; }
  default: return (double)tcImpDataInt(data, dtype, k);
  }
}

static void noDelete(void *userData, const void *data, size_t size, size_t align) {}

MlirAttribute tcImpElementsAttr(Importer *im, ImpValue *v) {
  MlirType type = tcImpTensorType(im, v->dtype, v->rank, v->dims);
  int64_t n = tcImpNumElements(v->rank, v->dims);
  size_t bytes = (size_t)n * tcImpDtypeSize(v->dtype);
  if (v->dtype == IMP_BOOL) {
    int *values = malloc((size_t)(n ? n : 1) * sizeof *values);
    for (int64_t k = 0; k < n; ++k)
      values[k] = ((const unsigned char *)v->data)[k] != 0;
    MlirAttribute attr = mlirDenseElementsAttrBoolGet(type, (intptr_t)n, values);
    free(values);
    return attr;
  }
  // Borrowed bytes (owned == NULL) stay where the protobuf put them. Unsigned
  // data stays dense: the lowering takes dense_resource only for signless
  // and float dtypes.
  if (!v->owned && v->data && bytes >= IMP_RESOURCE_BYTES && !tcImpIsUnsigned(v->dtype)) {
    char name[64];
    snprintf(name, sizeof name, "onnx_initializer_%u", im->resourceCount++);
    return mlirUnmanagedDenseResourceElementsAttrGet(type, mlirStringRefCreateFromCString(name), (void *)v->data,
                                                     bytes, tcImpDtypeSize(v->dtype), false, noDelete, NULL);
  }
  static const char zero[8];
  return mlirDenseElementsAttrRawBufferGet(type, bytes, v->data ? v->data : zero);
}
