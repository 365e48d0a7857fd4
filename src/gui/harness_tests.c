/*
 * gui/harness_tests: IT-05 queued tests and IT-07 record and replay.
 *
 * RunTest and ReplayTest queue a test (a suite test's steps) and answer with
 * its id at once; the tests run one after another, one step per tick of the
 * main loop (so the window stays live and actions stay under the rate limit),
 * and GetTestStatus / ListTests / GetTestResults report them. A Wait step is
 * polled tick by tick until it holds or times out.
 *
 * StartRecording notes every Click, Type, Wait, Assert and SimulateAction served over the
 * socket; StopRecording writes them as a suite (YAML, one test) ending with
 * asserts of the end state (undo depth, modified, the ROM's CRC-32), so the
 * same file replays through ReplayTest and `z3ed test suite run`. A replay
 * does not stop at a difference: every step that errs or whose check no
 * longer holds is a divergence (step, line, expected, actual).
 */
#include <stdlib.h>
#include <string.h>

#include "debug/suite.h"
#include "gui/harness_internal.h"

enum {
  TICK_MS = 10,
  TESTS_KEPT = 256,      /* finished tests beyond this are forgotten, oldest first */
  RECORD_MAX = 10000,    /* steps of one recording */
  WAIT_DEFAULT_MS = 5000,
};

typedef struct test_run {
  int id;
  char *name;
  json_t *steps; /* [{method, params, line}] as z3_suite_parse makes them */
  bool replay;
  const char *status; /* queued, running, passed, failed, error */
  size_t next;        /* the step to run */
  gint64 queued, started, finished, step_started; /* monotonic microseconds */
  json_t *results;    /* one object a step that ran */
  json_t *divergences;
  char *message;
} test_run;

struct gui_tests {
  gui_harness *h;
  GPtrArray *runs; /* test_run *, in the order queued */
  int last_id;
  guint tick;
  json_t *recorded; /* NULL when not recording, else the suite steps so far */
  char *record_path, *record_name;
};

static void free_run(gpointer data) {
  test_run *t = data;
  g_free(t->name);
  json_decref(t->steps);
  json_decref(t->results);
  json_decref(t->divergences);
  g_free(t->message);
  g_free(t);
}

gui_tests *gui_tests_new(gui_harness *h) {
  gui_tests *t = g_new0(gui_tests, 1);
  t->h = h;
  t->runs = g_ptr_array_new_with_free_func(free_run);
  return t;
}

void gui_tests_free(gui_tests *t) {
  if (!t) return;
  if (t->tick) g_source_remove(t->tick);
  g_ptr_array_unref(t->runs);
  json_decref(t->recorded);
  g_free(t->record_path);
  g_free(t->record_name);
  g_free(t);
}

static bool finished(const test_run *r) { return strcmp(r->status, "queued") && strcmp(r->status, "running"); }

static double ms_between(gint64 from, gint64 to) { return from && to ? (double)(to - from) / 1000.0 : 0; }

/* ---- running, one step a tick ---- */

static void step_done(test_run *r, const json_t *step, const char *status, const json_t *check, const char *message) {
  gint64 now = g_get_monotonic_time();
  json_t *o = json_pack("{s:I,s:s,s:O,s:s,s:f}", "step", (json_int_t)r->next + 1, "method", json_string_value(json_object_get(step, "method")),
                        "params", json_object_get(step, "params"), "status", status, "time_ms", ms_between(r->step_started, now));
  json_object_set(o, "line", json_object_get(step, "line"));
  if (check) {
    json_object_set(o, "expected", json_object_get(check, "expected"));
    json_object_set(o, "actual", json_object_get(check, "actual"));
  }
  if (message) json_object_set_new(o, "message", json_string(message));
  json_array_append_new(r->results, o);
  if (strcmp(status, "passed") != 0) {
    if (r->replay) {
      json_t *d = json_pack("{s:I,s:O,s:s}", "step", (json_int_t)r->next + 1, "line", json_object_get(step, "line"), "method",
                            json_string_value(json_object_get(step, "method")));
      json_object_set_new(d, "expected", check ? json_incref(json_object_get(check, "expected")) : json_string("the step to succeed"));
      json_object_set_new(d, "actual", check ? json_incref(json_object_get(check, "actual")) : json_string(message ? message : status));
      json_array_append_new(r->divergences, d);
    } else {
      r->status = status;
      r->message = g_strdup_printf("step %zu (line %d): %s", r->next + 1, (int)json_integer_value(json_object_get(step, "line")),
                                   message ? message : "the condition did not hold");
    }
  }
  r->next++;
  r->step_started = 0;
}

