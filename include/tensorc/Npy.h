//===- Npy.h - NumPy .npy files ----------------------------------*- C -*-===//
//
// Reading and writing arrays in NumPy's .npy format (version 1.0 to 3.0,
// little-endian, C order), the exchange format of tensor-ref, tensor-run and
// the conformance gate. An array is raw bytes plus a dtype code and a shape;
// what the bytes mean is the caller's business. This library knows nothing of
// the compiler and links nothing but libc.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_NPY_H
#define TENSORC_NPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Element types a .npy file may hold, by NumPy's type string.
typedef enum TcNpyDtype {
  TC_NPY_BOOL, ///< "|b1"
  TC_NPY_I8,   ///< "|i1"
  TC_NPY_I16,  ///< "<i2"
  TC_NPY_I32,  ///< "<i4"
  TC_NPY_I64,  ///< "<i8"
  TC_NPY_U8,   ///< "|u1"
  TC_NPY_U16,  ///< "<u2"
  TC_NPY_U32,  ///< "<u4"
  TC_NPY_U64,  ///< "<u8"
  TC_NPY_F16,  ///< "<f2"
  TC_NPY_F32,  ///< "<f4"
  TC_NPY_F64,  ///< "<f8"
} TcNpyDtype;

enum { TC_NPY_MAX_RANK = 32 };

/// The largest data section read: tensors are limited to 2^40 bytes
/// (docs/dialects.md), so no .npy input can be larger.
#define TC_NPY_MAX_DATA_BYTES ((size_t)1 << 40)

/// An array: `data` holds numel(shape) elements of `dtype`, little-endian, C
/// order. Owned by whoever filled it; free with tcNpyArrayDestroy.
typedef struct TcNpyArray {
  TcNpyDtype dtype;
  int rank;
  int64_t shape[TC_NPY_MAX_RANK];
  void *data;
  size_t numBytes;
} TcNpyArray;

/// Size in bytes of one element of `dtype`.
size_t tcNpyDtypeSize(TcNpyDtype dtype);

/// NumPy's name of `dtype` ("float32", "bool", ...). Static string.
const char *tcNpyDtypeName(TcNpyDtype dtype);

/// Reads the .npy file at `path` into `out` (allocating out->data). On
/// failure returns false, leaves `out` zeroed, and writes a one-line reason
/// into `err` (at most `errSize` bytes): unreadable file, bad magic, unknown
/// or big-endian dtype, Fortran order, malformed header, truncated data, a
/// shape over TC_NPY_MAX_DATA_BYTES. Never allocates more than the file holds.
bool tcNpyRead(const char *path, TcNpyArray *out, char *err, size_t errSize);

/// Reads a .npy file held in memory (`size` bytes at `data`, borrowed), as
/// tcNpyRead reads one on disk.
bool tcNpyReadMemory(const void *data, size_t size, TcNpyArray *out, char *err, size_t errSize);

/// Writes `array` to `path` as a version 1.0 .npy file. Returns false with a
/// reason in `err` on an I/O error.
bool tcNpyWrite(const char *path, const TcNpyArray *array, char *err, size_t errSize);

/// Frees `array->data` and zeroes the array.
void tcNpyArrayDestroy(TcNpyArray *array);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_NPY_H
