/*
 * The graveyard's gravestones (world reference §2.11; the game's
 * AncillaAdd_GraveStone in bank $09 and the finishing code in bank $08).
 *
 * The game finds the stone Link pushes in two steps: his Y, rounded to 16,
 * must equal one of 8 row values, and the row's slice of the 15 graves
 * (byte offsets in a 9-byte table) is searched for a stone whose X range
 * holds his X. So graves of one row must sit next to each other in the
 * tables; a move rebuilds the rows and re-sorts the graves. Three code
 * operands name single graves and must follow them: the CPY that makes one
 * grave open only to a dash (byte offset 0x1A in vanilla), and the two CMPs
 * that pick the stairs' and the hole's tiles when the stone has slid away
 * (the grave's tile16 address minus one row, 0x80).
 */
#include <stdio.h>
#include <string.h>

#include "zelda3/overworld_secrets.h"

enum {
  ROWS_PC = Z3_GRAVES_PC, TRIGGER_X_PC = 0x4994A, TILE_Y_PC = 0x49968, TILE_X_PC = 0x49986,
  MAP_ADDR_PC = 0x499A4, REVEAL_PC = 0x499C2, ROW_START_PC = 0x499E0,
  DASH_CODE_PC = 0x49A3F, STAIRS_CODE_PC = 0x46DD8, HOLE_CODE_PC = 0x46DDF,
  OP_CPY_IMM = 0xC0, OP_CMP_IMM = 0xC9,
  UNUSED_ROW = 0xFFFF, /* never equals Link's Y rounded to 16 */
  WORLD_PIXELS = 4096, ROW_ABOVE = 0x80,
  NO_GRAVE = -2, /* a special whose grave stopped revealing it */
};

static uint16_t word_at(const uint8_t *d, size_t at) { return (uint16_t)(d[at] | d[at + 1] << 8); }

/* The immediate operand of the instruction at `pc` when its opcode is `op`, else -1. */
static int operand(const z3_rom *rom, size_t pc, uint8_t op) {
  if (pc + 3 > rom->data.len || rom->data.data[pc] != op) return -1;
  return word_at(rom->data.data, pc + 1);
}

const char *z3_grave_reveal_name(int reveal) {
  switch (reveal) {
  case Z3_GRAVE_SKULL: return "skull";
  case Z3_GRAVE_STAIRS: return "stairs";
  case Z3_GRAVE_HOLE: return "hole";
  default: return "other";
  }
}

int z3_grave_screen(int x, int y) {
  if (x < 0 || y < 0 || x >= WORLD_PIXELS || y >= WORLD_PIXELS) return -1;
  return (y / 512) * 8 + x / 512;
}

static z3_status check_rows(const z3_graves *g, z3_error *err) {
  for (int r = 0; r <= Z3_GRAVE_LINES; r++) {
    int at = g->row_start[r], prev = r ? g->row_start[r - 1] : 0;
    if (at % 2 || at > 2 * Z3_GRAVES || at < prev) {
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)ROW_START_PC + r,
                             "gravestone row table: entry %d is 0x%02X; entries are even byte offsets 0x00-0x%02X, "
                             "each at least the one before", r, at, 2 * Z3_GRAVES);
    }
  }
  return Z3_OK;
}

z3_status z3_graves_read(const z3_rom *rom, z3_graves *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  if (rom->data.len < ROW_START_PC + Z3_GRAVE_LINES + 1) {
    return z3_error_set(err, Z3_E_INVALID, "the ROM is too small for the gravestone tables (0x%X)", ROWS_PC);
  }
  const uint8_t *d = rom->data.data;
  for (int r = 0; r < Z3_GRAVE_LINES; r++) out->rows[r] = word_at(d, ROWS_PC + 2 * (size_t)r);
  memcpy(out->row_start, d + ROW_START_PC, sizeof out->row_start);
  z3_status st = check_rows(out, err);
  if (st) return st;
  out->count = out->row_start[Z3_GRAVE_LINES] / 2;
  for (int i = 0; i < Z3_GRAVES; i++) {
    z3_grave *g = &out->graves[i];
    size_t k = 2 * (size_t)i;
    g->trigger_x = word_at(d, TRIGGER_X_PC + k), g->y = word_at(d, TILE_Y_PC + k), g->x = word_at(d, TILE_X_PC + k);
    g->map_addr = word_at(d, MAP_ADDR_PC + k), g->reveal = word_at(d, REVEAL_PC + k);
  }
  for (int r = 0; r < Z3_GRAVE_LINES; r++)
    for (int i = out->row_start[r] / 2; i < out->row_start[r + 1] / 2; i++) out->graves[i].trigger_y = out->rows[r];
  int dash = operand(rom, DASH_CODE_PC, OP_CPY_IMM);
  out->dash_grave = dash >= 0 && dash % 2 == 0 && dash < 2 * Z3_GRAVES ? dash / 2 : -1;
  out->stairs_addr = operand(rom, STAIRS_CODE_PC, OP_CMP_IMM);
  out->hole_addr = operand(rom, HOLE_CODE_PC, OP_CMP_IMM);
  return Z3_OK;
}

