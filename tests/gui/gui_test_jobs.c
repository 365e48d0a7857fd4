/*
 * Work off the UI thread (gui/jobs.c) under yaze's test window: a ROM opened the file
 * dialog's way is read on a worker thread while the main loop goes on, the status bar
 * showing a spinner and "opening NAME" until the tab appears; a file that cannot be read
 * ends in the status line with no tab. Registered in gui_test.c's run list.
 */
#include <string.h>

#include "test.h"
#include "gui/gui.h"
#include "gui/gui_test.h"
#include "gui/jobs.h"

static int pages(void) { return gtk_notebook_get_n_pages(GTK_NOTEBOOK(named(window, "roms"))); }

int iterations_until_done(void) {
  gint64 end = g_get_monotonic_time() + 30 * G_USEC_PER_SEC;
  int n = 0;
  while (gui_jobs_running(window) && g_get_monotonic_time() < end) {
    g_main_context_iteration(NULL, FALSE);
    g_usleep(1000);
    n++;
  }
  assert_int_equal(gui_jobs_running(window), 0);
  return n;
}

void opening_a_rom_runs_off_the_ui_thread(void **state) {
  (void)state;
  char *path = z3_strfmt("%s/opened-later.sfc", tmp);
  copy_file(Z3_SAMPLE, path);
  int before = pages();
  gui_tab *front = gui_window_current_tab(window);
  gui_window_open_async(window, path);
  /* answered at once: no tab yet, the status bar says what is going on */
  assert_int_equal(pages(), before);
  assert_ptr_equal(gui_window_current_tab(window), front);
  assert_true(gtk_widget_get_visible(named(window, "busy")));
  assert_true(gtk_widget_get_visible(named(window, "progress")));
  assert_non_null(strstr(gtk_progress_bar_get_text(GTK_PROGRESS_BAR(named(window, "progress"))), "opening opened-later.sfc"));
  assert_true(iterations_until_done() > 0); /* the main loop ran while the ROM was read */
  assert_int_equal(pages(), before + 1);
  gui_tab *tab = gui_window_current_tab(window);
  assert_string_equal(tab->doc->path, path);
  assert_int_equal(tab->doc->rom->data.len, 1u << 20);
  assert_false(gtk_widget_get_visible(named(window, "busy")));
  /* a file that is not there: the reason in the status line, no tab */
  char *missing = z3_strfmt("%s/not-there.sfc", tmp);
  gui_window_open_async(window, missing);
  iterations_until_done();
  assert_int_equal(pages(), before + 1);
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(named(window, "status"))), "not-there.sfc"));
  gui_wait_idle(window);
  z3_free(path), z3_free(missing);
}

/* A window without a ROM says how to open one, and a file that does not open is
 * explained there whole, reason and hint (the status line has room for the reason
 * only); the first tab takes the page's place. A window of its own, so it starts empty. */
void an_empty_window_explains_a_failed_open(void **state) {
  (void)state;
  GtkWidget *w = gui_window_new(NULL);
  gtk_window_set_default_size(GTK_WINDOW(w), 800, 560);
  gtk_window_present(GTK_WINDOW(w));
  gui_wait_idle(w);
  assert_true(gtk_widget_get_visible(named(w, "welcome")));
  assert_false(gtk_widget_get_visible(named(w, "roms")));
  assert_false(gtk_widget_get_visible(named(w, "welcome-error")));
  check_shot(gtk_window_get_child(GTK_WINDOW(w)), "welcome", FONT_TOLERANCE);
  char *tiny = z3_strfmt("%s/tiny.sfc", tmp);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_write_atomic(tiny, "not a ROM", 9, NULL, &err), &err);
  assert_false(gui_window_open(w, tiny, &err));
  assert_true(err.hint[0] != '\0');
  GtkWidget *why = named(w, "welcome-error");
  assert_true(gtk_widget_get_visible(why));
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(why)), err.message));
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(why)), err.hint));
  assert_true(gui_window_open(w, work, &err));
  gui_wait_idle(w);
  assert_false(gtk_widget_get_visible(named(w, "welcome")));
  assert_true(gtk_widget_get_visible(named(w, "roms")));
  gtk_window_destroy(GTK_WINDOW(w));
  while (g_main_context_pending(NULL)) g_main_context_iteration(NULL, FALSE);
  z3_free(tiny);
}
