/* build status: what kind of project, configured or not, its cache and presets (runs nothing). */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "devtools/build_internal.h"
#include "devtools/diag.h"
#include "devtools/fs_internal.h"

enum { CACHE_MAX = 4 << 20 };

static const char *const cache_keys[] = {"CMAKE_BUILD_TYPE", "CMAKE_C_COMPILER", "CMAKE_GENERATOR",
                                         "CMAKE_PROJECT_NAME", "CMAKE_CACHE_MAJOR_VERSION",
                                         "CMAKE_CACHE_MINOR_VERSION", NULL};

/* "NAME:TYPE=value" lines of CMakeCache.txt for the keys above. */
static json_t *cache_values(const char *path) {
  z3_buf b;
  z3_buf_init(&b);
  json_t *out = json_object();
  if (z3_file_read(&b, path, CACHE_MAX, NULL) != Z3_OK) return out;
  z3_buf_push(&b, 0, NULL);
  char *save = NULL;
  for (char *line = strtok_r((char *)b.data, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    char *colon = strchr(line, ':'), *eq = strchr(line, '=');
    if (!colon || !eq || eq < colon || line[0] == '#' || line[0] == '/') continue;
    for (int i = 0; cache_keys[i]; i++) {
      if ((size_t)(colon - line) == strlen(cache_keys[i]) && strncmp(line, cache_keys[i], (size_t)(colon - line)) == 0)
        json_object_set_new(out, cache_keys[i], z3_diag_text(eq + 1, strlen(eq + 1)));
    }
  }
  z3_buf_release(&b);
  return out;
}

static json_t *preset_names(const build_project *p) {
  json_t *names = json_array();
  char *path = z3_strfmt("%s/CMakePresets.json", p->root.real);
  json_t *doc = path ? json_load_file(path, 0, NULL) : NULL;
  json_t *preset;
  size_t i;
  json_array_foreach(json_object_get(doc, "configurePresets"), i, preset) {
    json_t *name = json_object_get(preset, "name");
    if (json_is_string(name) && !json_is_true(json_object_get(preset, "hidden"))) json_array_append(names, name);
  }
  json_decref(doc);
  z3_free(path);
  return names;
}

z3_status cmd_build_status(z3_cmd_ctx *ctx, z3_error *err) {
  build_project p;
  z3_status s = build_project_open(&p, ctx, err);
  if (s != Z3_OK) return s;
  json_t *r = ctx->result;
  json_object_set_new(r, "root", json_string(p.root.real));
  json_object_set_new(r, "tool", json_string(build_kind_name(p.kind)));
  json_object_set_new(r, "build_dir", json_string(p.build_rel));
  json_object_set_new(r, "configured", json_boolean(p.kind != BUILD_CMAKE || p.configured));
  if (p.has_presets) json_object_set_new(r, "presets", preset_names(&p));
  if (p.configured) {
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/CMakeCache.txt", p.build_abs);
    json_object_set_new(r, "configuration", cache_values(path));
    static const char *const logs[] = {".ninja_log", "Makefile", NULL};
    for (int i = 0; logs[i]; i++) {
      struct stat st;
      snprintf(path, sizeof path, "%s/%s", p.build_abs, logs[i]);
      if (stat(path, &st) == 0) {
        json_object_set_new(r, "last_build", z3_fs__time_json(st.st_mtime));
        break;
      }
    }
  }
  build_project_close(&p);
  return Z3_OK;
}
