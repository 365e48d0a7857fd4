/*
 * .z3edscript files: reading, checking the shape, and checking every step
 * against the command table (tool and argument names with "did you mean",
 * argument types, enum choices, required arguments).
 *
 * Unknown keys are errors rather than ignored: a misspelt `expect_exit` or
 * `args` would otherwise silently change what a replay checks.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/script.h"

enum { MAX_SCRIPT_BYTES = 4u << 20, MAX_STEPS = 10000 };

static const char *const top_keys[] = {"name", "description", "rom_sha1", "created", "duration",
                                       "success", "z3ed_version", "step", NULL};
static const char *const step_keys[] = {"tool", "command", "args", "expect_exit", "expect", "note", NULL};

/* ---- positions and errors ---------------------------------------------------- */

static void position_of(const z3_script *s, const char *path, int *line, int *column) {
  json_t *at = json_object_get(s->positions, path);
  *line = at ? (int)json_integer_value(json_array_get(at, 0)) : 0;
  *column = at ? (int)json_integer_value(json_array_get(at, 1)) : 0;
}

static z3_status shape_error(const z3_script *s, z3_error *err, const char *path, const char *fmt, ...)
    Z3_PRINTF(4, 5);
static z3_status shape_error(const z3_script *s, z3_error *err, const char *path, const char *fmt, ...) {
  char what[320];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  int line, column;
  position_of(s, path, &line, &column);
  if (line) return z3_error_set(err, Z3_E_INVALID, "%s:%d:%d: %s", s->file, line, column, what);
  return z3_error_set(err, Z3_E_INVALID, "%s: %s", s->file, what);
}

static const char *closest(const char *const *words, const char *word) {
  const char *best = NULL;
  size_t best_dist = SIZE_MAX;
  for (; *words; words++) {
    size_t d = z3_edit_distance(word, *words);
    if (d < best_dist) best_dist = d, best = *words;
  }
  return best && (best_dist <= 2 || best_dist * 3 <= strlen(word)) ? best : NULL;
}

static bool in_list(const char *const *words, const char *word) {
  for (; *words; words++)
    if (strcmp(*words, word) == 0) return true;
  return false;
}

static z3_status unknown_keys(const z3_script *s, z3_error *err, const json_t *table, const char *base,
                              const char *const *allowed, const char *where) {
  const char *k;
  json_t *v;
  json_object_foreach((json_t *)table, k, v) {
    if (in_list(allowed, k)) continue;
    char *path = base[0] ? z3_strfmt("%s.%s", base, k) : z3_strdup(k);
    z3_status st = shape_error(s, err, path ? path : k, "unknown key '%s' in %s", k, where);
    z3_free(path);
    const char *near = closest(allowed, k);
    if (near) z3_error_hint(err, "did you mean '%s'?", near);
    else z3_error_hint(err, "keys allowed here: see 'z3ed script show --help'");
    return st;
  }
  return Z3_OK;
}

/* ---- the document's shape ------------------------------------------------------ */

static bool is_sha1(const char *s) {
  if (strlen(s) != 40) return false;
  for (; *s; s++)
    if (!isxdigit((unsigned char)*s)) return false;
  return true;
}

static z3_status string_field(const z3_script *s, z3_error *err, const json_t *table, const char *base, const char *key,
                              const char **out) {
  json_t *v = json_object_get(table, key);
  *out = NULL;
  if (!v) return Z3_OK;
  if (json_is_string(v)) {
    *out = json_string_value(v);
    return Z3_OK;
  }
  char *path = base[0] ? z3_strfmt("%s.%s", base, key) : z3_strdup(key);
  z3_status st = shape_error(s, err, path ? path : key, "'%s' must be a string", key);
  z3_free(path);
  return st;
}

