"""Prints, per function output of a tensor-conform report that has a
composed budget, how many elements the contract left unconstrained, how
many of those the gate left unjudged, how many it judged and how many
failed (test/Conformance/wide-overflow.test)."""
import json
import sys

report = json.load(open(sys.argv[1]))
for c in report["checks"]:
    composed = c.get("budget", {}).get("composed")
    if c["kind"] != "output" or composed is None:
        continue
    free, unjudged = composed["unconstrained"], composed["unjudged"]
    same = f"{free} = unjudged" if free == unjudged and free else f"{free}, unjudged {unjudged}"
    print(f"seed {c['seed']} draw {c['draw']} output {c['output']}: unconstrained {same}, "
          f"judged {c['elements'] - unjudged}, failing {c['failing']}")
