#!/usr/bin/env bash
# Long fuzzing (docs/crash-safety.md): every libFuzzer target (or those named in
# FUZZ_TARGETS) for FUZZ_SECONDS each (default 3600), with a dictionary for the
# text formats, starting from fuzz/corpora/NAME. New inputs are merged back into
# fuzz/corpora/NAME with libFuzzer's -merge=1: only those that reach edges the
# corpus does not, so the corpora grow by what finds new coverage and the
# hand-named seeds stay.
# A crash stops that target; its input is copied to fuzz/artifacts/ to become a
# regression seed once fixed. Prints executions and edge coverage per target and
# appends them to fuzz/ledger.tsv, so hours spent over several sessions add up per
# target (and each row names the commit it fuzzed).
# FUZZ_REMAINING=1 runs only the targets short of their hour, each for the seconds it
# lacks (scripts/fuzz-hours.sh --lacking; FUZZ_SECONDS then caps each run).
# FUZZ_JOBS=N runs N targets at a time (default 1; give each its own core).
# Ctrl-C (SIGINT or SIGTERM) stops the running targets as a clean stop: their new
# inputs are merged and their rows written as `stopped`, and no further target starts.
# FUZZ_ROOT puts the corpora, dictionaries and ledger under another tree (the tests').
#   fuzz-long.sh BUILD/fuzz
set -uo pipefail
dir=${1:?usage: fuzz-long.sh BUILD/fuzz}
here=$(cd "$(dirname "$0")" && pwd)
root=${FUZZ_ROOT:-$(cd "$here/.." && pwd)}
lanes=${FUZZ_JOBS:-1}
# libFuzzer reads -max_total_time=0 as "no limit": a typo must not become an endless run
for v in FUZZ_SECONDS FUZZ_JOBS; do
  case ${!v:-1} in '' | *[!0-9]* | 0*) echo "fuzz-long: $v='${!v}' is not a whole number above 0" >&2; exit 2 ;; esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

dict_for() {
  case $1 in
    overworld_json | room_json | message_bundle_json | mcp_message | llm_response | batch_line | overlay_code | debug_rpc \
      | conversation | manifest_read | cpu_vectors | spc_vectors | palfile_read) echo json ;;
    policy_parse | suite_parse) echo yaml ;;
    script_parse | project_manifest) echo toml ;;
    asm) echo asm ;;
    code_scan) echo code ;;
    cmd_parse) echo cmd ;;
    debug_condition) echo condition ;;
    http_request) echo http ;;
  esac
}

ledger=$root/fuzz/ledger.tsv
[ -f "$ledger" ] || printf 'date\tcommit\ttarget\tseconds\texecutions\tedges\tcorpus\tresult\n' >"$ledger"

