#!/bin/sh
# fuzz/parsers.map (what `make fuzz-cov` reports coverage of) names every fuzz
# target once, and every file it names exists (FILE:REGEX: the file before the colon);
# fuzz/ledger.tsv names only targets that exist.
root=${1:?usage: parsers_map.sh SOURCE_DIR}
status=0
for src in "$root"/fuzz/*_fuzzer.c; do
  name=$(basename "$src" _fuzzer.c)
  n=$(grep -c "^$name:" "$root/fuzz/parsers.map")
  [ "$n" = 1 ] || { echo "fuzz/parsers.map: '$name' has $n lines, not 1"; status=1; }
done
grep -v '^#' "$root/fuzz/parsers.map" | while IFS=: read -r name files; do
  [ -f "$root/fuzz/${name}_fuzzer.c" ] || { echo "fuzz/parsers.map: no fuzz target '$name'"; exit 1; }
  for f in $files; do [ -f "$root/${f%%:*}" ] || { echo "fuzz/parsers.map: $name names missing ${f%%:*}"; exit 1; }; done
done || status=1
# Every row of fuzz/ledger.tsv names a target (a misspelt one would count toward no hour).
"$root/scripts/fuzz-hours.sh" >/dev/null || status=1
exit $status
