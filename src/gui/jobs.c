/*
 * gui/jobs: work that can take longer than a frame (a ROM read and parsed, every
 * overworld area rendered) runs in a GTask on GLib's worker threads, so the
 * window and the automation harness keep answering. The worker sees only data
 * the caller copied for it; its result is applied on the main loop, and only if
 * the ROM is the one it started from: doc->generation moves with every edit,
 * undo, reload, so a result computed from older bytes is dropped, never shown.
 * While any job runs the status bar shows a spinner and a progress bar with
 * "what done/total", refreshed from a 50 ms timeout (the worker only stores two
 * atomic counters).
 */
#include <stdio.h>

#include "gui/jobs.h"

enum { REFRESH_MS = 50 };

struct gui_job {
  GtkWidget *window; /* a reference, so the window outlives the job */
  gui_tab *tab;
  unsigned generation;
  char what[96];
  gint done, total;
  gui_job_fns fns;
  void *data;
};

static GPtrArray *running; /* main thread only */
static guint refresher;

void gui_job_progress(gui_job *job, int done, int total) {
  g_atomic_int_set(&job->total, total);
  g_atomic_int_set(&job->done, done);
}

/* The window's status bar: spinner and bar shown while it has jobs, the first one's text. */
static void show_progress(GtkWidget *window) {
  gui_job *first = NULL;
  for (guint i = 0; running && i < running->len && !first; i++)
    if (((gui_job *)running->pdata[i])->window == window) first = running->pdata[i];
  char text[128] = "";
  double fraction = 0;
  if (first) {
    int done = g_atomic_int_get(&first->done), total = g_atomic_int_get(&first->total);
    snprintf(text, sizeof text, total ? "%s %d/%d" : "%s", first->what, done, total);
    fraction = total ? (double)done / total : 0;
  }
  gui_window_progress(window, first != NULL, fraction, text);
}

static gboolean refresh(gpointer unused) {
  (void)unused;
  for (guint i = 0; running && i < running->len; i++) show_progress(((gui_job *)running->pdata[i])->window);
  if (running && running->len) return G_SOURCE_CONTINUE;
  refresher = 0;
  return G_SOURCE_REMOVE;
}

static void run(GTask *task, gpointer source, gpointer task_data, GCancellable *cancel) {
  (void)source, (void)cancel;
  gui_job *job = task_data;
  job->fns.work(job, job->data);
  g_task_return_boolean(task, TRUE);
}

static void finished(GObject *source, GAsyncResult *result, gpointer user) {
  (void)source, (void)result;
  gui_job *job = user;
  g_ptr_array_remove(running, job);
  if (!job->tab) {
    job->fns.apply(job->window, NULL, job->data);
  } else if (gui_window_has_tab(job->window, job->tab)) {
    if (job->tab->doc->generation == job->generation) {
      job->fns.apply(job->window, job->tab, job->data);
    } else {
      char text[160];
      snprintf(text, sizeof text, "%s: dropped, the ROM changed while it ran", job->what);
      job->tab->status(job->tab, text);
    }
  }
  show_progress(job->window);
  job->fns.free(job->data);
  g_object_unref(job->window);
  g_free(job);
}

void gui_job_start(GtkWidget *window, gui_tab *tab, const char *what, const gui_job_fns *fns, void *data) {
  gui_job *job = g_new0(gui_job, 1);
  job->window = g_object_ref(window);
  job->tab = tab;
  job->generation = tab ? tab->doc->generation : 0;
  g_strlcpy(job->what, what, sizeof job->what);
  job->fns = *fns;
  job->data = data;
  if (!running) running = g_ptr_array_new();
  g_ptr_array_add(running, job);
  show_progress(job->window);
  if (!refresher) refresher = g_timeout_add(REFRESH_MS, refresh, NULL);
  GTask *task = g_task_new(NULL, NULL, finished, job);
  g_task_set_task_data(task, job, NULL);
  g_task_run_in_thread(task, run);
  g_object_unref(task);
}

int gui_jobs_running(GtkWidget *window) {
  int n = 0;
  for (guint i = 0; running && i < running->len; i++) n += ((gui_job *)running->pdata[i])->window == window;
  return n;
}

json_t *gui_jobs_json(GtkWidget *window) {
  json_t *list = json_array();
  for (guint i = 0; running && i < running->len; i++) {
    gui_job *job = running->pdata[i];
    if (job->window != window) continue;
    json_array_append_new(list, json_pack("{s:s,s:i,s:i}", "what", job->what, "done", g_atomic_int_get(&job->done), "total",
                                          g_atomic_int_get(&job->total)));
  }
  return list;
}
