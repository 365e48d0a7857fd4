/* gui/app: the main window: ROM tabs, the editor sidebar, open/save/undo/redo, title and status. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gui/gui.h"
#include "gui/jobs.h"
#include "gui/overworld_view.h"
#include "gui/trace.h"

static const gui_editor *const editors[] = {&gui_overworld_editor, &gui_dungeon_editor, &gui_graphics_editor, &gui_palette_editor, &gui_message_editor, &gui_emu_editor};
enum { EDITOR_COUNT = sizeof editors / sizeof editors[0], MAX_WORDS = 48 };

typedef struct gui_window {
  GtkWidget *window, *notebook, *status, *spinner, *progress;
  GtkWidget *welcome, *welcome_error; /* shown while no ROM is open */
  GSimpleActionGroup *actions;
} gui_window;

/* The tooltip is answered from "query-tooltip" rather than set with gtk_widget_set_tooltip_text,
 * which asks the X server where the pointer is at every call (a round trip per named widget,
 * about 10 ms of the first frame). */
static gboolean query_tooltip(GtkWidget *w, int x, int y, gboolean keyboard, GtkTooltip *tooltip, gpointer unused) {
  (void)x, (void)y, (void)keyboard, (void)unused;
  const char *label = gui_label(w);
  if (!label) return FALSE;
  gtk_tooltip_set_text(tooltip, label);
  return TRUE;
}

const char *gui_label(GtkWidget *w) { return g_object_get_data(G_OBJECT(w), "gui-label"); }

void gui_name(GtkWidget *w, const char *name, const char *label) {
  gtk_widget_set_name(w, name);
  gtk_accessible_update_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  bool first = gui_label(w) == NULL;
  g_object_set_data_full(G_OBJECT(w), "gui-label", g_strdup(label), g_free);
  if (first) g_signal_connect(w, "query-tooltip", G_CALLBACK(query_tooltip), NULL);
  gtk_widget_set_has_tooltip(w, TRUE);
}

static gui_window *window_of(GtkWidget *window) { return g_object_get_data(G_OBJECT(window), "gui-window"); }

gui_tab *gui_window_current_tab(GtkWidget *window) {
  gui_window *gw = window_of(window);
  int n = gtk_notebook_get_current_page(GTK_NOTEBOOK(gw->notebook));
  GtkWidget *page = n < 0 ? NULL : gtk_notebook_get_nth_page(GTK_NOTEBOOK(gw->notebook), n);
  return page ? g_object_get_data(G_OBJECT(page), "gui-tab") : NULL;
}

static void set_status(gui_window *gw, const char *text) {
  gtk_label_set_text(GTK_LABEL(gw->status), text);
}

static void tab_status(gui_tab *tab, const char *text) { set_status(window_of(tab->window), text); }

/* A failed open: the status line has room for the reason only; an empty window
 * shows it whole, with its hint, where the user is looking. */
static void open_failed(gui_window *gw, const z3_error *err) {
  set_status(gw, err->message);
  char *text = err->hint[0] ? g_strdup_printf("%s\n%s", err->message, err->hint) : g_strdup(err->message);
  gtk_label_set_text(GTK_LABEL(gw->welcome_error), text);
  gtk_widget_set_visible(gw->welcome_error, TRUE);
  g_free(text);
}

void gui_window_progress(GtkWidget *window, bool busy, double fraction, const char *text) {
  gui_window *gw = window_of(window);
  if (!gw) return;
  gtk_widget_set_visible(gw->spinner, busy);
  gtk_widget_set_visible(gw->progress, busy);
  gtk_spinner_set_spinning(GTK_SPINNER(gw->spinner), busy);
  gtk_progress_bar_set_fraction(GTK_PROGRESS_BAR(gw->progress), fraction);
  gtk_progress_bar_set_text(GTK_PROGRESS_BAR(gw->progress), text);
}

