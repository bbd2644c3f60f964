//===- Runtime.h - loading and calling tensorc artifacts ----------*- C -*-===//
//
// What a program needs to use a compiled tensorc artifact without the
// compiler: the ABI's dtypes (docs/abi.md: their names, sizes and C types,
// and the f16/bf16 bit-pattern conversions a loader needs to read and print
// them) and a loader for shared artifacts. tcArtifactCreate opens a shared
// library made by `tensor-translate --emit=shared`, reads its `__tc_abi`
// descriptor (JSON) and resolves every entry point's packed wrapper;
// tcEntryPointCall then calls an entry point through it. The library links
// libc (dlopen) and jansson only, never MLIR or LLVM. Errors are status codes
// with a one-line message in a caller-supplied buffer: nothing here aborts
// on a bad file or a bad argument.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_RUNTIME_H
#define TENSORC_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

//===-- The ABI's dtypes and tensor types ----------------------------------===//

/// The exported symbol holding an artifact's descriptor (NUL-terminated JSON).
#define TC_ABI_DESCRIPTOR_SYMBOL "__tc_abi"
/// The descriptor format this runtime reads and tensor-translate writes
/// for a module whose entry points are all static, and the one it writes
/// when an entry point has a dynamic dimension (docs/dynamic-shapes.md §3).
#define TC_ABI_FORMAT "tensorc-abi/1"
#define TC_ABI_FORMAT_DYNAMIC "tensorc-abi/2"
/// An entry point `f` has the packed wrapper `f` TC_ABI_PACKED_SUFFIX.
#define TC_ABI_PACKED_SUFFIX "__tc_packed"
/// A dynamic entry point `f` has the shape function `f` TC_ABI_SHAPES_SUFFIX.
#define TC_ABI_SHAPES_SUFFIX "__tc_shapes"

/// The dtypes of docs/dialects.md §1.1, as entry points see them.
typedef enum TcAbiDtype {
  TC_ABI_I1,   ///< bool: one byte holding 0 or 1
  TC_ABI_I8,   ///< int8_t
  TC_ABI_I16,  ///< int16_t
  TC_ABI_I32,  ///< int32_t
  TC_ABI_I64,  ///< int64_t
  TC_ABI_UI8,  ///< uint8_t
  TC_ABI_UI16, ///< uint16_t
  TC_ABI_UI32, ///< uint32_t
  TC_ABI_UI64, ///< uint64_t
  TC_ABI_F16,  ///< IEEE binary16, as its uint16_t bit pattern
  TC_ABI_BF16, ///< bfloat16, as its uint16_t bit pattern
  TC_ABI_F32,  ///< float
  TC_ABI_F64,  ///< double
} TcAbiDtype;

enum { TC_ABI_MAX_RANK = 32 };

/// A dimension whose size each call's inputs fix (`?` in MLIR).
enum { TC_ABI_DYNAMIC_DIM = -1 };

/// What a dynamic entry point and its shape function return: 0, or the
/// run-time constraint the inputs' shapes break (docs/dialects.md §1.5,
/// docs/dynamic-shapes.md §2). The values are stable.
typedef enum TcAbiGuard {
  TC_ABI_GUARD_OK = 0,
  TC_ABI_GUARD_ARG_SHAPE = 1,
  TC_ABI_GUARD_EQUAL_DIMS = 2,
  TC_ABI_GUARD_BROADCAST = 3,
  TC_ABI_GUARD_RESHAPE_COUNT = 4,
  TC_ABI_GUARD_WINDOW_FITS = 5,
  TC_ABI_GUARD_NONEMPTY_AXIS = 6,
  TC_ABI_GUARD_SIZE_LIMIT = 7,
  TC_ABI_GUARD_ASSUMED_BOUND = 8,
} TcAbiGuard;

/// The constraint's name ("equal-dims"), or NULL for 0 and unknown codes.
/// Static string.
const char *tcAbiGuardGetName(int32_t code);

