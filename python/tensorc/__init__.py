"""tensorc: call compiled tensorc artifacts from Python with NumPy arrays.

    import tensorc
    m = tensorc.load("out/model.so")   # a shared library from tensorc compile / tensor-translate
    y = m(x)                           # positional, in the entry point's input order
    y = m(input_name=x)                # or by the ONNX graph's input names
    m["other_fn"](a, b)                # a module with several entry points

Pure Python over ctypes and the artifact's ABI descriptor (docs/abi.md,
docs/python.md): no compiled extension, nothing but NumPy. An artifact is
loaded once per process and never unloaded (as lib/Runtime does: the OpenMP
runtime and BLIS it may load keep threads). Calls release the GIL, so
several Python threads may call at once.

Inputs must have exactly the dtype and shape the entry point takes; nothing
is cast or broadcast behind the caller's back (a float64 array given to a
float32 input is an error that says how to cast it). bf16 tensors travel as
float32 arrays holding bf16 values, as in tensor-run.

A dynamic entry point (a ? in its types, docs/dynamic-shapes.md §3) takes
each ? from its input's shape; its shape function gives the outputs' shapes
or rejects the inputs' (ValueError naming the run-time constraint, before
anything is computed).
"""
import ctypes
import json
import os

import numpy as np

__all__ = ["load", "Artifact", "EntryPoint", "TensorcError", "ABI_FORMAT", "ABI_FORMAT_DYNAMIC"]

ABI_FORMAT = "tensorc-abi/1"
ABI_FORMAT_DYNAMIC = "tensorc-abi/2"  # a module with a dynamic entry point
_MAX_RANK = 32
_DYNAMIC = -1  # a dimension each call's inputs fix
# The codes of a dynamic entry point's guards (include/tensorc/Runtime.h, TcAbiGuard).
_GUARDS = {1: "arg-shape", 2: "equal-dims", 3: "broadcast", 4: "reshape-count", 5: "window-fits",
           6: "nonempty-axis", 7: "size-limit", 8: "assumed-bound"}

# docs/abi.md §2: each tensorc dtype and the NumPy dtype that carries it.
_DTYPES = {
    "i1": np.dtype(np.bool_),
    "i8": np.dtype(np.int8), "i16": np.dtype(np.int16), "i32": np.dtype(np.int32), "i64": np.dtype(np.int64),
    "ui8": np.dtype(np.uint8), "ui16": np.dtype(np.uint16), "ui32": np.dtype(np.uint32),
    "ui64": np.dtype(np.uint64),
    "f16": np.dtype(np.float16), "bf16": np.dtype(np.float32), "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
}
_STORAGE = {"bf16": np.dtype(np.uint16)}  # how the artifact stores it, where that differs

_PACKED = ctypes.CFUNCTYPE(None, ctypes.POINTER(ctypes.c_void_p))
_PACKED_DYNAMIC = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.POINTER(ctypes.c_void_p))
_SHAPES = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.POINTER(ctypes.c_int64))


class TensorcError(Exception):
    """An artifact that cannot be loaded or a descriptor that is malformed."""


class _Tensor:
    __slots__ = ("dtype", "shape", "name", "where")

    def __init__(self, desc, where, dynamic):
        if not isinstance(desc, dict):
            raise TensorcError(f"{where}: expected an object with 'dtype' and 'shape'")
        dtype, shape, name = desc.get("dtype"), desc.get("shape"), desc.get("name")
        if dtype not in _DTYPES:
            raise TensorcError(f"{where}.dtype: expected a tensorc dtype name, got {dtype!r}")
        lowest = _DYNAMIC if dynamic else 0
        if (not isinstance(shape, list) or len(shape) > _MAX_RANK or
                not all(isinstance(d, int) and not isinstance(d, bool) and d >= lowest for d in shape)):
            raise TensorcError(f"{where}.shape: expected at most {_MAX_RANK} non-negative integers"
                               + (" or -1 (dynamic)" if dynamic else ""))
        if name is not None and (not isinstance(name, str) or not name or "\0" in name):
            raise TensorcError(f"{where}.name: expected a non-empty string")
        self.dtype, self.shape, self.name, self.where = dtype, tuple(shape), name, where

    def describe(self):
        dims = tuple("?" if d == _DYNAMIC else str(d) for d in self.shape)
        return f"tensor<{'x'.join(dims + (self.dtype,))}>"

    def is_static(self):
        return _DYNAMIC not in self.shape


def _names_unique(tensors, where):
    seen = {}
    for i, t in enumerate(tensors):
        if t.name is not None:
            if t.name in seen:
                raise TensorcError(f"{where}[{i}].name: '{t.name}' is also the name of {where}[{seen[t.name]}]")
            seen[t.name] = i


