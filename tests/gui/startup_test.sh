#!/usr/bin/env bash
# yaze's start-up (docs/gui.md, Start-up), under xvfb-run, from the order of its YAZE_TRACE
# lines (no timings asserted): a ROM named on the command line is read off the UI thread, so
# the window is shown before its tab exists, and --quit-after-first-frame waits for a frame
# painted after the tab; a ROM that cannot be read ends in an error naming it, the window up;
# with no GPU device yaze picks GTK's cairo renderer itself, and a GSK_RENDERER the user set
# is left alone.
#   startup_test.sh YAZE SAMPLE
set -euo pipefail
yaze=$1 sample=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "startup_test: $*" >&2; cat "$tmp/err" >&2; exit 1; }
export XDG_DATA_HOME=$tmp/data YAZE_TRACE=1

# the line number of the first trace line containing $1 (fails when there is none)
at() { grep -n "^yaze-trace .*$1" "$tmp/err" | head -1 | cut -d: -f1 | grep . || fail "no trace line '$1'"; }
before() { [ "$(at "$1")" -lt "$(at "$2")" ] || fail "'$1' is not before '$2'"; }

# GL off where the user could choose it: a machine with a GPU must not bring Mesa in under LSan
gl_off=(GSK_RENDERER=cairo GDK_DEBUG=gl-disable)
env "${gl_off[@]}" "$yaze" --quit-after-first-frame "$sample" 2>"$tmp/err" || fail "yaze exited with $?"
before "window presented" "tab added (opened off the UI thread)"
before "tab added (opened off the UI thread)" "first frame painted"
grep -q "rom read and parsed" "$tmp/err" && fail "the command line's ROM was read on the UI thread"
# only the overworld page is built for the first frame
n=$(grep -cE "^yaze-trace +[0-9.]+ (dungeon|graphics|palettes|messages|emulator)$" "$tmp/err" || true)
[ "$n" = 0 ] || fail "$n pages other than the overworld were built before the first frame"

env "${gl_off[@]}" "$yaze" --quit-after-first-frame "$tmp/missing.sfc" 2>"$tmp/err" || fail "yaze exited with $? for a missing ROM"
grep -q "yaze: .*missing.sfc" "$tmp/err" || fail "no error naming missing.sfc"
before "window presented" "open failed"

# the renderer: yaze's choice only when the user made none
if ! ls /dev/dri/* >/dev/null 2>&1 && [ ! -e /dev/nvidia0 ]; then
  env -u GSK_RENDERER GDK_DEBUG=gl-disable "$yaze" --quit-after-first-frame "$sample" 2>"$tmp/err" || fail "yaze exited with $?"
  at "renderer: cairo, GL off" >/dev/null
fi
env "${gl_off[@]}" "$yaze" --quit-after-first-frame "$sample" 2>"$tmp/err" || fail "yaze exited with $?"
grep -q "renderer: cairo, GL off" "$tmp/err" && fail "yaze overrode the user's GSK_RENDERER"
echo "startup_test: ok"
