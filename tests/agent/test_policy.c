/* agent/policy: every rule kind parsed, every malformed file named by line and key, evaluation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "agent/policy.h"
#include "agent/proposal.h"
#include "test.h"

static z3_status parse(z3_policy *p, const char *yaml, z3_error *err) {
  z3_error_init(err);
  return z3_policy_parse(p, yaml, strlen(yaml), "agent.yaml", err);
}

static const char full_policy[] =
    "# house rules\n"
    "version: 1\n"
    "max_bytes_changed: 0x1000\n"
    "forbidden_ranges:\n"
    "  - $00:8000-$00:FFFF\n"
    "  - 0x7FC0 - 0x7FFF\n"
    "  - snes: $0E:8000\n"
    "    reason: dungeon code\n"
    "  - pc: 1048576-1048577\n"
    "required_checks:\n"
    "  - rom validate\n"
    "  - z3ed rom validate --strict\n"
    "reviewer_roles: [maintainer, lead]\n"
    "reviewers:\n"
    "  ana: maintainer\n"
    "  bo: contributor\n";

Z3_TEST(test_policy_parse__every_rule_kind) {
  (void)state;
  z3_policy p;
  z3_error err;
  assert_ok(parse(&p, full_policy, &err), &err);
  assert_int_equal(p.max_bytes_changed, 0x1000);
  assert_int_equal(p.max_bytes_line, 3);
  assert_int_equal(p.range_count, 4);
  assert_true(p.ranges[0].snes);
  assert_int_equal(p.ranges[0].lo, 0x008000);
  assert_int_equal(p.ranges[0].hi, 0x00FFFF);
  assert_int_equal(p.ranges[0].line, 5);
  assert_false(p.ranges[1].snes);
  assert_int_equal(p.ranges[1].lo, 0x7FC0);
  assert_int_equal(p.ranges[1].hi, 0x7FFF);
  assert_true(p.ranges[2].snes);
  assert_int_equal(p.ranges[2].lo, 0x0E8000);
  assert_int_equal(p.ranges[2].hi, 0x0E8000);
  assert_string_equal(p.ranges[2].reason, "dungeon code");
  assert_int_equal(p.ranges[2].line, 7);
  assert_false(p.ranges[3].snes);
  assert_int_equal(p.ranges[3].lo, 1048576);
  assert_int_equal(p.check_count, 2);
  assert_string_equal(p.checks[0].tool, "rom_validate");
  assert_int_equal(json_object_size(p.checks[0].args), 0);
  assert_true(json_is_true(json_object_get(p.checks[1].args, "strict")));
  assert_int_equal(p.checks[1].line, 12);
  assert_int_equal(p.role_count, 2);
  assert_string_equal(p.roles[1], "lead");
  assert_int_equal(p.reviewer_count, 2);
  assert_string_equal(p.reviewers[1].name, "bo");
  assert_string_equal(p.reviewers[1].role, "contributor");
  json_t *j = z3_policy_json(&p);
  assert_int_equal(json_array_size(json_object_get(j, "forbidden_ranges")), 4);
  assert_string_equal(json_string_value(json_object_get(json_object_get(j, "reviewers"), "ana")), "maintainer");
  json_decref(j);
  z3_policy_release(&p);
  const char *lone = "reviewer_roles: maintainer\nrequired_checks: rom validate\n";
  assert_ok(parse(&p, lone, &err), &err);
  assert_int_equal(p.role_count, 1);
  assert_int_equal(p.check_count, 1);
  z3_policy_release(&p);
  const char *empties[] = {"", "# only a comment\n\n", "---\n"};
  for (size_t i = 0; i < sizeof empties / sizeof empties[0]; i++) {
    assert_ok(parse(&p, empties[i], &err), &err);
    assert_int_equal(p.max_bytes_changed, -1);
    assert_int_equal(p.range_count + p.check_count + p.role_count, 0);
    z3_policy_release(&p);
  }
}

/* Each bad file and the words its error must hold: the line, the key, the problem. */
static const struct {
  const char *yaml;
  const char *want[3];
} bad[] = {
    {"max_bytes_changed: lots\n", {"line 1", "max_bytes_changed", "'lots' is not a whole number"}},
    {"max_bytes_changed: -4\n", {"line 1", "max_bytes_changed", "not a whole number"}},
    {"max_bytes_changed:\n", {"line 1", "max_bytes_changed", "needs a whole number"}},
    {"max_bytes_changed: [1]\n", {"line 1", "max_bytes_changed", "not a list"}},
    {"version: 2\n", {"line 1", "version", "only version 1"}},
    {"max_byte_changed: 3\n", {"line 1", "max_byte_changed", "unknown key"}},
    {"forbidden_ranges: $00:8000\n", {"line 1", "forbidden_ranges", "must be a list"}},
    {"forbidden_ranges:\n  a: b\n", {"line 1", "forbidden_ranges", "not a mapping"}},
    {"version: 1\nforbidden_ranges:\n  - zz\n", {"line 3", "forbidden_ranges[0]", "'zz' is not a file offset range"}},
    {"forbidden_ranges:\n  - $00:8000\n  - $00:9000-$00:8000\n", {"line 3", "forbidden_ranges[1]", "ends before it starts"}},
    {"forbidden_ranges:\n  - $00:8000-$00:9000-$00:A000\n", {"line 2", "forbidden_ranges[0]", "more than one '-'"}},
    {"forbidden_ranges:\n  - $GG:8000\n", {"line 2", "forbidden_ranges[0]", "not a SNES address range"}},
    {"forbidden_ranges:\n  - 0x1000000\n", {"line 2", "forbidden_ranges[0]", "below 16 MiB"}},
    {"forbidden_ranges:\n  - snes: $00:8000\n    colour: red\n", {"line 3", "forbidden_ranges[0].colour", "unknown key"}},
    {"forbidden_ranges:\n  - snes: $00:8000\n    ? [a]\n    : b\n", {"line 3", "forbidden_ranges[0]", "must be a key, not a list"}},
    {"forbidden_ranges:\n  - reason: x\n", {"line 2", "forbidden_ranges[0]", "needs 'snes: RANGE' or 'pc: RANGE'"}},
    {"forbidden_ranges:\n  - snes: $00:8000\n    pc: 0x10\n", {"line 3", "forbidden_ranges[0].pc", "either snes or pc"}},
    {"forbidden_ranges:\n  - pc:\n", {"line 2", "forbidden_ranges[0].pc", "needs an address range"}},
    {"forbidden_ranges:\n  - [1, 2]\n", {"line 2", "forbidden_ranges[0]", "not a list"}},
    {"required_checks:\n  - rom valdate\n", {"line 2", "required_checks[0]", "unknown command 'rom valdate'"}},
    {"required_checks:\n  - rom fix-checksum\n", {"line 2", "required_checks[0]", "is mutates-rom"}},
    {"required_checks:\n  - rom validate --rom x.sfc\n", {"line 2", "required_checks[0]", "leave out --rom"}},
    {"required_checks:\n  - rom validate --output r.json\n", {"line 2", "required_checks[0]", "leave out --output"}},
    {"required_checks:\n  - rom validate --stric\n", {"line 2", "required_checks[0]", "unknown flag '--stric'"}},
    {"required_checks:\n  - \"rom validate 'x\"\n", {"line 2", "required_checks[0]", "unclosed quote"}},
    {"required_checks:\n  - \"\"\n", {"line 2", "required_checks[0]", "an empty command"}},
    {"required_checks:\n  - {a: b}\n", {"line 2", "required_checks[0]", "not a mapping"}},
    {"reviewer_roles:\n  - [a]\n", {"line 2", "reviewer_roles[0]", "must be a role name, not a list"}},
    {"reviewer_roles:\n", {"line 1", "reviewer_roles", "needs a list"}},
    {"reviewers: [a]\n", {"line 1", "reviewers", "must be a mapping"}},
    {"reviewers:\n  ana:\n", {"line 2", "reviewers.ana", "needs a role"}},
    {"max_bytes_changed: &n 5\nforbidden_ranges: *n\n", {"line 2", "forbidden_ranges", "aliases"}},
    {"a: 1\na: 2\n", {"line 2", "duplicate key", NULL}},
    {"- 1\n", {"line 1", "must be a mapping", NULL}},
    {"x: [1\n", {"agent.yaml", "line", "flow sequence"}},
    {"max_bytes_changed: 5\n  bad: indent\n", {"agent.yaml", "line", NULL}},
    {"? [a]\n: 1\n", {"line 1", "key", "must be a plain key"}},
    {"version: 1\n%i\xc3", {"line 2", "byte 0xC3 is not text", "UTF-8"}}, /* libfyaml 0.7.12 loops on it */
    {"version: 1\x01\n", {"line 1", "byte 0x01 is not text", NULL}},
    {"version: \xc0\xaf\n", {"line 1", "byte 0xC0", NULL}},
    {"version: 1\n\n%\xf6\x92\x9e\x84_bytes_changed: *o", {"line 3", "byte 0xF6", NULL}}, /* past U+10FFFF */
    {"version: \xed\xa0\x80\n", {"line 1", "byte 0xED", NULL}}, /* a surrogate */
    {"? -:\t-", {"line 1", "not valid YAML", "libfyaml 0.7"}}, /* crashes libfyaml 0.7.12: read in a child */
    {"\nforbiddes:\n- $\t\n- ? []:\t\t\t\t\t\t- ", {"not valid YAML", "crashes on this text", NULL}}, /* as fuzzing found it */
};

