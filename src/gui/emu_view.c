/*
 * gui/emu_view: the ROM running in our emulator (src/emu). Run/Pause drives it
 * from a GLib timeout, one frame per tick, so the UI thread never waits on
 * more than a frame; Step runs exactly one frame; Reset powers on a fresh
 * console from the document's ROM as it is now (edits included). Keys while
 * the screen has focus: arrows, X = A, Z = B, S = X, A = Y, Enter = Start,
 * Right Shift = Select, Q = L, W = R; a gamepad through evdev (gamepad.c), its
 * buttons held together with the keys. Save state / Load state keep the whole
 * console in a slot file under the user's state folder, in the format of
 * `emu run --save-state` (emu/savestate.h), so the CLI can continue from it.
 * The console belongs to a debug/ session, so the debugger panels beside the
 * screen (emu_debug.c) can stop it at breakpoints; with none set a frame runs
 * on the bare console as `emu screenshot` runs it.
 */
#include <errno.h>
#include <glib-unix.h>
#include <stdio.h>
#include <unistd.h>
#include <string.h>

#include "emu/ppu.h"
#include "emu/savestate.h"
#include "emu/snes.h"
#include "gui/canvas.h"
#include "gui/emu_debug.h"
#include "gui/emu_view.h"
#include "gui/gamepad.h"
#include "gui/gui.h"

enum { FRAME_MS = 16, MAX_W = 512, MAX_H = 239 };

typedef struct emu_view {
  gui_tab *tab;
  GtkWidget *box, *screen, *run, *info, *slot;
  z3_debug *dbg;                /* owns the console */
  z3_snes *snes;                /* z3_debug_console(dbg), or NULL */
  gui_emu_panel *panel;
  cairo_surface_t *frame;
  guint timer;
  uint16_t pad;                 /* held on the keyboard */
  gui_gamepad_state gamepad;    /* and on the gamepad, when one was found */
  int gamepad_fd;
  guint gamepad_watch;
  int zoom;
} emu_view;

static emu_view *view_of(GtkWidget *editor) { return g_object_get_data(G_OBJECT(editor), "emu-view"); }

static void show_frame(emu_view *v) {
  static uint8_t rgb[MAX_W * MAX_H * 3];
  unsigned w = 0, h = 0;
  if (v->snes) z3_snes_frame_rgb(v->snes, rgb, &w, &h);
  if (v->frame) cairo_surface_destroy(v->frame);
  v->frame = NULL;
  if (w && h) {
    v->frame = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)w, (int)h);
    cairo_surface_flush(v->frame);
    uint8_t *data = cairo_image_surface_get_data(v->frame);
    int stride = cairo_image_surface_get_stride(v->frame);
    for (unsigned y = 0; y < h; y++)
      for (unsigned x = 0; x < w; x++) {
        const uint8_t *p = rgb + ((size_t)y * w + x) * 3;
        ((uint32_t *)(void *)(data + (size_t)y * (size_t)stride))[x] = 0xFF000000u | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
      }
    cairo_surface_mark_dirty(v->frame);
  }
  char text[128];
  if (v->snes)
    snprintf(text, sizeof text, "frame %llu  PC $%02X:%04X", (unsigned long long)v->snes->frame, v->snes->cpu.r.pbr, v->snes->cpu.r.pc);
  else
    snprintf(text, sizeof text, "no console");
  gtk_label_set_text(GTK_LABEL(v->info), text);
  gtk_widget_queue_draw(v->screen);
  if (v->panel && !v->timer) gui_emu_panel_refresh(v->panel); /* paused: the panels follow each step */
}

/* One frame; a CPU stopped by STP leaves the PPU running (as `emu screenshot` does). */
static void stopped(void *ctx, const z3_debug_stop *stop);

void gui_emu_step(GtkWidget *editor) {
  emu_view *v = view_of(editor);
  if (!v->snes) return;
  size_t breakpoints = 0;
  z3_debug_breakpoints(v->dbg, &breakpoints);
  if (breakpoints) { /* through the session, which stops at them */
    z3_debug_stop stop = z3_debug_run_frames(v->dbg, 1);
    stopped(v, &stop);
    return;
  }
  uint64_t target = v->snes->frame + 1;
  if (z3_snes_run(v->snes, 1, false, 0) != Z3_SNES_STOP_FRAMES)
    while (v->snes->frame < target) z3_snes_advance(v->snes, Z3_SNES_LINE_CLOCKS);
  show_frame(v);
}

