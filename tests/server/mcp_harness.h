/*
 * Drives the MCP server in-process for the tests in this folder.
 *
 * Test input is written with single quotes ('jsonrpc') and turned into JSON
 * here, so messages stay readable. Every line the server writes is checked
 * on the way in: a JSON object or array, "jsonrpc": "2.0" everywhere, never
 * an "id": null. That is the stdout rule, checked on every test.
 */
#ifndef Z3_TEST_MCP_HARNESS_H
#define Z3_TEST_MCP_HARNESS_H

#include <jansson.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/mcp.h"
#include "test.h"

#define INIT(v)                                                                              \
  "{'jsonrpc':'2.0','id':'init','method':'initialize','params':{'protocolVersion':'" v "',"  \
  "'capabilities':{},'clientInfo':{'name':'cmocka','version':'1'}}}\n"                       \
  "{'jsonrpc':'2.0','method':'notifications/initialized'}\n"

/* The folder a test file works in: a temporary directory holding game.sfc, a
 * copy of the sample ROM. */
typedef struct mcp_folder {
  char *dir, *rom;
} mcp_folder;

static inline int mcp_folder_make(mcp_folder *f) {
  f->dir = z3_test_tmpdir();
  f->rom = z3_strfmt("%s/game.sfc", f->dir);
  char *cmd = z3_strfmt("cp '%s' '%s'", Z3_SAMPLE, f->rom);
  int rc = system(cmd);
  z3_free(cmd);
  return rc;
}

static inline void mcp_folder_remove(mcp_folder *f) {
  char *cmd = z3_strfmt("rm -rf '%s'", f->dir);
  if (system(cmd) != 0) print_error("cannot remove %s\n", f->dir);
  z3_free(cmd);
  z3_free(f->rom), z3_free(f->dir);
}

/* The stateless request metadata, as a params member. */
#define META                                                                                 \
  "'_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28',"                         \
  "'io.modelcontextprotocol/clientCapabilities':{},"                                         \
  "'io.modelcontextprotocol/clientInfo':{'name':'cmocka','version':'1'}}"

/* 'x' -> "x": test messages hold no apostrophes of their own. */
static inline char *mcp_quotes(const char *text) {
  char *s = z3_strdup(text);
  for (char *p = s; *p; p++) if (*p == '\'') *p = '"';
  return s;
}

static inline void mcp_check_message(const json_t *m) {
  if (json_is_array(m)) {
    assert_true(json_array_size(m) > 0); /* an empty batch answer is never written */
    size_t i;
    json_t *item;
    json_array_foreach(m, i, item) { assert_true(json_is_object(item)); mcp_check_message(item); }
    return;
  }
  assert_true(json_is_object(m));
  assert_string_equal(json_string_value(json_object_get(m, "jsonrpc")), "2.0");
  json_t *id = json_object_get(m, "id");
  if (id) assert_true(json_is_string(id) || json_is_integer(id));
  /* exactly one of result, error, method */
  int kinds = !!json_object_get(m, "result") + !!json_object_get(m, "error") + !!json_object_get(m, "method");
  assert_int_equal(kinds, 1);
}

/* Every output line as a JSON value, checked; the array is the caller's. */
static inline json_t *mcp_parse_output(const char *buf, size_t len) {
  json_t *all = json_array();
  for (size_t start = 0; start < len;) {
    const char *nl = memchr(buf + start, '\n', len - start);
    assert_non_null(nl); /* every message ends with a newline */
    size_t n = (size_t)(nl - (buf + start));
    json_error_t e;
    json_t *m = json_loadb(buf + start, n, 0, &e);
    if (!m) print_error("not JSON on the protocol stream: %.*s\n", (int)n, buf + start);
    assert_non_null(m);
    mcp_check_message(m);
    json_array_append_new(all, m);
    start += n + 1;
  }
  return all;
}

/* Commands an agent may call: the ones tools/list offers. */
static inline size_t mcp_offered_count(void) {
  size_t n = 0;
  for (size_t i = 0; i < z3_command_count; i++)
    n += !(z3_commands[i].flags & Z3_CMD_PERSON_ONLY) && z3_commands[i].safety != Z3_SAFETY_NETWORK;
  return n;
}

