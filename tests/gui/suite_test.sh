#!/usr/bin/env bash
# IT-09 end to end, under xvfb-run: one yaze --harness for every run; the editors suite
# (tests/gui/editors.yaml) must pass in CI mode with valid JUnit; a suite with every outcome
# exits 1, one with a refused step exits 2, a broken file exits 2 naming its line.
#   suite_test.sh Z3ED YAZE SAMPLE SRC_DIR
set -euo pipefail
z3ed=$1 yaze=$2 sample=$3 src=$4
tmp=$(mktemp -d)
sock=$tmp/h.sock
cp "$sample" "$tmp/editors.sfc"
XDG_DATA_HOME=$tmp/data "$yaze" --harness "$sock" --headless "$tmp/editors.sfc" >"$tmp/yaze.out" 2>"$tmp/yaze.err" &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
for _ in $(seq 600); do "$z3ed" gui ping --socket "$sock" >/dev/null 2>&1 && break; sleep 0.05; done
fail() { echo "suite_test: $*" >&2; exit 1; }

start=$(date +%s%N)
"$z3ed" test suite run --suite "$src/tests/gui/editors.yaml" --socket "$sock" --ci-mode --junit "$tmp/editors.xml" --format json >"$tmp/editors.json" \
  || { cat "$tmp/editors.json"; fail "the editors suite did not pass"; }
echo "editors suite: $(( ($(date +%s%N) - start) / 1000000 )) ms"
xmllint --noout --schema "$src/tests/gui/junit.xsd" "$tmp/editors.xml"
grep -q '"failed": 0' "$tmp/editors.json" || fail "failures in editors.json"
tests=$(grep -c '<testcase ' "$tmp/editors.xml")
[ "$tests" -ge 20 ] || fail "only $tests tests in the editors suite"
for group in window overworld dungeon graphics palettes messages emulator proposals; do
  grep -q "<testsuite name=\"$group\"" "$tmp/editors.xml" || fail "no $group tests"
done

set +e
"$z3ed" test suite run --suite "$src/tests/gui/fixtures/outcomes.yaml" --socket "$sock" --ci-mode --retries 1 --junit "$tmp/outcomes.xml" --report-dir "$tmp/reports" --format json >"$tmp/outcomes.json" 2>/dev/null
rc=$?
set -e
[ $rc -eq 1 ] || fail "outcomes.yaml exited $rc, not 1"
xmllint --noout --schema "$src/tests/gui/junit.xsd" "$tmp/outcomes.xml"
for want in '"passed": 2' '"failed": 1' '"skipped": 2' '"flaky": 1' '"errors": 0'; do
  grep -q "$want" "$tmp/outcomes.json" || { cat "$tmp/outcomes.json"; fail "outcomes: no $want"; }
done
grep -q '<failure message="line 10: Assert text of status: expected &quot;never shown&quot;' "$tmp/outcomes.xml" || fail "no failure message"
grep -q "<skipped message=\"depends on 'fails', which did not pass\"" "$tmp/outcomes.xml" || fail "no skipped dependency"
grep -q '<system-out>flaky: passed after 2 tries</system-out>' "$tmp/outcomes.xml" || fail "no flaky note"
# IT-08: the failed test's report: a non-empty screenshot, the widget tree, the action log, HTML
report=$tmp/reports/fails
[ -s "$report/screen.png" ] && [ -s "$report/index.html" ] || fail "no report files in $report"
[ "$(head -c 8 "$report/screen.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] || fail "screen.png is not a PNG"
jq -e '(.widgets | length) > 10 and .actions[0].outcome == "failed" and .actions[0].detail.actual != null' "$report/report.json" >/dev/null \
  || fail "report.json lacks widgets or the failed action"
grep -q 'expected &quot;never shown&quot;' "$report/index.html" || fail "index.html lacks the failure"
[ ! -e "$tmp/reports/passes" ] || fail "a report for a passing test"

set +e
"$z3ed" test suite run --suite "$src/tests/gui/fixtures/error.yaml" --socket "$sock" --junit "$tmp/error.xml" >/dev/null 2>&1
rc=$?
printf 'name: x\ntests:\n  - name: a\n    steps:\n      - paint: {}\n' >"$tmp/bad.yaml"
"$z3ed" test suite run --suite "$tmp/bad.yaml" --socket "$sock" 2>"$tmp/bad.err"
rc_bad=$?
set -e
[ $rc -eq 2 ] || fail "error.yaml exited $rc, not 2"
grep -q '<error message="line 6: Click: no widget' "$tmp/error.xml" || fail "no error element"
[ $rc_bad -eq 2 ] || fail "a bad suite exited $rc_bad, not 2"
grep -q "bad.yaml:5:9: test 'a' step 1: unknown step 'paint'" "$tmp/bad.err" || { cat "$tmp/bad.err"; fail "bad suite message"; }

"$z3ed" gui shutdown --socket "$sock" >/dev/null
wait "$pid" || { cat "$tmp/yaze.err" >&2; fail "yaze exited $?"; }
[ ! -e "$sock" ] || fail "socket left behind"
echo "1 passed, 0 failed"
