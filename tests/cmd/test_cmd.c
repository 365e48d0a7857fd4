/* cmd: the table's invariants and everything generated from it. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "test.h"

/* Tool names must suit MCP and every LLM provider: letters, digits, _ and -. */
static bool valid_tool_name(const char *s) {
  if (!*s || strlen(s) > 64) return false;
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-') return false;
  return true;
}

Z3_TEST(test_cmd_table__every_entry_is_complete) {
  (void)state;
  assert_true(z3_command_count >= 12);
  for (size_t i = 0; i < z3_command_count; i++) {
    const z3_command *c = &z3_commands[i];
    assert_non_null(c->handler);
    assert_true(c->summary && c->summary[0] && islower((unsigned char)c->summary[0]));
    assert_true(c->summary[strlen(c->summary) - 1] != '.');
    assert_true(c->description && strlen(c->description) > 20);
    assert_true(c->effects && c->effects[0]);
    assert_true(c->examples && c->examples[0]);
    assert_true(c->returns && c->returns[0].name);
    for (const char *const *e = c->examples; *e; e++) {
      char prefix[96];
      snprintf(prefix, sizeof prefix, "z3ed %s %s", c->resource, c->action);
      assert_true(strncmp(*e, prefix, strlen(prefix)) == 0);
    }
    bool mutates = c->flags & (Z3_CMD_MUTATES_ROM | Z3_CMD_WRITES_FILE);
    /* running an emulator (a debug session) changes no file either; a command that starts
     * programs (a compiler, a profiler) is classed by that, whether or not it also writes */
    if (c->safety != Z3_SAFETY_RUNS_PROCESSES)
      assert_int_equal(mutates, c->safety != Z3_SAFETY_READ_ONLY && c->safety != Z3_SAFETY_RUNS_EMULATOR);
    for (size_t j = 0; z3_command_arg_at(c, j); j++) {
      const z3_arg_spec *a = z3_command_arg_at(c, j);
      assert_true(a->help && a->help[0]);
      assert_true(a->type != Z3_ARG_ENUM || a->choices);
      for (size_t k = j + 1; z3_command_arg_at(c, k); k++) /* no duplicate flag */
        assert_string_not_equal(a->name, z3_command_arg_at(c, k)->name);
    }
  }
}

/* Help, completion and the catalog group by resource: sections from several
 * modules (agent describe in one, proposals in another) must join adjacently. */
Z3_TEST(test_cmd_table__each_resource_is_one_run) {
  (void)state;
  for (size_t i = 1; i < z3_command_count; i++) {
    if (strcmp(z3_commands[i].resource, z3_commands[i - 1].resource) == 0) continue;
    for (size_t j = 0; j + 1 < i; j++) /* a resource that ended before must not start again */
      if (strcmp(z3_commands[j].resource, z3_commands[i].resource) == 0)
        fail_msg("'%s %s' is apart from the other '%s' commands", z3_commands[i].resource,
                 z3_commands[i].action, z3_commands[i].resource);
  }
}

Z3_TEST(test_cmd_table__tool_names_are_unique_and_valid) {
  (void)state;
  for (size_t i = 0; i < z3_command_count; i++) {
    char *a = z3_command_tool_name(&z3_commands[i]);
    assert_true(valid_tool_name(a));
    for (size_t j = i + 1; j < z3_command_count; j++) {
      char *b = z3_command_tool_name(&z3_commands[j]);
      assert_string_not_equal(a, b);
      z3_free(b);
    }
    z3_free(a);
  }
}

/* Defaults go through the same validation as typed values. */
Z3_TEST(test_cmd_parse__defaults_and_required) {
  (void)state;
  z3_cmd_ctx ctx;
  z3_error err;
  z3_error_init(&err);
  char *ok_argv[] = {"rom", "diff", "--from", "a", "--to=b"};
  assert_ok(z3_cmd_parse(&ctx, 5, ok_argv, &err), &err);
  assert_int_equal(z3_arg_int(&ctx, "max-ranges"), 50);
  assert_false(z3_arg_given(&ctx, "max-ranges"));
  assert_string_equal(z3_arg_str(&ctx, "to"), "b");
  char *missing[] = {"rom", "diff", "--from", "a"};
  assert_int_equal(z3_cmd_parse(&ctx, 4, missing, &err), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "needs --to"));
}

