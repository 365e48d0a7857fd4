#!/usr/bin/env bash
# Crash safety (docs/crash-safety.md): SIGKILL at random moments of every kind
# of save z3ed makes (a ROM with its backup, a batch of PNGs, a JSON export,
# the proposal registry), then: every file is the old or the new version and
# valid, and one more save leaves no temporary behind.
#   kill_saves.sh Z3ED SAMPLE [ROUNDS]
set -uo pipefail
z3ed=${1:?usage: kill_saves.sh Z3ED SAMPLE [ROUNDS]}
sample=${2:?sample ROM}
rounds=${3:-8}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
kills=0
bad() { echo "FAIL: $*" >&2; fail=1; }
sha() { sha1sum "$1" | cut -d' ' -f1; }

# Runs "$@" in the background and kills it with SIGKILL after a random delay
# (0 to $1 ms); some kills land before the save, most during or after it.
kill_at_random() {
  local max_ms=$1; shift
  "$@" >/dev/null 2>&1 &
  local pid=$!
  sleep "$(printf '0.%03d' $((RANDOM % max_ms)))"
  kill -9 "$pid" 2>/dev/null && kills=$((kills + 1))
  wait "$pid" 2>/dev/null
}

no_leftovers() {
  local found
  found=$(find "$work" -name '*.z3tmp.*' | head -5)
  [ -z "$found" ] || bad "$1: temporaries left after a clean save: $found"
}

# ---- a ROM and its backup ---------------------------------------------------
rom=$work/rom/hack.sfc
mkdir -p "$work/rom" "$work/ref"
cp "$sample" "$rom"
for i in $(seq 1 "$rounds"); do
  old=$(sha "$rom")
  cp "$rom" "$work/ref/next.sfc"
  edit=(hex write --offset 0x10 --bytes "$(printf '%02x' $((i * 37 % 256)))")
  "$z3ed" "${edit[@]}" --rom "$work/ref/next.sfc" --no-backup >/dev/null || bad "rom: reference edit failed"
  new=$(sha "$work/ref/next.sfc")
  [ -f "$rom.bak" ] && bak_before=$(sha "$rom.bak") || bak_before=none
  kill_at_random 150 "$z3ed" "${edit[@]}" --rom "$rom"
  now=$(sha "$rom")
  [ "$now" = "$old" ] || [ "$now" = "$new" ] || bad "rom round $i: neither the old nor the new ROM"
  if [ -f "$rom.bak" ]; then
    b=$(sha "$rom.bak")
    [ "$b" = "$old" ] || [ "$b" = "$bak_before" ] || bad "rom round $i: the backup is neither the old ROM nor the previous backup"
  fi
  "$z3ed" rom validate --rom "$rom" >/dev/null || bad "rom round $i: rom validate fails after the kill"
done
"$z3ed" hex write --offset 0x11 --bytes 00 --rom "$rom" >/dev/null || bad "rom: the save after the kills failed"
no_leftovers "rom"

# ---- a batch of PNGs ----------------------------------------------------------
out=$work/png/sheets
mkdir -p "$work/png"
for p in ow_main:0 ow_main:1; do
  "$z3ed" gfx export --rom "$sample" --sheet all --out "$work/ref/$p" --palette "$p" --no-backup >/dev/null ||
    bad "png: reference export $p failed"
done
for p in ow_main:0 ow_main:1; do (cd "$work/ref/$p" && sha1sum -- *.png); done >"$work/ref/png.sums"
"$z3ed" gfx export --rom "$sample" --sheet all --out "$out" --palette ow_main:0 >/dev/null || bad "png: first export failed"
for i in $(seq 1 "$rounds"); do
  p=ow_main:$((i % 2))
  kill_at_random 900 "$z3ed" gfx export --rom "$sample" --sheet all --out "$out" --palette "$p"
  # every sheet_XX.png must be byte for byte one of its two versions
  (cd "$out" && sha1sum -- *.png) | awk -v refs="$work/ref/png.sums" -v round="$i" '
    BEGIN { while ((getline line < refs) > 0) { split(line, f, " "); ok[f[1] " " f[2]] = 1 } }
    !ok[$1 " " $2] { print "FAIL: png round " round ": " $2 " is neither version"; bad = 1 }
    END { exit bad }' >&2 || fail=1
done
"$z3ed" gfx export --rom "$sample" --sheet all --out "$out" >/dev/null || bad "png: the save after the kills failed"
no_leftovers "png"

# ---- a JSON export --------------------------------------------------------------
json=$work/json/area.json
mkdir -p "$work/json"
"$z3ed" overworld export --rom "$sample" --map 0x00 --out "$work/ref/a.json" --no-backup >/dev/null || bad "json: reference"
"$z3ed" overworld export --rom "$sample" --map 0x1B --out "$work/ref/b.json" --no-backup >/dev/null || bad "json: reference"
for i in $(seq 1 "$rounds"); do
  map=$([ $((i % 2)) = 0 ] && echo 0x00 || echo 0x1B)
  kill_at_random 150 "$z3ed" overworld export --rom "$sample" --map "$map" --out "$json"
  [ -f "$json" ] || continue
  cmp -s "$json" "$work/ref/a.json" || cmp -s "$json" "$work/ref/b.json" || bad "json round $i: neither version"
done
"$z3ed" overworld export --rom "$sample" --map 0x00 --out "$json" >/dev/null || bad "json: the save after the kills failed"
no_leftovers "json"

# ---- the proposal registry --------------------------------------------------------
state=$work/state
mkdir -p "$work/reg"
cp "$sample" "$work/reg/base.sfc"
for i in $(seq 1 "$rounds"); do
  kill_at_random 250 "$z3ed" agent proposal create --rom "$work/reg/base.sfc" --title "round $i" --state-dir "$state"
  list=$("$z3ed" agent proposal list --state-dir "$state" --format json 2>&1) || bad "registry round $i: list fails: $list"
done
"$z3ed" agent proposal create --rom "$work/reg/base.sfc" --title last --state-dir "$state" >/dev/null ||
  bad "registry: the create after the kills failed"
ids=$("$z3ed" agent proposal list --state-dir "$state" --format json | grep -o '"id": *[0-9]*' | grep -o '[0-9]*$')
[ -n "$ids" ] || bad "registry: no proposal listed after the last create"
for id in $ids; do
  "$z3ed" agent proposal diff --proposal-id "$id" --state-dir "$state" >/dev/null 2>&1 ||
    bad "registry: proposal $id is listed but its sandbox does not diff"
done
no_leftovers "registry"
unregistered=$(find "$state/proposals" -maxdepth 1 -name '.new-*' | head -3)
[ -z "$unregistered" ] || bad "registry: sandboxes of killed creates left after a clean create: $unregistered"

echo "kill_saves: $kills kills over 4 kinds of save, $rounds rounds each"
exit $fail
