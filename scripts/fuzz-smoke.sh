#!/usr/bin/env bash
# Runs every libFuzzer target briefly from a copy of its corpus (so nothing new
# lands in the repository). FUZZ_SECONDS sets the time per target (default 20).
set -euo pipefail
dir=${1:?usage: fuzz-smoke.sh BUILD/fuzz}
seconds=${FUZZ_SECONDS:-20}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for bin in "$dir"/*_fuzzer; do
  name=$(basename "$bin" _fuzzer)
  mkdir -p "$work/$name"
  cp -r "$root/fuzz/corpora/$name/." "$work/$name/" 2>/dev/null || true
  echo "fuzz-smoke: $name for ${seconds}s"
  if ! "$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -artifact_prefix="$work/$name-" \
       -print_final_stats=1 "$work/$name" > "$work/$name.log" 2>&1; then
    echo "fuzz-smoke: $name FAILED; last lines:" >&2
    tail -40 "$work/$name.log" >&2
    mkdir -p "$root/fuzz/artifacts"
    cp "$work/$name-"* "$root/fuzz/artifacts/" 2>/dev/null || true
    status=1
  else
    grep -E 'stat::number_of_executed_units' "$work/$name.log" | sed "s/^/fuzz-smoke: $name /" || true
  fi
done
[ $status -eq 0 ] && echo "fuzz-smoke: all targets ran clean"
exit $status