Z3_TEST(test_cmd_parse__suggestions) {
  (void)state;
  z3_cmd_ctx ctx;
  z3_error err;
  z3_error_init(&err);
  char *a1[] = {"patch", "aply"};
  assert_int_equal(z3_cmd_parse(&ctx, 2, a1, &err), Z3_E_USAGE);
  assert_string_equal(err.hint, "did you mean 'z3ed patch apply'?");
  z3_error_init(&err);
  char *a2[] = {"rom", "info", "--dryrun"};
  assert_int_equal(z3_cmd_parse(&ctx, 3, a2, &err), Z3_E_USAGE);
  assert_string_equal(err.hint, "did you mean '--dry-run'?");
  z3_error_init(&err);
  char *a3[] = {"rom", "header", "gte"};
  assert_int_equal(z3_cmd_parse(&ctx, 3, a3, &err), Z3_E_USAGE);
  z3_error_init(&err);
  char *a4[] = {"rom", "header", "get", "--rom", "x"};
  assert_ok(z3_cmd_parse(&ctx, 5, a4, &err), &err);
  assert_string_equal(ctx.cmd->action, "header get");
  assert_string_equal(ctx.rom_path, "x");
  assert_null(z3_suggest_resource("zzzzzzzz"));
}

/* An editor's document: the command edits the ROM in memory, reports only its own
 * changes, and neither loads nor writes the file --rom names. */
Z3_TEST(test_cmd_run_on__edits_a_rom_in_memory) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  const char *path = Z3_BINARY_DIR "/no-such-dir/in-memory.sfc";
  char *first[] = {"rom", "header", "set", "--title", "FIRST", "--rom", (char *)path};
  char *second[] = {"rom", "header", "set", "--version", "3", "--rom", (char *)path};
  z3_cmd_ctx ctx;
  assert_ok(z3_cmd_parse(&ctx, 7, first, &err), &err);
  assert_ok(z3_cmd_run_on(&ctx, rom, &err), &err);
  assert_null(ctx.rom);
  assert_null(json_object_get(ctx.result, "written"));
  z3_cmd_ctx_release(&ctx);
  size_t after_first = rom->change_count;
  assert_true(after_first > 0);
  assert_ok(z3_cmd_parse(&ctx, 7, second, &err), &err);
  assert_ok(z3_cmd_run_on(&ctx, rom, &err), &err);
  json_t *changes = json_object_get(ctx.result, "changes");
  assert_true(json_array_size(changes) > 0);
  for (size_t i = 0; i < json_array_size(changes); i++) /* none of the first command's title bytes */
    assert_true(json_integer_value(json_object_get(json_array_get(changes, i), "offset")) != 0x7FC0);
  z3_cmd_ctx_release(&ctx);
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  assert_memory_equal(h.title, "FIRST", 5);
  assert_int_equal(h.version, 3);
  assert_false(z3_file_exists(path));
  assert_true(z3_rom_checksum_ok(rom)); /* the sample starts valid, so the dispatcher kept it valid */
  z3_rom_free(rom);
}

