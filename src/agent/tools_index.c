/*
 * Compact tool discovery: toolsets (one per resource), the index an agent
 * reads first, and describe_tools, which hands out full schemas on demand.
 * Everything is derived from the command table, like the schemas themselves.
 */
#include <string.h>

#include "agent/tools.h"

bool z3_tool_offered_to_agents(const z3_command *cmd) {
  return !(cmd->flags & Z3_CMD_PERSON_ONLY) && cmd->safety != Z3_SAFETY_NETWORK;
}

bool z3_toolset_exists(const char *name) {
  for (size_t i = 0; i < z3_command_count; i++)
    if (z3_tool_offered_to_agents(&z3_commands[i]) && strcmp(z3_commands[i].resource, name) == 0) return true;
  return false;
}

/* Calls fn for each word of a comma-separated list until it returns false. */
static bool each_word(const char *list, bool (*fn)(const char *word, size_t len, void *user), void *user) {
  for (const char *p = list ? list : ""; *p;) {
    while (*p == ',' || *p == ' ') p++;
    size_t len = strcspn(p, ", ");
    if (len && !fn(p, len, user)) return false;
    p += len;
  }
  return true;
}

typedef struct word_check {
  z3_error *err;
} word_check;

static bool known_toolset(const char *word, size_t len, void *user) {
  word_check *c = user;
  char name[64];
  snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), word);
  if (z3_toolset_exists(name)) return true;
  z3_error_set(c->err, Z3_E_USAGE, "'%s' is not a toolset", name);
  const char *near = z3_suggest_resource(name);
  if (near && z3_toolset_exists(near)) z3_error_hint(c->err, "did you mean '%s'?", near);
  else z3_error_hint(c->err, "toolsets are resources such as rom, palette, gfx, dungeon; 'z3ed help' lists them");
  return false;
}

z3_status z3_toolsets_check(const char *list, z3_error *err) {
  word_check c = {err};
  return each_word(list, known_toolset, &c) ? Z3_OK : Z3_E_USAGE;
}

typedef struct word_match {
  const char *want;
  bool found;
} word_match;

static bool same_word(const char *word, size_t len, void *user) {
  word_match *m = user;
  m->found = strlen(m->want) == len && strncmp(word, m->want, len) == 0;
  return !m->found;
}

bool z3_toolsets_include(const char *list, const z3_command *cmd) {
  if (!list || !*list) return true;
  word_match m = {cmd->resource, false};
  each_word(list, same_word, &m);
  return m.found;
}

json_t *z3_tools_index(const char *list, bool processes) {
  json_t *sets = json_array(), *current = NULL;
  const char *current_name = "";
  for (size_t i = 0; i < z3_command_count; i++) {
    const z3_command *c = &z3_commands[i];
    if (!z3_tool_offered_to_agents(c) || !z3_toolsets_include(list, c)) continue;
    if (!processes && c->safety == Z3_SAFETY_RUNS_PROCESSES) continue;
    if (strcmp(c->resource, current_name) != 0) { /* the table keeps a resource's commands adjacent */
      current = json_array();
      json_array_append_new(sets, json_pack("{s:s,s:o}", "name", c->resource, "tools", current));
      current_name = c->resource;
    }
    char *name = z3_command_tool_name(c);
    json_array_append_new(current, json_pack("{s:s,s:s,s:s}", "name", name ? name : "", "summary", c->summary,
                                             "safety", z3_safety_name(c->safety)));
    z3_free(name);
  }
  return json_pack("{s:o}", "toolsets", sets);
}

enum { INDEX_SUMMARY_MAX = 72 };

/* A summary's first clause (up to "; ", ": " or " ("), at most INDEX_SUMMARY_MAX
 * characters cut at a word: the index rides along with every request, and
 * describe_tools gives the whole text when the model needs it. */
static int first_clause(const char *summary) {
  size_t n = strlen(summary);
  const char *cuts[] = {"; ", ": ", " ("};
  for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
    const char *c = strstr(summary, cuts[i]);
    if (c && (size_t)(c - summary) < n) n = (size_t)(c - summary);
  }
  if (n > INDEX_SUMMARY_MAX) {
    n = INDEX_SUMMARY_MAX;
    while (n > 0 && summary[n] != ' ') n--;
  }
  return (int)n;
}

char *z3_tools_index_text(const char *list, bool processes) {
  json_t *index = z3_tools_index(list, processes), *set;
  z3_buf b;
  z3_buf_init(&b);
  size_t i;
  json_array_foreach(json_object_get(index, "toolsets"), i, set) {
    z3_buf_printf(&b, "%s:", json_string_value(json_object_get(set, "name")));
    size_t k;
    json_t *t;
    json_array_foreach(json_object_get(set, "tools"), k, t) {
      const char *safety = json_string_value(json_object_get(t, "safety"));
      /* read-only is the common case: only the others are spelled out */
      const char *summary = json_string_value(json_object_get(t, "summary"));
      z3_buf_printf(&b, "%s %s%s%s%s %.*s", k ? ";" : "", json_string_value(json_object_get(t, "name")),
                    strcmp(safety, "read-only") ? " (" : "", strcmp(safety, "read-only") ? safety : "",
                    strcmp(safety, "read-only") ? ")" : "", first_clause(summary), summary);
    }
    z3_buf_printf(&b, "\n");
  }
  json_decref(index);
  return z3_buf_take_string(&b);
}

