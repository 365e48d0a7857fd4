/*
 * Command-line parsing against the table.
 *
 *   z3ed [global flags] <resource> <action> [flags]
 *
 * Before the action is known only global flags are accepted; after it, the
 * command's own (and implied) arguments take precedence over globals of the
 * same name, so `agent describe --version 2` means the command's --version.
 * Both `--flag value` and `--flag=value` work.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"

/* --output-format always means the rendering format; --format too, unless the
 * command has its own --format (patch create: ips|bps). */
static const char *const global_flags[] = {"rom", "format", "output-format", "output", "dry-run",
                                            "quiet", "no-backup", "help", "version", NULL};
static const char *const global_bools[] = {"dry-run", "quiet", "no-backup", "help", "version",
                                           NULL};

static bool in_list(const char *const *list, const char *word) {
  for (; *list; list++)
    if (strcmp(*list, word) == 0) return true;
  return false;
}

/* The flag a mistyped one most likely meant: the shortest flag it begins (--out
 * for --output rather than --output-format; too far by edit distance), else the
 * nearest by edits. */
typedef struct suggestion {
  const char *word, *nearest, *prefixed;
  size_t len, distance;
} suggestion;

static void consider(suggestion *s, const char *name) {
  bool begins = s->len >= 2 && strncmp(name, s->word, s->len) == 0;
  if (begins && (!s->prefixed || strlen(name) < strlen(s->prefixed))) s->prefixed = name;
  size_t d = z3_edit_distance(s->word, name);
  if (d < s->distance) s->distance = d, s->nearest = name;
}

static const char *suggest_flag(const z3_command *cmd, const char *word) {
  suggestion s = {.word = word, .len = strlen(word), .distance = SIZE_MAX};
  for (size_t i = 0; cmd && z3_command_arg_at(cmd, i); i++) consider(&s, z3_command_arg_at(cmd, i)->name);
  for (const char *const *g = global_flags; *g; g++) consider(&s, *g);
  if (s.prefixed) return s.prefixed;
  return s.nearest && (s.distance <= 2 || s.distance * 3 <= s.len) ? s.nearest : NULL;
}

static z3_status parse_format(z3_cmd_ctx *ctx, const char *text, z3_error *err) {
  if (strcmp(text, "text") == 0) ctx->format = Z3_FORMAT_TEXT;
  else if (strcmp(text, "json") == 0) ctx->format = Z3_FORMAT_JSON;
  else if (strcmp(text, "yaml") == 0) ctx->format = Z3_FORMAT_YAML;
  else {
    z3_error_set(err, Z3_E_USAGE, "unknown --format '%s'", text);
    z3_error_hint(err, "use text, json or yaml (--output-format works where a command has its own --format)");
    return Z3_E_USAGE;
  }
  return Z3_OK;
}

static z3_status set_global(z3_cmd_ctx *ctx, const char *name, const char *value, z3_error *err) {
  if (strcmp(name, "rom") == 0) ctx->rom_path = value;
  else if (strcmp(name, "output") == 0) ctx->output = value;
  else if (strcmp(name, "format") == 0 || strcmp(name, "output-format") == 0)
    return parse_format(ctx, value, err);
  else if (strcmp(name, "dry-run") == 0) ctx->dry_run = true;
  else if (strcmp(name, "quiet") == 0) ctx->quiet = true;
  else if (strcmp(name, "no-backup") == 0) ctx->no_backup = true;
  else if (strcmp(name, "help") == 0) ctx->help = true;
  return Z3_OK;
}

static const char *closest_choice(const char *const *choices, const char *word) {
  const char *best = NULL;
  size_t best_dist = SIZE_MAX;
  for (; *choices; choices++) {
    size_t d = z3_edit_distance(word, *choices);
    if (d < best_dist) best_dist = d, best = *choices;
  }
  return best_dist <= 2 ? best : NULL;
}

static z3_status enum_error(const z3_arg_spec *spec, const char *text, z3_error *err) {
  char allowed[Z3_ERROR_MESSAGE_MAX - 64] = ""; /* room for the longest list in the table */
  for (const char *const *c = spec->choices; *c; c++) {
    if (allowed[0]) strncat(allowed, ", ", sizeof allowed - strlen(allowed) - 1);
    strncat(allowed, *c, sizeof allowed - strlen(allowed) - 1);
  }
  z3_error_set(err, Z3_E_USAGE, "--%s '%s' is not one of: %s", spec->name, text, allowed);
  const char *near = closest_choice(spec->choices, text);
  if (near) z3_error_hint(err, "did you mean '%s'?", near);
  return Z3_E_USAGE;
}