bool gui_window_has_tab(GtkWidget *window, gui_tab *tab) {
  gui_window *gw = window_of(window);
  int pages = gw ? gtk_notebook_get_n_pages(GTK_NOTEBOOK(gw->notebook)) : 0;
  for (int i = 0; i < pages; i++)
    if (g_object_get_data(G_OBJECT(gtk_notebook_get_nth_page(GTK_NOTEBOOK(gw->notebook), i)), "gui-tab") == tab) return true;
  return false;
}

static void set_enabled(GtkWidget *window, const char *name, bool on) {
  GAction *a = g_action_map_lookup_action(G_ACTION_MAP(window_of(window)->actions), name);
  if (a) g_simple_action_set_enabled(G_SIMPLE_ACTION(a), on);
}

/* Title "name* - yaze" (the star while unsaved), tab label the same, actions enabled to match. */
static void update_chrome(GtkWidget *window) {
  gui_window *gw = window_of(window);
  gui_tab *tab = gui_window_current_tab(window);
  char title[512];
  if (tab) snprintf(title, sizeof title, "%s%s - yaze", z3_doc_name(tab->doc), z3_doc_modified(tab->doc) ? "*" : "");
  else snprintf(title, sizeof title, "yaze");
  gtk_window_set_title(GTK_WINDOW(window), title);
  int pages = gtk_notebook_get_n_pages(GTK_NOTEBOOK(gw->notebook));
  for (int i = 0; i < pages; i++) {
    GtkWidget *page = gtk_notebook_get_nth_page(GTK_NOTEBOOK(gw->notebook), i);
    gui_tab *t = g_object_get_data(G_OBJECT(page), "gui-tab");
    char label[300];
    snprintf(label, sizeof label, "%s%s", z3_doc_name(t->doc), z3_doc_modified(t->doc) ? "*" : "");
    gtk_notebook_set_tab_label_text(GTK_NOTEBOOK(gw->notebook), page, label);
  }
  gtk_widget_set_visible(gw->welcome, pages == 0);
  gtk_widget_set_visible(gw->notebook, pages > 0);
  set_enabled(window, "save", tab != NULL);
  set_enabled(window, "undo", tab && z3_doc_can_undo(tab->doc));
  set_enabled(window, "redo", tab && z3_doc_can_redo(tab->doc));
}

/* ---- after the first frame ----------------------------------------------------------- */

/* Work the first frame does not need waits for it: queued on the window until its frame clock's
 * first "after-paint", then run from idles so each is its own main-loop turn. */
typedef struct deferred {
  GSourceFunc fn;
  gpointer data;
  GDestroyNotify free;
} deferred;

static void drop_deferred(gpointer item) { /* a window gone before its first paint */
  deferred *d = item;
  if (d->free) d->free(d->data);
}

static void run_deferred(GtkWidget *window) {
  GArray *queue = g_object_steal_data(G_OBJECT(window), "gui-deferred");
  for (guint i = 0; queue && i < queue->len; i++) {
    deferred *d = &g_array_index(queue, deferred, i);
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, d->fn, d->data, d->free);
    d->free = NULL; /* the idle's now */
  }
  if (queue) g_array_unref(queue);
}

static void first_paint(GdkFrameClock *clock, gpointer window) {
  g_signal_handlers_disconnect_by_func(clock, first_paint, window);
  g_object_set_data(G_OBJECT(window), "gui-painted", window);
  run_deferred(window);
}

static void realized(GtkWidget *window, gpointer unused) {
  (void)unused;
  GdkFrameClock *clock = gdk_surface_get_frame_clock(gtk_native_get_surface(GTK_NATIVE(window)));
  g_signal_connect(clock, "after-paint", G_CALLBACK(first_paint), window);
}

