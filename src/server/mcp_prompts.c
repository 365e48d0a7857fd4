/*
 * prompts/list and prompts/get: a few worked plans that tell a model which
 * tools and resources to use, in which order, for common ROM-hacking tasks.
 * Argument values arrive as strings (MCP says so) and are checked here.
 */
#include <stdlib.h>
#include <string.h>

#include "server/mcp_internal.h"

enum { MAX_PROMPT_ARGS = 3 };

typedef struct prompt_arg {
  const char *name, *description;
  bool required;
  const char *choices;          /* "a|b|c" when only these values make sense; "#" for a number */
} prompt_arg;

/* Writes the prompt's text into b from its arguments (absent optional ones are NULL). */
typedef void (*prompt_fn)(const mcp_server *s, const char *const *args, z3_buf *b);

typedef struct prompt {
  const char *name, *title, *description;
  prompt_arg args[MAX_PROMPT_ARGS];
  prompt_fn build;
} prompt;

/* ---- the prompts' text ------------------------------------------------------------------- */

static const char *rom_phrase(const mcp_server *s) {
  return s->opts.rom_path ? "the server's ROM (tools use it when 'rom' is left out)"
                          : "the ROM whose path I give you (pass it as 'rom')";
}

static void inspect_rom(const mcp_server *s, const char *const *args, z3_buf *b) {
  const char *focus = args[0] ? args[0] : "overview";
  z3_buf_printf(b,
                "Inspect %s and report what you find, focusing on: %s.\n"
                "1. Read the resource z3ed://rom/state (or call rom_export_state): mapping, size, header, "
                "checksum and hashes.\n"
                "2. Call rom_validate and list every finding with its severity.\n",
                rom_phrase(s), focus);
  if (strcmp(focus, "graphics") == 0 || strcmp(focus, "overview") == 0)
    z3_buf_printf(b, "3. Call gfx_list and name any sheet with size_ok false or a decoding problem.\n");
  if (strcmp(focus, "palettes") == 0 || strcmp(focus, "overview") == 0)
    z3_buf_printf(b, "4. Read z3ed://palettes and, for anything unusual, palette_get on that palette.\n");
  if (strcmp(focus, "header") == 0)
    z3_buf_printf(b, "3. Call rom_header_get and explain each field in plain words.\n");
  z3_buf_printf(b, "Change nothing: use read-only tools only. End with a short summary and any risks.");
}

static void recolor_palette(const mcp_server *s, const char *const *args, z3_buf *b) {
  z3_buf_printf(b,
                "Recolour palette %s of group '%s' in %s so that it looks like this: %s.\n"
                "1. Call palette_get with group '%s' and index %s to see the current colours "
                "(#RRGGBB and SNES $BGR555; colour 0 of a row is often transparent).\n"
                "2. Choose new colours. SNES colours have 5 bits per channel, so #RRGGBB values are "
                "truncated; keep related shades ordered from dark to light.\n"
                "3. For each colour to change call palette_set_color with group, index, color and "
                "value ('#RRGGBB'), with dry_run true first to see the change set.\n"
                "4. Writing needs a proposal sandbox; if a call is refused for that reason, report the "
                "dry-run change sets instead so a person can apply them.\n"
                "Finish with a table of old and new colours.",
                args[1], args[0], rom_phrase(s), args[2], args[0], args[1]);
}

static void review_proposal(const mcp_server *s, const char *const *args, z3_buf *b) {
  (void)s;
  z3_buf_printf(b,
                "Review proposal %s before a person decides to accept it.\n"
                "1. Read z3ed://proposal/%s: title, status, the real ROM, the sandbox ROM, its history and "
                "the last policy checks. If it cannot be read, say so and stop.\n"
                "2. Read z3ed://proposal/%s/diff: every change with the resource it belongs to (palette "
                "colour, sheet, header field) and its bank. Check that each one is explained by the "
                "proposal's purpose.\n"
                "3. Call rom_validate with rom set to the sandbox ROM; a new error is a reason to reject.\n"
                "4. Recommend accept or reject (with one of the reject reasons: incorrect-palette, "
                "misplaced-sprite, regression-detected, other) and list anything a person should check "
                "in the game itself. Do not accept it yourself.",
                args[0], args[0], args[0]);
}

static void compare_roms(const mcp_server *s, const char *const *args, z3_buf *b) {
  (void)s;
  z3_buf_printf(b,
                "Compare the ROM '%s' (original) with '%s' (changed).\n"
                "1. Call rom_diff with from and to; use max_ranges to keep the answer short.\n"
                "2. Call rom_info on both and note header or checksum differences.\n"
                "3. Group the changed ranges by bank and say what lives there where you can tell "
                "(graphics sheets from gfx_list, palettes from palette_list).\n"
                "Change nothing.",
                args[0], args[1]);
}

static const prompt prompts[] = {
    {"inspect-rom", "Inspect the ROM", "a read-only health check and overview of a ROM",
     {{"focus", "overview (default), header, graphics or palettes", false, "overview|header|graphics|palettes"}}, inspect_rom},
    {"recolor-palette", "Recolour a palette", "plan and preview new colours for one palette",
     {{"group", "palette group, e.g. ow_main or armors (see z3ed://palettes)", true, NULL},
      {"index", "palette number within the group", true, "#"},
      {"look", "how the new colours should look, e.g. 'autumn: browns and oranges'", true, NULL}},
     recolor_palette},
    {"review-proposal", "Review a proposal", "check a proposal's changes before accepting it",
     {{"id", "the proposal's number", true, "#"}}, review_proposal},
    {"compare-roms", "Compare two ROMs", "explain what changed between two ROM files",
     {{"from", "the original ROM's path", true, NULL}, {"to", "the changed ROM's path", true, NULL}}, compare_roms},
};