static z3_status int_value(const z3_arg_spec *spec, const char *text, int64_t *out,
                           z3_error *err) {
  bool negative = text[0] == '-';
  uint64_t v;
  if (!z3_parse_u64(text + negative, &v) || v > (uint64_t)INT64_MAX) {
    z3_error_set(err, Z3_E_USAGE, "--%s '%s' is not a number", spec->name, text);
    z3_error_hint(err, "write it in decimal, 0x-hex or $-hex");
    return Z3_E_USAGE;
  }
  *out = negative ? -(int64_t)v : (int64_t)v;
  if (spec->min < spec->max && (*out < spec->min || *out > spec->max)) {
    return z3_error_set(err, Z3_E_USAGE, "--%s %s is out of range %lld..%lld", spec->name, text,
                        (long long)spec->min, (long long)spec->max);
  }
  return Z3_OK;
}

/* Converts text to the typed value; the same checks apply to defaults. */
static z3_status typed_value(z3_arg_value *v, z3_error *err) {
  const z3_arg_spec *spec = v->spec;
  uint32_t addr;
  switch (spec->type) {
    case Z3_ARG_INT: return int_value(spec, v->text, &v->number, err);
    case Z3_ARG_ADDRESS:
      if (!z3_snes_parse_address(v->text, &addr)) {
        z3_error_set(err, Z3_E_USAGE, "--%s '%s' is not a SNES address", spec->name, v->text);
        z3_error_hint(err, "write $BB:AAAA, BB:AAAA or 0xBBAAAA");
        return Z3_E_USAGE;
      }
      v->number = addr;
      return Z3_OK;
    case Z3_ARG_ENUM:
      for (const char *const *c = spec->choices; *c; c++)
        if (strcmp(*c, v->text) == 0) return Z3_OK;
      return enum_error(spec, v->text, err);
    case Z3_ARG_BOOL: v->number = 1; return Z3_OK;
    case Z3_ARG_LIST:
      if (!v->text[0]) return z3_error_set(err, Z3_E_USAGE, "--%s needs at least one value", spec->name);
      return Z3_OK;
    case Z3_ARG_STRING:
    case Z3_ARG_PATH:
    case Z3_ARG_OUT_PATH:
      if (spec->type != Z3_ARG_STRING && !v->text[0])
        return z3_error_set(err, Z3_E_USAGE, "--%s needs a path, got an empty string", spec->name);
      return Z3_OK;
  }
  return Z3_OK;
}

static z3_arg_value *value_slot(z3_cmd_ctx *ctx, const z3_arg_spec *spec) {
  for (size_t i = 0; i < ctx->value_count; i++)
    if (ctx->values[i].spec == spec) return &ctx->values[i];
  if (ctx->value_count == Z3_MAX_ARGS) return NULL;
  z3_arg_value *v = &ctx->values[ctx->value_count++];
  memset(v, 0, sizeof *v);
  v->spec = spec;
  return v;
}

static z3_status unknown_flag(const z3_cmd_ctx *ctx, const char *name, z3_error *err) {
  if (ctx->cmd) {
    z3_error_set(err, Z3_E_USAGE, "unknown flag '--%s' for '%s %s'", name, ctx->cmd->resource,
                 ctx->cmd->action);
  } else {
    z3_error_set(err, Z3_E_USAGE, "unknown flag '--%s'", name);
  }
  const char *near = suggest_flag(ctx->cmd, name);
  if (near) z3_error_hint(err, "did you mean '--%s'?", near);
  else if (ctx->cmd) z3_error_hint(err, "see 'z3ed %s %s --help'", ctx->cmd->resource, ctx->cmd->action);
  return Z3_E_USAGE;
}

/* A list flag given again adds its value; any other flag given twice is an
 * error, since keeping one of the values would silently drop the other. */
static z3_status repeated_flag(z3_arg_value *v, const char *value, z3_error *err) {
  if (v->spec->type != Z3_ARG_LIST) {
    z3_error_set(err, Z3_E_USAGE, "--%s was given twice ('%s', then '%s')", v->spec->name, v->text, value);
    z3_error_hint(err, "give it once");
    return Z3_E_USAGE;
  }
  char *joined = z3_strfmt("%s,%s", v->text, value);
  if (!joined) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_free(v->joined);
  v->joined = joined;
  v->text = joined;
  return typed_value(v, err);
}

