/*
 * Doors (world reference §3.4 door records), drawn by the rules of the
 * game's door routines (usdasm bank $01 RoomDraw_Door_North/South/West/East)
 * in the room's initial state: closed doors closed, nothing bombed open.
 *
 *   position: the direction's 12-entry tilemap table (Z3_ROOM_DOOR_POSITIONS_PC);
 *   tiles: the direction's DoorGFXDataOffset table, entry type/2, 12 words
 *     stored column by column: north 4 wide x 3 tall at the position, south
 *     the same one row lower, west 3 x 4 at the position, east one column
 *     to the right;
 *   one-sided shutters show another type's tiles (0x36/0x38 swap with the
 *     shutter 0x18 and the open door 0x00, and a south big-key door 0x1E
 *     shows 0x00 from the room side);
 *   markers (0x12 exit, 0x14 dungeon swap, 0x16 layer swap), the unused cave
 *     exit 0x06 (it only raises the priority of the wall tiles there) and the
 *     closed north exploding wall 0x30 draw nothing;
 *   north 0x24/0x26 (lower-layer key stairs) draw on BG2; types 0x40 and up
 *     put the row or column on the wall side on BG1 and the rest on BG2;
 *   a north or west door in the middle of the room (position 6-11) also
 *     draws its partner facing back (south or east) at the same index minus 6;
 *   the north curtain 0x32, the south fancy exits 0x0A/0x0C and the south
 *     cave exits 0x0E/0x10 use tiles at offsets the game keeps in its code
 *     (Z3_ROOM_*_OPERAND_PC), read from the ROM like the tables.
 */
#include "zelda3/dungeon_internal.h"
#include "zelda3/dungeon_render_internal.h"

enum { NORTH, SOUTH, WEST, EAST };

typedef struct door_at {
  int dir, x, y;
  unsigned type;
} door_at;

static const size_t gfx_tables[4] = {Z3_ROOM_DOOR_GFX_NORTH_PC, Z3_ROOM_DOOR_GFX_SOUTH_PC, Z3_ROOM_DOOR_GFX_WEST_PC,
                                     Z3_ROOM_DOOR_GFX_EAST_PC};

static door_at door_position(const z3_rom *rom, int dir, unsigned pos, unsigned type) {
  unsigned off = z3_dungeon__word(rom, Z3_ROOM_DOOR_POSITIONS_PC + 24 * (size_t)dir + 2 * (size_t)pos) / 2;
  return (door_at){dir, (int)(off % Z3_ROOM_MAP), (int)(off / Z3_ROOM_MAP % Z3_ROOM_MAP), type};
}

void z3_room_door_tile(const z3_rom *rom, unsigned dir, unsigned pos, int *x, int *y) {
  door_at d = door_position(rom, (int)(dir & 3), pos < 12 ? pos : 0, 0);
  *x = d.x, *y = d.y;
}

/* The type whose tiles a one-sided door shows from this side. */
static unsigned shown_type(int dir, unsigned type) {
  bool flip = dir == SOUTH || dir == EAST; /* the shutter side is the other one */
  if (type == 0x36) return flip ? 0x00 : 0x18;
  if (type == 0x38) return flip ? 0x18 : 0x00;
  if (type == 0x1E && dir == SOUTH) return 0x00;
  return type;
}

/* Which background a tile (i across, j down) of a door goes to. */
static int tile_bg(const door_at *d, int i, int j) {
  if (d->dir == NORTH && (d->type == 0x24 || d->type == 0x26)) return 1;
  if (d->type < 0x40) return 0;
  switch (d->dir) {
    case NORTH: return j == 0 ? 0 : 1;
    case SOUTH: return j == 2 ? 0 : 1;
    case WEST: return i == 0 ? 0 : 1;
    default: return i == 2 ? 0 : 1;
  }
}

static bool draw_table_door(const z3_rom *rom, z3_room_canvas *c, const door_at *d) {
  uint16_t words[12];
  unsigned offset = z3_dungeon__word(rom, gfx_tables[d->dir] + shown_type(d->dir, d->type));
  if (!z3_room__tile_words(rom, offset, 12, words)) return false;
  bool wide = d->dir == NORTH || d->dir == SOUTH;
  int w = wide ? 4 : 3, h = wide ? 3 : 4, x = d->x + (d->dir == EAST), y = d->y + (d->dir == SOUTH);
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++) z3_room__put(c, tile_bg(d, i, j), x + i, y + j, words[i * h + j]);
  return true;
}

/* A door drawn from an offset held in the game's code. */
static bool draw_coded_door(const z3_rom *rom, z3_room_canvas *c, size_t operand_pc, int bg, int x, int y, int w,
                            int h, bool rows) {
  uint16_t words[80];
  if (!z3_room__tile_words(rom, z3_dungeon__word(rom, operand_pc), w * h, words)) return false;
  (rows ? z3_room__block_rows : z3_room__block)(c, bg, x, y, w, h, words);
  return true;
}

static bool draw_door(const z3_rom *rom, z3_room_canvas *c, const door_at *d, unsigned pos) {
  unsigned t = d->type;
  if (t == 0x06 || t == 0x12 || t == 0x14 || t == 0x16 || (d->dir == NORTH && t == 0x30)) return true;
  if (d->dir == NORTH && t == 0x32) return draw_coded_door(rom, c, Z3_ROOM_CURTAIN_OPERAND_PC, 0, d->x, d->y, 4, 4, false);
  if (d->dir == SOUTH && (t == 0x0A || t == 0x0C))
    return draw_coded_door(rom, c, Z3_ROOM_FANCY_EXIT_OPERAND_PC, t == 0x0C, d->x - 3, d->y - 4, 10, 8, true);
  if (d->dir == SOUTH && (t == 0x0E || t == 0x10))
    return draw_coded_door(rom, c, Z3_ROOM_CAVE_EXIT_OPERAND_PC, 0, d->x, d->y, 4, 4, false);
  bool ok = draw_table_door(rom, c, d);
  bool middle = pos >= 6 && t < 0x40 && (d->dir == NORTH || d->dir == WEST) && !(t >= 0x20 && t <= 0x26);
  if (ok && middle) {
    door_at partner = door_position(rom, d->dir == NORTH ? SOUTH : EAST, pos - 6, t);
    ok = draw_table_door(rom, c, &partner);
  }
  return ok;
}

void z3_room__draw_doors(const z3_rom *rom, z3_room_canvas *c, const z3_room *r, z3_room_image *out) {
  for (size_t i = 0; i < r->door_count; i++) {
    unsigned pos = r->doors[i].b0 >> 4, dir = r->doors[i].b0 & 3, type = r->doors[i].b1;
    door_at d = door_position(rom, (int)dir, pos < 12 ? pos : 0, type);
    if (pos < 12 && draw_door(rom, c, &d, pos)) {
      out->objects_drawn++;
    } else {
      z3_room__add_box(c, d.x, d.y, 4, 4);
      out->unrendered++;
    }
  }
}
