/* fs list|read|write|stat: files under a project root, never beyond it. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devtools/diag.h"
#include "devtools/fs_internal.h"

enum { SNIFF_BYTES = 8192 };

json_t *z3_fs__time_json(time_t t) {
  char when[32];
  struct tm tm;
  strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t, &tm));
  return json_string(when);
}

/* Reads at most max bytes; *more says the file had more. */
static z3_status read_upto(int fd, const char *rel, size_t max, z3_buf *out, bool *more, z3_error *err) {
  z3_status s = z3_buf_resize(out, max + 1, err);
  size_t got = 0;
  while (s == Z3_OK && got < max + 1) {
    ssize_t n = read(fd, out->data + got, max + 1 - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return z3_error_set(err, Z3_E_IO, "reading --path '%s': %s", rel, strerror(errno));
    if (n == 0) break;
    got += (size_t)n;
  }
  *more = got > max;
  out->len = got > max ? max : got;
  return s;
}

/* Drops a UTF-8 sequence the limit cut in two, so the text stays valid. */
size_t z3_fs__utf8_whole(const uint8_t *p, size_t len) {
  size_t back = 0;
  while (back < 4 && back < len && (p[len - 1 - back] & 0xC0) == 0x80) back++;
  if (back == len) return len;
  uint8_t lead = p[len - 1 - back];
  size_t need = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : 4;
  return need == back + 1 ? len : len - 1 - back;
}

/* The window [start_line, start_line + lines) of text, 1-based; lines 0 = to the end. */
static void line_window(const char *text, size_t len, int64_t start, int64_t lines, size_t *from, size_t *to,
                        int64_t *total) {
  int64_t line = 1;
  *from = start <= 1 ? 0 : len;
  *to = len;
  for (size_t i = 0; i < len; i++) {
    if (text[i] != '\n') continue;
    line++;
    if (line == start) *from = i + 1;
    if (lines > 0 && line == start + lines) *to = i + 1;
  }
  *total = len > 0 && text[len - 1] != '\n' ? line : line - 1;
  if (*to < *from) *to = *from;
}

z3_status cmd_fs_read(z3_cmd_ctx *ctx, z3_error *err) {
  const char *rel = z3_arg_str(ctx, "path");
  z3_fs_root root;
  z3_status s = z3_fs_root_open(&root, z3_arg_str(ctx, "root"), err);
  if (s != Z3_OK) return s;
  int fd = -1;
  struct stat st;
  z3_buf data;
  z3_buf_init(&data);
  s = z3_fs_open_read(&root, rel, &fd, &st, err);
  if (s == Z3_OK && S_ISDIR(st.st_mode)) {
    s = z3_error_set(err, Z3_E_USAGE, "--path '%s' is a folder; use fs list", rel);
  }
  bool more = false;
  if (s == Z3_OK) s = read_upto(fd, rel, (size_t)z3_arg_int(ctx, "max-bytes"), &data, &more, err);
  if (s == Z3_OK) {
    json_t *r = ctx->result;
    json_object_set_new(r, "path", json_string(rel));
    json_object_set_new(r, "size", json_integer((json_int_t)st.st_size));
    json_object_set_new(r, "hard_links", json_integer((json_int_t)st.st_nlink));
    bool binary = z3_fs_looks_binary(data.data, data.len < SNIFF_BYTES ? data.len : SNIFF_BYTES) ||
                  z3_fs_looks_binary(data.data, z3_fs__utf8_whole(data.data, data.len));
    json_object_set_new(r, "binary", json_boolean(binary));
    json_object_set_new(r, "truncated", json_boolean(more));
    if (!binary) {
      size_t len = z3_fs__utf8_whole(data.data, data.len), from, to;
      int64_t total;
      line_window((const char *)data.data, len, z3_arg_int(ctx, "start-line"), z3_arg_int(ctx, "lines"), &from,
                  &to, &total);
      json_object_set_new(r, "start_line", json_integer(z3_arg_int(ctx, "start-line")));
      json_object_set_new(r, "lines_total", json_integer(total));
      json_object_set_new(r, "content", z3_diag_text((const char *)data.data + from, to - from));
    }
  }
  if (fd >= 0) close(fd);
  z3_buf_release(&data);
  z3_fs_root_close(&root);
  return s;
}

static int by_name(const void *a, const void *b) {
  const char *x = json_string_value(json_object_get(*(json_t *const *)a, "name"));
  const char *y = json_string_value(json_object_get(*(json_t *const *)b, "name"));
  return strcmp(x, y);
}

static json_t *entry_json(int dirfd, const char *name) {
  struct stat st;
  json_t *e = json_object();
  json_object_set_new(e, "name", z3_diag_text(name, strlen(name))); /* names need not be UTF-8 */
  if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
    json_object_set_new(e, "type", json_string("vanished"));
    return e;
  }
  json_object_set_new(e, "type", json_string(z3_fs_type_name(st.st_mode)));
  json_object_set_new(e, "size", json_integer((json_int_t)st.st_size));
  if (S_ISREG(st.st_mode) && st.st_nlink > 1) json_object_set_new(e, "hard_links", json_integer((json_int_t)st.st_nlink));
  return e;
}

