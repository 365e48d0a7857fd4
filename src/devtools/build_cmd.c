/* build configure|compile|status: CMake (with presets), make, or the C compiler directly. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devtools/build_internal.h"
#include "devtools/diag.h"
#include "devtools/fs_internal.h"

enum { OUTPUT_KEPT = 16 << 20, TAIL_BYTES = 4096, MAX_SOURCES = 256 };

const char *build_kind_name(build_kind k) {
  return k == BUILD_CMAKE ? "cmake" : k == BUILD_MAKE ? "make" : "cc";
}

static bool root_has(const build_project *p, const char *name) {
  struct stat st;
  return fstatat(p->root.fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
}

/* --build-dir: relative, no '..', and if it exists, beneath the root once resolved. */
static z3_status check_build_dir(build_project *p, z3_error *err) {
  const char *rel = p->build_rel;
  if (!*rel || rel[0] == '/') return z3_error_set(err, Z3_E_USAGE, "--build-dir '%s' must be relative to the root", rel);
  for (const char *s = rel; (s = strstr(s, "..")) != NULL; s += 2) {
    bool starts = s == rel || s[-1] == '/', ends = s[2] == '\0' || s[2] == '/';
    if (starts && ends) return z3_error_set(err, Z3_E_USAGE, "--build-dir '%s' may not contain '..'", rel);
  }
  if ((size_t)snprintf(p->build_abs, sizeof p->build_abs, "%s/%s", p->root.real, rel) >= sizeof p->build_abs) {
    return z3_error_set(err, Z3_E_USAGE, "--build-dir '%s' is too long", rel);
  }
  int fd;
  z3_status s = z3_fs_resolve(&p->root, rel, &fd, err);
  if (s == Z3_E_NOT_FOUND) return z3_error_init(err), Z3_OK;
  if (s != Z3_OK) return s;
  char cache[PATH_MAX + 32];
  snprintf(cache, sizeof cache, "%s/CMakeCache.txt", p->build_abs);
  p->configured = z3_file_exists(cache);
  close(fd);
  return Z3_OK;
}

z3_status build_project_open(build_project *p, z3_cmd_ctx *ctx, z3_error *err) {
  memset(p, 0, sizeof *p);
  z3_status s = z3_fs_root_open(&p->root, z3_arg_str(ctx, "root"), err);
  if (s != Z3_OK) return s;
  p->kind = root_has(p, "CMakeLists.txt") ? BUILD_CMAKE
            : root_has(p, "Makefile") || root_has(p, "makefile") || root_has(p, "GNUmakefile") ? BUILD_MAKE
                                                                                               : BUILD_PLAIN;
  p->has_presets = root_has(p, "CMakePresets.json");
  p->build_rel = z3_arg_str(ctx, "build-dir");
  s = check_build_dir(p, err);
  if (s == Z3_OK && z3_command_arg(ctx->cmd, "preset") && z3_arg_given(ctx, "preset") && !p->has_presets) {
    s = z3_error_set(err, Z3_E_USAGE, "--preset '%s' given, but '%s' has no CMakePresets.json",
                     z3_arg_str(ctx, "preset"), p->root.real);
  }
  if (s != Z3_OK) build_project_close(p);
  return s;
}

void build_project_close(build_project *p) { z3_fs_root_close(&p->root); }

static void progress_line(const char *line, size_t len, void *data) {
  (void)data;
  z3_cmd_progress("%.*s", (int)(len > 200 ? 200 : len), line);
}

static json_t *argv_json(char *const *argv) {
  json_t *a = json_array();
  for (size_t i = 0; argv[i]; i++) json_array_append_new(a, json_string(argv[i]));
  return a;
}

z3_status build_run_step(z3_cmd_ctx *ctx, build_project *p, char *const *argv, z3_build_outcome *out,
                         z3_error *err) {
  z3_build_run run = {.argv = argv, .dir = p->root.real, .timeout = (double)z3_arg_int(ctx, "timeout"),
                      .max_output = OUTPUT_KEPT, .on_line = progress_line};
  z3_status s = z3_build_run_process(&run, out, err);
  if (s != Z3_OK) return s;
  json_t *r = ctx->result;
  json_object_set_new(r, "tool", json_string(build_kind_name(p->kind)));
  json_object_set_new(r, "command", argv_json(argv));
  json_object_set_new(r, "exit_code", json_integer(out->exit_code));
  json_object_set_new(r, "seconds", json_real(out->seconds));
  json_object_set_new(r, "timed_out", json_boolean(out->timed_out));
  size_t from = out->output.len > TAIL_BYTES ? out->output.len - TAIL_BYTES : 0;
  json_object_set_new(r, "output_tail", z3_diag_text((const char *)out->output.data + from, out->output.len - from));
  json_object_set_new(r, "output_truncated", json_boolean(from > 0 || out->output_dropped > 0));
  const char *status = out->timed_out ? "timed_out" : out->exit_code == 0 ? "success" : "failed";
  json_object_set_new(r, "status", json_string(status));
  if (out->timed_out) {
    return z3_error_set(err, Z3_E_CHECK, "'%s' was killed after %jd s (--timeout)", argv[0],
                        (intmax_t)z3_arg_int(ctx, "timeout"));
  }
  if (out->exit_code != 0) {
    return z3_error_set(err, Z3_E_CHECK, "'%s' failed (exit %d%s)", argv[0], out->exit_code,
                        out->signal ? ", killed by a signal" : "");
  }
  return Z3_OK;
}

