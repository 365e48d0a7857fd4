#!/usr/bin/env python3
"""Seeds for fuzz/corpora/cmd_parse: for every command of the table (as `z3ed agent
describe` lists it), one argv with every flag given a value of its type, NUL-separated
as the target splits its input; and fuzz/dicts/cmd.dict, the table's words.
usage: cmd-parse-seeds.py Z3ED CORPUS_DIR DICT"""
import json
import os
import subprocess
import sys

VALUES = {"int": None, "address": "$02:A5EC", "path": "in.sfc", "output-path": "out.sfc",
          "list": "a,b", "string": "x", "bool": None}


def words(cmd):
    out = [cmd["resource"], cmd["action"]]
    for a in cmd["arguments"]:
        out.append("--" + a["name"])
        if a["type"] == "enum":
            out.append(a["choices"][-1])
        elif a["type"] == "int":
            out.append(str(a.get("max", 1)) if a.get("min", 0) < a.get("max", 0) else "1")
        elif VALUES.get(a["type"]) is not None:
            out.append(VALUES[a["type"]])
    return out


def main():
    z3ed, corpus, dict_path = sys.argv[1], sys.argv[2], sys.argv[3]
    described = json.loads(subprocess.run([z3ed, "agent", "describe", "--format", "json"], check=True,
                                          capture_output=True, text=True).stdout)
    for cmd in described["result"]["commands"]:
        name = os.path.join(corpus, "cmd-" + cmd["name"])
        with open(name, "wb") as f:
            f.write(b"\0".join(w.encode() for w in words(cmd)))
    table_words = {"--format", "json", "text", "--help", "-h"}
    for cmd in described["result"]["commands"]:
        table_words.update([cmd["resource"], cmd["action"]])
        for a in cmd["arguments"]:
            table_words.add("--" + a["name"])
            table_words.update(a.get("choices", []))
    with open(dict_path, "w") as f:
        f.write("# z3ed's command table: resources, actions, flags and choices (scripts/cmd-parse-seeds.py)\n")
        for w in sorted(table_words):
            f.write('"\\x00%s"\n' % w.replace("\\", "\\\\").replace('"', '\\"'))


if __name__ == "__main__":
    main()
