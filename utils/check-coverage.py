#!/usr/bin/python3
"""Checks that the tests cover the dialects and the diagnostics.

1. Every op that dialects/<d>.irdl.mlir defines is used by a round-trip test
   under test/dialects/<d>/ (files other than invalid.mlir).
2. Every diagnostic format string that tc-verify and the tools emit (string
   literals passed as the format of tcEmitOpError / tcEmitError) has a negative
   test: each of the format's literal pieces (the text between printf
   conversions) of 8 or more characters occurs in some `expected-*` line or
   FileCheck line (`// PREFIX:`) of a test.

Prints every gap and exits 1 if there is one; prints the counts otherwise.
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent)
failures = []

# 1. Round-trip coverage of every op.
op_count = 0
for irdl in sorted((root / "dialects").glob("*.irdl.mlir")):
    dialect = irdl.name.split(".")[0]
    tests = [p.read_text() for p in (root / "test" / "dialects" / dialect).glob("*.mlir") if p.name != "invalid.mlir"]
    for op in re.findall(r"irdl\.operation @(\w+)", irdl.read_text()):
        op_count += 1
        if not any(f'"{dialect}.{op}"' in t for t in tests):
            failures.append(f"no round-trip test uses {dialect}.{op}")

# 2. Negative-test coverage of every diagnostic format.
check_line = re.compile(r"^\s*//\s*[A-Z][A-Z0-9_-]*:")  # CHECK:, SHAPE-NEXT:, ...
expectation_text = []
for path in (root / "test").rglob("*"):
    if path.suffix in (".mlir", ".test") and path.is_file():
        for line in path.read_text(errors="replace").splitlines():
            if "expected-" in line or check_line.match(line):
                expectation_text.append(line)
expectations = "\n".join(expectation_text)

emit_call = re.compile(r"tcEmit(?:Op)?Error\(\s*[^,]+,\s*((?:\"(?:[^\"\\]|\\.)*\"\s*)+)", re.S)
conversion = re.compile(r"%[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?:hh|h|ll|l|z|j|t)?[diouxXeEfgGcsp%]")
formats = 0
for source in sorted((root / "lib").rglob("*.c")) + sorted((root / "tools").rglob("*.c")):
    text = source.read_text()
    for match in emit_call.finditer(text):
        literal = "".join(re.findall(r"\"((?:[^\"\\]|\\.)*)\"", match.group(1)))
        literal = literal.replace('\\"', '"').replace("\\\\", "\\")
        pieces = [p.strip() for p in conversion.split(literal) if len(p.strip()) >= 8]
        if not pieces:
            continue
        formats += 1
        missing = [p for p in pieces if p not in expectations]
        if missing:
            line = text.count("\n", 0, match.start()) + 1
            failures.append(f"{source.relative_to(root)}:{line}: no test expects \"{missing[0]}\"")

for f in failures:
    print(f)
print(f"{op_count} ops, {formats} diagnostic formats checked, {len(failures)} gaps")
sys.exit(1 if failures else 0)
