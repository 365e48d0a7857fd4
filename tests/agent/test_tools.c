/* agent/tools: schemas, safety enforcement, limits, audit; every command run from its examples. */
#include <ctype.h>
#include <dirent.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "agent/tools.h"
#include "test.h"

/* ---- a workspace holding every file the table's examples name ----------- */

static char *workspace;

static void sh(const char *fmt, const char *arg) {
  char *cmd = z3_strfmt(fmt, arg, arg, arg, arg);
  assert_int_equal(system(cmd), 0);
  free(cmd);
}

static int setup(void **state) {
  (void)state;
  workspace = z3_test_tmpdir();
  char *cmd = z3_strfmt(
      "cd '%s' && mkdir -p samples sheets && cp '%s' samples/sample.sfc && cp samples/sample.sfc base.sfc && "
      "cp base.sfc zelda3.sfc && cp base.sfc hack.sfc && printf 'X' | dd of=hack.sfc bs=1 seek=70000 conv=notrunc 2>/dev/null && "
      "'%s' patch create --from base.sfc --to hack.sfc --output hack.bps -q && "
      "'%s' patch create --from base.sfc --to hack.sfc --output hack.ips -q && "
      "head -c 1536 hack.sfc > sheet.bin && cp sheet.bin map.bin && "
      "printf 'org $1BD30A\\ndb $D8, $18\\n' > hook.asm && "
      "printf '[labels]\\n00:8000 MyHook\\n00:8010 MyHook_loop\\n' > hack.sym && printf 'SnesPrgRom:0:MyHook\\n' > hack.mlb && "
      "'%s' compress encode --in sheet.bin --out sheet.lz2 -q && "
      "'%s' rom generate-golden --rom hack.sfc --output hack.golden.json -q && "
      "'%s' palette export --rom base.sfc --group ow_main --index 0 --out ow0.pal -q && "
      "'%s' gfx export --rom base.sfc --sheet 0 --out sheets -q && "
      "'%s' overworld export --rom base.sfc --map 0x00 --out area00.json -q && "
      "'%s' overworld overlay --rom base.sfc --map 0x00 --format json > gate.json && "
      "'%s' agent proposal create --rom hack.sfc --title 'for the examples' -q && "
      "'%s' script record start --file recorded.z3edscript -q && '%s' rom info --rom base.sfc -q && "
      "'%s' script record stop -q && '%s' dungeon export --rom base.sfc --room 0x012 --out room.json -q && "
      "'%s' message export --rom base.sfc --out messages.json -q && "
      "sed -i 's/Welcome to the sample world/Welcome to the edited world/' messages.json",
      workspace, Z3_SAMPLE, Z3_EXE, Z3_EXE, Z3_EXE, Z3_EXE, Z3_EXE, Z3_EXE, Z3_EXE, Z3_EXE, Z3_EXE, Z3_EXE, Z3_EXE, Z3_EXE,
      Z3_EXE, Z3_EXE);
  int rc = system(cmd);
  free(cmd);
  /* dev cpu-conformance's examples read the vector files in vectors/, spc-conformance's
   * those in spc-vectors/. */
  cmd = z3_strfmt("mkdir -p '%s/vectors' '%s/spc-vectors' && "
                  "cp '%s/fuzz/corpora/cpu_vectors/hand_written.json' '%s/vectors/' && "
                  "cp '%s/fuzz/corpora/spc_vectors/hand_written.json' '%s/spc-vectors/'",
                  workspace, workspace, Z3_SOURCE_DIR, workspace, Z3_SOURCE_DIR, workspace);
  if (rc == 0) rc = system(cmd);
  free(cmd);
  /* sprite link-info/link-import read hero.zspr (a Link one byte unlike the ROMs'), gfx
   * render-scad a screen set in scad/, music import title.txt (one note changed), project
   * status the project my-hack/. */
  cmd = z3_strfmt("cd '%s' && cp base.sfc link.sfc && printf 'Z' | dd of=link.sfc bs=1 seek=524304 conv=notrunc 2>/dev/null && "
                  "'%s' sprite link-export --rom link.sfc --out hero.zspr -q && "
                  "'%s' gfx export --rom base.sfc --format scr --map 0x00 --out scad -q && "
                  "'%s' music export --rom base.sfc --song 1 --out title.txt -q && sed -i 's/c5 e5 g5/c5 e5 a5/' title.txt && "
                  "'%s' project init --base base.sfc --dir my-hack -q",
                  workspace, Z3_EXE, Z3_EXE, Z3_EXE, Z3_EXE);
  if (rc == 0) rc = system(cmd);
  free(cmd);
  /* dungeon set-collision edits collision.sfc: the sample at 2 MiB with ZScream's custom
   * collision, room 0x012's list at 0x128450 ($25:8450) setting one tile. */
  cmd = z3_strfmt("cd '%s' && cp base.sfc collision.sfc && truncate -s 2M collision.sfc && "
                  "printf '\\120\\204\\045' | dd of=collision.sfc bs=1 seek=$((0x128090 + 3 * 0x12)) conv=notrunc 2>/dev/null && "
                  "printf '\\360\\360\\020\\002\\010\\377\\377' | dd of=collision.sfc bs=1 seek=$((0x128450)) conv=notrunc 2>/dev/null",
                  workspace);
  if (rc == 0) rc = system(cmd);
  free(cmd);
  /* code queries read an index: a small C tree and a 65816 hack, indexed, that hold the
   * names the examples ask for. */
  cmd = z3_strfmt(
      "cd '%s' && mkdir -p src/snes src/cmd src/app asm-hack && "
      "printf 'int z3_rom_write(void) { return 0; }\n' > src/snes/rom.c && "
      "printf 'typedef struct z3_buf { int len; } z3_buf;\ntypedef enum z3_status { Z3_OK } z3_status;\n"
      "int z3_cmd_run(void);\nint z3_rom_write(void);\n' > src/cmd/cmd.h && "
      "printf '#include \"../cmd/cmd.h\"\nint z3_cmd_run(void) { return z3_rom_write(); }\n"
      "int main(void) { return z3_cmd_run(); }\n' > src/app/main.c && "
      "printf 'LoadGraphics:\n  JSL Sprite_Main\n  RTL\nSprite_Main:\n  RTL\n' > asm-hack/main.asm && "
      "'%s' code index --root . -q && '%s' code index --root asm-hack -q",
      workspace, Z3_EXE, Z3_EXE);
  if (rc == 0) rc = system(cmd);
  free(cmd);
  return rc == 0 ? chdir(workspace) : -1;
}

