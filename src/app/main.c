/*
 * z3ed's main(): argv in, rendered result out, exit code from the status.
 * Library code never prints; everything a person or script sees is decided here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/render.h"
#include "app/sigbus.h"
#include "server/batch.h"
#include "server/mcp.h"
#include "tui/tui.h"

typedef struct app {
  z3_format format;
  bool quiet;
} app;

static z3_format scan_format(int argc, char **argv) {
  for (int i = 0; i < argc; i++) {
    const char *v = NULL;
    if ((strcmp(argv[i], "--format") == 0 || strcmp(argv[i], "--output-format") == 0) && i + 1 < argc)
      v = argv[i + 1];
    else if (strncmp(argv[i], "--format=", 9) == 0) v = argv[i] + 9;
    else if (strncmp(argv[i], "--output-format=", 16) == 0) v = argv[i] + 16;
    if (v && strcmp(v, "json") == 0) return Z3_FORMAT_JSON;
    if (v && strcmp(v, "yaml") == 0) return Z3_FORMAT_YAML;
  }
  return Z3_FORMAT_TEXT;
}

static char *render(z3_format f, const json_t *v) {
  if (f == Z3_FORMAT_JSON) return z3_render_json(v);
  if (f == Z3_FORMAT_YAML) return z3_render_yaml(v);
  return z3_render_text(v);
}

static void print_text(const char *text) {
  if (!text) return;
  fputs(text, stdout);
  if (text[0] && text[strlen(text) - 1] != '\n') fputc('\n', stdout);
}

/* At most max bytes of text on stderr, its control characters shown, not obeyed: messages
 * and progress quote titles, file names and build output that anyone may have written. */
static void print_visible(const char *text, size_t max) {
  z3_buf shown;
  z3_buf_init(&shown);
  z3_buf_put_visible(&shown, text, strlen(text), NULL);
  fprintf(stderr, "%.*s", (int)(shown.len < max ? shown.len : max), shown.data ? (const char *)shown.data : "");
  z3_buf_release(&shown);
}

/* Errors: an envelope on stdout for machines, a message on stderr for people. */
static void report_error(const app *a, const z3_error *err, json_t *result) {
  if (a->format != Z3_FORMAT_TEXT) {
    json_t *env = json_object();
    json_object_set_new(env, "ok", json_false());
    if (result) json_object_set(env, "result", result);
    json_object_set_new(env, "error", z3_render_error_json(err));
    char *text = render(a->format, env);
    print_text(text);
    free(text);
    json_decref(env);
    return;
  }
  if (result && err->code == Z3_E_CHECK) {
    char *text = z3_render_text(result);
    print_text(text);
    free(text);
  }
  fflush(stdout); /* keep the report above the verdict when both go to a terminal */
  fprintf(stderr, "z3ed: %s: ", err->code == Z3_E_CHECK ? "check failed" : "error");
  print_visible(err->message, SIZE_MAX);
  fputc('\n', stderr);
  if (err->hint[0]) {
    fputs("hint: ", stderr);
    print_visible(err->hint, SIZE_MAX);
    fputc('\n', stderr);
  }
}

static void report_success(const app *a, const z3_cmd_ctx *ctx, json_t *result) {
  if (a->quiet) return;
  if (a->format == Z3_FORMAT_TEXT) {
    char *text = z3_render_text(result);
    print_text(text);
    free(text);
    return;
  }
  json_t *env = json_object();
  json_object_set_new(env, "ok", json_true());
  if (ctx && ctx->cmd) {
    char name[96];
    snprintf(name, sizeof name, "%s %s", ctx->cmd->resource, ctx->cmd->action);
    json_object_set_new(env, "command", json_string(name));
  }
  json_object_set(env, "result", result);
  char *text = render(a->format, env);
  print_text(text);
  free(text);
  json_decref(env);
}

/* A report command given --output: the document goes to the file, atomically. */
static z3_status write_report(z3_cmd_ctx *ctx, z3_error *err) {
  z3_format f = ctx->format;
  const char *dot = strrchr(ctx->output, '.');
  bool format_given = false;
  for (size_t i = 0; i < ctx->value_count; i++) format_given |= strcmp(ctx->values[i].spec->name, "format") == 0;
  if (f == Z3_FORMAT_TEXT && dot && strcmp(dot, ".json") == 0) f = Z3_FORMAT_JSON;
  if (f == Z3_FORMAT_TEXT && dot && (strcmp(dot, ".yaml") == 0 || strcmp(dot, ".yml") == 0)) f = Z3_FORMAT_YAML;
  (void)format_given;
  char *text = render(f, ctx->result);
  if (!text) return z3_error_set(err, Z3_E_NOMEM, "out of memory rendering the result");
  z3_buf doc;
  z3_buf_init(&doc);
  z3_status st = z3_buf_printf(&doc, "%s%s", text, text[0] && text[strlen(text) - 1] == '\n' ? "" : "\n");
  free(text);
  z3_write_opts opts = {.backup = false};
  if (st == Z3_OK) st = z3_file_write_atomic(ctx->output, doc.data, doc.len, &opts, err);
  z3_buf_release(&doc);
  return st;
}

