/*
 * tui/view_commands: the command palette (Ctrl-P anywhere). A fuzzy search
 * over the command table, a form built from the chosen command's argument
 * specs (types, enum choices, defaults, required marks) and the result as a
 * tree. The command runs through the dispatcher on the open ROM
 * (z3_doc_run), so parsing, validation and errors are exactly the CLI's,
 * and an edit it makes is one undo step like any other.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "tui/capture.h"
#include "tui/component.h"
#include "tui/tree.h"

enum { MODE_LIST, MODE_FORM, MODE_RESULT };
enum { MAX_FIELDS = Z3_MAX_ARGS, VALUE_CAP = 256, KEY_CTRL_P = 16, KEY_ESC = 27 };

typedef struct field {
  const z3_arg_spec *spec;
  char value[VALUE_CAP];
  bool set;
} field;

typedef struct commands_view {
  int mode;
  char query[64];
  size_t *matches, match_count;
  int selected, top;
  const z3_command *cmd;
  field fields[MAX_FIELDS];
  int field_count, field_cursor;   /* field_count: the [ run ] row */
  tui_lines result;
  bool failed;
  int scroll;
  char flags[MAX_FIELDS][40];     /* "--name" words of the last run */
} commands_view;

static const tui_key_help keys[] = {
    {"type", "filter commands (letters in order, fuzzy)"}, {"Up / Down, Enter", "choose a command"},
    {"form: Enter", "edit the field (enum: pick from the list), or run on [ run ]"},
    {"form: Space", "toggle a switch"},                     {"form: Del", "clear the field"},
    {"form: Home / End", "first field / the [ run ] row"},
    {"Esc", "back (result -> form -> list); list: clear the filter"}, {NULL, NULL},
};

/* Lower is better; -1 when the query's letters do not all occur in order. */
static int fuzzy_score(const char *query, const char *text) {
  if (!query[0]) return 0;
  const char *hit = strstr(text, query);
  if (hit) return (int)(hit - text);
  int score = 100, last = -1;
  for (const char *q = query; *q; q++) {
    const char *at = strchr(text + last + 1, tolower((unsigned char)*q));
    if (!at) return -1;
    score += (int)(at - text) - last - 1;
    last = (int)(at - text);
  }
  return score;
}

static int match_cmp(const void *a, const void *b, void *scores) {
  const int *s = scores;
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return s[x] != s[y] ? s[x] - s[y] : (x > y) - (x < y);
}

static void refilter(commands_view *c) {
  z3_free(c->matches);
  c->matches = z3_calloc(z3_command_count + 1, sizeof *c->matches);
  int *scores = z3_calloc(z3_command_count + 1, sizeof *scores);
  c->match_count = 0, c->selected = 0, c->top = 0;
  if (!c->matches || !scores) {
    z3_free(scores);
    return;
  }
  for (size_t i = 0; i < z3_command_count; i++) {
    char name[128];
    snprintf(name, sizeof name, "%s %s", z3_commands[i].resource, z3_commands[i].action);
    scores[i] = fuzzy_score(c->query, name);
    if (scores[i] >= 0) c->matches[c->match_count++] = i;
  }
  /* insertion sort: stable, and the table has a few hundred entries */
  for (size_t i = 1; i < c->match_count; i++)
    for (size_t j = i; j > 0 && match_cmp(&c->matches[j - 1], &c->matches[j], scores) > 0; j--) {
      size_t t = c->matches[j];
      c->matches[j] = c->matches[j - 1], c->matches[j - 1] = t;
    }
  z3_free(scores);
}

static bool hidden_arg(const z3_arg_spec *s) {
  return strcmp(s->name, "rom") == 0 || strcmp(s->name, "output") == 0 || strcmp(s->name, "no-backup") == 0;
}

static void open_form(commands_view *c, const z3_command *cmd) {
  c->cmd = cmd, c->mode = MODE_FORM, c->field_count = 0, c->field_cursor = 0;
  const z3_arg_spec *s;
  for (size_t i = 0; (s = z3_command_arg_at(cmd, i)) && c->field_count < MAX_FIELDS; i++) {
    if (hidden_arg(s)) continue;
    field *f = &c->fields[c->field_count++];
    f->spec = s, f->set = false, f->value[0] = '\0';
  }
}

static const char *type_name(const z3_arg_spec *s) {
  static const char *const names[] = {"text", "number", "address", "path", "choice", "switch", "path", "list"};
  return s->type <= Z3_ARG_LIST ? names[s->type] : "?";
}

static void draw_list(WINDOW *w, commands_view *c) {
  tui_print(w, 0, 1, A_BOLD, "command: %s_", c->query);
  tui_print(w, 0, 50, COLOR_PAIR(TUI_PAIR_DIM), "%zu of %zu commands", c->match_count, z3_command_count);
  int rows = getmaxy(w) - 2;
  if (c->selected < c->top) c->top = c->selected;
  if (c->selected >= c->top + rows) c->top = c->selected - rows + 1;
  for (int r = 0; r < rows && (size_t)(c->top + r) < c->match_count; r++) {
    const z3_command *cmd = &z3_commands[c->matches[c->top + r]];
    bool sel = c->top + r == c->selected, rom = cmd->flags & Z3_CMD_NEEDS_ROM;
    attr_t a = sel ? COLOR_PAIR(TUI_PAIR_SELECTED) : rom ? 0 : COLOR_PAIR(TUI_PAIR_DIM);
    char name[64];
    snprintf(name, sizeof name, "%s %s", cmd->resource, cmd->action);
    tui_print(w, 2 + r, 1, a, "%-26s %s%s", name, cmd->summary, rom ? "" : " (shell only)");
  }
}

