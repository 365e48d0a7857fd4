/* Root confinement and child processes for the code and debug-tools commands. */
#define _GNU_SOURCE
#include "devtools/code_support.h"
#include "devtools/build.h"
#include "devtools/fs.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Both go through fs's resolver, so `code`, `debug-tools` and `fs` refuse the
 * same paths for the same reasons. */
z3_status z3_dt_root_resolve(const char *root, char **out, z3_error *err) {
  z3_fs_root r;
  z3_status st = z3_fs_root_open(&r, root, err);
  if (st == Z3_OK) *out = r.real, r.real = NULL;
  z3_fs_root_close(&r);
  return st;
}

const char *z3_dt_root_relative(const char *root_real, const char *path) {
  size_t n = strlen(root_real);
  if (strcmp(root_real, "/") == 0) return path + 1;
  if (strncmp(path, root_real, n) != 0) return NULL;
  if (path[n] == '\0') return path + n;
  if (path[n] != '/') return NULL;
  return path + n + 1;
}

z3_status z3_dt_root_path(const char *root_real, const char *path, const char *arg, char **out,
                          z3_error *err) {
  const char *rel = path;
  if (path[0] == '/' && !(rel = z3_dt_root_relative(root_real, path)))
    return z3_error_set(err, Z3_E_INVALID, "--%s '%s' leads outside the root '%s'", arg, path, root_real);
  z3_fs_root root;
  z3_status st = z3_fs_root_open(&root, root_real, err);
  int fd = -1;
  if (st == Z3_OK) st = z3_fs_resolve_arg(&root, rel, arg, &fd, err);
  if (st == Z3_OK) st = z3_fs_real_path(fd, out, err);
  if (fd >= 0) close(fd);
  z3_fs_root_close(&root);
  return st;
}

/* ---- outside programs ---------------------------------------------------- */

static bool on_path(const char *program) {
  if (strchr(program, '/')) return access(program, X_OK) == 0;
  const char *path = getenv("PATH");
  if (!path) path = "/usr/bin:/bin";
  while (*path) {
    size_t n = strcspn(path, ":");
    char full[PATH_MAX];
    if (n > 0 && snprintf(full, sizeof full, "%.*s/%s", (int)n, path, program) < (int)sizeof full &&
        access(full, X_OK) == 0)
      return true;
    path += n + (path[n] == ':');
  }
  return false;
}

z3_status z3_dt_need_program(const char *program, const char *debian_package, z3_error *err) {
  if (on_path(program)) return Z3_OK;
  z3_error_set(err, Z3_E_NOT_FOUND, "'%s' is not installed (Debian package %s)", program, debian_package);
  z3_error_hint(err, "apt-get install %s", debian_package);
  return Z3_E_NOT_FOUND;
}

z3_status z3_dt_proc_run(const char *cwd, char *const argv[], double timeout_s, size_t max_output, z3_dt_proc *out,
                         z3_error *err) {
  memset(out, 0, sizeof *out);
  z3_buf_init(&out->output);
  z3_build_run run = {.argv = argv, .dir = cwd, .timeout = timeout_s, .max_output = max_output};
  z3_build_outcome done;
  z3_status st = z3_build_run_process(&run, &done, err);
  if (st) return st;
  out->output = done.output; /* moved, not copied */
  out->truncated = done.output_dropped > 0;
  out->timed_out = done.timed_out;
  out->exit_code = done.exit_code;
  out->signal = done.signal;
  out->seconds = done.seconds;
  return Z3_OK;
}

void z3_dt_proc_release(z3_dt_proc *p) { z3_buf_release(&p->output); }

/* ---- command lines ------------------------------------------------------- */

static z3_status push_word(char ***words, size_t *n, z3_buf *word, z3_error *err) {
  char **grown = z3_realloc(*words, (*n + 2) * sizeof **words);
  if (!grown) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  *words = grown;
  z3_buf_push(word, 0, NULL);
  grown[*n] = z3_strdup((const char *)word->data);
  grown[++*n] = NULL;
  word->len = 0;
  return grown[*n - 1] ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
}

z3_status z3_dt_split_words(const char *line, char ***out, z3_error *err) {
  char **words = z3_calloc(1, sizeof *words);
  size_t n = 0;
  z3_buf word;
  z3_buf_init(&word);
  char quote = 0;
  bool in_word = false;
  z3_status st = words ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  for (const char *p = line; st == Z3_OK && *p; p++) {
    if (quote && *p == quote) {
      quote = 0;
    } else if (!quote && (*p == '\'' || *p == '"')) {
      quote = *p;
      in_word = true;
    } else if (*p == '\\' && quote != '\'' && p[1]) {
      z3_buf_push(&word, (uint8_t)*++p, NULL);
      in_word = true;
    } else if (!quote && (*p == ' ' || *p == '\t' || *p == '\n')) {
      if (in_word) st = push_word(&words, &n, &word, err);
      in_word = false;
    } else {
      z3_buf_push(&word, (uint8_t)*p, NULL);
      in_word = true;
    }
  }
  if (st == Z3_OK && quote) st = z3_error_set(err, Z3_E_USAGE, "--command: unclosed %c quote", quote);
  if (st == Z3_OK && in_word) st = push_word(&words, &n, &word, err);
  if (st == Z3_OK && n == 0) st = z3_error_set(err, Z3_E_USAGE, "--command is empty");
  z3_buf_release(&word);
  if (st != Z3_OK) {
    z3_dt_words_free(words);
    return st;
  }
  *out = words;
  return Z3_OK;
}

void z3_dt_words_free(char **words) {
  for (size_t i = 0; words && words[i]; i++) free(words[i]);
  free(words);
}

void z3_dt_each_line(const char *text, size_t len, z3_dt_line_fn fn, void *data) {
  char line[Z3_DT_MAX_LINE];
  size_t pos = 0;
  long number = 0;
  while (pos < len) {
    const char *nl = memchr(text + pos, '\n', len - pos);
    size_t n = nl ? (size_t)(nl - text - pos) : len - pos, keep = n;
    if (keep >= sizeof line) {
      keep = sizeof line - 1;
      while (keep > 0 && ((unsigned char)text[pos + keep] & 0xC0) == 0x80) keep--; /* not inside a character */
    }
    memcpy(line, text + pos, keep);
    line[keep] = '\0';
    line[strcspn(line, "\r")] = '\0';
    z3_utf8_fix(line);
    fn(line, ++number, data);
    pos += n + 1;
  }
}
