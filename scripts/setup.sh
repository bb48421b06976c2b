#!/usr/bin/env bash
# Installs what gluonc needs to build and test, from Debian's packages.
# Idempotent and quiet when everything is already there. The CUDA toolkit
# (ptxas, nvJitLink) is used from /usr/local/cuda when present; without it
# gluonc still builds and emits PTX, and the tests that assemble PTX skip.
set -euo pipefail

packages=(
  cmake ninja-build g++ python3
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools liblld-22-dev
  libcli11-dev nlohmann-json3-dev catch2
  # fmt and spdlog: log lines and the runtime's messages (src/Support).
  libfmt-dev libspdlog-dev
  # toml++: gluonc build's manifests.
  libtomlplusplus-dev
  # ROCm's device library bitcode (ocml.bc): math functions on AMD.
  rocm-device-libs
  # Clang and its libFuzzer and sanitizer runtimes: scripts/fuzz.sh.
  clang libclang-rt-dev
  # clang-offload-bundler: the tests list and rebuild gluonc's AMD offload
  # bundles with it.
  clang-tools-22
  # clang-format 14 and its clang-format-diff: scripts/format-check.sh.
  clang-format git
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
       grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
  --no-install-recommends "${missing[@]}" >/dev/null
