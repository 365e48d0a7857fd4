#!/usr/bin/env bash
# Many agents at once (docs/crash-safety.md): WORKERS processes create, edit,
# diff, accept and reject proposals on one registry and one ROM for SECONDS,
# while one more process edits that ROM directly. Then: no accepted change and
# no direct edit is lost, no rejected change is in the ROM, the registry agrees
# with what each worker was told, the ROM is valid, no temporary is left.
#   agents_stress.sh Z3ED SAMPLE [SECONDS] [WORKERS]
set -uo pipefail
z3ed=${1:?usage: agents_stress.sh Z3ED SAMPLE [SECONDS] [WORKERS]}
sample=${2:?sample ROM}
seconds=${3:-20}
workers=${4:-16}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export Z3ED_HOME=$work/state
rom=$work/hack.sfc
cp "$sample" "$rom"
deadline=$(($(date +%s) + seconds))
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
byte_at() { od -An -tu1 -j "$2" -N1 "$1" | tr -d ' '; }
json_num() { grep -o "\"$1\": *[0-9]*" | head -1 | grep -o '[0-9]*$'; }
json_str() { grep -o "\"$1\": *\"[^\"]*\"" | head -1 | sed 's/.*"\([^"]*\)"$/\1/'; }

# One agent: each round makes a proposal with one byte of its own, looks at
# it, then accepts it (rebasing onto whatever the others did) or rejects it.
agent() {
  local k=$1 i=0 log=$work/agent$k.log
  while [ "$(date +%s)" -lt "$deadline" ] && [ $i -lt 1000 ]; do
    i=$((i + 1))
    # never the byte the sample has there: such a proposal would change nothing
    local offset=$((0x8000 + k * 0x400 + i)) value out id sandbox
    value=$((($(byte_at "$sample" "$offset") + 1 + (k * 7 + i) % 255) % 256))
    out=$("$z3ed" agent proposal create --rom "$rom" --title "agent $k round $i" --format json 2>&1) ||
      { echo "error create $out" >>"$log"; continue; }
    id=$(json_num id <<<"$out")
    sandbox=$(json_str sandbox_rom <<<"$out")
    "$z3ed" hex write --rom "$sandbox" --offset "$offset" --bytes "$(printf '%02x' "$value")" --no-backup \
      >/dev/null 2>>"$log" || { echo "error edit $id" >>"$log"; continue; }
    "$z3ed" agent proposal diff --proposal-id "$id" >/dev/null 2>>"$log" || echo "error diff $id" >>"$log"
    if [ $((i % 3)) = 0 ]; then
      if "$z3ed" agent proposal reject --proposal-id "$id" --reason other --note "stress round" >/dev/null 2>>"$log"; then
        echo "rejected $id $offset $value" >>"$log"
      else echo "error reject $id" >>"$log"; fi
    else
      if out=$("$z3ed" agent proposal accept --proposal-id "$id" --rom "$rom" --rebase --reviewer "agent$k" 2>&1); then
        echo "accepted $id $offset $value" >>"$log"
      elif grep -q 'by another process after it was read' <<<"$out"; then
        echo "cas $id $offset $value" >>"$log" # the compare-and-swap refused; nothing written
      else echo "error accept $id $out" >>"$log"; fi
    fi
  done
}

# Someone editing the ROM by hand at the same time, at offsets of its own.
editor() {
  local i=0 log=$work/editor.log out
  while [ "$(date +%s)" -lt "$deadline" ] && [ $i -lt 4000 ]; do
    i=$((i + 1))
    local offset=$((0x40000 + i)) value
    value=$((($(byte_at "$sample" "$offset") + 1 + i % 255) % 256))
    if out=$("$z3ed" hex write --rom "$rom" --offset "$offset" --bytes "$(printf '%02x' "$value")" 2>&1); then
      echo "wrote $offset $value" >>"$log"
    elif grep -q 'by another process after it was read' <<<"$out"; then
      echo "cas $offset $value" >>"$log"
    else echo "error write $out" >>"$log"; fi
  done
}

start=$(date +%s.%N)
for k in $(seq 0 $((workers - 1))); do agent "$k" & done
editor &
wait
elapsed=$(echo "$(date +%s.%N) - $start" | bc)

accepted=0 rejected=0 cas=0 wrote=0 errors=0
for log in "$work"/agent*.log "$work"/editor.log; do
  [ -f "$log" ] || continue
  while read -r what a b c rest; do
    case $what in
      accepted) accepted=$((accepted + 1))
        [ "$(byte_at "$rom" "$b")" = "$c" ] || bad "proposal $a was accepted but its byte at $b is lost" ;;
      rejected) rejected=$((rejected + 1))
        [ "$(byte_at "$rom" "$b")" = "$(byte_at "$sample" "$b")" ] || bad "proposal $a was rejected but its byte at $b is in the ROM" ;;
      wrote) wrote=$((wrote + 1))
        [ "$(byte_at "$rom" "$a")" = "$b" ] || bad "the direct edit at $a is lost" ;;
      cas) cas=$((cas + 1)) ;;
      error) errors=$((errors + 1)); echo "error: $a $b $c $rest" >&2 ;;
    esac
  done <"$log"
done
[ "$errors" = 0 ] || bad "$errors operations failed for other reasons"
[ "$accepted" -gt 0 ] || bad "no proposal was accepted"
listed=$("$z3ed" agent proposal list --status accepted --format json | json_num count)
[ "$listed" = "$accepted" ] || bad "the registry lists $listed accepted proposals, the agents were told $accepted"
"$z3ed" rom validate --rom "$rom" >/dev/null || bad "rom validate fails on the ROM afterwards"
left=$(find "$work" -name '*.z3tmp.*' | head -3)
[ -z "$left" ] || bad "temporaries left: $left"
ops=$((accepted + rejected + cas + wrote + errors))
echo "agents_stress: $workers agents + 1 editor for ${elapsed}s: $accepted accepted, $rejected rejected," \
  "$wrote direct edits, $cas refused by the compare-and-swap, $errors errors; $ops decisions and edits" \
  "($(echo "scale=1; $ops / $elapsed" | bc)/s)"
exit $fail
