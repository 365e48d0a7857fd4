/*
 * tui/view_hex: the ROM's bytes, 16 a row, with SNES or PC addresses, goto,
 * search (bytes, or text in the game's character table), the world model's
 * name for the range under the cursor (zelda3/romap, as `hex annotate` says
 * it) and nibble edits made by running `hex write` on the open ROM.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/component.h"
#include "zelda3/romap.h"
#include "zelda3/text.h"

enum { ROW = 16, MAX_PATTERN = 128, INFO_ROWS = 2 };

typedef struct hex_view {
  size_t cursor, top;
  bool low_nibble;              /* a high nibble was typed; the next digit completes the byte */
  int high;                     /* that high nibble, shown until the byte is written */
  bool pc_addresses;            /* PC offsets instead of SNES addresses */
  uint8_t pattern[MAX_PATTERN];
  size_t pattern_len;
  z3_romap map;
  unsigned map_generation;
  bool map_ready;
  int rows;
} hex_view;

static const tui_key_help keys[] = {
    {"arrows PgUp PgDn", "move"},        {"Home / End", "start / end of the row"},
    {"0-9 a-f", "type a byte: high nibble, then low (written then)"}, {"g", "go to $BB:AAAA (SNES) or 0x... (PC offset)"},
    {"/", "search: hex bytes (a9 00 8d), or \"text\" in the game's table"}, {"n", "next match"},
    {"m", "SNES addresses / PC offsets"},   {NULL, NULL},
};

static const z3_region *region_at(hex_view *h, z3_doc *doc, size_t offset) {
  if (!h->map_ready || h->map_generation != doc->generation) {
    z3_romap_release(&h->map);
    memset(&h->map, 0, sizeof h->map);
    h->map_ready = z3_romap_build(doc->rom, &h->map, NULL) == Z3_OK;
    h->map_generation = doc->generation;
  }
  return h->map_ready ? z3_romap_find(&h->map, offset) : NULL;
}

static bool byte_edited(const z3_rom *rom, size_t offset) {
  for (size_t i = 0; i < rom->change_count; i++) {
    const z3_change *c = &rom->changes[i];
    if (offset >= c->offset && offset < c->offset + c->new_len && c->new_len == c->old_len &&
        c->new_bytes[offset - c->offset] != c->old_bytes[offset - c->offset])
      return true;
  }
  return false;
}

static void format_address(const z3_rom *rom, bool pc, size_t offset, char out[24]) {
  uint32_t address;
  if (!pc && z3_rom_to_snes(rom, offset, &address, NULL) == Z3_OK) z3_snes_format_address(address, out);
  else snprintf(out, 24, "0x%06zx", offset);
}

static void draw_row(WINDOW *w, const hex_view *h, const z3_rom *rom, int y, size_t start) {
  char addr[24];
  format_address(rom, h->pc_addresses, start, addr);
  tui_print(w, y, 0, COLOR_PAIR(TUI_PAIR_DIM), "%-9s", addr);
  for (size_t i = 0; i < ROW && start + i < rom->data.len; i++) {
    size_t at = start + i;
    uint8_t b = rom->data.data[at];
    attr_t attr = (at == h->cursor ? A_REVERSE : 0) | (byte_edited(rom, at) ? A_BOLD | COLOR_PAIR(TUI_PAIR_ERROR) : 0);
    int x = 11 + (int)i * 3 + (i >= 8);
    if (at == h->cursor && h->low_nibble) tui_print(w, y, x, attr | A_UNDERLINE, "%x_", h->high);
    else tui_print(w, y, x, attr, "%02x", b);
    tui_print(w, y, 61 + (int)i, at == h->cursor ? A_REVERSE : 0, "%c", isprint(b) ? b : '.');
  }
}

