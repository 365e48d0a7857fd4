/*
 * tui/view_proposals: the agent's proposals for review. The list, one
 * proposal's changes by resource (z3_proposal_changes, what `agent proposal
 * diff` shows), and the decisions of `agent proposal accept` (all changes or
 * the marked ones) and `reject`, through the agent layer's functions. An
 * accept writes the ROM on disk, so it is refused while the open document
 * has unsaved edits, and the document is read again after it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/proposal.h"
#include "tui/component.h"

enum { MODE_LIST, MODE_CHANGES };

typedef struct proposals_view {
  int mode;
  z3_proposal *list;
  size_t count;
  int selected, top;
  bool loaded;
  char note[sizeof ((z3_error *)0)->message]; /* why the list is empty, or an error */
  char *folders_note; /* sandboxes the registry does not name, or NULL */
  z3_change_set changes;
  bool have_changes;
  bool *marked;
  int cursor;
} proposals_view;

static const tui_key_help keys[] = {
    {"Up / Down, Enter", "choose a proposal and see its changes"}, {"Space", "mark a change"},
    {"a", "accept the marked changes (all when none is marked)"},   {"x", "reject the proposal (asks the reason)"},
    {"r", "read the registry again"},                               {"Esc", "back to the list"},
    {NULL, NULL},
};

static void release_changes(proposals_view *p) {
  if (p->have_changes) z3_change_set_release(&p->changes);
  p->have_changes = false;
  z3_free(p->marked);
  p->marked = NULL;
}

static void release_list(proposals_view *p) {
  if (p->list) z3_proposal_list_release(p->list, p->count);
  p->list = NULL, p->count = 0;
  z3_free(p->folders_note);
  p->folders_note = NULL;
}

/* Sandboxes no registry row names (a lost registry's, or ones set aside): a damaged
 * registry names none, so they are only looked for when it opened or there is none. */
static char *unregistered_note(z3_registry *r) {
  char *state = z3_state_dir(), *text = state ? z3_registry_unregistered_text(state, r) : NULL;
  z3_free(state);
  return text;
}

static z3_status open_registry(z3_registry **r, z3_error *err) {
  char *dir = z3_state_dir();
  if (!dir) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = z3_registry_open_existing(r, dir, err);
  z3_free(dir);
  return st;
}

static void load_list(proposals_view *p) {
  release_list(p);
  p->loaded = true, p->note[0] = '\0';
  z3_registry *r = NULL;
  z3_error err;
  z3_error_init(&err);
  z3_status st = open_registry(&r, &err);
  if (st == Z3_OK) st = z3_registry_list(r, NULL, &p->list, &p->count, &err);
  if (st == Z3_OK || st == Z3_E_NOT_FOUND) p->folders_note = unregistered_note(r);
  z3_registry_close(r);
  if (st) snprintf(p->note, sizeof p->note, "%s", err.message);
  else if (!p->count) snprintf(p->note, sizeof p->note, "no proposals; agents make them (z3ed agent proposal create)");
  if (p->selected >= (int)p->count) p->selected = p->count ? (int)p->count - 1 : 0;
}

static void open_changes(tui_view *v, proposals_view *p) {
  release_changes(p);
  z3_error err;
  z3_error_init(&err);
  if (z3_proposal_changes(&p->list[p->selected], &p->changes, &err)) {
    tui_app_message(v->app, "error: %s", err.message);
    return;
  }
  p->have_changes = true;
  p->marked = z3_calloc(p->changes.count + 1, sizeof *p->marked);
  p->cursor = 0, p->mode = MODE_CHANGES;
}

static void draw_list(WINDOW *w, proposals_view *p) {
  tui_print(w, 0, 1, A_BOLD, "Proposals (newest first)");
  if (p->note[0]) tui_print(w, 2, 1, COLOR_PAIR(TUI_PAIR_DIM), "%s", p->note);
  int rows = getmaxy(w) - 2 - (p->folders_note ? 4 : 0), r = 0;
  if (rows < 1) rows = 1;
  if (p->selected < p->top) p->top = p->selected;
  if (p->selected >= p->top + rows) p->top = p->selected - rows + 1;
  for (; r < rows && (size_t)(p->top + r) < p->count; r++) {
    const z3_proposal *q = &p->list[p->top + r];
    attr_t a = p->top + r == p->selected ? COLOR_PAIR(TUI_PAIR_SELECTED) : 0;
    tui_print(w, 2 + r, 1, a, "#%-4lld %-9s %-36s %s", (long long)q->id, q->status, q->title, q->created_at);
  }
  if (p->folders_note) tui_print_wrapped(w, 2 + (r ? r : 1) + 1, 1, COLOR_PAIR(TUI_PAIR_DIM), p->folders_note);
}

static void draw_changes(WINDOW *w, proposals_view *p, z3_doc *doc) {
  const z3_proposal *q = &p->list[p->selected];
  const z3_change_set *s = &p->changes;
  tui_print(w, 0, 1, A_BOLD, "#%lld %s: %s", (long long)q->id, q->title, q->status);
  tui_print(w, 1, 1, COLOR_PAIR(TUI_PAIR_DIM), "%zu changes, %zu bytes; target %s", s->count, s->bytes_changed, q->rom_path);
  int rows = getmaxy(w) - 3, top = p->cursor >= rows ? p->cursor - rows + 1 : 0;
  for (int r = 0; r < rows && (size_t)(top + r) < s->count; r++) {
    const z3_prop_change *c = &s->changes[top + r];
    char addr[10] = "-";
    uint32_t a;
    if (z3_rom_to_snes(doc->rom, c->offset, &a, NULL) == Z3_OK) z3_snes_format_address(a, addr);
    tui_print(w, 3 + r, 1, top + r == p->cursor ? COLOR_PAIR(TUI_PAIR_SELECTED) : 0, "[%c] %2zu  0x%06zx %-9s %5zu bytes  %s",
              p->marked[top + r] ? 'x' : ' ', c->index, c->offset, addr, c->bytes_changed,
              c->resize ? "resize" : c->resource ? c->resource : "(unnamed)");
  }
}

