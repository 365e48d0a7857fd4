/*
 * Running a script: each step through z3_tool_call, in order, with the
 * step's checks (exit code, expected result fields). The first failing step
 * stops the run unless continue_on_error; the result says which step failed,
 * on which line, and why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "agent/script.h"

z3_status z3_script_rom_sha1(const char *path, char out[41], z3_error *err) {
  z3_rom *rom = NULL;
  z3_status st = z3_rom_load(&rom, path, err);
  if (st == Z3_OK) z3_sha1_hex(rom->data.data, rom->data.len, out);
  z3_rom_free(rom);
  return st;
}

/* ---- expected result fields --------------------------------------------------- */

/* want is contained in have: objects by listed keys, arrays item by item from
 * the start, numbers by value (1 matches 1.0), the rest by equality. */
static bool subset(const json_t *want, const json_t *have) {
  if (!have) return false;
  if (json_is_number(want) && json_is_number(have)) return json_number_value(want) == json_number_value(have);
  if (json_is_object(want)) {
    if (!json_is_object(have)) return false;
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)want, k, v) if (!subset(v, json_object_get(have, k))) return false;
    return true;
  }
  if (json_is_array(want)) {
    if (!json_is_array(have) || json_array_size(have) < json_array_size(want)) return false;
    for (size_t i = 0; i < json_array_size(want); i++)
      if (!subset(json_array_get(want, i), json_array_get(have, i))) return false;
    return true;
  }
  return json_equal((json_t *)want, (json_t *)have);
}

