#!/usr/bin/env bash
# Coverage of each fuzzed parser from its corpus (docs/crash-safety.md): every
# fuzz/corpora/NAME is replayed through NAME's target built with clang's
# source-based coverage, and llvm-cov reports the lines and branches reached in
# the files fuzz/parsers.map names for NAME: the parser of the format, not
# everything a run happens to touch. A target missing from the map fails.
#   fuzz-cov.sh BUILD/cov            (a build configured by `make fuzz-cov`)
# FUZZ_TARGETS names some targets only, as for fuzz-long.
set -uo pipefail
dir=${1:?usage: fuzz-cov.sh BUILD/cov}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A map entry is FILE, or FILE:REGEX for a file that holds more than the target's format
# (scad.c has CGX and SCR): only functions whose names match count.
parser_files() { sed -n "s/^$1: *//p" "$root/fuzz/parsers.map"; }

# Lines, missed lines, branches, missed branches of one map entry.
entry_counts() {
  local bin=$1 profile=$2 entry=$3 file=${3%%:*} regex=
  [ "$entry" != "$file" ] && regex=${entry#*:}
  if [ -z "$regex" ]; then
    # TOTAL regions missed cover functions missed exec lines missed cover branches missed cover
    llvm-cov report "$bin" -instr-profile="$profile" "$root/$file" 2>/dev/null |
      awk '/^TOTAL/ {print $8, $9, $11, $12}'
  else
    # name regions miss cover lines miss cover branches miss cover
    llvm-cov report "$bin" -instr-profile="$profile" -show-functions "$root/$file" 2>/dev/null |
      awk -v re="$regex" 'NF == 10 && $2 ~ /^[0-9]+$/ && $1 ~ re {l += $5; lm += $6; b += $8; bm += $9}
                          END {print l + 0, lm + 0, b + 0, bm + 0}'
  fi
}

percent() { awk -v n="$1" -v m="$2" 'BEGIN { if (n == 0) print "-"; else printf "%.2f%%", 100 * (n - m) / n }'; }

printf '%-20s %7s %15s %9s %s\n' target inputs "lines" branches files
status=0
for src in "$root"/fuzz/*_fuzzer.c; do
  name=$(basename "$src" _fuzzer.c)
  if [ -n "${FUZZ_TARGETS:-}" ] && ! grep -qw "$name" <<<"$FUZZ_TARGETS"; then continue; fi
  bin=$dir/fuzz/${name}_fuzzer_replay
  [ -x "$bin" ] || { echo "fuzz-cov: $bin is missing" >&2; status=1; continue; }
  read -ra entries <<<"$(parser_files "$name")"
  [ ${#entries[@]} -gt 0 ] || { echo "fuzz-cov: fuzz/parsers.map has no line for $name" >&2; status=1; continue; }
  LLVM_PROFILE_FILE="$work/$name.profraw" "$bin" "$root/fuzz/corpora/$name" >/dev/null 2>&1
  llvm-profdata merge -sparse "$work/$name.profraw" -o "$work/$name.profdata" || { status=1; continue; }
  lines=0 lmiss=0 br=0 bmiss=0
  for entry in "${entries[@]}"; do
    read -r l lm b bm <<<"$(entry_counts "$bin" "$work/$name.profdata" "$entry")"
    lines=$((lines + ${l:-0})) lmiss=$((lmiss + ${lm:-0})) br=$((br + ${b:-0})) bmiss=$((bmiss + ${bm:-0}))
  done
  printf '%-20s %7s %6s of %5s %9s %s\n' "$name" "$(ls "$root/fuzz/corpora/$name" | wc -l)" \
    "$(percent "$lines" "$lmiss")" "$lines" "$(percent "$br" "$bmiss")" "${entries[*]}"
done
exit $status
