#!/usr/bin/env bash
# `z3ed tui` driven in tmux: keys in with send-keys, the screen out with
# capture-pane, and what a view shows checked against what the CLI reads from
# the same ROM; edits saved from the hex and palette views checked on disk
# with `z3ed rom diff` and `palette get-color`.
#   tui_test.sh Z3ED SAMPLE_ROM
set -uo pipefail
z3ed=${1:?usage: tui_test.sh Z3ED SAMPLE}
sample=${2:?usage: tui_test.sh Z3ED SAMPLE}
src=$(cd "$(dirname "$0")/../.." && pwd)
command -v tmux >/dev/null || { echo "tmux missing: skipped"; exit 77; }
command -v jq >/dev/null || { echo "jq missing: skipped"; exit 77; }

tmp=$(mktemp -d)
export Z3ED_HOME=$tmp/state # proposals: this test's own registry
sock=z3tui-$$
tm() { tmux -L "$sock" "$@"; }
cleanup() { tm kill-server 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
cp "$sample" "$tmp/rom.sfc"
cp "$sample" "$tmp/orig.sfc"
failures=0

fail() { echo "FAIL: $*"; screen | sed 's/^/  | /'; failures=$((failures + 1)); }
screen() { tm capture-pane -p -t main; }
# Waits until the screen shows a line containing TEXT (fixed string), up to 15 s.
wait_for() {
  for _ in $(seq 150); do screen | grep -qF -- "$1" && return 0; sleep 0.1; done
  return 1
}
expect() { wait_for "$1" || fail "${2:-screen should show: $1}"; }
keys() { tm send-keys -t main "$@"; }
text() { tm send-keys -t main -l -- "$1"; }

# A shell in a 100x30 pane, so the terminal's state can be checked after z3ed ends.
tm new-session -d -s main -x 100 -y 30 "env PS1='sh\$ ' Z3ED_HOME=$tmp/state LANG=C.UTF-8 TERM=screen-256color bash --norc --noprofile"
tm set-option -t main window-size manual >/dev/null
wait_for 'sh$' || { echo "FAIL: no shell in tmux"; exit 1; }
keys "stty -g > $tmp/stty.before" Enter
start_tui() {
  keys "clear; sh -c 'echo \$\$ > $tmp/pid; exec $z3ed tui --rom $tmp/rom.sfc $*'" Enter
}

# ---- dashboard: header fields as `rom info` reads them -----------------------
start_tui
info=$("$z3ed" rom info --rom "$tmp/rom.sfc" --format json)
title=$(jq -r .result.header.title <<<"$info" | sed 's/ *$//')
checksum=$(jq -r .result.header.checksum <<<"$info" | sed 's/^0x/$/' | tr a-f A-F)
expect "Title     $title" "dashboard shows the title"
expect "Checksum  $checksum stored" "dashboard shows the stored checksum"
expect "rom validate: 0 errors" "dashboard shows rom validate's verdict"

# ---- help --------------------------------------------------------------------
keys '?'
expect "dashboard keys" "? shows the view's keys"
keys x

# ---- hex: goto, the bytes `hex read` reads, a nibble edit, undo/redo, save ----
keys 2 g
text '$00:FFC0'
keys Enter
bytes=$("$z3ed" hex read --rom "$tmp/rom.sfc" --address '$00:FFC0' --length 8 | sed -n 's/^hex: //p')
expect "\$00:FFC0   $bytes" "hex view shows the bytes hex read reads at \$00:FFC0"
expect "ROM header and vectors" "hex view annotates the header"
keys 4 1
expect "[modified]" "an edit marks the ROM modified"
expect "\$00:FFC0   41 ${bytes#* }" "the edited byte is shown"
keys u
expect "\$00:FFC0   $bytes" "u undoes the whole byte"
keys U
expect "\$00:FFC0   41 ${bytes#* }" "U redoes it"
keys w
expect "saved $tmp/rom.sfc" "w saves"
[ -f "$tmp/rom.sfc.bak" ] || fail "saving keeps rom.sfc.bak"
diff=$("$z3ed" rom diff --from "$tmp/orig.sfc" --to "$tmp/rom.sfc" --format json)
[ "$(jq -r '.result.ranges[0].address + " " + .result.ranges[0].new' <<<"$diff")" = '$00:FFC0 41' ] ||
  fail "rom diff shows \$00:FFC0 -> 41 on disk: $diff"

# ---- palette: a colour set from the view, then read back from disk --------------
keys Tab NPage NPage NPage NPage NPage Right Right
expect "swords: " "PgDn reaches the swords group"
keys e
text '#F80000'
keys Enter
expect "swords 0 colour 2 set to #F80000" "the colour is set"
keys w
expect "saved" "w saves the palette edit"
# #F80000 in BGR555 (5 bits a channel) is $001F.
got=$("$z3ed" palette get-color --rom "$tmp/rom.sfc" --group swords --index 0 --color 2 --format json | jq -r .result.value.snes)
[ "$got" = '$001F' ] || fail "palette colour on disk is $got, not \$001F"
diff=$("$z3ed" rom diff --from "$tmp/orig.sfc" --to "$tmp/rom.sfc" --format json) # exits 1: they differ
jq -e '.result.ranges[] | select(.address == "$1B:D634" and .new == "1f 00")' <<<"$diff" >/dev/null ||
  fail "rom diff lists swords colour 2 (\$1B:D634) as 1f 00: $diff"

# ---- command palette: a command run, and the CLI's validation error -------------
keys C-p
text 'rom info'
keys Enter End Enter
checksum=$("$z3ed" rom info --rom "$tmp/rom.sfc" --format json | jq -r .result.header.checksum)
expect "  checksum: $checksum" "rom info from the palette shows the saved file's checksum"
keys Escape Escape C-p
text 'header set'
keys Enter Down Enter
text 'HELLO'
keys Enter End Enter
cli_error=$("$z3ed" rom header set --rom "$tmp/rom.sfc" --region HELLO --dry-run 2>&1 | head -1 | sed 's/^z3ed: //')
expect "$cli_error" "the palette reports the CLI's error for a bad region"

# ---- proposals: two changes made in a sandbox, one accepted from the review tab ------
prop=$("$z3ed" agent proposal create --rom "$tmp/rom.sfc" --title "two edits" --format json)
sandbox=$(jq -r .result.sandbox_rom <<<"$prop")
"$z3ed" palette set-color --rom "$sandbox" --group armors --index 0 --color 1 --value '#C63131' -q
"$z3ed" rom header set --rom "$sandbox" --version 2 -q
palette_change=$("$z3ed" agent proposal diff --proposal-id 1 --format json |
  jq -r '.result.changes[] | select(.resource | startswith("palette armors")) | .index')
keys Escape Escape BTab BTab r  # commands -> chat -> proposals
expect "two edits" "the proposals tab lists the new proposal"
keys Enter
expect "header version" "its changes are listed by resource"
for _ in $(seq 2 "$palette_change"); do keys Down; done
keys Space a
expect "accepted #1 ($palette_change)" "the marked change is accepted"
want=$("$z3ed" palette get-color --rom "$sandbox" --group armors --index 0 --color 1 --format json | jq -r .result.value.snes)
got=$("$z3ed" palette get-color --rom "$tmp/rom.sfc" --group armors --index 0 --color 1 --format json | jq -r .result.value.snes)
[ "$got" = "$want" ] || fail "accepted palette colour on disk is $got, not the sandbox's $want"
version=$("$z3ed" rom info --rom "$tmp/rom.sfc" --format json | jq -r .result.header.version)
[ "$version" = 0 ] || fail "the unmarked header change was applied too (version $version)"

# ---- chat: one message to the replay provider makes a proposal --------------------
keys Tab R
text "$src/examples/agent/recolor.json"
keys Enter Enter
text "make Link's green tunic red"
keys Enter
expect "tool palette_set_color" "the chat shows the model's tool calls"
expect "proposal #2" "and the proposal they made"
# a follow-up goes on with the same proposal and conversation (darker.json fails without the earlier words)
keys R C-u
text "$src/examples/agent/darker.json"
keys Enter Enter
text "a darker red, please"
keys Enter
expect "now #942121 and #B53939, in the same proposal" "the follow-up is answered in the same conversation"
darker=$("$z3ed" palette get-color --rom "$tmp/state/proposals/2/rom.sfc" --group armors --index 0 --color 1 --format json | jq -r .result.value.rgb)
[ "$darker" = "#942121" ] || fail "the follow-up's edit is not in proposal 2's sandbox (colour 1 is $darker)"
[ ! -e "$tmp/state/proposals/3" ] || fail "the follow-up made a new proposal instead of going on with #2"
keys BTab r
expect "make Link's green tunic red" "the chat's proposal is in the proposals tab"
open=$("$z3ed" agent proposal list --status open --format json | jq -r .result.count)
keys 1 r  # the dashboard, recomputed
expect "Proposals: $open open, $open for this ROM" "the dashboard counts the open proposals as 'proposal list' does"
cp "$tmp/state/registry.db" "$tmp/registry.saved"
head -c 4096 "$tmp/registry.saved" > "$tmp/state/registry.db"
keys r
expect "Proposals: the registry '$tmp/state/registry.db' is damaged" "a damaged registry is named, not shown as none"
screen | sed 's/^ *//; s/ *$//' | tr '\n' ' ' | grep -qF "the sandboxes under $tmp/state/proposals stay, and the next 'agent proposal create' starts a new registry" ||
  fail "the damaged registry's hint is wrapped onto the screen whole, not cut at its width"
cp "$tmp/registry.saved" "$tmp/state/registry.db"
keys r
expect "Proposals: $open open, $open for this ROM" "the count is back with the registry"
# a sandbox folder the registry does not name (a create's set-aside, a lost registry's) is shown
mkdir "$tmp/state/proposals/1.orphan-4242"
keys 7 r
expect "1 folder under $tmp/state/proposals that the registry does not name" "the proposals tab shows an unregistered sandbox"
expect "1.orphan-4242" "and names it"
rmdir "$tmp/state/proposals/1.orphan-4242"
keys r
gone() { for _ in $(seq 150); do screen | grep -qF -- "$1" || return 0; sleep 0.1; done; return 1; }
gone "does not name" || fail "the note stays after the folder is gone"

# ---- resize: refused below 80x24, drawn again when big enough --------------------
tm resize-window -t main -x 60 -y 20
expect "terminal too small: 60x20" "a 60x20 terminal is refused"
tm resize-window -t main -x 100 -y 30
expect " 1 dashboard " "the tabs come back at 100x30"

# ---- quitting with unsaved edits asks; SIGTERM during an edit --------------------
keys 2 g
text '$00:FFC1'
keys Enter 7 7
expect "[modified]" "second edit pending"
keys q
expect "Quit without saving? (y/n)" "q asks with unsaved edits"
keys n
expect "not quitting" "n keeps the editor open"
cp "$tmp/rom.sfc" "$tmp/saved.sfc"
kill -TERM "$(cat "$tmp/pid")"
# the modes are checked once the TUI has exited (under load it can still be restoring them)
for _ in $(seq 100); do kill -0 "$(cat "$tmp/pid")" 2>/dev/null || break; sleep 0.1; done
keys "stty -g > $tmp/stty.after; echo sane-\$((6*7))" Enter
expect "sane-42" "the shell reads and echoes lines after SIGTERM"
cmp -s "$tmp/stty.before" "$tmp/stty.after" || fail "terminal modes differ after SIGTERM"
cmp -s "$tmp/rom.sfc" "$tmp/saved.sfc" || fail "SIGTERM changed the ROM on disk"

# ---- a save after another process saved the file: merge, then save both ----------
start_tui --tab hex
keys g
text '$00:FFC2'
keys Enter 4 2
expect "[modified]" "the edit at \$00:FFC2 is pending"
"$z3ed" hex write --rom "$tmp/rom.sfc" --address '$00:FFC4' --bytes 55 >/dev/null || fail "the CLI edit beside the TUI failed"
keys w
expect "saved elsewhere since it was opened. Merge your edits onto it? (y/n)" "w offers a merge when the file changed on disk"
[ "$("$z3ed" hex read --rom "$tmp/rom.sfc" --address '$00:FFC4' --length 1 --format json | jq -r .result.hex)" = 55 ] ||
  fail "the refused save replaced the CLI's edit"
keys y
expect "merged onto the file on disk" "y merges"
keys w
expect "saved $tmp/rom.sfc" "w saves the merged ROM"
both=$("$z3ed" hex read --rom "$tmp/rom.sfc" --address '$00:FFC2' --length 3 --format json | jq -r .result.hex)
{ [ "${both%% *}" = 42 ] && [ "${both##* }" = 55 ]; } || fail "after the merge \$00:FFC2..4 is '$both', not 42 .. 55"
"$z3ed" rom validate --rom "$tmp/rom.sfc" >/dev/null || fail "the merged ROM's checksum does not validate"
keys q

# ---- tiles: where a sheet is used, as the blockset tables say ----------------------
start_tui --tab tiles
expect "sheet 0x00 tile 0 (0x00) of 64" "--tab tiles opens on sheet 0"
first=$("$z3ed" hex read --rom "$tmp/rom.sfc" --address '$00:E073' --length 1 --format json | jq -r .result.hex)
[ "$first" = 00 ] || fail "main blockset 0 starts with sheet $first in the sample, not 00"
expect "loaded by main blocksets 0x00" "sheet 0 is named as main blockset 0's first sheet"
keys q

# ---- areas: a ZSCustomOverworld v3 ROM with a wide and a tall area and the tail maps ----
# (made as tests/cli/cases/overworld_tail_maps.case makes it; 0x28-0x29 wide, 0x2A over 0x32 tall)
v3=$tmp/v3.sfc
poke() { printf "$2" | dd of="$v3" bs=1 seek=$(($1)) conv=notrunc 2>/dev/null; }
copy() { dd if="$v3" of="$v3" bs=1 skip=$(($1)) seek=$(($2)) count=$(($3)) conv=notrunc 2>/dev/null; }
cp "$sample" "$v3" && truncate -s 2M "$v3"
poke 0x140145 '\003'
P=$(od -An -tu1 -v -j $((0x125EC)) -N 64 "$v3")
{ for p in $P; do printf "\\$(printf %03o "$p")"; done; for p in $P; do printf "\\$(printf %03o $((p + 64)))"; done
  for i in $(seq 128 159); do case $i in 129|130|137|138) p=129;; *) p=$i;; esac; printf "\\$(printf %03o $p)"; done; } |
  dd of="$v3" bs=1 seek=$((0x140998)) conv=notrunc 2>/dev/null