/* The first expected field the result does not match, as a sentence; NULL when all match. */
static char *expect_mismatch(const json_t *expect, const json_t *result) {
  const char *k;
  json_t *v;
  json_object_foreach((json_t *)expect, k, v) {
    json_t *have = result ? json_object_get(result, k) : NULL;
    if (subset(v, have)) continue;
    char *want_text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
    char *have_text = have ? json_dumps(have, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    char *msg = z3_strfmt("expected %s = %s, got %s", k, want_text ? want_text : "?",
                          have_text ? have_text : "nothing (the result has no such field)");
    free(want_text);
    free(have_text);
    return msg;
  }
  return NULL;
}

/* ---- one step -------------------------------------------------------------------- */

static json_t *step_arguments(const z3_script_step *step, const z3_script_run_opts *o) {
  json_t *args = step->args ? json_deep_copy(step->args) : json_object();
  if (!args) return NULL;
  if (o->rom && z3_command_arg(step->cmd, "rom")) json_object_set_new(args, "rom", json_string(o->rom));
  if (o->dry_run && z3_command_arg(step->cmd, "dry-run")) {
    json_object_del(args, "dry-run");
    json_object_set_new(args, "dry_run", json_true());
  }
  if (o->no_backup && z3_command_arg(step->cmd, "no-backup")) json_object_set_new(args, "no_backup", json_true());
  return args;
}

static json_t *error_json(const z3_error *e) {
  json_t *o = json_object();
  json_object_set_new(o, "code", json_string(z3_status_name(e->code)));
  json_object_set_new(o, "message", json_string(e->message));
  json_object_set_new(o, "hint", e->hint[0] ? json_string(e->hint) : json_null());
  return o;
}

/* Why a step failed, or NULL when it passed. */
static char *step_failure(const z3_script_step *step, const z3_tool_result *r, int exit) {
  if (exit != step->expect_exit) {
    if (r->status != Z3_OK && r->error.message[0])
      return z3_strfmt("%s (exit %d, expected %d)", r->error.message, exit, step->expect_exit);
    return z3_strfmt("exit %d, expected %d", exit, step->expect_exit);
  }
  return step->expect ? expect_mismatch(step->expect, r->result) : NULL;
}

static json_t *run_step(const z3_script *s, size_t i, const z3_tool_session *session,
                        const z3_script_run_opts *o, char **failure, z3_error *why) {
  const z3_script_step *step = &s->steps[i];
  json_t *args = step_arguments(step, o);
  z3_tool_result r;
  z3_tool_call(session, step->tool, args, &r);
  int exit = z3_status_exit_code(r.status);
  *failure = step_failure(step, &r, exit);
  json_t *out = json_object();
  json_object_set_new(out, "step", json_integer((json_int_t)i + 1));
  json_object_set_new(out, "line", json_integer(step->line));
  json_object_set_new(out, "tool", json_string(step->tool));
  json_object_set_new(out, "arguments", args ? args : json_object());
  json_object_set_new(out, "passed", json_boolean(*failure == NULL));
  json_object_set_new(out, "exit", json_integer(exit));
  json_object_set_new(out, "expect_exit", json_integer(step->expect_exit));
  json_object_set_new(out, "seconds", json_real((double)(long long)(r.seconds * 1e6 + 0.5) / 1e6));
  json_object_set_new(out, "result", r.result ? json_incref(r.result) : json_null());
  if (r.status != Z3_OK) json_object_set_new(out, "error", error_json(&r.error));
  if (*failure) json_object_set_new(out, "failure", json_string(*failure));
  if (*failure && r.error.hint[0]) z3_error_hint(why, "%s", r.error.hint);
  z3_tool_result_release(&r);
  return out;
}

/* ---- the ROM's fingerprint ------------------------------------------------------ */

static const char *rom_of_run(const z3_script *s, const z3_script_run_opts *o) {
  if (o->rom) return o->rom;
  for (size_t i = 0; i < s->step_count; i++) {
    const char *rom = json_string_value(json_object_get(s->steps[i].args, "rom"));
    if (rom) return rom;
  }
  return NULL;
}

static void compare_rom(const z3_script *s, const z3_script_run_opts *o, json_t *result, json_t *warnings) {
  const char *rom = rom_of_run(s, o);
  char sha[41];
  z3_error e;
  z3_error_init(&e);
  bool have = rom && z3_script_rom_sha1(rom, sha, &e) == Z3_OK;
  json_object_set_new(result, "rom", rom ? json_string(rom) : json_null());
  json_object_set_new(result, "rom_sha1", have ? json_string(sha) : json_null());
  json_object_set_new(result, "recorded_rom_sha1", s->rom_sha1 ? json_string(s->rom_sha1) : json_null());
  bool matches = have && s->rom_sha1 && strcasecmp(sha, s->rom_sha1) == 0;
  json_object_set_new(result, "rom_matches", have && s->rom_sha1 ? json_boolean(matches) : json_null());
  if (have && s->rom_sha1 && !matches) {
    json_array_append_new(warnings, json_sprintf("the ROM's SHA-1 %s differs from the one the script was "
                                                 "recorded against (%s); steps may not do what they did then",
                                                 sha, s->rom_sha1));
  } else if (rom && !have) {
    json_array_append_new(warnings, json_sprintf("cannot read the ROM '%s' to compare it: %s", rom, e.message));
  }
}

/* ---- the run ---------------------------------------------------------------------- */

static void totals(json_t *result, const z3_script *s, size_t run, size_t failed, long first_failed) {
  json_object_set_new(result, "passed", json_boolean(failed == 0));
  json_object_set_new(result, "steps_total", json_integer((json_int_t)s->step_count));
  json_object_set_new(result, "steps_run", json_integer((json_int_t)run));
  json_object_set_new(result, "steps_passed", json_integer((json_int_t)(run - failed)));
  json_object_set_new(result, "steps_failed", json_integer((json_int_t)failed));
  json_object_set_new(result, "failed_step", first_failed >= 0 ? json_integer(first_failed + 1) : json_null());
}

static void first_failure(z3_error *err, const z3_script *s, size_t i, const char *failure, const z3_error *hint) {
  z3_error_set(err, Z3_E_CHECK, "step %zu of %zu (%s, %s:%d) failed: %s", i + 1, s->step_count, s->steps[i].tool,
               s->file, s->steps[i].line, failure);
  if (hint->hint[0]) z3_error_hint(err, "%s", hint->hint);
}

z3_status z3_script_run(const z3_script *s, const z3_script_run_opts *o, json_t **result, z3_error *err) {
  *result = NULL;
  z3_status st = z3_script_check_error(s, err);
  if (st) return st;
  z3_tool_session session = o->session ? *o->session : (z3_tool_session){.agent = false};
  if (o->rom) session.default_rom = o->rom;
  json_t *out = json_object(), *steps = json_array(), *warnings = json_array();
  json_object_set_new(out, "script", json_string(s->file));
  json_object_set_new(out, "name", s->name ? json_string(s->name) : json_null());
  json_object_set_new(out, "dry_run", json_boolean(o->dry_run));
  compare_rom(s, o, out, warnings);
  size_t run = 0, failed = 0;
  long first_failed = -1;
  for (size_t i = 0; i < s->step_count; i++) {
    char *failure = NULL;
    z3_error why;
    z3_error_init(&why);
    json_array_append_new(steps, run_step(s, i, &session, o, &failure, &why));
    run++;
    if (failure) {
      if (first_failed < 0) first_failure(err, s, i, failure, &why), first_failed = (long)i;
      failed++;
    }
    z3_free(failure);
    if (failed && !o->continue_on_error) break;
  }
  totals(out, s, run, failed, first_failed);
  json_object_set_new(out, "warnings", warnings);
  json_object_set_new(out, "steps", steps);
  *result = out;
  return failed ? Z3_E_CHECK : Z3_OK;
}
