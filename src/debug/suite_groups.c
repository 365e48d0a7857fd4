/* debug/suite_groups: a suite's `groups:` list (suite.h): which groups run in parallel on a yaze
 * of their own, the ROM and editor each starts from, and which groups must finish first. */
#include <string.h>

#include "debug/suite_internal.h"

static const char *const editors[] = {"overworld", "dungeon", "graphics", "palettes", "messages", "emulator"};

static bool known_editor(const char *name) {
  for (size_t i = 0; i < sizeof editors / sizeof editors[0]; i++)
    if (!strcmp(editors[i], name)) return true;
  return false;
}

static struct fy_node *value_node(struct fy_node *map, const char *key) {
  return map && fy_node_is_mapping(map) ? fy_node_mapping_lookup_by_string(map, key, FY_NT) : NULL;
}

suite_mark suite_key_mark(struct fy_node *map, const char *key, suite_mark fallback) {
  void *it = NULL;
  for (struct fy_node_pair *p; map && fy_node_is_mapping(map) && (p = fy_node_mapping_iterate(map, &it));) {
    const char *k = fy_node_pair_key(p) && fy_node_is_scalar(fy_node_pair_key(p)) ? fy_node_get_scalar0(fy_node_pair_key(p)) : NULL;
    if (k && !strcmp(k, key)) return suite_mark_of(fy_node_pair_key(p));
  }
  return fallback;
}

static z3_status only_keys(suite_reader *r, struct fy_node *n, const json_t *v, const char *const *keys, const char *what, suite_mark at) {
  const char *key;
  json_t *val;
  json_object_foreach((json_t *)v, key, val) {
    bool ok = false;
    for (const char *const *k = keys; *k; k++) ok |= !strcmp(*k, key);
    if (!ok) return suite_fail(r, suite_key_mark(n, key, at), "unknown key '%s' in %s", key, what);
  }
  return Z3_OK;
}

static bool has_group(const json_t *list, const char *name) {
  size_t i;
  json_t *g;
  json_array_foreach(list, i, g) if (!strcmp(json_string_value(json_object_get(g, "name")), name)) return true;
  return false;
}

static z3_status read_start(suite_reader *r, struct fy_node *n, const json_t *start, const char *group, suite_mark at) {
  static const char *const keys[] = {"rom", "editor", NULL};
  if (!json_is_object(start)) return suite_fail(r, at, "group '%s': start must be a mapping {rom: PATH, editor: NAME}", group);
  char what[160];
  snprintf(what, sizeof what, "group '%s' start (rom, editor)", group);
  z3_status st = only_keys(r, n, start, keys, what, at);
  if (st) return st;
  const json_t *rom = json_object_get(start, "rom"), *editor = json_object_get(start, "editor");
  if (!json_is_string(rom) || !*json_string_value(rom))
    return suite_fail(r, at, "group '%s': start needs rom: PATH (a ROM file, copied for the group's own yaze)", group);
  if (editor && (!json_is_string(editor) || !known_editor(json_string_value(editor))))
    return suite_fail(r, suite_key_mark(n, "editor", at), "group '%s': start editor must be one of overworld, dungeon, graphics, palettes, messages, emulator", group);
  return Z3_OK;
}

/* depends: [GROUP...], each with the place of its entry for cycle errors. */
static z3_status read_group_depends(suite_reader *r, struct fy_node *n, const json_t *deps, const char *group, suite_mark at, json_t *out) {
  if (!json_is_array(deps)) return suite_fail(r, at, "group '%s': depends must be a list of group names", group);
  json_t *marks = json_array();
  void *it = NULL;
  size_t i;
  json_t *d;
  json_array_foreach(deps, i, d) {
    struct fy_node *item = n && fy_node_is_sequence(n) ? fy_node_sequence_iterate(n, &it) : NULL;
    suite_mark m = item ? suite_mark_of(item) : at;
    if (!json_is_string(d)) return json_decref(marks), suite_fail(r, m, "group '%s': depends must name groups", group);
    json_array_append_new(marks, json_pack("[i,i]", m.line, m.col));
  }
  json_object_set_new(out, "depends", json_deep_copy(deps));
  json_object_set_new(out, "depends_at", marks);
  return Z3_OK;
}