static z3_status read_metadata(z3_script *s, z3_error *err) {
  const json_t *doc = s->doc;
  z3_status st = unknown_keys(s, err, doc, "", top_keys, "the script");
  const char *version;
  if (!st) st = string_field(s, err, doc, "", "name", &s->name);
  if (!st) st = string_field(s, err, doc, "", "description", &s->description);
  if (!st) st = string_field(s, err, doc, "", "rom_sha1", &s->rom_sha1);
  if (!st) st = string_field(s, err, doc, "", "created", &s->created);
  if (!st) st = string_field(s, err, doc, "", "z3ed_version", &version);
  if (!st && s->rom_sha1 && !is_sha1(s->rom_sha1))
    st = shape_error(s, err, "rom_sha1", "'rom_sha1' must be 40 hex digits, not '%s'", s->rom_sha1);
  json_t *duration = json_object_get(doc, "duration"), *success = json_object_get(doc, "success");
  if (!st && duration && !json_is_number(duration)) st = shape_error(s, err, "duration", "'duration' must be a number of seconds");
  if (!st && success && !json_is_boolean(success)) st = shape_error(s, err, "success", "'success' must be true or false");
  return st;
}

/* "rom header set" -> its command; runs of blanks count as one. */
static const z3_command *command_by_words(const char *words) {
  char norm[128];
  size_t n = 0;
  for (const char *p = words; *p && n + 1 < sizeof norm; p++) {
    bool blank = *p == ' ' || *p == '\t';
    if (blank && (n == 0 || norm[n - 1] == ' ')) continue;
    norm[n++] = blank ? ' ' : *p;
  }
  while (n && norm[n - 1] == ' ') n--;
  norm[n] = '\0';
  char *space = strchr(norm, ' ');
  if (!space) return NULL;
  *space = '\0';
  return z3_command_find(norm, space + 1);
}

static char *tool_name_of(const char *words) {
  char *name = z3_strdup(words);
  for (char *p = name; p && *p; p++)
    if (!isalnum((unsigned char)*p)) *p = '_';
  return name;
}

static z3_status read_step_name(z3_script *s, z3_error *err, z3_script_step *step, const json_t *t, const char *path, size_t i) {
  const char *tool, *command;
  z3_status st = string_field(s, err, t, path, "tool", &tool);
  if (!st) st = string_field(s, err, t, path, "command", &command);
  if (st) return st;
  if (tool && command) return shape_error(s, err, path, "step %zu has both 'tool' and 'command'; keep one", i + 1);
  if (!tool && !command) {
    st = shape_error(s, err, path, "step %zu names no command", i + 1);
    z3_error_hint(err, "add tool = \"rom_info\" or command = \"rom info\"");
    return st;
  }
  step->command = command;
  step->cmd = command ? command_by_words(command) : z3_tool_find(tool);
  char *name = step->cmd ? z3_command_tool_name(step->cmd) : command ? tool_name_of(command) : z3_strdup(tool);
  if (!name) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  s->tool_names[i] = name;
  step->tool = name;
  return Z3_OK;
}

static z3_status read_step_checks(z3_script *s, z3_error *err, z3_script_step *step, const json_t *t, const char *path) {
  json_t *args = json_object_get(t, "args"), *exit = json_object_get(t, "expect_exit");
  json_t *expect = json_object_get(t, "expect"), *note = json_object_get(t, "note");
  char *sub = z3_strfmt("%s.args", path);
  z3_status st = Z3_OK;
  if (args && !json_is_object(args)) st = shape_error(s, err, sub ? sub : path, "'args' must be a table of arguments");
  z3_free(sub);
  sub = z3_strfmt("%s.expect_exit", path);
  if (!st && exit && (!json_is_integer(exit) || json_integer_value(exit) < 0 || json_integer_value(exit) > 4))
    st = shape_error(s, err, sub ? sub : path, "'expect_exit' must be an exit code from 0 to 4");
  z3_free(sub);
  sub = z3_strfmt("%s.expect", path);
  if (!st && expect && !json_is_object(expect)) st = shape_error(s, err, sub ? sub : path, "'expect' must be a table of result fields");
  z3_free(sub);
  sub = z3_strfmt("%s.note", path);
  if (!st && note && !json_is_string(note)) st = shape_error(s, err, sub ? sub : path, "'note' must be a string");
  z3_free(sub);
  step->args = args;
  step->expect_exit = exit ? (int)json_integer_value(exit) : 0;
  step->expect = expect;
  return st;
}

