#!/usr/bin/python3
"""concurrent.py N OUT_PREFIX -- COMMAND...: runs N copies of COMMAND at once.

Each copy gets `-o OUT_PREFIX<i>` appended. Exits 0 only if every copy
exited 0; prints each copy's status otherwise.
"""
import subprocess
import sys


def main():
    n, prefix = int(sys.argv[1]), sys.argv[2]
    command = sys.argv[sys.argv.index("--") + 1:]
    procs = [subprocess.Popen(command + ["-o", f"{prefix}{i}"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True) for i in range(n)]
    failed = 0
    for i, p in enumerate(procs):
        _, err = p.communicate()
        if p.returncode != 0:
            failed += 1
            print(f"copy {i} exited {p.returncode}:\n{err}")
    print(f"{n - failed} of {n} succeeded")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
