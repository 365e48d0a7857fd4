/*
 * Reading agent.yaml. The file is outside data (anyone can commit one to a
 * project), so the reader assumes nothing: libfyaml reports syntax errors
 * through a collecting diagnostic object (never printing), aliases are
 * refused (no expansion bombs), lists and strings have limits, and every
 * error names the line and the key.
 */
#include <ctype.h>
#include <libfyaml.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/policy.h"
#include "base/lazylib.h"
#include "cmd/cmd.h"

enum { MAX_TEXT = 1024, MAX_WORDS = 32 };

typedef struct parser {
  z3_policy *pol;
  const char *name;
  z3_error *err;
} parser;

static const char *const known_keys[] = {"version", "max_bytes_changed", "forbidden_ranges", "required_checks",
                                         "reviewer_roles", "reviewers", "allow_processes", NULL};

static z3_status fail(parser *ps, int line, const char *key, const char *fmt, ...) Z3_PRINTF(4, 5);
static z3_status fail(parser *ps, int line, const char *key, const char *fmt, ...) {
  char what[384];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  if (key) z3_error_set(ps->err, Z3_E_INVALID, "'%s' line %d: %s: %s", ps->name, line, key, what);
  else z3_error_set(ps->err, Z3_E_INVALID, "'%s' line %d: %s", ps->name, line, what);
  return Z3_E_INVALID;
}

/* 1-based line of a node: its own token for scalars, else its first child's. */
static int node_line(struct fy_node *n, int fallback) {
  if (!n) return fallback;
  if (fy_node_is_scalar(n)) {
    struct fy_token *t = fy_node_get_scalar_token(n);
    const struct fy_mark *m = t ? fy_token_start_mark(t) : NULL;
    return m ? m->line + 1 : fallback;
  }
  void *it = NULL;
  if (fy_node_is_mapping(n)) {
    struct fy_node_pair *p = fy_node_mapping_iterate(n, &it);
    return p ? node_line(fy_node_pair_key(p), fallback) : fallback;
  }
  struct fy_node *first = fy_node_sequence_iterate(n, &it);
  return first ? node_line(first, fallback) : fallback;
}

static bool is_null(struct fy_node *n) {
  if (!n) return true;
  if (!fy_node_is_scalar(n) || fy_node_get_style(n) != FYNS_PLAIN) return false;
  size_t len;
  const char *s = fy_node_get_scalar(n, &len);
  static const char *const nulls[] = {"", "~", "null", "Null", "NULL"};
  for (size_t i = 0; i < sizeof nulls / sizeof nulls[0]; i++)
    if (s && len == strlen(nulls[i]) && memcmp(s, nulls[i], len) == 0) return true;
  return !s;
}

/* A scalar's text as a C string (caller frees); NULL after an error. */
static char *scalar(parser *ps, struct fy_node *n, int line, const char *key, const char *what) {
  if (n && fy_node_is_alias(n)) {
    fail(ps, line, key, "aliases (*name) are not supported; write the value out");
    return NULL;
  }
  if (is_null(n)) {
    fail(ps, line, key, "needs %s", what);
    return NULL;
  }
  if (!fy_node_is_scalar(n)) {
    fail(ps, line, key, "must be %s, not a %s", what, fy_node_is_mapping(n) ? "mapping" : "list");
    return NULL;
  }
  size_t len;
  const char *s = fy_node_get_scalar(n, &len);
  if (len > MAX_TEXT || memchr(s, '\0', len)) {
    fail(ps, line, key, "the value is %s", len > MAX_TEXT ? "over 1024 characters" : "not text");
    return NULL;
  }
  char *copy = z3_malloc(len + 1);
  if (!copy) {
    z3_error_set(ps->err, Z3_E_NOMEM, "out of memory reading '%s'", ps->name);
    return NULL;
  }
  memcpy(copy, s, len);
  copy[len] = '\0';
  return copy;
}