static z3_status read_step(z3_script *s, z3_error *err, size_t i, const json_t *t) {
  z3_script_step *step = &s->steps[i];
  char *path = z3_strfmt("step[%zu]", i);
  if (!path) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  position_of(s, path, &step->line, &step->column);
  z3_status st = json_is_object(t) ? Z3_OK : shape_error(s, err, path, "step %zu must be a table", i + 1);
  if (!st) st = unknown_keys(s, err, t, path, step_keys, "a step");
  if (!st) st = read_step_name(s, err, step, t, path, i);
  if (!st) st = read_step_checks(s, err, step, t, path);
  z3_free(path);
  return st;
}

static z3_status read_steps(z3_script *s, z3_error *err) {
  json_t *steps = json_object_get(s->doc, "step");
  if (steps && !json_is_array(steps)) return shape_error(s, err, "step", "'step' must be an array of tables: write [[step]]");
  size_t n = json_array_size(steps);
  if (n == 0) {
    z3_error_set(err, Z3_E_INVALID, "%s: the script has no steps", s->file);
    z3_error_hint(err, "add a [[step]] table with tool = \"...\" and its [step.args]");
    return Z3_E_INVALID;
  }
  if (n > MAX_STEPS) return z3_error_set(err, Z3_E_INVALID, "%s: more than %d steps", s->file, MAX_STEPS);
  s->steps = z3_calloc(n, sizeof *s->steps);
  s->tool_names = z3_calloc(n, sizeof *s->tool_names);
  if (!s->steps || !s->tool_names) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  s->step_count = n;
  for (size_t i = 0; i < n; i++) {
    z3_status st = read_step(s, err, i, json_array_get(steps, i));
    if (st) return st;
  }
  return Z3_OK;
}

z3_status z3_script_parse(z3_script *out, const char *text, size_t len, const char *file, z3_error *err) {
  memset(out, 0, sizeof *out);
  out->file = z3_strdup(file ? file : "<script>");
  if (!out->file) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = z3_toml_parse(text, len, out->file, &out->doc, &out->positions, err);
  if (!st) st = read_metadata(out, err);
  if (!st) st = read_steps(out, err);
  if (st) z3_script_release(out);
  return st;
}

z3_status z3_script_load(z3_script *out, const char *path, z3_error *err) {
  memset(out, 0, sizeof *out);
  if (!z3_file_exists(path)) {
    z3_error_set(err, Z3_E_NOT_FOUND, "no script '%s'", path);
    z3_error_hint(err, "give a .z3edscript file or the name of a learned workflow (z3ed script list)");
    return Z3_E_NOT_FOUND;
  }
  z3_buf text;
  z3_buf_init(&text);
  z3_status st = z3_file_read(&text, path, MAX_SCRIPT_BYTES, err);
  if (!st) st = z3_script_parse(out, (const char *)text.data, text.len, path, err);
  z3_buf_release(&text);
  return st;
}

void z3_script_release(z3_script *s) {
  for (size_t i = 0; s->tool_names && i < s->step_count; i++) z3_free(s->tool_names[i]);
  z3_free(s->tool_names);
  z3_free(s->steps);
  z3_free(s->file);
  json_decref(s->doc);
  json_decref(s->positions);
  memset(s, 0, sizeof *s);
}

/* ---- checking steps against the table ------------------------------------------ */

static void add_problem(json_t *problems, const z3_script *s, size_t step, const char *path,
                        const char *message, const char *hint) {
  int line, column;
  position_of(s, path, &line, &column);
  json_t *p = json_object();
  json_object_set_new(p, "step", json_integer((json_int_t)step + 1));
  json_object_set_new(p, "line", json_integer(line));
  json_object_set_new(p, "column", json_integer(column));
  json_object_set_new(p, "message", json_string(message));
  json_object_set_new(p, "hint", hint ? json_string(hint) : json_null());
  json_array_append_new(problems, p);
}

