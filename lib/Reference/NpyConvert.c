//===- NpyConvert.c - reference tensors to and from .npy arrays ------------===//
//
// The .npy dtype must be the one the declared dtype maps to; nothing is
// converted silently. bf16 is the one exception NumPy forces: it has no
// bfloat16, so bf16 tensors travel as float32 arrays whose values are exactly
// representable in bf16 (anything else is rejected, not rounded).
//
//===----------------------------------------------------------------------===//
#include "RefInternal.h"

#include "tensorc/Npy.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static TcNpyDtype npyDtypeOf(TcRefDtype d) {
  static const TcNpyDtype map[] = {
      [TC_REF_I1] = TC_NPY_BOOL, [TC_REF_I8] = TC_NPY_I8,    [TC_REF_I16] = TC_NPY_I16, [TC_REF_I32] = TC_NPY_I32,
      [TC_REF_I64] = TC_NPY_I64, [TC_REF_UI8] = TC_NPY_U8,   [TC_REF_UI16] = TC_NPY_U16, [TC_REF_UI32] = TC_NPY_U32,
      [TC_REF_UI64] = TC_NPY_U64, [TC_REF_F16] = TC_NPY_F16, [TC_REF_BF16] = TC_NPY_F32, [TC_REF_F32] = TC_NPY_F32,
      [TC_REF_F64] = TC_NPY_F64,
  };
  return map[d];
}

static double halfBitsToDouble(uint16_t h) {
  int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  double v = exp == 0 ? ldexp(mant, -24) : exp == 31 ? (mant ? NAN : INFINITY) : ldexp(mant | 0x400, exp - 25);
  return (h & 0x8000) ? -v : v;
}

// Exact for values representable in f16 (the tensor's values always are).
static uint16_t doubleToHalfBits(double x) {
  uint16_t sign = signbit(x) ? 0x8000 : 0;
  double a = fabs(x);
  if (isnan(x))
    return 0x7e00;
  if (isinf(x) || a > 65504)
    return sign | 0x7c00;
  if (a < ldexp(1.0, -14))
    return sign | (uint16_t)(a / ldexp(1.0, -24)); // subnormal (or zero)
  int exp;
  double m = frexp(a, &exp); // a = m 2^exp, m in [0.5, 1)
  return sign | (uint16_t)((exp + 14) << 10) | (uint16_t)((m * 2 - 1) * 1024);
}

static void readElement(const TcNpyArray *a, int64_t k, TcRefTensor *t) {
  const unsigned char *p = (const unsigned char *)a->data + (size_t)k * tcNpyDtypeSize(a->dtype);
  union {
    int8_t i8; int16_t i16; int32_t i32; int64_t i64;
    uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64; float f32; double f64;
  } v;
  memcpy(&v, p, tcNpyDtypeSize(a->dtype));
  switch (a->dtype) {
  case TC_NPY_BOOL: t->data[k].i = v.u8 != 0; break;
  case TC_NPY_I8: t->data[k].i = v.i8; break;
  case TC_NPY_I16: t->data[k].i = v.i16; break;
  case TC_NPY_I32: t->data[k].i = v.i32; break;
  case TC_NPY_I64: t->data[k].i = v.i64; break;
  case TC_NPY_U8: t->data[k].u = v.u8; break;
  case TC_NPY_U16: t->data[k].u = v.u16; break;
  case TC_NPY_U32: t->data[k].u = v.u32; break;
  case TC_NPY_U64: t->data[k].u = v.u64; break;
  case TC_NPY_F16: t->data[k].f = halfBitsToDouble(v.u16); break;
  case TC_NPY_F32: t->data[k].f = v.f32; break;
  case TC_NPY_F64: t->data[k].f = v.f64; break;
  }
}

static void writeElement(const TcRefTensor *t, int64_t k, TcNpyArray *a) {
  unsigned char *p = (unsigned char *)a->data + (size_t)k * tcNpyDtypeSize(a->dtype);
  union {
    int8_t i8; int16_t i16; int32_t i32; int64_t i64;
    uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64; float f32; double f64;
  } v;
  switch (a->dtype) {
  case TC_NPY_BOOL: v.u8 = t->data[k].i != 0; break;
  case TC_NPY_I8: v.i8 = (int8_t)t->data[k].i; break;
  case TC_NPY_I16: v.i16 = (int16_t)t->data[k].i; break;
  case TC_NPY_I32: v.i32 = (int32_t)t->data[k].i; break;
  case TC_NPY_I64: v.i64 = t->data[k].i; break;
  case TC_NPY_U8: v.u8 = (uint8_t)t->data[k].u; break;
  case TC_NPY_U16: v.u16 = (uint16_t)t->data[k].u; break;
  case TC_NPY_U32: v.u32 = (uint32_t)t->data[k].u; break;
  case TC_NPY_U64: v.u64 = t->data[k].u; break;
  case TC_NPY_F16: v.u16 = doubleToHalfBits(t->data[k].f); break;
  case TC_NPY_F32: v.f32 = (float)t->data[k].f; break;
  case TC_NPY_F64: v.f64 = t->data[k].f; break;
  }
  memcpy(p, &v, tcNpyDtypeSize(a->dtype));
}

bool tcRefTensorFromNpy(const TcNpyArray *a, TcRefDtype want, TcRefTensor *out, char *err, size_t errSize) {
  if (a->dtype != npyDtypeOf(want)) {
    snprintf(err, errSize, "holds %s, but the argument is %s (expects %s)", tcNpyDtypeName(a->dtype),
             tcRefDtypeName(want), tcNpyDtypeName(npyDtypeOf(want)));
    return false;
  }
  if (!tcRefTensorCreate(out, want, a->rank, a->shape)) {
    snprintf(err, errSize, "is too large");
    return false;
  }
  for (int64_t k = 0; k < out->numel; ++k) {
    readElement(a, k, out);
    if (want == TC_REF_BF16 && !(isnan(out->data[k].f) || tcRefRoundToFloat(out->data[k].f, want) == out->data[k].f)) {
      snprintf(err, errSize, "element %lld (%.9g) is not exactly representable in bf16", (long long)k,
               out->data[k].f);
      tcRefTensorDestroy(out);
      return false;
    }
  }
  return true;
}

bool tcRefTensorToNpy(const TcRefTensor *t, TcNpyArray *out) {
  memset(out, 0, sizeof *out);
  out->dtype = npyDtypeOf(t->dtype);
  out->rank = (int)t->rank;
  memcpy(out->shape, t->dims, (size_t)t->rank * sizeof t->dims[0]);
  out->numBytes = (size_t)t->numel * tcNpyDtypeSize(out->dtype);
  out->data = malloc(out->numBytes ? out->numBytes : 1);
  if (!out->data)
    return false;
  for (int64_t k = 0; k < t->numel; ++k)
    writeElement(t, k, out);
  return true;
}