int z3_grave_of_addr(const z3_graves *g, int addr) {
  for (int i = 0; addr >= 0 && i < g->count; i++)
    if (g->graves[i].map_addr - ROW_ABOVE == addr) return i;
  return -1;
}

static z3_status check_place(int x, int y, int parent, z3_error *err) {
  if (x < 0 || y < 0 || x >= WORLD_PIXELS - 16 || y >= WORLD_PIXELS - 16 || x % 16 || y % 16) {
    return z3_error_set(err, Z3_E_INVALID, "gravestone position (%d,%d) must be world pixels on the 16-pixel grid, "
                        "0-%d", x, y, WORLD_PIXELS - 32);
  }
  int px = (parent & 7) * 512, py = ((parent & 0x3F) >> 3) * 512;
  if (x < px || y < py || x >= px + 1024 || y >= py + 1024) {
    return z3_error_set(err, Z3_E_INVALID, "gravestone position (%d,%d) is not in area 0x%02X", x, y, parent);
  }
  return Z3_OK;
}

/* Who is where after the edit: placed graves first, sorted by row (Y
 * descending, as the game's tables are), then the unplaced ones. */
static void order_graves(const z3_graves *g, const bool placed[Z3_GRAVES], int order[Z3_GRAVES], int *placed_n) {
  int n = 0;
  for (int i = 0; i < Z3_GRAVES; i++)
    if (placed[i]) order[n++] = i;
  for (int a = 1; a < n; a++) /* insertion sort: stable, 15 items */
    for (int b = a; b > 0 && g->graves[order[b]].trigger_y > g->graves[order[b - 1]].trigger_y; b--) {
      int t = order[b];
      order[b] = order[b - 1], order[b - 1] = t;
    }
  *placed_n = n;
  for (int i = 0; i < Z3_GRAVES; i++)
    if (!placed[i]) order[n++] = i;
}

static z3_status build_rows(const z3_graves *g, const int order[Z3_GRAVES], int placed_n, z3_graves *out, z3_error *err) {
  int rows = 0;
  for (int k = 0; k < placed_n; k++) {
    uint16_t ty = g->graves[order[k]].trigger_y;
    if (rows && out->rows[rows - 1] == ty) continue;
    if (rows == Z3_GRAVE_LINES) {
      return z3_error_set(err, Z3_E_INVALID, "the gravestones would stand on more than %d rows; the game searches %d "
                          "(row table 0x%X)", Z3_GRAVE_LINES, Z3_GRAVE_LINES, ROWS_PC);
    }
    out->row_start[rows] = (uint8_t)(2 * k);
    out->rows[rows++] = ty;
  }
  for (int r = rows; r < Z3_GRAVE_LINES; r++) out->rows[r] = UNUSED_ROW, out->row_start[r] = (uint8_t)(2 * placed_n);
  out->row_start[Z3_GRAVE_LINES] = (uint8_t)(2 * placed_n);
  return Z3_OK;
}

static z3_status write_words(z3_rom *rom, size_t pc, const uint16_t *w, int n, const char *why, z3_error *err) {
  uint8_t bytes[2 * Z3_GRAVES];
  for (int i = 0; i < n; i++) bytes[2 * i] = (uint8_t)w[i], bytes[2 * i + 1] = (uint8_t)(w[i] >> 8);
  return z3_rom_write_changed(rom, pc, bytes, 2 * (size_t)n, 0, why, err);
}

static z3_status write_operand(z3_rom *rom, size_t pc, int value, const char *why, z3_error *err) {
  if (value < 0) return Z3_OK;
  uint8_t b[2] = {(uint8_t)value, (uint8_t)(value >> 8)};
  return z3_rom_write_changed(rom, pc + 1, b, 2, 0, why, err);
}

static z3_status write_graves(z3_rom *rom, const z3_graves *g, const char *why, z3_error *err) {
  uint16_t col[6][Z3_GRAVES];
  for (int i = 0; i < Z3_GRAVES; i++) {
    const z3_grave *v = &g->graves[i];
    col[0][i] = v->trigger_x, col[1][i] = v->y, col[2][i] = v->x, col[3][i] = v->map_addr, col[4][i] = v->reveal;
  }
  static const size_t at[5] = {TRIGGER_X_PC, TILE_Y_PC, TILE_X_PC, MAP_ADDR_PC, REVEAL_PC};
  z3_status st = write_words(rom, ROWS_PC, g->rows, Z3_GRAVE_LINES, why, err);
  for (int c = 0; st == Z3_OK && c < 5; c++) st = write_words(rom, at[c], col[c], Z3_GRAVES, why, err);
  if (st == Z3_OK) st = z3_rom_write_changed(rom, ROW_START_PC, g->row_start, sizeof g->row_start, 0, why, err);
  if (st == Z3_OK && g->dash_grave >= 0) st = write_operand(rom, DASH_CODE_PC, 2 * g->dash_grave, why, err);
  if (st == Z3_OK) st = write_operand(rom, STAIRS_CODE_PC, g->stairs_addr, why, err);
  if (st == Z3_OK) st = write_operand(rom, HOLE_CODE_PC, g->hole_addr, why, err);
  return st;
}