static int teardown(void **state) {
  (void)state;
  sh("rm -rf '%s'", workspace);
  free(workspace);
  return 0;
}

/* Listing and contents of the workspace, to compare before and after. */
static char *snapshot(void) {
  /* SQLite's -wal/-shm side files come and go with any reader; the database itself may not change */
  FILE *p = popen("find . -type f ! -name '*-wal' ! -name '*-shm' | LC_ALL=C sort | xargs sha1sum", "r");
  z3_buf b;
  z3_buf_init(&b);
  char line[512];
  while (p && fgets(line, sizeof line, p)) z3_buf_printf(&b, "%s", line);
  if (p) pclose(p);
  return z3_buf_take_string(&b);
}

/* "z3ed rom info --rom x --format json" -> tool name and JSON arguments
 * (global output flags dropped: they are not tool arguments). */
static const z3_command *parse_example(const char *example, json_t **args) {
  char words[32][256];
  int n = 0;
  for (const char *p = example; *p && n < 32;) {
    while (*p == ' ') p++;
    if (!*p) break;
    char quote = (*p == '\'' || *p == '"') ? *p++ : 0;
    size_t len = 0;
    while (*p && (quote ? *p != quote : *p != ' ') && len < 255) words[n][len++] = *p++;
    if (quote && *p) p++;
    words[n++][len] = '\0';
  }
  const z3_command *cmd = NULL;
  int i = 3;
  for (size_t c = 0; c < z3_command_count && !cmd; c++) {
    const z3_command *k = &z3_commands[c];
    char two[520];
    snprintf(two, sizeof two, "%s %s", words[2], n > 3 ? words[3] : "");
    if (strcmp(k->resource, words[1]) != 0) continue;
    if (strcmp(k->action, words[2]) == 0) cmd = k;
    else if (strcmp(k->action, two) == 0) cmd = k, i = 4;
  }
  *args = json_object();
  for (; cmd && i < n; i++) {
    const char *flag = words[i] + 2;
    const z3_arg_spec *spec = z3_command_arg(cmd, flag);
    bool takes_value = !spec || spec->type != Z3_ARG_BOOL;
    const char *value = takes_value && i + 1 < n ? words[++i] : NULL;
    if (!spec) continue; /* --format, --output-format, report --output */
    char key[64];
    snprintf(key, sizeof key, "%s", flag);
    for (char *k = key; *k; k++) if (*k == '-') *k = '_';
    if (spec->type == Z3_ARG_BOOL) json_object_set_new(*args, key, json_true());
    else if (spec->type == Z3_ARG_INT) json_object_set_new(*args, key, json_integer(strtoll(value, NULL, 0)));
    else json_object_set_new(*args, key, json_string(value));
  }
  return cmd;
}

