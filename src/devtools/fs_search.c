/* fs search: grep over the text files beneath the root (regex or fixed string). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devtools/diag.h"
#include "devtools/fs_internal.h"

enum { MAX_DEPTH = 64, LINE_SHOWN = 300, PATH_LEN = 4096 };

typedef struct search {
  bool fixed, icase;
  const char *needle;
  regex_t re;
  const char *glob;
  size_t max_matches, max_files, max_file_bytes;
  size_t files, skipped_binary, skipped_large, match_count;
  bool truncated;
  json_t *matches;
} search;

/* Column (1-based) of the first match in line, or 0. */
static size_t match_line(search *sr, const char *line) {
  if (sr->fixed) {
    const char *hit = sr->icase ? strcasestr(line, sr->needle) : strstr(line, sr->needle);
    return hit ? (size_t)(hit - line) + 1 : 0;
  }
  regmatch_t m;
  return regexec(&sr->re, line, 1, &m, 0) == 0 ? (size_t)m.rm_so + 1 : 0;
}

static void add_match(search *sr, const char *file, size_t line_no, size_t column, const char *line) {
  sr->match_count++;
  if (json_array_size(sr->matches) >= sr->max_matches) {
    sr->truncated = true;
    return;
  }
  size_t len = strlen(line);
  if (len > LINE_SHOWN) len = z3_fs__utf8_whole((const uint8_t *)line, LINE_SHOWN);
  json_t *m = json_object();
  json_object_set_new(m, "file", z3_diag_text(file, strlen(file)));
  json_object_set_new(m, "line", json_integer((json_int_t)line_no));
  json_object_set_new(m, "column", json_integer((json_int_t)column));
  json_object_set_new(m, "text", z3_diag_text(line, len));
  json_array_append_new(sr->matches, m);
}

static void search_text(search *sr, const char *file, char *text, size_t len) {
  size_t line_no = 1;
  for (char *p = text; p < text + len; line_no++) {
    char *nl = memchr(p, '\n', (size_t)(text + len - p));
    char *end = nl ? nl : text + len;
    *end = '\0';
    size_t column = match_line(sr, p);
    if (column) add_match(sr, file, line_no, column, p);
    p = end + 1;
  }
}

static void search_file(search *sr, int dirfd, const char *name, const char *file, const struct stat *st) {
  if (sr->glob && fnmatch(sr->glob, name, 0) != 0) return;
  if ((size_t)st->st_size > sr->max_file_bytes) {
    sr->skipped_large++;
    return;
  }
  int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return;
  z3_buf b;
  z3_buf_init(&b);
  if (z3_buf_resize(&b, (size_t)st->st_size + 1, NULL) == Z3_OK) {
    ssize_t n = read(fd, b.data, (size_t)st->st_size);
    sr->files++;
    if (n > 0 && z3_fs_looks_binary(b.data, (size_t)n)) {
      sr->skipped_binary++;
    } else if (n > 0) {
      b.data[n] = '\0';
      search_text(sr, file, (char *)b.data, (size_t)n);
    }
  }
  close(fd);
  z3_buf_release(&b);
}

/* Depth first in name order; symlinks are not followed, so the walk stays beneath the root. */
static int by_name(const struct dirent **a, const struct dirent **b) { return strcmp((*a)->d_name, (*b)->d_name); }

static int wanted(const struct dirent *de) {
  return strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && strcmp(de->d_name, ".git");
}

static void walk(search *sr, int dirfd, const char *prefix, int depth) {
  struct dirent **list = NULL;
  int n = scandirat(dirfd, ".", &list, wanted, by_name);
  for (int i = 0; i < n; i++) {
    const char *name = list[i]->d_name;
    char file[PATH_LEN];
    struct stat st;
    bool fits = (size_t)snprintf(file, sizeof file, "%s%s%s", prefix, *prefix ? "/" : "", name) < sizeof file;
    if (sr->truncated || !fits || fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (S_ISDIR(st.st_mode) && depth < MAX_DEPTH) {
      int sub = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub >= 0) walk(sr, sub, file, depth + 1);
      if (sub >= 0) close(sub);
    } else if (S_ISREG(st.st_mode) && sr->files >= sr->max_files) {
      sr->truncated = true;
    } else if (S_ISREG(st.st_mode)) {
      search_file(sr, dirfd, name, file, &st);
    }
  }
  for (int i = 0; i < n; i++) free(list[i]);
  free(list);
}

static z3_status setup(search *sr, z3_cmd_ctx *ctx, z3_error *err) {
  memset(sr, 0, sizeof *sr);
  sr->needle = z3_arg_str(ctx, "pattern");
  sr->fixed = z3_arg_bool(ctx, "fixed");
  sr->icase = z3_arg_bool(ctx, "ignore-case");
  sr->glob = z3_arg_str(ctx, "glob");
  sr->max_matches = (size_t)z3_arg_int(ctx, "max-matches");
  sr->max_files = (size_t)z3_arg_int(ctx, "max-files");
  sr->max_file_bytes = (size_t)z3_arg_int(ctx, "max-file-bytes");
  if (!*sr->needle) return z3_error_set(err, Z3_E_USAGE, "--pattern is empty");
  if (sr->fixed) return Z3_OK;
  int rc = regcomp(&sr->re, sr->needle, REG_EXTENDED | (sr->icase ? REG_ICASE : 0));
  if (rc != 0) {
    char why[200];
    regerror(rc, &sr->re, why, sizeof why);
    return z3_error_set(err, Z3_E_USAGE, "--pattern '%s' is not a valid extended regular expression: %s",
                        sr->needle, why);
  }
  return Z3_OK;
}

z3_status cmd_fs_search(z3_cmd_ctx *ctx, z3_error *err) {
  search sr;
  z3_status s = setup(&sr, ctx, err);
  if (s != Z3_OK) return s;
  const char *rel = z3_arg_str(ctx, "path");
  z3_fs_root root;
  s = z3_fs_root_open(&root, z3_arg_str(ctx, "root"), err);
  int fd = -1;
  struct stat st;
  if (s == Z3_OK) s = z3_fs_open_read(&root, rel, &fd, &st, err);
  if (s == Z3_OK && !S_ISDIR(st.st_mode)) s = z3_error_set(err, Z3_E_USAGE, "--path '%s' is not a folder", rel);
  if (s == Z3_OK) {
    sr.matches = json_array();
    walk(&sr, fd, strcmp(rel, ".") ? rel : "", 0);
    json_t *r = ctx->result;
    json_object_set_new(r, "pattern", json_string(sr.needle));
    json_object_set_new(r, "match_count", json_integer((json_int_t)sr.match_count));
    json_object_set_new(r, "files_searched", json_integer((json_int_t)sr.files));
    json_object_set_new(r, "skipped_binary", json_integer((json_int_t)sr.skipped_binary));
    json_object_set_new(r, "skipped_large", json_integer((json_int_t)sr.skipped_large));
    json_object_set_new(r, "truncated", json_boolean(sr.truncated));
    json_object_set_new(r, "matches", sr.matches);
  }
  if (fd >= 0) close(fd);
  if (!sr.fixed) regfree(&sr.re);
  z3_fs_root_close(&root);
  return s;
}