/* The items of a list value (a lone scalar counts as a list of one when allowed). */
static z3_status items(parser *ps, struct fy_node *v, int line, const char *key, bool lone_ok,
                       struct fy_node ***out, size_t *count) {
  *out = NULL;
  *count = 0;
  if (v && fy_node_is_alias(v)) return fail(ps, line, key, "aliases (*name) are not supported");
  if (is_null(v)) return fail(ps, line, key, "needs a list");
  if (fy_node_is_scalar(v) && !lone_ok) return fail(ps, line, key, "must be a list (- item per line)");
  if (fy_node_is_mapping(v)) return fail(ps, line, key, "must be a list, not a mapping");
  size_t cap = fy_node_is_scalar(v) ? 1 : (size_t)fy_node_sequence_item_count(v);
  if (cap > Z3_POLICY_MAX_ITEMS) return fail(ps, line, key, "has %zu items, over the limit of %d", cap, Z3_POLICY_MAX_ITEMS);
  *out = z3_calloc(cap ? cap : 1, sizeof **out);
  if (!*out) return z3_error_set(ps->err, Z3_E_NOMEM, "out of memory reading '%s'", ps->name);
  if (fy_node_is_scalar(v)) {
    (*out)[(*count)++] = v;
    return Z3_OK;
  }
  void *it = NULL;
  struct fy_node *item;
  while ((item = fy_node_sequence_iterate(v, &it)) && *count < cap) (*out)[(*count)++] = item;
  return Z3_OK;
}

/* ---- rules ----------------------------------------------------------------- */

static z3_status parse_version(parser *ps, struct fy_node *v, int line) {
  char *text = scalar(ps, v, line, "version", "a version number");
  if (!text) return ps->err->code;
  bool ok = strcmp(text, "1") == 0;
  z3_free(text);
  return ok ? Z3_OK : fail(ps, node_line(v, line), "version", "only version 1 is known");
}

static z3_status parse_allow_processes(parser *ps, struct fy_node *v, int line) {
  char *text = scalar(ps, v, line, "allow_processes", "true or false");
  if (!text) return ps->err->code;
  bool yes = strcmp(text, "true") == 0, no = strcmp(text, "false") == 0;
  z3_status st = yes || no ? Z3_OK : fail(ps, node_line(v, line), "allow_processes", "'%s' is not true or false", text);
  z3_free(text);
  ps->pol->allow_processes = yes;
  return st;
}

static z3_status parse_max_bytes(parser *ps, struct fy_node *v, int line) {
  char *text = scalar(ps, v, line, "max_bytes_changed", "a whole number of bytes");
  if (!text) return ps->err->code;
  uint64_t n;
  bool ok = z3_parse_u64(text, &n) && n <= (uint64_t)Z3_ROM_MAX_SIZE * 2;
  z3_status st = ok ? Z3_OK
                    : fail(ps, node_line(v, line), "max_bytes_changed",
                           "'%s' is not a whole number of bytes (0 to 33554432)", text);
  z3_free(text);
  ps->pol->max_bytes_changed = ok ? (int64_t)n : -1;
  ps->pol->max_bytes_line = line;
  return st;
}

static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
  return s;
}

static bool parse_endpoint(char *text, bool snes, uint32_t *out) {
  text = trim(text);
  if (snes) return z3_snes_parse_address(text, out);
  uint64_t v;
  if (text[0] == '$' || !z3_parse_u64(text, &v) || v >= Z3_ROM_MAX_SIZE) return false;
  *out = (uint32_t)v;
  return true;
}

