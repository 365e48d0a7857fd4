/* yaze: the GTK 4 ROM editor. `yaze [--harness SOCKET [--headless]] [ROM...]` opens each ROM in a tab. */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gui/gui.h"
#include "gui/harness.h"
#include "gui/trace.h"

/* --quit-after-first-frame: the start-up benchmark (bench/yaze_bench.c) times launch to first paint. */
static bool quit_after_first_frame;
/* --harness SOCKET ("auto": in $XDG_RUNTIME_DIR): served for automation (gui/harness.h); --headless: no
 * recent-files entries, for test runs under Xvfb. */
static char *harness_path;
static bool headless;
static gui_harness *harness;
static int exit_status; /* nonzero when yaze quits because it could not do what it was asked */

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
    if (err.hint[0]) g_printerr("hint: %s\n", err.hint);
    exit_status = 3; /* z3ed's code for I/O and the environment */
    g_application_quit(G_APPLICATION(gtk_window_get_application(GTK_WINDOW(window))));
  }
  g_free(path);
}

/* ROMs named on the command line still being read (gui_window_open_then): the harness starts,
 * and --quit-after-first-frame counts a frame, only once they are open. */
static int opening;

/* The first frame that shows the command line's ROMs: one painted after the last of them opened
 * (the tab is made on the main loop between frames, so the next paint includes it). */
static void painted(GdkFrameClock *clock, gpointer app) {
  (void)clock;
  if (opening) {
    gui_trace("frame painted (ROMs still opening)");
    return;
  }
  gui_trace("first frame painted");
  g_application_quit(app);
}

static void phase(GdkFrameClock *clock, gpointer what) {
  (void)clock;
  gui_trace(what);
}

static void present(GtkApplication *app, GtkWidget *window) {
  gui_trace("window built");
  gtk_window_present(GTK_WINDOW(window));
  gui_trace("window presented (realized)");
  if (!opening) start_harness(window);
  if (!quit_after_first_frame) return;
  GdkFrameClock *clock = gdk_surface_get_frame_clock(gtk_native_get_surface(GTK_NATIVE(window)));
  g_signal_connect(clock, "layout", G_CALLBACK(phase), "frame: layout");
  g_signal_connect(clock, "paint", G_CALLBACK(phase), "frame: paint (snapshot, render)");
  g_signal_connect(clock, "after-paint", G_CALLBACK(painted), app);
}

static void activate(GApplication *app, gpointer data) {
  (void)data;
  present(GTK_APPLICATION(app), gui_window_new(GTK_APPLICATION(app)));
}

static void opened(GtkWidget *window, const char *error, void *data) {
  (void)data;
  if (error) g_printerr("yaze: %s\n", error);
  if (--opening == 0) start_harness(window); /* a client finds the tabs as soon as the socket answers */
}

/* The ROMs are read and parsed on worker threads (gui/jobs.c), started before the window is
 * realized so the reading overlaps it; the window shows at once with the spinner, and each tab
 * appears when its ROM is ready. */
static void open_files(GApplication *app, GFile **files, int n, const char *hint, gpointer data) {
  (void)hint, (void)data;
  gui_trace("open");
  GtkWidget *window = gui_window_new(GTK_APPLICATION(app));
  gui_trace("window widgets");
  if (headless) g_object_set_data(G_OBJECT(window), "gui-headless", window);
  for (int i = 0; i < n; i++) {
    char *path = g_file_get_path(files[i]);
    if (path) opening++, gui_window_open_then(window, path, opened, NULL);
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

static void started(GApplication *app, gpointer data) {
  (void)app, (void)data;
  gui_trace("gtk started (gtk_init, display, theme)");
}

/* Any GPU the kernel drives has a DRM node (/dev/dri/card*, renderD*; NVIDIA's own driver also
 * /dev/nvidia0); without one, OpenGL can only be Mesa's software rasterizer. */
static bool has_gpu_device(void) {
  glob_t g;
  bool found = glob("/dev/dri/*", GLOB_NOSORT, NULL, &g) == 0 && g.gl_pathc > 0;
  globfree(&g);
  return found || access("/dev/nvidia0", F_OK) == 0;
}

/* With no GPU, GTK's GL renderer would run on llvmpipe: setting up its context and compiling its
 * shaders in software is most of the first frame (docs/gui.md, start-up), and everything yaze
 * draws is a cairo picture anyway. So yaze asks GTK for its cairo renderer there, with GDK's GL
 * off so the display does not set GL up either: GTK's own documented switches (GSK_RENDERER,
 * GDK_DEBUG=gl-disable). A GSK_RENDERER the user set is left alone (GSK_RENDERER=gl forces GL). */
static void choose_renderer(void) {
  if (getenv("GSK_RENDERER") || has_gpu_device()) return;
  setenv("GSK_RENDERER", "cairo", 1);
  const char *debug = getenv("GDK_DEBUG");
  char *flags = debug && *debug ? g_strconcat(debug, ",gl-disable", NULL) : g_strdup("gl-disable");
  setenv("GDK_DEBUG", flags, 1);
  g_free(flags);
  gui_trace("renderer: cairo, GL off (no GPU device)");
}

int main(int argc, char **argv) {
  gui_trace("main");
  choose_renderer(); /* before GTK reads its environment in gtk_init */
  g_set_application_name("yaze"); /* recent files are registered under it */
  GtkApplication *app = gtk_application_new("org.z3ed.yaze", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_application_add_main_option(G_APPLICATION(app), "quit-after-first-frame", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                "Exit once the window has been drawn (start-up benchmark)", NULL);
  g_application_add_main_option(G_APPLICATION(app), "harness", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME,
                                "Serve the automation harness on this Unix socket (\"auto\": in $XDG_RUNTIME_DIR)", "SOCKET");
  g_application_add_main_option(G_APPLICATION(app), "headless", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                "For test runs: no recent-files entries", NULL);
  g_signal_connect(app, "handle-local-options", G_CALLBACK(local_options), NULL);
  g_signal_connect_after(app, "startup", G_CALLBACK(started), NULL);
  g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
  g_signal_connect(app, "open", G_CALLBACK(open_files), NULL);
  int status = g_application_run(G_APPLICATION(app), argc, argv);
  if (status == 0) status = exit_status;
  gui_harness_stop(harness);
  g_free(harness_path);
  g_object_unref(app);
  return status;
}