Z3_TEST(test_policy_parse__malformed_files_name_line_and_key) {
  (void)state;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    z3_policy p;
    z3_error err;
    z3_status st = parse(&p, bad[i].yaml, &err);
    if (st != Z3_E_INVALID) print_error("accepted: %s\n", bad[i].yaml);
    assert_int_equal(st, Z3_E_INVALID);
    assert_non_null(strstr(err.message, "'agent.yaml'"));
    for (int w = 0; w < 3 && bad[i].want[w]; w++) {
      if (!strstr(err.message, bad[i].want[w])) print_error("case %zu: '%s' lacks '%s'\n", i, err.message, bad[i].want[w]);
      assert_non_null(strstr(err.message, bad[i].want[w]));
    }
    assert_int_equal(p.range_count + p.check_count + p.role_count + p.reviewer_count, 0); /* nothing half-kept */
  }
  z3_policy p;
  z3_error err;
  assert_int_equal(parse(&p, "max_byte_changed: 3\n", &err), Z3_E_INVALID);
  assert_string_equal(err.hint, "did you mean 'max_bytes_changed'?");
}

Z3_TEST(test_policy_load__missing_present_and_bad_files) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *path = z3_policy_path(dir);
  assert_non_null(strstr(path, "/policies/agent.yaml"));
  z3_policy p;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_policy_load(&p, path, &err), &err);
  assert_false(p.present);
  z3_policy_release(&p);
  char *file = z3_strfmt("%s/agent.yaml", dir);
  assert_ok(z3_file_write_atomic(file, full_policy, strlen(full_policy), NULL, &err), &err);
  assert_ok(z3_policy_load(&p, file, &err), &err);
  assert_true(p.present);
  assert_string_equal(p.path, file);
  z3_policy_release(&p);
  const char *broken = "version: 1\nmax_bytes_changed: many\n";
  assert_ok(z3_file_write_atomic(file, broken, strlen(broken), NULL, &err), &err);
  assert_int_equal(z3_policy_load(&p, file, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, file));
  assert_non_null(strstr(err.message, "line 2: max_bytes_changed"));
  char *cmd = z3_strfmt("rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
  free(cmd);
  free(file);
  free(path);
  free(dir);
}