/* "A-B" or "A"; kind: 's' SNES, 'p' offsets, 0 decide by the text. */
static z3_status parse_range_text(parser *ps, const char *text, char kind, int line, const char *key,
                                  z3_policy_range *out) {
  char buf[MAX_TEXT + 1];
  snprintf(buf, sizeof buf, "%s", text);
  out->snes = kind == 's' || (kind == 0 && strpbrk(buf, "$:"));
  char *dash = strchr(buf, '-');
  if (dash && strchr(dash + 1, '-')) return fail(ps, line, key, "'%s' has more than one '-'", text);
  if (dash) *dash = '\0';
  bool ok = parse_endpoint(buf, out->snes, &out->lo);
  ok = ok && (dash ? parse_endpoint(dash + 1, out->snes, &out->hi) : (out->hi = out->lo, true));
  if (!ok) {
    return fail(ps, line, key, "'%s' is not %s", text,
                out->snes ? "a SNES address range like $00:8000-$00:FFFF"
                          : "a file offset range like 0x7FC0-0x7FFF (below 16 MiB)");
  }
  if (out->hi < out->lo) return fail(ps, line, key, "'%s' ends before it starts", text);
  out->line = line;
  out->text = z3_strdup(text);
  return out->text ? Z3_OK : z3_error_set(ps->err, Z3_E_NOMEM, "out of memory");
}

/* The long form: {snes: RANGE} or {pc: RANGE}, with an optional reason. */
static z3_status parse_range_map(parser *ps, struct fy_node *item, const char *key, z3_policy_range *out) {
  void *it = NULL;
  struct fy_node_pair *p;
  char kind = 0;
  char *range = NULL;
  z3_status st = Z3_OK;
  int line = node_line(item, 1);
  while (st == Z3_OK && (p = fy_node_mapping_iterate(item, &it))) {
    int kline = node_line(fy_node_pair_key(p), line);
    char *k = scalar(ps, fy_node_pair_key(p), kline, key, "a key");
    if (!k) {
      st = ps->err->code;
      break;
    }
    char sub[96];
    snprintf(sub, sizeof sub, "%s.%s", key, k);
    bool is_range = strcmp(k, "snes") == 0 || strcmp(k, "pc") == 0;
    if (is_range && range) st = fail(ps, kline, sub, "give either snes or pc, once");
    else if (is_range) {
      kind = k[0];
      line = kline;
      if (!(range = scalar(ps, fy_node_pair_value(p), kline, sub, "an address range"))) st = ps->err->code;
    } else if (strcmp(k, "reason") == 0) {
      z3_free(out->reason);
      if (!(out->reason = scalar(ps, fy_node_pair_value(p), kline, sub, "a reason"))) st = ps->err->code;
    } else {
      st = fail(ps, kline, sub, "unknown key; a range entry has snes or pc, and reason");
    }
    z3_free(k);
  }
  if (st == Z3_OK && !range) st = fail(ps, line, key, "needs 'snes: RANGE' or 'pc: RANGE'");
  if (st == Z3_OK) st = parse_range_text(ps, range, kind, line, key, out);
  z3_free(range);
  return st;
}

static z3_status parse_ranges(parser *ps, struct fy_node *v, int line) {
  struct fy_node **list;
  size_t n;
  z3_status st = items(ps, v, line, "forbidden_ranges", false, &list, &n);
  if (st == Z3_OK && !(ps->pol->ranges = z3_calloc(n ? n : 1, sizeof *ps->pol->ranges)))
    st = z3_error_set(ps->err, Z3_E_NOMEM, "out of memory");
  for (size_t i = 0; st == Z3_OK && i < n; i++) {
    char key[48];
    snprintf(key, sizeof key, "forbidden_ranges[%zu]", i);
    z3_policy_range *r = &ps->pol->ranges[ps->pol->range_count++];
    int at = node_line(list[i], line);
    if (fy_node_is_mapping(list[i])) {
      st = parse_range_map(ps, list[i], key, r);
    } else {
      char *text = scalar(ps, list[i], at, key, "an address range");
      st = text ? parse_range_text(ps, text, 0, at, key, r) : ps->err->code;
      z3_free(text);
    }
  }
  z3_free(list);
  return st;
}

/* Shell-like words: spaces separate, '...' and "..." group. */
static int split_words(char *text, char **words) {
  int n = 0;
  for (char *p = text; *p;) {
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) break;
    if (n == MAX_WORDS) return -1;
    char quote = (*p == '\'' || *p == '"') ? *p++ : 0;
    words[n++] = p;
    while (*p && (quote ? *p != quote : (*p != ' ' && *p != '\t'))) p++;
    if (quote && !*p) return -2;
    if (*p) *p++ = '\0';
  }
  return n;
}

