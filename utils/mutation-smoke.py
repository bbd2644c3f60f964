#!/usr/bin/python3
"""Feeds tensor-opt mutated copies of valid programs; it must never crash.

Usage: mutation-smoke.py TOOL SEED N FILE... [--args ARG...] [--allowed-exits 0,2]

For each FILE, makes N mutants with a seeded generator (the same seed gives
the same mutants): truncated text, a dropped or doubled line, a number
replaced by an extreme one (0, 1, -1, 2^31, 2^63-1, ...), an element type
replaced by another (legal or not), a bool flipped. Each mutant is run through
`tensor-opt` with a time limit. An exit code other than 0 (accepted) or 2
(structural rejection), a signal, a time-out, or an error without a location
is a failure, printed with the mutant so it can be reproduced. `--args`
passes extra arguments to the tool (e.g. `--seed 1` for tensor-ref) and
`--allowed-exits` replaces the accepted exit codes (tensor-ref may also exit
1 for a bad input and 3 for an unsupported construct).
"""
import random
import re
import subprocess
import sys
import tempfile

NUMBERS = ["0", "1", "-1", "2", "7", "2147483648", "4294967296", "9223372036854775807", "-9223372036854775808"]
TYPES = ["f32", "f16", "bf16", "f64", "i1", "i8", "i32", "i64", "ui8", "ui64", "si32", "index", "f8E4M3FN", "complex<f32>"]


def mutate(text, rng):
    kind = rng.randrange(6)
    if kind == 0:
        return text[: rng.randrange(len(text) + 1)]
    lines = text.split("\n")
    if kind == 1 and lines:
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == 2 and lines:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "\n".join(lines)
    if kind == 3:
        spans = [m.span() for m in re.finditer(r"(?<![A-Za-z_%@#])-?\d+", text)]
        if spans:
            a, b = rng.choice(spans)
            return text[:a] + rng.choice(NUMBERS) + text[b:]
    if kind == 4:
        spans = [m.span() for m in re.finditer(r"\b(f16|bf16|f32|f64|i1|i8|i16|i32|i64|ui8|ui16|ui32|ui64)\b", text)]
        if spans:
            a, b = rng.choice(spans)
            return text[:a] + rng.choice(TYPES) + text[b:]
    spans = [m.span() for m in re.finditer(r"\b(true|false)\b", text)]
    if spans:
        a, b = rng.choice(spans)
        return text[:a] + ("false" if text[a:b] == "true" else "true") + text[b:]
    return text[: len(text) // 2]


def main():
    argv = sys.argv[1:]
    allowed = (0, 2)
    extra = []
    if "--allowed-exits" in argv:
        i = argv.index("--allowed-exits")
        allowed = tuple(int(c) for c in argv[i + 1].split(","))
        del argv[i : i + 2]
    if "--args" in argv:
        i = argv.index("--args")
        extra = argv[i + 1 :]
        del argv[i:]
    tool, seed, count, files = argv[0], int(argv[1]), int(argv[2]), argv[3:]
    rng = random.Random(seed)
    failures = runs = 0
    for path in files:
        original = open(path).read()
        for _ in range(count):
            mutant = mutate(original, rng)
            with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
                f.write(mutant)
                f.flush()
                try:
                    r = subprocess.run([tool, f.name] + extra, capture_output=True, text=True, timeout=60)
                    code = r.returncode
                except subprocess.TimeoutExpired:
                    code, r = "timeout", None
            runs += 1
            located = r is not None and (code in (0, 1) or re.search(r":\d+:\d+: error: ", r.stderr))
            if code not in allowed or not located:
                failures += 1
                print(f"FAIL {path}: exit {code}\n--- mutant ---\n{mutant}\n--- stderr ---\n{r.stderr if r else ''}")
    print(f"{runs} mutants, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
