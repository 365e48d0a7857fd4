/*
 * gui/emu_debug: the debugger beside the emulator's screen, over the same
 * debug/ session the `debug` commands use: the CPU registers, 128 bytes of
 * the bus from an address box (read with z3_snes_peek, so no I/O register
 * is disturbed by looking), and execution breakpoints: add or remove one at
 * an address, Run to break runs until one stops the console. The panels are
 * read again after every step and stop, i.e. whenever the console is paused.
 */
#include <stdio.h>
#include <string.h>

#include "gui/emu_debug.h"
#include "gui/gui.h"
#include "snes/rom.h"

enum { MEM_ROWS = 8, MEM_COLS = 16 };

struct gui_emu_panel {
  z3_debug **dbg;
  void (*ran)(void *ctx, const z3_debug_stop *stop);
  void *ctx;
  GtkWidget *box, *regs, *addr, *mem, *bp_addr, *bp_list;
};

static GtkWidget *mono_label(const char *name, const char *label) {
  GtkWidget *l = gtk_label_new("");
  gtk_label_set_xalign(GTK_LABEL(l), 0);
  gtk_label_set_selectable(GTK_LABEL(l), TRUE);
  gtk_widget_add_css_class(l, "monospace");
  gui_name(l, name, label);
  return l;
}

static void show_regs(gui_emu_panel *p, const z3_snes *s) {
  const z3_cpu_regs *r = &s->cpu.r;
  char text[160];
  snprintf(text, sizeof text, "PC $%02X:%04X  A $%04X  X $%04X  Y $%04X\nS $%04X  D $%04X  DBR $%02X  P $%02X  E %d",
           r->pbr, r->pc, r->a, r->x, r->y, r->s, r->d, r->dbr, r->p, r->e ? 1 : 0);
  gtk_label_set_text(GTK_LABEL(p->regs), text);
}

static void show_memory(gui_emu_panel *p, const z3_snes *s) {
  uint32_t base;
  if (!z3_snes_parse_address(gtk_editable_get_text(GTK_EDITABLE(p->addr)), &base)) {
    gtk_label_set_text(GTK_LABEL(p->mem), "the address is $BB:AAAA or 0xBBAAAA");
    return;
  }
  GString *out = g_string_new(NULL);
  for (int row = 0; row < MEM_ROWS; row++) {
    uint32_t a = (base + (uint32_t)(row * MEM_COLS)) & 0xFFFFFF;
    g_string_append_printf(out, "%s$%02X:%04X ", row ? "\n" : "", a >> 16, a & 0xFFFF);
    for (int i = 0; i < MEM_COLS; i++) g_string_append_printf(out, " %02X", z3_snes_peek(s, (a + (uint32_t)i) & 0xFFFFFF));
  }
  gtk_label_set_text(GTK_LABEL(p->mem), out->str);
  g_string_free(out, TRUE);
}

static void show_breakpoints(gui_emu_panel *p) {
  size_t n = 0;
  const z3_breakpoint *b = *p->dbg ? z3_debug_breakpoints(*p->dbg, &n) : NULL;
  GString *out = g_string_new(n ? NULL : "no breakpoints");
  for (size_t i = 0; i < n; i++)
    g_string_append_printf(out, "%s#%u %s $%02X:%04X  hits %llu", i ? "\n" : "", b[i].id, z3_bp_kind_name(b[i].kind),
                           b[i].from >> 16, b[i].from & 0xFFFF, (unsigned long long)b[i].hits);
  gtk_label_set_text(GTK_LABEL(p->bp_list), out->str);
  g_string_free(out, TRUE);
}

void gui_emu_panel_refresh(gui_emu_panel *p) {
  if (!*p->dbg) return;
  const z3_snes *s = z3_debug_console(*p->dbg);
  show_regs(p, s);
  show_memory(p, s);
  show_breakpoints(p);
}

static bool parse(const char *address, uint32_t *out, GString *why) {
  if (z3_snes_parse_address(address, out)) return true;
  g_string_printf(why, "'%s' is not an address: $BB:AAAA or 0xBBAAAA", address);
  return false;
}

bool gui_emu_panel_break_add(gui_emu_panel *p, const char *address, GString *why) {
  uint32_t a;
  unsigned id;
  z3_error err;
  z3_error_init(&err);
  if (!*p->dbg || !parse(address, &a, why)) return false;
  bool ok = z3_debug_break_add(*p->dbg, Z3_BP_EXEC, a, a, NULL, 0, &id, &err) == Z3_OK;
  if (!ok) g_string_assign(why, err.message);
  show_breakpoints(p);
  return ok;
}

