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
#   fuzz-long.sh BUILD/fuzz
set -uo pipefail
dir=${1:?usage: fuzz-long.sh BUILD/fuzz}
seconds=${FUZZ_SECONDS:-3600}
root=$(cd "$(dirname "$0")/.." && pwd)
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

status=0
printf '%-22s %8s %12s %10s %8s %s\n' target seconds executions exec/s edges corpus
for bin in "$dir"/*_fuzzer; do
  name=$(basename "$bin" _fuzzer)
  if [ -n "${FUZZ_TARGETS:-}" ] && ! grep -qw "$name" <<<"$FUZZ_TARGETS"; then continue; fi
  corpus=$root/fuzz/corpora/$name
  mkdir -p "$corpus" "$work/$name"
  cp -r "$corpus/." "$work/$name/"
  dict=$(dict_for "$name")
  # libFuzzer's timeout is wall-clock time, and long runs go niced beside other work: a
  # runaway assembler loop stopped at its bound takes 4 s instrumented on an idle core and
  # took 26 s beside a build. 120 s still stops a real hang.
  args=(-max_total_time="$seconds" -rss_limit_mb=2048 -timeout=120 -print_final_stats=1
        -artifact_prefix="$work/$name-")
  [ -n "$dict" ] && args+=(-dict="$root/fuzz/dicts/$dict.dict")
  result=clean
  began=$(date +%s)
  # the commit each target starts on: a queue of hours outlives several commits
  commit=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
  if ! "$bin" "${args[@]}" "$work/$name" >"$work/$name.log" 2>&1; then
    result=failed
  fi
  # Stopped by hand (SIGINT: libFuzzer says so and exits 72): nothing found, only cut
  # short, so its seconds count toward the hour as a clean run's do.
  if [ $result = failed ] && grep -q 'libFuzzer: run interrupted' "$work/$name.log"; then
    result=stopped
  elif [ $result = failed ]; then
    echo "fuzz-long: $name FAILED; last lines:" >&2
    tail -40 "$work/$name.log" >&2
    mkdir -p "$root/fuzz/artifacts"
    cp "$work/$name-"* "$root/fuzz/artifacts/" 2>/dev/null || true
    status=1
  fi
  ran=$(( $(date +%s) - began ))  # a failure stops a target early: the ledger counts what ran
  # only inputs that reach edges the corpus does not are added; the named seeds stay
  "$bin" -merge=1 -rss_limit_mb=2048 "$corpus" "$work/$name" >"$work/$name.merge" 2>&1
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$name.log" | grep -o '[0-9]*$')
  edges=$(grep -o 'cov: [0-9]*' "$work/$name.log" | tail -1 | grep -o '[0-9]*$')
  files=$(ls "$corpus" | wc -l)
  printf '%-22s %8s %12s %10s %8s %s\n' "$name" "$ran" "${execs:-?}" \
    "$([ -n "${execs:-}" ] && echo $((execs / (ran > 0 ? ran : 1))) || echo ?)" "${edges:-?}" "$files files"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$commit" "$name" "$ran" \
    "${execs:-?}" "${edges:-?}" "$files" "$result" >>"$ledger"
done
exit $status
