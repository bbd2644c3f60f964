#!/usr/bin/python3
"""make-pow-mixed.py ROOT: Pow with a base and an exponent of different dtypes
(lib/Import/OpsElementwise.c) in the ONNX backend test layout, for
test/Import/pow-mixed.test. The expected outputs are NumPy's power with its
own promotion (to float64 for these pairs), cast to the base's dtype, as
ONNX's reference computes them.

  pow_i32_f32    int32 base, float32 exponents (fractional ones truncate)
  pow_i64_f64    int64 base, float64 exponents, broadcast (integral ones: a
                 negative base to a fractional power is NaN, whose int cast
                 ONNX leaves undefined)
  pow_f32_i64    float32 base, int64 exponents beyond 2^24 (+-1 bases) and small
  pow_f32_u32    float32 base, uint32 exponents
"""
import os
import sys

import numpy as np
from onnx import helper
from onnx_case import write_case

root = sys.argv[1]
rng = np.random.default_rng(2125)


def case(name, x, y):
    z = np.power(x, y).astype(x.dtype)
    write_case(root, name, [helper.make_node("Pow", ["x", "y"], ["z"])], [("x", x), ("y", y)], [("z", z)], 15)


case("pow_i32_f32", np.array([2, -3, 5, 7, 10, 1, 0, 9], np.int32),
     np.array([3, 2, 1.5, 0.5, 4.25, -2, 3, -1], np.float32))
case("pow_i64_f64", np.array([[2], [3], [-4]], np.int64), np.array([[0.0, 1.0, 3.0, 10.0]], np.float64))
case("pow_f32_i64", np.array([1.5, -1.0, 1.0, -2.0, 0.5, 3.0], np.float32),
     np.array([7, 2**40 + 1, -(2**33), 5, -3, 0], np.int64))
case("pow_f32_u32", rng.uniform(0.5, 2, 6).astype(np.float32), np.array([0, 1, 2, 30, 31, 7], np.uint32))
