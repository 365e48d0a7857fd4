/*
 * gui/proposal_drawer: the proposals of the registry `z3ed agent` uses (seed
 * 000 §12.2), in a drawer on the right of a tab (win.proposals). Per change:
 * what it touches and its before/after: two swatches for a palette colour,
 * the bytes otherwise, and under them the room, area or sheet drawn from the
 * base and from the proposal's ROM, or a message's old and new text
 * (proposal_pictures.c). Accept applies one change or all, Reject rejects the
 * proposal, each through the same `agent proposal accept|reject` command a
 * person types, then the tab reads the ROM file again so the view updates.
 */
#include <stdio.h>
#include <string.h>

#include "agent/proposal.h"
#include "cmd/cmd.h"
#include "gui/gui.h"
#include "gui/jobs.h"
#include "gui/proposal_pictures.h"
#include "snes/color.h"

enum { MAX_LISTED = 64, HEX_SHOWN = 8, MAX_PICTURES = 12 };

typedef struct prop_drawer {
  gui_tab *tab;
  GtkWidget *box, *list, *changes, *info, *folders;
  int64_t ids[MAX_LISTED];
  size_t id_count;
  bool filling;
  unsigned shown; /* moves each time the changes are listed again: older pictures are dropped */
} prop_drawer;

static prop_drawer *drawer_of(GtkWidget *w) { return g_object_get_data(G_OBJECT(w), "prop-drawer"); }

static int64_t selected_id(prop_drawer *d) {
  guint i = gtk_drop_down_get_selected(GTK_DROP_DOWN(d->list));
  return i < d->id_count ? d->ids[i] : 0;
}

/* Runs a registry command as the CLI does (file-based: the registry and the ROM file). */
static bool run_cli(prop_drawer *d, int argc, char **argv) {
  z3_cmd_ctx ctx;
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_cmd_parse(&ctx, argc, argv, &err);
  if (st == Z3_OK) st = z3_cmd_run(&ctx, &err);
  z3_cmd_ctx_release(&ctx);
  d->tab->status(d->tab, st == Z3_OK ? "proposal decided" : err.message);
  return st == Z3_OK;
}

/* A palette colour as two swatches, old and new. */
static void draw_swatches(GtkDrawingArea *a, cairo_t *cr, int w, int h, gpointer data) {
  (void)w, (void)data;
  const uint16_t *c = g_object_get_data(G_OBJECT(a), "colors");
  for (int i = 0; c && i < 2; i++) {
    z3_rgb rgb = z3_color_to_rgb(c[i]);
    cairo_set_source_rgb(cr, rgb.r / 255.0, rgb.g / 255.0, rgb.b / 255.0);
    cairo_rectangle(cr, i * (h + 4), 0, h, h);
    cairo_fill(cr);
  }
}

static char *hex_of(const uint8_t *p, size_t n) {
  GString *s = g_string_new(NULL);
  for (size_t i = 0; i < n && i < HEX_SHOWN; i++) g_string_append_printf(s, "%s%02x", i ? " " : "", p[i]);
  if (n > HEX_SHOWN) g_string_append(s, " ...");
  return g_string_free(s, FALSE);
}

/* Whether the change may have a picture: one with a drawable resource name, or with none (the
 * byte map places it, on the worker). */
static bool may_draw(const z3_prop_change *c) {
  long id;
  return !c->resize && (!c->resource || gui_picture_kind_of(c->resource, &id) != GUI_PIC_NONE);
}

/* A change's row: title and bytes at once; with `pending`, a placeholder where its picture
 * will go (data "prop-pending" on the column, its title "prop-title"). */
