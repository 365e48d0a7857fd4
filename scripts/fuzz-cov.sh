#!/usr/bin/env bash
# Coverage of each fuzzed parser from its corpus (docs/crash-safety.md): every
# fuzz/corpora/NAME is replayed through NAME's target built with clang's
# source-based coverage, and llvm-cov reports the lines and branches reached in
# the files fuzz/parsers.map names for NAME: the parser of the format, not
# everything a run happens to touch. A target missing from the map fails.
#   fuzz-cov.sh BUILD/cov            (a build configured by `make fuzz-cov`)
set -uo pipefail
dir=${1:?usage: fuzz-cov.sh BUILD/cov}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

parser_files() { sed -n "s/^$1: *//p" "$root/fuzz/parsers.map" | tr ' ' '\n' | sed "/^$/d; s|^|$root/|"; }

printf '%-20s %7s %13s %9s %s\n' target inputs "lines" branches files
status=0
for src in "$root"/fuzz/*_fuzzer.c; do
  name=$(basename "$src" _fuzzer.c)
  bin=$dir/fuzz/${name}_fuzzer_replay
  [ -x "$bin" ] || { echo "fuzz-cov: $bin is missing" >&2; status=1; continue; }
  mapfile -t files < <(parser_files "$name")
  [ ${#files[@]} -gt 0 ] || { echo "fuzz-cov: fuzz/parsers.map has no line for $name" >&2; status=1; continue; }
  LLVM_PROFILE_FILE="$work/$name.profraw" "$bin" "$root/fuzz/corpora/$name" >/dev/null 2>&1
  llvm-profdata merge -sparse "$work/$name.profraw" -o "$work/$name.profdata" || { status=1; continue; }
  total=$(llvm-cov report "$bin" -instr-profile="$work/$name.profdata" "${files[@]}" 2>/dev/null | grep '^TOTAL')
  # TOTAL regions missed cover functions missed exec lines missed cover branches missed cover
  read -r _ _ _ _ _ _ _ lines lmiss lcov br bmiss bcov <<<"$total"
  printf '%-20s %7s %5s of %5s %9s %s\n' "$name" "$(ls "$root/fuzz/corpora/$name" | wc -l)" \
    "$lcov" "$lines" "$bcov" "$(printf '%s ' "${files[@]#"$root"/}")"
  : "$lmiss" "$br" "$bmiss"
done
exit $status
