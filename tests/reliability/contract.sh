#!/bin/sh
# Every test docs/crash-safety.md names still exists: the contract promises that
# each of its sentences is backed by a named test, so a renamed or deleted test
# must fail here instead of leaving a promise without proof.
#   - `module/name` must be a test this build registers (ctest -N);
#   - a test case name (snake case with two or more underscores) must appear in
#     the sources of the module named last before it (tests/MODULE/), as
#     the end of a name (cmocka's are test_FILE__CASE);
#   - a fuzz target name must have its fuzz/NAME_fuzzer.c.
root=${1:?usage: contract.sh SOURCE_DIR BUILD_DIR}
build=${2:?usage: contract.sh SOURCE_DIR BUILD_DIR}
doc=$root/docs/crash-safety.md
registered=$(ctest --test-dir "$build" -N 2>/dev/null | sed -n 's/^ *Test *#[0-9]*: //p')
[ -n "$registered" ] || { echo "contract: ctest lists no tests in $build"; exit 1; }

status=0 module= line_no=0 checked=0
while IFS= read -r line; do
  line_no=$((line_no + 1))
  # Backticked words of the line, in order.
  for token in $(printf '%s\n' "$line" | grep -o '`[^` ]*`' | tr -d '`'); do
    where="docs/crash-safety.md:$line_no"
    case $token in
    */*/* | *.* | */) continue ;; # paths (fuzz/corpora/NAME, fuzz/ledger.tsv), not tests
    [a-z]*/[a-z]*)
      module=${token%%/*}
      checked=$((checked + 1))
      printf '%s\n' "$registered" | grep -qx "$token" ||
        { echo "$where: names test '$token', which this build does not register"; status=1; } ;;
    *[!a-z0-9_]*) ;;
    *)
      checked=$((checked + 1))
      if [ -f "$root/fuzz/${token}_fuzzer.c" ]; then :
      elif [ "$(printf '%s' "$token" | tr -cd _ | wc -c)" -lt 2 ]; then checked=$((checked - 1))
      elif [ -z "$module" ]; then echo "$where: case '$token' comes before any test"; status=1
      elif ! grep -rqE -- "${token}([^a-z0-9_]|\$)" "$root/tests/$module"; then # test_FILE__case too
        echo "$where: names case '$token', which is not in tests/$module"; status=1
      fi ;;
    esac
  done
done <"$doc"
[ "$checked" -gt 20 ] || { echo "contract: only $checked names checked; is $doc still the contract?"; status=1; }
exit $status
