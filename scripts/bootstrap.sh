#!/usr/bin/env bash
# Installs the Debian packages z3ed's build and tests need. Idempotent and
# silent when everything is present; prints the exact command when it cannot
# install (not root and no sudo). Called by `make run`, `make test` and .ci/run.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config   # toolchain
  clang libclang-rt-14-dev llvm                   # libFuzzer targets and sanitizer runtimes
  libjansson-dev libfyaml-dev                     # JSON / YAML results
  nettle-dev zlib1g-dev                           # SHA-1, CRC32
  libspng-dev                                     # PNG
  libcurl4-openssl-dev                            # LLM provider requests
  libsqlite3-dev                                  # proposal registry
  libcmocka-dev                                   # unit tests
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "bootstrap: installing ${missing[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo=(sudo -n)
else
  echo "bootstrap: cannot install packages without root. Run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 3
fi

export DEBIAN_FRONTEND=noninteractive
# An image with empty package lists cannot resolve anything: update first then.
if [ -z "$(ls -A /var/lib/apt/lists 2>/dev/null | grep -v -e lock -e partial -e auxfiles)" ]; then
  "${sudo[@]}" apt-get update -qq
fi
if ! "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || {
    echo "bootstrap: apt-get failed. Try:" >&2
    echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 3
  }
fi
