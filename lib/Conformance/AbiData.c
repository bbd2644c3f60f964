//===- AbiData.c - the ABI's element storage, from the gate's side ---------===//
//
// docs/abi.md §2 says how an artifact stores each dtype. The runtime has its
// own copy of that table (lib/Runtime/AbiTypes.c); the gate deliberately
// does not use it, so a mistake there shows up as a disagreement here
// instead of being shared by the checker and the checked.
//
// f16 goes through C's _Float16 and bf16 through the high half of an f32:
// every value the evaluator holds for those dtypes is representable, so both
// directions are exact. Ulp distances use the usual ordered-integer view of
// the bit patterns, in which adjacent floats differ by one and +0 and -0 by
// nothing.
//
//===----------------------------------------------------------------------===//
#include "ConformanceInternal.h"

#include <math.h>
#include <string.h>

static const struct {
  const char *name;
  size_t size;
} kStorage[] = {
    [TC_REF_I1] = {"i1", 1},     [TC_REF_I8] = {"i8", 1},     [TC_REF_I16] = {"i16", 2},
    [TC_REF_I32] = {"i32", 4},   [TC_REF_I64] = {"i64", 8},   [TC_REF_UI8] = {"ui8", 1},
    [TC_REF_UI16] = {"ui16", 2}, [TC_REF_UI32] = {"ui32", 4}, [TC_REF_UI64] = {"ui64", 8},
    [TC_REF_F16] = {"f16", 2},   [TC_REF_BF16] = {"bf16", 2}, [TC_REF_F32] = {"f32", 4},
    [TC_REF_F64] = {"f64", 8},
};

size_t tcConfDtypeSize(TcRefDtype dtype) { return kStorage[dtype].size; }

bool tcConfDtypeFromName(const char *name, TcRefDtype *out) {
  for (size_t d = 0; d < sizeof kStorage / sizeof kStorage[0]; ++d)
    if (strcmp(kStorage[d].name, name) == 0) {
      *out = (TcRefDtype)d;
      return true;
    }
  return false;
}

static uint16_t bf16Bits(double x) {
  float f = (float)x;
  uint32_t bits;
  memcpy(&bits, &f, sizeof bits);
  return (uint16_t)(bits >> 16);
}

static double bf16Value(uint16_t h) {
  uint32_t bits = (uint32_t)h << 16;
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

static void encodeOne(TcRefDtype dtype, TcRefScalar v, unsigned char *p) {
  union {
    int8_t i8; int16_t i16; int32_t i32; int64_t i64;
    uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
    _Float16 f16; float f32; double f64;
  } u;
  switch (dtype) {
  case TC_REF_I1: u.u8 = v.i != 0; break;
  case TC_REF_I8: u.i8 = (int8_t)v.i; break;
  case TC_REF_I16: u.i16 = (int16_t)v.i; break;
  case TC_REF_I32: u.i32 = (int32_t)v.i; break;
  case TC_REF_I64: u.i64 = v.i; break;
  case TC_REF_UI8: u.u8 = (uint8_t)v.u; break;
  case TC_REF_UI16: u.u16 = (uint16_t)v.u; break;
  case TC_REF_UI32: u.u32 = (uint32_t)v.u; break;
  case TC_REF_UI64: u.u64 = v.u; break;
  case TC_REF_F16: u.f16 = (_Float16)v.f; break;
  case TC_REF_BF16: u.u16 = bf16Bits(v.f); break;
  case TC_REF_F32: u.f32 = (float)v.f; break;
  case TC_REF_F64: u.f64 = v.f; break;
  }
  memcpy(p, &u, kStorage[dtype].size);
}

void tcConfEncode(const TcRefTensor *t, void *raw) {
  size_t size = kStorage[t->dtype].size;
  for (int64_t k = 0; k < t->numel; ++k)
    encodeOne(t->dtype, t->data[k], (unsigned char *)raw + (size_t)k * size);
}

TcRefScalar tcConfDecode(TcRefDtype dtype, const void *raw, int64_t k) {
  union {
    int8_t i8; int16_t i16; int32_t i32; int64_t i64;
    uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
    _Float16 f16; float f32; double f64;
  } u;
  memcpy(&u, (const unsigned char *)raw + (size_t)k * kStorage[dtype].size, kStorage[dtype].size);
  TcRefScalar v = {.u = 0};
  switch (dtype) {
  case TC_REF_I1: v.i = u.u8; break; // anything but 0 or 1 is kept, so it fails
  case TC_REF_I8: v.i = u.i8; break;
  case TC_REF_I16: v.i = u.i16; break;
  case TC_REF_I32: v.i = u.i32; break;
  case TC_REF_I64: v.i = u.i64; break;
  case TC_REF_UI8: v.u = u.u8; break;
  case TC_REF_UI16: v.u = u.u16; break;
  case TC_REF_UI32: v.u = u.u32; break;
  case TC_REF_UI64: v.u = u.u64; break;
  case TC_REF_F16: v.f = u.f16; break;
  case TC_REF_BF16: v.f = bf16Value(u.u16); break;
  case TC_REF_F32: v.f = u.f32; break;
  case TC_REF_F64: v.f = u.f64; break;
  }
  return v;
}

// The bit pattern of x in `dtype` mapped to an integer that orders like the
// values: negative patterns are mirrored below zero, so -0 and +0 meet.
static int64_t orderedBits(TcRefDtype dtype, double x) {
  int64_t bits, signBit;
  if (dtype == TC_REF_F64) {
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    bits = (int64_t)(b & ~(1ull << 63));
    signBit = (int64_t)(b >> 63);
  } else {
    unsigned char raw[8];
    TcRefScalar v = {.f = x};
    encodeOne(dtype, v, raw);
    uint32_t b = 0;
    memcpy(&b, raw, kStorage[dtype].size);
    unsigned width = (unsigned)kStorage[dtype].size * 8;
    bits = (int64_t)(b & ((1u << (width - 1)) - 1));
    signBit = (int64_t)(b >> (width - 1));
  }
  return signBit ? -bits : bits;
}

double tcConfUlpDistance(TcRefDtype dtype, double a, double b) {
  int64_t x = orderedBits(dtype, a), y = orderedBits(dtype, b);
  // Both lie within ±2^63 for f64 (63 magnitude bits each): the difference
  // may not fit in int64_t, so take it in double.
  return fabs((double)x - (double)y);
}