S=$(od -An -tu1 -v -j $((0x1788D)) -N 128 "$v3")
{ for s in $S; do printf "\\$(printf %03o $((1 - s)))"; done
  for i in $(seq 128 191); do case $i in 129|130|137|138) printf '\001';; *) printf '\000';; esac; done; } |
  dd of="$v3" bs=1 seek=$((0x1788D)) conv=notrunc 2>/dev/null
copy 0x4C881 0x141438 0x80; copy 0x4C901 0x141578 0x120; copy 0x4CA21 0x1416B8 0x120
copy 0x1794D 0x142400 480; copy 0x17B2D 0x142640 480
for i in $(seq 32); do printf '\000\200\060'; done | dd of="$v3" bs=1 seek=$((0x142400 + 480)) conv=notrunc 2>/dev/null
for i in $(seq 32); do printf '\000\220\060'; done | dd of="$v3" bs=1 seek=$((0x142640 + 480)) conv=notrunc 2>/dev/null
poke 0x180000 '\344\377\000\377'; poke 0x181000 '\344\377\000\377'; poke 0x1423FF '\352'
poke 0x140999+0x28 '\050'; poke 0x1788D+0x28 '\002\002'
poke 0x140998+0x32 '\052'; poke 0x1788D+0x2A '\003'; poke 0x1788D+0x32 '\003'
count=$("$z3ed" overworld list --rom "$v3" --format json | jq -r .result.count)
[ "$count" = 192 ] || fail "the generated v3 ROM has the tail maps (overworld list counts $count)"
keys "clear; $z3ed tui --rom $v3 --tab areas" Enter
expect "area 0x00  large" "the area list names a large area's size"
for _ in $(seq 50); do keys Down; done  # to 0x32: 0x28-0x32 on screen
expect "area 0x28  wide" "a wide area is listed with its size"
expect "area 0x29  in 0x28" "its right screen names the group"
expect "area 0x2A  tall" "a tall area is listed with its size"
expect "area 0x32  in 0x2A" "its lower screen names the group"
keys End
expect "area 0xBF" "End reaches the last tail map"
expect "map: 0xbf" "and describes it"
keys q

