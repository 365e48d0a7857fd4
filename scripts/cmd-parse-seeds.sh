#!/bin/sh
# Seeds for fuzz/corpora/cmd_parse and its dictionary, from the command table as
# `z3ed agent describe` lists it:
#   - CORPUS_DIR/cmd-NAME: one argv per command with every flag given a value of
#     its type, words NUL-separated as the target splits its input;
#   - DICT: the table's words (resources, actions, flags, choices).
# tests/fuzz/cmd_dict.sh checks that fuzz/dicts/cmd.dict is what this writes now.
#   cmd-parse-seeds.sh Z3ED CORPUS_DIR DICT
set -eu
z3ed=${1:?usage: cmd-parse-seeds.sh Z3ED CORPUS_DIR DICT}
corpus=${2:?usage: cmd-parse-seeds.sh Z3ED CORPUS_DIR DICT}
dict=${3:?usage: cmd-parse-seeds.sh Z3ED CORPUS_DIR DICT}
described=$(mktemp)
trap 'rm -f "$described"' EXIT
"$z3ed" agent describe --format json >"$described"

# A value for each kind of flag; bools take none, ints their maximum (1 without a range;
# jq holds numbers as doubles, so a maximum past 2^53 is INT64_MAX, the only one there is).
words='def top: if . >= 9007199254740992 then "9223372036854775807" else tostring end;
       def value: if .type == "enum" then .choices[-1]
                   elif .type == "int" then (if (.min // 0) < (.max // 0) then (.max // 1 | top) else "1" end)
                   else {"address": "$02:A5EC", "path": "in.sfc", "output-path": "out.sfc",
                         "list": "a,b", "string": "x"}[.type] end;
       [.resource, .action] + [.arguments[] | "--" + .name, (value // empty)]'
# One pass over the table: a line per command, its name and words tab-separated (no word
# holds a tab or a newline), split into NUL-separated files here.
tab=$(printf '\t')
jq -r ".result.commands[] | [.name] + ($words) | join(\"\\t\")" "$described" |
  while IFS= read -r line; do
    printf '%s' "${line#*$tab}" | tr '\t' '\000' >"$corpus/cmd-${line%%$tab*}"
  done

{
  echo "# z3ed's command table: resources, actions, flags and choices (scripts/cmd-parse-seeds.sh)"
  jq -r '[.result.commands[] | .resource, .action, (.arguments[] | "--" + .name, (.choices // [])[])]
         + ["--format", "json", "text", "--help", "-h"] | unique[]
         | "\"\\x00" + (gsub("\\\\"; "\\\\") | gsub("\""; "\\\"")) + "\""' "$described"
} >"$dict"
