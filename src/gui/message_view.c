/*
 * gui/message_view: the message editor. Every message listed (readable text,
 * dictionary expanded), a search that filters the list, an editor for the
 * token syntax (docs/messages.md) applied with `message set`, and
 * a preview drawn with the ROM's own font (2bpp at 0x70000, two tiles a
 * character, widths at 0x74ADF: data reference §5).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "gui/canvas.h"
#include "gui/gui.h"
#include "gui/message_view.h"
#include "snes/tile.h"
#include "zelda3/text.h"

#define FONT_PC 0x70000u
enum { FONT_TILES = 256, PREVIEW_W = 256, PREVIEW_LINES = 6, PREVIEW_ZOOM = 2, WIDTHS = 99 };

typedef struct msg_view {
  gui_tab *tab;
  GtkWidget *box, *search, *list, *editor, *preview;
  z3_text text;
  bool loaded;
  int current;                  /* message id shown in the editor, -1 none */
  cairo_surface_t *picture;
} msg_view;

static msg_view *view_of(GtkWidget *editor) { return g_object_get_data(G_OBJECT(editor), "msg-view"); }

/* Message id's readable text; caller frees. */
static char *message_text(msg_view *v, size_t id) {
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  const z3_message *m = &v->text.msgs[id];
  char *s = z3_text_decode(&v->text.dict, m->data, m->len, true, &out, &err) == Z3_OK ? g_strdup((char *)out.data)
                                                                                   : g_strdup(err.message);
  z3_buf_release(&out);
  return s;
}

/* ---- preview ---------------------------------------------------------------------------- */

/* Character bytes of the text with dictionary bytes expanded and commands kept. */
static bool preview_bytes(msg_view *v, const char *utf8, z3_buf *out, z3_error *err) {
  z3_buf raw;
  z3_buf_init(&raw);
  bool ok = z3_text_encode(&v->text.dict, utf8, false, &raw, err) == Z3_OK;
  for (size_t i = 0; ok && i < raw.len; i++) {
    uint8_t b = raw.data[i];
    int d = b - Z3_TEXT_DICT_BASE;
    if (d >= 0 && d < Z3_TEXT_DICT_COUNT)
      ok = z3_buf_append(out, v->text.dict.data + v->text.dict.start[d], (size_t)(v->text.dict.start[d + 1] - v->text.dict.start[d]), err) == Z3_OK;
    else ok = z3_buf_append(out, &b, 1, err) == Z3_OK;
  }
  z3_buf_release(&raw);
  return ok;
}

/* Draws character b (8 wide, 16 tall: tile (b%16 + b/16*32) above the one 16 tiles on). */
static void draw_char(const uint8_t *font, uint8_t b, int x0, int y0, uint8_t *px) {
  int top = (b & 0x0F) + (b >> 4) * 32;
  for (int half = 0; half < 2; half++) {
    int tile = top + half * 16;
    if (tile >= FONT_TILES) return;
    uint8_t pixels[64];
    z3_tile_decode(Z3_TILE_2BPP, font + (size_t)tile * 16, pixels);
    for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++) {
        int X = x0 + x, Y = y0 + half * 8 + y;
        if (X < PREVIEW_W && Y < PREVIEW_LINES * 16 && pixels[y * 8 + x]) px[Y * PREVIEW_W + X] = pixels[y * 8 + x];
      }
  }
}

static void render_preview(msg_view *v, const char *utf8) {
  if (v->picture) cairo_surface_destroy(v->picture);
  v->picture = NULL;
  const z3_rom *rom = v->tab->doc->rom;
  if (rom->data.len < FONT_PC + FONT_TILES * 16 || rom->data.len < 0x74ADFu + WIDTHS) return;
  const uint8_t *font = rom->data.data + FONT_PC, *widths = rom->data.data + 0x74ADFu;
  static uint8_t px[PREVIEW_W * PREVIEW_LINES * 16];
  memset(px, 0, sizeof px);
  z3_buf bytes;
  z3_buf_init(&bytes);
  z3_error err;
  z3_error_init(&err);
  int x = 0, line = 0;
  if (preview_bytes(v, utf8, &bytes, &err)) {
    for (size_t i = 0; i < bytes.len && line < PREVIEW_LINES; i++) {
      uint8_t b = bytes.data[i];
      if (b >= 0x74 && b <= 0x76) line = b - 0x74, x = 0;            /* [1] [2] [3]: that line */
      else if (b == 0x73) line++, x = 0;                              /* [V]: scroll on */
      else if (b < WIDTHS && b < 0x67) draw_char(font, b, x, line * 16, px), x += widths[b];
      else if (b >= 0x6B && b <= 0x6E) i++;                           /* commands with a byte */
      else if (b >= 0x77 && b <= 0x7A) i++;
    }
  } else {
    v->tab->status(v->tab, err.message);
  }
  z3_buf_release(&bytes);
  static const uint8_t colors[4][4] = {{16, 24, 64, 255}, {40, 40, 40, 255}, {160, 160, 160, 255}, {248, 248, 248, 255}};
  v->picture = gui_surface_indexed(px, PREVIEW_W, PREVIEW_LINES * 16, colors, 4);
  gtk_widget_queue_draw(v->preview);
}