/* Every declared field present in a result has the declared JSON type (or null). */
static void assert_matches_output_schema(const z3_command *cmd, const json_t *result) {
  for (const z3_field_spec *f = cmd->returns; f && f->name; f++) {
    json_t *v = json_object_get(result, f->name);
    if (!v || json_is_null(v) || strcmp(f->type, "any") == 0) continue;
    bool ok = (strcmp(f->type, "string") == 0 && json_is_string(v)) ||
              (strcmp(f->type, "integer") == 0 && json_is_integer(v)) ||
              (strcmp(f->type, "number") == 0 && json_is_number(v)) ||
              (strcmp(f->type, "boolean") == 0 && json_is_boolean(v)) ||
              (strcmp(f->type, "object") == 0 && json_is_object(v)) ||
              (strcmp(f->type, "array") == 0 && json_is_array(v));
    if (!ok) print_error("%s %s: field '%s' is not a %s\n", cmd->resource, cmd->action, f->name, f->type);
    assert_true(ok);
  }
}

/* ---- schemas ------------------------------------------------------------------ */

Z3_TEST(test_tools_list__names_and_schemas_are_portable) {
  (void)state;
  regex_t name_rx;
  assert_int_equal(regcomp(&name_rx, "^[a-z][a-z0-9_]{0,63}$", REG_EXTENDED | REG_NOSUB), 0);
  json_t *list = z3_tools_list();
  assert_int_equal(json_array_size(list), z3_command_count);
  size_t i;
  json_t *t;
  json_array_foreach(list, i, t) {
    const char *name = json_string_value(json_object_get(t, "name"));
    assert_int_equal(regexec(&name_rx, name, 0, NULL, 0), 0);
    assert_ptr_equal(z3_tool_find(name), &z3_commands[i]);
    char *longer = z3_strfmt("%sx", name), *shorter = z3_strfmt("%.*s", (int)strlen(name) - 1, name);
    assert_null(z3_tool_find(longer)); /* the whole name, not a prefix of it */
    assert_true(z3_tool_find(shorter) != &z3_commands[i]);
    z3_free(longer);
    z3_free(shorter);
    json_t *in = json_object_get(t, "inputSchema");
    assert_string_equal(json_string_value(json_object_get(in, "type")), "object");
    json_t *req = json_object_get(in, "required"), *props = json_object_get(in, "properties");
    size_t k;
    json_t *r;
    json_array_foreach(req, k, r) assert_non_null(json_object_get(props, json_string_value(r)));
    const char *key;
    json_t *p;
    json_object_foreach(props, key, p) {
      assert_true(json_is_string(json_object_get(p, "type"))); /* one type, never an array */
      assert_non_null(json_object_get(p, "description"));
    }
    json_t *gemini = z3_tool_schema_for_provider(in, Z3_DIALECT_GEMINI);
    assert_null(json_object_get(gemini, "additionalProperties"));
    json_decref(gemini);
    json_t *ann = json_object_get(t, "annotations");
    bool changes_nothing = z3_commands[i].safety == Z3_SAFETY_READ_ONLY || z3_commands[i].safety == Z3_SAFETY_RUNS_EMULATOR;
    assert_int_equal(json_is_true(json_object_get(ann, "readOnlyHint")), changes_nothing);
    assert_int_equal(json_is_true(json_object_get(ann, "openWorldHint")), z3_commands[i].safety == Z3_SAFETY_NETWORK);
  }
  json_decref(list);
  regfree(&name_rx);
}

