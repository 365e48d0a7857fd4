/* yaze: the GTK 4 ROM editor. `yaze [ROM...]` opens each ROM in a tab. */
#include "gui/gui.h"

static void activate(GApplication *app, gpointer data) {
  (void)data;
  gtk_window_present(GTK_WINDOW(gui_window_new(GTK_APPLICATION(app))));
}

static void open_files(GApplication *app, GFile **files, int n, const char *hint, gpointer data) {
  (void)hint, (void)data;
  GtkWidget *window = gui_window_new(GTK_APPLICATION(app));
  for (int i = 0; i < n; i++) {
    char *path = g_file_get_path(files[i]);
    z3_error err;
    z3_error_init(&err);
    if (path && !gui_window_open(window, path, &err)) g_printerr("yaze: %s\n", err.message);
    g_free(path);
  }
  gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
  g_set_application_name("yaze"); /* recent files are registered under it */
  GtkApplication *app = gtk_application_new("org.z3ed.yaze", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
  g_signal_connect(app, "open", G_CALLBACK(open_files), NULL);
  int status = g_application_run(G_APPLICATION(app), argc, argv);
  g_object_unref(app);
  return status;
}