static inline z3_mcp_options mcp_opts(const char *state_dir, const char *rom) {
  /* read_only: writes are refused, as these tests expect; session proposals have their own */
  return (z3_mcp_options){.state_dir = state_dir, .rom_path = rom, .log_level = "emergency", .read_only = true};
}

/* Feeds `input` (single-quoted JSON lines) through a memory stream and returns every message written. */
static inline json_t *mcp_run(const char *input, const z3_mcp_options *opts) {
  char *text = mcp_quotes(input);
  FILE *in = fmemopen(text, strlen(text) ? strlen(text) : 1, "r");
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  assert_non_null(in);
  assert_non_null(out);
  if (!*text) fgetc(in); /* an empty input: start at the end */
  assert_int_equal(z3_mcp_serve(in, out, opts), 0);
  fclose(out);
  fclose(in);
  json_t *msgs = mcp_parse_output(buf, len);
  free(buf);
  z3_free(text);
  return msgs;
}

/* The folder of the test file that includes this, set up and removed once for its group. */
static mcp_folder here;

static inline int mcp_group_setup(void **state) {
  (void)state;
  return mcp_folder_make(&here);
}

static inline int mcp_group_teardown(void **state) {
  (void)state;
  mcp_folder_remove(&here);
  return 0;
}

/* The server run on input with the folder as its state and game.sfc as its ROM. */
static inline json_t *mcp_run_here(const char *input) {
  z3_mcp_options o = mcp_opts(here.dir, here.rom);
  return mcp_run(input, &o);
}

/* The response with this id (NULL when none): id given as JSON text, e.g. "7" or "\"a\"". */
static inline json_t *mcp_response(const json_t *msgs, const char *id_json) {
  json_t *id = json_loads(id_json, JSON_DECODE_ANY, NULL), *m, *found = NULL;
  size_t i;
  json_array_foreach(msgs, i, m) {
    if (!json_object_get(m, "method") && json_equal(json_object_get(m, "id"), id)) found = m;
  }
  json_decref(id);
  return found;
}

static inline size_t mcp_count_responses(const json_t *msgs, const char *id_json) {
  json_t *id = json_loads(id_json, JSON_DECODE_ANY, NULL), *m;
  size_t i, n = 0;
  json_array_foreach(msgs, i, m) n += !json_object_get(m, "method") && json_equal(json_object_get(m, "id"), id);
  json_decref(id);
  return n;
}

static inline json_t *mcp_result(const json_t *msgs, const char *id_json) {
  json_t *r = mcp_response(msgs, id_json);
  if (!r) print_error("no response with id %s\n", id_json);
  assert_non_null(r);
  if (json_object_get(r, "error")) print_error("error: %s\n", json_string_value(json_object_get(json_object_get(r, "error"), "message")));
  assert_non_null(json_object_get(r, "result"));
  return json_object_get(r, "result");
}

/* The error code of the response with this id (fails when it is not an error). */
static inline int mcp_error_code(const json_t *msgs, const char *id_json) {
  json_t *r = mcp_response(msgs, id_json);
  if (!r) print_error("no response with id %s\n", id_json);
  assert_non_null(r);
  json_t *e = json_object_get(r, "error");
  assert_non_null(e);
  assert_true(json_is_string(json_object_get(e, "message")));
  return (int)json_integer_value(json_object_get(e, "code"));
}

static inline const char *mcp_error_message(const json_t *msgs, const char *id_json) {
  return json_string_value(json_object_get(json_object_get(mcp_response(msgs, id_json), "error"), "message"));
}

/* Messages without an id that are errors (parse errors, unreadable requests). */
static inline size_t mcp_idless_errors(const json_t *msgs, int code) {
  json_t *m;
  size_t i, n = 0;
  json_array_foreach(msgs, i, m) {
    json_t *e = json_object_get(m, "error");
    n += e && !json_object_get(m, "id") && json_integer_value(json_object_get(e, "code")) == code;
  }
  return n;
}