/// Finds the dtype named `name` (`length` bytes: "f32", "ui8", "i1").
/// Returns false if tensorc has no such dtype.
bool tcAbiDtypeFromName(const char *name, size_t length, TcAbiDtype *dtype);

/// The dtype's tensorc name ("bf16"). Static string.
const char *tcAbiDtypeGetName(TcAbiDtype dtype);

/// The C type an entry point's pointer points to ("float", "uint16_t" for
/// f16 and bf16, "bool" for i1). Static string.
const char *tcAbiDtypeGetCType(TcAbiDtype dtype);

/// Size in bytes of one element.
size_t tcAbiDtypeGetSize(TcAbiDtype dtype);

/// A tensor type: `rank` dimensions in `shape`, row-major; a dimension may
/// be TC_ABI_DYNAMIC_DIM in a dynamic entry point's types.
typedef struct TcAbiTensorType {
  TcAbiDtype dtype;
  int rank;
  int64_t shape[TC_ABI_MAX_RANK];
} TcAbiTensorType;

/// The number of elements (1 for rank 0), or -1 if it overflows int64_t or
/// a dimension is dynamic.
int64_t tcAbiTensorTypeGetNumElements(const TcAbiTensorType *type);

/// Whether no dimension is TC_ABI_DYNAMIC_DIM.
bool tcAbiTensorTypeIsStatic(const TcAbiTensorType *type);

/// Writes the type as MLIR spells it ("tensor<?x3xf32>") into `buf` (cut to
/// `size` bytes, NUL-terminated) and returns `buf`.
const char *tcAbiTensorTypeFormat(const TcAbiTensorType *type, char *buf, size_t size);

/// The value of the f16 bit pattern `bits` (exact; NaN stays NaN).
float tcAbiF16ToFloat(uint16_t bits);

/// The value of the bf16 bit pattern `bits` (exact).
float tcAbiBF16ToFloat(uint16_t bits);

/// Sets `*bits` to the bf16 pattern of `value` and returns true if `value`
/// is exactly representable in bf16 (any NaN becomes the quiet NaN of its
/// sign); returns false otherwise. NumPy has no bfloat16, so bf16 tensors
/// travel as float32 arrays holding bf16 values (docs/reference.md).
bool tcAbiFloatToBF16Exact(float value, uint16_t *bits);

//===-- Loading artifacts ---------------------------------------------------===//

/// What went wrong. The values are stable.
typedef enum TcRuntimeStatus {
  TC_RUNTIME_OK = 0,
  TC_RUNTIME_CANNOT_LOAD,     ///< the file is missing or not a loadable shared library
  TC_RUNTIME_NOT_AN_ARTIFACT, ///< a shared library without a `__tc_abi` descriptor
  TC_RUNTIME_BAD_DESCRIPTOR,  ///< `__tc_abi` is malformed, or names a missing wrapper
  TC_RUNTIME_BAD_ARGUMENT,    ///< a NULL path, entry point, or pointer to a tensor's data
  TC_RUNTIME_OUT_OF_MEMORY,
  TC_RUNTIME_REJECTED,        ///< the inputs' shapes break a run-time constraint: nothing was computed
} TcRuntimeStatus;

/// A loaded artifact. Owned by whoever created it.
typedef struct TcArtifact {
  void *ptr;
} TcArtifact;

/// One entry point of a loaded artifact. Borrowed: valid until its artifact
/// is destroyed.
typedef struct TcEntryPoint {
  const void *ptr;
} TcEntryPoint;

static inline bool tcArtifactIsNull(TcArtifact artifact) { return !artifact.ptr; }
static inline bool tcEntryPointIsNull(TcEntryPoint entry) { return !entry.ptr; }

/// Opens the shared library at `path` (a file path: one without a slash is
/// taken relative to the working directory, not searched for), reads its
/// descriptor and resolves every entry point's packed wrapper. On success
/// `*artifact` is owned by the caller (free with tcArtifactDestroy). On
/// failure `*artifact` is null, the library is closed again, and `err`
/// (at most `errSize` bytes) says why in one line.
TcRuntimeStatus tcArtifactCreate(const char *path, TcArtifact *artifact, char *err, size_t errSize);