# The targets to run and for how long, one `NAME SECONDS` per line.
plan() {
  local bin name lack
  if [ "${FUZZ_REMAINING:-0}" = 1 ]; then
    "$here/fuzz-hours.sh" --lacking "$ledger" | while read -r name lack; do
      [ -x "$dir/${name}_fuzzer" ] || { echo "fuzz-long: no $dir/${name}_fuzzer to run" >&2; continue; }
      echo "$name $(( ${FUZZ_SECONDS:-$lack} < lack ? ${FUZZ_SECONDS:-$lack} : lack ))"
    done
  else
    for bin in "$dir"/*_fuzzer; do echo "$(basename "$bin" _fuzzer) ${FUZZ_SECONDS:-3600}"; done
  fi | while read -r name lack; do
    if [ -z "${FUZZ_TARGETS:-}" ] || grep -qw "$name" <<<"$FUZZ_TARGETS"; then echo "$name $lack"; fi
  done
}

# One target for SECONDS: fuzz, keep a crash's input, merge, write its ledger row.
# Runs in a lane of its own (a background subshell), so a failure is marked by a file.
run_target() {
  local name=$1 seconds=$2 bin=$dir/${1}_fuzzer
  local corpus=$root/fuzz/corpora/$name dict result=clean began commit pid ran execs edges files
  # A Ctrl-C or SIGTERM to the whole group stops the fuzzer, not the lane that records it
  # (a subshell would otherwise take the default action, the main script's traps reset).
  trap '' INT TERM
  mkdir -p "$corpus" "$work/$name"
  cp -r "$corpus/." "$work/$name/"
  dict=$(dict_for "$name")
  # libFuzzer's timeout is wall-clock time, and long runs go niced beside other work: a
  # runaway assembler loop stopped at its bound takes 4 s instrumented on an idle core and
  # took 26 s beside a build. 120 s still stops a real hang.
  local args=(-max_total_time="$seconds" -rss_limit_mb=2048 -timeout=120 -print_final_stats=1
              -artifact_prefix="$work/$name-")
  [ -n "$dict" ] && args+=(-dict="$root/fuzz/dicts/$dict.dict")
  began=$(date +%s)
  # the commit each target starts on: a queue of hours outlives several commits
  commit=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
  "$bin" "${args[@]}" "$work/$name" >"$work/$name.log" 2>&1 &
  pid=$!
  echo "$pid" >"$work/$name.pid"
  wait "$pid" || result=failed
  rm -f "$work/$name.pid"
  # Stopped by hand (SIGINT: libFuzzer says so and exits 72): nothing found, only cut
  # short, so its seconds count toward the hour as a clean run's do.
  if [ $result = failed ] && grep -q 'libFuzzer: run interrupted' "$work/$name.log"; then
    result=stopped
  elif [ $result = failed ]; then
    { echo "fuzz-long: $name FAILED; last lines:"; tail -40 "$work/$name.log"; } >&2
    mkdir -p "$root/fuzz/artifacts"
    cp "$work/$name-"* "$root/fuzz/artifacts/" 2>/dev/null || true
    touch "$work/failed"
  fi
  ran=$(( $(date +%s) - began ))  # a failure stops a target early: the ledger counts what ran
  # only inputs that reach edges the corpus does not are added; the named seeds stay
  "$bin" -merge=1 -rss_limit_mb=2048 "$corpus" "$work/$name" >"$work/$name.merge" 2>&1
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$name.log" | grep -o '[0-9]*$')
  edges=$(grep -o 'cov: [0-9]*' "$work/$name.log" | tail -1 | grep -o '[0-9]*$')
  files=$(ls "$corpus" | wc -l)
  # lanes share the terminal and the ledger: each writes its lines whole, under a lock
  {
    flock 9
    printf '%-22s %8s %12s %10s %8s %s\n' "$name" "$ran" "${execs:-?}" \
      "$([ -n "${execs:-}" ] && echo $((execs / (ran > 0 ? ran : 1))) || echo ?)" "${edges:-?}" "$files files"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$commit" "$name" "$ran" \
      "${execs:-?}" "${edges:-?}" "$files" "$result" >>"$ledger"
  } 9>"$work/lock"
}

# Forwarded by hand, so that a signal to the script alone stops the fuzzers too (a Ctrl-C
# reaches them directly as well: libFuzzer handles SIGINT even when started ignoring it).
stopping=0
stop_all() {
  stopping=1
  local f
  for f in "$work"/*.pid; do [ -f "$f" ] && kill -INT "$(cat "$f")" 2>/dev/null; done
}
trap stop_all INT TERM

running() { jobs -rp | wc -l; }
printf '%-22s %8s %12s %10s %8s %s\n' target seconds executions exec/s edges corpus
while read -r name seconds; do
  while [ "$stopping" = 0 ] && [ "$(running)" -ge "$lanes" ]; do wait -n; done
  [ "$stopping" = 1 ] && break
  run_target "$name" "$seconds" &
done < <(plan)
# a trapped signal ends a wait early: wait again until every lane has written its row
while [ "$(running)" -gt 0 ]; do wait; done
[ "$stopping" = 1 ] && exit 130
[ ! -e "$work/failed" ]
