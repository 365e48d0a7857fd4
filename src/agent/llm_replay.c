/*
 * The replay provider: a script file plays the model, so the whole loop runs
 * offline and deterministically (tests, demos, reviewing a saved plan).
 *
 *   {"format": "z3ed-replay/1", "model": "...", "description": "...",
 *    "turns": [
 *      {"expect": {"user_contains": "...", "earlier_user_contains": "...", "system_contains": "...",
 *                  "tools_include": ["name", ...], "tools_exclude": ["name", ...],
 *                  "tool_results": [{"tool": "...", "is_error": false, "contains": "..."}]},
 *       "text": "what the model says",
 *       "tool_calls": [{"id": "optional", "name": "tool", "arguments": {...}}]}]}
 *
 * Each request takes the next turn. "expect" checks what z3ed sent before
 * answering: tool_results lists, in order, every result sent since the
 * previous turn; earlier_user_contains looks in the user's words before the
 * last (a conversation that went on from an earlier run). A call may give "arguments_text" instead of "arguments" to
 * play a model that writes broken JSON.
 */
#include <stdio.h>
#include <string.h>

#include "agent/llm_internal.h"

enum { MAX_SCRIPT = 8 << 20 };

struct z3_llm_replay {
  json_t *turns;
  size_t next;
  char *name;
};

static z3_status bad(const char *name, size_t turn, z3_error *err, const char *what) {
  if (turn == 0) return z3_error_set(err, Z3_E_INVALID, "replay script '%s': %s", name, what);
  return z3_error_set(err, Z3_E_INVALID, "replay script '%s': turn %zu: %s", name, turn, what);
}

static bool only_keys(const json_t *o, const char *const *keys) {
  const char *k;
  json_t *v;
  json_object_foreach((json_t *)o, k, v) {
    bool known = false;
    for (const char *const *p = keys; *p && !known; p++) known = strcmp(k, *p) == 0;
    if (!known) return false;
  }
  return true;
}

static bool strings(const json_t *v) {
  size_t i;
  json_t *s;
  if (!json_is_array(v)) return false;
  json_array_foreach(v, i, s) if (!json_is_string(s)) return false;
  return true;
}

static z3_status check_expect(const char *name, size_t n, const json_t *e, z3_error *err) {
  static const char *const keys[] = {"user_contains", "system_contains", "earlier_user_contains", "tools_include",
                                     "tools_exclude", "tool_results", NULL};
  if (!json_is_object(e) || !only_keys(e, keys)) {
    return bad(name, n, err, "\"expect\" takes user_contains, earlier_user_contains, system_contains, tools_include, "
                             "tools_exclude, tool_results");
  }
  for (int i = 0; i < 3; i++) {
    const json_t *v = json_object_get(e, keys[i]);
    if (v && !json_is_string(v)) return bad(name, n, err, "\"expect\" texts must be strings");
  }
  for (int i = 3; i < 5; i++) {
    const json_t *v = json_object_get(e, keys[i]);
    if (v && !strings(v)) return bad(name, n, err, "\"tools_include\" and \"tools_exclude\" are lists of names");
  }
  static const char *const result_keys[] = {"tool", "is_error", "contains", NULL};
  const json_t *results = json_object_get(e, "tool_results");
  size_t i;
  json_t *r;
  if (results && !json_is_array(results)) return bad(name, n, err, "\"tool_results\" must be a list");
  json_array_foreach(results, i, r) {
    if (!json_is_object(r) || !only_keys(r, result_keys)) {
      return bad(name, n, err, "each expected tool result takes tool, is_error, contains");
    }
    const json_t *t = json_object_get(r, "tool"), *ie = json_object_get(r, "is_error"), *c = json_object_get(r, "contains");
    if ((t && !json_is_string(t)) || (ie && !json_is_boolean(ie)) || (c && !json_is_string(c))) {
      return bad(name, n, err, "an expected tool result has a value of the wrong type");
    }
  }
  return Z3_OK;
}

static z3_status check_call(const char *name, size_t n, const json_t *c, z3_error *err) {
  static const char *const keys[] = {"id", "name", "arguments", "arguments_text", NULL};
  if (!json_is_object(c) || !only_keys(c, keys)) return bad(name, n, err, "a tool call takes id, name, arguments");
  if (!json_is_string(json_object_get(c, "name")) || !json_string_length(json_object_get(c, "name"))) {
    return bad(name, n, err, "a tool call has no name");
  }
  const json_t *id = json_object_get(c, "id"), *a = json_object_get(c, "arguments"), *t = json_object_get(c, "arguments_text");
  if ((id && !json_is_string(id)) || (a && !json_is_object(a)) || (t && !json_is_string(t)) || (a && t)) {
    return bad(name, n, err, "a tool call's id is a string, its arguments an object (or arguments_text a string)");
  }
  return Z3_OK;
}

