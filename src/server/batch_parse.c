/*
 * One line of `z3ed batch` input -> CLI words. Outside data: fuzzed
 * (fuzz/batch_line_fuzzer.c).
 */
#include <string.h>

#include "agent/tools.h"
#include "server/batch.h"

void z3_batch_line_release(z3_batch_line *l) {
  for (int i = 0; i < l->count; i++) z3_free(l->words[i]);
  l->count = 0;
}

static z3_status add_word(z3_batch_line *out, z3_buf *w, size_t col, z3_error *err) {
  if (out->count == Z3_BATCH_MAX_WORDS)
    return z3_error_set(err, Z3_E_USAGE, "column %zu: more than %d words on one line", col, Z3_BATCH_MAX_WORDS);
  char *word = z3_strfmt("%.*s", (int)w->len, w->len ? (const char *)w->data : "");
  if (!word) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  out->words[out->count++] = word;
  w->len = 0;
  return Z3_OK;
}

/* Shell-like splitting: blanks separate words; '...' is literal; "..." and
 * bare words take \ escapes. A NUL byte or an unclosed quote is an error. */
static z3_status split_words(const char *s, size_t len, size_t base, z3_batch_line *out, z3_error *err) {
  z3_buf w;
  z3_buf_init(&w);
  z3_status st = Z3_OK;
  char quote = 0;
  bool in_word = false;
  size_t quote_col = 0;
  for (size_t i = 0; i < len && st == Z3_OK; i++) {
    char c = s[i];
    if (c == '\0') {
      st = z3_error_set(err, Z3_E_USAGE, "column %zu: a NUL byte", base + i + 1);
    } else if (quote == '\'') {
      if (c == '\'') quote = 0;
      else st = z3_buf_append(&w, &c, 1, err);
    } else if (c == '\\' && quote != '\'') {
      if (++i == len) st = z3_error_set(err, Z3_E_USAGE, "column %zu: a \\ at the end of the line", base + i);
      else st = z3_buf_append(&w, &s[i], 1, err);
      in_word = true;
    } else if (quote == '"') {
      if (c == '"') quote = 0;
      else st = z3_buf_append(&w, &c, 1, err);
    } else if (c == '\'' || c == '"') {
      quote = c, quote_col = base + i + 1, in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) st = add_word(out, &w, base + i + 1, err);
      in_word = false;
    } else {
      st = z3_buf_append(&w, &c, 1, err);
      in_word = true;
    }
  }
  if (st == Z3_OK && quote) st = z3_error_set(err, Z3_E_USAGE, "column %zu: the quote %c is never closed", quote_col, quote);
  if (st == Z3_OK && in_word) st = add_word(out, &w, base + len, err);
  z3_buf_release(&w);
  return st;
}

/* "rom info" or "rom_info" -> the command. */
static const z3_command *command_named(const char *name) {
  const z3_command *cmd = z3_tool_find(name);
  const char *space = strchr(name, ' ');
  if (!cmd && space) {
    char resource[64];
    snprintf(resource, sizeof resource, "%.*s", (int)(space - name < 63 ? space - name : 63), name);
    cmd = z3_command_find(resource, space + 1);
  }
  return cmd;
}

static z3_status parse_json(const char *s, size_t len, z3_batch_line *out, z3_error *err) {
  json_error_t je;
  json_t *v = json_loadb(s, len, JSON_REJECT_DUPLICATES, &je);
  if (!v) return z3_error_set(err, Z3_E_USAGE, "column %d: not JSON: %s", je.column, je.text);
  z3_status st = Z3_OK;
  const char *key;
  json_t *member;
  json_object_foreach(v, key, member) {
    if (strcmp(key, "command") != 0 && strcmp(key, "args") != 0) {
      st = z3_error_set(err, Z3_E_USAGE, "JSON member '%s' is not known; a line has \"command\" and \"args\"", key);
      break;
    }
  }
  const char *name = json_string_value(json_object_get(v, "command"));
  json_t *args = json_object_get(v, "args");
  if (st == Z3_OK && !json_is_object(v)) st = z3_error_set(err, Z3_E_USAGE, "a JSON line must be an object");
  else if (st == Z3_OK && !name) st = z3_error_set(err, Z3_E_USAGE, "JSON member \"command\" must be a string");
  else if (st == Z3_OK && args && !json_is_object(args))
    st = z3_error_set(err, Z3_E_USAGE, "JSON member \"args\" must be an object");
  const z3_command *cmd = st == Z3_OK ? command_named(name) : NULL;
  if (st == Z3_OK && !cmd) {
    st = z3_error_set(err, Z3_E_NOT_FOUND, "JSON member \"command\": no command '%s'", name);
    z3_error_hint(err, "name it as on the command line (\"rom info\") or as a tool (\"rom_info\")");
  }
  z3_tool_argv a = {0};
  if (st == Z3_OK) st = z3_tool_argv_build(&a, cmd, args, NULL, err);
  for (int i = 0; st == Z3_OK && i < a.count; i++) { /* hand the words over */
    if (out->count == Z3_BATCH_MAX_WORDS) st = z3_error_set(err, Z3_E_USAGE, "too many arguments");
    else out->words[out->count++] = a.words[i], a.words[i] = NULL;
  }
  z3_tool_argv_release(&a);
  json_decref(v);
  return st;
}

z3_status z3_batch_parse_line(const char *line, size_t len, z3_batch_line *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  /* Only CR: trailing blanks end the last word anyway, and one may be escaped (`a\ `). */
  while (len && line[len - 1] == '\r') len--;
  size_t start = 0;
  while (start < len && (line[start] == ' ' || line[start] == '\t')) start++;
  if (start == len || line[start] == '#') return Z3_OK;
  z3_status st = line[start] == '{' ? parse_json(line + start, len - start, out, err)
                                    : split_words(line + start, len - start, start, out, err);
  if (st == Z3_OK && out->count && line[start] != '{' && strcmp(out->words[0], "z3ed") == 0) {
    z3_free(out->words[0]);
    memmove(out->words, out->words + 1, (size_t)(out->count - 1) * sizeof *out->words);
    out->count--;
  }
  if (st != Z3_OK) z3_batch_line_release(out);
  return st;
}
