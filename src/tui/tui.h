/*
 * tui: `z3ed tui`, a tabbed terminal front end over libz3 (ncursesw).
 *
 * A thin shell like gui/: every view reads the model functions and edits
 * through z3_doc (the change log) or runs commands from the table, so the
 * terminal does what the CLI does. Views are components behind one
 * interface; the app owns the tab bar, the status line, help, prompts,
 * save/undo/quit and the terminal's state.
 */
#ifndef Z3_TUI_TUI_H
#define Z3_TUI_TUI_H

/* The entry point app/main.c hands `z3ed tui ...` to (argv after "tui"). */
int z3_tui_main(int argc, char **argv);

#endif