static json_t *check_args(const z3_cmd_ctx *ctx) {
  json_t *args = json_object();
  for (size_t i = 0; i < ctx->value_count; i++) {
    const z3_arg_value *v = &ctx->values[i];
    if (!v->given || strcmp(v->spec->name, "rom") == 0) continue;
    char key[64];
    snprintf(key, sizeof key, "%s", v->spec->name);
    for (char *k = key; *k; k++) if (*k == '-') *k = '_';
    json_object_set_new(args, key, v->spec->type == Z3_ARG_BOOL ? json_true() : json_string(v->text));
  }
  return args;
}

static z3_status parse_check(parser *ps, const char *command, int line, const char *key,
                             z3_policy_check *out) {
  char buf[MAX_TEXT + 1];
  snprintf(buf, sizeof buf, "%s", command);
  char *words[MAX_WORDS + 2];
  int n = split_words(buf, words);
  if (n <= 0) return fail(ps, line, key, n == -2 ? "an unclosed quote" : n ? "too many words" : "an empty command");
  if (strcmp(words[0], "z3ed") == 0) memmove(words, words + 1, (size_t)--n * sizeof *words);
  for (int i = 0; i < n; i++) {
    if (strcmp(words[i], "--rom") == 0 || strncmp(words[i], "--rom=", 6) == 0)
      return fail(ps, line, key, "'%s': leave out --rom; a check runs on the proposal's ROM", command);
  }
  words[n++] = "--rom";
  words[n++] = "proposal.sfc"; /* a stand-in so required --rom is satisfied; never opened */
  z3_cmd_ctx ctx;
  z3_error inner;
  z3_error_init(&inner);
  z3_status st = z3_cmd_parse(&ctx, n, words, &inner);
  if (st) {
    st = fail(ps, line, key, "'%s': %s", command, inner.message);
    if (inner.hint[0]) z3_error_hint(ps->err, "%s", inner.hint);
  } else if (!ctx.cmd || ctx.help) {
    st = fail(ps, line, key, "'%s' does not name a command", command);
  } else if (ctx.cmd->safety != Z3_SAFETY_READ_ONLY && ctx.cmd->safety != Z3_SAFETY_RUNS_EMULATOR) {
    st = fail(ps, line, key, "'%s' is %s; a check must not change anything", command,
              z3_safety_name(ctx.cmd->safety));
  } else if (ctx.output) {
    st = fail(ps, line, key, "'%s': a check writes no report; leave out --output", command);
  }
  if (st == Z3_OK) {
    out->command = z3_strdup(command);
    out->tool = z3_command_tool_name(ctx.cmd);
    out->args = check_args(&ctx);
    out->line = line;
    if (!out->command || !out->tool || !out->args) st = z3_error_set(ps->err, Z3_E_NOMEM, "out of memory");
  }
  z3_cmd_ctx_release(&ctx);
  return st;
}

static z3_status parse_checks(parser *ps, struct fy_node *v, int line) {
  struct fy_node **list;
  size_t n;
  z3_status st = items(ps, v, line, "required_checks", true, &list, &n);
  if (st == Z3_OK && !(ps->pol->checks = z3_calloc(n ? n : 1, sizeof *ps->pol->checks)))
    st = z3_error_set(ps->err, Z3_E_NOMEM, "out of memory");
  for (size_t i = 0; st == Z3_OK && i < n; i++) {
    char key[48];
    snprintf(key, sizeof key, "required_checks[%zu]", i);
    int at = node_line(list[i], line);
    char *text = scalar(ps, list[i], at, key, "a command such as 'rom validate'");
    st = text ? parse_check(ps, text, at, key, &ps->pol->checks[ps->pol->check_count]) : ps->err->code;
    if (st == Z3_OK) ps->pol->check_count++;
    z3_free(text);
  }
  z3_free(list);
  return st;
}