static z3_status check_turn(const char *name, size_t n, const json_t *turn, z3_error *err) {
  static const char *const keys[] = {"expect", "text", "tool_calls", "note", NULL};
  if (!json_is_object(turn) || !only_keys(turn, keys)) {
    return bad(name, n, err, "a turn is an object with expect, text, tool_calls (and a note)");
  }
  const json_t *text = json_object_get(turn, "text"), *calls = json_object_get(turn, "tool_calls");
  const json_t *expect = json_object_get(turn, "expect");
  if (text && !json_is_string(text)) return bad(name, n, err, "\"text\" must be a string");
  if (calls && !json_is_array(calls)) return bad(name, n, err, "\"tool_calls\" must be a list");
  if (expect) {
    z3_status st = check_expect(name, n, expect, err);
    if (st) return st;
  }
  size_t i;
  json_t *c;
  json_array_foreach(calls, i, c) {
    z3_status st = check_call(name, n, c, err);
    if (st) return st;
  }
  return Z3_OK;
}

z3_status z3_llm__replay_parse(z3_llm_replay **out, const char *text, size_t len, const char *name,
                               z3_error *err) {
  *out = NULL;
  json_error_t je;
  json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
  if (!root) {
    return z3_error_set(err, Z3_E_INVALID, "replay script '%s' is not JSON: %s (line %d, column %d)", name, je.text,
                        je.line, je.column);
  }
  static const char *const keys[] = {"format", "model", "description", "turns", NULL};
  const json_t *format = json_object_get(root, "format"), *turns = json_object_get(root, "turns");
  z3_status st = Z3_OK;
  if (!json_is_object(root) || !only_keys(root, keys)) st = bad(name, 0, err, "expected an object with format, model, description, turns");
  else if (format && (!json_is_string(format) || strcmp(json_string_value(format), "z3ed-replay/1") != 0))
    st = bad(name, 0, err, "\"format\" must be \"z3ed-replay/1\"");
  else if (!json_is_array(turns) || json_array_size(turns) == 0) st = bad(name, 0, err, "\"turns\" must be a non-empty list");
  for (size_t i = 0; st == Z3_OK && i < json_array_size(turns); i++) st = check_turn(name, i + 1, json_array_get(turns, i), err);
  z3_llm_replay *r = st == Z3_OK ? z3_calloc(1, sizeof *r) : NULL;
  if (st == Z3_OK && (!r || !(r->name = z3_strdup(name)))) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st != Z3_OK) {
    if (r) z3_free(r);
    json_decref(root);
    return st;
  }
  r->turns = json_incref((json_t *)turns);
  json_decref(root);
  *out = r;
  return Z3_OK;
}

z3_status z3_llm__replay_load(z3_llm_replay **out, const char *path, z3_error *err) {
  z3_buf text;
  z3_buf_init(&text);
  z3_status st = z3_file_read(&text, path, MAX_SCRIPT, err);
  if (st == Z3_OK) st = z3_llm__replay_parse(out, (const char *)text.data, text.len, path, err);
  z3_buf_release(&text);
  return st;
}

void z3_llm__replay_free(z3_llm_replay *r) {
  if (!r) return;
  json_decref(r->turns);
  z3_free(r->name);
  z3_free(r);
}

/* ---- answering ---------------------------------------------------------------- */

static const z3_llm_msg *last_of(const z3_llm_conv *conv, z3_llm_role role) {
  for (size_t i = conv->count; i-- > 0;)
    if (conv->msgs[i].role == role) return &conv->msgs[i];
  return NULL;
}

static bool offered(const json_t *tools, const char *name) {
  size_t i;
  json_t *t;
  json_array_foreach(tools, i, t) if (strcmp(z3_llm__tool_name(t), name) == 0) return true;
  return false;
}

static z3_status mismatch(const z3_llm_replay *r, z3_error *err, const char *what, const char *subject,
                          const char *sent) {
  z3_error_set(err, Z3_E_CHECK, "replay script '%s': turn %zu expected %s '%s'", r->name, r->next + 1, what, subject);
  z3_error_hint(err, "z3ed sent: %.180s", sent && *sent ? sent : "(nothing)");
  return Z3_E_CHECK;
}

