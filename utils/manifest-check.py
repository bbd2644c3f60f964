#!/usr/bin/python3
"""Checks tensorc manifests (docs/manifest.md).

Usage:
  manifest-check.py validate SCHEMA MANIFEST...
      Validates each manifest against the JSON Schema (docs/manifest.schema.json)
      and checks what a schema cannot say: records are numbered 0, 1, ... in
      each module, and each pass's "ir_before" is the previous one's
      "ir_after". Prints one line per manifest; exits 1 on any error.
  manifest-check.py strip-timings MANIFEST
      Prints the manifest (or conformance report) without its top-level "timings" member, every other
      byte unchanged, so that two runs can be compared with cmp.
  manifest-check.py passes TENSOR_OPT INPUT WORKDIR SRC_ROOT
      Runs every tensorc pass that `TENSOR_OPT --help` lists, and one upstream
      pass, on INPUT with --manifest-out, and fails unless each earns a record
      naming it (a pass that fails on purpose too: a failed run writes its
      manifest). Also fails if include/tensorc/Passes.h declares a pass
      factory that lib/Transforms/PassRegistry.c does not register: such a
      pass could run without ever appearing in a manifest.
"""
import json
import pathlib
import re
import subprocess
import sys


def validate(schema_path, manifests):
    import jsonschema

    schema = json.loads(pathlib.Path(schema_path).read_text())
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    failed = 0
    for path in manifests:
        doc = json.loads(pathlib.Path(path).read_text())
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(doc)]
        for module in doc.get("modules", []) if not errors else []:
            records = module["records"]
            for i, record in enumerate(records):
                if record["position"] != i:
                    errors.append(f"module {module['index']}: record {i} has position {record['position']}")
                if i > 0 and record["ir_before"] != records[i - 1]["ir_after"]:
                    errors.append(f"module {module['index']}: record {i}'s ir_before is not record {i - 1}'s ir_after")
        name = pathlib.Path(path).name
        for e in errors:
            print(f"{name}: {e}")
        print(f"{name}: {'valid' if not errors else 'INVALID'}")
        failed += bool(errors)
    return 1 if failed else 0


def strip_timings(path):
    text = pathlib.Path(path).read_text()
    # Keys are sorted and indented by two: the member is `  "timings": [...]`
    # (a manifest) or `  "timings": {...}` (a conformance report) up to the
    # matching `  ]` or `  }` at the same indentation.
    match = re.search(r'^  "timings": (?:\[(?:\]|.*?^  \])|\{(?:\}|.*?^  \})),?\n', text, re.S | re.M)
    if not match:
        print(f"{path}: no timings member", file=sys.stderr)
        return 1
    stripped = text[: match.start()] + text[match.end() :]
    # Drop the comma the removed member may leave before the closing brace.
    stripped = re.sub(r",\n(\}\n)$", r"\n\1", stripped)
    sys.stdout.write(stripped)
    return 0


def registry_passes(tensor_opt):
    help_text = subprocess.run([tensor_opt, "--help"], capture_output=True, text=True, check=True).stdout
    section = help_text.split("TENSORC PASSES:", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^\s+--(\S+)", section, re.M)


def unregistered_factories(src_root):
    header = (pathlib.Path(src_root) / "include/tensorc/Passes.h").read_text()
    registry = (pathlib.Path(src_root) / "lib/Transforms/PassRegistry.c").read_text()
    factories = re.findall(r"MlirPass (tcCreate\w+Pass)\(void\);", header)
    return [f for f in factories if f not in registry]


def recorded(manifest_path, name):
    try:
        doc = json.loads(pathlib.Path(manifest_path).read_text())
    except (OSError, ValueError):
        return None
    for module in doc["modules"]:
        for record in module["records"]:
            if record["pass"] == name:
                return record
    return None


def passes(tensor_opt, input_path, workdir, src_root):
    names = registry_passes(tensor_opt)
    missing = 0
    for name in names + ["cse"]:
        out = pathlib.Path(workdir) / f"{name}.json"
        subprocess.run([tensor_opt, input_path, f"--{name}", f"--manifest-out={out}", "-o", str(pathlib.Path(workdir) / f"{name}.mlir")],
                       capture_output=True, text=True)
        record = recorded(out, name)
        if record is None:
            print(f"{name}: MISSING from the manifest")
            missing += 1
        else:
            print(f"{name}: recorded ({record['origin']} {record['version']}, {record['status']})")
    for factory in unregistered_factories(src_root):
        print(f"{factory}: declared in Passes.h but not in the registry, so it can never be recorded")
        missing += 1
    print(f"{len(names)} tensorc passes, {missing} missing")
    return 1 if missing else 0


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "validate":
        return validate(sys.argv[2], sys.argv[3:])
    if len(sys.argv) == 3 and sys.argv[1] == "strip-timings":
        return strip_timings(sys.argv[2])
    if len(sys.argv) == 6 and sys.argv[1] == "passes":
        return passes(*sys.argv[2:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
