/* tui/term: curses start-up and restoring the terminal on every exit path. */
#ifndef Z3_TUI_TERM_H
#define Z3_TUI_TERM_H

#include <stdbool.h>
#include <stddef.h>

enum { TUI_MIN_COLS = 80, TUI_MIN_LINES = 24 };

/* False, with why, when curses cannot drive the terminal TERM names on stdout (unknown to
 * terminfo, or no cursor addressing: a dumb terminal). Call before tui_term_start. */
bool tui_term_usable(char *why, size_t cap);
void tui_term_start(void);
/* endwin() once; safe to call from atexit and signal handlers, and twice. */
void tui_term_restore(void);
bool tui_term_big_enough(void);
void tui_term_draw_refusal(void);

#endif
