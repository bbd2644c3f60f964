#!/usr/bin/python3
"""make-resize.py ROOT: Resize and Upsample models (lib/Import/OpsResize.c)
in the ONNX backend test layout, for test/Import/resize.test. The expected
outputs come from ONNX's own reference (interpolate_nd of python-onnx's
backend test cases, in float64), independent of tensorc.

  resize_linear_sizes_3d      f32 [2, 3, 5] -> [2, 5, 3]: two axes, one
                              upsampled and one downsampled, half_pixel
  resize_cubic_asymmetric     f64 [1, 2, 3, 4], scales [1, 1, 1.5, 0.5]
  resize_cubic_exclude_a      f32, cubic_coeff_a -0.5, exclude_outside,
                              pytorch_half_pixel, an output of width 1
  resize_nearest_int_ceil     int32 [3, 4], scales [1, 2.5], align_corners,
                              round_prefer_ceil
  resize_nearest_floor_down   f32 [1, 1, 5, 7] -> [1, 1, 3, 4], floor
  resize_crop_nearest         tf_crop_and_resize, nearest, roi partly outside,
                              extrapolation_value -1
  resize_linear_opset18       opset 18, default attributes (stretch, no
                              antialias), scales given as a Constant
  upsample_linear_opset9      Upsample at opset 9: asymmetric linear
"""
import os
import sys

import numpy as np
from onnx import helper, numpy_helper
from onnx_case import write_case
from onnx.backend.test.case.node.resize import cubic_coeffs, interpolate_nd, linear_coeffs, nearest_coeffs

root = sys.argv[1]
rng = np.random.default_rng(2122)


def case(name, nodes, inputs, outputs, opset=13):
    """inputs/outputs: lists of (name, array)."""
    write_case(root, name, nodes, inputs, outputs, opset)


def const(name, a):
    return helper.make_node("Constant", [], [name], value=numpy_helper.from_array(a, name))


x = rng.standard_normal((2, 3, 5)).astype(np.float32)
sizes = np.array([2, 5, 3], np.int64)
case("resize_linear_sizes_3d", [const("sizes", sizes), helper.make_node("Resize", ["x", "", "", "sizes"], ["y"],
                                                                         mode="linear")],
     [("x", x)], [("y", interpolate_nd(x, linear_coeffs, output_size=sizes).astype(np.float32))])

x = rng.standard_normal((1, 2, 3, 4))
scales = np.array([1, 1, 1.5, 0.5], np.float32)
case("resize_cubic_asymmetric", [helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="cubic",
                                                  coordinate_transformation_mode="asymmetric")],
     [("x", x), ("scales", scales)],
     [("y", interpolate_nd(x, cubic_coeffs, scale_factors=scales, coordinate_transformation_mode="asymmetric"))])

x = rng.standard_normal((1, 1, 4, 6)).astype(np.float32)
sizes = np.array([1, 1, 1, 9], np.int64)
case("resize_cubic_exclude_a", [helper.make_node("Resize", ["x", "", "", "sizes"], ["y"], mode="cubic",
                                                 cubic_coeff_a=-0.5, exclude_outside=1,
                                                 coordinate_transformation_mode="pytorch_half_pixel")],
     [("x", x), ("sizes", sizes)],
     [("y", interpolate_nd(x, lambda r: cubic_coeffs(r, -0.5), output_size=sizes, exclude_outside=True,
                           coordinate_transformation_mode="pytorch_half_pixel").astype(np.float32))])

x = rng.integers(-1000, 1000, (3, 4)).astype(np.int32)
scales = np.array([1, 2.5], np.float32)
case("resize_nearest_int_ceil", [const("scales", scales),
                                 helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="nearest",
                                                  coordinate_transformation_mode="align_corners",
                                                  nearest_mode="round_prefer_ceil")],
     [("x", x)],
     [("y", interpolate_nd(x, lambda r: nearest_coeffs(r, "round_prefer_ceil"), scale_factors=scales,
                           coordinate_transformation_mode="align_corners").astype(np.int32))])

x = rng.standard_normal((1, 1, 5, 7)).astype(np.float32)
sizes = np.array([1, 1, 3, 4], np.int64)
case("resize_nearest_floor_down", [helper.make_node("Resize", ["x", "", "", "sizes"], ["y"], mode="nearest",
                                                    nearest_mode="floor")],
     [("x", x), ("sizes", sizes)],
     [("y", interpolate_nd(x, lambda r: nearest_coeffs(r, "floor"), output_size=sizes).astype(np.float32))])

x = rng.standard_normal((1, 1, 4, 5)).astype(np.float32)
roi = np.array([0, 0, -0.2, 0.3, 1, 1, 0.9, 1.4], np.float32)
sizes = np.array([1, 1, 4, 6], np.int64)
case("resize_crop_nearest", [helper.make_node("Resize", ["x", "roi", "", "sizes"], ["y"], mode="nearest",
                                              coordinate_transformation_mode="tf_crop_and_resize",
                                              extrapolation_value=-1.0)],
     [("x", x), ("roi", roi), ("sizes", sizes)],
     [("y", interpolate_nd(x, nearest_coeffs, output_size=sizes, roi=roi, extrapolation_value=-1.0,
                           coordinate_transformation_mode="tf_crop_and_resize").astype(np.float32))])

x = rng.standard_normal((1, 2, 3, 3)).astype(np.float32)
scales = np.array([1, 1, 2, 1.5], np.float32)
case("resize_linear_opset18", [const("scales", scales),
                               helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="linear")],
     [("x", x)], [("y", interpolate_nd(x, linear_coeffs, scale_factors=scales).astype(np.float32))], opset=18)

x = rng.standard_normal((1, 1, 2, 3)).astype(np.float32)
scales = np.array([1, 1, 2, 3], np.float32)
case("upsample_linear_opset9", [helper.make_node("Upsample", ["x", "scales"], ["y"], mode="linear")],
     [("x", x), ("scales", scales)],
     [("y", interpolate_nd(x, linear_coeffs, scale_factors=scales,
                           coordinate_transformation_mode="asymmetric").astype(np.float32))], opset=9)
