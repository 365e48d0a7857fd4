/* debug/suite_report: a failed test's report folder (IT-08): screenshot, widget tree and the action log, as JSON and HTML. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "debug/rpc.h"
#include "debug/suite.h"

static void html_text(z3_buf *b, const char *s) {
  for (; s && *s; s++) {
    if (*s == '<') z3_buf_printf(b, "&lt;");
    else if (*s == '>') z3_buf_printf(b, "&gt;");
    else if (*s == '&') z3_buf_printf(b, "&amp;");
    else if (*s == '"') z3_buf_printf(b, "&quot;");
    else z3_buf_printf(b, "%c", *s);
  }
}

static void html_json(z3_buf *b, const json_t *v) {
  char *text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
  html_text(b, text);
  free(text);
}

static char *render_html(const json_t *report) {
  z3_buf b;
  z3_buf_init(&b);
  z3_buf_printf(&b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>");
  html_text(&b, json_string_value(json_object_get(report, "test")));
  z3_buf_printf(&b, "</title>\n<style>body{font-family:sans-serif}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}"
                    "table{border-collapse:collapse}.failed,.error{background:#fdd}</style></head><body>\n<h1>");
  html_text(&b, json_string_value(json_object_get(report, "test")));
  z3_buf_printf(&b, ": %s</h1>\n<p>", json_string_value(json_object_get(report, "status")));
  html_text(&b, json_string_value(json_object_get(report, "message")));
  z3_buf_printf(&b, "</p>\n");
  if (json_is_string(json_object_get(report, "screenshot"))) z3_buf_printf(&b, "<img src=\"screen.png\" alt=\"the window when the test stopped\">\n");
  z3_buf_printf(&b, "<h2>Actions</h2>\n<table><tr><th>line</th><th>method</th><th>params</th><th>outcome</th><th>detail</th></tr>\n");
  size_t i;
  json_t *s;
  json_array_foreach(json_object_get(report, "actions"), i, s) {
    const char *outcome = json_string_value(json_object_get(s, "outcome"));
    z3_buf_printf(&b, "<tr class=\"%s\"><td>%d</td><td>%s</td><td>", outcome, (int)json_integer_value(json_object_get(s, "line")),
                  json_string_value(json_object_get(s, "method")));
    html_json(&b, json_object_get(s, "params"));
    z3_buf_printf(&b, "</td><td>%s</td><td>", outcome);
    html_json(&b, json_object_get(s, "detail"));
    z3_buf_printf(&b, "</td></tr>\n");
  }
  z3_buf_printf(&b, "</table>\n<h2>Widgets</h2>\n<table><tr><th>path</th><th>role</th><th>text</th><th>enabled</th></tr>\n");
  json_array_foreach(json_object_get(report, "widgets"), i, s) {
    z3_buf_printf(&b, "<tr><td>");
    html_text(&b, json_string_value(json_object_get(s, "path")));
    z3_buf_printf(&b, "</td><td>%s</td><td>", json_string_value(json_object_get(s, "role")));
    html_text(&b, json_string_value(json_object_get(s, "text")));
    z3_buf_printf(&b, "</td><td>%s</td></tr>\n", json_is_true(json_object_get(s, "enabled")) ? "yes" : "no");
  }
  z3_buf_printf(&b, "</table>\n</body></html>\n");
  z3_buf_append(&b, "", 1, NULL);
  return (char *)b.data;
}

static z3_status make_dir(const char *path, z3_error *err) {
  if (mkdir(path, 0777) == 0 || errno == EEXIST) return Z3_OK;
  return z3_error_set(err, Z3_E_IO, "cannot make folder '%s': %s", path, strerror(errno));
}

static z3_status write_text(const char *dir, const char *name, const char *text, z3_error *err) {
  char *path = z3_strfmt("%s/%s", dir, name);
  z3_status st = z3_file_write_atomic(path, text, strlen(text), &(z3_write_opts){0}, err);
  z3_free(path);
  return st;
}

/* The test's name as a folder name: letters, digits, '-', '_' and '.', the rest '_'. */
static char *folder_name(const char *name) {
  char *s = z3_strdup(name);
  for (char *p = s; p && *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' || (*p == '.' && p != s))) *p = '_';
  return s;
}

z3_status z3_suite_write_report(int fd, const char *root, const json_t *outcome, const json_t *actions, char **folder, z3_error *err) {
  *folder = NULL;
  char cwd[PATH_MAX];
  z3_status st = make_dir(root, err);
  if (st) return st;
  if (root[0] != '/' && !getcwd(cwd, sizeof cwd)) return z3_error_set(err, Z3_E_IO, "cannot read the current folder: %s", strerror(errno));
  char *name = folder_name(json_string_value(json_object_get(outcome, "name")));
  /* absolute: yaze writes the screenshot, and it may run in another folder */
  char *dir = root[0] == '/' ? z3_strfmt("%s/%s", root, name) : z3_strfmt("%s/%s/%s", cwd, root, name);
  z3_free(name);
  if ((st = make_dir(dir, err))) return z3_free(dir), st;
  json_t *report = json_pack("{s:O,s:O,s:O,s:O}", "test", json_object_get(outcome, "name"), "status", json_object_get(outcome, "status"),
                             "message", json_object_get(outcome, "message"), "actions", actions);
  json_t *result = NULL, *params = json_pack("{s:s+}", "path", dir, "/screen.png");
  z3_error quiet;
  z3_error_init(&quiet);
  if (z3_rpc_call(fd, "Screenshot", params, &result, NULL, &quiet) == Z3_OK) json_object_set_new(report, "screenshot", json_string("screen.png"));
  else json_object_set_new(report, "screenshot_error", json_string(quiet.message));
  json_decref(result);
  json_decref(params);
  z3_error_init(&quiet);
  if (z3_rpc_call(fd, "DiscoverWidgets", NULL, &result, NULL, &quiet) == Z3_OK) json_object_set(report, "widgets", json_object_get(result, "widgets"));
  else json_object_set_new(report, "widgets", json_array());
  json_decref(result);
  char *text = json_dumps(report, JSON_INDENT(2));
  char *html = render_html(report);
  st = text && html ? write_text(dir, "report.json", text, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (!st) st = write_text(dir, "index.html", html, err);
  free(text);
  z3_free(html);
  json_decref(report);
  if (st) return z3_free(dir), st;
  *folder = dir;
  return Z3_OK;
}