/* allow_processes: off unless the state folder's policy says true; a bad value is refused. */
Z3_TEST(test_policy_allow_processes__from_the_state_folder) {
  (void)state;
  char *dir = z3_test_tmpdir();
  assert_false(z3_policy_allows_processes(dir)); /* no policy at all */
  char *folder = z3_strfmt("%s/policies", dir), *file = z3_policy_path(dir);
  assert_int_equal(mkdir(folder, 0755), 0);
  z3_error err;
  z3_error_init(&err);
  const char *yes = "version: 1\nallow_processes: true\n", *no = "allow_processes: false\n", *maybe = "allow_processes: maybe\n";
  assert_ok(z3_file_write_atomic(file, yes, strlen(yes), NULL, &err), &err);
  assert_true(z3_policy_allows_processes(dir));
  /* a proposal's session takes it from the state folder ($Z3ED_HOME) */
  z3_proposal prop = {.sandbox_dir = dir, .sandbox_rom = dir};
  z3_tool_session session;
  setenv("Z3ED_HOME", dir, 1);
  z3_proposal_session(&prop, NULL, &session);
  assert_true(session.allow_processes && session.agent);
  unsetenv("Z3ED_HOME");
  assert_ok(z3_file_write_atomic(file, no, strlen(no), NULL, &err), &err);
  assert_false(z3_policy_allows_processes(dir));
  assert_ok(z3_file_write_atomic(file, maybe, strlen(maybe), NULL, &err), &err);
  assert_false(z3_policy_allows_processes(dir));
  z3_policy p;
  assert_int_equal(z3_policy_load(&p, file, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "line 1: allow_processes"));
  char *cmd = z3_strfmt("rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
  free(cmd), free(file), free(folder), free(dir);
}

/* ---- evaluation --------------------------------------------------------------- */

typedef struct eval_fixture {
  char *dir, *rom_path;
  z3_rom *rom;
} eval_fixture;

static int eval_setup(void **state) {
  eval_fixture *f = calloc(1, sizeof *f);
  f->dir = z3_test_tmpdir();
  f->rom_path = z3_strfmt("%s/rom.sfc", f->dir);
  z3_error err;
  z3_error_init(&err);
  z3_buf b;
  z3_buf_init(&b);
  if (z3_file_read(&b, Z3_SAMPLE, 64u << 20, &err) || z3_file_write_atomic(f->rom_path, b.data, b.len, NULL, &err) ||
      z3_rom_load(&f->rom, f->rom_path, &err))
    return -1;
  z3_buf_release(&b);
  *state = f;
  return 0;
}

static int eval_teardown(void **state) {
  eval_fixture *f = *state;
  z3_rom_free(f->rom);
  char *cmd = z3_strfmt("rm -rf '%s'", f->dir);
  int rc = system(cmd);
  free(cmd);
  free(f->dir);
  free(f->rom_path);
  free(f);
  return rc == 0 ? 0 : -1;
}

static json_t *evaluate(eval_fixture *f, const char *yaml, const z3_byte_range *ranges, size_t n,
                        size_t bytes, const char *reviewer, const char *role) {
  z3_policy p;
  z3_error err;
  assert_ok(parse(&p, yaml, &err), &err);
  z3_policy_subject s = {.rom = f->rom, .ranges = ranges, .range_count = n, .bytes_changed = bytes,
                         .sandbox_dir = f->dir, .sandbox_rom = f->rom_path, .reviewer = reviewer, .role = role};
  json_t *v = NULL;
  assert_ok(z3_policy_evaluate(&p, &s, &v, &err), &err);
  z3_policy_release(&p);
  return v;
}

static bool passed(const json_t *v) { return json_is_true(json_object_get(v, "passed")); }

static const char *first_reason(const json_t *v) {
  return json_string_value(json_array_get(json_object_get(v, "reasons"), 0));
}

Z3_TEST(test_policy_eval__max_bytes) {
  eval_fixture *f = *state;
  z3_byte_range r = {0x10000, 8};
  json_t *v = evaluate(f, "max_bytes_changed: 8\n", &r, 1, 8, NULL, NULL);
  assert_true(passed(v));
  json_decref(v);
  v = evaluate(f, "max_bytes_changed: 7\n", &r, 1, 8, NULL, NULL);
  assert_false(passed(v));
  assert_non_null(strstr(first_reason(v), "8 bytes changed; the limit is 7"));
  json_decref(v);
}

Z3_TEST(test_policy_eval__forbidden_ranges_snes_mirrors_and_offsets) {
  eval_fixture *f = *state;
  z3_byte_range header = {0x7FC0, 2}, elsewhere = {0x10000, 1};
  json_t *v = evaluate(f, "forbidden_ranges: [$00:FFC0-$00:FFFF]\n", &header, 1, 2, NULL, NULL);
  assert_false(passed(v));
  assert_non_null(strstr(first_reason(v), "$00:FFC0"));
  json_decref(v);
  v = evaluate(f, "forbidden_ranges: [$80:FFC0-$80:FFFF]\n", &header, 1, 2, NULL, NULL); /* FastROM mirror */
  assert_false(passed(v));
  json_decref(v);
  v = evaluate(f, "forbidden_ranges: [0x7FC1]\n", &header, 1, 2, NULL, NULL);
  assert_false(passed(v));
  assert_non_null(strstr(first_reason(v), "offset 0x7fc1, 1 byte"));
  json_decref(v);
  v = evaluate(f, "forbidden_ranges:\n  - snes: $00:8000-$01:FFFF\n    reason: engine\n", &elsewhere, 1, 1, NULL, NULL);
  assert_true(passed(v)); /* 0x10000 is $02:8000 in LoROM */
  json_decref(v);
  v = evaluate(f, "forbidden_ranges:\n  - snes: $00:8000-$02:8000\n    reason: engine\n", &elsewhere, 1, 1, NULL, NULL);
  assert_false(passed(v));
  assert_non_null(strstr(first_reason(v), "(engine)"));
  json_decref(v);
  v = evaluate(f, "forbidden_ranges: [$7E:0000-$7F:FFFF]\n", &header, 1, 2, NULL, NULL); /* WRAM: no ROM bytes */
  assert_true(passed(v));
  json_decref(v);
}

Z3_TEST(test_policy_eval__checks_run_on_the_sandbox_rom) {
  eval_fixture *f = *state;
  json_t *v = evaluate(f, "required_checks: [rom validate]\n", NULL, 0, 0, NULL, NULL);
  assert_true(passed(v));
  json_t *check = json_array_get(json_object_get(v, "checks"), 0);
  assert_string_equal(json_string_value(json_object_get(check, "command")), "rom validate");
  assert_string_equal(json_string_value(json_object_get(check, "status")), "ok");
  json_decref(v);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_write(f->rom, 0x7FDE, "\x00\x00", 2, "break the checksum", &err), &err);
  assert_ok(z3_rom_save(f->rom, f->rom_path, NULL, &err), &err);
  v = evaluate(f, "required_checks: [rom validate]\n", NULL, 0, 0, NULL, NULL);
  assert_false(passed(v));
  assert_non_null(strstr(first_reason(v), "'rom validate' failed"));
  check = json_array_get(json_object_get(v, "checks"), 0);
  assert_string_equal(json_string_value(json_object_get(check, "status")), "check_failed");
  json_decref(v);
}

