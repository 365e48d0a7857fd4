/* gui/harness_widgets: stable paths, lookup by path, name or label, and the widget tree as JSON. */
#include <string.h>

#include "gui/harness_internal.h"

static bool named(GtkWidget *w) { return strcmp(gtk_widget_get_name(w), G_OBJECT_TYPE_NAME(w)) != 0; }

/* The segment of w below its parent: its name, or its type; "[k]" when earlier siblings share it. */
static char *segment(GtkWidget *w) {
  const char *key = gtk_widget_get_name(w);
  int k = 0;
  GtkWidget *parent = gtk_widget_get_parent(w);
  if (parent)
    for (GtkWidget *s = gtk_widget_get_first_child(parent); s && s != w; s = gtk_widget_get_next_sibling(s))
      if (strcmp(gtk_widget_get_name(s), key) == 0) k++;
  return k ? g_strdup_printf("%s[%d]", key, k) : g_strdup(key);
}

char *gui_widget_path(GtkWidget *w) {
  GString *path = g_string_new(NULL);
  for (; w; w = gtk_widget_get_parent(w)) {
    char *seg = segment(w);
    if (path->len) g_string_prepend_c(path, '/');
    g_string_prepend(path, seg);
    g_free(seg);
  }
  return g_string_free(path, FALSE);
}

const char *gui_widget_role(GtkWidget *w) {
  if (GTK_IS_DRAWING_AREA(w)) return "canvas";
  if (GTK_IS_STACK_SIDEBAR(w)) return "sidebar";
  GtkAccessibleRole role = gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(w));
  GEnumClass *roles = g_type_class_ref(GTK_TYPE_ACCESSIBLE_ROLE);
  GEnumValue *v = g_enum_get_value(roles, (int)role);
  g_type_class_unref(roles);
  return v ? v->value_nick : "generic";
}

static char *selected_item(GtkDropDown *d) {
  GObject *item = gtk_drop_down_get_selected_item(d);
  return GTK_IS_STRING_OBJECT(item) ? g_strdup(gtk_string_object_get_string(GTK_STRING_OBJECT(item))) : NULL;
}

char *gui_widget_text(GtkWidget *w) {
  if (GTK_IS_LABEL(w)) return g_strdup(gtk_label_get_text(GTK_LABEL(w)));
  if (GTK_IS_EDITABLE(w)) return g_strdup(gtk_editable_get_text(GTK_EDITABLE(w)));
  if (GTK_IS_DROP_DOWN(w)) return selected_item(GTK_DROP_DOWN(w));
  if (GTK_IS_WINDOW(w)) return g_strdup(gtk_window_get_title(GTK_WINDOW(w)));
  if (GTK_IS_CHECK_BUTTON(w)) return g_strdup(gtk_check_button_get_label(GTK_CHECK_BUTTON(w)));
  if (GTK_IS_BUTTON(w)) return g_strdup(gtk_button_get_label(GTK_BUTTON(w)));
  if (GTK_IS_TEXT_VIEW(w)) {
    GtkTextBuffer *b = gtk_text_view_get_buffer(GTK_TEXT_VIEW(w));
    GtkTextIter start, end;
    gtk_text_buffer_get_bounds(b, &start, &end);
    return gtk_text_buffer_get_text(b, &start, &end, FALSE);
  }
  return NULL;
}

char *gui_widget_label(GtkWidget *w) {
  const char *tip = gui_label(w); /* the accessible label gui_name set, also its tooltip */
  if (tip) return g_strdup(tip);
  if (GTK_IS_BUTTON(w) && gtk_button_get_label(GTK_BUTTON(w))) return g_strdup(gtk_button_get_label(GTK_BUTTON(w)));
  if (GTK_IS_CHECK_BUTTON(w) && gtk_check_button_get_label(GTK_CHECK_BUTTON(w)))
    return g_strdup(gtk_check_button_get_label(GTK_CHECK_BUTTON(w)));
  return NULL;
}

/* ---- walking every window's tree ---- */

typedef bool (*visit_fn)(GtkWidget *w, void *data); /* true stops the walk */

static bool walk(GtkWidget *w, visit_fn fn, void *data) {
  if (fn(w, data)) return true;
  for (GtkWidget *c = gtk_widget_get_first_child(w); c; c = gtk_widget_get_next_sibling(c))
    if (walk(c, fn, data)) return true;
  return false;
}

/* The editor's windows first (root), then its other toplevels (the command palette). Pages not
 * shown yet are built first, so every named widget can be found whichever pages were shown. */
static bool walk_all(GtkWidget *root, visit_fn fn, void *data) {
  gui_window_build_all(root);
  if (walk(root, fn, data)) return true;
  GListModel *tops = gtk_window_get_toplevels();
  bool stop = false;
  for (guint i = 0; !stop && i < g_list_model_get_n_items(tops); i++) {
    GtkWidget *t = g_list_model_get_item(tops, i);
    if (t != root && gtk_widget_get_visible(t)) stop = walk(t, fn, data);
    g_object_unref(t);
  }
  return stop;
}