static char *check_message(const json_t *check) {
  char *want = json_dumps(json_object_get(check, "expected"), JSON_ENCODE_ANY | JSON_COMPACT);
  char *got = json_dumps(json_object_get(check, "actual"), JSON_ENCODE_ANY | JSON_COMPACT);
  char *m = g_strdup_printf("%s: expected %s, found %s", json_string_value(json_object_get(check, "condition")), want ? want : "?", got ? got : "?");
  free(want), free(got);
  return m;
}

static void run_step(gui_tests *t, test_run *r) {
  const json_t *step = json_array_get(r->steps, r->next);
  const char *method = json_string_value(json_object_get(step, "method"));
  const json_t *params = json_object_get(step, "params");
  gint64 now = g_get_monotonic_time();
  if (!r->step_started) r->step_started = now;
  json_t *result = json_object();
  z3_error err;
  z3_error_init(&err);
  bool is_wait = !strcmp(method, "Wait"), is_check = is_wait || !strcmp(method, "Assert");
  z3_status st = is_check ? gui_rpc_check(gui_harness_window(t->h), params, result, &err)
                          : gui_harness_call(t->h, method, params, result, &err);
  if (st) {
    step_done(r, step, "error", NULL, err.message);
  } else if (is_check && !json_is_true(json_object_get(result, "passed"))) {
    const json_t *timeout = json_object_get(params, "timeout_ms");
    json_int_t ms = json_is_integer(timeout) ? json_integer_value(timeout) : WAIT_DEFAULT_MS;
    if (is_wait && now < r->step_started + ms * 1000) return json_decref(result); /* again next tick */
    char *m = check_message(result);
    step_done(r, step, "failed", result, m);
    g_free(m);
  } else {
    step_done(r, step, "passed", is_check ? result : NULL, NULL);
  }
  json_decref(result);
}

static test_run *current(gui_tests *t) {
  for (guint i = 0; i < t->runs->len; i++) {
    test_run *r = g_ptr_array_index(t->runs, i);
    if (!finished(r)) return r;
  }
  return NULL;
}

static gboolean tick(gpointer data) {
  gui_tests *t = data;
  test_run *r = current(t);
  if (!r) {
    t->tick = 0;
    return G_SOURCE_REMOVE;
  }
  if (!r->started) {
    r->started = g_get_monotonic_time();
    r->status = "running";
  }
  run_step(t, r);
  if (!finished(r) && r->next >= json_array_size(r->steps))
    r->status = json_array_size(r->divergences) ? "failed" : "passed";
  if (finished(r)) {
    r->finished = g_get_monotonic_time();
    if (!r->message && json_array_size(r->divergences))
      r->message = g_strdup_printf("%zu of %zu steps diverged from the recording", json_array_size(r->divergences), json_array_size(r->steps));
  }
  return G_SOURCE_CONTINUE;
}

/* ---- queueing ---- */

static void forget_old(gui_tests *t) {
  for (guint i = 0; t->runs->len >= TESTS_KEPT && i < t->runs->len;) {
    if (finished(g_ptr_array_index(t->runs, i))) g_ptr_array_remove_index(t->runs, i);
    else i++;
  }
}

static test_run *queue_one(gui_tests *t, const json_t *test, bool replay) {
  test_run *r = g_new0(test_run, 1);
  r->id = ++t->last_id;
  r->name = g_strdup(json_string_value(json_object_get(test, "name")));
  r->steps = json_incref(json_object_get(test, "steps"));
  r->replay = replay;
  r->status = "queued";
  r->queued = g_get_monotonic_time();
  r->results = json_array();
  r->divergences = json_array();
  g_ptr_array_add(t->runs, r);
  if (!t->tick) t->tick = g_timeout_add(TICK_MS, tick, t);
  return r;
}

static z3_status room_for(gui_tests *t, size_t more, z3_error *err) {
  forget_old(t);
  if (t->runs->len + more > TESTS_KEPT)
    return z3_error_set(err, Z3_E_IO, "%d tests are queued or running already", TESTS_KEPT),
           z3_error_hint(err, "wait for some to finish (ListTests)"), Z3_E_IO;
  return Z3_OK;
}

static z3_status read_suite_file(const json_t *params, const char *key, json_t **suite, z3_error *err) {
  const char *path = json_string_value(json_object_get(params, key));
  if (!path || path[0] != '/') return z3_error_set(err, Z3_E_USAGE, "params.%s must be an absolute path to a suite (.yaml)", key);
  return z3_suite_load(path, suite, err);
}

static void queued_reply(json_t *result, const test_run *r) {
  json_object_set_new(result, "id", json_integer(r->id));
  json_object_set_new(result, "name", json_string(r->name));
  json_object_set_new(result, "status", json_string(r->status));
  json_object_set_new(result, "steps", json_integer((json_int_t)json_array_size(r->steps)));
}