Z3_TEST(test_policy_eval__reviewer_roles) {
  eval_fixture *f = *state;
  const char *roles = "reviewer_roles: [maintainer]\n";
  json_t *v = evaluate(f, roles, NULL, 0, 0, NULL, NULL);
  assert_false(passed(v));
  assert_non_null(strstr(first_reason(v), "--reviewer NAME --role ROLE"));
  json_decref(v);
  v = evaluate(f, roles, NULL, 0, 0, "ana", "contributor");
  assert_false(passed(v));
  assert_non_null(strstr(first_reason(v), "role contributor may not accept"));
  json_decref(v);
  v = evaluate(f, roles, NULL, 0, 0, "ana", "maintainer");
  assert_true(passed(v));
  json_decref(v);
  const char *listed = "reviewer_roles: [maintainer]\nreviewers: {ana: maintainer, bo: contributor}\n";
  v = evaluate(f, listed, NULL, 0, 0, "ana", NULL); /* the role comes from the list */
  assert_true(passed(v));
  json_decref(v);
  v = evaluate(f, listed, NULL, 0, 0, "bo", "maintainer"); /* claiming another role does not work */
  assert_false(passed(v));
  assert_non_null(strstr(first_reason(v), "has the role contributor"));
  json_decref(v);
  v = evaluate(f, listed, NULL, 0, 0, "eve", "maintainer");
  assert_false(passed(v));
  assert_non_null(strstr(first_reason(v), "not listed"));
  json_decref(v);
  /* So many roles that the allowed list is cut, inside a four-byte character: the refusal still has its reason. */
  for (int shift = 1; shift <= 4; shift++) {
    z3_buf many;
    z3_buf_init(&many);
    z3_buf_printf(&many, "reviewer_roles: [%.*s", shift, "abcd"); /* moves where the cut falls */
    for (int i = 0; i < 60; i++) z3_buf_printf(&many, ", \xF0\x9F\x94\x91%d", i);
    z3_buf_printf(&many, "]\n");
    char *yaml = z3_buf_take_string(&many);
    v = evaluate(f, yaml, NULL, 0, 0, "ana", "contributor");
    assert_false(passed(v));
    assert_int_equal(json_array_size(json_object_get(v, "rules")), 1);
    assert_non_null(first_reason(v));
    assert_non_null(strstr(first_reason(v), "role contributor may not accept"));
    json_decref(v);
    z3_free(yaml);
  }
}