void gui_after_first_frame(GtkWidget *window, GSourceFunc fn, gpointer data, GDestroyNotify free) {
  if (g_object_get_data(G_OBJECT(window), "gui-painted")) {
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, fn, data, free);
    return;
  }
  GArray *queue = g_object_get_data(G_OBJECT(window), "gui-deferred");
  if (!queue) {
    queue = g_array_new(FALSE, FALSE, sizeof(deferred));
    g_array_set_clear_func(queue, drop_deferred);
    g_object_set_data_full(G_OBJECT(window), "gui-deferred", queue, (GDestroyNotify)g_array_unref);
  }
  g_array_append_val(queue, ((deferred){fn, data, free}));
}

/* ---- tabs ------------------------------------------------------------------------------- */

static const gui_editor *editor_named(const char *name) {
  for (size_t i = 0; i < EDITOR_COUNT; i++)
    if (strcmp(editors[i]->name, name) == 0) return editors[i];
  return NULL;
}

static bool built(GtkWidget *page) { return g_object_get_data(G_OBJECT(page), "gui-built") != NULL; }

/* Pages are made empty and filled the first time they are needed: at start-up only the page
 * shown is filled, which is most of what the first frame waits on. */
static GtkWidget *build_page(gui_tab *tab, const char *name) {
  GtkWidget *page = gtk_stack_get_child_by_name(GTK_STACK(tab->stack), name);
  const gui_editor *ed = page ? editor_named(name) : NULL;
  if (!ed || built(page)) return page;
  g_object_set_data(G_OBJECT(page), "gui-built", page); /* first: a build that looks itself up must not recurse */
  ed->build(page, tab);
  gui_trace(name);
  return page;
}

GtkWidget *gui_tab_editor(gui_tab *tab, const char *name) { return build_page(tab, name); }

static void shown(GtkStack *stack, GParamSpec *pspec, gpointer tab) {
  (void)pspec;
  const char *name = gtk_stack_get_visible_child_name(stack);
  if (name) build_page(tab, name);
}

void gui_window_build_all(GtkWidget *window) {
  gui_window *gw = window_of(window);
  int pages = gw ? gtk_notebook_get_n_pages(GTK_NOTEBOOK(gw->notebook)) : 0;
  for (int i = 0; i < pages; i++) {
    gui_tab *tab = g_object_get_data(G_OBJECT(gtk_notebook_get_nth_page(GTK_NOTEBOOK(gw->notebook), i)), "gui-tab");
    for (size_t k = 0; tab && k < EDITOR_COUNT; k++) build_page(tab, editors[k]->name);
  }
}

void gui_tab_show(gui_tab *tab, const char *name) { gtk_stack_set_visible_child_name(GTK_STACK(tab->stack), name); }

static void doc_changed(z3_doc *doc, void *data) {
  gui_tab *tab = data;
  (void)doc;
  for (size_t i = 0; i < EDITOR_COUNT; i++) { /* a page not built yet reads the ROM when it is */
    GtkWidget *w = gtk_stack_get_child_by_name(GTK_STACK(tab->stack), editors[i]->name);
    if (w && built(w) && editors[i]->refresh) editors[i]->refresh(w, tab);
  }
  update_chrome(tab->window);
}

bool gui_tab_run(gui_tab *tab, json_t **result, const char *resource, const char *action, ...) {
  const char *words[MAX_WORDS];
  int n = 0;
  words[n++] = resource;
  words[n++] = action;
  va_list ap;
  va_start(ap, action);
  for (const char *w; (w = va_arg(ap, const char *)) && n < MAX_WORDS;) words[n++] = w;
  va_end(ap);
  z3_error err;
  z3_error_init(&err);
  if (z3_doc_run(tab->doc, n, words, result, &err) == Z3_OK) {
    char text[128];
    snprintf(text, sizeof text, "%s %s: done", resource, action);
    tab->status(tab, text);
    return true;
  }
  if (result) { /* a check that found problems still answers; callers only read successes */
    json_decref(*result);
    *result = NULL;
  }
  tab->status(tab, err.message);
  return false;
}