/* ---- every read-only command changes nothing -------------------------------- */

Z3_TEST(test_tools_read_only__no_command_changes_a_byte_or_writes_a_file) {
  (void)state;
  char *before = snapshot();
  z3_tool_session s = {.agent = true};
  int ran = 0;
  for (size_t c = 0; c < z3_command_count; c++) {
    const z3_command *cmd = &z3_commands[c];
    if (cmd->safety != Z3_SAFETY_READ_ONLY) continue;
    for (const char *const *e = cmd->examples; *e; e++) {
      json_t *args;
      const z3_command *parsed = parse_example(*e, &args);
      assert_ptr_equal(parsed, cmd);
      char *tool = z3_command_tool_name(cmd);
      z3_tool_result r;
      z3_status st = z3_tool_call(&s, tool, args, &r);
      if (st != Z3_OK && st != Z3_E_CHECK) print_error("%s: %s\n", *e, r.error.message);
      assert_true(st == Z3_OK || st == Z3_E_CHECK);
      assert_matches_output_schema(cmd, r.result);
      z3_tool_result_release(&r);
      z3_free(tool);
      json_decref(args);
      ran++;
    }
  }
  char *after = snapshot();
  assert_string_equal(before, after);
  assert_true(ran >= 15);
  free(before);
  free(after);
}

/* ---- mutating commands: dry run writes nothing, the change log tells the truth */

static long long differing_bytes(const char *a, const char *b) {
  char *cmd = z3_strfmt("cmp -l '%s' '%s' 2>/dev/null | wc -l; stat -c %%s '%s' '%s'", a, b, a, b);
  FILE *p = popen(cmd, "r");
  long long diff = -1, sa = 0, sb = 0;
  if (fscanf(p, "%lld %lld %lld", &diff, &sa, &sb) != 3) diff = -1;
  pclose(p);
  free(cmd);
  return diff + (sa > sb ? sa - sb : sb - sa);
}

Z3_TEST(test_tools_mutating__dry_run_and_change_log_are_honest) {
  (void)state;
  sh("rm -rf sandbox && mkdir sandbox%s", "");
  z3_tool_session s = {.agent = true, .sandbox_dir = "sandbox"};
  int ran = 0, changed_something = 0;
  for (size_t c = 0; c < z3_command_count; c++) {
    const z3_command *cmd = &z3_commands[c];
    if (!(cmd->flags & Z3_CMD_MUTATES_ROM)) continue;
    json_t *args;
    parse_example(cmd->examples[0], &args);
    /* an example naming a fixture ROM (collision.sfc: a layout hack.sfc lacks) edits a copy of it */
    const char *given = json_string_value(json_object_get(args, "rom"));
    const char *from = given && strcmp(given, "collision.sfc") == 0 ? given : "hack.sfc";
    sh("cp %s sandbox/rom.sfc && cp %s sandbox/before.sfc", from);
    json_object_set_new(args, "rom", json_string("sandbox/rom.sfc"));
    json_object_set_new(args, "no_backup", json_true());
    char *tool = z3_command_tool_name(cmd);
    z3_tool_result r;
    json_object_set_new(args, "dry_run", json_true());
    z3_status st = z3_tool_call(&s, tool, args, &r);
    if (st) print_error("%s (dry run): %s\n", cmd->examples[0], r.error.message);
    assert_int_equal(st, Z3_OK);
    assert_int_equal(differing_bytes("sandbox/rom.sfc", "sandbox/before.sfc"), 0);
    z3_tool_result_release(&r);
    json_object_set_new(args, "dry_run", json_false());
    assert_ok(z3_tool_call(&s, tool, args, &r), &r.error);
    json_int_t logged = json_integer_value(json_object_get(r.result, "bytes_changed"));
    assert_int_equal(differing_bytes("sandbox/rom.sfc", "sandbox/before.sfc"), logged);
    changed_something += logged > 0; /* some examples re-import what is there */
    z3_tool_result_release(&r);
    z3_free(tool);
    json_decref(args);
    ran++;
  }
  assert_true(ran >= 7);
  /* no-ops on this ROM by design: re-imports of what is there, and gfx repack of a packed ROM */
  assert_true(changed_something >= ran - 3);
}