/* A refusal lists every failing rule, not just the first. */
Z3_TEST(test_policy_eval__every_rule_reported) {
  eval_fixture *f = *state;
  z3_byte_range r = {0x7FC0, 4};
  json_t *v = evaluate(f, "max_bytes_changed: 1\nforbidden_ranges: [0x7FC0-0x7FFF]\nreviewer_roles: [lead]\n",
                       &r, 1, 4, NULL, NULL);
  assert_false(passed(v));
  assert_int_equal(json_array_size(json_object_get(v, "reasons")), 3);
  assert_int_equal(json_array_size(json_object_get(v, "rules")), 3);
  json_t *rule = json_array_get(json_object_get(v, "rules"), 1);
  assert_int_equal(json_integer_value(json_object_get(rule, "line")), 2);
  json_decref(v);
  v = evaluate(f, "", &r, 1, 4, NULL, NULL); /* no rules: passes */
  assert_true(passed(v));
  json_decref(v);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_policy_parse__every_rule_kind),
      cmocka_unit_test(test_policy_parse__malformed_files_name_line_and_key),
      cmocka_unit_test(test_policy_load__missing_present_and_bad_files),
      cmocka_unit_test(test_policy_allow_processes__from_the_state_folder),
      cmocka_unit_test_setup_teardown(test_policy_eval__max_bytes, eval_setup, eval_teardown),
      cmocka_unit_test_setup_teardown(test_policy_eval__forbidden_ranges_snes_mirrors_and_offsets, eval_setup, eval_teardown),
      cmocka_unit_test_setup_teardown(test_policy_eval__checks_run_on_the_sandbox_rom, eval_setup, eval_teardown),
      cmocka_unit_test_setup_teardown(test_policy_eval__reviewer_roles, eval_setup, eval_teardown),
      cmocka_unit_test_setup_teardown(test_policy_eval__every_rule_reported, eval_setup, eval_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