static void draw_form(WINDOW *w, commands_view *c) {
  tui_print(w, 0, 1, A_BOLD, "z3ed %s %s", c->cmd->resource, c->cmd->action);
  tui_print(w, 1, 1, COLOR_PAIR(TUI_PAIR_DIM), "%s", c->cmd->summary);
  for (int i = 0; i <= c->field_count && 3 + i < getmaxy(w); i++) {
    attr_t a = i == c->field_cursor ? COLOR_PAIR(TUI_PAIR_SELECTED) : 0;
    if (i == c->field_count) {
      tui_print(w, 3 + i, 1, a | A_BOLD, "[ run ]");
      break;
    }
    const field *f = &c->fields[i];
    const z3_arg_spec *s = f->spec;
    const char *shown = f->set ? f->value : s->def ? s->def : "";
    tui_print(w, 3 + i, 1, a, "%c --%-16s %-7s %-22s %s", s->required ? '*' : ' ', s->name, type_name(s), shown,
              s->help ? s->help : "");
    if (!f->set && s->def && i != c->field_cursor) mvwchgat(w, 3 + i, 35, (int)strlen(shown), A_DIM, 0, NULL);
  }
}

static void draw_result(WINDOW *w, commands_view *c) {
  tui_print(w, 0, 1, A_BOLD | COLOR_PAIR(c->failed ? TUI_PAIR_ERROR : TUI_PAIR_OK), "%s %s: %s", c->cmd->resource,
            c->cmd->action, c->failed ? "failed" : "done");
  int rows = getmaxy(w) - 2;
  for (int r = 0; r < rows && (size_t)(c->scroll + r) < c->result.count; r++)
    tui_print(w, 2 + r, 1, 0, "%s", c->result.items[c->scroll + r]);
}

static void render(tui_view *v, WINDOW *w) {
  commands_view *c = v->state;
  if (!c->matches) refilter(c);
  if (c->mode == MODE_LIST) draw_list(w, c);
  else if (c->mode == MODE_FORM) draw_form(w, c);
  else draw_result(w, c);
}

/* The words as they would be typed after `z3ed`, --rom left to z3_doc_run. */
static int build_words(commands_view *c, const char **words, int cap, char *action_copy) {
  int n = 0;
  words[n++] = c->cmd->resource;
  strcpy(action_copy, c->cmd->action);
  for (char *save = NULL, *w = strtok_r(action_copy, " ", &save); w && n < cap; w = strtok_r(NULL, " ", &save))
    words[n++] = w;
  for (int i = 0; i < c->field_count && n + 2 < cap; i++) {
    field *f = &c->fields[i];
    if (!f->set) continue;
    snprintf(c->flags[i], sizeof c->flags[i], "--%s", f->spec->name);
    if (f->spec->type == Z3_ARG_BOOL && strcmp(f->value, "yes") != 0) continue;
    words[n++] = c->flags[i];
    if (f->spec->type != Z3_ARG_BOOL) words[n++] = f->value;
  }
  return n;
}

static void run(tui_view *v, commands_view *c) {
  const char *words[2 * MAX_FIELDS + 8];
  char action[128];
  int n = build_words(c, words, (int)(sizeof words / sizeof words[0]), action);
  json_t *result = NULL;
  z3_error err;
  z3_error_init(&err);
  tui_lines_clear(&c->result);
  tui_lines printed = {0};
  z3_status st = tui_run_captured(tui_app_doc(v->app), n, words, &result, &printed, &err);
  c->failed = st != Z3_OK, c->scroll = 0, c->mode = MODE_RESULT;
  if (st) tui_lines_add(&c->result, "error: %s", err.message);
  if (st && err.hint[0]) tui_lines_add(&c->result, "hint: %s", err.hint);
  if (result) tui_lines_from_json(&c->result, result);
  if (printed.count) tui_lines_add(&c->result, "%s", "printed while running:");
  for (size_t i = 0; i < printed.count; i++) tui_lines_add(&c->result, "  %s", printed.items[i]);
  tui_lines_clear(&printed);
  json_decref(result);
  tui_app_message(v->app, st ? "error: %s" : "%s", st ? err.message : "ran; Esc returns to the form");
}

