#!/usr/bin/python3
"""entry.py ACTION CACHE_DIR ...: reads or rewrites the one cache entry.

  material CACHE OUT        write the entry's key material to OUT
  replace CACHE NAME FILE DONOR
                            replace the entry's file NAME by FILE, give the
                            record the size and hash that the one entry of
                            cache DONOR (which holds FILE as NAME) states,
                            and mark it gated: a forgery the cache's own
                            byte checks cannot see
"""
import json
import os
import sys


def only_entry(cache):
    root = os.path.join(cache, "entries")
    names = sorted(os.listdir(root))
    if len(names) != 1:
        sys.exit(f"entry.py: expected one entry, found {len(names)}")
    return os.path.join(root, names[0])


def main():
    action, cache = sys.argv[1], sys.argv[2]
    entry = only_entry(cache)
    record = json.load(open(os.path.join(entry, "entry.json")))
    if action == "material":
        json.dump(record["material"], open(sys.argv[3], "w"))
    elif action == "replace":
        name, source = sys.argv[3], sys.argv[4]
        donor = json.load(open(os.path.join(only_entry(sys.argv[5]), "entry.json")))
        # `donor` is the record of an entry that holds `source` under `name`:
        # copy its size and hash, as a forger who can hash would.
        donated = next(f for f in donor["files"] if f["name"] == name)
        for f in record["files"]:
            if f["name"] == name:
                f["bytes"], f["xxh3_128"] = donated["bytes"], donated["xxh3_128"]
        open(os.path.join(entry, name), "wb").write(open(source, "rb").read())
        record["verdict"] = "gated"
        open(os.path.join(entry, "entry.json"), "w").write(json.dumps(record, indent=2, sort_keys=True) + "\n")
    else:
        sys.exit(f"entry.py: unknown action {action}")


if __name__ == "__main__":
    main()