Z3_TEST(test_cmd_catalog__lists_every_command) {
  (void)state;
  json_t *cat = z3_catalog_json(NULL, NULL);
  json_t *cmds = json_object_get(cat, "commands");
  assert_int_equal(json_array_size(cmds), z3_command_count);
  for (size_t i = 0; i < z3_command_count; i++) {
    json_t *c = json_array_get(cmds, i);
    char *tool = z3_command_tool_name(&z3_commands[i]);
    assert_string_equal(json_string_value(json_object_get(c, "name")), tool);
    z3_free(tool);
    size_t nargs = 0;
    while (z3_command_arg_at(&z3_commands[i], nargs)) nargs++;
    assert_int_equal(json_array_size(json_object_get(c, "arguments")), nargs);
  }
  json_decref(cat);
  json_t *rom_only = z3_catalog_json("patch", "7");
  assert_string_equal(json_string_value(json_object_get(rom_only, "version")), "7");
  assert_int_equal(json_array_size(json_object_get(rom_only, "commands")), 4); /* apply, create, info, asm */
  json_decref(rom_only);
}

Z3_TEST(test_cmd_completion__covers_every_action_and_flag) {
  (void)state;
  char *bash = z3_completion_script("bash");
  for (size_t i = 0; i < z3_command_count; i++) {
    const z3_command *c = &z3_commands[i];
    char key[96];
    snprintf(key, sizeof key, "\"%s %s\")", c->resource, c->action);
    assert_non_null(strstr(bash, key));
    for (size_t j = 0; z3_command_arg_at(c, j); j++) {
      char flag[64];
      snprintf(flag, sizeof flag, "--%s ", z3_command_arg_at(c, j)->name);
      assert_non_null(strstr(bash, flag));
    }
  }
  z3_free(bash);
  assert_null(z3_completion_script("fish"));
}

/* docs/commands.md is generated; regenerate with `make docs` when this fails. */
Z3_TEST(test_cmd_docs__commands_md_is_current) {
  (void)state;
  char *path = z3_strfmt("%s/docs/commands.md", Z3_SOURCE_DIR);
  z3_buf file;
  z3_buf_init(&file);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&file, path, 1 << 22, &err), &err);
  char *want = z3_help_markdown();
  size_t n = strlen(want);
  bool same = file.len == n && memcmp(file.data, want, n) == 0;
  if (!same) print_error("docs/commands.md is stale: run 'make docs'\n");
  assert_true(same);
  z3_free(want);
  z3_buf_release(&file);
  z3_free(path);
}

/* git's t0012: every command answers --help, without a ROM, with usage and no stderr. */
Z3_TEST(test_cmd_help__every_command_answers_help) {
  (void)state;
  for (size_t i = 0; i < z3_command_count; i++) {
    const z3_command *c = &z3_commands[i];
    char *cmd = z3_strfmt("'%s' %s %s --help 2>&1 >/dev/null | wc -c; '%s' %s %s --help | head -1",
                          Z3_EXE, c->resource, c->action, Z3_EXE, c->resource, c->action);
    FILE *p = popen(cmd, "r");
    char line[256] = "";
    int err_bytes = -1;
    assert_int_equal(fscanf(p, "%d\n", &err_bytes), 1);
    assert_non_null(fgets(line, sizeof line, p));
    assert_int_equal(pclose(p), 0);
    char want[128];
    snprintf(want, sizeof want, "usage: z3ed %s %s", c->resource, c->action);
    assert_int_equal(err_bytes, 0);
    assert_int_equal(strncmp(line, want, strlen(want)), 0);
    z3_free(cmd);
  }
}

Z3_RUN(cmocka_unit_test(test_cmd_table__every_entry_is_complete),
       cmocka_unit_test(test_cmd_table__each_resource_is_one_run),
       cmocka_unit_test(test_cmd_table__tool_names_are_unique_and_valid),
       cmocka_unit_test(test_cmd_parse__defaults_and_required), cmocka_unit_test(test_cmd_parse__suggestions),
       cmocka_unit_test(test_cmd_run_on__edits_a_rom_in_memory), cmocka_unit_test(test_cmd_catalog__lists_every_command),
       cmocka_unit_test(test_cmd_completion__covers_every_action_and_flag),
       cmocka_unit_test(test_cmd_docs__commands_md_is_current), cmocka_unit_test(test_cmd_help__every_command_answers_help))
