#!/usr/bin/env bash
# Arrows point down: a file under src/<module>/ may include headers of the
# modules below it only (docs/architecture.md, "Layers as built"). A module that
# sits above cmd/ (agent, debug, server; gui and tui on top, beside app) registers its commands
# and observers with cmd/ instead of being named by it. A new folder under src/
# must be given its place here before anything in it builds on the others.
#   layers.sh SRC_DIR
set -euo pipefail
src=${1:?usage: layers.sh SRC_DIR}

declare -A may_include=(
  [base]="base"
  [snes]="base snes"
  [asm]="base snes asm"
  [emu]="base snes emu"
  [zelda3]="base snes zelda3"
  [cmd]="base snes asm emu zelda3 cmd"
  [devtools]="base snes asm emu zelda3 cmd devtools"
  [agent]="base snes asm emu zelda3 cmd devtools agent"
  [debug]="base snes asm emu zelda3 cmd devtools debug"
  [project]="base snes asm emu zelda3 cmd devtools agent project"
  [server]="base snes asm emu zelda3 cmd devtools agent debug server"
  [app]="base snes asm emu zelda3 cmd devtools agent debug server tui app"
  [gui]="base snes asm emu zelda3 cmd devtools agent debug server gui"
  [tui]="base snes asm emu zelda3 cmd devtools agent debug server tui"
)

bad=0
for dir in "$src"/*/; do
  module=$(basename "$dir")
  if [ -z "${may_include[$module]+set}" ]; then
    echo "src/$module/: a module without a place in the layers; add it to tests/arch/layers.sh" >&2
    bad=1
    continue
  fi
  allowed=" ${may_include[$module]} "
  while IFS=: read -r file line text; do
    header=$(sed -E 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]*)".*/\1/' <<<"$text")
    rel=${file#"$src"/}
    if [[ $header != */* ]]; then
      [ -f "$dir/$header" ] && continue
      echo "src/$rel:$line: \"$header\": name its module (\"$module/$header\" or the one that has it)" >&2
      bad=1
      continue
    fi
    target=${header%%/*}
    if [[ $header == ../* || $allowed != *" $target "* ]]; then
      echo "src/$rel:$line: includes \"$header\", but $module/ may include only from: ${may_include[$module]}" >&2
      bad=1
    fi
  done < <(grep -Hn -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$dir"*.c "$dir"*.h 2>/dev/null || true)
done
[ $bad -eq 0 ] && echo "layers: every include points down"
exit $bad