/* Handles argv[*i] == "--name[=value]"; advances *i past a separate value. */
static z3_status parse_flag(z3_cmd_ctx *ctx, int argc, char **argv, int *i, z3_error *err) {
  /* argv is never modified: agents pass arrays that may be read-only */
  char word[64];
  const char *eq = strchr(argv[*i] + 2, '=');
  size_t len = eq ? (size_t)(eq - argv[*i] - 2) : strlen(argv[*i] + 2);
  if (len >= sizeof word) return z3_error_set(err, Z3_E_USAGE, "unknown flag '%.40s...'", argv[*i]);
  memcpy(word, argv[*i] + 2, len);
  word[len] = '\0';
  const char *inline_value = eq ? eq + 1 : NULL;
  const z3_arg_spec *spec = ctx->cmd ? z3_command_arg(ctx->cmd, word) : NULL;
  bool is_global = in_list(global_flags, word);
  if (!spec && !is_global) return unknown_flag(ctx, word, err);
  bool is_bool = spec ? spec->type == Z3_ARG_BOOL : in_list(global_bools, word);
  const char *value = inline_value;
  if (is_bool && inline_value) {
    return z3_error_set(err, Z3_E_USAGE, "--%s is a switch and takes no value", word);
  }
  if (!is_bool && !value) {
    if (*i + 1 >= argc) {
      z3_error_set(err, Z3_E_USAGE, "--%s needs a value", word);
      return Z3_E_USAGE;
    }
    value = argv[++*i];
  }
  if (is_global && !(spec && strcmp(word, "format") == 0)) {
    z3_status st = set_global(ctx, word, value, err);
    if (st) return st;
  }
  if (strcmp(word, "version") == 0 && !spec) return Z3_OK; /* the app prints it */
  if (!spec) return Z3_OK;
  z3_arg_value *v = value_slot(ctx, spec);
  if (!v) return z3_error_set(err, Z3_E_USAGE, "too many arguments");
  if (v->given && !is_bool) return repeated_flag(v, value, err);
  v->text = is_bool ? "true" : value;
  v->given = true;
  return typed_value(v, err);
}

/* True when some action of the resource is "<word> <sub>" (e.g. "header get"). */
static bool is_action_group(const char *resource, const char *word) {
  size_t n = strlen(word);
  for (size_t i = 0; i < z3_command_count; i++) {
    const z3_command *c = &z3_commands[i];
    if (strcmp(c->resource, resource) == 0 && strncmp(c->action, word, n) == 0 && c->action[n] == ' ')
      return true;
  }
  return false;
}

static z3_status set_command(z3_cmd_ctx *ctx, const char *resource, char **argv, int argc, int *i,
                             z3_error *err) {
  const char *action = argv[*i];
  ctx->cmd = z3_command_find(resource, action);
  if (ctx->cmd) return Z3_OK;
  if (is_action_group(resource, action)) {
    if (*i + 1 < argc && strncmp(argv[*i + 1], "--", 2) != 0) {
      char joined[128];
      snprintf(joined, sizeof joined, "%s %s", action, argv[*i + 1]);
      ctx->cmd = z3_command_find(resource, joined);
      if (ctx->cmd) {
        ++*i;
        return Z3_OK;
      }
      z3_error_set(err, Z3_E_USAGE, "unknown command '%s %s'", resource, joined);
    } else {
      z3_error_set(err, Z3_E_USAGE, "'%s %s' needs an action", resource, action);
    }
    z3_error_hint(err, "see 'z3ed %s --help' for its actions", resource);
    return Z3_E_USAGE;
  }
  z3_error_set(err, Z3_E_USAGE, "unknown command '%s %s'", resource, action);
  const char *near = z3_suggest_action(resource, action);
  if (near) z3_error_hint(err, "did you mean 'z3ed %s %s'?", resource, near);
  else z3_error_hint(err, "see 'z3ed %s --help' for its actions", resource);
  return Z3_E_USAGE;
}

static z3_status check_resource(const char *resource, z3_error *err) {
  if (z3_resource_exists(resource)) return Z3_OK;
  z3_error_set(err, Z3_E_USAGE, "unknown command '%s'", resource);
  const char *near = z3_suggest_resource(resource);
  if (near) z3_error_hint(err, "did you mean '%s'?", near);
  else z3_error_hint(err, "see 'z3ed --help' for the list of commands");
  return Z3_E_USAGE;
}

