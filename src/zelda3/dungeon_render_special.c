/*
 * Objects whose shape the generic rules of dungeon_render.c do not cover,
 * drawn by the rules of the game's routines (usdasm bank $01 names):
 *
 *   diagonal walls 0x009-0x014 (RoomDraw_DiagonalAcute/Grave_1to16): a column
 *     of 5 tiles drawn size+7 times, each one tile right and one up (acute)
 *     or down (grave); 0x015-0x020 (the _BothBG forms) size+6 times, on both
 *     backgrounds;
 *   diagonal ceilings and layer-2 masks 0x0A0-0x0A3, 0x0A5-0x0AC
 *     (RoomDraw_DiagonalCeiling*): a triangle of one repeated tile whose
 *     longest row has size+4 tiles;
 *   the moved-wall checks 0x0D3-0x0D6 (RoomDraw_CheckIfWallIsMoved): logic
 *     only, nothing is drawn;
 *   set pieces: one block of W x H tiles read column by column from the
 *     object's entry (0x12C RoomDraw_DrawRightwards3x6 6x3, 0x137 the closed
 *     dam floodgate 10x4, 0xFEB RoomDraw_4x4, the Ganon-room walls 8x3, the
 *     shells 10x8...). The game draws several of these from fixed offsets in
 *     its code and mirrors halves of the big ones; we read the object's own
 *     table entry, so a hack that moves that data still renders, and the
 *     footprints of the water faces, Agahnim's windows, the fortune-teller
 *     room and Vitreous' goo are our approximations of the routines'.
 */
#include "zelda3/dungeon_render_internal.h"

typedef enum special_kind { SP_ACUTE, SP_GRAVE, SP_CEIL_TL, SP_CEIL_BL, SP_CEIL_TR, SP_CEIL_BR, SP_LOGIC, SP_PIECE } special_kind;

typedef struct special {
  uint16_t lo, hi;
  special_kind kind;
  uint8_t w, h;   /* block of a set piece; 1x5 column of a diagonal; 1x1 tile of a ceiling */
  bool both_bgs;  /* drawn on BG1 and BG2 */
} special;

static const special specials[] = {
    {0x009, 0x009, SP_ACUTE, 1, 5, false}, {0x00A, 0x00B, SP_GRAVE, 1, 5, false}, {0x00C, 0x00D, SP_ACUTE, 1, 5, false},
    {0x00E, 0x00F, SP_GRAVE, 1, 5, false}, {0x010, 0x011, SP_ACUTE, 1, 5, false}, {0x012, 0x013, SP_GRAVE, 1, 5, false},
    {0x014, 0x014, SP_ACUTE, 1, 5, false}, {0x015, 0x015, SP_ACUTE, 1, 5, true},  {0x016, 0x017, SP_GRAVE, 1, 5, true},
    {0x018, 0x019, SP_ACUTE, 1, 5, true},
    {0x01A, 0x01B, SP_GRAVE, 1, 5, true},  {0x01C, 0x01D, SP_ACUTE, 1, 5, true},  {0x01E, 0x01F, SP_GRAVE, 1, 5, true},
    {0x020, 0x020, SP_ACUTE, 1, 5, true},
    {0x0A0, 0x0A0, SP_CEIL_TL, 1, 1, false}, {0x0A1, 0x0A1, SP_CEIL_BL, 1, 1, false},
    {0x0A2, 0x0A2, SP_CEIL_TR, 1, 1, false}, {0x0A3, 0x0A3, SP_CEIL_BR, 1, 1, false},
    {0x0A5, 0x0A5, SP_CEIL_TL, 1, 1, false}, {0x0A6, 0x0A6, SP_CEIL_BL, 1, 1, false},
    {0x0A7, 0x0A7, SP_CEIL_TR, 1, 1, false}, {0x0A8, 0x0A8, SP_CEIL_BR, 1, 1, false},
    {0x0A9, 0x0A9, SP_CEIL_TL, 1, 1, false}, {0x0AA, 0x0AA, SP_CEIL_BL, 1, 1, false},
    {0x0AB, 0x0AB, SP_CEIL_TR, 1, 1, false}, {0x0AC, 0x0AC, SP_CEIL_BR, 1, 1, false},
    {0x0D3, 0x0D6, SP_LOGIC, 0, 0, false},
    {0x12C, 0x12C, SP_PIECE, 6, 3, false},  {0x137, 0x137, SP_PIECE, 10, 4, false},
    {0xF80, 0xF80, SP_PIECE, 4, 3, false},  {0xF81, 0xF81, SP_PIECE, 4, 5, false}, {0xF82, 0xF82, SP_PIECE, 4, 7, false},
    {0xF95, 0xF95, SP_PIECE, 10, 8, false}, {0xFAD, 0xFAD, SP_PIECE, 14, 14, false},
    {0xFAE, 0xFAE, SP_PIECE, 16, 8, false}, {0xFD4, 0xFD4, SP_PIECE, 12, 6, false},
    {0xFE2, 0xFE2, SP_PIECE, 12, 8, false}, {0xFEB, 0xFEB, SP_PIECE, 4, 4, false},
    {0xFF2, 0xFF2, SP_PIECE, 10, 8, false}, {0xFF4, 0xFF4, SP_PIECE, 8, 8, false},
    {0xFF6, 0xFF7, SP_PIECE, 8, 3, false},  {0xFF8, 0xFF8, SP_PIECE, 8, 8, false},
};