/* RunTest: {suite, test} (a test of a suite file) or {name, steps} (suite steps, `click: {...}`). */
z3_status gui_tests_run(gui_tests *t, const json_t *params, json_t *result, z3_error *err) {
  json_t *suite = NULL;
  const json_t *steps = json_object_get(params, "steps");
  z3_status st;
  if (steps) {
    const json_t *name = json_object_get(params, "name");
    json_t *doc = json_pack("{s:[{s:O,s:O}]}", "tests", "name", name ? name : json_string("adhoc"), "steps", steps);
    char *text = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
    st = text ? z3_suite_parse(text, strlen(text), "params", &suite, err) : z3_error_set(err, Z3_E_USAGE, "params.steps must be a list of steps");
    free(text);
    json_decref(doc);
  } else {
    st = read_suite_file(params, "suite", &suite, err);
  }
  const json_t *tests = json_object_get(suite, "tests"), *want = json_object_get(params, "test"), *test = NULL;
  for (size_t i = 0; !st && !test && i < json_array_size(tests); i++) {
    const json_t *c = json_array_get(tests, i);
    if (!want || json_equal(json_object_get(c, "name"), want)) test = c;
  }
  if (!st && !test) st = z3_error_set(err, Z3_E_NOT_FOUND, "the suite has no test '%s'", json_string_value(want) ? json_string_value(want) : "?");
  if (!st) st = room_for(t, 1, err);
  if (!st) queued_reply(result, queue_one(t, test, false));
  json_decref(suite);
  return st;
}

/* ReplayTest: {path}: every test of a recorded (or any) suite, queued as replays. */
z3_status gui_tests_replay(gui_tests *t, const json_t *params, json_t *result, z3_error *err) {
  json_t *suite = NULL;
  z3_status st = read_suite_file(params, "path", &suite, err);
  const json_t *tests = json_object_get(suite, "tests");
  if (!st) st = room_for(t, json_array_size(tests), err);
  if (!st) {
    json_t *ids = json_array();
    for (size_t i = 0; i < json_array_size(tests); i++) {
      test_run *r = queue_one(t, json_array_get(tests, i), true);
      if (i == 0) queued_reply(result, r);
      json_array_append_new(ids, json_integer(r->id));
    }
    json_object_set_new(result, "ids", ids);
  }
  json_decref(suite);
  return st;
}

/* ---- introspection ---- */

static test_run *run_of(gui_tests *t, const json_t *params, z3_error *err) {
  const json_t *id = json_object_get(params, "id");
  if (!json_is_integer(id)) return z3_error_set(err, Z3_E_USAGE, "params.id must be a test id (RunTest's answer)"), NULL;
  for (guint i = 0; i < t->runs->len; i++) {
    test_run *r = g_ptr_array_index(t->runs, i);
    if (r->id == json_integer_value(id)) return r;
  }
  z3_error_set(err, Z3_E_NOT_FOUND, "no test %lld", (long long)json_integer_value(id));
  z3_error_hint(err, "ListTests shows the tests kept (the last %d)", TESTS_KEPT);
  return NULL;
}

static void summary(json_t *o, const test_run *r) {
  gint64 now = g_get_monotonic_time();
  json_object_set_new(o, "id", json_integer(r->id));
  json_object_set_new(o, "name", json_string(r->name));
  json_object_set_new(o, "status", json_string(r->status));
  json_object_set_new(o, "replay", json_boolean(r->replay));
  json_object_set_new(o, "steps", json_integer((json_int_t)json_array_size(r->steps)));
  json_object_set_new(o, "steps_done", json_integer((json_int_t)r->next));
  json_object_set_new(o, "queued_ms", json_real(ms_between(r->queued, r->started ? r->started : now)));
  json_object_set_new(o, "time_ms", json_real(ms_between(r->started, r->finished ? r->finished : now)));
  if (r->message) json_object_set_new(o, "message", json_string(r->message));
}

z3_status gui_tests_status(gui_tests *t, const json_t *params, json_t *result, z3_error *err) {
  test_run *r = run_of(t, params, err);
  if (!r) return err->code;
  summary(result, r);
  return Z3_OK;
}

z3_status gui_tests_list(gui_tests *t, const json_t *params, json_t *result, z3_error *err) {
  (void)params, (void)err;
  json_t *list = json_array();
  for (guint i = 0; i < t->runs->len; i++) {
    json_t *o = json_object();
    summary(o, g_ptr_array_index(t->runs, i));
    json_array_append_new(list, o);
  }
  json_object_set_new(result, "count", json_integer(t->runs->len));
  json_object_set_new(result, "tests", list);
  json_object_set_new(result, "recording", json_boolean(t->recorded != NULL));
  return Z3_OK;
}

