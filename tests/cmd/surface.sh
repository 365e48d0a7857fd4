#!/usr/bin/env bash
# The command table's whole public surface, as the outside sees it: help (plain,
# markdown and per command), the agent catalog, shell completion and the MCP
# tool list. Written to OUTDIR, one file each, so two builds can be compared
# byte for byte (a refactor of how the table is assembled must not change them).
#   surface.sh Z3ED OUTDIR            write the files
#   surface.sh Z3ED OUTDIR MANIFEST   write them, then check their SHA-256 against MANIFEST
#   surface.sh Z3ED OUTDIR MANIFEST --update   write them and rewrite MANIFEST
set -euo pipefail
z3ed=$1 out=$2 manifest=${3:-} mode=${4:-}
mkdir -p "$out"
"$z3ed" help > "$out/help.txt"
"$z3ed" help --markdown > "$out/help.md"
"$z3ed" agent describe --format json --version surface > "$out/catalog.json"
"$z3ed" completion bash > "$out/completion.bash"
"$z3ed" completion zsh > "$out/completion.zsh"
: > "$out/help-each.txt"
while IFS=$'\t' read -r resource action; do
  # shellcheck disable=SC2086 # a two-word action is two words
  "$z3ed" "$resource" $action --help >> "$out/help-each.txt"
done < <(jq -r '.result.commands[] | [.resource, .action] | @tsv' "$out/catalog.json")
# tools/list is paged: one server per page, following nextCursor to the end
: > "$out/mcp-tools.json"
params='{}'
while [ -n "$params" ]; do
  printf '%s\n' \
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"surface","version":"1"}}}' \
    '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":$params}" |
    Z3ED_HOME="$out/state" "$z3ed" mcp | jq -c 'select(.id == 2)' > "$out/page.json"
  cat "$out/page.json" >> "$out/mcp-tools.json"
  params=$(jq -c 'if .result.nextCursor then {cursor: .result.nextCursor} else empty end' "$out/page.json")
done
rm -f "$out/page.json"
rm -rf "$out/state"
[ -n "$manifest" ] || exit 0
manifest=$(realpath "$manifest")
files=(help.txt help.md help-each.txt catalog.json completion.bash completion.zsh mcp-tools.json)
if [ "$mode" = --update ]; then
  (cd "$out" && sha256sum "${files[@]}") > "$manifest"
  exit 0
fi
if ! (cd "$out" && sha256sum --quiet -c "$manifest"); then
  echo "the command surface differs from $manifest (files above); the new files are in $out" >&2
  echo "hint: if the change was meant, run 'make docs' and commit the manifest with it" >&2
  exit 1
fi
