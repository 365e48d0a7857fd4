/*
 * tui/term: the terminal's state. Whatever ends the process (a return from
 * main, exit(), SIGINT, SIGTERM, SIGHUP, a crash) leaves the terminal as it
 * found it: endwin() from atexit and from the signal handlers, which then
 * let the signal take its default course so the exit status still says why.
 */
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "tui/component.h"
#include "tui/term.h"

static volatile sig_atomic_t active;

void tui_term_restore(void) {
  if (!active) return;
  active = 0;
  endwin();
}

static void on_fatal_signal(int sig) {
  tui_term_restore();
  signal(sig, SIG_DFL);
  raise(sig);
}

static void install_handlers(void) {
  static const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGFPE, SIGABRT};
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_fatal_signal;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaction(signals[i], &sa, NULL);
}

void tui_term_start(void) {
  static bool registered;
  setlocale(LC_ALL, "");
  if (!registered) atexit(tui_term_restore);
  registered = true;
  install_handlers();
  initscr();
  active = 1;
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  set_escdelay(25);
  curs_set(0);
  mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
  mouseinterval(0); /* a press is a click: no waiting to tell it from a double click */
  tui_colors_init();
}

bool tui_term_big_enough(void) { return LINES >= TUI_MIN_LINES && COLS >= TUI_MIN_COLS; }

void tui_term_draw_refusal(void) {
  erase();
  mvprintw(0, 0, "terminal too small: %dx%d", COLS, LINES);
  mvprintw(1, 0, "z3ed tui needs at least %dx%d; enlarge it or press q", TUI_MIN_COLS, TUI_MIN_LINES);
  refresh();
}
