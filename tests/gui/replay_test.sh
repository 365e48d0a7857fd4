#!/usr/bin/env bash
# IT-05 and IT-07 end to end, under xvfb-run, through z3ed's commands: a session is recorded,
# undone, replayed by yaze to the same end state (ROM CRC-32, undo depth) and by the suite
# runner; a replay from the wrong start state reports its divergences; queued tests answer
# with an id at once and report status, timings and assertion details.
#   replay_test.sh Z3ED YAZE SAMPLE SRC_DIR
set -euo pipefail
z3ed=$1 yaze=$2 sample=$3 src=$4
tmp=$(mktemp -d)
sock=$tmp/h.sock
cp "$sample" "$tmp/replay.sfc"
XDG_DATA_HOME=$tmp/data "$yaze" --harness "$sock" --headless "$tmp/replay.sfc" >"$tmp/yaze.out" 2>"$tmp/yaze.err" &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
for _ in $(seq 600); do "$z3ed" gui ping --socket "$sock" >/dev/null 2>&1 && break; sleep 0.05; done
fail() { echo "replay_test: $*" >&2; exit 1; }
gui() { "$z3ed" gui "$@" --socket "$sock"; }
crc() { gui state --format json | jq -r .result.rom_crc32; }
crc0=$(crc)

# ---- IT-07: record a palette edit, with a wait, then stop: a suite with the end state ----
gui record --out "$tmp/session.yaml" --name palette-edit --format json | jq -e '.result.recording' >/dev/null
gui click --editor palettes >/dev/null
gui wait --condition visible --target pal-apply --timeout 2000 >/dev/null
gui type --target pal-value --text '$7FFF' >/dev/null
gui click --target pal-apply >/dev/null
gui assert --condition contains --target pal-info --equals '#FFFFFF' >/dev/null
crc1=$(crc)
gui record --stop --format json >"$tmp/stop.json"
jq -e '.result.actions == 5' "$tmp/stop.json" >/dev/null || { cat "$tmp/stop.json"; fail "not 5 actions recorded"; }
grep -q '^      - wait: {"condition":"visible","target":"pal-apply","timeout_ms":2000}$' "$tmp/session.yaml" || { cat "$tmp/session.yaml"; fail "no wait in the script"; }
grep -q '"condition":"undo-depth","equals":1}' "$tmp/session.yaml" || fail "no end-state undo depth"
grep -q "\"condition\":\"rom-crc32\",\"equals\":\"$crc1\"" "$tmp/session.yaml" || { cat "$tmp/session.yaml"; fail "no end-state CRC $crc1"; }
[ "$crc0" != "$crc1" ] || fail "the edit did not change the ROM"
set +e
gui record --stop >/dev/null 2>"$tmp/stop2.err"; rc=$?
set -e
[ $rc -ne 0 ] && grep -q 'not recording' "$tmp/stop2.err" || fail "a second stop did not say 'not recording'"

# ---- replayed by yaze from the start state: the same end state, no divergence ----
gui click --action win.undo >/dev/null
gui assert --condition rom-crc32 --equals "$crc0" >/dev/null || fail "undo did not restore the ROM"
gui replay --script "$tmp/session.yaml" --format json >"$tmp/replay.json" || { cat "$tmp/replay.json"; fail "the replay diverged"; }
jq -e '.result.status == "passed" and (.result.divergences | length) == 0 and (.result.results | length) == 8' "$tmp/replay.json" >/dev/null \
  || { cat "$tmp/replay.json"; fail "replay results"; }
gui assert --condition rom-crc32 --equals "$crc1" >/dev/null || fail "the replay did not reach the recorded ROM"

# ---- replayed from another state (one more edit): the undo depth diverges, every step still runs ----
gui type --target pal-value --text '$001F' >/dev/null
gui click --target pal-apply >/dev/null
set +e
gui replay --script "$tmp/session.yaml" --format json >"$tmp/diverged.json" 2>"$tmp/diverged.err"; rc=$?
set -e
[ $rc -eq 1 ] || { cat "$tmp/diverged.json" "$tmp/diverged.err"; fail "a diverging replay exited $rc, not 1"; }
jq -e '.result.status == "failed" and (.result.results | length) == 8 and
       (.result.divergences | length) == 1 and .result.divergences[0].step == 6 and
       .result.divergences[0].expected == 1 and .result.divergences[0].actual == 3' "$tmp/diverged.json" >/dev/null \
  || { cat "$tmp/diverged.json"; fail "not one undo-depth divergence at step 6"; }
