#!/usr/bin/python3
"""key-environment.py TENSORC CACHE_DIR: checks that the key material of the
cache's entries holds, under "environment", exactly the variables that
`tensorc host --env` (the registry, lib/Host/Environment.def) declares as
changing the artifact or the verdict. Prints both lists; exits 1 if they
differ or if no entry has a material."""
import json
import os
import subprocess
import sys

tensorc, cache = sys.argv[1], sys.argv[2]
rows = subprocess.run([tensorc, "host", "--env"], capture_output=True, text=True, check=True).stdout.splitlines()
declared = sorted(r.split()[0] for r in rows if r[:1].strip() and r.split()[1:2] in (["artifact"], ["verdict"]))
keyed = set()
for name in os.listdir(os.path.join(cache, "entries")):
    record = json.load(open(os.path.join(cache, "entries", name, "entry.json")))
    keyed.add(tuple(sorted(record["material"]["environment"])))
print("declared:", " ".join(declared))
for k in sorted(keyed):
    print("keyed:", " ".join(k))
sys.exit(0 if keyed == {tuple(declared)} else 1)
