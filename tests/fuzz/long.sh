#!/usr/bin/env bash
# scripts/fuzz-long.sh with stand-in targets (fake_fuzzer.c): FUZZ_REMAINING runs only the
# targets short of their hour, for what each lacks; FUZZ_JOBS runs them side by side; a
# crash fails the run, keeps its input and writes a `failed` row; a signal to the script
# stops its running target as `stopped` and starts no other. (SIGTERM here: a script
# started in the background, as this one starts it, ignores SIGINT for good; the
# script traps both the same way.)
#   long.sh FAKE_FUZZER SOURCE_DIR
set -uo pipefail
fake=${1:?usage: long.sh FAKE_FUZZER SOURCE_DIR}
src=${2:?usage: long.sh FAKE_FUZZER SOURCE_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "fuzz/long: $*"; status=1; }

mkdir -p "$tmp/bin" "$tmp/root/fuzz/corpora"
for t in asm batch_line bps_apply; do ln -s "$fake" "$tmp/bin/${t}_fuzzer"; done
ledger=$tmp/root/fuzz/ledger.tsv
printf 'date\tcommit\ttarget\tseconds\texecutions\tedges\tcorpus\tresult\n' >"$ledger"
row() { printf '2026-01-01T00:00:00Z\tabc\t%s\t%s\t10\t5\t1\t%s\n' "$1" "$2" "$3" >>"$ledger"; }
row asm 3600 clean          # had its hour
row batch_line 3598 stopped # lacks two seconds
row bps_apply 3599 failed   # a failed run counts for nothing: lacks the whole hour
export FUZZ_ROOT=$tmp/root FAKE_FUZZER_LOG=$tmp/events FUZZ_TARGETS="asm batch_line bps_apply"
fuzz_long() { "$src/scripts/fuzz-long.sh" "$tmp/bin" >"$tmp/out" 2>&1; }
rows() { grep -c . "$ledger"; }

# What is left, at most FUZZ_SECONDS each, two at a time (batch_line's 2 s inside bps_apply's 4).
FUZZ_REMAINING=1 FUZZ_SECONDS=4 FUZZ_JOBS=2 fuzz_long || fail "a clean plan failed: $(cat "$tmp/out")"
grep -q '^asm ' "$tmp/events" && fail "asm ran though it had its hour"
grep -q '^batch_line start 2 ' "$tmp/events" || fail "batch_line did not run for the 2 s it lacks"
grep -q '^bps_apply start 4 ' "$tmp/events" || fail "bps_apply did not run for FUZZ_SECONDS (4), the cap"
b_start=$(awk '$1 == "bps_apply" && $2 == "start" { print $4 }' "$tmp/events")
a_end=$(awk '$1 == "batch_line" && $2 == "end" { print $4 }' "$tmp/events")
[ -n "$b_start" ] && [ -n "$a_end" ] && [ "$b_start" -lt "$a_end" ] ||
  fail "FUZZ_JOBS=2 ran the targets one after the other"
# (the seconds column is wall-clock time in whole seconds, so a loaded machine may add one)
[ "$(tail -2 "$ledger" | cut -f3,5,8 | sort | tr '\t\n' ' ')" = "batch_line 200 clean bps_apply 400 clean " ] ||
  fail "the new rows are not the two clean runs: $(tail -2 "$ledger")"
ran=$(awk -F'\t' '$3 == "bps_apply" && $8 == "clean" { s += $4 } END { print s }' "$ledger")
"$src/scripts/fuzz-hours.sh" --lacking "$ledger" | grep -q "^bps_apply $((3600 - ran))\$" ||
  fail "fuzz-hours does not count bps_apply's $ran s toward its hour"

# libFuzzer takes 0 seconds as no limit: refused before anything runs.
: >"$tmp/events"
FUZZ_SECONDS=0 fuzz_long; rc=$?
[ $rc = 2 ] && grep -q "FUZZ_SECONDS='0' is not a whole number above 0" "$tmp/out" ||
  fail "FUZZ_SECONDS=0 was not refused (exit $rc): $(cat "$tmp/out")"
[ -s "$tmp/events" ] && fail "a target ran with FUZZ_SECONDS=0"

# A crash: the run fails, the input is kept, the row says failed.
before=$(rows)
FAKE_FUZZER_CRASH=asm FUZZ_TARGETS=asm FUZZ_SECONDS=1 fuzz_long && fail "a crashing target did not fail the run"
[ -f "$tmp/root/fuzz/artifacts/asm-crash-fake" ] || fail "the crash input was not kept in fuzz/artifacts"
[ "$(rows)" = $((before + 1)) ] && tail -1 "$ledger" | grep -q "	asm	.*	failed$" ||
  fail "no failed row for the crash: $(tail -1 "$ledger")"
grep -q 'asm FAILED' "$tmp/out" || fail "the crash was not reported"

# SIGTERM to the script alone (it forwards the stop to the fuzzer): the target stops, the rest never starts.
: >"$tmp/events"
before=$(rows)
FUZZ_SECONDS=60 FUZZ_TARGETS="batch_line bps_apply" "$src/scripts/fuzz-long.sh" "$tmp/bin" >"$tmp/out" 2>&1 &
pid=$!
for _ in $(seq 200); do grep -q ' start ' "$tmp/events" 2>/dev/null && break; sleep 0.05; done
kill -TERM $pid
for _ in $(seq 200); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
if kill -0 $pid 2>/dev/null; then
  fail "fuzz-long still runs 10 s after SIGTERM"; kill -KILL $pid
else
  wait $pid; rc=$?
  [ $rc = 130 ] || fail "an interrupted run exits $rc, not 130"
fi
grep -q '^batch_line stop ' "$tmp/events" || fail "the running target was not stopped: $(cat "$tmp/events")"
grep -q '^bps_apply' "$tmp/events" && fail "a target started after SIGTERM"
[ "$(rows)" = $((before + 1)) ] && tail -1 "$ledger" | grep -q "	batch_line	.*	stopped$" ||
  fail "no stopped row for the interrupted target: $(tail -1 "$ledger")"
exit $status