static void draw(GtkDrawingArea *a, cairo_t *cr, int w, int h, gpointer data) {
  (void)a, (void)w, (void)h;
  gui_paint_scaled(cr, ((msg_view *)data)->picture, PREVIEW_ZOOM);
}

static char *editor_text(msg_view *v) {
  GtkTextBuffer *buf = gtk_text_view_get_buffer(GTK_TEXT_VIEW(v->editor));
  GtkTextIter a, b;
  gtk_text_buffer_get_bounds(buf, &a, &b);
  return gtk_text_buffer_get_text(buf, &a, &b, FALSE);
}

static void edited(GtkTextBuffer *buf, gpointer data) {
  (void)buf;
  msg_view *v = data;
  char *s = editor_text(v);
  render_preview(v, s);
  g_free(s);
}

/* ---- list -------------------------------------------------------------------------------- */

static void show_message(msg_view *v, int id) {
  v->current = id;
  char *s = id >= 0 && (size_t)id < v->text.count ? message_text(v, (size_t)id) : g_strdup("");
  gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(v->editor)), s, -1);
  g_free(s);
}

static void row_selected(GtkListBox *box, GtkListBoxRow *row, gpointer data) {
  (void)box;
  if (row) show_message(data, gtk_list_box_row_get_index(row));
}

static bool matches(const char *text, const char *needle) {
  for (const char *p = text; *p; p++) {
    size_t i = 0;
    while (needle[i] && p[i] && tolower((unsigned char)p[i]) == tolower((unsigned char)needle[i])) i++;
    if (!needle[i]) return true;
  }
  return !*needle;
}

static gboolean filter(GtkListBoxRow *row, gpointer data) {
  msg_view *v = data;
  const char *needle = gtk_editable_get_text(GTK_EDITABLE(v->search));
  GtkWidget *label = gtk_list_box_row_get_child(row);
  return matches(gtk_label_get_text(GTK_LABEL(label)), needle);
}

static void search_changed(GtkSearchEntry *e, gpointer data) {
  (void)e;
  gtk_list_box_invalidate_filter(GTK_LIST_BOX(((msg_view *)data)->list));
}

static void fill_list(msg_view *v) {
  for (GtkWidget *c; (c = gtk_widget_get_first_child(v->list));) gtk_list_box_remove(GTK_LIST_BOX(v->list), c);
  for (size_t i = 0; i < v->text.count; i++) {
    char *s = message_text(v, i);
    char *line = g_strdup_printf("0x%03zX  %s", i, s);
    for (char *p = line; *p; p++) if (*p == '\n') *p = ' ';
    GtkWidget *label = gtk_label_new(line);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
    gtk_list_box_append(GTK_LIST_BOX(v->list), label);
    g_free(line);
    g_free(s);
  }
}

static void reload(msg_view *v) {
  if (v->loaded) z3_text_release(&v->text);
  z3_error err;
  z3_error_init(&err);
  v->loaded = z3_text_load(v->tab->doc->rom, &v->text, &err) == Z3_OK;
  if (!v->loaded) {
    memset(&v->text, 0, sizeof v->text);
    v->tab->status(v->tab, err.message);
  }
  int keep = v->current;
  fill_list(v);
  GtkListBoxRow *row = gtk_list_box_get_row_at_index(GTK_LIST_BOX(v->list), keep < 0 ? 0 : keep);
  if (row) gtk_list_box_select_row(GTK_LIST_BOX(v->list), row);
  show_message(v, row ? gtk_list_box_row_get_index(row) : -1);
}

/* ---- actions ----------------------------------------------------------------------------- */

