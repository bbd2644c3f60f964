# contract.py - the oracle's tolerance contract (test/Reference/oracle.contract.json)
#
# The file uses the member names, pass rule, lookup order and clause names of
# tensorc's numerical contracts (docs/contract.md, format
# "tensorc-contract/1"), plus one member that closed schema does not have,
# "why": every tolerance says which observed, explained disagreement it
# allows.
#
#   {"format": "tensorc-oracle-contract/1", "name": ..., "description": ...,
#    "ops": {"<op kind>" | "*": {"tolerance": {"<dtype>" | "*":
#        {"atol": A, "rtol": R, "ulp": U, "why": "..."}}}}}
#
# A second section, "library", has the same shape and lookup order and says
# how far the exact oracle may stray from NumPy's or PyTorch's float64 result
# of the op (ref_oracle/library.py): a budget for the libraries' error, never
# for tensor-ref's.
#
#   "library": {"<op kind>" | "*": {"tolerance": {"<dtype>" | "*": {...}}}}
#
# The tolerance of op kind k for dtype d is the first of ops.k.tolerance.d,
# ops.k.tolerance.*, ops.*.tolerance.d, ops.*.tolerance.*; exact if none.
# An element y passes against the oracle's r if |y - r| <= A + R * |r| or if
# it is at most U units in the last place of d from r (no "ulp": no ulp
# bound). Beyond the contract, always: NaN matches only NaN (sign and payload
# unspecified, §1.4), an infinity only the same infinity, and -0 and +0 are
# distinct (the spec defines every zero's sign, §2.2.0).
import json

FORMAT = "tensorc-oracle-contract/1"


class ContractError(Exception):
    pass


class Tolerance:
    def __init__(self, atol=0.0, rtol=0.0, ulp=None, why="exact", clause="exact"):
        self.atol, self.rtol, self.ulp, self.why, self.clause = atol, rtol, ulp, why, clause

    def allows(self, err_abs, err_ulp, ref_abs):
        if err_abs <= self.atol + self.rtol * ref_abs:
            return True
        return self.ulp is not None and err_ulp <= self.ulp

    def describe(self):
        parts = []
        if self.ulp is not None:
            parts.append("%d ulp" % self.ulp)
        if self.atol or self.rtol or self.ulp is None:
            parts.append("atol %g, rtol %g" % (self.atol, self.rtol))
        return "%s (%s)" % (" or ".join(parts), self.clause)


def _check(cond, path, message):
    if not cond:
        raise ContractError("%s: %s" % (path, message))


def _read_tolerance(obj, path):
    _check(isinstance(obj, dict), path, "a tolerance must be an object")
    unknown = set(obj) - {"atol", "rtol", "ulp", "why"}
    _check(not unknown, path, "unknown member '%s'" % ", ".join(sorted(unknown)))
    for key in ("atol", "rtol"):
        v = obj.get(key)
        _check(isinstance(v, (int, float)) and v >= 0, path + "." + key, "must be a number >= 0")
    ulp = obj.get("ulp")
    _check(ulp is None or (isinstance(ulp, int) and ulp >= 0), path + ".ulp", "must be an integer >= 0")
    why = obj.get("why")
    _check(isinstance(why, str) and why.strip(), path + ".why", "every tolerance needs a reason")
    return Tolerance(float(obj["atol"]), float(obj["rtol"]), ulp, why, path)


class Contract:
    def __init__(self, path):
        try:
            with open(path) as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            raise ContractError("%s: %s" % (path, e))
        _check(data.get("format") == FORMAT, "format", "must be '%s'" % FORMAT)
        unknown = set(data) - {"format", "name", "description", "ops", "library"}
        _check(not unknown, "(top)", "unknown member '%s'" % ", ".join(sorted(unknown)))
        self.table = self._read_section(data, "ops")
        self.library = self._read_section(data, "library")

    @staticmethod
    def _read_section(data, section):
        table = {}
        for kind, entry in data.get(section, {}).items():
            _check(set(entry) <= {"tolerance"}, section + "." + kind, "only 'tolerance' is read here")
            for dtype, tol in entry.get("tolerance", {}).items():
                clause = "%s.%s.tolerance.%s" % (section, kind, dtype)
                table[(kind, dtype)] = _read_tolerance(tol, clause)
        return table

    @staticmethod
    def _lookup(table, kind, dtype):
        for key in ((kind, dtype), (kind, "*"), ("*", dtype), ("*", "*")):
            if key in table:
                return table[key]
        return Tolerance()

    def tolerance(self, kind, dtype):
        """How far tensor-ref may stray from the exact oracle."""
        return self._lookup(self.table, kind, dtype)

    def library_tolerance(self, kind, dtype):
        """How far the exact oracle may stray from NumPy's or PyTorch's
        float64 result (ref_oracle/library.py)."""
        return self._lookup(self.library, kind, dtype)