gui assert --condition rom-crc32 --equals "$crc1" >/dev/null || fail "the replay did not end on the recorded ROM"
cat "$tmp/diverged.json" "$tmp/diverged.err" | grep -q "diverged from the recording" || fail "no divergence message"

# ---- the same script through the suite runner ----
for _ in 1 2 3; do gui click --action win.undo >/dev/null; done
gui assert --condition undo-depth --equals 0 >/dev/null || fail "undo depth after three undos"
"$z3ed" test suite run --suite "$tmp/session.yaml" --socket "$sock" >/dev/null || fail "the suite runner did not replay the script"
gui click --action win.undo >/dev/null

# ---- IT-05: queued tests answer with an id at once; status, list, results with timings ----
gui run-test --suite "$src/tests/gui/fixtures/outcomes.yaml" --test passes --format json >"$tmp/queued.json"
jq -e '.result.status == "queued" and .result.steps == 1' "$tmp/queued.json" >/dev/null || { cat "$tmp/queued.json"; fail "RunTest answer"; }
id=$(jq .result.id "$tmp/queued.json")
gui run-test --suite "$src/tests/gui/fixtures/outcomes.yaml" --test fails --format json >"$tmp/queued2.json"
id2=$(jq .result.id "$tmp/queued2.json")
gui test-status --id "$id" --format json | jq -e '.result.status | test("queued|running|passed")' >/dev/null || fail "test-status"
gui test-results --id "$id" --wait 20000 --format json >"$tmp/results.json" || { cat "$tmp/results.json"; fail "the test 'passes' did not pass"; }
jq -e '.result.status == "passed" and (.result.results | length) == 1 and .result.results[0].time_ms >= 0 and .result.time_ms > 0
       and .result.results[0].expected == true and .result.results[0].actual == true and .result.results[0].line == 6' "$tmp/results.json" >/dev/null \
  || { cat "$tmp/results.json"; fail "results lack timings or assertion details"; }
set +e
gui test-results --id "$id2" --wait 20000 --format json >"$tmp/failed.json" 2>"$tmp/failed.err"; rc=$?
set -e
[ $rc -eq 1 ] || fail "a failed queued test exited $rc, not 1"
jq -e '.result.status == "failed" and .result.results[0].expected == "never shown" and (.result.results[0].actual | type) == "string"' "$tmp/failed.json" >/dev/null \
  || { cat "$tmp/failed.json"; fail "the failure's expected and actual"; }
cat "$tmp/failed.json" "$tmp/failed.err" | grep -q "step 1 (line 10): text: expected .*never shown" || { cat "$tmp/failed.json" "$tmp/failed.err"; fail "failure message"; }
gui list-tests --format json | jq -e "[.result.tests[].id] | index($id) != null and index($id2) != null" >/dev/null || fail "list-tests"
set +e
gui test-status --id 999999 2>"$tmp/none.err"; rc=$?
set -e
[ $rc -ne 0 ] && grep -q 'no test 999999' "$tmp/none.err" || fail "an unknown id"

# ---- SimulateAction: editor-level actions through the same commands as the canvas ----
gui simulate --editor overworld --action paint --area 0 --x 0 --y 0 --tile16 0x123 --format json >"$tmp/paint.json"
jq -e '.result.result == "success" and .result.state.editor == "overworld" and .result.state.area == 0 and
       .result.state.selection.tile16 == 291 and .result.state.undo_depth == 1 and
       (.result.side_effects | index("undo_depth: 0 -> 1") != null)' "$tmp/paint.json" >/dev/null || { cat "$tmp/paint.json"; fail "simulate paint"; }