void gui_message_select(GtkWidget *editor, int id) {
  msg_view *v = view_of(editor);
  GtkListBoxRow *row = gtk_list_box_get_row_at_index(GTK_LIST_BOX(v->list), id);
  if (row) gtk_list_box_select_row(GTK_LIST_BOX(v->list), row);
}

bool gui_message_apply(GtkWidget *editor) {
  msg_view *v = view_of(editor);
  if (v->current < 0) return false;
  char id[16];
  snprintf(id, sizeof id, "%d", v->current);
  char *s = editor_text(v);
  bool ok = gui_tab_run(v->tab, NULL, "message", "set", "--id", id, "--text", s, NULL);
  g_free(s);
  return ok;
}

static void apply_clicked(GtkButton *b, gpointer data) {
  (void)b;
  gui_message_apply(((msg_view *)data)->box);
}

static void free_view(gpointer data) {
  msg_view *v = data;
  if (v->loaded) z3_text_release(&v->text);
  if (v->picture) cairo_surface_destroy(v->picture);
  g_free(v);
}

static GtkWidget *left_pane(msg_view *v) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  v->search = gtk_search_entry_new();
  gui_name(v->search, "msg-search", "Search messages");
  v->list = gtk_list_box_new();
  gui_name(v->list, "msg-list", "Messages");
  gtk_list_box_set_filter_func(GTK_LIST_BOX(v->list), filter, v, NULL);
  g_signal_connect(v->list, "row-selected", G_CALLBACK(row_selected), v);
  g_signal_connect(v->search, "search-changed", G_CALLBACK(search_changed), v);
  GtkWidget *scroll = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroll), v->list);
  gtk_widget_set_vexpand(scroll, TRUE);
  gtk_widget_set_size_request(scroll, 360, -1);
  gtk_box_append(GTK_BOX(box), v->search);
  gtk_box_append(GTK_BOX(box), scroll);
  return box;
}

static GtkWidget *right_pane(msg_view *v) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  v->editor = gtk_text_view_new();
  gtk_text_view_set_monospace(GTK_TEXT_VIEW(v->editor), TRUE);
  gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(v->editor), GTK_WRAP_WORD_CHAR);
  gtk_widget_set_size_request(v->editor, -1, 120);
  gui_name(v->editor, "msg-text", "Message text (token syntax)");
  g_signal_connect(gtk_text_view_get_buffer(GTK_TEXT_VIEW(v->editor)), "changed", G_CALLBACK(edited), v);
  GtkWidget *apply = gtk_button_new_with_label("Apply");
  gtk_widget_set_halign(apply, GTK_ALIGN_START);
  gui_name(apply, "msg-apply", "Write the text into the ROM");
  g_signal_connect(apply, "clicked", G_CALLBACK(apply_clicked), v);
  v->preview = gui_canvas_new(draw, v, "msg-preview", "Preview in the ROM's font");
  gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(v->preview), PREVIEW_W * PREVIEW_ZOOM);
  gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(v->preview), PREVIEW_LINES * 16 * PREVIEW_ZOOM);
  gtk_widget_set_halign(v->preview, GTK_ALIGN_START);
  GtkWidget *items[] = {v->editor, apply, v->preview};
  for (size_t i = 0; i < G_N_ELEMENTS(items); i++) gtk_box_append(GTK_BOX(box), items[i]);
  gtk_widget_set_hexpand(box, TRUE);
  return box;
}

static GtkWidget *create(gui_tab *tab) {
  msg_view *v = g_new0(msg_view, 1);
  v->tab = tab;
  v->current = -1;
  v->box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_set_margin_top(v->box, 4);
  gtk_widget_set_margin_start(v->box, 4);
  gui_name(v->box, "messages", "Message editor");
  g_object_set_data_full(G_OBJECT(v->box), "msg-view", v, free_view);
  return v->box;
}

/* The widgets and the first picture, made when the page is first shown (gui_editor.build). */
static void build(GtkWidget *editor, gui_tab *tab) {
  msg_view *v = view_of(editor);
  (void)tab;
  gtk_box_append(GTK_BOX(v->box), left_pane(v));
  gtk_box_append(GTK_BOX(v->box), right_pane(v));
  reload(v);
}

static void refresh(GtkWidget *editor, gui_tab *tab) {
  (void)tab;
  reload(view_of(editor));
}

const gui_editor gui_message_editor = {.name = "messages", .title = "Messages", .create = create, .build = build, .refresh = refresh};