void gui_emu_reset(GtkWidget *editor) {
  emu_view *v = view_of(editor);
  z3_debug_free(v->dbg);
  v->dbg = NULL, v->snes = NULL;
  z3_error err;
  z3_error_init(&err);
  if (z3_debug_open(&v->dbg, v->tab->doc->rom, &(z3_debug_opts){0}, &err) != Z3_OK) {
    v->tab->status(v->tab, err.message);
  } else {
    v->snes = z3_debug_console(v->dbg);
    z3_snes_set_pad(v->snes, 0, (uint16_t)(v->pad | gui_gamepad_word(&v->gamepad)));
  }
  show_frame(v);
}

/* The session stopped (a frame, a breakpoint): the frame shown, Run paused at a breakpoint. */
static void stopped(void *ctx, const z3_debug_stop *stop) {
  emu_view *v = ctx;
  bool hit = stop->reason == Z3_DBG_BREAKPOINT || stop->reason == Z3_DBG_WATCHPOINT;
  if (hit && v->timer) gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(v->run), FALSE);
  show_frame(v);
  char text[96];
  snprintf(text, sizeof text, "stopped: %s%s at $%02X:%04X", z3_debug_reason_name(stop->reason),
           hit ? "" : " (no breakpoint hit)", v->snes->cpu.r.pbr, v->snes->cpu.r.pc);
  if (hit || stop->reason != Z3_DBG_FRAMES) v->tab->status(v->tab, text);
}

static gboolean tick(gpointer data) {
  gui_emu_step(((emu_view *)data)->box);
  return G_SOURCE_CONTINUE;
}

static void run_toggled(GtkToggleButton *b, gpointer data) {
  emu_view *v = data;
  bool on = gtk_toggle_button_get_active(b);
  gtk_button_set_label(GTK_BUTTON(b), on ? "Pause" : "Run");
  if (on && !v->timer) v->timer = g_timeout_add(FRAME_MS, tick, v);
  if (!on && v->timer) g_source_remove(v->timer), v->timer = 0;
}

static void step_clicked(GtkButton *b, gpointer data) {
  (void)b;
  gui_emu_step(((emu_view *)data)->box);
}

static void reset_clicked(GtkButton *b, gpointer data) {
  (void)b;
  gui_emu_reset(((emu_view *)data)->box);
}

static uint16_t button_of(guint key) {
  switch (key) {
  case GDK_KEY_Up: return 1u << 11;
  case GDK_KEY_Down: return 1u << 10;
  case GDK_KEY_Left: return 1u << 9;
  case GDK_KEY_Right: return 1u << 8;
  case GDK_KEY_x: case GDK_KEY_X: return 1u << 7;
  case GDK_KEY_z: case GDK_KEY_Z: return 1u << 15;
  case GDK_KEY_s: case GDK_KEY_S: return 1u << 6;
  case GDK_KEY_a: case GDK_KEY_A: return 1u << 14;
  case GDK_KEY_Return: return 1u << 12;
  case GDK_KEY_Shift_R: return 1u << 13;
  case GDK_KEY_q: case GDK_KEY_Q: return 1u << 5;
  case GDK_KEY_w: case GDK_KEY_W: return 1u << 4;
  default: return 0;
  }
}

/* Keyboard and gamepad together: a button held on either is held. */
static void set_pad(emu_view *v, uint16_t pad) {
  v->pad = pad;
  if (v->snes) z3_snes_set_pad(v->snes, 0, (uint16_t)(pad | gui_gamepad_word(&v->gamepad)));
}

/* The gamepad's events since the last call (gui/gamepad.c); a device gone (unplugged) is dropped. */
static gboolean gamepad_readable(gint fd, GIOCondition cond, gpointer data) {
  emu_view *v = data;
  struct input_event ev;
  ssize_t n;
  while ((n = read(fd, &ev, sizeof ev)) == (ssize_t)sizeof ev) gui_gamepad_event(&v->gamepad, &ev);
  set_pad(v, v->pad);
  if ((cond & (G_IO_HUP | G_IO_ERR)) || n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
    close(fd);
    v->gamepad_fd = -1, v->gamepad_watch = 0;
    gui_gamepad_init(&v->gamepad);
    set_pad(v, v->pad);
    v->tab->status(v->tab, "the gamepad went away");
    return G_SOURCE_REMOVE;
  }
  return G_SOURCE_CONTINUE;
}