z3_status gui_tests_results(gui_tests *t, const json_t *params, json_t *result, z3_error *err) {
  test_run *r = run_of(t, params, err);
  if (!r) return err->code;
  summary(result, r);
  json_object_set(result, "results", r->results);
  if (r->replay) json_object_set(result, "divergences", r->divergences);
  return Z3_OK;
}

/* ---- recording ---- */

z3_status gui_tests_record_start(gui_tests *t, const json_t *params, json_t *result, z3_error *err) {
  const char *path = json_string_value(json_object_get(params, "path"));
  const json_t *name = json_object_get(params, "name");
  if (t->recorded) return z3_error_set(err, Z3_E_INVALID, "already recording to '%s'", t->record_path),
                          z3_error_hint(err, "StopRecording first"), Z3_E_INVALID;
  if (!path || path[0] != '/') return z3_error_set(err, Z3_E_USAGE, "params.path must be an absolute path for the script (.yaml)");
  if (name && (!json_is_string(name) || !*json_string_value(name))) return z3_error_set(err, Z3_E_USAGE, "params.name must be text");
  t->recorded = json_array();
  t->record_path = g_strdup(path);
  t->record_name = g_strdup(name ? json_string_value(name) : "recorded");
  json_object_set_new(result, "recording", json_true());
  json_object_set_new(result, "path", json_string(path));
  return Z3_OK;
}

void gui_tests_note(gui_tests *t, const char *method, const json_t *params) {
  static const char *const keys[][2] = {{"Click", "click"}, {"Type", "type"}, {"Wait", "wait"}, {"Assert", "assert"}, {"SimulateAction", "simulate"}};
  if (!t->recorded || json_array_size(t->recorded) >= RECORD_MAX) return;
  for (size_t i = 0; i < G_N_ELEMENTS(keys); i++)
    if (!strcmp(keys[i][0], method)) json_array_append_new(t->recorded, json_pack("{s:O}", keys[i][1], params));
}

/* The end state the replay must reach: undo depth, modified, the ROM's CRC-32. */
static void end_state(gui_tests *t, GString *out) {
  gui_tab *tab = gui_window_current_tab(gui_harness_window(t->h));
  if (!tab) return;
  const z3_buf *rom = &tab->doc->rom->data;
  g_string_append_printf(out, "      - assert: {\"condition\":\"undo-depth\",\"equals\":%zu}\n", tab->doc->undo.count);
  g_string_append_printf(out, "      - assert: {\"condition\":\"modified\",\"equals\":%s}\n", z3_doc_modified(tab->doc) ? "true" : "false");
  g_string_append_printf(out, "      - assert: {\"condition\":\"rom-crc32\",\"equals\":\"0x%08X\"}\n", z3_crc32(rom->data, rom->len));
}

z3_status gui_tests_record_stop(gui_tests *t, const json_t *params, json_t *result, z3_error *err) {
  (void)params;
  if (!t->recorded) return z3_error_set(err, Z3_E_INVALID, "not recording"), z3_error_hint(err, "StartRecording {path} first"), Z3_E_INVALID;
  json_t *name = json_string(t->record_name);
  char *quoted = json_dumps(name, JSON_ENCODE_ANY);
  GString *out = g_string_new("# Recorded by yaze's harness (StartRecording, StopRecording). Replay it with ReplayTest,\n"
                              "# `z3ed gui replay` or `z3ed test suite run`; the last asserts are the end state.\n");
  g_string_append_printf(out, "name: %s\ntests:\n  - name: %s\n    steps:\n", quoted, quoted);
  size_t i;
  json_t *step;
  json_array_foreach(t->recorded, i, step) {
    const char *key = json_object_iter_key(json_object_iter(step));
    char *p = json_dumps(json_object_get(step, key), JSON_COMPACT);
    g_string_append_printf(out, "      - %s: %s\n", key, p ? p : "{}");
    free(p);
  }
  end_state(t, out);
  z3_status st = z3_file_write_atomic(t->record_path, out->str, out->len, NULL, err);
  if (!st) {
    json_object_set_new(result, "path", json_string(t->record_path));
    json_object_set_new(result, "actions", json_integer((json_int_t)json_array_size(t->recorded)));
    json_object_set_new(result, "name", name);
    name = NULL;
  }
  json_decref(name);
  free(quoted);
  g_string_free(out, TRUE);
  json_decref(t->recorded);
  t->recorded = NULL;
  g_free(t->record_path);
  g_free(t->record_name);
  t->record_path = t->record_name = NULL;
  return st;
}