# ---- rooms: water-fill mode on a ROM with yaze's table (as dungeon_water_fill.case makes it) ----
wf=$tmp/water.sfc
cp "$sample" "$wf" && truncate -s 2M "$wf"
printf '\120\204\045' | dd of="$wf" bs=1 seek=$((0x128090 + 3 * 0x12)) conv=notrunc 2>/dev/null
printf '\360\360\020\002\010\377\377' | dd of="$wf" bs=1 seek=$((0x128450)) conv=notrunc 2>/dev/null
cp "$wf" "$tmp/water.before"
keys "clear; $z3ed tui --rom $wf --tab rooms" Enter
expect "room 0x000" "the rooms view opens"
for _ in $(seq 18); do keys Down; done  # to room 0x012
keys f
expect "installed: true" "f shows dungeon water-fill's answer"
expect "e: dungeon set-water-fill" "and names the edit"
keys e
expect "water tiles" "e asks for the zone's tiles"
text '10,20,3,2'
keys Enter
expect "count: 6" "the zone of 3 x 2 tiles is listed"
keys w
expect "saved" "w saves"
"$z3ed" dungeon set-water-fill --rom "$tmp/water.before" --room 0x12 --tiles '10,20,3,2' --output "$tmp/water.cli" >/dev/null
same=$("$z3ed" rom diff --from "$tmp/water.cli" --to "$wf" --format json | jq -r .result.identical)
[ "$same" = true ] || fail "the TUI's water-fill edit equals dungeon set-water-fill's"
keys q