static void free_tab(gpointer data) {
  gui_tab *tab = data;
  z3_doc_free(tab->doc);
  g_free(tab);
}

static GtkWidget *tab_page(gui_tab *tab) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
  tab->stack = gtk_stack_new();
  gtk_widget_set_hexpand(tab->stack, TRUE);
  gtk_widget_set_vexpand(tab->stack, TRUE);
  gui_name(tab->stack, "editors", "Editors");
  GtkWidget *sidebar = gtk_stack_sidebar_new();
  gtk_stack_sidebar_set_stack(GTK_STACK_SIDEBAR(sidebar), GTK_STACK(tab->stack));
  gui_name(sidebar, "editor-list", "Editor list");
  for (size_t i = 0; i < EDITOR_COUNT; i++)
    gtk_stack_add_titled(GTK_STACK(tab->stack), editors[i]->create(tab), editors[i]->name, editors[i]->title);
  shown(GTK_STACK(tab->stack), NULL, tab); /* the first page */
  g_signal_connect(tab->stack, "notify::visible-child", G_CALLBACK(shown), tab);
  gtk_box_append(GTK_BOX(box), sidebar);
  gtk_box_append(GTK_BOX(box), gtk_separator_new(GTK_ORIENTATION_VERTICAL));
  gtk_box_append(GTK_BOX(box), tab->stack);
  gui_trace("editors");
  tab->drawer = gtk_revealer_new();
  gtk_revealer_set_transition_type(GTK_REVEALER(tab->drawer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT);
  gtk_revealer_set_child(GTK_REVEALER(tab->drawer), gui_proposals_new(tab));
  gui_name(tab->drawer, "proposal-drawer", "Proposal drawer");
  gui_trace("proposal drawer");
  gtk_box_append(GTK_BOX(box), tab->drawer);
  return box;
}

static void add_recent(gui_tab *tab, const char *path);

/* A tab for a document read and parsed already, shown in front. */
static void add_tab(GtkWidget *window, z3_doc *doc, const char *path) {
  gui_window *gw = window_of(window);
  gui_tab *tab = g_new0(gui_tab, 1);
  tab->doc = doc;
  tab->window = window;
  tab->status = tab_status;
  tab->page = tab_page(tab);
  g_object_set_data_full(G_OBJECT(tab->page), "gui-tab", tab, free_tab);
  tab->doc->listener = doc_changed;
  tab->doc->listener_data = tab;
  GtkWidget *label = gtk_label_new(z3_doc_name(tab->doc));
  int n = gtk_notebook_append_page(GTK_NOTEBOOK(gw->notebook), tab->page, label);
  gtk_notebook_set_current_page(GTK_NOTEBOOK(gw->notebook), n);
  if (!g_object_get_data(G_OBJECT(window), "gui-headless")) add_recent(tab, path);
  gui_trace("tab in the notebook");
  set_status(gw, path);
  update_chrome(window);
}

bool gui_window_open(GtkWidget *window, const char *path, z3_error *err) {
  z3_doc *doc = NULL;
  if (z3_doc_open(&doc, path, err) != Z3_OK) {
    open_failed(window_of(window), err);
    return false;
  }
  gui_trace("rom read and parsed");
  add_tab(window, doc, path);
  return true;
}

/* Ctrl+O: the file read and parsed on a worker thread (gui/jobs.c), the tab made on the main loop. */
typedef struct opening {
  char *path;
  z3_doc *doc;
  z3_error err;
  gui_opened_fn done;
  void *done_data;
} opening;

static void open_work(gui_job *job, void *data) {
  (void)job;
  opening *o = data;
  z3_doc_open(&o->doc, o->path, &o->err);
}