enum { PROMPT_COUNT = sizeof prompts / sizeof *prompts };

/* ---- prompts/list ------------------------------------------------------------------------- */

static json_t *describe(const mcp_request *r, const prompt *p) {
  json_t *o = json_object(), *args = json_array();
  json_object_set_new(o, "name", json_string(p->name));
  if (mcp_since(r, "2025-06-18")) json_object_set_new(o, "title", json_string(p->title));
  json_object_set_new(o, "description", json_string(p->description));
  for (int i = 0; i < MAX_PROMPT_ARGS && p->args[i].name; i++) {
    json_t *a = json_object();
    json_object_set_new(a, "name", json_string(p->args[i].name));
    json_object_set_new(a, "description", json_string(p->args[i].description));
    json_object_set_new(a, "required", json_boolean(p->args[i].required));
    json_array_append_new(args, a);
  }
  json_object_set_new(o, "arguments", args);
  return o;
}

void mcp_prompts_list(mcp_server *s, mcp_request *r) {
  if (!mcp_check_cursor(s, r)) return;
  json_t *list = json_array(), *result = json_object();
  for (size_t i = 0; i < PROMPT_COUNT; i++) json_array_append_new(list, describe(r, &prompts[i]));
  json_object_set_new(result, "prompts", list);
  mcp_cacheable(r, result, 3600000, false);
  mcp_reply(s, r, result);
}

/* ---- prompts/get --------------------------------------------------------------------------- */

/* True when v is one of the argument's choices (or it has none). */
static bool fits(const prompt_arg *a, const char *v) {
  uint64_t n;
  if (!a->choices || !v) return true;
  if (strcmp(a->choices, "#") == 0) return z3_parse_u64(v, &n);
  size_t len = strlen(v);
  for (const char *c = a->choices; *c;) {
    size_t k = strcspn(c, "|");
    if (k == len && strncmp(c, v, len) == 0) return true;
    c += k + (c[k] == '|');
  }
  return false;
}

static int arg_index(const prompt *p, const char *name) {
  for (int i = 0; i < MAX_PROMPT_ARGS && p->args[i].name; i++)
    if (strcmp(p->args[i].name, name) == 0) return i;
  return -1;
}

/* Fills values[] from params.arguments; false after answering an error. */
static bool read_args(mcp_server *s, mcp_request *r, const prompt *p, const char *values[MAX_PROMPT_ARGS]) {
  json_t *given = json_object_get(r->params, "arguments"), *v;
  const char *key;
  if (given && !json_is_object(given)) {
    mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, "params.arguments of prompts/get must be an object");
    return false;
  }
  json_object_foreach(given, key, v) {
    int i = arg_index(p, key);
    if (i < 0 || !json_is_string(v)) {
      mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, i < 0 ? "prompt '%s' has no argument '%s'"
                                                            : "argument '%s' of prompt '%s' must be a string",
                      i < 0 ? p->name : key, i < 0 ? key : p->name);
      return false;
    }
    values[i] = json_string_value(v);
  }
  for (int i = 0; i < MAX_PROMPT_ARGS && p->args[i].name; i++) {
    const prompt_arg *a = &p->args[i];
    if (a->required && (!values[i] || !*values[i])) {
      mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, "prompt '%s' needs the argument '%s'", p->name, a->name);
      return false;
    }
    if (!fits(a, values[i])) {
      mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, "argument '%s' of prompt '%s' must be %s%s", a->name, p->name,
                      strcmp(a->choices, "#") == 0 ? "a number" : "one of ", strcmp(a->choices, "#") == 0 ? "" : a->choices);
      return false;
    }
  }
  return true;
}

void mcp_prompts_get(mcp_server *s, mcp_request *r) {
  const char *name = mcp_param_str(r, "name");
  const prompt *p = NULL;
  for (size_t i = 0; name && i < PROMPT_COUNT; i++)
    if (strcmp(prompts[i].name, name) == 0) p = &prompts[i];
  if (!p) {
    mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, name ? "Unknown prompt: %s" : "prompts/get needs params.name, a string%s",
                    name ? name : "");
    return;
  }
  const char *values[MAX_PROMPT_ARGS] = {0};
  if (!read_args(s, r, p, values)) return;
  z3_buf text;
  z3_buf_init(&text);
  p->build(s, values, &text);
  json_t *content = json_object(), *message = json_object(), *messages = json_array(), *result = json_object();
  json_object_set_new(content, "type", json_string("text"));
  json_object_set_new(content, "text", json_string(text.data ? (const char *)text.data : ""));
  z3_buf_release(&text);
  json_object_set_new(message, "role", json_string("user"));
  json_object_set_new(message, "content", content);
  json_array_append_new(messages, message);
  json_object_set_new(result, "description", json_string(p->description));
  json_object_set_new(result, "messages", messages);
  mcp_reply(s, r, result);
}
