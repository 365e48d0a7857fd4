#!/usr/bin/env bash
# IT-09 parallel groups, under xvfb-run: tests/gui/parallel.yaml's two parallel groups each run on
# a yaze the runner starts (its own pid, socket and ROM copy), the serial tests on ours; outcomes
# come back in suite order; the serial group that depends on both starts after both ended; --jobs 1
# runs the groups one after the other; nothing the runner started outlives it, also on SIGINT.
#   parallel_test.sh Z3ED YAZE SAMPLE SRC_DIR
set -euo pipefail
z3ed=$1 yaze=$2 sample=$(realpath "$3") src=$4
tmp=$(mktemp -d)
sock=$tmp/h.sock
mkdir "$tmp/t"
export TMPDIR=$tmp/t # the runner's yaze folders go here, so "nothing left" is checkable
cp "$sample" "$tmp/parallel.sfc"
XDG_DATA_HOME=$tmp/data "$yaze" --harness "$sock" --headless "$tmp/parallel.sfc" >"$tmp/yaze.out" 2>"$tmp/yaze.err" &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
for _ in $(seq 600); do "$z3ed" gui ping --socket "$sock" >/dev/null 2>&1 && break; sleep 0.05; done
fail() { echo "parallel_test: $*" >&2; exit 1; }
nothing_left() { # no folder under $TMPDIR, no yaze of the run alive
  [ -z "$(ls -A "$tmp/t")" ] || fail "$1: left behind: $(ls -A "$tmp/t")"
  for p in $(jq -r --argjson serial "$pid" '.result.tests[].pid | select(. != $serial)' "$2" | sort -u); do
    ! kill -0 "$p" 2>/dev/null || fail "$1: yaze $p still runs"
  done
}

run_suite() { # JOBS OUT
  "$z3ed" test suite run --suite "$src/tests/gui/parallel.yaml" --socket "$sock" --yaze "$yaze" --jobs "$1" \
    --junit "$2.xml" --format json >"$2.json" || { cat "$2.json"; fail "the parallel suite did not pass with --jobs $1"; }
  xmllint --noout --schema "$src/tests/gui/junit.xsd" "$2.xml"
  jq -e '.result.passed == 5 and .result.failed == 0 and .result.errors == 0' "$2.json" >/dev/null || fail "counts in $2.json"
  # suite order, whichever group ended first
  [ "$(jq -c '[.result.tests[].name]' "$2.json")" = \
    '["serial-window","palette-edit-saved","palette-edit-kept","overworld-paint-saved","serial-rom-untouched"]' ] || fail "not in suite order"
  # the serial tests on our yaze, each parallel group on one yaze of its own
  jq -e --argjson serial "$pid" '.result.tests as $t | ($t[0].pid == $serial) and ($t[4].pid == $serial)
      and ($t[1].pid == $t[2].pid) and ($t[1].pid != $serial) and ($t[3].pid != $serial) and ($t[1].pid != $t[3].pid)
      and ($t[1].socket != $t[3].socket) and ($t[1].socket != $t[0].socket)' "$2.json" >/dev/null || fail "instances in $2.json"
  # 'after' depends on both parallel groups: it starts once both have ended
  jq -e '.result.tests as $t | ([$t[1,2,3] | .started_ms + .time_ms] | max) <= $t[4].started_ms' "$2.json" >/dev/null \
    || fail "the dependent group did not wait"
  nothing_left "--jobs $1" "$2.json"
}

start=$(date +%s%N)
run_suite 2 "$tmp/two"
echo "parallel suite, --jobs 2: $(( ($(date +%s%N) - start) / 1000000 )) ms"
# --jobs 1: one runner-started yaze at a time, so the overworld group starts after the palette group ended
run_suite 1 "$tmp/one"
jq -e '.result.tests as $t | ([$t[1,2] | .started_ms + .time_ms] | max) <= $t[3].started_ms
       or ($t[3].started_ms + $t[3].time_ms) <= ([$t[1,2] | .started_ms] | min)' "$tmp/one.json" >/dev/null || fail "--jobs 1 overlapped the groups"
# the serial ROM was never edited; the edits went to the copies
cmp -s "$sample" "$tmp/parallel.sfc" || fail "the serial yaze's ROM changed"

# SIGINT while a parallel group's yaze is up: it is killed and its folder removed
printf 'name: hang\ngroups:\n  - name: slow\n    parallel: true\n    start: {rom: %s, editor: messages}\ntests:\n  - name: waits\n    group: slow\n    steps:\n      - wait: {condition: text, target: status, equals: "never", timeout_ms: 60000}\n' \
  "$sample" >"$tmp/hang.yaml"
set -m # job control: the background runner gets SIGINT as a foreground one would, not ignored
"$z3ed" test suite run --suite "$tmp/hang.yaml" --yaze "$yaze" >/dev/null 2>&1 &
runner=$!
set +m
hung=
for _ in $(seq 1200); do # its yaze answers once the group's step is in its Wait
  hung=$(ls -d "$tmp"/t/z3ed-suite-* 2>/dev/null | head -1 || true)
  # status, not ping: a step such as Ping waits behind the group's pending Wait
  [ -n "$hung" ] && [ -S "$hung/h.sock" ] && [[ "$("$z3ed" gui status --socket "$hung/h.sock" --format json 2>/dev/null || true)" == *'"editor": "messages"'* ]] && break
  sleep 0.05
done
[ -n "$hung" ] || fail "the hanging group's yaze never started"
sleep 0.5
kill -INT "$runner"
set +e
wait "$runner"
rc=$?
set -e
[ $rc -eq 130 ] || fail "the interrupted runner exited $rc, not 130"
[ -z "$(ls -A "$tmp/t")" ] || fail "SIGINT left $(ls -A "$tmp/t")"
! pgrep -f -- "$hung/h.sock" >/dev/null || fail "SIGINT left its yaze running"

# a yaze that cannot start: the error names the test and says what that yaze said
printf '#!/bin/sh\necho "yaze: cannot open display :99" >&2\nexit 3\n' >"$tmp/fake-yaze"
chmod +x "$tmp/fake-yaze"
set +e
said=$("$z3ed" test suite run --suite "$tmp/hang.yaml" --yaze "$tmp/fake-yaze" 2>&1)
rc=$?
set -e
[ $rc -eq 2 ] || fail "a yaze that did not start: exit $rc, not 2"
[[ "$said" == *"the first, 'waits'"*"exited (status 3) before its harness answered: yaze: cannot open display :99"* ]] \
  || fail "a yaze that did not start: $said"

"$z3ed" gui shutdown --socket "$sock" >/dev/null
wait "$pid" || fail "yaze exited $?"
echo "1 passed, 0 failed"
