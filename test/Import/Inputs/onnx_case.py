"""The one writer of ONNX backend-style test cases for test/Import's model
builders (make-index-ops.py, make-resize.py, make-conv-transpose.py,
make-new-opsets.py): ROOT/NAME/model.onnx and its test_data_set_0, laid out
as ONNX's backend tests are, so utils/onnx-backend-test runs them."""
import os

from onnx import helper, numpy_helper
from onnx.mapping import NP_TYPE_TO_TENSOR_TYPE


def write_case(root, name, nodes, inputs, outputs, opset=13, initializers=(), elem_type=None):
    """inputs/outputs/initializers: lists of (name, array); `elem_type` forces
    one ONNX element type on every graph input and output (else each array's)."""
    d = os.path.join(root, name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    vi = lambda n, a: helper.make_tensor_value_info(n, elem_type or NP_TYPE_TO_TENSOR_TYPE[a.dtype], list(a.shape))
    graph = helper.make_graph(nodes, name, [vi(n, a) for n, a in inputs], [vi(n, a) for n, a in outputs],
                              [numpy_helper.from_array(a, n) for n, a in initializers])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    with open(os.path.join(d, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    for kind, values in (("input", inputs), ("output", outputs)):
        for i, (n, a) in enumerate(values):
            with open(os.path.join(d, "test_data_set_0", f"{kind}_{i}.pb"), "wb") as f:
                f.write(numpy_helper.from_array(a, n).SerializeToString())