static inline size_t mcp_count_method(const json_t *msgs, const char *method) {
  json_t *m;
  size_t i, n = 0;
  json_array_foreach(msgs, i, m) {
    const char *name = json_string_value(json_object_get(m, "method"));
    n += name && strcmp(name, method) == 0;
  }
  return n;
}

/* ---- a stand-in for z3_tool_call: records calls, can hold them at a gate ---- */

typedef struct mcp_stub {
  pthread_mutex_t m;
  pthread_cond_t c;
  bool gate_closed;
  int started;
  char tags[64][32];            /* the "rom" argument of each call, in order */
  z3_tool_session seen;          /* its strings are the server's: see the copies */
  char seen_rom[512], seen_audit[512];
  double sleep_seconds;
  bool saw_cancel;               /* a held call saw the session's cancel flag and gave up */
} mcp_stub;

static inline void mcp_stub_init(mcp_stub *st) {
  memset(st, 0, sizeof *st);
  pthread_mutex_init(&st->m, NULL);
  pthread_cond_init(&st->c, NULL);
}

static inline void mcp_stub_open(mcp_stub *st) {
  pthread_mutex_lock(&st->m);
  st->gate_closed = false;
  pthread_cond_broadcast(&st->c);
  pthread_mutex_unlock(&st->m);
}

/* Waits until n calls have started. */
static inline void mcp_stub_wait_started(mcp_stub *st, int n) {
  pthread_mutex_lock(&st->m);
  while (st->started < n) pthread_cond_wait(&st->c, &st->m);
  pthread_mutex_unlock(&st->m);
}

/* Waits until a held call has seen the session's cancel flag. */
static inline void mcp_stub_wait_cancel(mcp_stub *st) {
  pthread_mutex_lock(&st->m);
  while (!st->saw_cancel) pthread_cond_wait(&st->c, &st->m);
  pthread_mutex_unlock(&st->m);
}

/* Holds the call at the gate, as z3_tool_call's child would run, until the
 * gate opens or the session's cancel flag is raised. */
static inline bool mcp_stub_hold(mcp_stub *st, const z3_tool_session *s) {
  while (st->gate_closed) {
    if (s->cancel && atomic_load(s->cancel)) {
      st->saw_cancel = true;
      pthread_cond_broadcast(&st->c);
      return false;
    }
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 10 * 1000 * 1000;
    if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
    pthread_cond_timedwait(&st->c, &st->m, &until);
  }
  return true;
}

/* rom_validate fails; every other tool returns {"tool", "tag"}. */
static inline z3_status mcp_stub_run(void *ctx, const z3_tool_session *s, const char *name, const json_t *args,
                                     z3_tool_result *out) {
  mcp_stub *st = ctx;
  const char *tag = json_string_value(json_object_get(args, "rom"));
  pthread_mutex_lock(&st->m);
  st->seen = *s;
  snprintf(st->seen_rom, sizeof st->seen_rom, "%s", s->default_rom ? s->default_rom : "");
  snprintf(st->seen_audit, sizeof st->seen_audit, "%s", s->audit_path ? s->audit_path : "");
  if (st->started < 64) snprintf(st->tags[st->started], sizeof st->tags[0], "%s", tag ? tag : "");
  st->started++;
  pthread_cond_broadcast(&st->c);
  bool go_on = mcp_stub_hold(st, s);
  pthread_mutex_unlock(&st->m);
  if (!go_on) return out->status = z3_error_set(&out->error, Z3_E_USAGE, "the call was cancelled and stopped");
  if (st->sleep_seconds > 0) {
    struct timespec ts = {(time_t)st->sleep_seconds, (long)((st->sleep_seconds - (double)(time_t)st->sleep_seconds) * 1e9)};
    nanosleep(&ts, NULL);
  }
  if (strcmp(name, "rom_validate") == 0) {
    out->status = z3_error_set(&out->error, Z3_E_INVALID, "stub failure in '%s'", name);
    z3_error_hint(&out->error, "stub hint");
    return out->status;
  }
  out->status = Z3_OK;
  out->result = json_pack("{s:s, s:s}", "tool", name, "tag", tag ? tag : "");
  return Z3_OK;
}

#endif