/* The first gamepad among /dev/input/event* ($YAZE_GAMEPAD: a device, or "none"); none is fine. */
static void open_gamepad(emu_view *v) {
  char name[128] = "";
  z3_error err;
  z3_error_init(&err);
  v->gamepad_fd = gui_gamepad_open(g_getenv("YAZE_GAMEPAD"), &v->gamepad, name, sizeof name, &err);
  if (v->gamepad_fd >= 0)
    v->gamepad_watch = g_unix_fd_add(v->gamepad_fd, G_IO_IN | G_IO_HUP | G_IO_ERR, gamepad_readable, v);
}

static gboolean key_pressed(GtkEventControllerKey *k, guint key, guint code, GdkModifierType m, gpointer data) {
  (void)k, (void)code, (void)m;
  emu_view *v = data;
  uint16_t b = button_of(key);
  if (b) set_pad(v, v->pad | b);
  return b != 0;
}

static void key_released(GtkEventControllerKey *k, guint key, guint code, GdkModifierType m, gpointer data) {
  (void)k, (void)code, (void)m;
  emu_view *v = data;
  set_pad(v, v->pad & (uint16_t)~button_of(key));
}

uint16_t gui_emu_pad(GtkWidget *editor) {
  emu_view *v = view_of(editor);
  return (uint16_t)(v->pad | gui_gamepad_word(&v->gamepad));
}

gui_emu_panel *gui_emu_debugger(GtkWidget *editor) { return view_of(editor)->panel; }

void gui_emu_set_zoom(GtkWidget *editor, int zoom) {
  emu_view *v = view_of(editor);
  v->zoom = zoom;
  gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(v->screen), 256 * zoom);
  gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(v->screen), 224 * zoom);
  gtk_widget_queue_draw(v->screen);
}

static void draw(GtkDrawingArea *a, cairo_t *cr, int w, int h, gpointer data) {
  (void)a, (void)w, (void)h;
  emu_view *v = data;
  gui_paint_scaled(cr, v->frame, v->zoom);
}

static void free_view(gpointer data) {
  emu_view *v = data;
  if (v->timer) g_source_remove(v->timer);
  if (v->gamepad_watch) g_source_remove(v->gamepad_watch);
  if (v->gamepad_fd >= 0) close(v->gamepad_fd);
  if (v->frame) cairo_surface_destroy(v->frame);
  if (v->panel) gui_emu_panel_free(v->panel);
  z3_debug_free(v->dbg);
  g_free(v);
}

char *gui_emu_state_path(GtkWidget *editor, int slot) {
  emu_view *v = view_of(editor);
  char *file = g_strdup_printf("%s.%d.state", z3_doc_name(v->tab->doc), slot);
  char *path = g_build_filename(g_get_user_state_dir(), "yaze", "states", file, NULL);
  g_free(file);
  return path;
}

bool gui_emu_save_state(GtkWidget *editor, int slot, z3_error *err) {
  emu_view *v = view_of(editor);
  if (!v->snes) {
    z3_error_set(err, Z3_E_INVALID, "no console is running");
    return false;
  }
  z3_buf data;
  z3_buf_init(&data);
  char *path = gui_emu_state_path(editor, slot), *dir = g_path_get_dirname(path);
  z3_status st = z3_snes_state_save(v->snes, &data, err);
  if (st == Z3_OK && g_mkdir_with_parents(dir, 0700) != 0)
    st = z3_error_set(err, Z3_E_IO, "cannot create the state folder '%s'", dir);
  if (st == Z3_OK) st = z3_file_write_atomic(path, data.data, data.len, &(z3_write_opts){0}, err);
  z3_buf_release(&data);
  g_free(dir);
  g_free(path);
  return st == Z3_OK;
}

/* Slots are named by the ROM's file name, so a state saved before an edit is this
 * document's own: it loads, as in any emulator a hacker tests edits with. Only a
 * damaged file is refused (console unchanged). */
bool gui_emu_load_state(GtkWidget *editor, int slot, bool *other_rom, z3_error *err) {
  emu_view *v = view_of(editor);
  if (!v->snes) {
    z3_error_set(err, Z3_E_INVALID, "no console is running");
    return false;
  }
  char *path = gui_emu_state_path(editor, slot);
  z3_status st = z3_debug_load_state(v->dbg, path, Z3_STATE_ANY_ROM, other_rom, err);
  g_free(path);
  if (st == Z3_OK) z3_snes_set_pad(v->snes, 0, v->pad);
  show_frame(v);
  return st == Z3_OK;
}