static z3_status parse_roles(parser *ps, struct fy_node *v, int line) {
  struct fy_node **list;
  size_t n;
  z3_status st = items(ps, v, line, "reviewer_roles", true, &list, &n);
  if (st == Z3_OK && !(ps->pol->roles = z3_calloc(n ? n : 1, sizeof *ps->pol->roles)))
    st = z3_error_set(ps->err, Z3_E_NOMEM, "out of memory");
  for (size_t i = 0; st == Z3_OK && i < n; i++) {
    char key[48];
    snprintf(key, sizeof key, "reviewer_roles[%zu]", i);
    char *role = scalar(ps, list[i], node_line(list[i], line), key, "a role name");
    if (role) ps->pol->roles[ps->pol->role_count++] = role;
    else st = ps->err->code;
  }
  ps->pol->roles_line = line;
  z3_free(list);
  return st;
}

static z3_status parse_reviewers(parser *ps, struct fy_node *v, int line) {
  if (is_null(v) || !fy_node_is_mapping(v) || fy_node_is_alias(v))
    return fail(ps, line, "reviewers", "must be a mapping of reviewer: role");
  int n = fy_node_mapping_item_count(v);
  if (n > Z3_POLICY_MAX_ITEMS) return fail(ps, line, "reviewers", "has %d entries, over the limit of %d", n, Z3_POLICY_MAX_ITEMS);
  ps->pol->reviewers = z3_calloc(n > 0 ? (size_t)n : 1, sizeof *ps->pol->reviewers);
  if (!ps->pol->reviewers) return z3_error_set(ps->err, Z3_E_NOMEM, "out of memory");
  void *it = NULL;
  struct fy_node_pair *p;
  z3_status st = Z3_OK;
  while (st == Z3_OK && (p = fy_node_mapping_iterate(v, &it)) && ps->pol->reviewer_count < (size_t)n) {
    int at = node_line(fy_node_pair_key(p), line);
    z3_policy_reviewer *r = &ps->pol->reviewers[ps->pol->reviewer_count];
    r->name = scalar(ps, fy_node_pair_key(p), at, "reviewers", "a reviewer name");
    char key[96];
    snprintf(key, sizeof key, "reviewers.%s", r->name ? r->name : "?");
    r->role = r->name ? scalar(ps, fy_node_pair_value(p), at, key, "a role") : NULL;
    ps->pol->reviewer_count++;
    if (!r->role) st = ps->err->code;
  }
  return st;
}

static z3_status unknown_key(parser *ps, const char *key, int line) {
  fail(ps, line, key, "unknown key");
  const char *best = NULL;
  size_t best_dist = SIZE_MAX;
  for (const char *const *k = known_keys; *k; k++) {
    size_t d = z3_edit_distance(key, *k);
    if (d < best_dist) best_dist = d, best = *k;
  }
  if (best && best_dist <= 4) z3_error_hint(ps->err, "did you mean '%s'?", best);
  else z3_error_hint(ps->err, "known keys: version, max_bytes_changed, forbidden_ranges, required_checks, reviewer_roles, reviewers, "
                                 "allow_processes");
  return Z3_E_INVALID;
}

static z3_status parse_rule(parser *ps, const char *key, struct fy_node *v, int line) {
  if (strcmp(key, "version") == 0) return parse_version(ps, v, line);
  if (strcmp(key, "max_bytes_changed") == 0) return parse_max_bytes(ps, v, line);
  if (strcmp(key, "forbidden_ranges") == 0) return parse_ranges(ps, v, line);
  if (strcmp(key, "required_checks") == 0) return parse_checks(ps, v, line);
  if (strcmp(key, "reviewer_roles") == 0) return parse_roles(ps, v, line);
  if (strcmp(key, "reviewers") == 0) return parse_reviewers(ps, v, line);
  if (strcmp(key, "allow_processes") == 0) return parse_allow_processes(ps, v, line);
  return unknown_key(ps, key, line);
}