static GtkWidget *change_row(const z3_change_set *set, const z3_prop_change *c, bool pending) {
  GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_box_append(GTK_BOX(column), row);
  char *title = g_strdup_printf("#%zu %s (%zu bytes at 0x%06zX)", c->index, c->resource ? c->resource : "bytes",
                                c->bytes_changed, c->offset);
  GtkWidget *label = gtk_label_new(title);
  g_free(title);
  gtk_box_append(GTK_BOX(row), label);
  g_object_set_data(G_OBJECT(column), "prop-title", label);
  if (pending) {
    GtkWidget *wait = gtk_label_new("drawing before and after…");
    gtk_widget_set_halign(wait, GTK_ALIGN_START);
    gtk_widget_add_css_class(wait, "dim-label");
    gui_name(wait, "prop-picture-pending", "Picture being drawn");
    gtk_box_append(GTK_BOX(column), wait);
    g_object_set_data(G_OBJECT(column), "prop-pending", wait);
  }
  bool fits = !c->resize && c->offset + c->length <= set->base->data.len && c->offset + c->length <= set->rom->data.len;
  if (fits && c->resource && strncmp(c->resource, "palette ", 8) == 0 && c->length <= 2) {
    uint16_t *colors = g_new(uint16_t, 2);
    size_t at = c->offset & ~(size_t)1; /* colours are words; a one-byte change still names its word */
    colors[0] = (uint16_t)(set->base->data.data[at] | set->base->data.data[at + 1] << 8);
    colors[1] = (uint16_t)(set->rom->data.data[at] | set->rom->data.data[at + 1] << 8);
    GtkWidget *sw = gtk_drawing_area_new();
    g_object_set_data_full(G_OBJECT(sw), "colors", colors, g_free);
    gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(sw), 2 * 20 + 4);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(sw), 20);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(sw), draw_swatches, NULL, NULL);
    gui_name(sw, "prop-before-after", "Colour before and after");
    gtk_box_append(GTK_BOX(row), sw);
  } else if (fits) {
    char *old = hex_of(set->base->data.data + c->offset, c->length), *neu = hex_of(set->rom->data.data + c->offset, c->length);
    char *text = g_strdup_printf("%s → %s", old, neu);
    GtkWidget *l = gtk_label_new(text);
    gui_name(l, "prop-before-after", "Bytes before and after");
    gtk_box_append(GTK_BOX(row), l);
    g_free(text), g_free(old), g_free(neu);
  }
  return column;
}

/* ---- the pictures, drawn off the UI thread (gui/jobs.c) ------------------------------- */

/* Each picture is two renders (a room, an area, a sheet) from the proposal's two ROMs, which the
 * job owns: the rows show at once with a placeholder, the pictures replace it when drawn. A
 * result for changes no longer listed (another proposal chosen, the registry read again) is
 * dropped. */
typedef struct pictures_job {
  GtkWidget *drawer;   /* a reference: the drawer outlives the job */
  unsigned shown;      /* the listing it was started for */
  z3_change_set set;   /* the worker's alone once the job starts */
  size_t count;        /* changes with a picture slot: the first MAX_PICTURES */
  bool wanted[MAX_PICTURES];
  GtkWidget *columns[MAX_PICTURES]; /* main loop only, and only while `shown` is current */
  gui_picture pics[MAX_PICTURES];
} pictures_job;

static void pictures_work(gui_job *job, void *data) {
  pictures_job *pj = data;
  gui_pictures *p = gui_pictures_new(pj->set.base, pj->set.rom);
  for (size_t i = 0; i < pj->count; i++) {
    const z3_prop_change *c = &pj->set.changes[i];
    if (pj->wanted[i]) gui_pictures_render(p, c->resource, c->offset, &pj->pics[i]);
    gui_job_progress(job, (int)i + 1, (int)pj->count);
  }
  gui_pictures_free(p);
}

static void pictures_apply(GtkWidget *window, gui_tab *unused, void *data) {
  (void)unused;
  pictures_job *pj = data;
  prop_drawer *d = drawer_of(pj->drawer);
  if (!gui_window_has_tab(window, d->tab)) return; /* the tab was closed meanwhile */
  /* the user listed again meanwhile; the newer listing's own job fills it, so nothing to say */
  if (pj->shown != d->shown) return;
  for (size_t i = 0; i < pj->count; i++) {
    if (!pj->wanted[i]) continue;
    GtkWidget *column = pj->columns[i], *pending = g_object_get_data(G_OBJECT(column), "prop-pending");
    if (pending) gtk_box_remove(GTK_BOX(column), pending);
    g_object_set_data(G_OBJECT(column), "prop-pending", NULL);
    GtkWidget *picture = gui_picture_widget(&pj->pics[i]);
    if (picture) gtk_box_append(GTK_BOX(column), picture);
    const z3_prop_change *c = &pj->set.changes[i];
    if (pj->pics[i].place) { /* unnamed: the title says where it is */
      char *title = g_strdup_printf("#%zu %s (%zu bytes at 0x%06zX)", c->index, pj->pics[i].place, c->bytes_changed, c->offset);
      gtk_label_set_text(GTK_LABEL(g_object_get_data(G_OBJECT(column), "prop-title")), title);
      g_free(title);
    }
  }
}

static void pictures_free(void *data) {
  pictures_job *pj = data;
  for (size_t i = 0; i < pj->count; i++) gui_picture_release(&pj->pics[i]);
  z3_change_set_release(&pj->set);
  g_object_unref(pj->drawer);
  g_free(pj);
}