bool gui_emu_panel_break_remove(gui_emu_panel *p, const char *address, GString *why) {
  uint32_t a;
  size_t n = 0;
  if (!*p->dbg || !parse(address, &a, why)) return false;
  const z3_breakpoint *b = z3_debug_breakpoints(*p->dbg, &n);
  for (size_t i = 0; i < n; i++)
    if (b[i].kind == Z3_BP_EXEC && b[i].from == a) {
      z3_debug_break_delete(*p->dbg, b[i].id, NULL);
      show_breakpoints(p);
      return true;
    }
  g_string_printf(why, "no breakpoint at $%02X:%04X", a >> 16, a & 0xFFFF);
  return false;
}

bool gui_emu_panel_run_to_break(gui_emu_panel *p, z3_debug_stop *stop, GString *why) {
  size_t n = 0;
  if (!*p->dbg) return false;
  z3_debug_breakpoints(*p->dbg, &n);
  if (!n) {
    g_string_assign(why, "no breakpoints: add one first");
    return false;
  }
  *stop = z3_debug_run_frames(*p->dbg, GUI_EMU_BREAK_FRAMES);
  p->ran(p->ctx, stop);
  gui_emu_panel_refresh(p);
  return stop->reason == Z3_DBG_BREAKPOINT;
}

/* The buttons: the outcome goes to the status line through ran()'s view. */
static void clicked(GtkButton *b, gpointer data) {
  gui_emu_panel *p = data;
  const char *name = gtk_widget_get_name(GTK_WIDGET(b));
  const char *addr = gtk_editable_get_text(GTK_EDITABLE(p->bp_addr));
  GString *why = g_string_new(NULL);
  z3_debug_stop stop;
  if (strcmp(name, "emu-bp-add") == 0) gui_emu_panel_break_add(p, addr, why);
  else if (strcmp(name, "emu-bp-remove") == 0) gui_emu_panel_break_remove(p, addr, why);
  else if (strcmp(name, "emu-bp-run") == 0) gui_emu_panel_run_to_break(p, &stop, why);
  else gui_emu_panel_refresh(p); /* emu-mem-show */
  if (why->len) gtk_label_set_text(GTK_LABEL(p->bp_list), why->str);
  g_string_free(why, TRUE);
}

static GtkWidget *button(gui_emu_panel *p, const char *text, const char *name, const char *label) {
  GtkWidget *b = gtk_button_new_with_label(text);
  gui_name(b, name, label);
  g_signal_connect(b, "clicked", G_CALLBACK(clicked), p);
  return b;
}

static GtkWidget *row(GtkWidget *a, GtkWidget *b, GtkWidget *c, GtkWidget *d) {
  GtkWidget *r = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *items[] = {a, b, c, d};
  for (size_t i = 0; i < G_N_ELEMENTS(items); i++)
    if (items[i]) gtk_box_append(GTK_BOX(r), items[i]);
  return r;
}

gui_emu_panel *gui_emu_panel_new(z3_debug **dbg, void (*ran)(void *ctx, const z3_debug_stop *stop), void *ctx) {
  gui_emu_panel *p = g_new0(gui_emu_panel, 1);
  p->dbg = dbg, p->ran = ran, p->ctx = ctx;
  p->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  gui_name(p->box, "emu-debugger", "Debugger");
  p->regs = mono_label("emu-regs", "CPU registers");
  p->addr = gtk_entry_new();
  gtk_editable_set_text(GTK_EDITABLE(p->addr), "$7E:0000");
  gtk_editable_set_width_chars(GTK_EDITABLE(p->addr), 10);
  gui_name(p->addr, "emu-mem-addr", "Memory view address");
  g_signal_connect_swapped(p->addr, "activate", G_CALLBACK(gui_emu_panel_refresh), p);
  p->mem = mono_label("emu-mem", "Memory: 128 bytes of the bus from the address");
  p->bp_addr = gtk_entry_new();
  gtk_editable_set_text(GTK_EDITABLE(p->bp_addr), "$00:8000");
  gtk_editable_set_width_chars(GTK_EDITABLE(p->bp_addr), 10);
  gui_name(p->bp_addr, "emu-bp-addr", "Breakpoint address");
  p->bp_list = mono_label("emu-bp-list", "Breakpoints");
  GtkWidget *items[] = {
      gtk_label_new("Registers"), p->regs,
      row(gtk_label_new("Memory"), p->addr, button(p, "Show", "emu-mem-show", "Show memory from the address"), NULL),
      p->mem,
      row(p->bp_addr, button(p, "Add", "emu-bp-add", "Add an execution breakpoint at the address"),
          button(p, "Remove", "emu-bp-remove", "Remove the breakpoint at the address"),
          button(p, "Run to break", "emu-bp-run", "Run until a breakpoint stops the console")),
      p->bp_list};
  for (size_t i = 0; i < G_N_ELEMENTS(items); i++) gtk_box_append(GTK_BOX(p->box), items[i]);
  return p;
}

GtkWidget *gui_emu_panel_widget(gui_emu_panel *p) { return p->box; }

void gui_emu_panel_free(gui_emu_panel *p) { g_free(p); }
