/*
 * Runs one tests/cli/cases/NAME.case file against the real z3ed binary.
 *
 * A case is a list of steps, run in order in a fresh temporary folder that
 * holds a private copy of the sample ROM:
 *   # comment
 *   run: ARGS            run `z3ed ARGS` (through /bin/sh, so quoting works)
 *   sh: COMMAND          run a shell command (setup, or a check by exit status 0)
 *   exit: N              the last run's exit code must be N (default 0 is checked
 *                        only when an exit line follows)
 *   json: {...}          the last run's stdout is JSON containing this as a subset
 *                        (objects: listed keys only; arrays: listed items, in order;
 *                        the string "*" matches any value)
 *   stdout-has: TEXT     stdout contains TEXT
 *   stderr-has: TEXT     stderr contains TEXT
 *   stdout-empty:        nothing on stdout
 *   same: A B            the two files are byte-identical
 *   absent: PATH         no such file
 * Placeholders: {z3ed}, {rom} (the private sample copy), {sample} (the pristine
 * sample, read only), {tmp} (the folder), {src} (the source tree).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <jansson.h>

#include "test.h"

typedef struct runner {
  const char *z3ed, *sample, *src, *case_path;
  char *tmp;
  int line;
  int last_exit;
  z3_buf out, errbuf;
  int failures;
} runner;

static void case_fail(runner *r, const char *fmt, ...) Z3_PRINTF(2, 3);
static void case_fail(runner *r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s:%d: ", r->case_path, r->line);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  r->failures++;
}

static char *expand(const runner *r, const char *text) {
  z3_buf b;
  z3_buf_init(&b);
  z3_buf_printf(&b, "%s", "");
  for (const char *p = text; *p;) {
    static const char *const keys[] = {"{z3ed}", "{rom}", "{sample}", "{tmp}", "{src}"};
    char *rom = z3_strfmt("%s/rom.sfc", r->tmp);
    const char *vals[] = {r->z3ed, rom, r->sample, r->tmp, r->src};
    bool matched = false;
    for (int k = 0; k < 5 && !matched; k++) {
      size_t n = strlen(keys[k]);
      if (strncmp(p, keys[k], n) == 0) {
        z3_buf_printf(&b, "%s", vals[k]);
        p += n;
        matched = true;
      }
    }
    free(rom);
    if (!matched) z3_buf_printf(&b, "%c", *p++);
  }
  return z3_buf_take_string(&b);
}

static void slurp(const char *path, z3_buf *into) {
  z3_buf_release(into);
  z3_error err;
  z3_error_init(&err);
  z3_file_read(into, path, 64u << 20, &err);
  z3_buf_printf(into, "%s", ""); /* NUL-terminate */
}

static int shell(runner *r, const char *command, bool capture) {
  char *full = capture ? z3_strfmt("cd '%s' && %s >'%s/.stdout' 2>'%s/.stderr'", r->tmp, command, r->tmp, r->tmp)
                       : z3_strfmt("cd '%s' && %s", r->tmp, command);
  int st = system(full);
  free(full);
  if (capture) {
    char *o = z3_strfmt("%s/.stdout", r->tmp), *e = z3_strfmt("%s/.stderr", r->tmp);
    slurp(o, &r->out);
    slurp(e, &r->errbuf);
    free(o);
    free(e);
  }
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static bool json_subset(const json_t *want, const json_t *have) {
  if (json_is_string(want) && strcmp(json_string_value(want), "*") == 0) return have != NULL;
  if (!have) return false;
  if (json_is_object(want)) {
    if (!json_is_object(have)) return false;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)want, key, v) {
      if (!json_subset(v, json_object_get(have, key))) return false;
    }
    return true;
  }
  if (json_is_array(want)) {
    if (!json_is_array(have) || json_array_size(have) < json_array_size(want)) return false;
    for (size_t i = 0; i < json_array_size(want); i++)
      if (!json_subset(json_array_get(want, i), json_array_get(have, i))) return false;
    return true;
  }
  return json_equal((json_t *)want, (json_t *)have);
}

static void check_json(runner *r, const char *expected) {
  json_error_t e;
  json_t *want = json_loads(expected, 0, &e);
  if (!want) return case_fail(r, "bad expected JSON in case: %s", e.text);
  json_t *have = json_loads((const char *)r->out.data, 0, &e);
  if (!have) case_fail(r, "stdout is not JSON (%s):\n%s", e.text, (const char *)r->out.data);
  else if (!json_subset(want, have)) case_fail(r, "JSON mismatch; expected subset %s\nstdout:\n%s", expected, (const char *)r->out.data);
  json_decref(want);
  json_decref(have);
}

