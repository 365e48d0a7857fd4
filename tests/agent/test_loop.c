/*
 * The agent loop with the replay provider playing the model: plans run
 * nothing, runs change only the proposal's sandbox, limits stop the loop with
 * a clear message, and a failing call's error text goes back to the model
 * (the replay script's "expect" checks what was sent).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agent/llm.h"
#include "agent/proposal.h"
#include "test.h"

static char *dir;

static int setup(void **state) {
  (void)state;
  dir = z3_test_tmpdir();
  char *cmd = z3_strfmt("cp '%s' '%s/real.sfc'", Z3_SAMPLE, dir);
  int rc = system(cmd);
  free(cmd);
  setenv("Z3ED_HOME", dir, 1);
  return rc == 0 ? chdir(dir) : -1;
}

static int teardown(void **state) {
  (void)state;
  char *cmd = z3_strfmt("rm -rf '%s'", dir);
  int rc = system(cmd);
  free(cmd);
  free(dir);
  return rc;
}

static char *sha1_of(const char *path) {
  z3_buf b;
  z3_buf_init(&b);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&b, path, 64u << 20, &err), &err);
  char *hex = malloc(41);
  z3_sha1_hex(b.data, b.len, hex);
  z3_buf_release(&b);
  return hex;
}

static z3_llm *replay(const char *script) {
  static int n;
  char *path = z3_strfmt("script%d.json", n++);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_write_atomic(path, script, strlen(script), NULL, &err), &err);
  z3_llm_config cfg = {.provider = Z3_LLM_REPLAY, .replay_path = path, .max_retries = -1};
  z3_llm *llm;
  assert_ok(z3_llm_open(&llm, &cfg, &err), &err);
  free(path);
  return llm;
}

#define SET(color, value)                                                                                     \
  "{\"name\":\"palette_set_color\",\"arguments\":{\"group\":\"armors\",\"index\":0,\"color\":" #color \
  ",\"value\":\"" value "\"}}"

/* ---- tools and command lines ----------------------------------------------------------- */

Z3_TEST(test_loop_tools__no_loops_or_decisions_are_offered) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  json_t *all = z3_agent_tools(NULL, &err);
  bool describe = false, run = false, accept = false, palette = false;
  size_t i;
  json_t *t;
  json_array_foreach(all, i, t) {
    const char *name = json_string_value(json_object_get(t, "name"));
    describe |= strcmp(name, "agent_describe") == 0;
    run |= strcmp(name, "agent_run") == 0 || strcmp(name, "agent_chat") == 0 || strcmp(name, "agent_plan") == 0;
    accept |= strcmp(name, "agent_proposal_accept") == 0;
    palette |= strcmp(name, "palette_set_color") == 0;
    assert_non_null(json_object_get(t, "inputSchema"));
  }
  assert_true(describe && palette);
  assert_false(run || accept);
  json_decref(all);
  json_t *some = z3_agent_tools("palette, rom_info", &err);
  json_array_foreach(some, i, t) {
    const char *name = json_string_value(json_object_get(t, "name"));
    assert_true(strncmp(name, "palette_", 8) == 0 || strcmp(name, "rom_info") == 0);
  }
  assert_true(json_array_size(some) >= 5);
  json_decref(some);
  assert_null(z3_agent_tools("palete", &err));
  assert_int_equal(err.code, Z3_E_USAGE);
  assert_string_equal(err.hint, "did you mean 'palette'?");
}

Z3_TEST(test_loop_cmdline__quotes_what_a_shell_would_split) {
  (void)state;
  json_t *args = json_pack("{s:s,s:i,s:i,s:s,s:b}", "group", "armors", "index", 0, "color", 3, "value", "#40C040",
                           "dry_run", 1);
  char *line = z3_agent_call_cmdline("palette_set_color", args, "my rom's.sfc");
  assert_string_equal(line, "z3ed palette set-color --rom 'my rom'\\''s.sfc' --group armors --index 0 --color 3 "
                            "--value '#40C040' --dry-run");
  free(line);
  line = z3_agent_call_cmdline("nope", args, NULL);
  assert_non_null(strstr(line, "nope {"));
  free(line);
  json_decref(args);
}

