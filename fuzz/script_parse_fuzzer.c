/*
 * Fuzzes the TOML reader and the script checks (.z3edscript files come from
 * anywhere: shared workflows, agents). A document that parses must be an
 * object with a position for every top-level key, and writing it and reading
 * it back must give the same document; a failure must name the file, line
 * and column. A script that parses has at least one step, each with a tool
 * name, and the table checks run without crashing.
 *
 * The seeds in fuzz/corpora/script_parse/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agent/script.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_toml(const char *text, size_t size) {
  json_t *doc, *positions;
  z3_error err;
  z3_error_init(&err);
  if (z3_toml_parse(text, size, "fuzz.toml", &doc, &positions, &err) != Z3_OK) {
    if (doc || positions || strncmp(err.message, "fuzz.toml:", 10) != 0) abort();
    return;
  }
  if (!json_is_object(doc) || !json_is_object(positions)) abort();
  const char *key;
  json_t *v;
  json_object_foreach(doc, key, v) if (!json_object_get(positions, key)) abort();
  char *written = z3_toml_write(doc);
  if (!written) abort();
  json_t *back;
  if (z3_toml_parse(written, strlen(written), "written.toml", &back, NULL, &err) != Z3_OK) abort();
  if (!json_equal(doc, back)) abort();
  json_decref(back);
  z3_free(written);
  json_decref(doc);
  json_decref(positions);
}

static void check_script(const char *text, size_t size) {
  z3_script s;
  z3_error err;
  z3_error_init(&err);
  if (z3_script_parse(&s, text, size, "fuzz.z3edscript", &err) != Z3_OK) {
    if (!err.message[0]) abort();
    return;
  }
  if (s.step_count == 0) abort();
  for (size_t i = 0; i < s.step_count; i++)
    if (!s.steps[i].tool) abort();
  json_t *problems = json_array();
  z3_script_check(&s, problems);
  json_t *steps = z3_script_steps_json(&s);
  if (json_array_size(steps) != s.step_count) abort();
  json_decref(steps);
  json_decref(problems);
  z3_script_release(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  check_toml((const char *)data, size);
  check_script((const char *)data, size);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

static void seed(const char *dir, const char *name, const char *text) { write_seed(dir, name, text, strlen(text)); }

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  seed(argv[1], "script-retitle",
       "# a script\nname = \"retitle\"\ndescription = \"set the title\"\n"
       "rom_sha1 = \"0123456789abcdef0123456789abcdef01234567\"\nduration = 0.25\nsuccess = true\n\n"
       "[[step]]\ncommand = \"rom header set\"\nnote = 'keeps the checksum valid'\n[step.args]\n"
       "title = \"MY HACK\"\nregion = \"europe\"\nversion = 2\nno_backup = true\n\n"
       "[[step]]\ntool = \"rom_validate\"\nexpect = { valid = true }\n\n"
       "[[step]]\ntool = \"rom_diff\"\nargs = { from = \"a.sfc\", to = \"b.sfc\", max_ranges = 0x10 }\nexpect_exit = 1\n");
  seed(argv[1], "script-problems",
       "[[step]]\ntool = \"rom_inf\"\n[[step]]\ncommand = \"rom diff\"\nargs = { max_range = 3, from = 1 }\n");
  seed(argv[1], "toml-everything",
       "\xEF\xBB\xBF" "a.b.\"c d\" = 1_000\n'lit' = 'C:\\x'\nf = [1.5e3, -0.0, 0x1F, 0o7, 0b1, true, false]\n"
       "m = \"\"\"\nline \\\n   joined \\u00e9 \\U0001F600\"\"\"\nr = '''\nraw\n'''\n"
       "t = { x = [ { y = 1 } ], z = {} }\n[s.u]\nk = \"v\"\n[[arr]]\n[[arr.sub]]\nq = 1\n[[arr]]\r\n");
  seed(argv[1], "toml-errors", "a = 1\na = 2\n[t]\n[t]\nb = 1979-05-27\nc = \"\\q\"\nd = [1 2]\n");
  seed(argv[1], "toml-unclosed", "s = \"\"\"never\nclosed\n");
  seed(argv[1], "toml-deep", "a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n");
  return 0;
}
#endif