/* ---- safety rules ------------------------------------------------------------- */

Z3_TEST(test_tools_safety__writes_stay_in_the_sandbox) {
  (void)state;
  sh("rm -rf sandbox && mkdir sandbox && cp hack.sfc sandbox/rom.sfc && cp hack.sfc outside.sfc%s", "");
  json_t *args = json_pack("{s:s}", "rom", "outside.sfc");
  z3_tool_result r;
  z3_tool_session none = {.agent = true};
  assert_int_equal(z3_tool_call(&none, "rom_fix_checksum", args, &r), Z3_E_USAGE);
  assert_non_null(strstr(r.error.message, "no proposal sandbox"));
  z3_tool_session s = {.agent = true, .sandbox_dir = "sandbox"};
  assert_int_equal(z3_tool_call(&s, "rom_fix_checksum", args, &r), Z3_E_USAGE);
  assert_non_null(strstr(r.error.message, "outside the sandbox"));
  json_object_set_new(args, "output", json_string("sandbox/../escape.sfc"));
  assert_int_equal(z3_tool_call(&s, "rom_fix_checksum", args, &r), Z3_E_USAGE);
  json_object_set_new(args, "output", json_string("sandbox/fixed.sfc"));
  assert_ok(z3_tool_call(&s, "rom_fix_checksum", args, &r), &r.error); /* reads outside, writes inside */
  z3_tool_result_release(&r);
  assert_int_equal(differing_bytes("outside.sfc", "hack.sfc"), 0);
  json_t *exp = json_pack("{s:s,s:s,s:s}", "rom", "base.sfc", "sheet", "0", "out", "elsewhere");
  assert_int_equal(z3_tool_call(&s, "gfx_export", exp, &r), Z3_E_USAGE); /* writes-files too */
  assert_false(z3_file_exists("elsewhere"));
  json_t *script = json_pack("{s:s,s:s}", "file", "nothing.z3edscript", "rom", "sandbox/rom.sfc");
  assert_int_equal(z3_tool_call(&s, "script_run", script, &r), Z3_E_USAGE); /* it would run steps as a person */
  assert_non_null(strstr(r.error.message, "for people only"));
  json_decref(script);
  z3_tool_session human = {.agent = false};
  json_object_set_new(args, "output", json_string("human.sfc"));
  assert_ok(z3_tool_call(&human, "rom_fix_checksum", args, &r), &r.error); /* people are not sandboxed */
  z3_tool_result_release(&r);
  json_decref(exp);
  json_decref(args);
}

Z3_TEST(test_tools_call__argument_errors_are_clear) {
  (void)state;
  z3_tool_session s = {.agent = true, .default_rom = "base.sfc"};
  z3_tool_result r;
  assert_int_equal(z3_tool_call(&s, "rom_infoo", NULL, &r), Z3_E_NOT_FOUND);
  json_t *bad = json_pack("{s:s}", "max_rangez", "3");
  assert_int_equal(z3_tool_call(&s, "rom_diff", bad, &r), Z3_E_USAGE);
  assert_string_equal(r.error.hint, "did you mean 'max_ranges'?");
  json_decref(bad);
  bad = json_pack("{s:s,s:s,s:b}", "from", "base.sfc", "to", "hack.sfc", "max_ranges", 1);
  assert_int_equal(z3_tool_call(&s, "rom_diff", bad, &r), Z3_E_USAGE);
  assert_non_null(strstr(r.error.message, "must be an integer"));
  json_decref(bad);
  bad = json_pack("{s:i}", "version", 256);
  assert_int_equal(z3_tool_call(&s, "rom_header_set", bad, &r), Z3_E_USAGE);
  json_decref(bad);
  json_t *arr = json_array();
  assert_int_equal(z3_tool_call(&s, "rom_info", arr, &r), Z3_E_USAGE);
  json_decref(arr);
  assert_ok(z3_tool_call(&s, "rom_info", NULL, &r), &r.error); /* the session's ROM */
  assert_string_equal(json_string_value(json_object_get(r.result, "path")), "base.sfc");
  z3_tool_result_release(&r);
}