static void render(tui_view *v, WINDOW *w) {
  proposals_view *p = v->state;
  if (!p->loaded) load_list(p);
  if (p->mode == MODE_CHANGES && p->have_changes) draw_changes(w, p, tui_app_doc(v->app));
  else draw_list(w, p);
}

/* "1,3,4" from the marks, or NULL for every change. */
static char *marked_list(const proposals_view *p) {
  z3_buf b;
  z3_buf_init(&b);
  for (size_t i = 0; i < p->changes.count; i++)
    if (p->marked[i]) z3_buf_printf(&b, "%s%zu", b.len ? "," : "", p->changes.changes[i].index);
  if (!b.len) {
    z3_buf_release(&b);
    return NULL;
  }
  char *text = z3_strdup((const char *)b.data);
  z3_buf_release(&b);
  return text;
}

static void accept(tui_view *v, proposals_view *p) {
  z3_doc *doc = tui_app_doc(v->app);
  if (z3_doc_modified(doc)) {
    tui_app_message(v->app, "error: %s has unsaved edits; save (w) or undo them before accepting", z3_doc_name(doc));
    return;
  }
  char *list = marked_list(p);
  z3_decide_opts opts = {.rom_path = doc->path, .changes = list, .reviewer = getenv("USER"), .role = "person"};
  z3_registry *r = NULL;
  json_t *report = NULL;
  z3_error err;
  z3_error_init(&err);
  z3_status st = open_registry(&r, &err);
  int64_t id = p->list[p->selected].id;
  if (st == Z3_OK) st = z3_proposal_accept(r, id, &opts, &report, &err);
  z3_registry_close(r);
  json_decref(report);
  if (st == Z3_OK) st = z3_doc_reload(doc, &err);
  if (st) tui_app_message(v->app, "error: %s", err.message);
  else tui_app_message(v->app, "accepted #%lld (%s); %s read again", (long long)id, list ? list : "all changes", z3_doc_name(doc));
  z3_free(list);
  load_list(p);
  p->mode = MODE_LIST;
}

static void reject(tui_view *v, proposals_view *p) {
  char label[160] = "reason (", reason[64] = "";
  for (const char *const *r = z3_reject_reasons; *r; r++) {
    strncat(label, *r, sizeof label - strlen(label) - 3);
    strncat(label, r[1] ? "|" : ")", sizeof label - strlen(label) - 1);
  }
  if (!tui_app_prompt(v->app, label, reason, sizeof reason) || !reason[0]) return;
  z3_registry *r = NULL;
  z3_error err;
  z3_error_init(&err);
  int64_t id = p->list[p->selected].id;
  z3_status st = open_registry(&r, &err);
  if (st == Z3_OK) st = z3_proposal_reject(r, id, reason, NULL, false, &err);
  z3_registry_close(r);
  if (st) tui_app_message(v->app, "error: %s", err.message);
  else tui_app_message(v->app, "rejected #%lld (%s)", (long long)id, reason);
  load_list(p);
  p->mode = MODE_LIST;
}

static bool list_key(tui_view *v, proposals_view *p, int key) {
  if (key == KEY_UP && p->selected > 0) p->selected--;
  else if (key == KEY_DOWN && (size_t)p->selected + 1 < p->count) p->selected++;
  else if ((key == '\n' || key == KEY_ENTER) && p->count) open_changes(v, p);
  else if (key == 'x' && p->count) reject(v, p);
  else if (key == 'r') load_list(p);
  else return key == KEY_UP || key == KEY_DOWN;
  return true;
}

static bool changes_key(tui_view *v, proposals_view *p, int key) {
  int last = p->changes.count ? (int)p->changes.count - 1 : 0;
  if (key == KEY_UP && p->cursor > 0) p->cursor--;
  else if (key == KEY_DOWN && p->cursor < last) p->cursor++;
  else if (key == ' ' && p->changes.count) p->marked[p->cursor] = !p->marked[p->cursor];
  else if (key == 'a') accept(v, p);
  else if (key == 'x') reject(v, p);
  else if (key == 27) p->mode = MODE_LIST;
  else return key == KEY_UP || key == KEY_DOWN;
  return true;
}

static bool handle_key(tui_view *v, int key) {
  proposals_view *p = v->state;
  if (!p->loaded) load_list(p);
  return p->mode == MODE_CHANGES && p->have_changes ? changes_key(v, p, key) : list_key(v, p, key);
}

static void destroy(tui_view *v) {
  proposals_view *p = v->state;
  if (!p) return;
  release_changes(p);
  release_list(p);
  z3_free(p);
}

void tui_proposals_view(tui_view *v, tui_app *app) {
  *v = (tui_view){.name = "proposals", .keys = keys, .app = app, .state = z3_calloc(1, sizeof(proposals_view)),
                  .render = render, .handle_key = handle_key, .destroy = destroy};
}