def _bf16_bits(a, label):
    """float32 values that are exactly bf16 -> their uint16 bit patterns."""
    bits = np.ascontiguousarray(a, dtype=np.float32).view(np.uint32)
    nan = np.isnan(a)
    inexact = ((bits & 0xFFFF) != 0) & ~nan
    if inexact.any():
        k = int(np.flatnonzero(inexact.ravel())[0])
        raise ValueError(f"{label}: element {k} ({a.ravel()[k]!r}) is not a bf16 value; bf16 inputs are float32 "
                         "arrays holding bf16 values")
    out = (bits >> 16).astype(np.uint16)
    out[nan] = np.where(np.signbit(a[nan]), 0xFFC0, 0x7FC0).astype(np.uint16)
    return out


class EntryPoint:
    """One entry point: call it with the inputs (positionally or by name)."""

    def __init__(self, artifact, desc, index, dynamic_format):
        where = f"functions[{index}]"
        if not isinstance(desc, dict):
            raise TensorcError(f"{where}: expected an object")
        name, packed = desc.get("name"), desc.get("packed")
        if not isinstance(name, str) or not name:
            raise TensorcError(f"{where}.name: expected a non-empty string")
        if not isinstance(packed, str) or not packed:
            raise TensorcError(f"{where}.packed: expected a non-empty string")
        ins, outs = desc.get("inputs"), desc.get("outputs")
        if not isinstance(ins, list) or not isinstance(outs, list):
            raise TensorcError(f"{where}: 'inputs' and 'outputs' must be arrays")
        self.name = name
        self.inputs = [_Tensor(d, f"{where}.inputs[{i}]", dynamic_format) for i, d in enumerate(ins)]
        self.outputs = [_Tensor(d, f"{where}.outputs[{i}]", dynamic_format) for i, d in enumerate(outs)]
        _names_unique(self.inputs, f"{where}.inputs")
        _names_unique(self.outputs, f"{where}.outputs")
        self.dynamic = not all(t.is_static() for t in self.inputs + self.outputs)
        shapes = desc.get("shapes")
        if self.dynamic and (not isinstance(shapes, str) or not shapes):
            raise TensorcError(f"{where}.shapes: expected a non-empty string, the shape function of a function "
                               "with dynamic dimensions")
        if not self.dynamic and shapes is not None:
            raise TensorcError(f"{where}.shapes: a function without dynamic dimensions has no shape function")
        self._fn = self._function(artifact, _PACKED_DYNAMIC if self.dynamic else _PACKED, packed, f"{where}.packed")
        self._shapes = self._function(artifact, _SHAPES, shapes, f"{where}.shapes") if self.dynamic else None
        self._artifact = artifact  # keeps the library referenced

    @staticmethod
    def _function(artifact, prototype, symbol, where):
        try:
            return prototype((symbol, artifact._lib))
        except AttributeError:
            raise TensorcError(f"{where}: the library has no symbol '{symbol}'") from None

    @property
    def input_names(self):
        return [t.name for t in self.inputs]

    @property
    def output_names(self):
        return [t.name for t in self.outputs]

    def _label(self, t, i):
        return f"{self.name}: input #{i}" + (f" '{t.name}'" if t.name else "")

    def _bind(self, args, kwargs):
        if len(args) > len(self.inputs):
            raise TypeError(f"{self.name} takes {len(self.inputs)} input(s), {len(args)} given")
        values = list(args) + [None] * (len(self.inputs) - len(args))
        given = [i < len(args) for i in range(len(self.inputs))]
        by_name = {t.name: i for i, t in enumerate(self.inputs) if t.name}
        for key, value in kwargs.items():
            if key not in by_name:
                known = ", ".join(repr(n) for n in by_name) or "none (the artifact names no inputs)"
                raise TypeError(f"{self.name} has no input named {key!r}; its names: {known}")
            i = by_name[key]
            if given[i]:
                raise TypeError(f"{self.name}: input {key!r} given twice")
            values[i], given[i] = value, True
        missing = [self._label(t, i) for i, t in enumerate(self.inputs) if not given[i]]
        if missing:
            raise TypeError("missing " + ", ".join(missing))
        return values

    def _prepare(self, t, i, value):
        label = self._label(t, i)
        a = np.asarray(value)
        want = _DTYPES[t.dtype]
        if a.dtype != want:
            raise TypeError(f"{label} is {t.describe()}: expected a {want.name} array, got {a.dtype.name} "
                            f"(cast it with .astype(np.{want.name}))")
        if len(a.shape) != len(t.shape) or any(w not in (_DYNAMIC, g) for w, g in zip(t.shape, a.shape)):
            want_shape = tuple("?" if d == _DYNAMIC else d for d in t.shape)
            raise ValueError(f"{label} is {t.describe()}: expected shape {want_shape}, got {a.shape}")
        if t.dtype == "bf16":
            return _bf16_bits(a, label)
        return np.ascontiguousarray(a)

    def _check(self, code):
        if code:
            raise ValueError(f"{self.name}: the inputs' shapes break the run-time constraint "
                             f"'{_GUARDS.get(code, 'of an unknown kind')}' (code {code}): nothing was computed")

    def _output_shapes(self, ins):
        """The outputs' shapes, and the dims array of a dynamic call (None for a static one)."""
        if not self.dynamic:
            return [t.shape for t in self.outputs], None
        ranks = [len(t.shape) for t in self.inputs + self.outputs]
        dims = (ctypes.c_int64 * (sum(ranks) + 1))(*[d for a in ins for d in a.shape])
        self._check(self._shapes(dims))
        shapes, k = [], sum(ranks[:len(ins)])
        for t in self.outputs:
            shapes.append(tuple(dims[k:k + len(t.shape)]))
            k += len(t.shape)
        return shapes, dims

    def __call__(self, *args, **kwargs):
        values = self._bind(args, kwargs)
        ins = [self._prepare(t, i, v) for i, (t, v) in enumerate(zip(self.inputs, values))]
        shapes, dims = self._output_shapes(ins)
        outs = [np.empty(s, _STORAGE.get(t.dtype, _DTYPES[t.dtype])) for t, s in zip(self.outputs, shapes)]
        ptrs = (ctypes.c_void_p * (len(ins) + len(outs) + 1))()
        for k, a in enumerate(ins + outs):
            ptrs[k] = a.ctypes.data if a.size else None
        if dims is None:
            self._fn(ptrs)
        else:
            ptrs[len(ins) + len(outs)] = ctypes.addressof(dims)
            self._check(self._fn(ptrs))
        results = [(o.astype(np.uint32) << 16).view(np.float32) if t.dtype == "bf16" else o
                   for t, o in zip(self.outputs, outs)]
        return results[0] if len(results) == 1 else tuple(results)

    def __repr__(self):
        def sig(ts):
            return ", ".join((f"{t.name}: " if t.name else "") + t.describe() for t in ts)
        return f"<tensorc entry point {self.name}({sig(self.inputs)}) -> ({sig(self.outputs)})>"


