/* yaze: the GTK 4 ROM editor. `yaze [--harness SOCKET [--headless]] [ROM...]` opens each ROM in a tab. */
#include <stdio.h>
#include <string.h>

#include "gui/gui.h"
#include "gui/harness.h"

/* --quit-after-first-frame: the start-up benchmark (bench/yaze_bench.c) times launch to first paint. */
static bool quit_after_first_frame;
/* --harness SOCKET ("auto": in $XDG_RUNTIME_DIR): served for automation (gui/harness.h); --headless: no
 * recent-files entries, for test runs under Xvfb. */
static char *harness_path;
static bool headless;
static gui_harness *harness;

static void start_harness(GtkWidget *window) {
  if (!harness_path || harness) return;
  char *path = strcmp(harness_path, "auto") == 0 ? gui_harness_default_path() : g_strdup(harness_path);
  z3_error err;
  z3_error_init(&err);
  harness = gui_harness_start(window, path, &err);
  if (harness) {
    printf("harness %s\n", path); /* runners read the path from here */
    fflush(stdout);
  } else {
    g_printerr("yaze: %s\n", err.message);
    g_application_quit(G_APPLICATION(gtk_window_get_application(GTK_WINDOW(window))));
  }
  g_free(path);
}

static void painted(GdkFrameClock *clock, gpointer app) {
  (void)clock;
  g_application_quit(app);
}

static void present(GtkApplication *app, GtkWidget *window) {
  gtk_window_present(GTK_WINDOW(window));
  start_harness(window);
  if (!quit_after_first_frame) return;
  GdkFrameClock *clock = gdk_surface_get_frame_clock(gtk_native_get_surface(GTK_NATIVE(window)));
  g_signal_connect(clock, "after-paint", G_CALLBACK(painted), app);
}

static void activate(GApplication *app, gpointer data) {
  (void)data;
  present(GTK_APPLICATION(app), gui_window_new(GTK_APPLICATION(app)));
}

static void open_files(GApplication *app, GFile **files, int n, const char *hint, gpointer data) {
  (void)hint, (void)data;
  GtkWidget *window = gui_window_new(GTK_APPLICATION(app));
  if (headless) g_object_set_data(G_OBJECT(window), "gui-headless", window);
  for (int i = 0; i < n; i++) {
    char *path = g_file_get_path(files[i]);
    z3_error err;
    z3_error_init(&err);
    if (path && !gui_window_open(window, path, &err)) g_printerr("yaze: %s\n", err.message);
    g_free(path);
  }
  present(GTK_APPLICATION(app), window);
}

static int local_options(GApplication *app, GVariantDict *options, gpointer data) {
  (void)app, (void)data;
  quit_after_first_frame = g_variant_dict_contains(options, "quit-after-first-frame");
  headless = g_variant_dict_contains(options, "headless");
  g_variant_dict_lookup(options, "harness", "^ay", &harness_path);
  return -1; /* go on */
}

int main(int argc, char **argv) {
  g_set_application_name("yaze"); /* recent files are registered under it */
  GtkApplication *app = gtk_application_new("org.z3ed.yaze", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_application_add_main_option(G_APPLICATION(app), "quit-after-first-frame", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                "Exit once the window has been drawn (start-up benchmark)", NULL);
  g_application_add_main_option(G_APPLICATION(app), "harness", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME,
                                "Serve the automation harness on this Unix socket (\"auto\": in $XDG_RUNTIME_DIR)", "SOCKET");
  g_application_add_main_option(G_APPLICATION(app), "headless", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                "For test runs: no recent-files entries", NULL);
  g_signal_connect(app, "handle-local-options", G_CALLBACK(local_options), NULL);
  g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
  g_signal_connect(app, "open", G_CALLBACK(open_files), NULL);
  int status = g_application_run(G_APPLICATION(app), argc, argv);
  gui_harness_stop(harness);
  g_free(harness_path);
  g_object_unref(app);
  return status;
}