static char *suggest_tool(const char *name, bool as_words) {
  const char *best = NULL;
  size_t best_dist = SIZE_MAX;
  char *best_name = NULL;
  for (size_t i = 0; i < z3_command_count; i++) {
    char *tool = z3_command_tool_name(&z3_commands[i]);
    char *words = z3_strfmt("%s %s", z3_commands[i].resource, z3_commands[i].action);
    const char *cand = as_words ? words : tool;
    size_t d = cand ? z3_edit_distance(name, cand) : SIZE_MAX;
    if (d < best_dist) {
      best_dist = d;
      z3_free(best_name);
      best_name = z3_strdup(cand);
      best = best_name;
    }
    z3_free(tool);
    z3_free(words);
  }
  if (best && (best_dist <= 2 || best_dist * 3 <= strlen(name))) return best_name;
  z3_free(best_name);
  return NULL;
}

static void check_name(const z3_script *s, size_t i, const char *path, json_t *problems) {
  const z3_script_step *step = &s->steps[i];
  const char *what = step->command ? step->command : step->tool;
  char *near = suggest_tool(what, step->command != NULL);
  char *msg = z3_strfmt("unknown %s '%s'", step->command ? "command" : "tool", what);
  char *hint = near ? z3_strfmt("did you mean '%s'?", near) : z3_strdup("list them with 'z3ed agent describe'");
  add_problem(problems, s, i, path, msg ? msg : "unknown tool", hint);
  z3_free(near);
  z3_free(msg);
  z3_free(hint);
}

static const char *arg_type_error(const z3_arg_spec *spec, const json_t *v) {
  if (spec->type == Z3_ARG_BOOL) return json_is_boolean(v) ? NULL : "must be true or false";
  if (spec->type == Z3_ARG_PATH || spec->type == Z3_ARG_OUT_PATH) return json_is_string(v) ? NULL : "must be a path (a string)";
  if (spec->type == Z3_ARG_INT) return json_is_integer(v) || json_is_string(v) ? NULL : "must be an integer";
  if (spec->type == Z3_ARG_LIST && json_is_array(v)) return NULL; /* items checked when it runs */
  return json_is_string(v) || json_is_integer(v) ? NULL : "must be a string";
}

static void check_argument(const z3_script *s, size_t i, const char *key, const json_t *v, json_t *problems) {
  const z3_script_step *step = &s->steps[i];
  char flag[64];
  snprintf(flag, sizeof flag, "%s", key);
  for (char *p = flag; *p; p++) if (*p == '_') *p = '-';
  const z3_arg_spec *spec = z3_command_arg(step->cmd, flag);
  char *path = z3_strfmt("step[%zu].args.%s", i, key);
  char *msg = NULL, *hint = NULL;
  if (!spec) {
    const char *names[Z3_MAX_ARGS + 1];
    size_t n = 0;
    for (; n < Z3_MAX_ARGS && z3_command_arg_at(step->cmd, n); n++) names[n] = z3_command_arg_at(step->cmd, n)->name;
    names[n] = NULL;
    const char *near = closest(names, flag);
    msg = z3_strfmt("tool '%s' has no argument '%s'", step->tool, key);
    if (near) {
      hint = z3_strfmt("did you mean '%s'?", near);
      for (char *p = hint; p && *p; p++) if (*p == '-') *p = '_';
    }
  } else if (arg_type_error(spec, v)) {
    msg = z3_strfmt("argument '%s' of '%s' %s", key, step->tool, arg_type_error(spec, v));
  } else if (spec->type == Z3_ARG_ENUM && json_is_string(v) && !in_list(spec->choices, json_string_value(v))) {
    msg = z3_strfmt("argument '%s' is '%s', not one of its choices", key, json_string_value(v));
    const char *near = closest(spec->choices, json_string_value(v));
    hint = near ? z3_strfmt("did you mean '%s'?", near) : NULL;
  }
  if (msg) add_problem(problems, s, i, path ? path : "", msg, hint);
  z3_free(path);
  z3_free(msg);
  z3_free(hint);
}