/* ---- plan -------------------------------------------------------------------------------- */

Z3_TEST(test_loop_plan__lists_calls_and_runs_nothing) {
  (void)state;
  z3_llm *llm = replay("{\"turns\":[{\"text\":\"three steps\",\"tool_calls\":[" SET(1, "#C63131") ","
                       "{\"name\":\"palette_set_color\",\"arguments\":{\"group\":\"armors\",\"colour\":2}},"
                       "{\"name\":\"agent_run\",\"arguments\":{\"prompt\":\"again\"}}]}]}");
  char *before = sha1_of("real.sfc");
  z3_agent_options o = {.llm = llm, .rom_path = "real.sfc"};
  z3_agent *a;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_agent_new(&a, &o, &err), &err);
  json_t *plan;
  assert_ok(z3_agent_plan(a, "make the tunic red", &plan, &err), &err);
  assert_string_equal(json_string_value(json_object_get(plan, "answer")), "three steps");
  json_t *calls = json_object_get(plan, "calls");
  assert_int_equal(json_array_size(calls), 3);
  json_t *c0 = json_array_get(calls, 0), *c1 = json_array_get(calls, 1), *c2 = json_array_get(calls, 2);
  assert_true(json_is_true(json_object_get(c0, "valid")));
  assert_string_equal(json_string_value(json_object_get(c0, "command")),
                      "z3ed palette set-color --rom real.sfc --group armors --index 0 --color 1 --value '#C63131'");
  assert_true(json_is_false(json_object_get(c1, "valid"))); /* checked like the CLI checks it */
  assert_non_null(strstr(json_string_value(json_object_get(c1, "error")), "colour"));
  assert_string_equal(json_string_value(json_object_get(c2, "error")), "no tool 'agent_run' is offered");
  char *after = sha1_of("real.sfc");
  assert_string_equal(before, after);
  assert_int_equal(system("test ! -e .z3ed && test ! -e registry.db"), 0); /* no proposal either */
  json_decref(plan);
  z3_agent_free(a);
  z3_llm_close(llm);
  free(before);
  free(after);
}

/* ---- run ---------------------------------------------------------------------------------- */

typedef struct logbook {
  const z3_proposal *p;
  int calls, failures;
} logbook;

static void log_call(void *user, const char *tool, const json_t *args, const z3_tool_result *r) {
  logbook *b = user;
  z3_error e;
  z3_error_init(&e);
  b->calls++;
  if (b->p && z3_proposal_log_call(b->p, tool, args, r, &e) != Z3_OK) b->failures++;
}

typedef struct run_fixture {
  z3_registry *reg;
  z3_proposal p;
  z3_tool_session s;
  z3_llm *llm;
  z3_agent *a;
  logbook log;
} run_fixture;

static void run_open(run_fixture *f, const char *script, z3_agent_limits limits) {
  z3_error err;
  z3_error_init(&err);
  memset(f, 0, sizeof *f);
  assert_ok(z3_registry_open(&f->reg, dir, &err), &err);
  assert_ok(z3_proposal_create(f->reg, "real.sfc", "tunic", &f->p, &err), &err);
  z3_proposal_session(&f->p, NULL, &f->s);
  f->llm = replay(script);
  f->log.p = &f->p;
  z3_agent_options o = {.llm = f->llm, .session = &f->s, .rom_path = f->p.sandbox_rom, .limits = limits,
                        .hooks = {.user = &f->log, .on_call = log_call}};
  assert_ok(z3_agent_new(&f->a, &o, &err), &err);
}

static void run_close(run_fixture *f) {
  z3_agent_free(f->a);
  z3_llm_close(f->llm);
  z3_proposal_release(&f->p);
  z3_registry_close(f->reg);
}

