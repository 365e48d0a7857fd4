#!/usr/bin/env bash
# Runs every libFuzzer target briefly from a copy of its corpus (so nothing new
# lands in the repository). FUZZ_SECONDS sets the time per target (default 20).
# Targets run FUZZ_JOBS at a time (default: one per core, at most 4, as each may use
# up to its 2 GiB RSS limit); each is one process on one core, so running them side by
# side gives each the same time as running them in turn, and CI waits a half or less.
set -euo pipefail
dir=${1:?usage: fuzz-smoke.sh BUILD/fuzz}
seconds=${FUZZ_SECONDS:-20}
cores=$(nproc 2>/dev/null || echo 1)
jobs=${FUZZ_JOBS:-$((cores < 4 ? cores : 4))}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One target; its verdict goes to $work/NAME.result so the pool can run it in the background.
smoke_one() {
  local bin=$1 name
  name=$(basename "$bin" _fuzzer)
  mkdir -p "$work/$name"
  cp -r "$root/fuzz/corpora/$name/." "$work/$name/" 2>/dev/null || true
  if "$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -artifact_prefix="$work/$name-" \
       -print_final_stats=1 "$work/$name" > "$work/$name.log" 2>&1; then
    echo clean > "$work/$name.result"
  else
    echo failed > "$work/$name.result"
  fi
}

report_one() {
  local name=$1
  if [ "$(cat "$work/$name.result" 2>/dev/null)" = clean ]; then
    grep -E 'stat::number_of_executed_units' "$work/$name.log" | sed "s/^/fuzz-smoke: $name /" || true
    return 0
  fi
  echo "fuzz-smoke: $name FAILED; last lines:" >&2
  tail -40 "$work/$name.log" >&2
  mkdir -p "$root/fuzz/artifacts"
  cp "$work/$name-"* "$root/fuzz/artifacts/" 2>/dev/null || true
  return 1
}

echo "fuzz-smoke: every target for ${seconds}s, $jobs at a time"
names=()
for bin in "$dir"/*_fuzzer; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  names+=("$(basename "$bin" _fuzzer)")
  smoke_one "$bin" &
done
wait

status=0
for name in "${names[@]}"; do report_one "$name" || status=1; done
[ $status -eq 0 ] && echo "fuzz-smoke: all targets ran clean"
exit $status