static z3_status read_group(suite_reader *r, struct fy_node *n, const json_t *v, json_t *declared) {
  static const char *const keys[] = {"name", "parallel", "start", "depends", NULL};
  suite_mark at = suite_mark_of(n);
  if (!json_is_object(v)) return suite_fail(r, at, "a group must be a mapping with a name");
  z3_status st = only_keys(r, n, v, keys, "a group (name, parallel, start, depends)", at);
  if (st) return st;
  const json_t *name = json_object_get(v, "name"), *parallel = json_object_get(v, "parallel"), *start = json_object_get(v, "start");
  if (!json_is_string(name) || !*json_string_value(name)) return suite_fail(r, at, "a group needs a name");
  const char *gn = json_string_value(name);
  if (has_group(declared, gn)) return suite_fail(r, at, "group '%s' is declared twice", gn);
  if (parallel && !json_is_boolean(parallel)) return suite_fail(r, suite_key_mark(n, "parallel", at), "group '%s': parallel must be true or false", gn);
  if (json_is_true(parallel) && !start)
    return suite_fail(r, at, "group '%s' is parallel but has no start state (start: {rom: PATH, editor: NAME}): it runs on a yaze of its own", gn);
  if (start && !json_is_true(parallel))
    return suite_fail(r, suite_key_mark(n, "start", at), "group '%s' has a start state but is not parallel: serial groups share the --socket yaze", gn);
  if (start && (st = read_start(r, value_node(n, "start"), start, gn, suite_key_mark(n, "start", at)))) return st;
  json_t *g = json_pack("{s:s,s:b,s:i,s:i,s:[],s:[]}", "name", gn, "parallel", json_is_true(parallel), "line", at.line, "column", at.col,
                        "depends", "depends_at");
  if (start) json_object_set_new(g, "start", json_deep_copy(start));
  const json_t *deps = json_object_get(v, "depends");
  if (deps && (st = read_group_depends(r, value_node(n, "depends"), deps, gn, suite_key_mark(n, "depends", at), g))) return json_decref(g), st;
  json_array_append_new(declared, g);
  return Z3_OK;
}

static json_t *find_group(const json_t *list, const char *name) {
  size_t i;
  json_t *g;
  json_array_foreach(list, i, g) if (!strcmp(json_string_value(json_object_get(g, "name")), name)) return g;
  return NULL;
}

/* The groups in the order their first tests come; an undeclared group is serial and depends on nothing. */
static z3_status order_groups(suite_reader *r, const json_t *declared, json_t *suite) {
  json_t *groups = json_array();
  size_t i;
  json_t *t, *g;
  json_array_foreach(json_object_get(suite, "tests"), i, t) {
    const char *name = json_string_value(json_object_get(t, "group"));
    if (find_group(groups, name)) continue;
    g = find_group(declared, name);
    json_array_append_new(groups, g ? json_incref(g) : json_pack("{s:s,s:b,s:[],s:[]}", "name", name, "parallel", 0, "depends", "depends_at"));
  }
  json_array_foreach(declared, i, g) {
    const char *name = json_string_value(json_object_get(g, "name"));
    suite_mark at = {(int)json_integer_value(json_object_get(g, "line")), (int)json_integer_value(json_object_get(g, "column"))};
    if (!find_group(groups, name)) return json_decref(groups), suite_fail(r, at, "group '%s' has no tests", name);
    size_t k;
    json_t *d;
    json_array_foreach(json_object_get(g, "depends"), k, d) {
      json_t *m = json_array_get(json_object_get(g, "depends_at"), k);
      suite_mark dm = {(int)json_integer_value(json_array_get(m, 0)), (int)json_integer_value(json_array_get(m, 1))};
      if (!find_group(groups, json_string_value(d)))
        return json_decref(groups), suite_fail(r, dm, "group '%s' depends on '%s', which is not a group of this suite", name, json_string_value(d));
    }
  }
  json_object_set_new(suite, "groups", groups);
  return Z3_OK;
}

static z3_status check_order(suite_reader *r, const json_t *suite) {
  suite_plan plan;
  suite_plan_make(suite, &plan);
  char *path = NULL;
  suite_mark at = {0, 0};
  z3_status st = Z3_OK;
  if (suite_plan_cycle(&plan, suite, &path, &at)) st = suite_fail(r, at, "dependency cycle: %s", path);
  z3_free(path);
  suite_plan_free(&plan);
  return st;
}

z3_status suite_read_groups(suite_reader *r, struct fy_node *node, json_t *suite) {
  json_t *v = NULL, *declared = json_array();
  z3_status st = node ? suite_to_json(r, node, 1, &v) : Z3_OK;
  if (!st && node && !json_is_array(v)) st = suite_fail(r, suite_mark_of(node), "groups must be a list of {name, parallel, start, depends}");
  void *it = NULL;
  size_t i;
  json_t *g;
  if (!st && v) json_array_foreach(v, i, g) {
      struct fy_node *gn = fy_node_sequence_iterate(node, &it);
      if ((st = read_group(r, gn ? gn : node, g, declared))) break;
    }
  if (!st) st = order_groups(r, declared, suite);
  if (!st) st = check_order(r, suite);
  json_decref(v);
  json_decref(declared);
  return st;
}
