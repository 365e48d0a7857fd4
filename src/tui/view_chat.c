/*
 * tui/view_chat: asking the configured model for an edit. Each message is
 * one `agent run` on the open ROM's file (through the command table, so the
 * provider, the limits and the sandbox are the CLI's): its tool calls appear
 * as it makes them, then the model's answer and the proposal they made,
 * and the proposal waits in the proposals tab. The messages after the first
 * go on with that proposal (`--proposal-id`), so the chat is one
 * conversation refining one proposal, until it is decided or `n` starts a
 * new one. Offline, a replay script (examples/agent/recolor.json is one)
 * plays the model.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/app.h"
#include "tui/capture.h"
#include "tui/component.h"
#include "tui/tree.h"

enum { MESSAGE_CAP = 512, PATH_CAP = 512 };

typedef struct chat_view {
  tui_lines transcript;
  char provider[32], replay[PATH_CAP];
  int scroll;                   /* lines up from the end */
  long long proposal;           /* the conversation's proposal, 0 before the first answer */
} chat_view;

static const tui_key_help keys[] = {
    {"Enter / i", "write a message (one `agent run` on the ROM's file, going on with the chat's proposal)"},
    {"n", "new conversation: the next message starts a new proposal"},
    {"p", "provider (ollama, openai, gemini, anthropic, replay; empty: $Z3ED_PROVIDER)"},
    {"R", "replay script for the replay provider (examples/agent/recolor.json)"},
    {"PgUp / PgDn", "scroll the transcript"}, {NULL, NULL},
};

/* The calls from the run's result when none was shown as it ran, then the
 * model's answer and the proposal. */
static void add_result(chat_view *c, const json_t *res, size_t shown_live) {
  size_t i;
  json_t *call;
  json_array_foreach(shown_live ? NULL : json_object_get(res, "calls"), i, call) {
    char *args = json_dumps(json_object_get(call, "arguments"), JSON_COMPACT | JSON_SORT_KEYS);
    const char *error = json_string_value(json_object_get(call, "error"));
    tui_lines_add(&c->transcript, "  tool %s %s%s%s", json_string_value(json_object_get(call, "tool")), args ? args : "",
                  error ? ": " : "", error ? error : "");
    free(args);
  }
  const char *answer = json_string_value(json_object_get(res, "answer"));
  tui_lines_add(&c->transcript, "model: %s", answer ? answer : "(no answer)");
  json_t *p = json_object_get(res, "proposal");
  if (json_is_object(p)) {
    c->proposal = (long long)json_integer_value(json_object_get(p, "id"));
    tui_lines_add(&c->transcript, "  proposal #%lld \"%s\" is %s: review it in the proposals tab", c->proposal,
                  json_string_value(json_object_get(p, "title")), json_string_value(json_object_get(p, "status")));
  }
  tui_lines_add(&c->transcript, "%s", "");
}

typedef struct live_chat {
  tui_view *v;
  chat_view *c;
  size_t lines;
} live_chat;

/* A tool call as the agent makes it: into the transcript and onto the screen now. */
static void live_line(const char *line, void *data) {
  live_chat *l = data;
  tui_lines_add(&l->c->transcript, "  %s", line);
  l->lines++;
  l->c->scroll = 0;
  tui_app_draw(l->v->app);
}

static void send_message(tui_view *v, chat_view *c) {
  char message[MESSAGE_CAP] = "";
  if (!tui_app_prompt(v->app, "you", message, sizeof message) || !message[0]) return;
  const char *words[10] = {"agent", "run", "--prompt", message};
  int n = 4;
  char id[24];
  if (c->proposal) {
    snprintf(id, sizeof id, "%lld", c->proposal);
    words[n++] = "--proposal-id", words[n++] = id;
  }
  if (c->provider[0]) words[n++] = "--provider", words[n++] = c->provider;
  if (c->replay[0]) words[n++] = "--replay", words[n++] = c->replay;
  tui_lines_add(&c->transcript, "you: %s", message);
  tui_app_message(v->app, "waiting for the model...");
  tui_app_draw(v->app);
  json_t *res = NULL;
  z3_error err;
  z3_error_init(&err);
  live_chat live = {.v = v, .c = c};
  z3_status st = tui_run_live(tui_app_doc(v->app), n, words, &res, live_line, &live, &err);
  if (res) add_result(c, res, live.lines);
  if (st) tui_lines_add(&c->transcript, "error: %s", err.message);
  if (st && err.hint[0]) tui_lines_add(&c->transcript, "hint: %s", err.hint);
  if (st && strstr(err.message, "only an open proposal can go on")) {
    c->proposal = 0; /* decided in the proposals tab meanwhile: the next message starts afresh */
    tui_lines_add(&c->transcript, "%s", "(the next message starts a new conversation)");
  }
  json_decref(res);
  c->scroll = 0;
  tui_app_message(v->app, st ? "error: %s" : "%s", st ? err.message : "answered");
}

static void render(tui_view *v, WINDOW *w) {
  chat_view *c = v->state;
  tui_print(w, 0, 1, A_BOLD, "Chat: provider %s%s%s", c->provider[0] ? c->provider : "(from $Z3ED_PROVIDER)",
            c->replay[0] ? ", replay " : "", c->replay);
  if (c->proposal) wprintw(w, " | proposal #%lld", c->proposal);
  int rows = getmaxy(w) - 2, end = (int)c->transcript.count - c->scroll, first = end - rows > 0 ? end - rows : 0;
  if (!c->transcript.count)
    tui_print(w, 2, 1, COLOR_PAIR(TUI_PAIR_DIM), "Enter writes a message; the model edits a proposal, never the ROM itself.");
  for (int i = first, y = 2; i < end; i++, y++) {
    const char *line = c->transcript.items[i];
    attr_t a = strncmp(line, "you:", 4) == 0 ? A_BOLD : strncmp(line, "error", 5) == 0 ? COLOR_PAIR(TUI_PAIR_ERROR) : 0;
    tui_print(w, y, 1, a, "%s", line);
  }
}

static bool handle_key(tui_view *v, int key) {
  chat_view *c = v->state;
  int most = (int)c->transcript.count;
  switch (key) {
  case '\n': case KEY_ENTER: case 'i': send_message(v, c); return true;
  case 'p': tui_app_prompt(v->app, "provider", c->provider, sizeof c->provider); return true;
  case 'R': tui_app_prompt(v->app, "replay script", c->replay, sizeof c->replay); return true;
  case 'n':
    if (c->proposal) tui_lines_add(&c->transcript, "(new conversation: proposal #%lld stays for review)", c->proposal);
    c->proposal = 0, c->scroll = 0;
    return true;
  case KEY_PPAGE: c->scroll = c->scroll + 10 < most ? c->scroll + 10 : most; return true;
  case KEY_NPAGE: c->scroll = c->scroll > 10 ? c->scroll - 10 : 0; return true;
  default: return false;
  }
}

static void destroy(tui_view *v) {
  chat_view *c = v->state;
  if (c) tui_lines_clear(&c->transcript);
  z3_free(c);
}

void tui_chat_view(tui_view *v, tui_app *app) {
  *v = (tui_view){.name = "chat", .keys = keys, .app = app, .state = z3_calloc(1, sizeof(chat_view)),
                  .render = render, .handle_key = handle_key, .destroy = destroy};
}