/* Runs the step and adds the parsed diagnostics (errors, warnings, notes, diagnostics). */
static z3_status run_with_diagnostics(z3_cmd_ctx *ctx, build_project *p, char *const *argv, z3_error *err) {
  z3_build_outcome out;
  z3_status s = build_run_step(ctx, p, argv, &out, err);
  if (s != Z3_OK && s != Z3_E_CHECK) return s;
  json_t *d = z3_diag_parse((const char *)out.output.data, out.output.len);
  if (d) json_object_update(ctx->result, d);
  json_decref(d);
  z3_build_outcome_release(&out);
  return s;
}

z3_status cmd_build_configure(z3_cmd_ctx *ctx, z3_error *err) {
  build_project p;
  z3_status s = build_project_open(&p, ctx, err);
  if (s != Z3_OK) return s;
  json_object_set_new(ctx->result, "root", json_string(p.root.real));
  if (p.kind != BUILD_CMAKE) {
    json_object_set_new(ctx->result, "tool", json_string(build_kind_name(p.kind)));
    json_object_set_new(ctx->result, "status", json_string("nothing to configure"));
    build_project_close(&p);
    return Z3_OK;
  }
  const char *preset = z3_arg_str(ctx, "preset");
  char *argv[] = {"cmake", "-S", ".", "-B", (char *)p.build_rel, NULL};
  char *preset_argv[] = {"cmake", "--preset", (char *)preset, NULL};
  json_object_set_new(ctx->result, "build_dir", json_string(preset ? "(from the preset)" : p.build_rel));
  s = run_with_diagnostics(ctx, &p, preset ? preset_argv : argv, err);
  build_project_close(&p);
  return s;
}

/* The root's *.c files, sorted, for a project with neither CMake nor make. */
static size_t plain_sources(const build_project *p, char **names, size_t max) {
  struct dirent **list = NULL;
  int n = scandirat(p->root.fd, ".", &list, NULL, alphasort);
  size_t count = 0;
  for (int i = 0; i < n; i++) {
    size_t len = strlen(list[i]->d_name);
    if (count < max && len > 2 && strcmp(list[i]->d_name + len - 2, ".c") == 0) names[count++] = z3_strdup(list[i]->d_name);
    free(list[i]);
  }
  free(list);
  return count;
}

static z3_status compile_plain(z3_cmd_ctx *ctx, build_project *p, z3_error *err) {
  char *sources[MAX_SOURCES];
  size_t n = plain_sources(p, sources, MAX_SOURCES);
  if (n == 0) return z3_error_set(err, Z3_E_NOT_FOUND, "'%s' has no CMakeLists.txt, Makefile or .c file", p->root.real);
  z3_status s = Z3_OK;
  if (mkdirat(p->root.fd, p->build_rel, 0777) != 0 && errno != EEXIST) {
    s = z3_error_set(err, Z3_E_IO, "cannot make --build-dir '%s': %s", p->build_rel, strerror(errno));
  }
  const char *target = z3_arg_str(ctx, "target");
  char *out = z3_strfmt("%s/%s", p->build_rel, target ? target : "app");
  char *argv[MAX_SOURCES + 8] = {"cc", "-Wall", "-fdiagnostics-parseable-fixits", "-o", out};
  for (size_t i = 0; i < n; i++) argv[5 + i] = sources[i];
  if (s == Z3_OK) s = run_with_diagnostics(ctx, p, argv, err);
  for (size_t i = 0; i < n; i++) z3_free(sources[i]);
  z3_free(out);
  return s;
}

z3_status cmd_build_compile(z3_cmd_ctx *ctx, z3_error *err) {
  build_project p;
  z3_status s = build_project_open(&p, ctx, err);
  if (s != Z3_OK) return s;
  char jobs[24];
  snprintf(jobs, sizeof jobs, "%jd", (intmax_t)z3_arg_int(ctx, "jobs"));
  char *target = (char *)z3_arg_str(ctx, "target"), *preset = (char *)z3_arg_str(ctx, "preset");
  json_object_set_new(ctx->result, "root", json_string(p.root.real));
  if (target) json_object_set_new(ctx->result, "target", json_string(target));
  if (p.kind == BUILD_CMAKE && !preset && !p.configured) {
    z3_error_set(err, Z3_E_USAGE, "'%s' is not configured yet (no CMakeCache.txt)", p.build_abs);
    z3_error_hint(err, "run build configure first");
    s = Z3_E_USAGE;
  } else if (p.kind == BUILD_CMAKE) {
    char *argv[10] = {"cmake", "--build"};
    size_t n = 2;
    if (preset) argv[n++] = "--preset", argv[n++] = preset;
    else argv[n++] = (char *)p.build_rel;
    argv[n++] = "-j", argv[n++] = jobs;
    if (target) argv[n++] = "--target", argv[n++] = target;
    s = run_with_diagnostics(ctx, &p, argv, err);
  } else if (p.kind == BUILD_MAKE) {
    char *argv[] = {"make", "-j", jobs, target, NULL};
    s = run_with_diagnostics(ctx, &p, argv, err);
  } else {
    s = compile_plain(ctx, &p, err);
  }
  build_project_close(&p);
  return s;
}