/* ---- limits and audit ----------------------------------------------------------- */

Z3_TEST(test_tools_limits__bytes_output_and_time) {
  (void)state;
  sh("rm -rf sandbox && mkdir sandbox && cp base.sfc sandbox/rom.sfc && cp base.sfc sandbox/before.sfc%s", "");
  z3_tool_session s = {.agent = true, .sandbox_dir = "sandbox", .limits = {.max_rom_bytes_changed = 4}};
  json_t *args = json_pack("{s:s,s:s,s:b}", "rom", "sandbox/rom.sfc", "title", "A LONGER TITLE", "no_backup", 1);
  z3_tool_result r;
  assert_int_equal(z3_tool_call(&s, "rom_header_set", args, &r), Z3_E_USAGE);
  assert_non_null(strstr(r.error.message, "its limit is 4"));
  assert_int_equal(differing_bytes("sandbox/rom.sfc", "sandbox/before.sfc"), 0);
  json_decref(args);
  z3_tool_session small = {.agent = true, .default_rom = "base.sfc", .limits = {.max_output_bytes = 100}};
  assert_int_equal(z3_tool_call(&small, "rom_info", NULL, &r), Z3_E_USAGE);
  assert_non_null(strstr(r.error.message, "over this session's limit of 100"));
  z3_tool_session timed = {.agent = true, .default_rom = "base.sfc", .limits = {.max_seconds = 30}};
  assert_ok(z3_tool_call(&timed, "rom_info", NULL, &r), &r.error); /* through a child process */
  assert_string_equal(json_string_value(json_object_get(r.result, "mapping")), "LoROM");
  z3_tool_result_release(&r);
  json_t *slow = json_pack("{s:s,s:s,s:s,s:b}", "rom", "base.sfc", "sheet", "all", "out", "sandbox/all", "dry_run", 1);
  z3_tool_session hurried = {.agent = true, .sandbox_dir = "sandbox", .limits = {.max_seconds = 0.0005}};
  assert_int_equal(z3_tool_call(&hurried, "gfx_export", slow, &r), Z3_E_USAGE);
  assert_non_null(strstr(r.error.message, "longer than its limit"));
  json_decref(slow);
}

Z3_TEST(test_tools_audit__one_line_per_call) {
  (void)state;
  unlink("audit.jsonl");
  z3_tool_session s = {.agent = true, .default_rom = "base.sfc", .audit_path = "audit.jsonl"};
  z3_tool_result r;
  assert_ok(z3_tool_call(&s, "rom_info", NULL, &r), &r.error);
  z3_tool_result_release(&r);
  z3_tool_call(&s, "nope", NULL, &r);
  json_t *bad = json_pack("{s:s}", "output", "x.sfc");
  z3_tool_call(&s, "rom_fix_checksum", bad, &r); /* refused: still audited */
  json_decref(bad);
  json_t *keyed = json_pack("{s:s,s:s}", "prompt", "hi", "api_key", "SEKRIT-123");
  z3_tool_call(&s, "agent_plan", keyed, &r); /* people-only: refused, audited without the key */
  json_decref(keyed);
  FILE *f = fopen("audit.jsonl", "r");
  char line[4096];
  int n = 0;
  const char *want[] = {"ok", "not_found", "usage", "usage"};
  while (fgets(line, sizeof line, f)) {
    assert_null(strstr(line, "SEKRIT"));
    json_t *j = json_loads(line, 0, NULL);
    assert_non_null(j);
    assert_string_equal(json_string_value(json_object_get(j, "status")), want[n]);
    json_decref(j);
    n++;
  }
  fclose(f);
  assert_int_equal(n, 4);
}

/* A raised cancel flag stops the call's process (a write), or refuses a fast
 * in-process call before it starts; a lowered one lets it run. */