typedef struct finder {
  const char *target;
  GtkWidget *found;   /* the first mapped match */
  GtkWidget *hidden;  /* the first match at all */
} finder;

static bool matches(GtkWidget *w, const char *target) {
  if (strchr(target, '/')) {
    char *path = gui_widget_path(w);
    bool same = strcmp(path, target) == 0;
    g_free(path);
    return same;
  }
  if (named(w) && strcmp(gtk_widget_get_name(w), target) == 0) return true;
  char *label = gui_widget_label(w);
  bool same = label && strcmp(label, target) == 0;
  g_free(label);
  return same;
}

static bool find_visit(GtkWidget *w, void *data) {
  finder *f = data;
  if (!matches(w, f->target)) return false;
  if (!f->hidden) f->hidden = w;
  if (gtk_widget_get_mapped(w)) f->found = w;
  return f->found != NULL;
}

GtkWidget *gui_find_widget(GtkWidget *root, const char *target, z3_error *err) {
  finder f = {.target = target};
  if (target && *target) walk_all(root, find_visit, &f);
  if (f.found || f.hidden) return f.found ? f.found : f.hidden;
  z3_error_set(err, Z3_E_NOT_FOUND, "no widget '%s'", target ? target : "");
  z3_error_hint(err, "a target is a path, a widget name or an accessible label, as DiscoverWidgets lists them");
  return NULL;
}

json_t *gui_widget_json(GtkWidget *w, GtkWidget *root) {
  json_t *o = json_object();
  char *path = gui_widget_path(w), *label = gui_widget_label(w), *text = gui_widget_text(w);
  json_object_set_new(o, "path", json_string(path));
  if (named(w)) json_object_set_new(o, "name", json_string(gtk_widget_get_name(w)));
  json_object_set_new(o, "type", json_string(G_OBJECT_TYPE_NAME(w)));
  json_object_set_new(o, "role", json_string(gui_widget_role(w)));
  if (label) json_object_set_new(o, "label", json_string(label));
  if (text) json_object_set_new(o, "text", json_string(text));
  json_object_set_new(o, "visible", json_boolean(gtk_widget_get_mapped(w)));
  json_object_set_new(o, "enabled", json_boolean(gtk_widget_is_sensitive(w)));
  json_object_set_new(o, "focused", json_boolean(gtk_widget_has_focus(w)));
  if (GTK_IS_CHECK_BUTTON(w)) json_object_set_new(o, "active", json_boolean(gtk_check_button_get_active(GTK_CHECK_BUTTON(w))));
  if (GTK_IS_TOGGLE_BUTTON(w)) json_object_set_new(o, "active", json_boolean(gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(w))));
  graphene_rect_t r;
  GtkWidget *top = GTK_WIDGET(gtk_widget_get_root(w));
  if (top && gtk_widget_compute_bounds(w, top, &r)) {
    json_object_set_new(o, "bounds", json_pack("{s:i,s:i,s:i,s:i}", "x", (int)r.origin.x, "y", (int)r.origin.y,
                                               "width", (int)r.size.width, "height", (int)r.size.height));
  }
  (void)root;
  g_free(path), g_free(label), g_free(text);
  return o;
}

typedef struct lister {
  GtkWidget *root;
  const char *role;
  bool visible_only, named_only;
  json_t *out;
} lister;

static bool list_visit(GtkWidget *w, void *data) {
  lister *l = data;
  if (l->visible_only && !gtk_widget_get_mapped(w)) return false;
  if (l->named_only && !named(w)) return false;
  if (l->role && strcmp(gui_widget_role(w), l->role) != 0) return false;
  json_array_append_new(l->out, gui_widget_json(w, l->root));
  return false;
}

static z3_status bool_param(const json_t *params, const char *key, bool def, bool *out, z3_error *err) {
  const json_t *v = json_object_get(params, key);
  if (v && !json_is_boolean(v)) return z3_error_set(err, Z3_E_USAGE, "params.%s must be true or false", key);
  *out = v ? json_is_true(v) : def;
  return Z3_OK;
}

z3_status gui_discover(GtkWidget *root, const json_t *params, json_t *result, z3_error *err) {
  const json_t *window = json_object_get(params, "window"), *role = json_object_get(params, "role");
  if ((window && !json_is_string(window)) || (role && !json_is_string(role)))
    return z3_error_set(err, Z3_E_USAGE, "params.window and params.role must be strings");
  lister l = {.root = root, .role = json_string_value(role), .out = json_array()};
  z3_status st = bool_param(params, "visible_only", true, &l.visible_only, err);
  if (!st) st = bool_param(params, "named_only", true, &l.named_only, err);
  GtkWidget *from = NULL;
  if (!st && window && !(from = gui_find_widget(root, json_string_value(window), err))) st = Z3_E_NOT_FOUND;
  if (st) {
    json_decref(l.out);
    return st;
  }
  if (from) walk(from, list_visit, &l);
  else walk_all(root, list_visit, &l);
  json_object_set_new(result, "count", json_integer((json_int_t)json_array_size(l.out)));
  json_object_set_new(result, "widgets", l.out);
  return Z3_OK;
}
