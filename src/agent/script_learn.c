/*
 * Learned workflows: a recorded (or hand-written) script stored under a name
 * in <state>/learned/, with an index an agent reads to know which workflows
 * exist, what they do and which tools they use (`agent learn --list`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agent/script.h"

enum { LEARNED_MAX = 16u << 20 }; /* the learned-workflow files */

static bool valid_name(const char *name) {
  size_t n = strlen(name);
  if (n == 0 || n > 64 || name[0] == '-' || name[0] == '_') return false;
  for (const char *c = name; *c; c++)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-' || *c == '_')) return false;
  return true;
}

char *z3_script_last_recording(void) {
  char *path = z3_script_state_path("last_recording.json");
  json_t *v = path ? z3_script_read_json_file(path, LEARNED_MAX) : NULL;
  const char *file = json_string_value(json_object_get(v, "file"));
  char *out = file && z3_file_exists(file) ? z3_strdup(file) : NULL;
  json_decref(v);
  z3_free(path);
  return out;
}

char *z3_script_learned_path(const char *name_or_path) {
  if (z3_file_exists(name_or_path) || !valid_name(name_or_path)) return NULL;
  char *rel = z3_strfmt("learned/%s.z3edscript", name_or_path);
  char *path = rel ? z3_script_state_path(rel) : NULL;
  z3_free(rel);
  if (path && z3_file_exists(path)) return path;
  z3_free(path);
  return NULL;
}

static json_t *load_index(const char *path) {
  json_t *index = z3_script_read_json_file(path, LEARNED_MAX);
  if (!json_is_array(json_object_get(index, "workflows"))) {
    json_decref(index);
    index = json_pack("{s:s, s:[]}", "format", "z3ed-learned/1", "workflows");
  }
  return index;
}

z3_status z3_script_learned_list(json_t **out, z3_error *err) {
  char *path = z3_script_state_path("learned/index.json");
  *out = path ? load_index(path) : NULL;
  z3_free(path);
  return *out ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
}

/* ---- learning ----------------------------------------------------------------- */

static z3_status pick_source(const char *from, char **out, z3_error *err) {
  *out = NULL;
  if (from) {
    char *learned = z3_script_learned_path(from);
    *out = learned ? learned : z3_strdup(from);
  } else if (!(*out = z3_script_last_recording())) {
    z3_error_set(err, Z3_E_NOT_FOUND, "there is no finished recording to learn from");
    z3_error_hint(err, "record one with 'z3ed script record start' ... 'z3ed script record stop', or pass --from FILE");
    return Z3_E_NOT_FOUND;
  }
  return *out ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
}

static json_t *index_entry(const z3_script *s, const char *name, const char *description,
                           const char *file, const char *source) {
  json_t *tools = json_array();
  for (size_t i = 0; tools && i < s->step_count; i++) {
    bool seen = false;
    for (size_t j = 0; j < i; j++) seen |= strcmp(s->steps[j].tool, s->steps[i].tool) == 0;
    if (!seen) json_array_append_new(tools, json_string(s->steps[i].tool));
  }
  char when[32];
  time_t t = time(NULL);
  struct tm tm;
  strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t, &tm));
  return json_pack("{s:s, s:s, s:s, s:I, s:o, s:s?, s:s, s:s}", "name", name, "description", description,
                   "file", file, "steps", (json_int_t)s->step_count, "tools", tools, "rom_sha1", s->rom_sha1,
                   "learned_at", when, "source", source);
}

/* Replaces the entry of the same name, or appends; refuses a known name unless replace. */
static z3_status put_entry(json_t *index, json_t *entry, bool replace, z3_error *err) {
  json_t *list = json_object_get(index, "workflows");
  const char *name = json_string_value(json_object_get(entry, "name"));
  size_t i;
  json_t *old;
  json_array_foreach(list, i, old) {
    const char *old_name = json_string_value(json_object_get(old, "name"));
    if (!old_name || strcmp(old_name, name) != 0) continue;
    if (!replace) {
      z3_error_set(err, Z3_E_USAGE, "a workflow named '%s' is already learned", name);
      z3_error_hint(err, "pass --replace to overwrite it, or choose another --name");
      return Z3_E_USAGE;
    }
    json_array_set(list, i, entry);
    return Z3_OK;
  }
  json_array_append(list, entry);
  return Z3_OK;
}

static z3_status texts(z3_script_learned *out, const z3_script *s, const char *name, const char *description,
                       json_t *index, z3_error *err) {
  json_t *doc = json_deep_copy(s->doc);
  if (doc) {
    json_object_set_new(doc, "name", json_string(name));
    json_object_set_new(doc, "description", json_string(description));
  }
  char *toml = doc ? z3_toml_write(doc) : NULL;
  json_decref(doc);
  out->script_text = toml ? z3_strfmt("# Learned with 'z3ed agent learn'. Run: z3ed script run --file %s\n\n%s", name, toml) : NULL;
  z3_free(toml);
  char *index_text = json_dumps(index, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  out->index_text = index_text ? z3_strfmt("%s\n", index_text) : NULL;
  free(index_text);
  return out->script_text && out->index_text ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
}

z3_status z3_script_learn(const char *from, const char *name, const char *description, bool replace,
                          z3_script_learned *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  if (!valid_name(name)) {
    z3_error_set(err, Z3_E_USAGE, "'%s' is not a workflow name", name);
    z3_error_hint(err, "use lowercase letters, digits, '-' and '_' (at most 64, starting with a letter or digit)");
    return Z3_E_USAGE;
  }
  char *source = NULL;
  z3_script s = {0};
  json_t *index = NULL;
  z3_status st = pick_source(from, &source, err);
  if (!st) st = z3_script_load(&s, source, err);
  if (!st) st = z3_script_check_error(&s, err);
  char *rel = z3_strfmt("learned/%s.z3edscript", name);
  out->script_path = rel ? z3_script_state_path(rel) : NULL;
  out->index_path = z3_script_state_path("learned/index.json");
  z3_free(rel);
  if (!st && (!out->script_path || !out->index_path)) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (!st) {
    const char *desc = description ? description : s.description ? s.description : "";
    index = load_index(out->index_path);
    out->entry = index_entry(&s, name, desc, out->script_path, source);
    st = index && out->entry ? put_entry(index, out->entry, replace, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
    if (!st) st = texts(out, &s, name, desc, index, err);
  }
  json_decref(index);
  z3_script_release(&s);
  z3_free(source);
  if (st) z3_script_learned_release(out);
  return st;
}

void z3_script_learned_release(z3_script_learned *l) {
  z3_free(l->script_path);
  z3_free(l->script_text);
  z3_free(l->index_path);
  z3_free(l->index_text);
  json_decref(l->entry);
  memset(l, 0, sizeof *l);
}