static void show_changes(prop_drawer *d) {
  d->shown++;
  for (GtkWidget *c; (c = gtk_widget_get_first_child(d->changes));) gtk_list_box_remove(GTK_LIST_BOX(d->changes), c);
  int64_t id = selected_id(d);
  char *state = z3_state_dir();
  z3_registry *r = NULL;
  z3_proposal p = {0};
  pictures_job *pj = g_new0(pictures_job, 1);
  z3_error err;
  z3_error_init(&err);
  z3_status st = id ? z3_registry_open_existing(&r, state, &err) : Z3_E_NOT_FOUND;
  if (st == Z3_OK) st = z3_proposal_get(r, id, &p, &err);
  if (st == Z3_OK) st = z3_proposal_changes(&p, &pj->set, &err);
  bool drawing = false;
  for (size_t i = 0; st == Z3_OK && i < pj->set.count; i++) {
    bool pending = i < MAX_PICTURES && may_draw(&pj->set.changes[i]);
    GtkWidget *column = change_row(&pj->set, &pj->set.changes[i], pending);
    gtk_list_box_append(GTK_LIST_BOX(d->changes), column);
    if (i < MAX_PICTURES) pj->count = i + 1, pj->wanted[i] = pending, pj->columns[i] = column;
    drawing |= pending;
  }
  char info[Z3_ERROR_MESSAGE_MAX + 64];
  if (st == Z3_OK) snprintf(info, sizeof info, "%s: %s, %zu change%s", p.title ? p.title : "", p.status, pj->set.count,
                           pj->set.count == 1 ? "" : "s");
  else snprintf(info, sizeof info, "%s", id ? err.message : "no open proposals");
  gtk_label_set_text(GTK_LABEL(d->info), info);
  z3_proposal_release(&p);
  z3_registry_close(r);
  z3_free(state);
  pj->drawer = g_object_ref(d->box);
  pj->shown = d->shown;
  static const gui_job_fns fns = {pictures_work, pictures_apply, pictures_free};
  if (drawing) gui_job_start(d->tab->window, NULL, "drawing the proposal's pictures", &fns, pj);
  else pictures_free(pj);
}

/* Sandboxes no registry row names (a lost registry's, or ones a create set aside), so that
 * none is forgotten; a damaged registry names none, so they are looked for only when it
 * opened or there is none. */
static void show_unregistered(prop_drawer *d, const char *state, z3_registry *r) {
  char *text = z3_registry_unregistered_text(state, r);
  gtk_label_set_text(GTK_LABEL(d->folders), text ? text : "");
  gtk_widget_set_visible(d->folders, text != NULL);
  z3_free(text);
}

void gui_proposals_refresh(GtkWidget *drawer) {
  prop_drawer *d = drawer_of(drawer);
  GtkStringList *names = gtk_string_list_new(NULL);
  d->id_count = 0;
  char *state = z3_state_dir();
  z3_registry *r = NULL;
  z3_proposal *list = NULL;
  size_t count = 0;
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_registry_open_existing(&r, state, &err);
  if (st == Z3_OK) st = z3_registry_list(r, "open", &list, &count, &err);
  if (st == Z3_OK) {
    for (size_t i = 0; i < count && d->id_count < MAX_LISTED; i++) {
      char *text = g_strdup_printf("#%lld %s", (long long)list[i].id, list[i].title ? list[i].title : "");
      gtk_string_list_append(names, text);
      g_free(text);
      d->ids[d->id_count++] = list[i].id;
    }
  } else if (st != Z3_E_NOT_FOUND) {
    d->tab->status(d->tab, err.message); /* an empty list would say there is nothing to review */
  }
  if (state && (st == Z3_OK || st == Z3_E_NOT_FOUND)) show_unregistered(d, state, r);
  else gtk_widget_set_visible(d->folders, FALSE);
  z3_proposal_list_release(list, count);
  z3_registry_close(r);
  z3_free(state);
  d->filling = true;
  gtk_drop_down_set_model(GTK_DROP_DOWN(d->list), G_LIST_MODEL(names));
  g_object_unref(names);
  d->filling = false;
  show_changes(d);
}

/* changes: "1,3" or NULL for all. */
bool gui_proposals_accept(GtkWidget *drawer, const char *changes) {
  prop_drawer *d = drawer_of(drawer);
  int64_t id = selected_id(d);
  if (!id) return false;
  if (z3_doc_modified(d->tab->doc)) {
    d->tab->status(d->tab, "save or undo the ROM's changes before accepting a proposal");
    return false;
  }
  char idtext[24];
  snprintf(idtext, sizeof idtext, "%lld", (long long)id);
  char *argv[] = {"agent", "proposal", "accept", "--proposal-id", idtext, "--rom", d->tab->doc->path,
                  "--changes", (char *)changes, NULL};
  bool ok = run_cli(d, changes ? 9 : 7, argv);
  z3_error err;
  z3_error_init(&err);
  if (ok && z3_doc_reload(d->tab->doc, &err) != Z3_OK) d->tab->status(d->tab, err.message);
  gui_proposals_refresh(drawer);
  return ok;
}