# ---- quitting cleanly ------------------------------------------------------------
start_tui --tab hex
expect "PC 0x000000" "--tab hex opens on the hex view"
keys q
keys "echo exit-\$?" Enter
expect "exit-0" "q without edits exits 0"

# ---- a terminal without colours (vt100): the palette view still draws ---------------
keys "clear; TERM=vt100 $z3ed tui --rom $tmp/rom.sfc --tab palette" Enter
expect "global_sprites" "the palette view draws on vt100"
keys q
keys "echo vt100-exit-\$?" Enter
expect "vt100-exit-0" "and quits cleanly"

# ---- the Linux console (TERM=linux: 8 colours, 64 pairs): tiles in half blocks -------
keys "clear; TERM=linux $z3ed tui --rom $tmp/rom.sfc --tab tiles" Enter
expect "sheet 0x00 tile 0" "the tiles view draws on the Linux console"
expect "▀▀▀▀" "with half blocks in the console's 8 colours"
keys q
keys "echo linux-exit-\$?" Enter
expect "linux-exit-0" "and quits cleanly"

# ---- terminals curses cannot drive: our error and exit 2, not ncurses' own exit ------
keys "clear; TERM=dumb $z3ed tui --rom $tmp/rom.sfc; echo dumb-exit-\$?" Enter
expect "tui: the terminal 'dumb' cannot move its cursor" "a dumb terminal is refused with the reason"
expect "dumb-exit-2" "and exit 2"
keys "clear; TERM=no-such-term $z3ed tui --rom $tmp/rom.sfc; echo unknown-exit-\$?" Enter
expect "the terminal 'no-such-term' is not known to terminfo" "an unknown TERM is refused with the reason"
expect "unknown-exit-2" "and exit 2"

[ "$failures" = 0 ] && echo "tui: all screen checks passed"
exit $((failures > 0))