Z3_TEST(test_tools_cancel__a_cancelled_call_is_stopped) {
  (void)state;
  atomic_bool cancel = true;
  z3_tool_session s = {.agent = true, .default_rom = "base.sfc", .cancel = &cancel, .sandbox_dir = "."};
  z3_tool_result r;
  assert_true(z3_tool_runs_in_process(z3_tool_find("rom_info")));
  assert_false(z3_tool_runs_in_process(z3_tool_find("rom_fix_checksum")));
  assert_false(z3_tool_runs_in_process(z3_tool_find("dev_cpu_conformance"))); /* read-only but long */
  assert_int_equal(z3_tool_call(&s, "rom_info", NULL, &r), Z3_E_USAGE);
  assert_non_null(strstr(r.error.message, "cancelled"));
  z3_tool_result_release(&r);
  json_t *dry = json_pack("{s:b}", "dry_run", 1);
  assert_int_equal(z3_tool_call(&s, "rom_fix_checksum", dry, &r), Z3_E_USAGE);
  json_decref(dry);
  assert_non_null(strstr(r.error.message, "cancelled and stopped"));
  z3_tool_result_release(&r);
  atomic_store(&cancel, false);
  assert_ok(z3_tool_call(&s, "rom_info", NULL, &r), &r.error);
  assert_non_null(json_object_get(r.result, "sha1"));
  z3_tool_result_release(&r);
}

/* Tool callers read JSON, so commands with a people-only text shape give them objects. */
Z3_TEST(test_tools_call__results_are_shaped_for_machines) {
  (void)state;
  z3_tool_session s = {.agent = true, .default_rom = "base.sfc"};
  json_t *args = json_pack("{s:s,s:i}", "address", "$00:8000", "count", 3);
  z3_tool_result r;
  assert_ok(z3_tool_call(&s, "asm_disassemble", args, &r), &r.error);
  json_t *insns = json_object_get(r.result, "instructions");
  assert_int_equal(json_array_size(insns), 3);
  assert_string_equal(json_string_value(json_object_get(json_array_get(insns, 0), "mnemonic")), "SEI");
  z3_tool_result_release(&r);
  json_decref(args);
}

/* A list argument is a JSON array; each item reaches the command as a repeated flag. */
Z3_TEST(test_tools_call__list_arguments_take_arrays) {
  (void)state;
  z3_tool_session s = {.agent = true, .default_rom = "base.sfc"};
  json_t *schema = z3_tool_input_schema(z3_tool_find("emu_run"));
  json_t *read = json_object_get(json_object_get(schema, "properties"), "read");
  assert_string_equal(json_string_value(json_object_get(read, "type")), "array");
  json_decref(schema);
  json_t *args = json_pack("{s:i,s:[s,s]}", "frames", 1, "read", "bus:$00:FFFC:2", "wram:0:4");
  z3_tool_result r;
  assert_ok(z3_tool_call(&s, "emu_run", args, &r), &r.error);
  json_t *reads = json_object_get(r.result, "reads");
  assert_int_equal(json_array_size(reads), 2);
  assert_string_equal(json_string_value(json_object_get(json_array_get(reads, 1), "region")), "wram");
  z3_tool_result_release(&r);
  json_decref(args);
  args = json_pack("{s:[i]}", "read", 5);
  assert_int_equal(z3_tool_call(&s, "emu_run", args, &r), Z3_E_USAGE);
  assert_non_null(strstr(r.error.message, "item 0 must be a string"));
  z3_tool_result_release(&r);
  json_decref(args);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tools_list__names_and_schemas_are_portable),
      cmocka_unit_test(test_tools_read_only__no_command_changes_a_byte_or_writes_a_file),
      cmocka_unit_test(test_tools_mutating__dry_run_and_change_log_are_honest),
      cmocka_unit_test(test_tools_safety__writes_stay_in_the_sandbox),
      cmocka_unit_test(test_tools_call__argument_errors_are_clear),
      cmocka_unit_test(test_tools_limits__bytes_output_and_time),
      cmocka_unit_test(test_tools_audit__one_line_per_call),
      cmocka_unit_test(test_tools_cancel__a_cancelled_call_is_stopped),
      cmocka_unit_test(test_tools_call__results_are_shaped_for_machines),
      cmocka_unit_test(test_tools_call__list_arguments_take_arrays),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