class Artifact:
    """A loaded artifact: its entry points by name; callable when it has one."""

    def __init__(self, path):
        path = os.fspath(path)
        if "/" not in path:
            path = "./" + path  # a file path, never a library search (as tcArtifactCreate)
        mode = os.RTLD_NOW | getattr(os, "RTLD_NODELETE", 0)
        try:
            self._lib = ctypes.CDLL(path, mode=mode)
        except OSError as e:
            raise TensorcError(f"{path}: cannot load: {e}") from None
        try:
            first = ctypes.c_char.in_dll(self._lib, "__tc_abi")
        except ValueError:
            raise TensorcError(f"{path}: not a tensorc artifact (no __tc_abi)") from None
        text = ctypes.string_at(ctypes.addressof(first))
        self.path, self.descriptor = path, text.decode("utf-8", "replace")
        try:
            root = json.loads(text)
        except ValueError as e:
            raise TensorcError(f"{path}: malformed __tc_abi descriptor: not JSON: {e}") from None
        if not isinstance(root, dict) or root.get("format") not in (ABI_FORMAT, ABI_FORMAT_DYNAMIC):
            got = root.get("format") if isinstance(root, dict) else None
            raise TensorcError(f"{path}: malformed __tc_abi descriptor: format {got!r} is not "
                               f"{ABI_FORMAT!r} or {ABI_FORMAT_DYNAMIC!r}")
        functions = root.get("functions")
        if not isinstance(functions, list):
            raise TensorcError(f"{path}: malformed __tc_abi descriptor: 'functions': expected an array")
        self.entry_points = {}
        for i, desc in enumerate(functions):
            try:
                e = EntryPoint(self, desc, i, root["format"] == ABI_FORMAT_DYNAMIC)
            except TensorcError as err:
                raise TensorcError(f"{path}: malformed __tc_abi descriptor: {err}") from None
            if e.name in self.entry_points:
                raise TensorcError(f"{path}: malformed __tc_abi descriptor: functions[{i}].name: "
                                   f"'{e.name}' is listed twice")
            self.entry_points[e.name] = e

    def __getitem__(self, name):
        try:
            return self.entry_points[name]
        except KeyError:
            raise KeyError(f"{self.path} has no entry point {name!r}; it has: "
                           f"{', '.join(self.entry_points) or 'none'}") from None

    def __getattr__(self, name):
        if name.startswith("_") or "entry_points" not in self.__dict__:
            raise AttributeError(name)
        if name in self.entry_points:
            return self.entry_points[name]
        raise AttributeError(f"{self.path} has no entry point {name!r}")

    def __call__(self, *args, **kwargs):
        if len(self.entry_points) != 1:
            raise TypeError(f"{self.path} has {len(self.entry_points)} entry points "
                            f"({', '.join(self.entry_points)}): call one, e.g. m[{next(iter(self.entry_points), 'f')!r}](...)")
        return next(iter(self.entry_points.values()))(*args, **kwargs)

    def __repr__(self):
        return f"<tensorc artifact {self.path}: {', '.join(self.entry_points)}>"


_loaded = {}


def load(path):
    """Loads the artifact at `path` (a shared library tensorc built)."""
    key = os.path.realpath(os.fspath(path))
    if key not in _loaded:
        _loaded[key] = Artifact(path)
    return _loaded[key]