/* The special that `reveal` names now belongs to grave `index` (one each). */
static z3_status claim_special(const z3_graves *g, int index, int reveal, z3_error *err) {
  for (int i = 0; i < g->count; i++) {
    if (i == index || g->graves[i].reveal != reveal) continue;
    z3_error_set(err, Z3_E_INVALID, "grave %d already reveals %s; the game's finishing code knows one %s grave", i,
                 z3_grave_reveal_name(reveal), z3_grave_reveal_name(reveal));
    z3_error_hint(err, "make grave %d reveal a skull first", i);
    return Z3_E_INVALID;
  }
  return Z3_OK;
}

/* The game takes the first stone of the row whose 16 pixels hold Link's X:
 * a second stone there would never be pushed. */
static z3_status check_free(const z3_graves *g, int index, int x, int y, z3_error *err) {
  for (int i = 0; i < g->count; i++) {
    const z3_grave *o = &g->graves[i];
    if (i == index || o->trigger_y != y + 16 || o->trigger_x + 16 <= x || x + 16 <= o->trigger_x) continue;
    return z3_error_set(err, Z3_E_INVALID, "grave %d already stands at world pixels (%d,%d); Link could push only one "
                        "of them", i, o->x, o->y);
  }
  return Z3_OK;
}

uint16_t z3_grave_map_addr(int x, int y, int parent) {
  int px = (parent & 7) * 512, py = ((parent & 0x3F) >> 3) * 512;
  return (uint16_t)((((y - py) / 16) * 64 + (x - px) / 16) * 2);
}

static z3_status edit_grave(z3_graves *g, int index, int x, int y, int reveal, int parent, z3_error *err) {
  z3_status st = check_place(x, y, parent, err);
  if (st == Z3_OK) st = check_free(g, index, x, y, err);
  if (st == Z3_OK && reveal && reveal != Z3_GRAVE_SKULL) st = claim_special(g, index, reveal, err);
  if (st) return st;
  z3_grave *v = &g->graves[index];
  v->x = v->trigger_x = (uint16_t)x, v->y = (uint16_t)y, v->trigger_y = (uint16_t)(y + 16);
  v->map_addr = z3_grave_map_addr(x, y, parent);
  if (reveal) v->reveal = (uint16_t)reveal;
  return Z3_OK;
}

z3_status z3_graves_set(z3_rom *rom, int index, int x, int y, int reveal, int parent, int *new_index, z3_error *err) {
  if (index < 0 || index >= Z3_GRAVES) {
    return z3_error_set(err, Z3_E_INVALID, "grave %d does not exist: graves are 0-%d", index, Z3_GRAVES - 1);
  }
  if (reveal && reveal != Z3_GRAVE_SKULL && reveal != Z3_GRAVE_STAIRS && reveal != Z3_GRAVE_HOLE) {
    return z3_error_set(err, Z3_E_INVALID, "reveal 0x%02X is not skull (0x30), stairs (0x38) or hole (0x58)", reveal);
  }
  z3_graves g;
  z3_status st = z3_graves_read(rom, &g, err);
  if (st) return st;
  bool placed[Z3_GRAVES] = {false};
  for (int i = 0; i < Z3_GRAVES; i++) placed[i] = i < g.count;
  int stairs = z3_grave_of_addr(&g, g.stairs_addr), hole = z3_grave_of_addr(&g, g.hole_addr);
  if ((st = edit_grave(&g, index, x, y, reveal, parent, err)) != Z3_OK) return st;
  placed[index] = true;
  if (reveal) { /* a special follows the grave that reveals it; none left: an address no grave has */
    stairs = reveal == Z3_GRAVE_STAIRS ? index : stairs == index ? NO_GRAVE : stairs;
    hole = reveal == Z3_GRAVE_HOLE ? index : hole == index ? NO_GRAVE : hole;
  }
  int order[Z3_GRAVES], placed_n;
  order_graves(&g, placed, order, &placed_n);
  z3_graves out = g;
  if ((st = build_rows(&g, order, placed_n, &out, err)) != Z3_OK) return st;
  for (int k = 0; k < Z3_GRAVES; k++) {
    out.graves[k] = g.graves[order[k]];
    if (order[k] == index) *new_index = k;
    if (order[k] == g.dash_grave) out.dash_grave = k;
  }
  if (g.stairs_addr >= 0 && stairs != -1) out.stairs_addr = stairs == NO_GRAVE ? UNUSED_ROW : g.graves[stairs].map_addr - ROW_ABOVE;
  if (g.hole_addr >= 0 && hole != -1) out.hole_addr = hole == NO_GRAVE ? UNUSED_ROW : g.graves[hole].map_addr - ROW_ABOVE;
  char why[96];
  snprintf(why, sizeof why, "grave %d placed at (%d,%d), reveals %s", index, x, y, z3_grave_reveal_name(g.graves[index].reveal));
  return write_graves(rom, &out, why, err);
}
