/*
 * gui/command_palette: every command of the table, searchable, run on the
 * current tab's ROM (Ctrl+Shift+P). A line is typed as after `z3ed`, without
 * --rom; the result shows as the JSON the CLI prints with --format json, and
 * a command that changes the ROM is one undo step like any other edit.
 */
#include <string.h>

#include "cmd/cmd.h"
#include "gui/gui.h"

typedef struct cmd_palette {
  GtkWidget *dialog, *window, *entry, *list, *result;
} cmd_palette;

static void show_result(cmd_palette *p, const char *text) {
  gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(p->result)), text, -1);
}

bool gui_command_palette_run(GtkWidget *dialog, const char *line) {
  cmd_palette *p = g_object_get_data(G_OBJECT(dialog), "cmd-palette");
  gui_tab *tab = gui_window_current_tab(p->window);
  if (!tab) {
    show_result(p, "open a ROM first");
    return false;
  }
  int argc = 0;
  char **argv = NULL;
  GError *gerr = NULL;
  if (!g_shell_parse_argv(line, &argc, &argv, &gerr)) {
    show_result(p, gerr->message);
    g_error_free(gerr);
    return false;
  }
  json_t *result = NULL;
  z3_error err;
  z3_error_init(&err);
  bool ok = z3_doc_run(tab->doc, argc, (const char *const *)argv, &result, &err) == Z3_OK;
  char *text = ok ? json_dumps(result, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
  show_result(p, ok ? (text ? text : "") : err.message);
  tab->status(tab, ok ? line : err.message);
  free(text);
  json_decref(result);
  g_strfreev(argv);
  return ok;
}

static void entry_activated(GtkEntry *e, gpointer data) {
  cmd_palette *p = data;
  char *line = g_strdup(gtk_editable_get_text(GTK_EDITABLE(e)));
  gui_command_palette_run(p->dialog, line);
  g_free(line);
}

/* A row shows "resource action  summary"; its name holds "resource action". */
static gboolean filter(GtkListBoxRow *row, gpointer data) {
  cmd_palette *p = data;
  const char *typed = gtk_editable_get_text(GTK_EDITABLE(p->entry));
  const char *name = gtk_widget_get_name(GTK_WIDGET(row));
  size_t n = strlen(name) < strlen(typed) ? strlen(name) : strlen(typed);
  return strncmp(name, typed, n) == 0;
}

static void typed(GtkEditable *e, gpointer data) {
  (void)e;
  gtk_list_box_invalidate_filter(GTK_LIST_BOX(((cmd_palette *)data)->list));
}

static void row_activated(GtkListBox *box, GtkListBoxRow *row, gpointer data) {
  (void)box;
  cmd_palette *p = data;
  char *line = g_strdup_printf("%s ", gtk_widget_get_name(GTK_WIDGET(row)));
  gtk_editable_set_text(GTK_EDITABLE(p->entry), line);
  gtk_editable_set_position(GTK_EDITABLE(p->entry), -1);
  gtk_widget_grab_focus(p->entry);
  g_free(line);
}

static GtkWidget *command_list(cmd_palette *p) {
  p->list = gtk_list_box_new();
  gui_name(p->list, "cmd-list", "Commands");
  for (size_t i = 0; i < z3_command_count; i++) {
    const z3_command *c = &z3_commands[i];
    if (!(c->flags & Z3_CMD_NEEDS_ROM)) continue; /* the palette works on the open ROM */
    char *text = g_strdup_printf("%s %s — %s", c->resource, c->action, c->summary);
    char *name = g_strdup_printf("%s %s", c->resource, c->action);
    GtkWidget *label = gtk_label_new(text);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_list_box_append(GTK_LIST_BOX(p->list), label);
    gtk_widget_set_name(gtk_widget_get_parent(label), name);
    g_free(text);
    g_free(name);
  }
  gtk_list_box_set_filter_func(GTK_LIST_BOX(p->list), filter, p, NULL);
  g_signal_connect(p->list, "row-activated", G_CALLBACK(row_activated), p);
  GtkWidget *scroll = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroll), p->list);
  gtk_widget_set_vexpand(scroll, TRUE);
  return scroll;
}

GtkWidget *gui_command_palette_open(GtkWidget *window) {
  cmd_palette *p = g_new0(cmd_palette, 1);
  p->window = window;
  p->dialog = gtk_window_new();
  gtk_window_set_transient_for(GTK_WINDOW(p->dialog), GTK_WINDOW(window));
  gtk_window_set_title(GTK_WINDOW(p->dialog), "Run a command");
  gtk_window_set_default_size(GTK_WINDOW(p->dialog), 720, 560);
  gui_name(p->dialog, "command-palette", "Command palette");
  g_object_set_data_full(G_OBJECT(p->dialog), "cmd-palette", p, g_free);
  p->entry = gtk_entry_new();
  gtk_entry_set_placeholder_text(GTK_ENTRY(p->entry), "overworld get-tile --map 0x00 --x 3 --y 4");
  gui_name(p->entry, "cmd-entry", "Command line, as after z3ed, without --rom");
  g_signal_connect(p->entry, "activate", G_CALLBACK(entry_activated), p);
  g_signal_connect(p->entry, "changed", G_CALLBACK(typed), p);
  p->result = gtk_text_view_new();
  gtk_text_view_set_editable(GTK_TEXT_VIEW(p->result), FALSE);
  gtk_text_view_set_monospace(GTK_TEXT_VIEW(p->result), TRUE);
  gui_name(p->result, "cmd-result", "Result");
  GtkWidget *result = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(result), p->result);
  gtk_widget_set_vexpand(result, TRUE);
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  gtk_box_append(GTK_BOX(box), p->entry);
  gtk_box_append(GTK_BOX(box), command_list(p));
  gtk_box_append(GTK_BOX(box), result);
  gtk_window_set_child(GTK_WINDOW(p->dialog), box);
  gtk_window_present(GTK_WINDOW(p->dialog));
  return p->dialog;
}
