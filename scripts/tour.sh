#!/usr/bin/env bash
# `make run`: a short tour of z3ed on the bundled sample ROM.
set -euo pipefail
z3ed=${1:?usage: tour.sh Z3ED SAMPLE}
sample=${2:?usage: tour.sh Z3ED SAMPLE}
work=build/tour  # kept, so the PNGs and patches can be opened afterwards
rm -rf "$work" && mkdir -p "$work"
step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; "$@"; }

step "$z3ed" rom info --rom "$sample"
step "$z3ed" rom validate --rom "$sample"
step "$z3ed" rom export-state --rom "$sample" --format json --output "$work/state.json"
head -c 400 "$work/state.json"; echo " ..."

# An edit on a copy, a patch of that edit, and the patch applied back to the original.
cp "$sample" "$work/hack.sfc"
step "$z3ed" rom header set --rom "$work/hack.sfc" --title "Z3ED TOUR HACK" --version 1 --dry-run
step "$z3ed" rom header set --rom "$work/hack.sfc" --title "Z3ED TOUR HACK" --version 1 --no-backup
step "$z3ed" rom diff --from "$sample" --to "$work/hack.sfc" --max-ranges 5 || true
step "$z3ed" patch create --from "$sample" --to "$work/hack.sfc" --output "$work/hack.bps"
step "$z3ed" patch apply --rom "$sample" --patch "$work/hack.bps" --output "$work/rebuilt.sfc"
step cmp "$work/hack.sfc" "$work/rebuilt.sfc"
echo "rebuilt ROM is byte-identical to the edited one"
# Graphics and palettes: a sheet and a palette out as PNG, and a pixel edit.
step "$z3ed" gfx list --rom "$sample" --output "$work/sheets.json"
step "$z3ed" gfx export --rom "$sample" --sheet 0x08 --out "$work/gfx" --palette ow_main:0
step "$z3ed" palette get --rom "$sample" --group ow_main --index 0 --output "$work/pal.json"
step "$z3ed" palette export --rom "$sample" --group ow_main --index 0 --out "$work/gfx/ow_main_0.png"
step "$z3ed" gfx set-pixel --rom "$work/hack.sfc" --sheet 0x08 --x 5 --y 5 --value 7 --no-backup
step "$z3ed" rom validate --rom "$work/hack.sfc"
ls -l "$work/gfx"
# The overworld: an area described, a tile edit, and the area drawn to PNG.
step "$z3ed" overworld describe --rom "$sample" --map 0x1B
step "$z3ed" overworld set-tile --rom "$work/hack.sfc" --map 0x2C --x 5 --y 9 --value 0x123 --no-backup
step "$z3ed" overworld render --rom "$work/hack.sfc" --map 0x2C --out "$work/area2c.png"
step "$z3ed" overworld render --rom "$sample" --map 0x1B --out "$work/area1b.png"
step "$z3ed" overworld render --rom "$sample" --map 0x6C --out "$work/area6c.png"   # the same area in the Dark World
# Dungeons: a room described, an object moved on the copy, the room drawn.
step "$z3ed" dungeon describe --rom "$sample" --room 0x012
step "$z3ed" dungeon move-object --rom "$work/hack.sfc" --room 0x012 --layer 0 --index 0 --x 5 --y 4 --no-backup
step "$z3ed" dungeon render --rom "$work/hack.sfc" --room 0x012 --out "$work/room.png"
step "$z3ed" dungeon render --rom "$sample" --room 0x104 --out "$work/room104.png"
# Messages and sprites: read a message, rewrite it, look a sprite up.
step "$z3ed" message get --rom "$sample" --id 1
step "$z3ed" message set --rom "$work/hack.sfc" --id 1 --text 'The keeper thanks you, [L]![K]' --no-backup
step "$z3ed" sprite info --rom "$sample" --id 0x08 --output "$work/octorok.json"
# The sample's reset routine, disassembled (REP #$30 makes LDX 16-bit).
step "$z3ed" asm disassemble --rom "$sample" --address '$00:8000' --count 10
# The 65C816 core against the shared test vectors, when ../shared is beside the clone.
if [ -d ../shared/testdata/65816 ]; then
  step "$z3ed" dev cpu-conformance --dir ../shared/testdata/65816 --output "$work/cpu-conformance.json"
  grep -m 8 -E '"(passed_all|files|tests|passed|failed|cycle_tests|cycle_count_agree|bus_cycles_agree)"' "$work/cpu-conformance.json"
fi
# The headless SNES: the sample's reset code, to its boot routine, then two frames, then
# what the screen shows once the boot routine has loaded area 0x1B (beside area1b.png).
step "$z3ed" emu run --rom "$sample" --until-pc 0x00800C --frames 1
step "$z3ed" emu run --rom "$sample" --frames 2 --read wram:0:16 --read 'bus:$00:FFFC:2'
step "$z3ed" emu screenshot --rom "$sample" --frames 4 --out "$work/emu_boot.png"
# Every edit above went into one copy, which is still a valid ROM.
step "$z3ed" rom validate --rom "$work/hack.sfc"
printf '\nMore: %s --help, %s agent describe --format yaml\n' "$z3ed" "$z3ed"
# The editor is built beside z3ed; it needs a display (docs/gui.md).
printf '\nThe editor: %s/yaze %s (or %s/yaze, then Ctrl+O)\n' "$(dirname "$z3ed")" "$work/hack.sfc" "$(dirname "$z3ed")"
# Last, where the pictures are, so they can be opened straight away.
printf '\nPictures written (open them in any image viewer):\n'
find "$work" -name '*.png' | sort | while read -r png; do printf '  %s\n' "$png"; done
