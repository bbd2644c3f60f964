#!/usr/bin/python3
"""Checks that utils/install-deps.sh installs everything tensorc uses.

    check-deps.py --src ROOT --build BUILD [--deps INSTALL-SCRIPT]

Collects every file the build, the tests, the example and the benchmarks
reach on the system:

  - the absolute paths CMake resolved (BUILD/CMakeCache.txt);
  - every absolute /usr path written in a tracked source, script, test or
    build file (documentation aside);
  - the commands they run by name (cmake, ninja, cc, c++, pkg-config,
    protoc-c, clang, clang++, llc, FileCheck ...), resolved on PATH and
    LLVM 22's bin (the C++ compilers build lib/Registration, the embedding
    example and the public-header check);
  - the libraries they link by name (-lblis, -lopenblas, -lmvec, libgomp of
    -fopenmp ...), resolved by the C compiler;
  - the Python modules the scripts import that are not the standard
    library's, resolved by /usr/bin/python3.

For each it asks dpkg which package owns it (following symbolic links, so
/usr/bin/cc is gcc-12's compiler) and prints one line: `ok PATH PACKAGE`
when the package is in install-deps.sh's list or is installed because one
of them depends on it (`via` names which), `MISSING PATH ...` otherwise: an
unowned file, a file that does not exist, or a package nothing in the list
brings. Essential packages (a minimal Debian system has them) are ok. Exits
1 if anything is missing.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

# CMakeCache entries the build uses besides its own TC_* ones (LLVM's
# config also looks for tools and libraries tensorc never runs or links).
CACHE_ENTRIES = {"CMAKE_C_COMPILER", "CMAKE_CXX_COMPILER", "CMAKE_MAKE_PROGRAM", "CMAKE_AR", "CMAKE_LINKER", "LLVM_DIR", "MLIR_DIR",
                 "PKG_CONFIG_EXECUTABLE"}
COMMANDS = ["cmake", "ninja", "cc", "gcc", "c++", "g++", "pkg-config", "protoc-c", "bash", "git"]
LLVM_COMMANDS = ["clang", "clang++", "llc", "FileCheck", "lit", "mlir-opt", "split-file", "not", "count"]
LIBRARIES = ["blis", "openblas", "mvec", "m", "dl", "gomp", "cmocka", "protobuf-c", "jansson", "xxhash", "omp"]
USR_PATH = re.compile(r"/usr/(?:bin|sbin|lib|include|share)/[A-Za-z0-9_.+/-]*[A-Za-z0-9_+]")
PY_IMPORT = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_][A-Za-z0-9_]*)", re.M)


def listed_packages(deps):
    text = open(deps).read()
    body = re.search(r"packages=\((.*?)\)", text, re.S).group(1)
    return [w for w in re.sub(r"#.*", "", body).split()]


def dpkg_query(fields, packages):
    out = subprocess.run(["dpkg-query", "-W", "-f=${Package}\t" + fields + "\n"] + packages,
                         capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines()]


def closure(roots):
    """Every installed package the roots depend on (Depends, Pre-Depends),
    mapped to the root that brings it."""
    via = {p: p for p in roots}
    todo = list(roots)
    while todo:
        rows = dpkg_query("${Depends}, ${Pre-Depends}", todo)
        todo = []
        for name, deps in rows:
            for alt in deps.split(","):
                for choice in alt.split("|"):
                    dep = choice.strip().split(" ")[0].split(":")[0]
                    if dep and dep not in via and installed(dep):
                        via[dep] = via[name]
                        todo.append(dep)
                        break
    return via


_installed = {}


def installed(package):
    if package not in _installed:
        rows = dpkg_query("${Status}", [package])
        _installed[package] = any(r[1] == "install ok installed" for r in rows)
    return _installed[package]


def essential():
    out = subprocess.run(["dpkg-query", "-W", "-f=${Package}\t${Essential}\t${Priority}\n"],
                         capture_output=True, text=True).stdout
    return {p for p, e, prio in (l.split("\t") for l in out.splitlines()) if e == "yes" or prio == "required"}


def owner(path):
    """The package owning `path`, following symbolic links to the file."""
    candidates = [path, os.path.normpath(path), os.path.realpath(path)]
    # Debian 12 is merged-/usr: dpkg may know a file under usr/lib by its /lib twin.
    candidates += [c[4:] for c in candidates if c.startswith("/usr/lib/") or c.startswith("/usr/bin/")]
    for candidate in candidates:
        r = subprocess.run(["dpkg-query", "-S", candidate], capture_output=True, text=True)
        if r.returncode == 0:
            return r.stdout.split(":")[0].split(",")[0].strip()
    return None


def tracked_files(src):
    out = subprocess.run(["git", "-C", src, "ls-files"], capture_output=True, text=True).stdout.split()
    if not out:  # not a checkout: every file under the tree
        out = [os.path.relpath(p, src) for p in glob.glob(os.path.join(src, "**", "*"), recursive=True)]
    return [os.path.join(src, f) for f in out if not f.endswith(".md") and os.path.isfile(os.path.join(src, f))]


def collect(src, build):
    paths = {}
    cache = os.path.join(build, "CMakeCache.txt")
    for line in open(cache):
        m = re.match(r"^([A-Za-z_0-9]+):(?:FILEPATH|PATH)=(/usr/\S+)$", line.strip())
        if m and (m.group(1).startswith("TC_") or m.group(1) in CACHE_ENTRIES):
            paths[m.group(2)] = "CMakeCache " + m.group(1)
    files = tracked_files(src)
    for f in files:
        try:
            text = open(f, errors="replace").read()
        except OSError:
            continue
        for p in USR_PATH.findall(text):
            paths.setdefault(p, os.path.relpath(f, src))
    for c in COMMANDS:
        p = shutil.which(c)
        paths[p or "/usr/bin/" + c] = "command " + c
    for c in LLVM_COMMANDS:
        paths["/usr/lib/llvm-22/bin/" + c] = "command " + c
    for lib in LIBRARIES:
        found = ""
        for suffix in (".so", ".a"):  # glibc 2.36's libdl is an empty archive
            r = subprocess.run(["cc", f"-print-file-name=lib{lib}{suffix}"], capture_output=True, text=True)
            found = os.path.normpath(r.stdout.strip())
            if os.path.isabs(found):
                break
        if lib == "omp":
            found = "/usr/lib/llvm-22/lib/libomp.so"
        paths[found if os.path.isabs(found) else "lib" + lib + ".so"] = "library -l" + lib
    stdlib = set(sys.stdlib_module_names)
    local = {os.path.splitext(os.path.basename(f))[0] for f in files if f.endswith(".py")}
    local |= {os.path.basename(os.path.dirname(f)) for f in files if f.endswith("__init__.py")}
    modules = set()
    for f in files:
        if f.endswith(".py") or open(f, errors="replace").read(64).startswith("#!/usr/bin/python3"):
            modules |= set(PY_IMPORT.findall(open(f, errors="replace").read()))
    for m in sorted(modules - stdlib - local - {"lit"}):
        r = subprocess.run(["/usr/bin/python3", "-c", f"import {m}; print({m}.__file__)"], capture_output=True, text=True)
        paths[r.stdout.strip() or f"python module {m}"] = "python module " + m
    return paths


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--deps", help="the install script to check (default: SRC/utils/install-deps.sh)")
    a = ap.parse_args()
    listed = listed_packages(a.deps or os.path.join(a.src, "utils", "install-deps.sh"))
    via = closure([p for p in listed if installed(p)])
    base = essential()
    missing = 0
    for path, why in sorted(collect(a.src, a.build).items()):
        if not os.path.isabs(path) or not os.path.exists(path):
            print(f"MISSING {path} ({why}): not on this machine")
            missing += 1
            continue
        pkg = owner(path)
        if pkg is None:
            print(f"MISSING {path} ({why}): no package owns it")
            missing += 1
        elif pkg in listed:
            print(f"ok {path} {pkg}")
        elif pkg in via:
            print(f"ok {path} {pkg} via {via[pkg]}")
        elif pkg in base:
            print(f"ok {path} {pkg} essential")
        else:
            print(f"MISSING {path} ({why}): package {pkg} is not in utils/install-deps.sh nor brought by it")
            missing += 1
    print(f"{missing} missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