static void draw_info(WINDOW *w, hex_view *h, z3_doc *doc) {
  const z3_rom *rom = doc->rom;
  int y = getmaxy(w) - INFO_ROWS;
  char snes[16] = "-";
  uint32_t address;
  if (z3_rom_to_snes(rom, h->cursor, &address, NULL) == Z3_OK) z3_snes_format_address(address, snes);
  mvwhline(w, y - 1, 0, ACS_HLINE, getmaxx(w));
  tui_print(w, y, 0, A_BOLD, "PC 0x%06zx  SNES %s  byte 0x%02x (%u)%s", h->cursor, snes, rom->data.data[h->cursor],
            rom->data.data[h->cursor], h->low_nibble ? "  type the low nibble" : "");
  const z3_region *r = region_at(h, doc, h->cursor);
  char owner[96] = "no known structure";
  if (r) z3_region_describe(r, owner, sizeof owner);
  if (r) tui_print(w, y + 1, 0, 0, "%s  [0x%06zx..0x%06zx)", owner, r->offset, r->offset + r->length);
  else tui_print(w, y + 1, 0, COLOR_PAIR(TUI_PAIR_DIM), "%s", owner);
}

static void keep_cursor_visible(hex_view *h) {
  size_t rows = h->rows > 0 ? (size_t)h->rows : 1;
  if (h->cursor < h->top) h->top = h->cursor / ROW * ROW;
  if (h->cursor >= h->top + rows * ROW) h->top = (h->cursor / ROW - rows + 1) * ROW;
}

static void render(tui_view *v, WINDOW *w) {
  hex_view *h = v->state;
  z3_doc *doc = tui_app_doc(v->app);
  h->rows = getmaxy(w) - INFO_ROWS - 1;
  keep_cursor_visible(h);
  for (int y = 0; y < h->rows && h->top + (size_t)y * ROW < doc->rom->data.len; y++)
    draw_row(w, h, doc->rom, y, h->top + (size_t)y * ROW);
  draw_info(w, h, doc);
}

static void move_to(hex_view *h, const z3_rom *rom, long long delta) {
  long long at = (long long)h->cursor + delta, last = (long long)rom->data.len - 1;
  h->cursor = (size_t)(at < 0 ? 0 : at > last ? last : at);
  h->low_nibble = false;
}

/* "$BB:AAAA" or "BB:AAAA" is a SNES address; a plain number (0x.. or decimal) a PC offset. */
static void go_to(tui_view *v, hex_view *h) {
  char text[64] = "";
  if (!tui_app_prompt(v->app, "go to ($BB:AAAA SNES, 0x... PC)", text, sizeof text) || !text[0]) return;
  const z3_rom *rom = tui_app_doc(v->app)->rom;
  z3_error err;
  z3_error_init(&err);
  size_t offset;
  uint32_t address;
  char *end;
  if (text[0] == '$' || strchr(text, ':')) {
    if (!z3_snes_parse_address(text, &address)) {
      tui_app_message(v->app, "error: '%s' is not a SNES address ($BB:AAAA)", text);
      return;
    }
    if (z3_rom_to_pc(rom, address, &offset, &err)) {
      tui_app_message(v->app, "error: %s", err.message);
      return;
    }
  } else {
    unsigned long long n = strtoull(text, &end, 0);
    if (*end || n >= rom->data.len) {
      tui_app_message(v->app, "error: '%s' is not a PC offset below 0x%zx", text, rom->data.len);
      return;
    }
    offset = (size_t)n;
  }
  h->cursor = offset, h->low_nibble = false;
  h->top = offset / ROW * ROW; /* the target on the first row, not wherever scrolling leaves it */
}

static bool parse_hex_bytes(const char *text, uint8_t *out, size_t *len) {
  *len = 0;
  for (const char *p = text; *p;) {
    if (isspace((unsigned char)*p)) {
      p++;
      continue;
    }
    if (!isxdigit((unsigned char)p[0]) || !isxdigit((unsigned char)p[1]) || *len == MAX_PATTERN) return false;
    char pair[3] = {p[0], p[1], 0};
    out[(*len)++] = (uint8_t)strtoul(pair, NULL, 16);
    p += 2;
  }
  return *len > 0;
}

/* Text in the game's table: as stored uncompressed, else with the dictionary. */
static bool encode_text(const char *text, uint8_t *out, size_t *len, z3_error *err) {
  z3_text_dict dict;
  z3_text_dict_vanilla(&dict);
  z3_buf bytes;
  z3_buf_init(&bytes);
  z3_status st = z3_text_encode(&dict, text, false, &bytes, err);
  bool ok = st == Z3_OK && bytes.len > 0 && bytes.len <= MAX_PATTERN;
  if (ok) memcpy(out, bytes.data, bytes.len), *len = bytes.len;
  z3_buf_release(&bytes);
  return ok;
}

