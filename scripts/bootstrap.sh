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
  jq                                              # the command-surface test reads the catalog
  cc65                                            # ca65/ld65: 65816 test programs and the disassembler cross-check
  retroarch-dev                                   # libretro.h for the test oracle's front end (tests/oracle)
  libretro-bsnes-mercury-accuracy                 # the test oracle: frames and audio compared with ours
  libretro-bsnes-mercury-performance              # the speed peer in make bench
  nodejs npm                                      # the MCP test client (tests/mcp)
  libgtk-4-dev                                    # yaze, the editor (src/gui)
  xvfb xauth fonts-dejavu-core                    # yaze's tests: a headless X server, one fixed font
  libncurses-dev tmux                             # z3ed tui (src/tui) and its screen tests
  libxml2-utils                                   # xmllint: the GUI suite's JUnit XML checked against tests/gui/junit.xsd
  universal-ctags gdb valgrind                    # code index, debug-tools crash --core, memory and perf
)

missing=()
for p in "${packages[@]}"; do
  # Node from elsewhere (NodeSource's nodejs bundles npm, and conflicts with Debian's) is fine.
  case $p in
    nodejs) command -v node >/dev/null 2>&1 && continue ;;
    npm) command -v npm >/dev/null 2>&1 && continue ;;
  esac
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# The official MCP SDK at the version tests/mcp/package-lock.json pins, for the mcp/sdk test:
# installed when node_modules is missing or older than the lock file.
mcp_client() {
  local dir
  dir="$(cd "$(dirname "$0")/.." && pwd)/tests/mcp"
  [ -f "$dir/package-lock.json" ] || return 0
  # A worktree that links node_modules to another checkout's shares it: npm ci would
  # empty the other checkout's copy through the link (a fresh checkout's lock file is
  # always newer than the installed one), so a link is left alone.
  [ -L "$dir/node_modules" ] && return 0
  if [ -d "$dir/node_modules" ] && ! [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    return 0
  fi
  echo "bootstrap: installing the MCP test client (npm ci --prefix tests/mcp)" >&2
  if ! npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error >/dev/null; then
    echo "bootstrap: npm ci failed; it needs the npm registry once. Try:" >&2
    echo "  npm ci --prefix tests/mcp" >&2
    exit 3
  fi
}

[ ${#missing[@]} -eq 0 ] && { mcp_client; exit 0; }

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
mcp_client