/// Closes the library and frees the artifact; every TcEntryPoint and type
/// obtained from it becomes invalid. The library's code stays mapped until
/// the process ends (it is opened with RTLD_NODELETE: the OpenMP runtime and
/// BLIS it loads keep threads and memory pools that must not be unloaded).
/// A null artifact is ignored.
void tcArtifactDestroy(TcArtifact artifact);

/// The descriptor JSON as the library holds it. Borrowed.
const char *tcArtifactGetDescriptor(TcArtifact artifact);

/// The number of entry points, and the `index`-th (in descriptor order).
intptr_t tcArtifactGetNumEntryPoints(TcArtifact artifact);
TcEntryPoint tcArtifactGetEntryPoint(TcArtifact artifact, intptr_t index);

/// The entry point named `name`, or a null one if there is none.
TcEntryPoint tcArtifactLookupEntryPoint(TcArtifact artifact, const char *name);

/// The entry point's symbol name. Borrowed.
const char *tcEntryPointGetName(TcEntryPoint entry);

/// Its inputs and outputs, in calling order. Types are borrowed.
intptr_t tcEntryPointGetNumInputs(TcEntryPoint entry);
intptr_t tcEntryPointGetNumOutputs(TcEntryPoint entry);
const TcAbiTensorType *tcEntryPointGetInput(TcEntryPoint entry, intptr_t index);
const TcAbiTensorType *tcEntryPointGetOutput(TcEntryPoint entry, intptr_t index);

/// The name of an input or output (an ONNX model's graph names, docs/abi.md
/// §4), or NULL if the artifact names none. Borrowed.
const char *tcEntryPointGetInputName(TcEntryPoint entry, intptr_t index);
const char *tcEntryPointGetOutputName(TcEntryPoint entry, intptr_t index);

/// Whether the entry point has a dynamic dimension in an input or output:
/// then it is called with shapes (tcEntryPointCallShaped), not with
/// tcEntryPointCall.
bool tcEntryPointIsDynamic(TcEntryPoint entry);

/// The outputs' shapes for inputs of the shapes `inputShapes[i]` (each of
/// its input's rank): writes `outputShapes[i]` (room for its output's rank)
/// and returns TC_RUNTIME_OK, or TC_RUNTIME_REJECTED with the constraint's
/// code in `*guard` (always set; 0 on success). A static entry point
/// accepts only its own shapes (TC_ABI_GUARD_ARG_SHAPE otherwise).
TcRuntimeStatus tcEntryPointInferShapes(TcEntryPoint entry, const int64_t *const *inputShapes,
                                        int64_t *const *outputShapes, int32_t *guard, char *err, size_t errSize);

/// Calls an entry point, dynamic or static, on inputs of the shapes
/// `inputShapes[i]`, the outputs having room for the shapes
/// tcEntryPointInferShapes gives, which it writes to `outputShapes[i]`.
/// Rejected shapes (TC_RUNTIME_REJECTED, the code in `*guard`) leave every
/// output as it was. Otherwise as tcEntryPointCall.
TcRuntimeStatus tcEntryPointCallShaped(TcEntryPoint entry, void *const *inputs, const int64_t *const *inputShapes,
                                       void *const *outputs, int64_t *const *outputShapes, int32_t *guard,
                                       char *err, size_t errSize);

/// Calls the entry point through its packed wrapper: `inputs[i]` points to
/// input i's elements (read only), `outputs[i]` to room for output i's, all
/// dense and row-major; outputs must not overlap inputs or each other
/// (docs/abi.md). Fails with TC_RUNTIME_BAD_ARGUMENT, without calling, if a
/// pointer of a non-empty tensor is NULL or the entry point is dynamic.
/// Safe to call from several threads at once.
TcRuntimeStatus tcEntryPointCall(TcEntryPoint entry, void *const *inputs, void *const *outputs, char *err,
                                 size_t errSize);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_RUNTIME_H