static void open_apply(GtkWidget *window, gui_tab *unused, void *data) {
  (void)unused;
  opening *o = data;
  bool opened = o->doc != NULL;
  if (opened) add_tab(window, o->doc, o->path);
  else open_failed(window_of(window), &o->err);
  o->doc = NULL; /* the tab's now */
  gui_trace(opened ? "tab added (opened off the UI thread)" : "open failed");
  if (o->done) o->done(window, opened ? NULL : o->err.message, o->done_data);
}

static void open_free(void *data) {
  opening *o = data;
  z3_doc_free(o->doc);
  g_free(o->path);
  g_free(o);
}

void gui_window_open_async(GtkWidget *window, const char *path) { gui_window_open_then(window, path, NULL, NULL); }

void gui_window_open_then(GtkWidget *window, const char *path, gui_opened_fn done, void *data) {
  opening *o = g_new0(opening, 1);
  o->path = g_strdup(path);
  o->done = done;
  o->done_data = data;
  z3_error_init(&o->err);
  char *base = g_path_get_basename(path), *what = g_strdup_printf("opening %s", base);
  static const gui_job_fns fns = {open_work, open_apply, open_free};
  gui_job_start(window, NULL, what, &fns, o);
  g_free(base), g_free(what);
}

/* The desktop's recent files: the first use of GTK's recent manager reads its list and sets a
 * file monitor up (about 20 ms), so it waits until the window has been painted once. */
typedef struct recent_entry {
  char *path, *name;
} recent_entry;

static gboolean add_recent_now(gpointer data) {
  recent_entry *r = data;
  GFile *file = g_file_new_for_path(r->path);
  char *uri = g_file_get_uri(file);
  GtkRecentData recent = {.display_name = r->name, .mime_type = "application/vnd.nintendo.snes.rom",
                          .app_name = "yaze", .app_exec = "yaze %f"};
  gtk_recent_manager_add_full(gtk_recent_manager_get_default(), uri, &recent);
  g_free(uri);
  g_object_unref(file);
  return G_SOURCE_REMOVE;
}

static void free_recent(gpointer data) {
  recent_entry *r = data;
  g_free(r->path), g_free(r->name), g_free(r);
}

static void add_recent(gui_tab *tab, const char *path) {
  recent_entry *r = g_new0(recent_entry, 1);
  r->path = g_strdup(path);
  r->name = g_strdup(z3_doc_name(tab->doc));
  gui_after_first_frame(tab->window, add_recent_now, r, free_recent);
}

/* ---- actions ---------------------------------------------------------------------------- */

static void chooser_response(GtkNativeDialog *chooser, int response, gpointer window) {
  if (response == GTK_RESPONSE_ACCEPT) {
    GFile *file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(chooser));
    char *path = file ? g_file_get_path(file) : NULL;
    if (path) gui_window_open_async(window, path);
    g_free(path);
    if (file) g_object_unref(file);
  }
  g_object_unref(chooser);
}

