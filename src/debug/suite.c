/* debug/suite: the YAML reader of GUI test suites (suite.h). */
#include "debug/suite.h"

#include <libfyaml.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/lazylib.h"
#include "debug/suite_internal.h"

static const char *const step_methods[][2] = {
    {"ping", "Ping"},     {"discover", "DiscoverWidgets"}, {"click", "Click"},           {"type", "Type"},
    {"wait", "Wait"},     {"assert", "Assert"},            {"screenshot", "Screenshot"}, {"state", "GetCanvasState"},
    {"simulate", "SimulateAction"},
};

z3_status suite_fail(suite_reader *r, suite_mark at, const char *fmt, ...) {
  char text[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  return z3_error_set(r->err, Z3_E_INVALID, "%s:%d:%d: %s", r->name, at.line, at.col, text);
}

/* Where a node starts: its own token for a scalar, else its first key or item (an empty
 * collection has no token to name, so 0:0). */
suite_mark suite_mark_of(struct fy_node *n) {
  struct fy_token *t = n && fy_node_is_scalar(n) ? fy_node_get_scalar_token(n) : NULL;
  const struct fy_mark *m = t ? fy_token_start_mark(t) : NULL;
  if (m) return (suite_mark){m->line + 1, m->column + 1};
  void *it = NULL;
  if (n && fy_node_is_mapping(n)) {
    struct fy_node_pair *p = fy_node_mapping_iterate(n, &it);
    return p ? suite_mark_of(fy_node_pair_key(p)) : (suite_mark){0, 0};
  }
  struct fy_node *first = n && fy_node_is_sequence(n) ? fy_node_sequence_iterate(n, &it) : NULL;
  return first ? suite_mark_of(first) : (suite_mark){0, 0};
}

/* A plain scalar as YAML 1.2's core schema reads it: null, a boolean, an integer, else text. */
static json_t *scalar_json(struct fy_node *n) {
  size_t len;
  const char *s = fy_node_get_scalar(n, &len);
  if (!s) len = 0;
  char *text = malloc(len + 1);
  if (!text) return NULL;
  memcpy(text, s ? s : "", len);
  text[len] = 0;
  json_t *v = NULL;
  if (fy_node_get_style(n) == FYNS_PLAIN) {
    char *end;
    long long i = strtoll(text, &end, 0);
    if (!strcmp(text, "null") || !strcmp(text, "~") || !*text) v = json_null();
    else if (!strcmp(text, "true") || !strcmp(text, "false")) v = json_boolean(text[0] == 't');
    else if (*text && !*end && (text[0] != '0' || !text[1] || text[1] == 'x')) v = json_integer(i);
    else if (strspn(text, "+-0123456789.eE") == len && strchr(text, '.')) { /* a canvas point at 1.5x zoom: 40.5 */
      double d = strtod(text, &end);
      if (!*end && isfinite(d)) v = json_real(d);
    }
  }
  if (!v) v = json_stringn(text, len);
  free(text);
  return v;
}

enum { MAX_DEPTH = 32 };

z3_status suite_to_json(suite_reader *r, struct fy_node *n, int depth, json_t **out) {
  suite_mark at = suite_mark_of(n);
  if (depth > MAX_DEPTH) return suite_fail(r, at, "nested more than %d deep", MAX_DEPTH);
  if (fy_node_is_alias(n)) return suite_fail(r, at, "aliases are not read here; write the value out");
  if (fy_node_is_scalar(n)) {
    *out = scalar_json(n);
    return *out ? Z3_OK : suite_fail(r, at, "a value is not UTF-8 text");
  }
  void *it = NULL;
  if (fy_node_is_sequence(n)) {
    json_t *a = json_array();
    for (struct fy_node *c; (c = fy_node_sequence_iterate(n, &it));) {
      json_t *v = NULL;
      z3_status st = suite_to_json(r, c, depth + 1, &v);
      if (st) return json_decref(a), st;
      json_array_append_new(a, v);
    }
    *out = a;
    return Z3_OK;
  }
  json_t *o = json_object();
  for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(n, &it));) {
    struct fy_node *k = fy_node_pair_key(p);
    const char *key = k && fy_node_is_scalar(k) ? fy_node_get_scalar0(k) : NULL;
    if (!key) return json_decref(o), suite_fail(r, at, "a mapping key must be text");
    if (json_object_get(o, key)) return json_decref(o), suite_fail(r, suite_mark_of(k), "key '%s' appears twice", key);
    json_t *v = NULL;
    z3_status st = fy_node_pair_value(p) ? suite_to_json(r, fy_node_pair_value(p), depth + 1, &v) : (v = json_null(), Z3_OK);
    if (st) return json_decref(o), st;
    json_object_set_new(o, key, v);
  }
  *out = o;
  return Z3_OK;
}

