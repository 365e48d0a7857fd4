/* tui/term: whether curses can drive the terminal, asked before initscr(), which would
 * print its own message and exit 1 for a terminal terminfo does not know. A file of its
 * own because <term.h> defines short macros (lines, columns) other files use as names. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <curses.h>
#include <term.h>

#include "tui/term.h"

bool tui_term_usable(char *why, size_t cap) {
  const char *name = getenv("TERM");
  if (!name || !*name) {
    snprintf(why, cap, "TERM is not set, so the terminal's abilities are unknown");
    return false;
  }
  int err = 0;
  if (setupterm(NULL, STDOUT_FILENO, &err) != OK) {
    if (err == -1) snprintf(why, cap, "no terminfo database was found to look up the terminal '%s'", name);
    else snprintf(why, cap, "the terminal '%s' is not known to terminfo", name);
    return false;
  }
  const char *move = tigetstr("cup");
  bool usable = move && move != (char *)-1;
  if (!usable) snprintf(why, cap, "the terminal '%s' cannot move its cursor", name);
  del_curterm(cur_term);
  return usable;
}