static void state_clicked(GtkButton *b, gpointer data) {
  emu_view *v = data;
  bool save = strcmp(gtk_widget_get_name(GTK_WIDGET(b)), "emu-save-state") == 0;
  int slot = gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(v->slot));
  z3_error err;
  z3_error_init(&err);
  bool other_rom = false;
  bool ok = save ? gui_emu_save_state(v->box, slot, &err) : gui_emu_load_state(v->box, slot, &other_rom, &err);
  char text[160];
  gui_emu_state_outcome(text, sizeof text, save, slot, other_rom);
  v->tab->status(v->tab, ok ? text : err.message);
}

void gui_emu_state_outcome(char *text, size_t size, bool save, int slot, bool other_rom) {
  snprintf(text, size, "state %s slot %d%s", save ? "saved to" : "loaded from", slot,
           other_rom ? ", saved from another version of this ROM (before its latest edits, or a file of "
                       "the same name): the console goes on with this one" : "");
}

static GtkWidget *button(GtkWidget *b, const char *name, const char *label) {
  gui_name(b, name, label);
  return b;
}

static GtkWidget *create(gui_tab *tab) {
  emu_view *v = g_new0(emu_view, 1);
  v->tab = tab;
  gui_gamepad_init(&v->gamepad);
  v->gamepad_fd = -1; /* none until the page is built */
  v->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  gui_name(v->box, "emulator", "Emulator");
  g_object_set_data_full(G_OBJECT(v->box), "emu-view", v, free_view);
  return v->box;
}

/* The widgets and the first picture, made when the page is first shown (gui_editor.build). */
static void build(GtkWidget *editor, gui_tab *tab) {
  emu_view *v = view_of(editor);
  (void)tab;
  open_gamepad(v);
  v->run = button(gtk_toggle_button_new_with_label("Run"), "emu-run", "Run or pause the emulator");
  GtkWidget *step = button(gtk_button_new_with_label("Step frame"), "emu-step", "Run one frame");
  GtkWidget *reset = button(gtk_button_new_with_label("Reset"), "emu-reset", "Power on again from the ROM as edited");
  v->info = gtk_label_new("");
  gui_name(v->info, "emu-info", "Frame and program counter");
  g_signal_connect(v->run, "toggled", G_CALLBACK(run_toggled), v);
  g_signal_connect(step, "clicked", G_CALLBACK(step_clicked), v);
  g_signal_connect(reset, "clicked", G_CALLBACK(reset_clicked), v);
  v->slot = button(gtk_spin_button_new_with_range(1, 9, 1), "emu-slot", "Savestate slot");
  GtkWidget *save = button(gtk_button_new_with_label("Save state"), "emu-save-state", "Save the console to the slot");
  GtkWidget *load = button(gtk_button_new_with_label("Load state"), "emu-load-state", "Load the console from the slot");
  g_signal_connect(save, "clicked", G_CALLBACK(state_clicked), v);
  g_signal_connect(load, "clicked", G_CALLBACK(state_clicked), v);
  GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_top(bar, 4);
  gtk_widget_set_margin_start(bar, 4);
  GtkWidget *items[] = {v->run, step, reset, gtk_label_new("Slot"), v->slot, save, load, v->info};
  for (size_t i = 0; i < G_N_ELEMENTS(items); i++) gtk_box_append(GTK_BOX(bar), items[i]);
  v->screen = gui_canvas_new(draw, v, "emu-screen", "Emulator screen: click, then play with the keyboard");
  gtk_widget_set_halign(v->screen, GTK_ALIGN_START);
  gtk_widget_set_focusable(v->screen, TRUE);
  gtk_widget_set_focus_on_click(v->screen, TRUE);
  GtkEventController *keys = gtk_event_controller_key_new();
  g_object_set_data(G_OBJECT(v->screen), "keys", keys);
  g_signal_connect(keys, "key-pressed", G_CALLBACK(key_pressed), v);
  g_signal_connect(keys, "key-released", G_CALLBACK(key_released), v);
  gtk_widget_add_controller(v->screen, keys);
  gtk_box_append(GTK_BOX(v->box), bar);
  v->panel = gui_emu_panel_new(&v->dbg, stopped, v);
  GtkWidget *body = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_set_valign(v->screen, GTK_ALIGN_START);
  gtk_box_append(GTK_BOX(body), v->screen);
  gtk_box_append(GTK_BOX(body), gui_emu_panel_widget(v->panel));
  gtk_box_append(GTK_BOX(v->box), body);
  gui_emu_set_zoom(v->box, 2);
  gui_emu_reset(v->box);
}

const gui_editor gui_emu_editor = {.name = "emulator", .title = "Emulator", .create = create, .build = build, .refresh = NULL};