/* Fills defaults and checks required arguments once everything is read. */
static z3_status finish(z3_cmd_ctx *ctx, z3_error *err) {
  for (size_t i = 0; z3_command_arg_at(ctx->cmd, i); i++) {
    const z3_arg_spec *spec = z3_command_arg_at(ctx->cmd, i);
    bool have = false;
    for (size_t j = 0; j < ctx->value_count; j++) have |= ctx->values[j].spec == spec;
    if (have) continue;
    if (strcmp(spec->name, "rom") == 0 && ctx->rom_path) continue;
    if (spec->required) {
      z3_error_set(err, Z3_E_USAGE, "'%s %s' needs --%s", ctx->cmd->resource, ctx->cmd->action,
                   spec->name);
      z3_error_hint(err, "--%s: %s", spec->name, spec->help);
      return Z3_E_USAGE;
    }
    if (spec->def) {
      z3_arg_value *v = value_slot(ctx, spec);
      if (!v) return z3_error_set(err, Z3_E_INTERNAL, "too many arguments");
      v->text = spec->def;
      z3_status st = typed_value(v, err);
      if (st) return z3_error_set(err, Z3_E_INTERNAL, "bad default for --%s", spec->name);
    }
  }
  return Z3_OK;
}

z3_status z3_cmd_parse(z3_cmd_ctx *ctx, int argc, char **argv, z3_error *err) {
  memset(ctx, 0, sizeof *ctx);
  const char *resource = NULL;
  for (int i = 0; i < argc; i++) {
    z3_status st;
    if (strncmp(argv[i], "--", 2) == 0 && argv[i][2]) {
      st = parse_flag(ctx, argc, argv, &i, err);
    } else if (strcmp(argv[i], "-h") == 0) {
      ctx->help = true;
      st = Z3_OK;
    } else if (strcmp(argv[i], "-q") == 0) {
      ctx->quiet = true;
      st = Z3_OK;
    } else if (!resource) {
      resource = argv[i];
      st = check_resource(resource, err);
    } else if (!ctx->cmd) {
      st = set_command(ctx, resource, argv, argc, &i, err);
    } else {
      st = z3_error_set(err, Z3_E_USAGE, "unexpected argument '%s'", argv[i]);
      z3_error_hint(err, "arguments are given as --name value");
    }
    if (st) return st;
  }
  if (!ctx->cmd) {
    if (ctx->help) return Z3_OK; /* help for the top level or a resource */
    if (!resource) return z3_error_set(err, Z3_E_USAGE, "no command given");
    z3_error_set(err, Z3_E_USAGE, "'%s' needs an action", resource);
    z3_error_hint(err, "see 'z3ed %s --help'", resource);
    return Z3_E_USAGE;
  }
  for (size_t i = 0; i < ctx->value_count; i++) { /* command args named like globals */
    const z3_arg_value *v = &ctx->values[i];
    if (strcmp(v->spec->name, "output") == 0) ctx->output = v->text;
    if (strcmp(v->spec->name, "rom") == 0) ctx->rom_path = v->text;
  }
  return ctx->help ? Z3_OK : finish(ctx, err);
}

static const z3_arg_value *find_value(const z3_cmd_ctx *ctx, const char *name) {
  if (!z3_command_arg(ctx->cmd, name)) abort(); /* a handler asked for an undeclared argument */
  for (size_t i = 0; i < ctx->value_count; i++)
    if (strcmp(ctx->values[i].spec->name, name) == 0) return &ctx->values[i];
  return NULL;
}

bool z3_arg_given(const z3_cmd_ctx *ctx, const char *name) {
  const z3_arg_value *v = find_value(ctx, name);
  return v && v->given;
}

const char *z3_arg_str(const z3_cmd_ctx *ctx, const char *name) {
  const z3_arg_value *v = find_value(ctx, name);
  return v ? v->text : NULL;
}

int64_t z3_arg_int(const z3_cmd_ctx *ctx, const char *name) {
  const z3_arg_value *v = find_value(ctx, name);
  return v ? v->number : 0;
}

int z3_arg_choice(const z3_cmd_ctx *ctx, const char *name) {
  const z3_arg_value *v = find_value(ctx, name);
  if (!v || !v->text || !v->spec->choices) return -1;
  for (int i = 0; v->spec->choices[i]; i++)
    if (strcmp(v->text, v->spec->choices[i]) == 0) return i;
  return -1; /* the parser accepts only listed choices */
}

bool z3_arg_bool(const z3_cmd_ctx *ctx, const char *name) {
  const z3_arg_value *v = find_value(ctx, name);
  return v && v->number != 0;
}
