# Runs every public function of a program with tensor-ref on seeded inputs
# in the fast mode at 1 and 3 threads and in the exact mode, and prints, per
# function and output, whether the three wrote the same bytes:
#
#   fast-vs-exact.py TENSOR_REF PROGRAM SEED WORKDIR
#   @f output #0 float32 (2, 37, 45): fast at 1 and 3 threads = exact
#
# or "DIFFER (...)" with the first differing element; a bound file the fast
# mode wrote is reported too ("... with a bound on N elements").
import os
import re
import subprocess
import sys

import numpy as np

tool, program, seed, work = sys.argv[1:5]
functions = re.findall(r"^func\.func @(\w+)\(", open(program).read(), re.M)
for fn in functions:
    runs = {"fast1": ["--threads", "1"], "fast3": ["--threads", "3"], "exact": ["--exact"]}
    dirs = {}
    for name, extra in runs.items():
        dirs[name] = os.path.join(work, fn + "-" + name)
        subprocess.run([tool, program, "--fn", fn, "--seed", seed, "--output-dir", dirs[name]] + extra,
                       check=True, stdout=subprocess.DEVNULL)
    for out in sorted(f for f in os.listdir(dirs["exact"]) if f.startswith("output_")):
        arrays = {name: np.load(os.path.join(d, out)) for name, d in dirs.items()}
        bound = os.path.join(dirs["fast1"], out.replace("output_", "bound_"))
        same = all(a.tobytes() == arrays["exact"].tobytes() for a in arrays.values())
        verdict = "fast at 1 and 3 threads = exact"
        if not same:
            flat = {name: a.reshape(-1) for name, a in arrays.items()}
            k = next(i for i in range(flat["exact"].size)
                     if any(flat[n][i:i + 1].tobytes() != flat["exact"][i:i + 1].tobytes() for n in flat))
            verdict = "DIFFER at flat index %d: %s" % (k, {n: float(v[k]) for n, v in flat.items()})
        if os.path.exists(bound):
            verdict += " with a bound on %d elements" % int((np.load(bound) > 0).sum())
        print("@%s output #%s %s %s: %s" % (fn, out[7:-4], arrays["exact"].dtype, arrays["exact"].shape, verdict))
