#!/usr/bin/env bash
# Configures and builds tensorc into $TC_BUILD_DIR (default: build/). Both
# README commands call it after installing the Debian packages.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TC_BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${TC_BUILD_TYPE:-RelWithDebInfo}" >/dev/null
ninja -C "$build" -j "${TC_JOBS:-2}"