static void on_open(GSimpleAction *a, GVariant *p, gpointer window) {
  (void)a, (void)p;
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new("Open ROM", GTK_WINDOW(window),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel");
  GtkFileFilter *filter = gtk_file_filter_new();
  gtk_file_filter_set_name(filter, "SNES ROMs");
  gtk_file_filter_add_pattern(filter, "*.sfc");
  gtk_file_filter_add_pattern(filter, "*.smc");
  gtk_file_chooser_add_filter(GTK_FILE_CHOOSER(chooser), filter);
  g_object_unref(filter);
  g_signal_connect(chooser, "response", G_CALLBACK(chooser_response), window);
  gtk_native_dialog_show(GTK_NATIVE_DIALOG(chooser));
}

static void on_save(GSimpleAction *a, GVariant *p, gpointer window) {
  (void)a, (void)p;
  gui_tab *tab = gui_window_current_tab(window);
  if (!tab) return;
  z3_error err;
  z3_error_init(&err);
  char *text = NULL;
  if (z3_doc_save(tab->doc, &err) == Z3_OK)
    text = g_strdup_printf("saved %s (previous file kept as %s.bak)", tab->doc->path, tab->doc->path);
  else if (z3_doc_changed_on_disk(tab->doc))
    text = g_strdup_printf("not saved: %s was saved elsewhere since it was opened here; your edits are kept. "
                           "Ctrl+Shift+M merges them onto it", z3_doc_name(tab->doc));
  else
    text = g_strdup(err.message);
  tab->status(tab, text);
  g_free(text);
}

/* After a refused save: these edits on top of the file as another process left it. */
static void on_merge(GSimpleAction *a, GVariant *p, gpointer window) {
  (void)a, (void)p;
  gui_tab *tab = gui_window_current_tab(window);
  if (!tab) return;
  if (!z3_doc_changed_on_disk(tab->doc)) {
    tab->status(tab, "nothing to merge: the file has not changed on disk since it was opened here");
    return;
  }
  z3_error err;
  z3_error_init(&err);
  tab->status(tab, z3_doc_merge_from_disk(tab->doc, &err) == Z3_OK
                       ? "merged onto the file on disk; Ctrl+S saves, Ctrl+Z takes the merge back"
                       : err.message);
}

static void undo_or_redo(GtkWidget *window, bool undo) {
  gui_tab *tab = gui_window_current_tab(window);
  if (!tab) return;
  z3_error err;
  z3_error_init(&err);
  z3_status st = undo ? z3_doc_undo(tab->doc, &err) : z3_doc_redo(tab->doc, &err);
  tab->status(tab, st ? err.message : undo ? "undone" : "redone");
}

static void on_undo(GSimpleAction *a, GVariant *p, gpointer window) {
  (void)a, (void)p;
  undo_or_redo(window, true);
}

static void on_redo(GSimpleAction *a, GVariant *p, gpointer window) {
  (void)a, (void)p;
  undo_or_redo(window, false);
}

static void on_commands(GSimpleAction *a, GVariant *p, gpointer window) {
  (void)a, (void)p;
  gui_command_palette_open(window);
}

static void on_proposals(GSimpleAction *a, GVariant *p, gpointer window) {
  (void)a, (void)p;
  gui_tab *tab = gui_window_current_tab(window);
  if (!tab) return;
  bool show = !gtk_revealer_get_reveal_child(GTK_REVEALER(tab->drawer));
  if (show) gui_proposals_refresh(gtk_revealer_get_child(GTK_REVEALER(tab->drawer)));
  gtk_revealer_set_reveal_child(GTK_REVEALER(tab->drawer), show);
}

/* Every overworld area drawn off the UI thread, so choosing one later shows it at once. */
static void on_prerender(GSimpleAction *a, GVariant *p, gpointer window) {
  (void)a, (void)p;
  gui_tab *tab = gui_window_current_tab(window);
  if (tab) gui_overworld_prerender(gui_tab_editor(tab, "overworld"), tab);
}

/* The idle holds a reference to the window; a window destroyed meanwhile (its "destroy" clears
 * "gui-live") is left alone. */
static gboolean update_chrome_later(gpointer window) {
  if (g_object_get_data(G_OBJECT(window), "gui-live")) update_chrome(window);
  return G_SOURCE_REMOVE;
}

static void window_destroyed(GtkWidget *window, gpointer unused) {
  (void)unused;
  g_object_set_data(G_OBJECT(window), "gui-live", NULL);
}

/* "switch-page" comes before the notebook's current page changes. */
static void switched(GtkNotebook *nb, GtkWidget *page, guint n, gpointer window) {
  (void)nb, (void)page, (void)n;
  g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, update_chrome_later, g_object_ref(window), g_object_unref);
}

static const GActionEntry actions[] = {
    {.name = "open", .activate = on_open},
    {.name = "save", .activate = on_save},
    {.name = "merge", .activate = on_merge},
    {.name = "undo", .activate = on_undo},
    {.name = "redo", .activate = on_redo},
    {.name = "commands", .activate = on_commands},
    {.name = "proposals", .activate = on_proposals},
    {.name = "prerender", .activate = on_prerender},
};

