"""make-size-models.py DIR: ONNX models whose sizes once wrapped or slipped
past the importer's checks (issue 24), for test/Import/sizes.test."""
import os
import sys

import onnx
from onnx import TensorProto as T
from onnx import helper as h


def save(directory, name, nodes, inputs, outputs, inits=()):
    graph = h.make_graph(nodes, name, inputs, outputs, initializer=list(inits))
    onnx.save(h.make_model(graph, opset_imports=[h.make_opsetid("", 17)]), os.path.join(directory, name + ".onnx"))


d = sys.argv[1]
os.makedirs(d, exist_ok=True)
out = h.make_tensor_value_info("y", T.FLOAT, None)
# 2^32 x 2^32 elements: the count wrapped to 0 and the constant was accepted.
save(d, "cos_wrap", [h.make_node("ConstantOfShape", ["s"], ["y"])], [], [out],
     [h.make_tensor("s", T.INT64, [2], [2**32, 2**32])])
# 100000 x 100000: refused before, and still (the limit with its real count).
save(d, "cos_big", [h.make_node("ConstantOfShape", ["s"], ["y"])], [], [out],
     [h.make_tensor("s", T.INT64, [2], [100000, 100000])])
# Tile by 2^40: a 16 TiB tensor was accepted; by 2^62 the product wraps.
x4 = h.make_tensor_value_info("x", T.FLOAT, [4])
save(d, "tile_huge", [h.make_node("Tile", ["x", "r"], ["y"])], [x4], [out], [h.make_tensor("r", T.INT64, [1], [2**40])])
save(d, "tile_wrap", [h.make_node("Tile", ["x", "r"], ["y"])], [x4], [out], [h.make_tensor("r", T.INT64, [1], [2**62])])
# Gemm whose C (0 x 4) does not broadcast to the product: was an internal error.
save(d, "gemm_c0", [h.make_node("Gemm", ["a", "b", "c"], ["y"])],
     [h.make_tensor_value_info("a", T.FLOAT, [2, 3]), h.make_tensor_value_info("b", T.FLOAT, [3, 4])], [out],
     [h.make_tensor("c", T.FLOAT, [0, 4], [])])
# Size of a rank-0 tensor folds to 1 (the fold passed NULL to memcpy).
save(d, "size0", [h.make_node("Size", ["z"], ["y"])], [], [h.make_tensor_value_info("y", T.INT64, None)],
     [h.make_tensor("z", T.FLOAT, [], [1.0])])
# A graph input of 2^41 bytes.
save(d, "input_huge", [h.make_node("Relu", ["x"], ["y"])], [h.make_tensor_value_info("x", T.FLOAT, [2**20, 2**19])], [out])