static z3_status expect_results(const z3_llm_replay *r, const z3_llm_conv *conv, const json_t *want, z3_error *err) {
  size_t first = conv->count;
  while (first > 0 && conv->msgs[first - 1].role == Z3_LLM_TOOL) first--;
  size_t have = conv->count - first;
  if (have != json_array_size(want)) {
    char n[32];
    snprintf(n, sizeof n, "%zu", json_array_size(want));
    return mismatch(r, err, "this many tool results:", n, have ? conv->msgs[first].text : NULL);
  }
  for (size_t i = 0; i < have; i++) {
    const z3_llm_msg *m = &conv->msgs[first + i];
    const json_t *w = json_array_get(want, i);
    const char *tool = z3_llm__str(w, "tool"), *contains = z3_llm__str(w, "contains");
    const json_t *is_error = json_object_get(w, "is_error");
    if (tool && strcmp(tool, m->tool_name) != 0) return mismatch(r, err, "a result of", tool, m->tool_name);
    if (is_error && json_is_true(is_error) != m->is_error) {
      return mismatch(r, err, "a result with is_error", json_is_true(is_error) ? "true" : "false", m->text);
    }
    if (contains && !strstr(m->text, contains)) return mismatch(r, err, "a result containing", contains, m->text);
  }
  return Z3_OK;
}

static bool earlier_user_has(const z3_llm_conv *conv, const z3_llm_msg *last, const char *text) {
  for (size_t i = 0; i < conv->count && &conv->msgs[i] != last; i++)
    if (conv->msgs[i].role == Z3_LLM_USER && conv->msgs[i].text && strstr(conv->msgs[i].text, text)) return true;
  return false;
}

static z3_status expect(const z3_llm_replay *r, const json_t *e, const z3_llm_conv *conv, const json_t *tools,
                        z3_error *err) {
  const char *user = z3_llm__str(e, "user_contains"), *system = z3_llm__str(e, "system_contains");
  const z3_llm_msg *last_user = last_of(conv, Z3_LLM_USER);
  if (user && !(last_user && strstr(last_user->text, user))) {
    return mismatch(r, err, "the user's words to contain", user, last_user ? last_user->text : NULL);
  }
  if (system && !(conv->system && strstr(conv->system, system))) {
    return mismatch(r, err, "the system prompt to contain", system, conv->system);
  }
  const char *earlier = z3_llm__str(e, "earlier_user_contains");
  if (earlier && !earlier_user_has(conv, last_user, earlier)) {
    return mismatch(r, err, "an earlier user message to contain", earlier, NULL);
  }
  size_t i;
  json_t *n;
  json_array_foreach(json_object_get(e, "tools_include"), i, n) {
    if (!offered(tools, json_string_value(n))) return mismatch(r, err, "the tools to include", json_string_value(n), NULL);
  }
  json_array_foreach(json_object_get(e, "tools_exclude"), i, n) {
    if (offered(tools, json_string_value(n))) return mismatch(r, err, "the tools to exclude", json_string_value(n), NULL);
  }
  const json_t *results = json_object_get(e, "tool_results");
  return results ? expect_results(r, conv, results, err) : Z3_OK;
}

static z3_status answer(const json_t *turn, z3_llm_reply *out, z3_error *err) {
  z3_status st = z3_llm__add_text(&out->msg, z3_llm__str(turn, "text"), err);
  size_t i;
  json_t *c;
  json_array_foreach(json_object_get(turn, "tool_calls"), i, c) {
    if (st) break;
    const char *text = z3_llm__str(c, "arguments_text");
    json_t *args = text ? json_loads(text, JSON_REJECT_DUPLICATES, NULL) : NULL;
    if (!text) args = json_object_get(c, "arguments") ? json_deep_copy(json_object_get(c, "arguments")) : json_object();
    bool usable = json_is_object(args);
    if (!usable) {
      json_decref(args);
      args = NULL;
    }
    st = z3_llm__add_call(&out->msg, z3_llm__str(c, "id"), z3_llm__str(c, "name"), args, text,
                          usable ? NULL : "the arguments are not valid JSON", err);
  }
  const char *reason = out->msg.call_count ? "tool_calls" : "stop";
  if (st == Z3_OK && !(out->stop_reason = z3_strdup(reason))) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  return st;
}

z3_status z3_llm__replay_chat(z3_llm_replay *r, const z3_llm_conv *conv, const json_t *tools,
                              z3_llm_reply *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  out->input_tokens = out->output_tokens = -1;
  if (r->next >= json_array_size(r->turns)) {
    z3_error_set(err, Z3_E_CHECK, "replay script '%s' has no turn %zu: it ends after %zu", r->name, r->next + 1,
                 json_array_size(r->turns));
    z3_error_hint(err, "the loop asked the model once more than the script plays");
    return Z3_E_CHECK;
  }
  const json_t *turn = json_array_get(r->turns, r->next);
  const json_t *e = json_object_get(turn, "expect");
  z3_status st = e ? expect(r, e, conv, tools, err) : Z3_OK;
  if (st == Z3_OK) st = answer(turn, out, err);
  if (st == Z3_OK) st = z3_llm__finish_reply(out, "replay", err);
  if (st != Z3_OK) z3_llm_reply_release(out);
  r->next++;
  return st;
}
