"""Calls a dynamic entry point on inputs its static sizes refuse, past the
callers' own checks, and shows that the artifact rejects them itself.

    call-rejected.py LIB FN OUTPUT_SHAPE INPUT.npy...

tensor-run and the Python package refuse, before calling, an input whose
static size differs from its type (docs/dynamic-shapes.md §3); this helper calls
the ABI directly, as a C caller could: FN__tc_shapes on the inputs' shapes,
then FN__tc_packed with one output buffer of OUTPUT_SHAPE (f32, "2x10")
filled with a byte pattern and its dims slots set to a sentinel. It prints
both codes with the constraint each names and whether the output bytes and
the output's dims are still as given; a test matches the names against
tensor-ref's.
"""
import ctypes
import sys

import numpy as np

from tensorc import _GUARDS  # the codes' names (include/tensorc/Runtime.h, TcAbiGuard)

PATTERN = 0xA5
SENTINEL = -7

lib_path, fn, out_shape = sys.argv[1], sys.argv[2], tuple(int(d) for d in sys.argv[3].split("x"))
inputs = [np.ascontiguousarray(np.load(p)) for p in sys.argv[4:]]
lib = ctypes.CDLL(lib_path)
shapes = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.POINTER(ctypes.c_int64))((fn + "__tc_shapes", lib))
packed = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.POINTER(ctypes.c_void_p))((fn + "__tc_packed", lib))


def dims_array():
    values = [d for a in inputs for d in a.shape] + [SENTINEL] * len(out_shape)
    return (ctypes.c_int64 * len(values))(*values)


def name(code):
    return _GUARDS.get(code, "none" if code == 0 else "unknown")


dims = dims_array()
code = shapes(dims)
print(f"shape function: code {code} ({name(code)}); output dims untouched: "
      f"{'yes' if list(dims[-len(out_shape):]) == [SENTINEL] * len(out_shape) else 'no'}")
out = np.empty(out_shape, np.float32)
out.view(np.uint8)[...] = PATTERN
dims = dims_array()
ptrs = (ctypes.c_void_p * (len(inputs) + 2))()
for k, a in enumerate(inputs + [out]):
    ptrs[k] = a.ctypes.data
ptrs[len(inputs) + 1] = ctypes.addressof(dims)
code = packed(ptrs)
untouched = bool((out.view(np.uint8) == PATTERN).all())
print(f"entry point: code {code} ({name(code)}); output bytes untouched: {'yes' if untouched else 'no'}; "
      f"output dims untouched: {'yes' if list(dims[-len(out_shape):]) == [SENTINEL] * len(out_shape) else 'no'}")
