#!/usr/bin/python3
"""Proves that every global symbol tensorc's archives define starts with `tc`.

Usage: check-symbol-prefix.py [--allow-faults] ARCHIVE...

An embedder links libtensorc.a (or its parts) into a program of its own, so
tensorc's global names share one namespace with the embedder's: public API
`tcFoo`, cross-file internals `tcImpFoo`, `tcRefFoo`, `tcConfFoo`,
`tcCacheFoo`, `tcGradFoo` (style.md, Lua's layered prefixes), everything
else static. Each ARCHIVE's defined global symbols (`nm -g --defined-only`:
text, data, bss, read-only, weak) must start with `tc`; each other one is
printed as a violation, and the script exits 1 if there is any.

Allowed, by name, and nothing else:
- the two symbols every C++ object built with LLVM's definitions carries
  (the C++ pass-registry layer, lib/Registration): the personality
  routine's DWARF reference and LLVM's ABI-breaking-checks guard.
- with --allow-faults, the `fault*` symbols of libtensorc_test_faults.a:
  issue 25 item 3 renames them; drop the flag then.

An archive with no symbol at all is an error too, so a check that reads
nothing cannot pass.
"""
import os
import re
import subprocess
import sys

ALLOWED = {"DW.ref.__gxx_personality_v0", "_ZN4llvm30VerifyDisableABIBreakingChecksE"}
FAULTS_ARCHIVE = "libtensorc_test_faults.a"
GLOBAL_KINDS = set("TDBRVWCGSiu")


def defined_globals(archive):
    out = subprocess.run(["nm", "-g", "--defined-only", "--format=posix", archive], capture_output=True, text=True,
                         check=True).stdout
    symbols = []
    for line in out.splitlines():
        fields = line.split()
        # posix format: "name kind value size"; member headers end with ':'.
        if len(fields) >= 2 and not fields[0].endswith(":") and fields[1] in GLOBAL_KINDS:
            symbols.append(fields[0])
    return symbols


def main():
    args = sys.argv[1:]
    allow_faults = "--allow-faults" in args
    archives = [a for a in args if a != "--allow-faults"]
    if not archives:
        sys.exit("usage: check-symbol-prefix.py [--allow-faults] ARCHIVE...")
    violations, count = [], 0
    for archive in archives:
        symbols = defined_globals(archive)
        if not symbols:
            violations.append(f"{archive}: defines no global symbol")
        faults = allow_faults and os.path.basename(archive) == FAULTS_ARCHIVE
        for symbol in sorted(set(symbols)):
            count += 1
            if symbol.startswith("tc") or symbol in ALLOWED or (faults and re.match(r"fault[A-Z]", symbol)):
                continue
            violations.append(f"{archive}: unprefixed global symbol {symbol}")
    for v in violations:
        print(v)
    print(f"{len(archives)} archives, {count} global symbols, {len(violations)} violations")
    sys.exit(1 if violations else 0)


if __name__ == "__main__":
    main()