painted=$(jq -r .result.state.rom_crc32 "$tmp/paint.json")
gui click --action win.undo >/dev/null
gui click --target ow-map --x 3 --y 3 >/dev/null     # the same cell with the pointer: the same ROM
[ "$(crc)" = "$painted" ] || fail "a simulated paint and a click differ"
gui click --action win.undo >/dev/null
set +e
gui simulate --editor overworld --action paint --x 64 --y 0 2>"$tmp/range.err"; rc=$?
set -e
[ $rc -eq 2 ] && grep -q -- '--x' "$tmp/range.err" || { cat "$tmp/range.err"; fail "a paint out of range"; }
# fill and select-and-move: one undo step each, the selection in the state, undone to the start
gui simulate --editor overworld --action fill --area 2 --x 4 --y 2 --tile16 0x124 --format json >"$tmp/fill.json"
jq -e '.result.result == "success" and .result.state.undo_depth == 1 and (.result.status | test("fill-tiles"))' "$tmp/fill.json" >/dev/null \
  || { cat "$tmp/fill.json"; fail "simulate fill"; }
gui simulate --editor overworld --action move-selection --x 7 --y 2 --format json | jq -e '.result.result == "nothing selected"' >/dev/null \
  || fail "move-selection with nothing selected"
gui simulate --editor overworld --action select-tiles --x 4 --y 2 --width 2 --height 2 --format json >"$tmp/sel.json"
jq -e '.result.state.selection.tiles == {"x": 4, "y": 2, "width": 2, "height": 2} and .result.state.undo_depth == 1' "$tmp/sel.json" >/dev/null \
  || { cat "$tmp/sel.json"; fail "select-tiles"; }
gui simulate --editor overworld --action move-selection --x 7 --y 2 --format json >"$tmp/mv.json"
jq -e '.result.result == "success" and .result.state.undo_depth == 2 and .result.state.selection.tiles.x == 7' "$tmp/mv.json" >/dev/null \
  || { cat "$tmp/mv.json"; fail "simulate move-selection"; }
gui click --action win.undo >/dev/null
gui click --action win.undo >/dev/null
gui assert --condition rom-crc32 --equals "$crc0" >/dev/null || fail "undo after the simulated fill and move"
# markers: the guard of Lumberjacks picked and moved, one undo step
gui simulate --editor overworld --action select-marker --area 2 --x 6 --y 5 --format json >"$tmp/mk.json"
jq -e '.result.result == "success" and .result.state.tool == "markers" and .result.state.selection.marker.kind == "sprite"' "$tmp/mk.json" >/dev/null \
  || { cat "$tmp/mk.json"; fail "select-marker"; }
gui simulate --editor overworld --action move-marker --x 9 --y 9 --format json >"$tmp/mm.json"
jq -e '.result.result == "success" and .result.state.undo_depth == 1 and .result.state.selection.marker.x == 9 and (.result.status | test("move-sprite"))' "$tmp/mm.json" >/dev/null \
  || { cat "$tmp/mm.json"; fail "move-marker"; }
gui click --action win.undo >/dev/null
gui assert --condition rom-crc32 --equals "$crc0" >/dev/null || fail "undo after the simulated marker move"
gui simulate --editor dungeon --action select-room --room 0x12 --format json | jq -e '.result.state.room == "0x012"' >/dev/null || fail "select-room"
gui simulate --editor dungeon --action select-object --x 0 --y 0 --format json | jq -e '.result.result == "nothing there"' >/dev/null \
  || fail "select-object on an empty cell"
gui simulate --editor dungeon --action select-object --x 14 --y 10 --format json >"$tmp/select.json"
jq -e '.result.result == "success" and .result.state.selection.list == 0' "$tmp/select.json" >/dev/null || { cat "$tmp/select.json"; fail "select-object"; }
gui simulate --editor dungeon --action move-selection --x 20 --y 12 --format json >"$tmp/move.json"
jq -e '.result.result == "success" and .result.state.undo_depth == 1 and (.result.status | test("move-object"))' "$tmp/move.json" >/dev/null \
  || { cat "$tmp/move.json"; fail "move-selection"; }
gui click --action win.undo >/dev/null
gui assert --condition rom-crc32 --equals "$crc0" >/dev/null || fail "undo after the simulated actions"

"$z3ed" gui shutdown --socket "$sock" >/dev/null
wait "$pid" || { rc=$?; tail -40 "$tmp/yaze.err" >&2; fail "yaze exited $rc"; }
echo "1 passed, 0 failed"
