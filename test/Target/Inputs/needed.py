#!/usr/bin/python3
"""needed.py READELF LIBRARY MANIFEST: checks that the emission record of
MANIFEST names exactly the DT_NEEDED entries of LIBRARY, as llvm-readelf
(a reader that is not tensorc's) lists them. Prints the list; exits 1 if
they differ."""
import json
import subprocess
import sys

readelf, library, manifest = sys.argv[1:4]
out = subprocess.run([readelf, "--needed-libs", library], capture_output=True, text=True, check=True).stdout
actual = sorted(line.strip() for line in out.splitlines() if line.strip().startswith("lib"))
record = json.load(open(manifest))["modules"][0]["emission"]["link"]["needed"]
recorded = sorted(n["soname"] for n in record)
print("readelf: " + " ".join(actual))
print("manifest: " + " ".join(recorded))
sys.exit(0 if actual == recorded else 1)
