/* tui/main: `z3ed tui --rom R [--tab NAME]`, the arguments and the terminal's lifetime. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tui/app.h"
#include "tui/term.h"
#include "tui/tui.h"

static const char usage[] =
    "usage: z3ed tui --rom ROM [--tab NAME]\n"
    "\n"
    "A terminal editor for ROM: tabs dashboard, hex, palette, tiles, commands.\n"
    "Edits go through the change log; w saves atomically keeping ROM.bak, u undoes,\n"
    "q quits (asking when edits are unsaved), ? lists the keys of each view.\n"
    "Needs a terminal of at least 80x24. Keys: docs/tui.md.\n";

typedef struct options {
  const char *rom, *tab;
  bool help;
} options;

static int parse(int argc, char **argv, options *o) {
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) o->help = true;
    else if (strcmp(a, "--rom") == 0 && i + 1 < argc) o->rom = argv[++i];
    else if (strcmp(a, "--tab") == 0 && i + 1 < argc) o->tab = argv[++i];
    else if (strncmp(a, "--rom=", 6) == 0) o->rom = a + 6;
    else if (strncmp(a, "--tab=", 6) == 0) o->tab = a + 6;
    else {
      fprintf(stderr, "z3ed: error: tui: unexpected argument '%s' (word %d)\n%s", a, i + 1, usage);
      return 2;
    }
  }
  if (!o->help && !o->rom) {
    fprintf(stderr, "z3ed: error: tui: --rom is required\n%s", usage);
    return 2;
  }
  return 0;
}

static int check_tab(tui_app *app, const char *tab) {
  if (!tab || tui_app_show(app, tab)) return 0;
  fprintf(stderr, "z3ed: error: tui: no tab named '%s'\nhint: tabs are", tab);
  for (int i = 0; i < app->view_count; i++) fprintf(stderr, " %s", app->views[i].name);
  fputc('\n', stderr);
  return 2;
}

int z3_tui_main(int argc, char **argv) {
  options o = {0};
  int code = parse(argc, argv, &o);
  if (code || o.help) {
    if (o.help) fputs(usage, stdout);
    return code;
  }
  z3_error err;
  z3_error_init(&err);
  z3_doc *doc = NULL;
  z3_status st = z3_doc_open(&doc, o.rom, &err);
  if (st) {
    fprintf(stderr, "z3ed: error: %s\n", err.message);
    return z3_status_exit_code(st);
  }
  tui_app *app = tui_app_new(doc);
  code = app ? check_tab(app, o.tab) : 3;
  if (code == 0 && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
    fprintf(stderr, "z3ed: error: tui needs a terminal on stdin and stdout\n");
    code = 2;
  }
  char why[256];
  if (code == 0 && !tui_term_usable(why, sizeof why)) {
    fprintf(stderr, "z3ed: error: tui: %s\nhint: set TERM to your terminal's type, e.g. TERM=xterm-256color\n", why);
    code = 2;
  }
  if (code == 0) {
    tui_term_start();
    tui_app_run(app);
    tui_term_restore();
  }
  tui_app_free(app);
  z3_doc_free(doc);
  return code;
}