static int run_help(int argc, char **argv) {
  if (argc >= 1 && strcmp(argv[0], "--markdown") == 0) {
    char *md = z3_help_markdown();
    print_text(md);
    free(md);
    return 0;
  }
  const z3_command *cmd = NULL;
  if (argc >= 2) {
    char action[128];
    snprintf(action, sizeof action, "%s%s%s", argv[1], argc >= 3 ? " " : "", argc >= 3 ? argv[2] : "");
    cmd = z3_command_find(argv[0], action);
    if (!cmd) cmd = z3_command_find(argv[0], argv[1]);
  }
  if (argc >= 1 && !cmd && !z3_resource_exists(argv[0])) {
    const char *near = z3_suggest_resource(argv[0]);
    fprintf(stderr, "z3ed: error: unknown command '%s'\n", argv[0]);
    if (near) fprintf(stderr, "hint: did you mean '%s'?\n", near);
    return 2;
  }
  char *text = z3_help_text(argc >= 1 ? argv[0] : NULL, cmd);
  print_text(text);
  free(text);
  return 0;
}

static int run_completion(int argc, char **argv) {
  char *script = argc == 1 ? z3_completion_script(argv[0]) : NULL;
  if (!script) {
    if (argc == 1) fprintf(stderr, "z3ed: error: no completion for the shell '%s': bash and zsh have one\n", argv[0]);
    else fprintf(stderr, "z3ed: error: completion needs one shell: bash or zsh\n");
    fprintf(stderr, "hint: eval \"$(z3ed completion bash)\"\n");
    return 2;
  }
  print_text(script);
  free(script);
  return 0;
}

/* `--version` is global unless the command declares its own (agent describe). */
static bool wants_version(int argc, char **argv, const z3_command *cmd) {
  for (int i = 0; i < argc; i++)
    if (strcmp(argv[i], "--version") == 0) return !cmd || !z3_command_arg(cmd, "version");
  return false;
}

static int finish_stdout(int code) {
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "z3ed: error: cannot write output: %s\n", strerror(errno));
    return 3;
  }
  return code;
}

/* A long command's progress as one line on a terminal, rewritten in place. */
static void terminal_progress(const char *message, void *data) {
  bool *shown = data;
  fputs("\r\033[K", stderr);
  print_visible(message, 100); /* tool calls and build output */
  fflush(stderr);
  *shown = true;
}

static int run_command(int argc, char **argv) {
  app a = {.format = scan_format(argc, argv)};
  z3_app_map_roms();
  z3_error err;
  z3_error_init(&err);
  z3_cmd_ctx ctx;
  z3_status st = z3_cmd_parse(&ctx, argc, argv, &err);
  if (wants_version(argc, argv, ctx.cmd)) {
    printf("z3ed %s\n", Z3_VERSION);
    return 0;
  }
  a.quiet = ctx.quiet;
  if (st == Z3_OK) a.format = ctx.format;
  if (st == Z3_OK && ctx.help) {
    char *text = z3_help_text(ctx.cmd ? ctx.cmd->resource : (argc && argv[0][0] != '-' ? argv[0] : NULL), ctx.cmd);
    print_text(text);
    free(text);
    return 0;
  }
  bool progress_shown = false;
  if (st == Z3_OK && isatty(2) && !ctx.quiet) z3_cmd_progress_sink(terminal_progress, &progress_shown);
  if (st == Z3_OK) st = z3_cmd_run(&ctx, &err);
  z3_cmd_progress_sink(NULL, NULL);
  if (progress_shown) fputs("\r\033[K", stderr);
  bool report_to_file = st == Z3_OK && ctx.output && ctx.cmd && !z3_command_arg(ctx.cmd, "output");
  if (report_to_file) {
    st = write_report(&ctx, &err);
    if (st == Z3_OK) {
      json_t *note = json_object();
      json_object_set_new(note, "written", json_string(ctx.output));
      report_success(&a, &ctx, note);
      json_decref(note);
    }
  }
  if (st == Z3_OK && !report_to_file) report_success(&a, &ctx, ctx.result);
  if (st != Z3_OK) report_error(&a, &err, st == Z3_E_CHECK ? ctx.result : NULL);
  z3_cmd_ctx_release(&ctx);
  return z3_status_exit_code(st);
}

int main(int argc, char **argv) {
  argc--, argv++;
  int code;
  if (argc == 0 || strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0) {
    code = run_help(0, NULL);
  } else if (strcmp(argv[0], "help") == 0) {
    code = run_help(argc - 1, argv + 1);
  } else if (strcmp(argv[0], "completion") == 0) {
    code = run_completion(argc - 1, argv + 1);
  } else if (strcmp(argv[0], "mcp") == 0) {
    code = z3_mcp_main(argc - 1, argv + 1);
  } else if (strcmp(argv[0], "batch") == 0) {
    code = z3_batch_main(argc - 1, argv + 1);
  } else if (strcmp(argv[0], "tui") == 0) {
    code = z3_tui_main(argc - 1, argv + 1);
  } else {
    code = run_command(argc, argv);
  }
  return finish_stdout(code);
}