static z3_status parse_root(parser *ps, struct fy_node *root) {
  if (!root || is_null(root)) return Z3_OK; /* an empty file: no rules */
  if (!fy_node_is_mapping(root)) {
    return fail(ps, node_line(root, 1), NULL, "the policy must be a mapping of rules (key: value)");
  }
  void *it = NULL;
  struct fy_node_pair *p;
  z3_status st = Z3_OK;
  while (st == Z3_OK && (p = fy_node_mapping_iterate(root, &it))) {
    struct fy_node *k = fy_node_pair_key(p);
    int line = node_line(k, 1);
    char *key = scalar(ps, k, line, "key", "a plain key");
    st = key ? parse_rule(ps, key, fy_node_pair_value(p), line) : ps->err->code;
    z3_free(key);
  }
  return st;
}

/* ---- the document ---------------------------------------------------------- */

/* libfyaml writes some failures through the output callback instead of
 * collecting them; keep the text for the message. */
static void diag_output(struct fy_diag *diag, void *user, const char *buf, size_t len) {
  (void)diag;
  z3_buf *b = user;
  if (b->len < 256) z3_buf_printf(b, "%.*s", (int)len, buf);
}

static z3_status syntax_error(parser *ps, struct fy_diag *diag, const z3_buf *printed) {
  if (z3_yaml_parser_crashed()) return fail(ps, 1, NULL, "%s", Z3_YAML_CRASHED);
  void *it = NULL;
  struct fy_diag_error *e = fy_diag_errors_iterate(diag, &it);
  if (e) return fail(ps, e->line > 0 ? e->line : 1, NULL, "%s", e->msg ? e->msg : "not valid YAML");
  char text[200] = "not valid YAML";
  if (printed->len) snprintf(text, sizeof text, "%s", (const char *)printed->data);
  text[strcspn(text, "\n")] = '\0';
  return fail(ps, 1, NULL, "%s", text);
}

/* YAML is text: control characters and malformed UTF-8 are refused before
 * libfyaml sees them (a cut-off sequence after a directive makes 0.7.12 loop). */
static z3_status check_text(parser *ps, const char *text, size_t len) {
  int line = 1;
  for (size_t i = 0; i < len;) {
    const unsigned char *c = (const unsigned char *)text + i;
    size_t n = z3_utf8_char_len(c, len - i);
    bool control = n == 1 && ((*c < 0x20 && *c != '\t' && *c != '\n' && *c != '\r') || *c == 0x7F);
    if (!n || control) return fail(ps, line, NULL, "byte 0x%02X is not text (the file must be UTF-8)", *c);
    line += *c == '\n';
    i += n;
  }
  return Z3_OK;
}

/* A document of nothing but blanks and comments has no root; that is an empty policy. */
static bool only_comments(const char *text, size_t len) {
  bool comment = false;
  for (size_t i = 0; i < len; i++) {
    if (text[i] == '\n') comment = false;
    else if (text[i] == '#') comment = true;
    else if (!comment && !isspace((unsigned char)text[i])) return false;
  }
  return true;
}

z3_status z3_policy_parse(z3_policy *out, const char *text, size_t len, const char *name,
                          z3_error *err) {
  memset(out, 0, sizeof *out);
  out->max_bytes_changed = -1;
  parser ps = {.pol = out, .name = name, .err = err};
  if (len > Z3_POLICY_MAX_FILE) return fail(&ps, 1, NULL, "the file is over 1 MiB");
  z3_status checked = check_text(&ps, text, len);
  if (checked) return checked;
  if (only_comments(text, len)) return Z3_OK;
  z3_buf printed;
  z3_buf_init(&printed);
  struct fy_diag_cfg dcfg;
  fy_diag_cfg_default(&dcfg);
  dcfg.fp = NULL;
  dcfg.output_fn = diag_output;
  dcfg.user = &printed;
  dcfg.colorize = false;
  struct fy_diag *diag = fy_diag_create(&dcfg);
  if (!diag) return z3_error_set(err, Z3_E_NOMEM, "out of memory reading '%s'", name);
  fy_diag_set_collect_errors(diag, true);
  struct fy_parse_cfg cfg = {.flags = FYPCF_QUIET | FYPCF_DEFAULT_VERSION_1_2, .diag = diag};
  struct fy_document *doc = fy_document_build_from_string(&cfg, text, len);
  z3_status st = doc ? parse_root(&ps, fy_document_root(doc)) : syntax_error(&ps, diag, &printed);
  fy_document_destroy(doc);
  fy_diag_destroy(diag);
  z3_buf_release(&printed);
  if (st) z3_policy_release(out);
  return st;
}

