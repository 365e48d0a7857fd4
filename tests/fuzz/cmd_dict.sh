#!/bin/sh
# fuzz/dicts/cmd.dict (cmd_parse's words) is the command table's as it is now:
# a command or flag added without regenerating it would be reached only by chance.
z3ed=${1:?usage: cmd_dict.sh Z3ED SOURCE_DIR}
root=${2:?usage: cmd_dict.sh Z3ED SOURCE_DIR}
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
"$root/scripts/cmd-parse-seeds.sh" "$z3ed" "$work" "$work/cmd.dict" || exit 1
diff -u "$root/fuzz/dicts/cmd.dict" "$work/cmd.dict" && exit 0
echo "fuzz/dicts/cmd.dict is not the command table's: run scripts/cmd-parse-seeds.sh Z3ED SEEDS_DIR fuzz/dicts/cmd.dict"
exit 1