static const struct {
  const char *action, *accel, *icon, *name, *label;
} buttons[] = {
    {"win.open", "<Control>o", "document-open-symbolic", "open", "Open ROM"},
    {"win.save", "<Control>s", "document-save-symbolic", "save", "Save ROM (keeps a .bak)"},
    {"win.undo", "<Control>z", "edit-undo-symbolic", "undo", "Undo"},
    {"win.redo", "<Control><Shift>z", "edit-redo-symbolic", "redo", "Redo"},
    {"win.commands", "<Control><Shift>p", "utilities-terminal-symbolic", "commands", "Run a command (command palette)"},
    {"win.proposals", "<Control><Shift>r", "view-dual-symbolic", "proposals-toggle", "Show or hide the proposal drawer"},
};

static void add_shortcut(GtkShortcutController *sc, const char *accel, const char *action) {
  gtk_shortcut_controller_add_shortcut(
      sc, gtk_shortcut_new(gtk_shortcut_trigger_parse_string(accel), gtk_named_action_new(action)));
}

static GtkWidget *header_bar(GtkWidget *window) {
  GtkWidget *bar = gtk_header_bar_new();
  GtkShortcutController *sc = GTK_SHORTCUT_CONTROLLER(gtk_shortcut_controller_new());
  gtk_shortcut_controller_set_scope(sc, GTK_SHORTCUT_SCOPE_MANAGED);
  for (size_t i = 0; i < G_N_ELEMENTS(buttons); i++) {
    GtkWidget *b = gtk_button_new_from_icon_name(buttons[i].icon);
    gtk_actionable_set_action_name(GTK_ACTIONABLE(b), buttons[i].action);
    gui_name(b, buttons[i].name, buttons[i].label);
    gtk_header_bar_pack_start(GTK_HEADER_BAR(bar), b);
    add_shortcut(sc, buttons[i].accel, buttons[i].action);
  }
  /* No button: it is offered by the status line of the save it would rescue. */
  add_shortcut(sc, "<Control><Shift>m", "win.merge");
  add_shortcut(sc, "<Control><Shift>a", "win.prerender");
  gtk_widget_add_controller(window, GTK_EVENT_CONTROLLER(sc));
  return bar;
}

static GtkWidget *wrapped_label(const char *text, int width_chars) {
  GtkWidget *l = gtk_label_new(text);
  gtk_label_set_wrap(GTK_LABEL(l), TRUE);
  gtk_label_set_max_width_chars(GTK_LABEL(l), width_chars);
  gtk_label_set_justify(GTK_LABEL(l), GTK_JUSTIFY_CENTER);
  return l;
}

/* What a window without a ROM shows: what yaze is for, the way to open one, and
 * why the last one did not open. */
static GtkWidget *welcome_page(gui_window *gw) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_valign(box, GTK_ALIGN_CENTER);
  gtk_widget_set_halign(box, GTK_ALIGN_CENTER);
  gtk_widget_set_vexpand(box, TRUE);
  gui_name(box, "welcome", "No ROM open");
  GtkWidget *title = gtk_label_new(NULL);
  gtk_label_set_markup(GTK_LABEL(title), "<span size='x-large' weight='bold'>No ROM open</span>");
  GtkWidget *how = wrapped_label("Open a ROM of A Link to the Past, or of a hack made from it (.sfc or .smc), "
                                 "to edit its overworld, dungeons, graphics, palettes and messages, "
                                 "or to run it. Ctrl+O opens one too.", 60);
  gtk_widget_add_css_class(how, "dim-label");
  GtkWidget *open = gtk_button_new_with_mnemonic("_Open ROM…");
  gtk_actionable_set_action_name(GTK_ACTIONABLE(open), "win.open");
  gtk_widget_set_halign(open, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class(open, "suggested-action");
  gui_name(open, "welcome-open", "Open ROM");
  gw->welcome_error = wrapped_label("", 70);
  gtk_label_set_selectable(GTK_LABEL(gw->welcome_error), TRUE);
  gtk_widget_add_css_class(gw->welcome_error, "error");
  gtk_widget_set_visible(gw->welcome_error, FALSE);
  gui_name(gw->welcome_error, "welcome-error", "Why the last ROM did not open");
  gtk_box_append(GTK_BOX(box), title);
  gtk_box_append(GTK_BOX(box), how);
  gtk_box_append(GTK_BOX(box), open);
  gtk_box_append(GTK_BOX(box), gw->welcome_error);
  return box;
}

