/* Help text and the Markdown reference, both read from the command table. */
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"

static const char *type_hint(const z3_arg_spec *a) {
  switch (a->type) {
    case Z3_ARG_INT: return "N";
    case Z3_ARG_ADDRESS: return "ADDR";
    case Z3_ARG_PATH:
    case Z3_ARG_OUT_PATH: return "FILE";
    case Z3_ARG_ENUM: return "CHOICE";
    case Z3_ARG_BOOL: return "";
    case Z3_ARG_STRING: return "TEXT";
    case Z3_ARG_LIST: return "A,B,...";
  }
  return "";
}

static void arg_line(z3_buf *b, const z3_arg_spec *a) {
  char left[64];
  snprintf(left, sizeof left, "--%s%s%s", a->name, a->type == Z3_ARG_BOOL ? "" : " ", type_hint(a));
  z3_buf_printf(b, "  %-26s %s", left, a->help);
  if (a->choices) {
    z3_buf_printf(b, " (");
    for (const char *const *c = a->choices; *c; c++) z3_buf_printf(b, "%s%s", c == a->choices ? "" : "|", *c);
    z3_buf_printf(b, ")");
  }
  if (a->required) z3_buf_printf(b, " [required]");
  if (a->def) z3_buf_printf(b, " [default: %s]", a->def);
  z3_buf_printf(b, "\n");
}

static void global_flags(z3_buf *b) {
  z3_buf_printf(b, "\nGlobal flags:\n"
                   "  --format text|json|yaml    how to print the result [default: text]\n"
                   "  --output-format F          the same, for commands with their own --format\n"
                   "  --output FILE              write the result (or changed ROM) to FILE\n"
                   "  --dry-run                  show what would change; write nothing\n"
                   "  --quiet, -q                print nothing on success\n"
                   "  --help, -h                 help for any command or resource\n"
                   "  --version                  print z3ed's version\n");
}

static void command_help(z3_buf *b, const z3_command *c) {
  z3_buf_printf(b, "usage: z3ed %s %s [flags]\n\n%s.\n\n%s\n\nSafety: %s\n", c->resource,
                c->action, c->summary, c->description, z3_safety_name(c->safety));
  z3_buf_printf(b, "\nFlags:\n");
  for (size_t i = 0; z3_command_arg_at(c, i); i++) arg_line(b, z3_command_arg_at(c, i));
  if (c->examples && c->examples[0]) {
    z3_buf_printf(b, "\nExamples:\n");
    for (const char *const *e = c->examples; *e; e++) z3_buf_printf(b, "  %s\n", *e);
  }
  global_flags(b);
}

static void command_list(z3_buf *b, const char *resource) {
  for (size_t i = 0; i < z3_command_count; i++) {
    const z3_command *c = &z3_commands[i];
    if (resource && strcmp(resource, c->resource) != 0) continue;
    char name[64];
    snprintf(name, sizeof name, "%s %s", c->resource, c->action);
    z3_buf_printf(b, "  %-26s %s\n", name, c->summary);
  }
}

char *z3_help_text(const char *resource, const z3_command *cmd) {
  z3_buf b;
  z3_buf_init(&b);
  if (cmd) {
    command_help(&b, cmd);
  } else if (resource) {
    z3_buf_printf(&b, "usage: z3ed %s <action> [flags]\n\nActions:\n", resource);
    command_list(&b, resource);
    z3_buf_printf(&b, "\nRun 'z3ed %s <action> --help' for an action's flags.\n", resource);
  } else {
    z3_buf_printf(&b, "z3ed %s: ROM-hacking toolkit for A Link to the Past and SNES ROMs\n\n"
                      "usage: z3ed <resource> <action> [--flag value ...]\n\nCommands:\n", Z3_VERSION);
    command_list(&b, NULL);
    z3_buf_printf(&b, "  %-26s %s\n  %-26s %s\n  %-26s %s\n", "help [resource [action]]",
                  "this help, or a command's", "completion bash|zsh", "print a shell completion script",
                  "mcp [--rom R]", "serve every tool over MCP on stdio (see docs/mcp.md)");
    global_flags(&b);
    z3_buf_printf(&b, "\nExit codes: 0 ok, 1 a check found problems, 2 usage or invalid input,\n"
                      "3 I/O or environment, 4 internal error.\n");
  }
  return z3_buf_take_string(&b);
}

static void markdown_command(z3_buf *b, const z3_command *c) {
  z3_buf_printf(b, "### `z3ed %s %s`\n\n%s.\n\n%s\n\n- Safety: `%s`\n", c->resource, c->action,
                c->summary, c->description, z3_safety_name(c->safety));
  char *tool = z3_command_tool_name(c);
  z3_buf_printf(b, "- Tool name: `%s`\n- Effects: ", tool ? tool : "");
  z3_free(tool);
  for (const char *const *e = c->effects; e && *e; e++) z3_buf_printf(b, "%s%s", e == c->effects ? "" : "; ", *e);
  z3_buf_printf(b, "\n\n| flag | type | required | default | description |\n|---|---|---|---|---|\n");
  for (size_t i = 0; z3_command_arg_at(c, i); i++) {
    const z3_arg_spec *a = z3_command_arg_at(c, i);
    z3_buf_printf(b, "| `--%s` | %s | %s | %s | %s", a->name, type_hint(a)[0] ? type_hint(a) : "switch",
                  a->required ? "yes" : "no", a->def ? a->def : "", a->help);
    if (a->choices) {
      z3_buf_printf(b, " (");
      for (const char *const *ch = a->choices; *ch; ch++) z3_buf_printf(b, "%s`%s`", ch == a->choices ? "" : ", ", *ch);
      z3_buf_printf(b, ")");
    }
    z3_buf_printf(b, " |\n");
  }
  z3_buf_printf(b, "\nReturns:\n\n");
  for (const z3_field_spec *f = c->returns; f && f->name; f++)
    z3_buf_printf(b, "- `%s` (%s): %s\n", f->name, f->type, f->help);
  z3_buf_printf(b, "\nExamples:\n\n```sh\n");
  for (const char *const *e = c->examples; e && *e; e++) z3_buf_printf(b, "%s\n", *e);
  z3_buf_printf(b, "```\n\n");
}

char *z3_help_markdown(void) {
  z3_buf b;
  z3_buf_init(&b);
  z3_buf_printf(&b, "# z3ed command reference\n\n"
                    "<!-- generated by `make docs` (z3ed help --markdown) from src/cmd/table.c; "
                    "do not edit: a test fails when this file is stale -->\n\n"
                    "Every command takes the global flags `--format text|json|yaml`, `--output FILE`, "
                    "`--quiet` and `--help`. Exit codes: 0 ok, 1 a check found problems, 2 usage or "
                    "invalid input, 3 I/O or environment, 4 internal error.\n\n");
  const char *resource = NULL;
  for (size_t i = 0; i < z3_command_count; i++) {
    const z3_command *c = &z3_commands[i];
    if (!resource || strcmp(resource, c->resource) != 0) {
      resource = c->resource;
      z3_buf_printf(&b, "## %s\n\n", resource);
    }
    markdown_command(&b, c);
  }
  return z3_buf_take_string(&b);
}