char *z3_policy_path(const char *state_dir) { return z3_strfmt("%s/policies/agent.yaml", state_dir); }

z3_status z3_policy_load(z3_policy *out, const char *path, z3_error *err) {
  memset(out, 0, sizeof *out);
  out->max_bytes_changed = -1;
  if (!z3_file_exists(path)) return (out->path = z3_strdup(path)) ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_buf text;
  z3_buf_init(&text);
  z3_status st = z3_file_read(&text, path, Z3_POLICY_MAX_FILE, err);
  if (st == Z3_OK) st = z3_policy_parse(out, (const char *)text.data, text.len, path, err);
  z3_buf_release(&text);
  if (st) return st;
  out->present = true;
  out->path = z3_strdup(path);
  return out->path ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
}

void z3_policy_release(z3_policy *p) {
  for (size_t i = 0; i < p->range_count; i++) {
    z3_free(p->ranges[i].text);
    z3_free(p->ranges[i].reason);
  }
  for (size_t i = 0; i < p->check_count; i++) {
    z3_free(p->checks[i].command);
    z3_free(p->checks[i].tool);
    json_decref(p->checks[i].args);
  }
  for (size_t i = 0; i < p->role_count; i++) z3_free(p->roles[i]);
  for (size_t i = 0; i < p->reviewer_count; i++) {
    z3_free(p->reviewers[i].name);
    z3_free(p->reviewers[i].role);
  }
  z3_free(p->ranges);
  z3_free(p->checks);
  z3_free(p->roles);
  z3_free(p->reviewers);
  z3_free(p->path);
  memset(p, 0, sizeof *p);
  p->max_bytes_changed = -1;
}

json_t *z3_policy_json(const z3_policy *p) {
  json_t *o = json_object();
  json_object_set_new(o, "path", p->path ? json_string(p->path) : json_null());
  json_object_set_new(o, "present", json_boolean(p->present));
  json_object_set_new(o, "max_bytes_changed",
                      p->max_bytes_changed >= 0 ? json_integer(p->max_bytes_changed) : json_null());
  json_t *ranges = json_array();
  for (size_t i = 0; i < p->range_count; i++) {
    const z3_policy_range *r = &p->ranges[i];
    json_array_append_new(ranges, json_pack("{s:s,s:s,s:s?,s:i}", "range", r->text, "kind",
                                            r->snes ? "snes" : "pc", "reason", r->reason, "line", r->line));
  }
  json_object_set_new(o, "forbidden_ranges", ranges);
  json_t *checks = json_array();
  for (size_t i = 0; i < p->check_count; i++) json_array_append_new(checks, json_string(p->checks[i].command));
  json_object_set_new(o, "required_checks", checks);
  json_t *roles = json_array();
  for (size_t i = 0; i < p->role_count; i++) json_array_append_new(roles, json_string(p->roles[i]));
  json_object_set_new(o, "reviewer_roles", roles);
  json_t *reviewers = json_object();
  for (size_t i = 0; i < p->reviewer_count; i++)
    json_object_set_new(reviewers, p->reviewers[i].name, json_string(p->reviewers[i].role));
  json_object_set_new(o, "reviewers", reviewers);
  json_object_set_new(o, "allow_processes", json_boolean(p->allow_processes));
  return o;
}

bool z3_policy_allows_processes(const char *state_dir) {
  char *path = z3_policy_path(state_dir);
  z3_policy p;
  z3_error err;
  z3_error_init(&err);
  bool allowed = path && z3_policy_load(&p, path, &err) == Z3_OK && p.allow_processes;
  if (path && err.code == Z3_OK) z3_policy_release(&p);
  z3_free(path);
  return allowed;
}
