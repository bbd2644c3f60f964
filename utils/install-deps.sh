#!/usr/bin/env bash
# Installs the Debian packages tensorc needs to build and test. Idempotent: when
# every package is already installed it does nothing (and needs no network).
set -euo pipefail

packages=(
  cmake ninja-build gcc g++ pkg-config python3 git
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 libomp-22-dev libclang-rt-22-dev
  libcmocka-dev libblis-pthread-dev
  libxxhash-dev libjansson-dev python3-jsonschema
  python3-numpy python3-mpmath python3-torch
  libopenblas-dev
  libprotobuf-c-dev protobuf-c-compiler libonnx-dev libonnx-testdata python3-onnx
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
