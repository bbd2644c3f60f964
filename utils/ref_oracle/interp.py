# interp.py - runs one parsed function on the oracle's op implementations
#
# Values flow through an environment keyed by SSA name. After every op the
# computed result types are compared with the ones the program declares: the
# oracle applies the spec's shape rules independently, so a disagreement
# there is reported as a failure of the case, not silently reshaped.
from . import ops_elementwise as ew
from . import ops_nn as nn
from . import ops_reduce_shape as rs


class OracleError(Exception):
    """The oracle cannot compute the case (unknown op, shape disagreement)."""


def _table():
    t = {}
    for name in ew.UNARY_FLOAT:
        t[name] = ew.unary
    t["not"] = ew.unary
    for name in list(ew.BINARY_FLOAT) + ["and", "or", "xor"]:
        t[name] = ew.binary
    for name in ew.COMPARE:
        t[name] = ew.compare
    t.update({"where": ew.where, "clip": ew.clip, "cast": ew.cast,
              "matmul": nn.matmul, "gemm": nn.gemm, "conv2d": nn.conv2d, "max_pool2d": nn.max_pool2d,
              "avg_pool2d": nn.avg_pool2d, "batch_norm": nn.batch_norm, "layer_norm": nn.layer_norm,
              "softmax": nn.softmax, "log_softmax": nn.softmax,
              "global_max_pool": rs.global_pool, "global_avg_pool": rs.global_pool,
              "argmax": rs.argmax, "argmin": rs.argmax, "transpose": rs.transpose, "reshape": rs.reshape,
              "broadcast_to": rs.broadcast_to, "concat": rs.concat, "split": rs.split, "slice": rs.slice_,
              "gather": rs.gather, "pad": rs.pad})
    for kind in ("sum", "prod", "max", "min", "mean"):
        t["reduce_" + kind] = rs.reduce
    return t


OPS = _table()
SUPPORTED = sorted(OPS) + ["constant"]


def _fmt(shape, dtype):
    return "tensor<%s>" % "x".join([str(d) for d in shape] + [dtype])


def run(func, inputs, blobs, expect=None, steps=None):
    """The function's results (numerics.Val), computed by the oracle.
    `expect` replaces the kind of the function's op (harness self-test).
    If `steps` is a list, (op, operand values, results) of every op is
    appended to it (the library cross-check, ref_oracle/library.py)."""
    env = {name: value for (name, _, _), value in zip(func.args, inputs)}
    for op in func.body:
        kind = expect or op.name
        if expect and len(func.body) != 1:
            raise OracleError("tc.oracle_expect needs a function of exactly one op")
        try:
            args = [env[o] for o in op.operands]
        except KeyError as e:
            raise OracleError("line %d: unknown value %s" % (op.line, e))
        if kind == "constant":
            results = ew.constant(op, args, kind, blobs)
        elif kind in OPS:
            results = OPS[kind](op, args, kind)
        else:
            raise OracleError("line %d: the oracle does not implement tc_tensor.%s" % (op.line, kind))
        for i, (value, (dims, dtype)) in enumerate(zip(results, op.result_types)):
            if value.shape != tuple(dims) or value.dtype != dtype:
                raise OracleError("line %d: %s result #%d is declared %s, the oracle computes %s"
                                  % (op.line, op.name, i, _fmt(dims, dtype), _fmt(value.shape, value.dtype)))
        env.update(zip(op.results, results))
        if steps is not None:
            steps.append((op, args, results))
    return [env[r] for r in func.returns]


def result_kinds(func):
    """The op kind that produced each returned value (its tolerance)."""
    producer = {}
    for op in func.body:
        for r in op.results:
            producer[r] = op.name
    return [producer.get(r, "identity") for r in func.returns]