static const char *color_of(const char *rom, int color) {
  static char rgb[16];
  json_t *args = json_pack("{s:s,s:s,s:i,s:i}", "rom", rom, "group", "armors", "index", 0, "color", color);
  z3_tool_session s = {.agent = true};
  z3_tool_result r;
  assert_ok(z3_tool_call(&s, "palette_get_color", args, &r), &r.error);
  snprintf(rgb, sizeof rgb, "%s", json_string_value(json_object_get(json_object_get(r.result, "value"), "rgb")));
  z3_tool_result_release(&r);
  json_decref(args);
  return rgb;
}

static size_t bytes_differing(const char *a_path, const char *b_path) {
  z3_buf a, b;
  z3_buf_init(&a);
  z3_buf_init(&b);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&a, a_path, 64u << 20, &err), &err);
  assert_ok(z3_file_read(&b, b_path, 64u << 20, &err), &err);
  assert_int_equal(a.len, b.len);
  size_t n = 0;
  for (size_t i = 0; i < a.len; i++) n += a.data[i] != b.data[i];
  z3_buf_release(&a);
  z3_buf_release(&b);
  return n;
}

static int count_lines(const char *path) {
  char *cmd = z3_strfmt("wc -l < '%s'", path);
  FILE *p = popen(cmd, "r");
  int n = -1;
  if (p && fscanf(p, "%d", &n) != 1) n = -1;
  if (p) pclose(p);
  free(cmd);
  return n;
}

Z3_TEST(test_loop_run__changes_only_the_proposal_sandbox) {
  (void)state;
  char *before = sha1_of("real.sfc");
  run_fixture f;
  run_open(&f,
           "{\"turns\":[{\"expect\":{\"system_contains\":\"sandbox copy\"},\"text\":\"on it\",\"tool_calls\":["
           "{\"name\":\"palette_get\",\"arguments\":{\"group\":\"armors\",\"index\":0}}," SET(1, "#C63131") "," SET(2, "#E75A5A") "]},"
           "{\"expect\":{\"tool_results\":[{\"tool\":\"palette_get\",\"is_error\":false},"
           "{\"is_error\":false,\"contains\":\"#C63131\"},{\"is_error\":false,\"contains\":\"#E75A5A\"}]},"
           "\"text\":\"done\"}]}",
           (z3_agent_limits){.max_bytes_changed = 65536});
  json_t *report;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_agent_turn(f.a, "make the tunic red", &report, &err), &err);
  assert_string_equal(json_string_value(json_object_get(report, "answer")), "done");
  assert_true(json_is_true(json_object_get(report, "finished")));
  assert_int_equal(json_integer_value(json_object_get(report, "steps")), 2);
  assert_int_equal(json_integer_value(json_object_get(report, "tool_calls")), 3);
  /* 4 colour bytes and those of the checksum and complement that changed (how many depends on the sample's checksum) */
  json_int_t changed = json_integer_value(json_object_get(report, "bytes_changed"));
  assert_int_equal(changed, (json_int_t)bytes_differing("real.sfc", f.p.sandbox_rom));
  assert_true(changed >= 6 && changed <= 8);
  assert_string_equal(color_of(f.p.sandbox_rom, 1), "#C63131");
  assert_string_equal(color_of(f.p.sandbox_rom, 2), "#E75A5A");
  assert_string_equal(color_of("real.sfc", 1), "#63EF73");
  char *after = sha1_of("real.sfc");
  assert_string_equal(before, after); /* the real ROM is untouched */
  assert_int_equal(f.log.calls, 3);
  assert_int_equal(f.log.failures, 0);
  char *log = z3_strfmt("%s/commands.jsonl", f.p.sandbox_dir);
  assert_int_equal(count_lines(log), 3);
  free(log);
  json_decref(report);
  run_close(&f);
  free(before);
  free(after);
}

