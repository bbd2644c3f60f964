//===- AbiTypes.c - the dtypes and tensor types of the tensorc ABI --------===//
//
// One table gives every dtype of docs/dialects.md §1.1 its name (as MLIR
// prints the element type), the C type an entry point's pointer points to,
// and its size; tensor-translate writes headers and descriptors from it and
// the loader reads descriptors with it, so the two cannot disagree. f16 and
// bf16 have no portable C type: they cross the ABI as uint16_t bit patterns,
// and the conversions here are exact bit manipulations (no rounding).
//
//===----------------------------------------------------------------------===//
#include "tensorc/Runtime.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const struct {
  const char *name, *cType;
  size_t size;
} kDtypes[] = {
    [TC_ABI_I1] = {"i1", "bool", 1},           [TC_ABI_I8] = {"i8", "int8_t", 1},
    [TC_ABI_I16] = {"i16", "int16_t", 2},      [TC_ABI_I32] = {"i32", "int32_t", 4},
    [TC_ABI_I64] = {"i64", "int64_t", 8},      [TC_ABI_UI8] = {"ui8", "uint8_t", 1},
    [TC_ABI_UI16] = {"ui16", "uint16_t", 2},   [TC_ABI_UI32] = {"ui32", "uint32_t", 4},
    [TC_ABI_UI64] = {"ui64", "uint64_t", 8},   [TC_ABI_F16] = {"f16", "uint16_t", 2},
    [TC_ABI_BF16] = {"bf16", "uint16_t", 2},   [TC_ABI_F32] = {"f32", "float", 4},
    [TC_ABI_F64] = {"f64", "double", 8},
};
enum { kNumDtypes = sizeof kDtypes / sizeof kDtypes[0] };

bool tcAbiDtypeFromName(const char *name, size_t length, TcAbiDtype *dtype) {
  for (int i = 0; i < kNumDtypes; ++i)
    if (strlen(kDtypes[i].name) == length && memcmp(kDtypes[i].name, name, length) == 0) {
      *dtype = (TcAbiDtype)i;
      return true;
    }
  return false;
}

const char *tcAbiDtypeGetName(TcAbiDtype dtype) { return kDtypes[dtype].name; }
const char *tcAbiDtypeGetCType(TcAbiDtype dtype) { return kDtypes[dtype].cType; }
size_t tcAbiDtypeGetSize(TcAbiDtype dtype) { return kDtypes[dtype].size; }

int64_t tcAbiTensorTypeGetNumElements(const TcAbiTensorType *type) {
  int64_t n = 1;
  for (int i = 0; i < type->rank; ++i) {
    if (type->shape[i] < 0 || (type->shape[i] != 0 && n > INT64_MAX / type->shape[i]))
      return -1;
    n *= type->shape[i];
  }
  return n;
}

bool tcAbiTensorTypeIsStatic(const TcAbiTensorType *type) {
  for (int i = 0; i < type->rank; ++i)
    if (type->shape[i] == TC_ABI_DYNAMIC_DIM)
      return false;
  return true;
}

const char *tcAbiTensorTypeFormat(const TcAbiTensorType *type, char *buf, size_t size) {
  size_t used = (size_t)snprintf(buf, size, "tensor<");
  for (int i = 0; i < type->rank && used < size; ++i)
    used += type->shape[i] == TC_ABI_DYNAMIC_DIM ? (size_t)snprintf(buf + used, size - used, "?x")
                                                 : (size_t)snprintf(buf + used, size - used, "%" PRId64 "x",
                                                                    type->shape[i]);
  if (used < size)
    snprintf(buf + used, size - used, "%s>", tcAbiDtypeGetName(type->dtype));
  return buf;
}

const char *tcAbiGuardGetName(int32_t code) {
  static const char *const names[] = {
      [TC_ABI_GUARD_ARG_SHAPE] = "arg-shape",         [TC_ABI_GUARD_EQUAL_DIMS] = "equal-dims",
      [TC_ABI_GUARD_BROADCAST] = "broadcast",         [TC_ABI_GUARD_RESHAPE_COUNT] = "reshape-count",
      [TC_ABI_GUARD_WINDOW_FITS] = "window-fits",     [TC_ABI_GUARD_NONEMPTY_AXIS] = "nonempty-axis",
      [TC_ABI_GUARD_SIZE_LIMIT] = "size-limit",       [TC_ABI_GUARD_ASSUMED_BOUND] = "assumed-bound",
  };
  return code > 0 && code < (int32_t)(sizeof names / sizeof *names) ? names[code] : NULL;
}

static float floatFromBits(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

float tcAbiF16ToFloat(uint16_t bits) {
  uint32_t sign = (uint32_t)(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f, mantissa = bits & 0x3ff;
  if (exponent == 0) { // zero or subnormal: mantissa * 2^-24, exact in float
    float v = ldexpf((float)mantissa, -24);
    return sign ? -v : v;
  }
  if (exponent == 31) // infinity or NaN (the payload moves up with it)
    return floatFromBits(sign | 0x7f800000u | mantissa << 13);
  return floatFromBits(sign | (exponent + 112) << 23 | mantissa << 13);
}

float tcAbiBF16ToFloat(uint16_t bits) { return floatFromBits((uint32_t)bits << 16); }

bool tcAbiFloatToBF16Exact(float value, uint16_t *bits) {
  uint32_t u;
  memcpy(&u, &value, sizeof u);
  if (isnan(value)) {
    *bits = (uint16_t)((u >> 16 & 0x8000) | 0x7fc0);
    return true;
  }
  if (u & 0xffff)
    return false;
  *bits = (uint16_t)(u >> 16);
  return true;
}
