/* Looking things up in the command table: commands, implied arguments, suggestions. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"

const z3_arg_spec z3_rom_arg_spec = {
    "rom", Z3_ARG_PATH, true, NULL, NULL, "ROM image to read (.sfc or .smc; a copier header is detected)", 0, 0};

const z3_arg_spec z3_mutate_arg_specs[] = {
    {"output", Z3_ARG_OUT_PATH, false, NULL, NULL,
     "write the changed ROM here instead of over --rom (the input is then never touched)", 0, 0},
    {"dry-run", Z3_ARG_BOOL, false, NULL, NULL, "print the change set and write nothing", 0, 0},
    {"no-backup", Z3_ARG_BOOL, false, NULL, NULL,
     "do not keep the previous file as FILE.bak when overwriting it", 0, 0},
    {0},
};

const z3_arg_spec z3_dry_run_arg_spec = {
    "dry-run", Z3_ARG_BOOL, false, NULL, NULL, "say which files would be written and write nothing", 0, 0};

static const z3_arg_spec no_backup_spec = {
    "no-backup", Z3_ARG_BOOL, false, NULL, NULL, "do not keep a previous file as FILE.bak", 0, 0};

static bool ends_with(const char *s, const char *tail) {
  size_t n = strlen(s), m = strlen(tail);
  return n >= m && strcmp(s + n - m, tail) == 0;
}

bool z3_arg_name_is_secret(const char *name) {
  char flag[64];
  snprintf(flag, sizeof flag, "%s", name);
  for (char *p = flag; *p; p++) *p = *p == '_' ? '-' : (char)tolower((unsigned char)*p);
  return ends_with(flag, "-key") || ends_with(flag, "token") || ends_with(flag, "password") ||
         ends_with(flag, "secret");
}

bool z3_arg_is_secret(const z3_arg_spec *spec) { return z3_arg_name_is_secret(spec->name); }

const char *z3_safety_name(z3_safety s) {
  switch (s) {
    case Z3_SAFETY_READ_ONLY: return "read-only";
    case Z3_SAFETY_MUTATES_ROM: return "mutates-rom";
    case Z3_SAFETY_WRITES_FILES: return "writes-files";
    case Z3_SAFETY_RUNS_EMULATOR: return "runs-emulator";
    case Z3_SAFETY_NETWORK: return "network";
    case Z3_SAFETY_RUNS_PROCESSES: return "runs-processes";
  }
  return "unknown";
}

const z3_command *z3_command_find(const char *resource, const char *action) {
  for (size_t i = 0; i < z3_command_count; i++) {
    const z3_command *c = &z3_commands[i];
    if (strcmp(c->resource, resource) == 0 && strcmp(c->action, action) == 0) return c;
  }
  return NULL;
}

bool z3_resource_exists(const char *resource) {
  for (size_t i = 0; i < z3_command_count; i++)
    if (strcmp(z3_commands[i].resource, resource) == 0) return true;
  return false;
}

/* A suggestion is worth making when it is within about a third of the word. */
static bool close_enough(const char *word, const char *candidate, size_t dist) {
  size_t len = strlen(word) > strlen(candidate) ? strlen(word) : strlen(candidate);
  return dist <= 2 || dist * 3 <= len;
}

const char *z3_suggest_resource(const char *word) {
  const char *best = NULL;
  size_t best_dist = SIZE_MAX;
  for (size_t i = 0; i < z3_command_count; i++) {
    size_t d = z3_edit_distance(word, z3_commands[i].resource);
    if (d < best_dist) {
      best_dist = d;
      best = z3_commands[i].resource;
    }
  }
  return best && close_enough(word, best, best_dist) ? best : NULL;
}

const char *z3_suggest_action(const char *resource, const char *word) {
  const char *best = NULL;
  size_t best_dist = SIZE_MAX;
  for (size_t i = 0; i < z3_command_count; i++) {
    if (strcmp(z3_commands[i].resource, resource) != 0) continue;
    size_t d = z3_edit_distance(word, z3_commands[i].action);
    if (d < best_dist) {
      best_dist = d;
      best = z3_commands[i].action;
    }
  }
  return best && close_enough(word, best, best_dist) ? best : NULL;
}

const z3_arg_spec *z3_command_arg_at(const z3_command *cmd, size_t i) {
  size_t own = 0;
  while (cmd->args && cmd->args[own].name) own++;
  if (i < own) return &cmd->args[i];
  i -= own;
  if (cmd->flags & Z3_CMD_NEEDS_ROM) {
    if (i == 0) return &z3_rom_arg_spec;
    i--;
  }
  if (cmd->flags & Z3_CMD_MUTATES_ROM) return i < 3 ? &z3_mutate_arg_specs[i] : NULL;
  if (cmd->flags & Z3_CMD_WRITES_FILE) {
    if (i == 0) return &z3_dry_run_arg_spec;
    if (i == 1) return &no_backup_spec;
  }
  return NULL;
}

const z3_arg_spec *z3_command_arg(const z3_command *cmd, const char *name) {
  for (size_t i = 0;; i++) {
    const z3_arg_spec *a = z3_command_arg_at(cmd, i);
    if (!a) return NULL;
    if (strcmp(a->name, name) == 0) return a;
  }
}

char *z3_command_tool_name(const z3_command *cmd) {
  char *name = z3_strfmt("%s_%s", cmd->resource, cmd->action);
  for (char *p = name; p && *p; p++)
    if (!isalnum((unsigned char)*p)) *p = '_';
  return name;
}

char *z3_hex_string(const uint8_t *bytes, size_t len, size_t max) {
  size_t shown = len < max ? len : max;
  char *s = z3_malloc(shown * 3 + 8);
  if (!s) return NULL;
  char *p = s;
  for (size_t i = 0; i < shown; i++) p += sprintf(p, i ? " %02x" : "%02x", bytes[i]);
  if (shown < len) strcpy(p, shown ? " ..." : "...");
  else *p = '\0';
  return s;
}