json_t *z3_describe_tools_tool(void) {
  json_t *schema = json_pack(
      "{s:s,s:{s:{s:s,s:{s:s},s:s},s:{s:s,s:s}},s:b}", "type", "object", "properties", "names", "type", "array",
      "items", "type", "string", "description", "tool names whose full schemas you need, e.g. [\"palette_set_color\"]",
      "toolset", "type", "string", "description", "every tool of one toolset (a resource such as palette or rom)",
      "additionalProperties", 0);
  return json_pack("{s:s,s:s,s:s,s:o,s:{s:s,s:b,s:b}}", "name", Z3_DESCRIBE_TOOLS, "title", "z3ed describe tools",
                   "description",
                   "Full schemas (arguments, results, safety) of z3ed tools, fetched when needed. Without "
                   "arguments: the index of every tool (name, one-line summary, safety class) by toolset.",
                   "inputSchema", schema, "annotations", "title", "describe z3ed tools", "readOnlyHint", 1,
                   "openWorldHint", 0);
}

static json_t *tool_named(const json_t *tools, const char *name) {
  size_t i;
  json_t *t;
  json_array_foreach(tools, i, t) {
    const char *n = json_string_value(json_object_get(t, "name"));
    if (n && strcmp(n, name) == 0) return t;
  }
  return NULL;
}

static z3_status unknown_tool(const json_t *tools, const char *name, z3_error *err) {
  z3_error_set(err, Z3_E_NOT_FOUND, "describe_tools: no tool '%s'", name);
  const char *best = NULL;
  size_t best_d = SIZE_MAX, i;
  json_t *t;
  json_array_foreach(tools, i, t) {
    const char *n = json_string_value(json_object_get(t, "name"));
    size_t d = n ? z3_edit_distance(name, n) : SIZE_MAX;
    if (d < best_d) best_d = d, best = n;
  }
  if (best && best_d <= 3) z3_error_hint(err, "did you mean '%s'?", best);
  else z3_error_hint(err, "call describe_tools without arguments for the index");
  return Z3_E_NOT_FOUND;
}

static z3_status check_args(const json_t *args, const json_t **names, const char **toolset, z3_error *err) {
  const char *key;
  json_t *v;
  json_object_foreach((json_t *)args, key, v) {
    if (strcmp(key, "names") != 0 && strcmp(key, "toolset") != 0)
      return z3_error_set(err, Z3_E_USAGE, "describe_tools has no argument '%s'; it takes names and toolset", key);
  }
  *names = json_object_get(args, "names");
  v = json_object_get(args, "toolset");
  if (*names && !json_is_array(*names))
    return z3_error_set(err, Z3_E_USAGE, "argument 'names' of describe_tools must be an array of tool names");
  if (v && !json_is_string(v)) return z3_error_set(err, Z3_E_USAGE, "argument 'toolset' of describe_tools must be a string");
  *toolset = json_string_value(v);
  if (*toolset && !z3_toolset_exists(*toolset)) {
    z3_error_set(err, Z3_E_NOT_FOUND, "describe_tools: no toolset '%s'", *toolset);
    z3_error_hint(err, "call describe_tools without arguments for the index");
    return Z3_E_NOT_FOUND;
  }
  return Z3_OK;
}

/* Appends the tool once: a name given twice, or also in the toolset, is described once. */
static void add_once(json_t *out, json_t *tool) {
  if (!tool_named(out, json_string_value(json_object_get(tool, "name")))) json_array_append(out, tool);
}

z3_status z3_tools_describe(const json_t *tools, const json_t *args, json_t **out, z3_error *err) {
  *out = NULL;
  if (args && !json_is_object(args)) return z3_error_set(err, Z3_E_USAGE, "the arguments of describe_tools must be an object");
  const json_t *names = NULL;
  const char *toolset = NULL;
  z3_status st = check_args(args, &names, &toolset, err);
  if (st) return st;
  if (!json_array_size(names) && !toolset) {
    *out = z3_tools_index(NULL, true); /* MCP lists them too; the session refuses when not allowed */
    return Z3_OK;
  }
  json_t *list = json_array(), *n;
  size_t i;
  json_array_foreach(names, i, n) {
    json_t *t = json_is_string(n) ? tool_named(tools, json_string_value(n)) : NULL;
    if (!json_is_string(n)) st = z3_error_set(err, Z3_E_USAGE, "argument 'names' item %zu must be a string", i);
    else if (!t) st = unknown_tool(tools, json_string_value(n), err);
    if (st) break;
    add_once(list, t);
  }
  json_t *t;
  json_array_foreach(tools, i, t) {
    if (st || !toolset) break;
    const z3_command *c = z3_tool_find(json_string_value(json_object_get(t, "name")));
    if (c && strcmp(c->resource, toolset) == 0) add_once(list, t);
  }
  if (st) {
    json_decref(list);
    return st;
  }
  *out = json_pack("{s:o}", "tools", list);
  return Z3_OK;
}