/* Entries sorted by name so answers are stable; at most max of them. */
static json_t *list_dir(int fd, size_t max, bool hidden, size_t *count, bool *truncated) {
  DIR *d = fdopendir(fd);
  json_t *all = json_array();
  if (!d) return close(fd), all;
  for (struct dirent *de = readdir(d); de; de = readdir(d)) {
    if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0) continue;
    if (!hidden && de->d_name[0] == '.') continue;
    json_array_append_new(all, entry_json(dirfd(d), de->d_name));
  }
  closedir(d);
  *count = json_array_size(all);
  json_t **items = z3_malloc(*count * sizeof *items + 1);
  for (size_t i = 0; items && i < *count; i++) items[i] = json_incref(json_array_get(all, i));
  if (items) qsort(items, *count, sizeof *items, by_name);
  json_t *out = json_array();
  for (size_t i = 0; items && i < *count; i++) {
    if (i < max) json_array_append(out, items[i]);
    json_decref(items[i]);
  }
  z3_free(items);
  json_decref(all);
  *truncated = *count > max;
  return out;
}

z3_status cmd_fs_list(z3_cmd_ctx *ctx, z3_error *err) {
  const char *rel = z3_arg_str(ctx, "path");
  z3_fs_root root;
  z3_status s = z3_fs_root_open(&root, z3_arg_str(ctx, "root"), err);
  if (s != Z3_OK) return s;
  int fd = -1;
  struct stat st;
  s = z3_fs_open_read(&root, rel, &fd, &st, err);
  if (s == Z3_OK && !S_ISDIR(st.st_mode)) {
    close(fd);
    s = z3_error_set(err, Z3_E_USAGE, "--path '%s' is a file; use fs read or fs stat", rel);
  }
  if (s == Z3_OK) {
    size_t count = 0;
    bool truncated = false;
    json_t *entries = list_dir(fd, (size_t)z3_arg_int(ctx, "max-entries"), z3_arg_bool(ctx, "all"), &count,
                               &truncated);
    json_object_set_new(ctx->result, "root", json_string(root.real));
    json_object_set_new(ctx->result, "path", json_string(rel));
    json_object_set_new(ctx->result, "count", json_integer((json_int_t)count));
    json_object_set_new(ctx->result, "truncated", json_boolean(truncated));
    json_object_set_new(ctx->result, "entries", entries);
  }
  z3_fs_root_close(&root);
  return s;
}

z3_status cmd_fs_stat(z3_cmd_ctx *ctx, z3_error *err) {
  const char *rel = z3_arg_str(ctx, "path");
  z3_fs_root root;
  z3_status s = z3_fs_root_open(&root, z3_arg_str(ctx, "root"), err);
  if (s != Z3_OK) return s;
  int pfd = -1;
  json_t *r = ctx->result;
  json_object_set_new(r, "path", json_string(rel));
  s = z3_fs_resolve(&root, rel, &pfd, err);
  struct stat st;
  if (s == Z3_E_NOT_FOUND) {
    z3_error_init(err);
    json_object_set_new(r, "exists", json_false());
    s = Z3_OK;
  } else if (s == Z3_OK && fstat(pfd, &st) == 0) {
    json_object_set_new(r, "exists", json_true());
    json_object_set_new(r, "type", json_string(z3_fs_type_name(st.st_mode)));
    json_object_set_new(r, "size", json_integer((json_int_t)st.st_size));
    json_object_set_new(r, "mode", json_sprintf("%04o", (unsigned)(st.st_mode & 07777)));
    json_object_set_new(r, "modified", z3_fs__time_json(st.st_mtime));
    json_object_set_new(r, "hard_links", json_integer((json_int_t)st.st_nlink));
    if (S_ISREG(st.st_mode)) {
      uint8_t sniff[SNIFF_BYTES];
      int fd = z3_fs_reopen(pfd, O_RDONLY);
      ssize_t n = fd >= 0 ? read(fd, sniff, sizeof sniff) : -1;
      if (fd >= 0) close(fd);
      if (n >= 0) json_object_set_new(r, "binary", json_boolean(z3_fs_looks_binary(sniff, (size_t)n)));
    }
  } else if (s == Z3_OK) {
    s = z3_error_set(err, Z3_E_IO, "--path '%s': %s", rel, strerror(errno));
  }
  if (pfd >= 0) close(pfd);
  z3_fs_root_close(&root);
  return s;
}
