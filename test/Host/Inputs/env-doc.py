#!/usr/bin/python3
"""Prints the variables of docs/environment.md's table and of
`tensorc host --env`, one `NAME EFFECT` per line each, sorted, so that the
test can check both lists are the same."""
import re
import subprocess
import sys

tensorc, doc = sys.argv[1], sys.argv[2]
table = sorted(f"{m.group(1)} {m.group(2)}" for m in re.finditer(r"^\| `(\w+)` \| (\w+) \|", open(doc).read(), re.M))
out = subprocess.run([tensorc, "host", "--env"], capture_output=True, text=True, check=True).stdout
tool = sorted(f"{m.group(1)} {m.group(2)}" for m in re.finditer(r"^(\w+) +(\w+) ", out, re.M))
print("doc:", " ".join(table))
print("tool:", " ".join(tool))