/* ---- the suite's shape ---- */

static z3_status read_step(suite_reader *r, struct fy_node *n, const json_t *v, const char *test, size_t i, json_t *steps) {
  suite_mark at = suite_mark_of(n);
  if (!json_is_object(v) || json_object_size(v) != 1)
    return suite_fail(r, at, "test '%s' step %zu must be one 'method: {params}' pair", test, i + 1);
  const char *key = json_object_iter_key(json_object_iter((json_t *)v));
  const json_t *params = json_object_get(v, key);
  size_t m = 0;
  while (m < sizeof step_methods / sizeof step_methods[0] && strcmp(step_methods[m][0], key) != 0) m++;
  if (m == sizeof step_methods / sizeof step_methods[0])
    return suite_fail(r, at, "test '%s' step %zu: unknown step '%s' (ping, discover, click, type, wait, assert, screenshot, state, simulate)", test, i + 1, key);
  if (!json_is_object(params) && !json_is_null(params))
    return suite_fail(r, at, "test '%s' step %zu: '%s' takes a mapping of parameters", test, i + 1, key);
  json_array_append_new(steps, json_pack("{s:s,s:O,s:i}", "method", step_methods[m][1], "params",
                                         json_is_object(params) ? params : json_object(), "line", at.line));
  if (!json_is_object(params)) json_decref(json_object_get(json_array_get(steps, json_array_size(steps) - 1), "params"));
  return Z3_OK;
}

static bool defined_before(const json_t *tests, const char *name) {
  size_t i;
  json_t *t;
  json_array_foreach(tests, i, t) if (!strcmp(json_string_value(json_object_get(t, "name")), name)) return true;
  return false;
}

static z3_status read_test(suite_reader *r, struct fy_node *n, const json_t *v, json_t *tests) {
  suite_mark at = suite_mark_of(n);
  const json_t *name = json_object_get(v, "name"), *group = json_object_get(v, "group");
  const json_t *deps = json_object_get(v, "depends"), *steps = json_object_get(v, "steps"), *ci = json_object_get(v, "ci");
  if (!json_is_object(v)) return suite_fail(r, at, "a test must be a mapping with name and steps");
  const char *key;
  json_t *val;
  json_object_foreach((json_t *)v, key, val)
    if (strcmp(key, "name") && strcmp(key, "group") && strcmp(key, "depends") && strcmp(key, "steps") && strcmp(key, "ci"))
      return suite_fail(r, suite_key_mark(n, key, at), "unknown key '%s' in a test (name, group, depends, ci, steps)", key);
  if (!json_is_string(name) || !*json_string_value(name)) return suite_fail(r, at, "a test needs a name");
  const char *tn = json_string_value(name);
  if (defined_before(tests, tn)) return suite_fail(r, at, "test '%s' is defined twice", tn);
  if (group && !json_is_string(group)) return suite_fail(r, at, "test '%s': group must be text", tn);
  if (ci && !json_is_boolean(ci)) return suite_fail(r, at, "test '%s': ci must be true or false", tn);
  if (deps && !json_is_array(deps)) return suite_fail(r, at, "test '%s': depends must be a list of test names", tn);
  size_t i;
  json_t *d;
  json_array_foreach(deps, i, d) {
    if (!json_is_string(d) || !defined_before(tests, json_string_value(d)))
      return suite_fail(r, at, "test '%s' depends on '%s', which is not a test defined before it", tn, json_is_string(d) ? json_string_value(d) : "?");
  }
  if (!json_is_array(steps) || !json_array_size(steps)) return suite_fail(r, at, "test '%s' needs a list of steps", tn);
  struct fy_node *step_nodes = fy_node_mapping_lookup_by_string(n, "steps", FY_NT);
  json_t *out = json_array();
  void *it = NULL;
  json_array_foreach(steps, i, d) {
    struct fy_node *sn = fy_node_sequence_iterate(step_nodes, &it);
    z3_status st = read_step(r, sn ? sn : n, d, tn, i, out);
    if (st) return json_decref(out), st;
  }
  json_array_append_new(tests, json_pack("{s:s,s:s,s:O,s:b,s:i,s:o}", "name", tn, "group", group ? json_string_value(group) : "default",
                                         "depends", deps ? deps : json_array(), "ci", ci ? json_is_true(ci) : true, "line", at.line, "steps", out));
  json_object_set_new(json_array_get(tests, json_array_size(tests) - 1), "column", json_integer(at.col));
  if (!deps) json_decref(json_object_get(json_array_get(tests, json_array_size(tests) - 1), "depends"));
  return Z3_OK;
}

