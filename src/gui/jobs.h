/* gui/jobs: long work off the UI thread, with a spinner and progress in the status bar. */
#ifndef Z3_GUI_JOBS_H
#define Z3_GUI_JOBS_H

#include <gtk/gtk.h>
#include <jansson.h>

#include "gui/gui.h"

typedef struct gui_job gui_job;

typedef struct gui_job_fns {
  /* On a worker thread, over data the caller made private for it (a copy of the ROM): never the
   * tab, the document or a widget. Reports with gui_job_progress. */
  void (*work)(gui_job *job, void *data);
  /* On the main loop afterwards. A job for a tab: only when the tab is still open and its ROM
   * has not changed since the start (doc->generation); a stale result is dropped with a status
   * line saying so. A job for the window (tab NULL, a ROM being opened): always. */
  void (*apply)(GtkWidget *window, gui_tab *tab, void *data);
  void (*free)(void *data); /* always, last */
} gui_job_fns;

/* Starts `what` ("rendering every area") for the tab (or, tab NULL, for the window); the
 * status bar shows it until it ends. */
void gui_job_start(GtkWidget *window, gui_tab *tab, const char *what, const gui_job_fns *fns, void *data);
/* From the worker: `done` of `total` steps (thread-safe). */
void gui_job_progress(gui_job *job, int done, int total);
/* The window's running jobs as [{what, done, total}] for GetCanvasState. */
json_t *gui_jobs_json(GtkWidget *window);
/* How many jobs of the window are running. */
int gui_jobs_running(GtkWidget *window);

#endif