bool gui_proposals_reject(GtkWidget *drawer, const char *reason, const char *note) {
  prop_drawer *d = drawer_of(drawer);
  int64_t id = selected_id(d);
  if (!id) return false;
  char idtext[24];
  snprintf(idtext, sizeof idtext, "%lld", (long long)id);
  char *argv[] = {"agent", "proposal", "reject", "--proposal-id", idtext, "--reason", (char *)reason, "--note", (char *)note, NULL};
  bool ok = run_cli(d, note ? 9 : 7, argv);
  gui_proposals_refresh(drawer);
  return ok;
}

static void accept_clicked(GtkButton *b, gpointer data) {
  prop_drawer *d = data;
  bool all = strcmp(gtk_widget_get_name(GTK_WIDGET(b)), "prop-accept-all") == 0;
  GtkListBoxRow *row = gtk_list_box_get_selected_row(GTK_LIST_BOX(d->changes));
  if (!all && !row) {
    d->tab->status(d->tab, "select a change first");
    return;
  }
  char which[16];
  if (row) snprintf(which, sizeof which, "%d", gtk_list_box_row_get_index(row) + 1);
  gui_proposals_accept(d->box, all ? NULL : which);
}

static void reject_clicked(GtkButton *b, gpointer data) {
  (void)b;
  prop_drawer *d = data;
  gui_proposals_reject(d->box, "other", "rejected in yaze");
}

static void refresh_clicked(GtkButton *b, gpointer data) {
  (void)b;
  gui_proposals_refresh(((prop_drawer *)data)->box);
}

static void proposal_chosen(GObject *o, GParamSpec *p, gpointer data) {
  (void)o, (void)p;
  prop_drawer *d = data;
  if (!d->filling) show_changes(d);
}

static GtkWidget *button(const char *text, const char *name, const char *label, GCallback cb, prop_drawer *d) {
  GtkWidget *b = gtk_button_new_with_label(text);
  gui_name(b, name, label);
  g_signal_connect(b, "clicked", cb, d);
  return b;
}

GtkWidget *gui_proposals_new(gui_tab *tab) {
  prop_drawer *d = g_new0(prop_drawer, 1);
  d->tab = tab;
  d->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_size_request(d->box, 380, -1);
  gtk_widget_set_margin_start(d->box, 6);
  gtk_widget_set_margin_end(d->box, 6);
  gui_name(d->box, "proposals", "Proposal drawer");
  g_object_set_data_full(G_OBJECT(d->box), "prop-drawer", d, g_free);
  d->list = gtk_drop_down_new(G_LIST_MODEL(gtk_string_list_new(NULL)), NULL);
  gui_name(d->list, "prop-list", "Open proposals");
  g_signal_connect(d->list, "notify::selected", G_CALLBACK(proposal_chosen), d);
  d->info = gtk_label_new("");
  gtk_label_set_wrap(GTK_LABEL(d->info), TRUE);
  gui_name(d->info, "prop-info", "Proposal");
  d->folders = gtk_label_new("");
  gtk_label_set_wrap(GTK_LABEL(d->folders), TRUE);
  gtk_widget_add_css_class(d->folders, "dim-label");
  gtk_widget_set_visible(d->folders, FALSE);
  gui_name(d->folders, "prop-unregistered", "Sandboxes the registry does not name");
  d->changes = gtk_list_box_new();
  gui_name(d->changes, "prop-changes", "Changes of the proposal");
  GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *items[] = {button("Accept change", "prop-accept", "Accept the selected change", G_CALLBACK(accept_clicked), d),
                        button("Accept all", "prop-accept-all", "Accept every change", G_CALLBACK(accept_clicked), d),
                        button("Reject", "prop-reject", "Reject the proposal", G_CALLBACK(reject_clicked), d),
                        button("Refresh", "prop-refresh", "Read the registry again", G_CALLBACK(refresh_clicked), d)};
  for (size_t i = 0; i < G_N_ELEMENTS(items); i++) gtk_box_append(GTK_BOX(buttons), items[i]);
  GtkWidget *title = gtk_label_new("Proposals");
  gtk_widget_add_css_class(title, "title-4");
  GtkWidget *scroll = gtk_scrolled_window_new(); /* pictures make the list taller than the window */
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroll), d->changes);
  gtk_widget_set_vexpand(scroll, TRUE);
  gtk_scrolled_window_set_propagate_natural_height(GTK_SCROLLED_WINDOW(scroll), TRUE);
  GtkWidget *all[] = {title, d->list, d->info, d->folders, scroll, buttons};
  for (size_t i = 0; i < G_N_ELEMENTS(all); i++) gtk_box_append(GTK_BOX(d->box), all[i]);
  /* The registry is read when the drawer is shown (win.proposals refreshes it), not while the
   * tab is made: reading it, and drawing a proposal's pictures, is no part of the first frame. */
  return d->box;
}