static const special *special_of(uint16_t id) {
  for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++)
    if (id >= specials[i].lo && id <= specials[i].hi) return &specials[i];
  return NULL;
}

int z3_room_special_words(uint16_t id, int *w, int *h) {
  const special *s = special_of(id);
  if (!s) return -1;
  *w = s->w, *h = s->h;
  return s->w * s->h;
}

static void put_both(z3_room_canvas *c, int bg, bool both, int x, int y, uint16_t word) {
  z3_room__put(c, bg, x, y, word);
  if (both) z3_room__put(c, 1 - bg, x, y, word);
}

static void diagonal(z3_room_canvas *c, int bg, const special *s, const z3_room_object *o, const uint16_t *column) {
  int count = o->size + (s->both_bgs ? 6 : 7), dy = s->kind == SP_ACUTE ? -1 : 1;
  for (int k = 0; k < count; k++)
    for (int j = 0; j < 5; j++) put_both(c, bg, s->both_bgs, o->x + k, o->y + k * dy + j, column[j]);
}

/* Row k of the triangle: where it starts and how long it is. */
static void ceiling(z3_room_canvas *c, int bg, const special *s, const z3_room_object *o, uint16_t word) {
  int n = o->size + 4;
  for (int k = 0; k < n; k++) {
    int x = o->x, y = o->y + k, len = n - k;
    if (s->kind == SP_CEIL_BL) len = k + 1;
    if (s->kind == SP_CEIL_TR) x += k;
    if (s->kind == SP_CEIL_BR) x += k, y = o->y - k;
    for (int i = 0; i < len; i++) z3_room__put(c, bg, x + i, y, word);
  }
}

bool z3_room__draw_special(const z3_rom *rom, z3_room_canvas *c, int bg, const z3_room_object *o, bool *drawn) {
  const special *s = special_of(o->id);
  if (!s) return false;
  uint16_t words[14 * 14];
  *drawn = s->kind == SP_LOGIC || z3_room__object_tiles(rom, o->id, s->w * s->h, words);
  if (!*drawn) {
    z3_room__add_box(c, o->x, o->y, 2, 2);
    return true;
  }
  switch (s->kind) {
    case SP_ACUTE:
    case SP_GRAVE: diagonal(c, bg, s, o, words); break;
    case SP_CEIL_TL:
    case SP_CEIL_BL:
    case SP_CEIL_TR:
    case SP_CEIL_BR: ceiling(c, bg, s, o, words[0]); break;
    case SP_PIECE: z3_room__block(c, bg, o->x, o->y, s->w, s->h, words); break;
    case SP_LOGIC: break;
  }
  return true;
}