GtkWidget *gui_window_new(GtkApplication *app) {
  GtkWidget *window = app ? gtk_application_window_new(app) : gtk_window_new();
  gui_window *gw = g_new0(gui_window, 1);
  gw->window = window;
  g_object_set_data_full(G_OBJECT(window), "gui-window", gw, g_free);
  gui_name(window, "yaze", "yaze ROM editor");
  gtk_window_set_default_size(GTK_WINDOW(window), 1100, 760);
  GSimpleActionGroup *group = g_simple_action_group_new();
  g_action_map_add_action_entries(G_ACTION_MAP(group), actions, G_N_ELEMENTS(actions), window);
  gtk_widget_insert_action_group(window, "win", G_ACTION_GROUP(group)); /* the window holds it */
  gw->actions = group;
  g_object_unref(group);
  gtk_window_set_titlebar(GTK_WINDOW(window), header_bar(window));
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  gw->notebook = gtk_notebook_new();
  gtk_notebook_set_scrollable(GTK_NOTEBOOK(gw->notebook), TRUE);
  gtk_widget_set_vexpand(gw->notebook, TRUE);
  gui_name(gw->notebook, "roms", "Open ROMs");
  g_signal_connect(gw->notebook, "switch-page", G_CALLBACK(switched), window);
  g_object_set_data(G_OBJECT(window), "gui-live", window);
  g_signal_connect(window, "destroy", G_CALLBACK(window_destroyed), NULL);
  g_signal_connect(window, "realize", G_CALLBACK(realized), NULL);
  gw->status = gtk_label_new("Open a ROM with Ctrl+O");
  gtk_label_set_xalign(GTK_LABEL(gw->status), 0);
  gtk_label_set_ellipsize(GTK_LABEL(gw->status), PANGO_ELLIPSIZE_END);
  gtk_widget_set_margin_start(gw->status, 6);
  gui_name(gw->status, "status", "Status");
  gtk_widget_set_hexpand(gw->status, TRUE);
  /* shown while a job runs off the UI thread (gui/jobs.c) */
  gw->spinner = gtk_spinner_new();
  gui_name(gw->spinner, "busy", "Working in the background");
  gw->progress = gtk_progress_bar_new();
  gtk_progress_bar_set_show_text(GTK_PROGRESS_BAR(gw->progress), TRUE);
  gtk_widget_set_size_request(gw->progress, 240, -1);
  gtk_widget_set_valign(gw->progress, GTK_ALIGN_CENTER);
  gui_name(gw->progress, "progress", "Progress of the background job");
  gtk_widget_set_visible(gw->spinner, FALSE);
  gtk_widget_set_visible(gw->progress, FALSE);
  GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append(GTK_BOX(bar), gw->status);
  gtk_box_append(GTK_BOX(bar), gw->spinner);
  gtk_box_append(GTK_BOX(bar), gw->progress);
  gw->welcome = welcome_page(gw);
  gtk_box_append(GTK_BOX(box), gw->welcome);
  gtk_box_append(GTK_BOX(box), gw->notebook);
  gtk_box_append(GTK_BOX(box), bar);
  gtk_window_set_child(GTK_WINDOW(window), box);
  update_chrome(window);
  return window;
}
