# contract.py - the gradient oracle's contract (test/Reference/grad/oracle.contract.json)
#
# One declared place for every number utils/grad-oracle.py judges with, each
# with the reason it has the value it has:
#
#   {"format": "tensorc-grad-oracle-contract/1", "name": ..., "description": ...,
#    "gradcheck": {"eps": E, "atol": A, "rtol": R, "why": "..."},
#    "forward": {"<op kind>" | "*": {"tolerance": {"<dtype>" | "*": {atol, rtol, ulp, why}}}},
#    "torch":   {"<op kind>" | "*": {"tolerance": {...}}}}
#
# - gradcheck: the central finite difference method's step and its
#   acceptance, |analytic - numeric| <= atol + rtol * |numeric| (PyTorch's
#   torch.autograd.gradcheck rule and defaults), float64 only;
# - forward: how far the PyTorch model of a case (grad_oracle/torch_model.py)
#   may stray from tensor-ref's forward outputs, the check that the model
#   computes the same function before its autograd is trusted;
# - torch: how far tensor-ref's (or an artifact's) gradients may stray from
#   PyTorch's float64 autograd of the model, rounded once to the dtype.
#
# Tolerances follow the lookup order and pass rule of ref_oracle/contract.py
# (op kind and dtype, then "*"; exact if none); the op kind of a case is the
# kind of its last op. NaN matches NaN, an infinity the same infinity; zeros
# are compared by value (neither PyTorch nor the finite differences define
# the sign of a zero gradient).
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ref_oracle.contract import ContractError, Tolerance, _check, _read_tolerance  # noqa: E402

FORMAT = "tensorc-grad-oracle-contract/1"


class GradCheck:
    def __init__(self, obj):
        _check(isinstance(obj, dict), "gradcheck", "must be an object")
        unknown = set(obj) - {"eps", "atol", "rtol", "why"}
        _check(not unknown, "gradcheck", "unknown member '%s'" % ", ".join(sorted(unknown)))
        for key in ("eps", "atol", "rtol"):
            v = obj.get(key)
            _check(isinstance(v, (int, float)) and v >= 0, "gradcheck." + key, "must be a number >= 0")
        _check(obj["eps"] > 0, "gradcheck.eps", "must be > 0")
        why = obj.get("why")
        _check(isinstance(why, str) and why.strip(), "gradcheck.why", "the method's parameters need a reason")
        self.eps, self.atol, self.rtol = float(obj["eps"]), float(obj["atol"]), float(obj["rtol"])


class Contract:
    def __init__(self, path):
        try:
            with open(path) as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            raise ContractError("%s: %s" % (path, e))
        _check(data.get("format") == FORMAT, "format", "must be '%s'" % FORMAT)
        unknown = set(data) - {"format", "name", "description", "gradcheck", "forward", "torch"}
        _check(not unknown, "(top)", "unknown member '%s'" % ", ".join(sorted(unknown)))
        _check("gradcheck" in data, "gradcheck", "missing")
        self.gradcheck = GradCheck(data["gradcheck"])
        self.forward = self._section(data, "forward")
        self.torch = self._section(data, "torch")

    @staticmethod
    def _section(data, section):
        table = {}
        for kind, entry in data.get(section, {}).items():
            _check(isinstance(entry, dict) and set(entry) <= {"tolerance"}, section + "." + kind,
                   "only 'tolerance' is read here")
            for dtype, tol in entry.get("tolerance", {}).items():
                table[(kind, dtype)] = _read_tolerance(tol, "%s.%s.tolerance.%s" % (section, kind, dtype))
        return table

    @staticmethod
    def _lookup(table, kind, dtype):
        for key in ((kind, dtype), (kind, "*"), ("*", dtype), ("*", "*")):
            if key in table:
                return table[key]
        return Tolerance()

    def forward_tolerance(self, kind, dtype):
        return self._lookup(self.forward, kind, dtype)

    def torch_tolerance(self, kind, dtype):
        return self._lookup(self.torch, kind, dtype)
