/*
 * gui/harness: yaze driven over a Unix socket (`yaze --harness SOCKET`).
 *
 * The transport is the debugger's: length-prefixed frames (base/frame.h) of
 * JSON-RPC 2.0, served from GTK's main loop (a GSource on each descriptor), so
 * a request never blocks the window and a Wait runs while the UI goes on.
 * Methods (docs/gui.md, "Automation harness"): Ping, DiscoverWidgets, Click,
 * Type, Wait, Assert, Screenshot, GetCanvasState, SimulateAction, Shutdown; queued
 * tests and recordings (harness_tests.c): RunTest, ReplayTest, GetTestStatus,
 * ListTests, GetTestResults, StartRecording, StopRecording.
 *
 * Widgets are addressed by a target string: a path as DiscoverWidgets prints
 * it ("yaze/.../ow-map"), a widget name ("ow-map"), or an accessible label
 * ("Area map"); the first visible match wins over hidden ones.
 */
#ifndef Z3_GUI_HARNESS_H
#define Z3_GUI_HARNESS_H

#include <gtk/gtk.h>

#include "base/base.h"

typedef struct gui_harness gui_harness;

/* Actions (Click, Type) allowed per second; more get error -32002. */
enum { GUI_HARNESS_ACTIONS_PER_SECOND = 200 };

/* The socket yaze listens on when --harness is given as "auto": $XDG_RUNTIME_DIR (else /tmp)/yaze-harness-UID-PID.sock. */
char *gui_harness_default_path(void);
/* Listens on path (mode 0600) and serves window's requests from the default main context. */
gui_harness *gui_harness_start(GtkWidget *window, const char *path, z3_error *err);
/* Closes every connection and removes the socket file. */
void gui_harness_stop(gui_harness *h);

#endif