static void find_next(tui_view *v, hex_view *h) {
  const z3_rom *rom = tui_app_doc(v->app)->rom;
  if (!h->pattern_len) {
    tui_app_message(v->app, "error: nothing to search for; / sets it");
    return;
  }
  size_t n = rom->data.len;
  for (size_t k = 1; k <= n; k++) {
    size_t at = (h->cursor + k) % n;
    if (at + h->pattern_len <= n && memcmp(rom->data.data + at, h->pattern, h->pattern_len) == 0) {
      bool wrapped = h->cursor + k >= n;
      h->cursor = at, h->low_nibble = false;
      tui_app_message(v->app, "found at 0x%06zx%s", at, wrapped ? " (wrapped)" : "");
      return;
    }
  }
  tui_app_message(v->app, "error: not found");
}

static void search(tui_view *v, hex_view *h) {
  char text[160] = "";
  if (!tui_app_prompt(v->app, "search (hex bytes, or \"text\")", text, sizeof text) || !text[0]) return;
  z3_error err;
  z3_error_init(&err);
  size_t len = strlen(text);
  bool ok;
  if (text[0] == '"') {
    if (len > 1 && text[len - 1] == '"') text[--len] = '\0';
    ok = encode_text(text + 1, h->pattern, &h->pattern_len, &err);
    if (!ok) tui_app_message(v->app, "error: text: %s", err.message[0] ? err.message : "empty or too long");
  } else {
    ok = parse_hex_bytes(text, h->pattern, &h->pattern_len);
    if (!ok) tui_app_message(v->app, "error: '%s': hex bytes in pairs (a9 00 8d), or \"text\"", text);
  }
  if (!ok) h->pattern_len = 0;
  else find_next(v, h);
}

/* The high nibble waits in the view; the low one completes the byte, which
 * `hex write` writes (the CLI's edit and checksum rule, one undo step a byte). */
static void type_nibble(tui_view *v, hex_view *h, int digit) {
  if (!h->low_nibble) {
    h->low_nibble = true, h->high = digit;
    return;
  }
  z3_doc *doc = tui_app_doc(v->app);
  char offset[24], bytes[4];
  snprintf(offset, sizeof offset, "0x%zx", h->cursor);
  snprintf(bytes, sizeof bytes, "%x%x", h->high, digit);
  const char *words[] = {"hex", "write", "--offset", offset, "--bytes", bytes};
  z3_error err;
  z3_error_init(&err);
  h->low_nibble = false;
  if (z3_doc_run(doc, 6, words, NULL, &err)) tui_app_message(v->app, "error: %s", err.message);
  else move_to(h, doc->rom, 1);
}

static bool handle_key(tui_view *v, int key) {
  hex_view *h = v->state;
  const z3_rom *rom = tui_app_doc(v->app)->rom;
  long long page = (long long)(h->rows > 1 ? h->rows - 1 : 1) * ROW;
  switch (key) {
  case KEY_LEFT: move_to(h, rom, -1); return true;
  case KEY_RIGHT: move_to(h, rom, 1); return true;
  case KEY_UP: move_to(h, rom, -ROW); return true;
  case KEY_DOWN: move_to(h, rom, ROW); return true;
  case KEY_PPAGE: move_to(h, rom, -page); return true;
  case KEY_NPAGE: move_to(h, rom, page); return true;
  case KEY_HOME: move_to(h, rom, -(long long)(h->cursor % ROW)); return true;
  case KEY_END: move_to(h, rom, ROW - 1 - (long long)(h->cursor % ROW)); return true;
  case 'g': go_to(v, h); return true;
  case '/': search(v, h); return true;
  case 'n': find_next(v, h); return true;
  case 'm': h->pc_addresses = !h->pc_addresses; return true;
  default: break;
  }
  if (key < 0 || key > 255 || !isxdigit(key)) return false;
  type_nibble(v, h, isdigit(key) ? key - '0' : tolower(key) - 'a' + 10);
  return true;
}

static void destroy(tui_view *v) {
  hex_view *h = v->state;
  if (h) z3_romap_release(&h->map);
  z3_free(h);
}

void tui_hex_view(tui_view *v, tui_app *app) {
  *v = (tui_view){.name = "hex", .keys = keys, .app = app, .state = z3_calloc(1, sizeof(hex_view)),
                  .render = render, .handle_key = handle_key, .destroy = destroy};
}