Z3_TEST(test_loop_run__failing_calls_send_their_error_back) {
  (void)state;
  run_fixture f;
  run_open(&f,
           "{\"turns\":[{\"tool_calls\":[" SET(300, "#C63131") ","
           "{\"name\":\"palette_set_color\",\"arguments_text\":\"{\\\"group\\\": \"},"
           "{\"name\":\"agent_proposal_accept\",\"arguments\":{}}]},"
           "{\"expect\":{\"tool_results\":[{\"tool\":\"palette_set_color\",\"is_error\":true,\"contains\":\"error (usage)\"},"
           "{\"is_error\":true,\"contains\":\"not valid JSON\"},"
           "{\"tool\":\"agent_proposal_accept\",\"is_error\":true,\"contains\":\"is offered\"}]},"
           "\"text\":\"sorry\"}]}",
           (z3_agent_limits){0});
  json_t *report;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_agent_turn(f.a, "break things", &report, &err), &err); /* the script's expect passed */
  json_t *calls = json_object_get(report, "calls");
  assert_int_equal(json_array_size(calls), 3);
  assert_true(json_is_false(json_object_get(json_array_get(calls, 0), "ok")));
  assert_int_equal(f.log.calls, 1); /* only the call that reached the dispatcher */
  json_decref(report);
  run_close(&f);
}

/* ---- limits --------------------------------------------------------------------------------- */

#define GET "{\"name\":\"palette_get\",\"arguments\":{\"group\":\"armors\",\"index\":0}}"

Z3_TEST(test_loop_limits__steps_calls_and_bytes_stop_the_loop) {
  (void)state;
  run_fixture f;
  json_t *report;
  z3_error err;
  z3_error_init(&err);
  run_open(&f, "{\"turns\":[{\"tool_calls\":[" GET "]},{\"tool_calls\":[" GET "]},{\"tool_calls\":[" GET "]}]}",
           (z3_agent_limits){.max_steps = 2});
  assert_int_equal(z3_agent_turn(f.a, "loop forever", &report, &err), Z3_E_CHECK);
  assert_string_equal(err.message, "stopped: --max-steps (2) reached before the model finished");
  assert_string_equal(json_string_value(json_object_get(report, "stopped")), err.message);
  assert_true(json_is_false(json_object_get(report, "finished")));
  assert_int_equal(json_integer_value(json_object_get(report, "tool_calls")), 2);
  json_decref(report);
  run_close(&f);

  z3_error_init(&err);
  run_open(&f, "{\"turns\":[{\"tool_calls\":[" GET "," GET "," GET "]},{\"text\":\"x\"}]}",
           (z3_agent_limits){.max_tool_calls = 2});
  assert_int_equal(z3_agent_turn(f.a, "three at once", &report, &err), Z3_E_CHECK);
  assert_non_null(strstr(err.message, "--max-tool-calls (2) reached"));
  assert_int_equal(json_integer_value(json_object_get(report, "tool_calls")), 2);
  assert_int_equal(f.log.calls, 2);
  json_decref(report);
  run_close(&f);

  /* The first colour fits in 5 bytes; the second would pass the limit and is refused before saving. */
  z3_error_init(&err);
  run_open(&f, "{\"turns\":[{\"tool_calls\":[" SET(1, "#C63131") "," SET(2, "#E75A5A") "," GET "]},{\"text\":\"x\"}]}",
           (z3_agent_limits){.max_bytes_changed = 5});
  assert_int_equal(z3_agent_turn(f.a, "recolor", &report, &err), Z3_E_CHECK);
  assert_string_equal(err.message, "stopped: --max-bytes-changed (5) reached; the proposal may change no more ROM bytes");
  assert_int_equal(json_integer_value(json_object_get(report, "bytes_changed")), 4);
  assert_string_equal(color_of(f.p.sandbox_rom, 1), "#C63131");
  assert_string_equal(color_of(f.p.sandbox_rom, 2), "#8CDE8C");
  json_t *second = json_array_get(json_object_get(report, "calls"), 1);
  assert_non_null(strstr(json_string_value(json_object_get(second, "error")), "its limit is 1"));
  assert_int_equal(json_array_size(json_object_get(report, "calls")), 2); /* the third never ran */
  json_decref(report);
  run_close(&f);
}

