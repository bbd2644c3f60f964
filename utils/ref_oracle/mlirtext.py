# mlirtext.py - just enough of MLIR's text syntax for utils/ref-oracle.py
#
# Oracle test files hold func.func definitions whose bodies are tc_tensor ops
# in generic form (the only form IRDL ops have) and a return. This module
# reads them with a small scanner instead of MLIR's parser, so that the
# oracle shares nothing with the code under test: functions with their
# argument types and attributes, function attributes, each op's name,
# operands, attributes (the kinds of docs/dialects.md §1.2) and result types,
# and the file's dense_resource blobs.
import re
import struct

from . import numerics as nx

_OPEN, _CLOSE = "([{<", ")]}>"


class ParseError(Exception):
    pass


def strip_comments(text):
    """Removes // comments outside string literals, keeping line breaks."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _scan(text, start, stop_chars):
    """Index of the first char in stop_chars at nesting depth 0 (or len)."""
    depth, i, n = 0, start, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif text.startswith("->", i):
            i += 1
        elif depth == 0 and c in stop_chars:
            return i
        elif c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth -= 1
        i += 1
    return n


def matching(text, i):
    """Index just past the bracket that closes the one at text[i]."""
    end = _scan(text, i + 1, _CLOSE[_OPEN.index(text[i])])
    if end >= len(text):
        raise ParseError("unbalanced '%s'" % text[i])
    return end + 1


def split_top(text, sep=","):
    parts, i = [], 0
    while True:
        j = _scan(text, i, sep)
        part = text[i:j].strip()
        if part:
            parts.append(part)
        if j >= len(text):
            return parts
        i = j + 1


# -- types ---------------------------------------------------------------------

_TENSOR_RE = re.compile(r"tensor<((?:\d+x)*)(\w+)>$")


def parse_type(text):
    m = _TENSOR_RE.match(text.strip())
    if not m or m.group(2) not in nx.DTYPES:
        raise ParseError("not a static tensor type of a tensorc dtype: %s" % text)
    dims = tuple(int(d) for d in m.group(1).split("x") if d)
    return (dims, m.group(2))


def parse_type_list(text):
    text = text.strip()
    if text.startswith("("):
        text = text[1:-1]
    return [parse_type(t) for t in split_top(text)]


# -- attributes --------------------------------------------------------------------


def _hex_float(bits, dtype):
    if dtype == "f64":
        return struct.unpack("<d", struct.pack("<Q", bits))[0]
    if dtype == "f32":
        return float(struct.unpack("<f", struct.pack("<I", bits))[0])
    if dtype == "bf16":
        return float(struct.unpack("<f", struct.pack("<I", bits << 16))[0])
    return float(struct.unpack("<e", struct.pack("<H", bits))[0])


def parse_scalar(token, dtype):
    """One literal of a dense body or a typed attribute, as the element type."""
    token = token.strip()
    if token in ("true", "false"):
        return int(token == "true")
    if nx.is_float(dtype):
        if token.lower().startswith("0x"):
            return _hex_float(int(token, 16), dtype)
        # MLIR reads a decimal literal as a double, then converts it.
        return nx.rnd(float(token), dtype)
    return int(token, 0)


class Dense:
    """A dense<...> value: its literal tree and tensor type."""

    def __init__(self, body, type_):
        self.body, self.type = body, type_


class Resource:
    def __init__(self, name, type_):
        self.name, self.type = name, type_


def parse_attr_value(text):
    text = text.strip()
    if text in ("true", "false"):
        return text == "true"
    if text.startswith('"'):
        return bytes(text[1:-1], "utf-8").decode("unicode_escape")
    m = re.match(r"array<(\w+)(?::(.*))?>$", text, re.S)
    if m:
        return [int(v) for v in split_top(m.group(2) or "")]
    m = re.match(r"(dense|dense_resource)<(.*)>\s*:\s*(tensor<.*>)$", text, re.S)
    if m:
        t = parse_type(m.group(3))
        return Dense(m.group(2).strip(), t) if m.group(1) == "dense" else Resource(m.group(2).strip(), t)
    m = re.match(r"(.*?)\s*:\s*(\w+)$", text, re.S)
    if m:
        dtype = m.group(2)
        return parse_scalar(m.group(1), "f64" if dtype == "f64" else "i64")
    if re.match(r"-?\d+$", text):
        return int(text)
    return text  # unit attributes, symbols: kept as text


def parse_attr_dict(text):
    """'{a = 1 : i64, b}' (braces included or not) -> dict."""
    text = text.strip()
    if text.startswith("{"):
        text = text[1:-1]
    attrs = {}
    for entry in split_top(text):
        key, eq, value = entry.partition("=")
        key = key.strip().strip('"')
        attrs[key] = parse_attr_value(value) if eq else True
    return attrs


# -- functions and ops ------------------------------------------------------------


class Op:
    def __init__(self, results, name, operands, attrs, operand_types, result_types, line):
        self.results, self.name, self.operands = results, name, operands
        self.attrs, self.operand_types, self.result_types = attrs, operand_types, result_types
        self.line = line


class Func:
    def __init__(self, name, args, result_types, attrs, body, returns, line):
        self.name, self.args, self.result_types = name, args, result_types
        self.attrs, self.body, self.returns, self.line = attrs, body, returns, line


_FUNC_RE = re.compile(r"func\.func\s+(?:(public|private|nested)\s+)?@([\w$.]+)\s*\(")
_OP_RE = re.compile(r'(%[\w$.]+)(?::(\d+))?\s*=\s*"tc_tensor\.(\w+)"\s*\(')


def _parse_args(text):
    args = []
    for part in split_top(text):
        m = re.match(r"(%[\w$.]+)\s*:\s*(tensor<[^>]*>)\s*(\{.*\})?$", part, re.S)
        if not m:
            raise ParseError("cannot read argument '%s'" % part)
        args.append((m.group(1), parse_type(m.group(2)), parse_attr_dict(m.group(3) or "{}")))
    return args


def _parse_op(stmt, line):
    m = _OP_RE.match(stmt)
    if not m:
        raise ParseError("line %d: not a tc_tensor op in generic form: %s" % (line, stmt[:80]))
    res, count, name = m.group(1), m.group(2), m.group(3)
    close = matching(stmt, m.end() - 1)
    operands = split_top(stmt[m.end() : close - 1])
    rest = stmt[close:].strip()
    attrs = {}
    if rest.startswith("{"):
        end = matching(rest, 0)
        attrs = parse_attr_dict(rest[:end])
        rest = rest[end:].strip()
    if not rest.startswith(":"):
        raise ParseError("line %d: expected ': type' after op %s" % (line, name))
    fn_type = rest[1:].strip()
    if not fn_type.startswith("("):
        raise ParseError("line %d: expected a function type after op %s" % (line, name))
    close_in = matching(fn_type, 0)
    outs = fn_type[close_in:].strip()
    if not outs.startswith("->"):
        raise ParseError("line %d: expected '->' in the type of op %s" % (line, name))
    operand_types = [parse_type(t) for t in split_top(fn_type[1 : close_in - 1])]
    result_types = parse_type_list(outs[2:])
    results = [res] if count is None else ["%s#%d" % (res, i) for i in range(int(count))]
    return Op(results, name, operands, attrs, operand_types, result_types, line)


def _statements(body, first_line):
    """Splits a function body at newlines that are not inside brackets."""
    stmts, i, line = [], 0, first_line
    while i < len(body):
        j = _scan(body, i, "\n")
        text = " ".join(body[i:j].split())
        if text:
            stmts.append((text, line))
        line += body[i : j + 1].count("\n")
        i = j + 1
    return stmts


def _parse_body(body, first_line):
    ops, returns = [], None
    for stmt, line in _statements(body, first_line):
        m = re.match(r"(?:func\.)?return\b\s*(.*)$", stmt)
        if m:
            values = m.group(1).split(":")[0]
            returns = [v.strip() for v in split_top(values)]
        else:
            ops.append(_parse_op(stmt, line))
    if returns is None:
        raise ParseError("line %d: function body has no return" % first_line)
    return ops, returns


def parse_functions(text):
    """The public func.func definitions of a file, in order."""
    text = strip_comments(text)
    funcs = []
    for m in _FUNC_RE.finditer(text):
        if m.group(1) == "private":
            continue
        line = text.count("\n", 0, m.start()) + 1
        close = matching(text, m.end() - 1)
        args = _parse_args(text[m.end() : close - 1])
        i = _scan(text, close, "{")
        header = text[close:i]
        attrs = {}
        am = re.search(r"\battributes\s*$", header)
        if am:  # 'attributes {...}' precedes the body
            end = matching(text, i)
            attrs = parse_attr_dict(text[i:end])
            header = header[: am.start()]
            i = _scan(text, end, "{")
        results = []
        rm = re.match(r"\s*->\s*(.*)$", header, re.S)
        if rm:
            results = parse_type_list(rm.group(1))
        end = matching(text, i)
        body_line = text.count("\n", 0, i) + 1
        ops, returns = _parse_body(text[i + 1 : end - 1], body_line)
        funcs.append(Func(m.group(2), args, results, attrs, ops, returns, line))
    return funcs


def parse_resources(text):
    """dense_resource blobs: name -> bytes (alignment word removed)."""
    blobs = {}
    m = re.search(r"\{-#(.*)#-\}", text, re.S)
    if m:
        for name, hexdata in re.findall(r"([\w$.]+)\s*:\s*\"0x([0-9A-Fa-f]*)\"", m.group(1)):
            blobs[name] = bytes.fromhex(hexdata)[4:]
    return blobs


def _decode_buffer(data, dims, dtype):
    count = 1
    for d in dims:
        count *= d
    if dtype in ("f16", "bf16"):
        bits = list(struct.unpack("<%dH" % (len(data) // 2), data))
        values = [_hex_float(b, dtype) for b in bits]
    elif dtype == "i1":
        values = [int(b != 0) for b in data]
    else:
        code = {"i8": "b", "i16": "h", "i32": "i", "i64": "q", "ui8": "B", "ui16": "H", "ui32": "I",
                "ui64": "Q", "f32": "f", "f64": "d"}[dtype]
        values = list(struct.unpack("<%d%s" % (len(data) // struct.calcsize(code), code), data))
        values = [float(v) for v in values] if nx.is_float(dtype) else values
    if len(values) == 1 and count != 1:
        values = values * count  # a splat buffer
    if len(values) != count:
        raise ParseError("buffer holds %d elements, the type needs %d" % (len(values), count))
    return values


def dense_elements(attr, blobs):
    """The elements of a Dense or Resource value, flat, row-major."""
    dims, dtype = attr.type
    if isinstance(attr, Resource):
        if attr.name not in blobs:
            raise ParseError("no dense_resource blob named '%s'" % attr.name)
        return _decode_buffer(blobs[attr.name], dims, dtype)
    body = attr.body
    if body.startswith('"0x'):
        return _decode_buffer(bytes.fromhex(body[3:-1]), dims, dtype)
    tokens = [t.strip() for t in body.replace("[", " ").replace("]", " ").split(",") if t.strip()]
    values = [parse_scalar(t, dtype) for t in tokens]
    count = 1
    for d in dims:
        count *= d
    if len(values) == 1 and not body.startswith("["):
        values = values * count
    if len(values) != count:
        raise ParseError("dense value has %d elements, its type needs %d" % (len(values), count))
    return values
