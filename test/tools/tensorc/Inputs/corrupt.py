#!/usr/bin/python3
"""corrupt.py CACHE_DIR ACTION: damages the cache's entries as a test asks.

ACTION is one of
  truncate   cut every entry's artifact.so to half its size
  flip       flip one bit in the middle of every entry's artifact.so
  swap       exchange the artifact.so files of the first two entries
  record     replace every entry's entry.json with garbage
  dirswap    exchange the directories of the first two entries
Prints how many entries it damaged.
"""
import os
import sys


def entries(cache):
    root = os.path.join(cache, "entries")
    return [os.path.join(root, e) for e in sorted(os.listdir(root))]


def main():
    cache, action = sys.argv[1], sys.argv[2]
    found = entries(cache)
    if action in ("swap", "dirswap") and len(found) < 2:
        sys.exit("corrupt.py: need two entries")
    if action == "truncate":
        for e in found:
            path = os.path.join(e, "artifact.so")
            os.truncate(path, os.path.getsize(path) // 2)
    elif action == "flip":
        for e in found:
            path = os.path.join(e, "artifact.so")
            with open(path, "r+b") as f:
                f.seek(os.path.getsize(path) // 2)
                byte = f.read(1)[0]
                f.seek(-1, os.SEEK_CUR)
                f.write(bytes([byte ^ 0x10]))
    elif action == "swap":
        a, b = (os.path.join(e, "artifact.so") for e in found[:2])
        os.rename(a, a + ".tmp")
        os.rename(b, a)
        os.rename(a + ".tmp", b)
    elif action == "record":
        for e in found:
            with open(os.path.join(e, "entry.json"), "w") as f:
                f.write("{not json")
    elif action == "dirswap":
        a, b = found[:2]
        os.rename(a, a + ".tmp")
        os.rename(b, a)
        os.rename(a + ".tmp", b)
    else:
        sys.exit(f"corrupt.py: unknown action {action}")
    print(f"damaged {2 if action in ('swap', 'dirswap') else len(found)} entries")


if __name__ == "__main__":
    main()