/* ---- dry run and chat ------------------------------------------------------------------------- */

Z3_TEST(test_loop_dry_run__calls_run_as_dry_runs) {
  (void)state;
  char *before = sha1_of("real.sfc");
  z3_llm *llm = replay("{\"turns\":[{\"tool_calls\":[" SET(1, "#C63131") "]},"
                       "{\"expect\":{\"system_contains\":\"dry-run\",\"tool_results\":[{\"is_error\":false,"
                       "\"contains\":\"\\\"dry_run\\\":true\"}]},\"text\":\"would do\"}]}");
  z3_tool_session s = {.agent = true, .default_rom = "real.sfc"};
  z3_agent_options o = {.llm = llm, .session = &s, .rom_path = "real.sfc", .dry_run = true};
  z3_agent *a;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_agent_new(&a, &o, &err), &err);
  json_t *report;
  assert_ok(z3_agent_turn(a, "try it", &report, &err), &err);
  char *after = sha1_of("real.sfc");
  assert_string_equal(before, after);
  json_decref(report);
  z3_agent_free(a);
  z3_llm_close(llm);
  free(before);
  free(after);
}

typedef struct script_io {
  const char *const *lines;
  size_t next;
  z3_buf seen;
} script_io;

static char *next_line(void *user) {
  script_io *io = user;
  return io->lines[io->next] ? strdup(io->lines[io->next++]) : NULL;
}

static void record_event(void *user, z3_agent_event kind, const char *text) {
  script_io *io = user;
  z3_buf_printf(&io->seen, "%d:%s\n", (int)kind, text);
}

Z3_TEST(test_loop_chat__turns_until_quit) {
  (void)state;
  static const char *const lines[] = {"  make the tunic red\n", "\n", "and stop\r\n", "/quit\n", "never read\n", NULL};
  script_io io = {.lines = lines};
  z3_buf_init(&io.seen);
  run_fixture f;
  run_open(&f,
           "{\"turns\":[{\"expect\":{\"user_contains\":\"tunic\"},\"text\":\"reading\",\"tool_calls\":[" GET "]},"
           "{\"text\":\"it is green\"},"
           "{\"expect\":{\"user_contains\":\"and stop\"},\"text\":\"stopping\"}]}",
           (z3_agent_limits){0});
  z3_agent_free(f.a);
  z3_agent_options o = {.llm = f.llm, .session = &f.s, .rom_path = f.p.sandbox_rom,
                        .hooks = {.user = &io, .on_event = record_event}};
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_agent_new(&f.a, &o, &err), &err);
  json_t *report;
  z3_agent_io in = {.user = &io, .read_line = next_line};
  assert_ok(z3_agent_chat(f.a, &in, &report, &err), &err);
  assert_int_equal(json_integer_value(json_object_get(report, "turns")), 2);
  assert_int_equal(json_integer_value(json_object_get(report, "tool_calls")), 1);
  assert_int_equal(io.next, 4); /* nothing read after /quit */
  const char *seen = (const char *)io.seen.data;
  assert_non_null(strstr(seen, "0:reading\n1:palette_get {\"group\":\"armors\",\"index\":0} -> ok\n0:it is green\n0:stopping\n"));
  json_decref(report);
  z3_buf_release(&io.seen);
  run_close(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_loop_tools__no_loops_or_decisions_are_offered),
      cmocka_unit_test(test_loop_cmdline__quotes_what_a_shell_would_split),
      cmocka_unit_test(test_loop_plan__lists_calls_and_runs_nothing),
      cmocka_unit_test(test_loop_run__changes_only_the_proposal_sandbox),
      cmocka_unit_test(test_loop_run__failing_calls_send_their_error_back),
      cmocka_unit_test(test_loop_limits__steps_calls_and_bytes_stop_the_loop),
      cmocka_unit_test(test_loop_dry_run__calls_run_as_dry_runs),
      cmocka_unit_test(test_loop_chat__turns_until_quit),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