/* Required arguments other than rom, which `script run --rom` may supply. */
static void check_required(const z3_script *s, size_t i, const char *path, json_t *problems) {
  const z3_script_step *step = &s->steps[i];
  for (size_t a = 0; z3_command_arg_at(step->cmd, a); a++) {
    const z3_arg_spec *spec = z3_command_arg_at(step->cmd, a);
    if (!spec->required || strcmp(spec->name, "rom") == 0) continue;
    char key[64];
    snprintf(key, sizeof key, "%s", spec->name);
    for (char *p = key; *p; p++) if (*p == '-') *p = '_';
    if (json_object_get(step->args, key) || json_object_get(step->args, spec->name)) continue;
    char *msg = z3_strfmt("tool '%s' needs the argument '%s'", step->tool, key);
    char *hint = z3_strfmt("%s: %s", key, spec->help);
    add_problem(problems, s, i, path, msg ? msg : "missing argument", hint);
    z3_free(msg);
    z3_free(hint);
  }
}

size_t z3_script_check(const z3_script *s, json_t *problems) {
  size_t before = json_array_size(problems);
  for (size_t i = 0; i < s->step_count; i++) {
    char path[32];
    snprintf(path, sizeof path, "step[%zu]", i);
    if (!s->steps[i].cmd) {
      check_name(s, i, path, problems);
      continue;
    }
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)s->steps[i].args, key, v) check_argument(s, i, key, v, problems);
    check_required(s, i, path, problems);
  }
  return json_array_size(problems) - before;
}

z3_status z3_script_check_error(const z3_script *s, z3_error *err) {
  json_t *problems = json_array();
  if (!problems) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  size_t n = z3_script_check(s, problems);
  json_t *first = json_array_get(problems, 0);
  z3_status st = Z3_OK;
  if (n) {
    int line = (int)json_integer_value(json_object_get(first, "line"));
    int column = (int)json_integer_value(json_object_get(first, "column"));
    st = z3_error_set(err, Z3_E_INVALID, "%s:%d:%d: step %d: %s%s", s->file, line, column,
                      (int)json_integer_value(json_object_get(first, "step")),
                      json_string_value(json_object_get(first, "message")),
                      n > 1 ? " (and more: see 'z3ed script show')" : "");
    const char *hint = json_string_value(json_object_get(first, "hint"));
    if (hint) z3_error_hint(err, "%s", hint);
  }
  json_decref(problems);
  return st;
}

json_t *z3_script_steps_json(const z3_script *s) {
  json_t *list = json_array();
  for (size_t i = 0; list && i < s->step_count; i++) {
    const z3_script_step *step = &s->steps[i];
    json_t *o = json_object();
    json_object_set_new(o, "step", json_integer((json_int_t)i + 1));
    json_object_set_new(o, "line", json_integer(step->line));
    json_object_set_new(o, "tool", json_string(step->tool));
    json_object_set_new(o, "command", step->cmd ? json_sprintf("%s %s", step->cmd->resource, step->cmd->action) : json_null());
    json_object_set_new(o, "safety", step->cmd ? json_string(z3_safety_name(step->cmd->safety)) : json_null());
    json_object_set_new(o, "arguments", step->args ? json_deep_copy(step->args) : json_object());
    json_object_set_new(o, "expect_exit", json_integer(step->expect_exit));
    if (step->expect) json_object_set_new(o, "expect", json_deep_copy(step->expect));
    json_t *note = json_object_get(json_array_get(json_object_get(s->doc, "step"), i), "note");
    if (note) json_object_set(o, "note", note);
    json_array_append_new(list, o);
  }
  return list;
}