static z3_status read_suite(suite_reader *r, struct fy_node *root, json_t **out) {
  json_t *v = NULL;
  z3_status st = suite_to_json(r, root, 0, &v);
  if (st) return st;
  const json_t *tests = json_object_get(v, "tests"), *name = json_object_get(v, "name");
  if (!json_is_object(v) || !json_is_array(tests) || !json_array_size(tests)) st = suite_fail(r, suite_mark_of(root), "a suite is a mapping with a list 'tests'");
  else if (name && !json_is_string(name)) st = suite_fail(r, suite_mark_of(root), "the suite's name must be text");
  const char *key;
  json_t *val;
  if (!st) json_object_foreach(v, key, val) {
      if (strcmp(key, "name") && strcmp(key, "tests") && strcmp(key, "groups")) {
        st = suite_fail(r, suite_key_mark(root, key, suite_mark_of(root)), "unknown key '%s' in the suite (name, groups, tests)", key);
        break;
      }
    }
  json_t *suite = json_pack("{s:s,s:[]}", "name", json_is_string(name) ? json_string_value(name) : r->name, "tests");
  struct fy_node *test_nodes = st ? NULL : fy_node_mapping_lookup_by_string(root, "tests", FY_NT);
  void *it = NULL;
  size_t i;
  json_t *t;
  if (!st) json_array_foreach(tests, i, t) {
      struct fy_node *tn = fy_node_sequence_iterate(test_nodes, &it);
      if ((st = read_test(r, tn ? tn : root, t, json_object_get(suite, "tests")))) break;
    }
  if (!st) st = suite_read_groups(r, fy_node_mapping_lookup_by_string(root, "groups", FY_NT), suite);
  json_decref(v);
  if (st) return json_decref(suite), st;
  *out = suite;
  return Z3_OK;
}

/* YAML is text: control characters and malformed UTF-8 are refused before libfyaml sees them. */
static z3_status check_text(suite_reader *r, const char *text, size_t len) {
  suite_mark at = {1, 1};
  for (size_t i = 0; i < len; i++, at.col++) {
    unsigned char c = (unsigned char)text[i];
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F)
      return suite_fail(r, at, "byte 0x%02X is not text (the file must be UTF-8)", c);
    if (c == '\n') at = (suite_mark){at.line + 1, 0};
  }
  json_t *probe = json_stringn(text, len); /* jansson validates UTF-8 */
  if (!probe) return suite_fail(r, (suite_mark){1, 1}, "the file is not valid UTF-8");
  json_decref(probe);
  return Z3_OK;
}

static void no_output(struct fy_diag *diag, void *user, const char *buf, size_t len) { (void)diag, (void)user, (void)buf, (void)len; }

z3_status z3_suite_parse(const char *text, size_t len, const char *name, json_t **out, z3_error *err) {
  *out = NULL;
  suite_reader r = {.name = name, .err = err};
  if (len > Z3_SUITE_MAX_FILE) return suite_fail(&r, (suite_mark){1, 1}, "the file is over 1 MiB");
  z3_status st = check_text(&r, text, len);
  if (st) return st;
  struct fy_diag_cfg dcfg;
  fy_diag_cfg_default(&dcfg);
  dcfg.fp = NULL;
  dcfg.output_fn = no_output;
  dcfg.colorize = false;
  struct fy_diag *diag = fy_diag_create(&dcfg);
  if (!diag) return z3_error_set(err, Z3_E_NOMEM, "out of memory reading '%s'", name);
  fy_diag_set_collect_errors(diag, true);
  struct fy_parse_cfg cfg = {.flags = FYPCF_QUIET | FYPCF_DEFAULT_VERSION_1_2, .diag = diag};
  struct fy_document *doc = fy_document_build_from_string(&cfg, text, len);
  if (doc && fy_document_root(doc)) {
    st = read_suite(&r, fy_document_root(doc), out);
  } else {
    void *it = NULL;
    struct fy_diag_error *e = doc ? NULL : fy_diag_errors_iterate(diag, &it);
    const char *why = z3_yaml_parser_crashed() ? Z3_YAML_CRASHED : e && e->msg ? e->msg : doc ? "the file is empty" : "not valid YAML";
    st = suite_fail(&r, e && e->line > 0 ? (suite_mark){e->line, e->column + 1} : (suite_mark){1, 1}, "%s", why);
  }
  fy_document_destroy(doc);
  fy_diag_destroy(diag);
  return st;
}

z3_status z3_suite_load(const char *path, json_t **out, z3_error *err) {
  *out = NULL;
  z3_buf text;
  z3_buf_init(&text);
  z3_status st = z3_file_read(&text, path, Z3_SUITE_MAX_FILE, err);
  if (!st) st = z3_suite_parse((const char *)text.data, text.len, path, out, err);
  z3_buf_release(&text);
  return st;
}