static void edit_field(tui_view *v, field *f) {
  const z3_arg_spec *s = f->spec;
  if (s->type == Z3_ARG_BOOL) {
    bool on = f->set && strcmp(f->value, "yes") == 0;
    snprintf(f->value, sizeof f->value, "%s", on ? "no" : "yes");
    f->set = true;
    return;
  }
  char label[200] = "", text[VALUE_CAP];
  snprintf(label, sizeof label, "--%s", s->name);
  if (s->type == Z3_ARG_ENUM && s->choices) {
    size_t used = strlen(label);
    for (const char *const *ch = s->choices; *ch && used + 2 < sizeof label; ch++)
      used += (size_t)snprintf(label + used, sizeof label - used, "%s%s", ch == s->choices ? " (" : "|", *ch);
    if (used + 1 < sizeof label) strcat(label, ")");
  }
  snprintf(text, sizeof text, "%s", f->set ? f->value : "");
  if (!tui_app_prompt(v->app, label, text, sizeof text)) return;
  snprintf(f->value, sizeof f->value, "%s", text);
  f->set = text[0] != '\0';
}

static bool list_key(commands_view *c, int key) {
  size_t len = strlen(c->query);
  if (key == KEY_UP && c->selected > 0) c->selected--;
  else if (key == KEY_DOWN && (size_t)c->selected + 1 < c->match_count) c->selected++;
  else if (key == KEY_NPAGE) c->selected = (int)(c->match_count ? c->match_count - 1 : 0);
  else if (key == KEY_PPAGE) c->selected = 0;
  else if ((key == '\n' || key == KEY_ENTER) && c->match_count) open_form(c, &z3_commands[c->matches[c->selected]]);
  else if ((key == KEY_BACKSPACE || key == 127 || key == 8) && len) c->query[len - 1] = '\0', refilter(c);
  else if (key == KEY_ESC && len) c->query[0] = '\0', refilter(c);
  else if (key >= 32 && key < 127 && len + 1 < sizeof c->query) c->query[len] = (char)key, c->query[len + 1] = '\0', refilter(c);
  else return key == KEY_UP || key == KEY_DOWN;
  return true;
}

static bool form_key(tui_view *v, commands_view *c, int key) {
  if (key == KEY_UP && c->field_cursor > 0) c->field_cursor--;
  else if (key == KEY_DOWN && c->field_cursor < c->field_count) c->field_cursor++;
  else if (key == KEY_END) c->field_cursor = c->field_count;
  else if (key == KEY_HOME) c->field_cursor = 0;
  else if (key == KEY_ESC) c->mode = MODE_LIST;
  else if ((key == '\n' || key == KEY_ENTER) && c->field_cursor == c->field_count) run(v, c);
  else if (key == '\n' || key == KEY_ENTER || key == ' ') edit_field(v, &c->fields[c->field_cursor]);
  else if (key == KEY_DC && c->field_cursor < c->field_count) c->fields[c->field_cursor].set = false;
  else return key == KEY_UP || key == KEY_DOWN;
  return true;
}

static bool result_key(commands_view *c, int key) {
  int last = c->result.count ? (int)c->result.count - 1 : 0;
  if (key == KEY_UP && c->scroll > 0) c->scroll--;
  else if (key == KEY_DOWN && c->scroll < last) c->scroll++;
  else if (key == KEY_NPAGE) c->scroll = c->scroll + 10 < last ? c->scroll + 10 : last;
  else if (key == KEY_PPAGE) c->scroll = c->scroll > 10 ? c->scroll - 10 : 0;
  else if (key == KEY_ESC || key == '\n' || key == KEY_ENTER) c->mode = MODE_FORM;
  else return key == KEY_UP || key == KEY_DOWN;
  return true;
}

static bool handle_key(tui_view *v, int key) {
  commands_view *c = v->state;
  if (!c->matches) refilter(c);
  if (key == KEY_CTRL_P) {
    c->mode = MODE_LIST, c->query[0] = '\0';
    refilter(c);
    return true;
  }
  if (c->mode == MODE_LIST) return list_key(c, key);
  if (c->mode == MODE_FORM) return form_key(v, c, key);
  return result_key(c, key);
}

static void destroy(tui_view *v) {
  commands_view *c = v->state;
  if (!c) return;
  tui_lines_clear(&c->result);
  z3_free(c->matches);
  z3_free(c);
}

void tui_commands_view(tui_view *v, tui_app *app) {
  *v = (tui_view){.name = "commands", .keys = keys, .app = app, .state = z3_calloc(1, sizeof(commands_view)),
                  .render = render, .handle_key = handle_key, .destroy = destroy};
}

void tui_app_open_command(tui_app *app, const char *resource, const char *action, const char *arg, const char *value) {
  const z3_command *cmd = z3_command_find(resource, action);
  if (!cmd || !tui_app_show(app, "commands")) return;
  tui_view *v = tui_app_find(app, "commands");
  commands_view *c = v->state;
  open_form(c, cmd);
  for (int i = 0; i < c->field_count; i++) {
    if (strcmp(c->fields[i].spec->name, arg) != 0) continue;
    snprintf(c->fields[i].value, sizeof c->fields[i].value, "%s", value);
    c->fields[i].set = true;
    c->field_cursor = i + 1 < c->field_count ? i + 1 : i;
  }
  tui_app_message(app, "%s %s for %s %s: fill in the fields, Enter on [ run ]", resource, action, arg, value);
}