static bool same_file(const char *a, const char *b) {
  z3_buf x, y;
  z3_buf_init(&x);
  z3_buf_init(&y);
  z3_error err;
  z3_error_init(&err);
  bool ok = z3_file_read(&x, a, 64u << 20, &err) == Z3_OK && z3_file_read(&y, b, 64u << 20, &err) == Z3_OK &&
            x.len == y.len && memcmp(x.data, y.data, x.len) == 0;
  z3_buf_release(&x);
  z3_buf_release(&y);
  return ok;
}

static void step(runner *r, const char *key, const char *value) {
  char *v = expand(r, value);
  if (strcmp(key, "run") == 0) {
    char *cmd = z3_strfmt("'%s' %s", r->z3ed, v);
    r->last_exit = shell(r, cmd, true);
    free(cmd);
  } else if (strcmp(key, "sh") == 0) {
    if (shell(r, v, false) != 0) case_fail(r, "shell step failed: %s", v);
  } else if (strcmp(key, "exit") == 0) {
    if (r->last_exit != atoi(v)) case_fail(r, "exit code %d, expected %s\nstdout:\n%s\nstderr:\n%s", r->last_exit, v, (char *)r->out.data, (char *)r->errbuf.data);
  } else if (strcmp(key, "json") == 0) {
    check_json(r, v);
  } else if (strcmp(key, "stdout-has") == 0) {
    if (!strstr((char *)r->out.data, v)) case_fail(r, "stdout lacks '%s':\n%s", v, (char *)r->out.data);
  } else if (strcmp(key, "stderr-has") == 0) {
    if (!strstr((char *)r->errbuf.data, v)) case_fail(r, "stderr lacks '%s':\n%s", v, (char *)r->errbuf.data);
  } else if (strcmp(key, "stdout-empty") == 0) {
    if (r->out.len > 0) case_fail(r, "stdout not empty:\n%s", (char *)r->out.data);
  } else if (strcmp(key, "same") == 0 || strcmp(key, "differ") == 0) {
    char a[1024], b[1024];
    if (sscanf(v, "%1023s %1023s", a, b) != 2) case_fail(r, "'%s' needs two paths", key);
    else if (same_file(a, b) != (strcmp(key, "same") == 0)) case_fail(r, "files %s: %s %s", strcmp(key, "same") == 0 ? "differ" : "are identical", a, b);
  } else if (strcmp(key, "absent") == 0) {
    if (z3_file_exists(v)) case_fail(r, "file exists but should not: %s", v);
  } else {
    case_fail(r, "unknown step '%s'", key);
  }
  free(v);
}

int main(int argc, char **argv) {
  runner r = {0};
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--z3ed") == 0 && i + 1 < argc) r.z3ed = argv[++i];
    else if (strcmp(argv[i], "--sample") == 0 && i + 1 < argc) r.sample = argv[++i];
    else if (strcmp(argv[i], "--source") == 0 && i + 1 < argc) r.src = argv[++i];
    else r.case_path = argv[i];
  }
  if (!r.z3ed || !r.sample || !r.src || !r.case_path) {
    fprintf(stderr, "usage: cli_runner --z3ed BIN --sample ROM --source DIR CASE\n");
    return 2;
  }
  FILE *f = fopen(r.case_path, "r");
  if (!f) {
    fprintf(stderr, "cannot open %s\n", r.case_path);
    return 2;
  }
  r.tmp = z3_test_tmpdir();
  char *copy = z3_strfmt("cp '%s' '%s/rom.sfc'", r.sample, r.tmp);
  if (system(copy) != 0) return 2;
  free(copy);
  z3_buf_printf(&r.out, "%s", "");
  z3_buf_printf(&r.errbuf, "%s", "");
  char line[8192];
  int steps = 0;
  while (fgets(line, sizeof line, f)) {
    r.line++;
    line[strcspn(line, "\n")] = '\0';
    if (!line[0] || line[0] == '#') continue;
    char *colon = strchr(line, ':');
    if (!colon) {
      case_fail(&r, "expected 'key: value'");
      continue;
    }
    *colon = '\0';
    char *value = colon + 1;
    while (*value == ' ') value++;
    step(&r, line, value);
    steps++;
  }
  fclose(f);
  char *rm = z3_strfmt("rm -rf '%s'", r.tmp);
  if (system(rm) != 0) fprintf(stderr, "could not remove %s\n", r.tmp);
  free(rm);
  free(r.tmp);
  z3_buf_release(&r.out);
  z3_buf_release(&r.errbuf);
  printf("%s: %d steps, %d failures\n", r.case_path, steps, r.failures);
  return r.failures || steps == 0 ? 1 : 0;
}
