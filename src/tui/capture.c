/*
 * tui/capture: a command run from the screen with its stdout and stderr
 * caught. Most handlers never print, but some stream progress as it happens
 * (`agent run` writes the model's words and each tool call); written to the
 * terminal they would tear through the curses screen, so they go to a
 * temporary file and come back as lines the view shows.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "tui/capture.h"

typedef struct redirect {
  FILE *file;
  int saved_out, saved_err;
} redirect;

static bool redirect_begin(redirect *r) {
  fflush(stdout);
  fflush(stderr);
  r->file = tmpfile();
  r->saved_out = dup(STDOUT_FILENO), r->saved_err = dup(STDERR_FILENO);
  if (!r->file || r->saved_out < 0 || r->saved_err < 0 || dup2(fileno(r->file), STDOUT_FILENO) < 0 ||
      dup2(fileno(r->file), STDERR_FILENO) < 0) {
    if (r->saved_out >= 0) dup2(r->saved_out, STDOUT_FILENO), close(r->saved_out);
    if (r->saved_err >= 0) dup2(r->saved_err, STDERR_FILENO), close(r->saved_err);
    if (r->file) fclose(r->file);
    return false;
  }
  return true;
}

static void redirect_end(redirect *r, tui_lines *output) {
  fflush(stdout);
  fflush(stderr);
  dup2(r->saved_out, STDOUT_FILENO), close(r->saved_out);
  dup2(r->saved_err, STDERR_FILENO), close(r->saved_err);
  rewind(r->file);
  char line[512];
  while (output && fgets(line, sizeof line, r->file)) {
    line[strcspn(line, "\r\n")] = '\0';
    if (line[0]) tui_lines_add(output, "%s", line);
  }
  fclose(r->file);
}

z3_status tui_run_captured(z3_doc *doc, int argc, const char *const *argv, json_t **result, tui_lines *output,
                           z3_error *err) {
  redirect r;
  bool caught = redirect_begin(&r);
  z3_status st = z3_doc_run(doc, argc, argv, result, err);
  if (caught) redirect_end(&r, output);
  return st;
}

typedef struct live {
  redirect *r;
  bool caught;
  tui_line_fn on_line;
  void *data;
} live;

/* curses writes to file descriptor 1, which points at the capture file now:
 * point it back at the terminal while the line is drawn. */
static void live_line(const char *message, void *data) {
  live *l = data;
  fflush(stdout);
  if (l->caught) dup2(l->r->saved_out, STDOUT_FILENO);
  l->on_line(message, l->data);
  fflush(stdout);
  if (l->caught) dup2(fileno(l->r->file), STDOUT_FILENO);
}

z3_status tui_run_live(z3_doc *doc, int argc, const char *const *argv, json_t **result, tui_line_fn on_line,
                       void *data, z3_error *err) {
  redirect r;
  live l = {.r = &r, .caught = redirect_begin(&r), .on_line = on_line, .data = data};
  z3_cmd_progress_sink(live_line, &l);
  z3_status st = z3_doc_run(doc, argc, argv, result, err);
  z3_cmd_progress_sink(NULL, NULL);
  if (l.caught) redirect_end(&r, NULL);
  return st;
}
